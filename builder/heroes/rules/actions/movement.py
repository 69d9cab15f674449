"""Moving: the Movement Action, entering and leaving the battlefield, running over and
crushing (HoN core p.9-11, p.33)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.cards import CardEffectKind
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.abilities.leaping import kept_movement_cost, leaps, movement_reach
from builder.heroes.rules.action_cards import played as cards_played
from builder.heroes.rules.action_cards.deck import MOVE_BONUSES, bonus_cards
from builder.heroes.rules.action_cards.surprise import needs_card, window_in_reach, windows_crossed
from builder.heroes.rules.actions import assault, changes_of_state, firing, opportunity_fire, transport
from builder.heroes.rules.actions.kinds import Clear, Enter, Fire, Leave, Move
from builder.heroes.rules.actions.legality import refuse
from builder.heroes.rules.errors import Code, Refusal, RulesError
from builder.heroes.rules.events.combat import Crushing, Displaced
from builder.heroes.rules.events.game import (
    ClearEvent,
    CrushEvent,
    EnterEvent,
    ExitEvent,
    HoldEvent,
    HoldReason,
    MoveEvent,
    MoveStop,
    PlayedFor,
)
from builder.heroes.rules.gear import mines
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import edge_of_segment, neighbours
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.geometry.path import DIFFICULT, Path, allowance
from builder.heroes.rules.geometry.squares import (
    exit_squares,
    hedgehogs_in_reach,
    may_stand,
    refuse_damaged_tracks,
)
from builder.heroes.rules.mythos import clouds
from builder.heroes.rules.mythos.roll_modifiers import paralyzed
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.cover import cover
from builder.heroes.rules.resolution.damage import DamageLocation
from builder.heroes.rules.resolution.spotting import inactive
from builder.heroes.rules.resolution.structures import wreck_damaged
from builder.heroes.rules.setup.deployment import candidates
from builder.heroes.rules.setup.placement import zone_squares, zones_for
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def move(
    turn: Turn,
    piece: Piece,
    path: Path,
    cards: tuple[str, ...] = (),
    *,
    ends_action: bool = True,
    turned: bool = False,
    shots: Fire | None = None,
    fire_at: int | None = None,
    interruptible: bool = True,
) -> bool:
    """A Movement Action along `path`, square by square (HoN core p.33, the movement
    sequence), with the Alternate Bonus `cards` played on it (p.17). Fire on the Move
    (`shots`) where the action says (p.23); after each square entered the enemy may take
    Opportunity Fire (p.24). A hit does not interrupt the move; a unit destroyed, or a
    vehicle whose tracks or hull are hit, goes no further (p.15). A vehicle may end it on
    infantry, which makes way (p.10); a heavy vehicle crushes the wrecks it drives over
    (p.10); a concealed unit may be spotted on any square it moves into, and at its end
    every other concealed unit may be (p.21); the units a transport carries move with it
    (p.27). `turned`: it turned over at the start, so it is not spotted on the way ("only
    spotted or turned over once per Movement Action", p.21). Not `interruptible`: a Forced
    Move, no Movement Action, so no Opportunity Fire (p.24: "during the Movement Action").
    Returns whether it was spotted."""
    if cards:
        _play_cards(turn, piece, path, cards)
    end = path.destination
    refuse_damaged_tracks(piece, path, turn.state.ruleset.cite("damage"))
    if end.squares == piece.squares and end.facing == piece.facing and shots is None:
        _stays(turn, piece)
        return False
    run_over = _run_over_victims(turn, piece, end.squares)
    if not may_stand(turn.state, piece, end.squares, frozenset(v.key for v in run_over)):
        raise RulesError(Code.BLOCKED_END, f"{piece.key} may not end a move on {end.squares}")
    spotted = None if turned else changes_of_state.spotted_on_the_way(turn, piece, path)
    last = len(path.positions) - 1
    fire_index = (last if fire_at is None else max(0, min(fire_at, last))) if shots is not None else None
    watched = interruptible and opportunity_fire.watching(turn, piece.owner)
    spotted_at = spotted[0] if spotted is not None else None
    reached, stop, seen = _square_by_square(turn, piece, path, spotted_at, shots, fire_index, watched)
    if stop == "destroyed":
        # The Fire and Destroyed events tell where it fell; its Movement Action is over.
        if ends_action:
            changes_of_state.spot_all(turn, except_key=piece.key)
        return seen
    moved = turn.state.pieces[piece.key]
    if not stop:
        moved = moved.marked(suppressed=moved.suppressed + path.suppressed)
        turn.state.pieces[piece.key] = moved
        taken = path
    else:
        # Stopped on the way: the path keeps no cost per square, the steps taken stand for it.
        taken = replace(path, positions=path.positions[: reached + 1], cost=min(path.cost, reached))
        run_over = _run_over_victims(turn, piece, moved.squares)
    _tell_move(turn, piece, moved, path, taken, stop)
    _spotting(turn, piece, moved, taken, spotted if seen else None)
    for victim in run_over:
        _run_over(turn, moved, victim)
    if piece.unit.type is UnitType.HEAVY_VEHICLE:
        _crush(turn, moved, taken)
    if ends_action:
        changes_of_state.spot_all(turn, except_key=piece.key)
    return seen


def _play_cards(turn: Turn, piece: Piece, path: Path, cards: tuple[str, ...]) -> None:
    """The action cards played for their movement Alternate Bonus, checked (HoN core p.17)."""
    refuse(Code.MAY_NOT_PLAY, card_refusal(turn.state, piece, path, cards))
    for card in bonus_cards(turn.state.decks.get(piece.owner), piece.owner, cards, MOVE_BONUSES):
        cards_played.play_bonus(turn, piece.owner, card, piece, PlayedFor.MOVEMENT_BONUS)


def _stays(turn: Turn, piece: Piece) -> None:
    turn.add(
        HoldEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            why=HoldReason.MOVES_NOWHERE,
        )
    )


def _square_by_square(
    turn: Turn,
    piece: Piece,
    path: Path,
    spotted_at: int | None,
    shots: Fire | None,
    fire_index: int | None,
    watched: bool,
) -> tuple[int, str, bool]:
    """The unit moves along `path` one square at a time (HoN core p.33), firing on the move
    at `fire_index` (p.23), watched by the enemy after each square entered (p.24); spotted
    at `spotted_at` (p.21). Returns the index of the last position reached, why it stopped
    short ("destroyed", "tracks" or "hull", p.15; "" when it went all the way) and whether
    it entered the square it is spotted on."""
    key, damage = piece.key, piece.damage
    reached, stop, seen = 0, "", False
    # Whether it carries anyone (HoN core p.27): nobody gets in on the way.
    carries = any(other.embarked_in == key for other in turn.state.pieces.values())
    for index, position in enumerate(path.positions):
        current = turn.state.pieces.get(key)
        if current is None or current.is_wreck:
            return reached, "destroyed", seen
        stop = _stopping_damage(damage, current.damage)
        if stop:
            break
        damage = current.damage
        if index:
            seen = seen or index == spotted_at
            entered = _enter(turn, current, position, index == spotted_at, carries)
            if entered is None:
                return reached, "destroyed", seen
            current = entered
        reached = index
        if index == fire_index and shots is not None:
            firing.fire(turn, current, shots, on_the_move=True)
        elif index and watched:
            opportunity_fire.watch(turn, key, position.squares)
    else:
        current = turn.state.pieces.get(key)
        if current is None or current.is_wreck:
            stop = "destroyed"
    return reached, stop, seen


def _stopping_damage(before: tuple[DamageLocation, ...], now: tuple[DamageLocation, ...]) -> str:
    """Tracks or Hull damage taken on the way: "If it was moving, it stops immediately"
    (HoN core p.15). "tracks", "hull" or ""."""
    if now == before:
        return ""
    new = [d for d in now if now.count(d) > before.count(d)]
    if DamageLocation.TRACKS in new:
        return "tracks"
    return "hull" if DamageLocation.HULL in new else ""


def _enter(turn: Turn, current: Piece, position: Position, spotted: bool, carries: bool) -> Piece | None:
    """The unit enters the next position of its path, with the units it `carries` (HoN core
    p.27); `spotted` there, it is no longer a concealed target (p.21). A Mine marker there
    goes off (BfC p.09), a Toxic Cloud is breathed (SoN p.16): None when they destroy it."""
    key, was = current.key, current.squares
    current = current.moved(position.squares, position.facing)
    if spotted:
        current = inactive(current)
    turn.state.pieces[key] = current
    if carries:
        transport.carry(turn, current)
    trod = mines.tread(turn, key, position.squares)
    if trod is None or not turn.state.mythos.clouds:
        return trod
    breathed = clouds.breathe(turn, key, was, position.squares)
    return None if breathed is None or breathed.is_wreck else breathed


def _tell_move(turn: Turn, piece: Piece, moved: Piece, path: Path, taken: Path, stop: str) -> None:
    """The move event: how far it went, and why it stopped (damage, HoN core p.15; a
    difficult passage, p.18)."""
    cite = turn.state.ruleset.cite
    stopped, page = None, None
    if stop in ("tracks", "hull"):
        stopped, page = MoveStop.TRACKS if stop == "tracks" else MoveStop.HULL, cite("damage")
    elif path.stopped == DIFFICULT:
        stopped = MoveStop.WORKING_THROUGH if path.working_through else MoveStop.DIFFICULT_PASSAGE
        page = cite("difficult-passage")
    turn.add(
        MoveEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            to=moved.squares,
            path=tuple(p.square for p in taken.positions),
            cost=taken.cost,
            stopped=stopped,
            page=page,
        )
    )


def _spotting(
    turn: Turn, piece: Piece, moved: Piece, taken: Path, spotted: tuple[int, Piece, tuple[Square, ...]] | None
) -> None:
    """A concealed unit spotted on a square it moved into, then every concealed unit it
    came in sight of on the way (HoN core p.21)."""
    if spotted is not None:
        _, by, at = spotted
        changes_of_state.tell_spotted(turn, moved, by, at)
    for hidden in changes_of_state.spotting_on_the_way(turn, piece, taken):
        if turn.state.pieces[hidden.key].concealed:
            turn.state.pieces[hidden.key] = inactive(hidden)
            changes_of_state.tell_spotted(turn, hidden, moved, hidden.squares)


def moved_on(turn: Turn, key: str, path: Path) -> Piece | None:
    """The unit after a Movement Action along `path`, or None when Opportunity Fire on the
    way destroyed it or stopped it short (HoN core p.15, p.24): what the move led to (an
    assault, getting in, a push, a change of state at its end) does not happen."""
    moved = turn.state.pieces.get(key)
    if moved is None or moved.is_wreck or moved.squares != path.destination.squares:
        return None
    return moved


def _run_over_victims(turn: Turn, piece: Piece, squares: tuple[Square, ...]) -> list[Piece]:
    """The infantry units a vehicle ending on `squares` runs over (HoN core p.10)."""
    if not piece.is_vehicle:
        return []
    return sorted(
        (
            p
            for p in turn.state.units()
            if p.key != piece.key and p.is_infantry and p.embarked_in is None and set(p.squares) & set(squares)
        ),
        key=lambda p: p.key,
    )


def _run_over(turn: Turn, vehicle: Piece, victim: Piece) -> None:
    """The infantry unit makes a Forced Move into an adjacent unoccupied square of its
    owner's choice (the best covered) and gains a Suppressed marker; with none it may
    enter, or no Movement Value (0 or X), it is destroyed (HoN core p.10)."""
    ranked = sorted(neighbours(victim.square), key=lambda sq: (-cover(turn.state, victim, (sq,)), sq))
    if inactive(victim).side.movement == 0:  # turned over first, a Forced Move (p.9)
        ranked = []
    assault.displace(turn, victim, ranked, Displaced.RUN_OVER, "running-over", 1, by=vehicle.key)


def _crush(turn: Turn, vehicle: Piece, path: Path) -> None:
    """1 Destruction Point to each wreck counter driven over, at most 2 for one wreck in
    a Movement Action; at its structure value the wreck is removed (HoN core p.10, p.22)."""
    wrecks = [p for p in turn.state.pieces.values() if p.is_wreck and p.key != vehicle.key]
    if not wrecks:
        return
    start = set(path.positions[0].squares)
    entered: dict[str, set[Square]] = {}
    for position in path.positions[1:]:
        for square in position.squares:
            if square in start:
                continue
            for wreck in wrecks:
                if square in wreck.squares:
                    entered.setdefault(wreck.key, set()).add(square)
    for key in sorted(entered):
        wreck_points(turn, vehicle, key, min(len(entered[key]), 2), Crushing.DRIVES_OVER)


def wreck_points(turn: Turn, vehicle: Piece, key: str, points: int, how: Crushing) -> None:
    """Destruction points to a wreck; at its structure value it is removed (HoN core p.22)."""
    rule = "crushing-wrecks" if how is Crushing.DRIVES_OVER else "assault-results"
    wreck = turn.state.pieces[key]
    total = dict(wreck.extra).get("destruction", 0) + points
    after = wreck_damaged(wreck, points, turn.state.ruleset.wreck_structure)
    removed = after is None
    if after is None:
        del turn.state.pieces[key]
    else:
        turn.state.pieces[key] = after
    turn.add(
        CrushEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=vehicle.owner,
            unit=vehicle.key,
            wreck=key,
            points=points,
            removed=removed,
            how=how,
            total=total,
            page=turn.state.ruleset.cite(rule),
        )
    )


def card_refusal(state: GameState, piece: Piece, path: Path, cards: tuple[str, ...]) -> Refusal | None:
    """Why `cards` may not be played for their movement Alternate Bonus on a Movement Action
    along `path`, or None: cards of the side's hand with such a bonus (`bonus_cards`), whose
    squares added to the unit's Movement Value cover the path (HoN core p.17)."""
    try:
        played = bonus_cards(state.decks.get(piece.owner), piece.owner, cards, MOVE_BONUSES)
    except RulesError as problem:
        return problem.refusal
    bonus = sum(c.alternate_bonus.value for c in played if c.alternate_bonus is not None)
    points = allowance(piece)
    if points is None or path.cost > points + bonus:
        limit = None if points is None else points + bonus
        return Refusal(
            Code.NOT_IN_REACH, state.ruleset.cite("action-cards"), unit=piece.key, value=path.cost, limit=limit
        )
    return None


def path_refusal(state: GameState, piece: Piece, action: Move) -> Refusal | None:
    """Why the unit may not go by the action's path, or None: from where the unit stands to
    a position of its reach (HoN core p.9-11), with the squares of the cards played for their
    Alternate Bonus or through windows (p.17), at no less than the cheapest cost there; or
    stopping short along a path the rules found (before a mine, say). A path to a square
    out of reach was never offered. (That each step of another path of that cost is one the
    unit may take is not checked: the players answer with the paths the rules found.)"""
    path = action.path
    # A one-square unit has no front to keep (HoN core p.9): its reach keeps the start's facing.
    free = len(piece.squares) == 1
    first = path.positions[0]
    if (
        movement_points(state, piece) is None
        or first.squares != piece.squares
        or (first.facing != piece.facing and not free)
    ):
        return Refusal(Code.BAD_PATH, state.ruleset.cite("movement"), unit=piece.key)
    played = bonus_cards(state.decks.get(piece.owner), piece.owner, action.cards, MOVE_BONUSES) if action.cards else ()
    bonus = sum(c.alternate_bonus.value for c in played if c.alternate_bonus is not None)
    end = Position(path.destination.squares, piece.facing) if free else path.destination
    # The player weighed this move in a search of its own, often with a card's bonus: no new one.
    cheapest = kept_movement_cost(state, piece, end, bonus=bonus, windows=bool(action.windows))
    if cheapest is not None and path.cost >= cheapest:
        return None
    paths = movement_reach(state, piece, bonus=bonus, windows=bool(action.windows))
    if end in paths and path.cost >= paths.cost(end):
        return None
    steps, way = len(path.positions), _way(path.positions, free)
    if steps > 1 and any(_way(other.positions[:steps], free) == way for other in paths.values()):
        return None
    return Refusal(Code.NOT_IN_REACH, state.ruleset.cite("movement"), unit=piece.key, value=path.cost)


def _way(positions: tuple[Position, ...], free: bool) -> tuple[object, ...]:
    """A path's positions, by their squares alone for a unit whose facing is `free`."""
    return tuple(p.squares for p in positions) if free else positions


def move_refusal(state: GameState, piece: Piece, action: Move) -> Refusal | None:
    """Why the unit may not take this Movement Action as declared, or None: the cards played
    for their Alternate Bonus (`card_refusal`), its path (`path_refusal`), a Surprise card
    for each window it goes through (HoN core p.17), the Fire on the Move it declares
    (`firing.fire_refusal`, p.23)."""
    if action.cards:
        problem = card_refusal(state, piece, action.path, action.cards)
        if problem is not None:
            return problem
    problem = path_refusal(state, piece, action)
    if problem is not None:
        return problem
    problem = cards_played.surprise_refusal(state, piece, action.path, action.windows, over=leaps(piece))
    if problem is None and action.fire is not None:
        return firing.fire_refusal(state, piece, action.fire)
    return problem


def arrived(piece: Piece, path: Path) -> Piece:
    """The unit where a Movement Action along `path` leaves it, when nothing stops it on the
    way: on its last position, with the Suppressed markers the terrain gave it (SoN p.12).
    What an action that goes on at the end of its move is checked with before it is taken
    (Opportunity Fire on the way may yet destroy it or stop it short, HoN core p.24)."""
    end = path.destination
    return piece.moved(end.squares, end.facing).marked(suppressed=piece.suppressed + path.suppressed)


def movement_points(state: GameState, piece: Piece) -> int | None:
    """The unit's movement points when it may make a Movement Action on the battlefield, else
    None: not for a unit whose tracks are damaged (HoN core p.15), that rides in a transport,
    or that an Aid marker or a Paralyze marker holds (SoN p.15, p.18)."""
    points = allowance(piece)
    if (
        points is None
        or points <= 0
        or not piece.squares
        or piece.embarked_in is not None
        or DamageLocation.TRACKS in piece.damage
        or piece.key in state.mythos.aid.values()  # it cannot budge until treated (SoN p.18)
        or paralyzed(state, piece)  # a Paralyze marker: it cannot move (SoN p.15)
    ):
        return None
    return points


def moves(state: GameState, piece: Piece) -> Iterator[Move]:
    """A Movement Action to each position the unit can end in, by its cheapest path (HoN
    core p.9-11; jumping and flying, SoN p.17-18), when it may move (`movement_points`)."""
    if movement_points(state, piece) is None:
        return
    start = Position(piece.squares, piece.facing)
    paths = movement_reach(state, piece)
    for position in paths:
        if position != start:
            yield Move(paths[position])


def bonus_moves(state: GameState, piece: Piece) -> Iterator[Move]:
    """A Movement Action to each position only an action card played for its movement
    Alternate Bonus brings in reach (HoN core p.17): a representative set, one card of each
    bonus in the side's hand (cards of one type may also be added up on one action)."""
    points = movement_points(state, piece)
    deck = state.decks.get(piece.owner)
    if points is None or deck is None:
        return
    cards: dict[int, str] = {}
    for card in deck.hand:
        bonus = card.alternate_bonus
        if bonus is not None and bonus.kind in MOVE_BONUSES:
            cards.setdefault(bonus.value, card.id)
    for value, card_id in sorted(cards.items()):
        paths = movement_reach(state, piece, bonus=value)
        for position in paths:
            if paths.cost(position) > points:
                yield Move(paths[position], cards=(card_id,))


def window_moves(state: GameState, piece: Piece) -> Iterator[Move]:
    """A Movement Action to each position only a building's windows bring in reach, with a
    Surprise card of the side's hand for each window it goes through (HoN core p.17); none
    for a unit that needs no card (an Urban Fighter, BfC p.08) or goes over the terrain
    (SoN p.17-18)."""
    deck = state.decks.get(piece.owner)
    if movement_points(state, piece) is None or deck is None or leaps(piece) or not needs_card(piece):
        return
    if not window_in_reach(state.battlefield, piece):
        return
    held = sorted(c.id for c in deck.hand if c.effect is not None and c.effect.kind is CardEffectKind.WINDOWS)
    if not held:
        return
    plain = movement_reach(state, piece)
    paths = movement_reach(state, piece, windows=True)
    for position in paths:
        if position in plain:
            continue
        need = windows_crossed(state.battlefield, paths[position])
        if 0 < need <= len(held):
            yield Move(paths[position], windows=tuple(held[:need]))


def firing_moves(state: GameState, piece: Piece) -> Iterator[Move]:
    """Fire on the Move (HoN core p.23): a representative set, each Movement Action in reach
    with a shot before the unit leaves its square (`fire_at` 0) by one weapon with the
    ability, at an enemy it has a shot at (`firing.moving_fires`); it may also fire after
    any square of the move."""
    shots = list(firing.moving_fires(state, piece)) if movement_points(state, piece) is not None else []
    if shots:
        for move in moves(state, piece):
            yield from (Move(move.path, fire=shot, fire_at=0) for shot in shots)


def entries(state: GameState, piece: Piece) -> Iterator[Enter]:
    """Each position a unit in reserve may enter the battlefield in: a free, passable one in
    the zone it enters through, else in its side's deployment zones."""
    through = state.scenario.zone(state.entries.get(piece.key, ""))
    zones = [through] if through is not None else zones_for(state.scenario, piece.owner, piece.unit.id)
    area = zone_squares(zones, state.battlefield)
    taken = frozenset(state.occupant())
    for run in candidates(piece, area, taken, passage_map(state.battlefield), state.battlefield):
        yield from (Enter(Position(squares, facing)) for squares, facing in run)


def may_leave(state: GameState, piece: Piece) -> bool:
    """Whether the unit stands wholly on its side's exit squares, free to leave (`leave`)."""
    return bool(piece.squares) and piece.embarked_in is None and set(piece.squares) <= exit_squares(state, piece.owner)


def entry_refusal(state: GameState, piece: Piece, action: Enter) -> Refusal | None:
    """Why the unit may not enter the battlefield there, or None: from reserve, onto squares
    it may stand on."""
    if piece.key not in state.reserve:
        return Refusal(Code.NOT_IN_RESERVE, unit=piece.key)
    if not may_stand(state, piece, action.position.squares):
        return Refusal(
            Code.MAY_NOT_STAND, state.ruleset.cite("movement"), unit=piece.key, squares=action.position.squares
        )
    return None


def enter(turn: Turn, piece: Piece, action: Enter) -> None:
    refuse(Code.MAY_NOT_ENTER, entry_refusal(turn.state, piece, action))
    position = action.position
    del turn.state.reserve[piece.key]
    turn.state.pieces[piece.key] = piece.moved(position.squares, position.facing)
    turn.add(
        EnterEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            to=position.squares,
        )
    )


def leaving_refusal(state: GameState, piece: Piece, action: Leave) -> Refusal | None:
    """Why the unit may not leave the battlefield (`may_leave`), or None."""
    return None if may_leave(state, piece) else Refusal(Code.NOT_ON_AN_EXIT, unit=piece.key, side=piece.owner)


def leave(turn: Turn, piece: Piece, action: Leave) -> None:
    """The unit leaves the battlefield; the units a transport carries leave with it (HoN
    core p.27: they stand where it stands) and count as exited too."""
    refuse(Code.MAY_NOT_EXIT, leaving_refusal(turn.state, piece, action))
    del turn.state.pieces[piece.key]
    turn.state.exited[piece.key] = piece
    riders = sorted(k for k, p in turn.state.pieces.items() if p.embarked_in == piece.key)
    for key in riders:
        turn.state.exited[key] = turn.state.pieces.pop(key)
    turn.add(
        ExitEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            at=piece.squares,
            riders=tuple(riders),
        )
    )


def clearings(state: GameState, piece: Piece) -> Iterator[Clear]:
    """An Engineer removes a barbed hedgehog in its ZoC (BfC p.05): each it may."""
    yield from (Clear(line) for line in hedgehogs_in_reach(state, piece))


def clearing_refusal(state: GameState, piece: Piece, action: Clear) -> Refusal | None:
    """Why the unit may not remove that barbed hedgehog, or None (`hedgehogs_in_reach`)."""
    if action.line not in hedgehogs_in_reach(state, piece):
        return Refusal(Code.NO_HEDGEHOG_IN_ZOC, "BfC p.05", unit=piece.key, value=action.line)
    return None


def clear(turn: Turn, piece: Piece, action: Clear) -> None:
    refuse(Code.MAY_NOT_CLEAR, clearing_refusal(turn.state, piece, action))
    line = action.line
    field = turn.state.battlefield
    placed = field.lines[line]
    squares = tuple(sorted({sq for p, q in placed.segments for sq in edge_of_segment(p, q)}))
    # The battlefield's tables are kept per battlefield: a new one is worked out afresh.
    turn.state.battlefield = replace(field, lines=field.lines[:line] + field.lines[line + 1 :])
    turn.add(
        ClearEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            squares=squares,
            page="BfC p.05, p.08",
        )
    )
