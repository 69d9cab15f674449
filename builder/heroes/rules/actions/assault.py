"""Assaulting: the Assault Action, Charge, retreats, pushing aside and the Knife (HoN core p.25-26, p.31; BfC p.08)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.rules.abilities import capture, poisoned_blade
from builder.heroes.rules.abilities.ability import Ability, Hook
from builder.heroes.rules.abilities.registry import assault_notes, held
from builder.heroes.rules.action_cards import played
from builder.heroes.rules.action_cards.surprise import assaults_through_window
from builder.heroes.rules.actions import changes_of_state, firing, movement, transport
from builder.heroes.rules.actions.kinds import AssaultAction
from builder.heroes.rules.decisions import ForcedMove, KnifeDefence
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.combat import Advance, Crushing, Displaced, FiredBy, Stuck
from builder.heroes.rules.events.game import AdvanceEvent, AssaultEvent, RetreatEvent
from builder.heroes.rules.gear import defence, mines, veteran
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import footprint_squares, neighbours
from builder.heroes.rules.geometry.path import Path, allowance
from builder.heroes.rules.geometry.reach import assault_path
from builder.heroes.rules.geometry.squares import forced_move_zones, may_stand, may_step
from builder.heroes.rules.mythos import terror_markers
from builder.heroes.rules.mythos.roll_modifiers import paralyzed, roll_modifiers
from builder.heroes.rules.pieces import STEPS, Piece, Square
from builder.heroes.rules.resolution import destruction, hits
from builder.heroes.rules.resolution.assault_roll import (
    Assault,
    AssaultOutcome,
    AssaultResult,
    AttackerMove,
    DefenderMove,
    engage,
    resolve_assault,
)
from builder.heroes.rules.resolution.combat import IllegalAttack, name
from builder.heroes.rules.resolution.cover import CHARGE_PAGE, _shared_cover, cover
from builder.heroes.rules.resolution.damage import DamageLocation, Effect
from builder.heroes.rules.resolution.spotting import inactive
from builder.heroes.rules.resolution.structures import structure_of
from builder.heroes.rules.state import GameState
from builder.kernel.decisions import YES_NO
from builder.kernel.events import Modifier

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def assaults(state: GameState, attacker: Piece) -> Iterator[AssaultAction]:
    """The assaults the unit may launch (HoN core p.25): at each enemy it can reach with one
    Movement Action ending in its square, or from the transport it rides in at an enemy next
    to it (p.27); with a Charge's shot first or not (BfC p.08), a Knife marker or not (p.31)."""
    points = allowance(attacker)
    granted = state.granted_assault.get(attacker.owner)
    if points is None or points <= 0 or DamageLocation.TRACKS in attacker.damage:
        return
    if not (attacker.side.has("assault") or granted) or paralyzed(state, attacker):
        return
    start = Position(attacker.squares, attacker.facing)
    for defender in state.enemies_of(attacker.owner):
        if defender.embarked_in is not None or defender.is_wreck:
            continue
        if attacker.embarked_in is not None:
            if transport.launch_refusal(state, attacker, defender) is not None:
                continue
            path: Path | None = Path((start, Position(defender.squares[:1], attacker.facing)), 1)
        else:
            path = assault_path(state.battlefield, state.pieces.values(), attacker, defender, state.ruleset)
        if path is None or not engages(state, attacker, defender, granted):
            continue
        charges = YES_NO if attacker.side.has("charge") and attacker.embarked_in is None else (False,)
        knives = YES_NO if state.gear_for(attacker, "knife") is not None else (False,)
        for charge in charges:
            for knife in knives:
                yield AssaultAction(path, defender.key, charge=charge, knife=knife)


def engages(state: GameState, attacker: Piece, defender: Piece, granted: int | None) -> bool:
    """Whether the rules let `attacker` assault `defender` at all (`engage`'s checks)."""
    try:
        engage(
            Assault(
                attacker,
                defender,
                granted_assault=granted,
                defender_granted_assault=state.granted_assault.get(defender.owner),
            ),
            state.ruleset,
        )
    except (IllegalAttack, ValueError):
        return False
    return True


def knife_bonus(state: GameState) -> Modifier:
    """A Knife marker discarded: +2 to the result of the assault roll (HoN core p.31)."""
    return Modifier("Knife", 2, state.ruleset.cite("knife"))


def assault(turn: Turn, attacker: Piece, action: AssaultAction) -> None:
    """The Assault Action (HoN core p.25-26): checked, the Surprise cards for the windows it
    goes through (p.17), a Charge's shot (BfC p.08) and the move into contact, then both
    sides' bonuses, the roll and its results: hits, retreats and the ground taken."""
    defender = turn.state.pieces[action.defender]
    approach = _approach(turn, attacker, defender, action)
    # Every refusal comes first: a refused assault spends no card. A window per card (HoN core p.17).
    if attacker.embarked_in is None or action.windows:
        played.surprise(turn, attacker, action.path, action.windows, assault=True)
    engaged = _close_in(turn, attacker, defender, action, approach)
    if engaged is None:
        return
    attacker, defender = engaged
    from_squares = attacker.squares
    declared, blades, knives = _declared(turn, attacker, defender, action)
    result, captured, pusher = _fight(turn, attacker, defender, declared)
    _tell(turn, result, knives, attacker.owner)
    where = structure_of(turn.state.battlefield, defender)  # the defender's structure (HoN core p.22)
    hits.hurt(turn, attacker, result.attacker, result.attacker_effect, assault=True)
    if not captured:
        hits.hurt(turn, defender, result.defender, result.defender_effect, assault=True)
    poisoned_blade.poison(turn, attacker, defender, blades)  # a survivor keeps them (SoN p.16)
    _assault_moves(turn, result, from_squares, defender.squares, pusher)
    if action.windows and result.attacker_moves is AttackerMove.FALLS_BACK:
        _back_through_window(turn, attacker, action.path, from_squares)
    destruction.assault_destruction(turn, attacker, where)
    changes_of_state.spot_all(turn, except_key=attacker.key)


def _approach(turn: Turn, attacker: Piece, defender: Piece, action: AssaultAction) -> Path | None:
    """The move into contact, the assault's path but its last square, once the rules allow
    the assault: it is a Movement Action, which damaged tracks forbid (HoN core p.25, p.15);
    one launched from a transport makes no move (p.25, p.27); a Charge needs the ability
    (BfC p.08)."""
    cite = turn.state.ruleset.cite
    if DamageLocation.TRACKS in attacker.damage:
        raise IllegalAttack(
            Code.TRACKS_DAMAGED, f"the tracks of {name(attacker)} are damaged: it may not assault", cite("damage")
        )
    launched = attacker.embarked_in is not None
    problem = transport.launch_refusal(turn.state, attacker, defender) if launched else None
    if problem is not None:
        raise IllegalAttack(Code.NO_LAUNCH, problem)
    if action.charge and not attacker.side.has("charge"):
        raise IllegalAttack(Code.NO_ABILITY, f"{name(attacker)} has no Charge ability", CHARGE_PAGE)
    positions = action.path.positions
    return Path(positions[:-1], action.path.cost) if len(positions) > 1 and not launched else None


def _close_in(
    turn: Turn, attacker: Piece, defender: Piece, action: AssaultAction, approach: Path | None
) -> tuple[Piece, Piece] | None:
    """The attacker and the defender once a Charge has fired (BfC p.08) and the attacker has
    moved into contact, or None when the assault does not take place (`_charged`,
    `_into_contact`)."""
    if action.charge:
        charged = _charged(turn, attacker, defender, action, approach)
        if charged is None:
            return None
        attacker, defender = charged
    if approach is None or approach.destination.squares == attacker.squares:
        return attacker, defender
    return _into_contact(turn, attacker, action, approach)


def _charged(
    turn: Turn, attacker: Piece, defender: Piece, action: AssaultAction, approach: Path | None
) -> tuple[Piece, Piece] | None:
    """Charge's shot (`_charge`); None when it leaves no assault: the charger destroyed, or
    the target, when the charger moves on: "If the Firing Action destroys the target, this
    unit must end its Movement Action in the target's former square" (BfC p.08)."""
    _charge(turn, attacker, defender)
    charger, found = turn.state.pieces.get(attacker.key), turn.state.pieces.get(defender.key)
    if charger is None or charger.is_wreck:
        return None
    if found is not None and not found.is_wreck:
        return charger, found
    whole = action.path
    if len(whole.positions) > 1 and may_stand(turn.state, charger, whole.destination.squares):
        movement.move(turn, charger, whole)
    elif approach is not None and approach.destination.squares != charger.squares:
        movement.move(turn, charger, approach)
    return None


def _into_contact(turn: Turn, attacker: Piece, action: AssaultAction, approach: Path) -> tuple[Piece, Piece] | None:
    """The attacker moves next to the defender; None when Opportunity Fire on the way
    destroyed or stopped it (HoN core p.24-25), or a hit on the way (a Mine marker, BfC p.09)
    turned it to a side with no Assault ability (p.25): the move stands, no assault."""
    # Assaults first, then spotting (the book's summary): the move does not end the action.
    movement.move(turn, attacker, approach, ends_action=False)
    moved = movement.moved_on(turn, attacker.key, approach)
    if moved is None or (moved.side.ability_value("assault") is None and moved.owner not in turn.state.granted_assault):
        changes_of_state.spot_all(turn, except_key=attacker.key)
        return None
    return moved, turn.state.pieces[action.defender]


def _declared(turn: Turn, attacker: Piece, defender: Piece, action: AssaultAction) -> tuple[Assault, int, list[str]]:
    """The assault as both sides declare it, with the Poisoned Blade markers announced and
    the keys of the units that discard a Knife marker: the defender's terrain unless both
    share it (HoN core p.25), a Suppressed marker when assaulted from outside its limited
    firing arc(s) (p.26), the bonuses of the action, Elder Signs (SoN p.14), Poisoned
    Blades (SoN p.16), Knife markers (p.31) and Additional Shielding (BfC p.09)."""
    state = turn.state
    terrain = 0 if _shared_cover(state, attacker, defender) else cover(state, defender)
    arcs, there = defender.side.weapons, attacker.squares
    outside = any(w.arc is not None for w in arcs) and not any(firing.in_arc(defender, there, w) for w in arcs)
    granted = state.granted_assault
    declared = Assault(
        attacker,
        defender,
        terrain=terrain,
        outside_arc=outside,
        granted_assault=granted.get(attacker.owner),
        defender_granted_assault=granted.get(defender.owner),
        attacker_bonuses=(*roll_modifiers(state, attacker, defender), *action.bonuses),
        defender_bonuses=roll_modifiers(state, defender, attacker),
        defender_paralyzed=paralyzed(state, defender),
    )
    declared = terror_markers.signed_assault(turn, declared)
    declared, blades = poisoned_blade.poisoned_blades(turn, declared)
    declared, knives = _knives(turn, attacker, defender, declared, action.knife)
    return defence.shielded_assault(turn, declared), blades, knives


def _knives(
    turn: Turn, attacker: Piece, defender: Piece, declared: Assault, attacker_knife: bool
) -> tuple[Assault, list[str]]:
    """Knife markers discarded, +2 each to the assault roll (HoN core p.31): the attacker's
    as its action declares, the defender's as its side is asked; and who discarded one."""
    state = turn.state
    knives: list[str] = []
    if attacker_knife:
        pool = state.gear_for(attacker, "knife")
        if pool is None:
            raise IllegalAttack(Code.NO_MARKER, f"{name(attacker)} has no Knife marker", state.ruleset.cite("knife"))
        state.spend(pool)
        declared = replace(declared, attacker_bonuses=(*declared.attacker_bonuses, knife_bonus(state)))
        knives.append(attacker.key)
    pool = state.gear_for(defender, "knife")
    knife = KnifeDefence(side=defender.owner, options=YES_NO, defender=defender, assault=declared)
    if pool is not None and turn.asking and turn.ask(knife):
        state.spend(pool)
        declared = replace(declared, defender_bonuses=(*declared.defender_bonuses, knife_bonus(state)))
        knives.append(defender.key)
    return declared, knives


def _fight(
    turn: Turn, attacker: Piece, defender: Piece, declared: Assault
) -> tuple[AssaultResult, bool, Ability | None]:
    """The assault rolled, with the Alternate Bonuses played on it (HoN core p.17) and the
    Veteran markers spent (p.30), a Character's Life Point (BfC p.09); and whether the
    attacker, winning, captures the defender instead of hitting it (BfC p.12); and the
    attacker's ability that pushes back a defender that did not lose (Ferocious, BfC p.09)."""
    reroll = veteran.assault_rerolls(turn, declared)  # Veteran markers (HoN core p.30)
    result = resolve_assault(
        played.assault_bonuses(turn, declared),
        turn.dice,
        turn.state.ruleset,
        reroll=reroll,
        rerolls=veteran.veteran_rolls(turn, attacker, defender),  # the damage location roll (HoN core p.30)
    )
    pusher = _pushed_back_by(turn.state, result)
    if pusher is not None:
        result = replace(result, defender_moves=DefenderMove.RETREATS)
    result = veteran.life_point_assault(turn, result)
    captured = result.outcome is AssaultOutcome.WIN and capture.capture(turn, attacker, defender)
    if captured:  # taken whole instead of the hit and the retreat (BfC p.12, capture.py)
        result = replace(result, defender=None, defender_effect=Effect.NONE, defender_moves=DefenderMove.REMOVED)
    return result, captured, pusher


def _tell(turn: Turn, result: AssaultResult, knives: list[str], side: str) -> None:
    """The assault event, with the Knife markers discarded and the abilities' notes (Terrifying)."""
    state = turn.state
    knife_page = state.ruleset.cite("knife") if knives else None
    notes = assault_notes(result, state.ruleset)
    how = {"notes": notes, "knives": tuple(knives), "knife_page": knife_page}
    turn.add(AssaultEvent.of(result, state.turn, turn.phase, side, **how))


def _charge(turn: Turn, attacker: Piece, defender: Piece) -> None:
    """Charge (BfC p.08): "When this unit launches an Assault, it may first take a Firing
    Action at its target. If the target survives, resolve the Assault. This free attack
    disregards range restrictions" - from where it stands, before it moves, with every
    weapon that can."""
    weapons = [w for w in firing.weapons_of(attacker) if firing.shot_at(turn.state, attacker, defender, w, charge=True)]
    if firing.one_weapon_only(attacker):
        weapons = weapons[:1]
    for weapon in weapons:
        target, shooter = turn.state.pieces.get(defender.key), turn.state.pieces.get(attacker.key)
        if target is None or shooter is None or target.is_wreck:
            break
        shot = firing.shot_at(turn.state, shooter, target, weapon, charge=True)
        if shot is None:
            continue
        firing.shoot(turn, shooter, shot, fired_by=FiredBy.CHARGE, by_page=CHARGE_PAGE)


def _pushed_back_by(state: GameState, result: AssaultResult) -> Ability | None:
    """The attacker's ability that pushes back a defender that won or tied (Ferocious, BfC
    p.09), or None: asked of an assault not won whose defender is still on its square."""
    if result.outcome is AssaultOutcome.WIN or result.defender is None:
        return None
    attacker_destroyed = result.attacker is None or result.attacker_effect.destroyed
    return next(
        (
            a
            for a in held(state, result.assault.attacker, Hook.PUSH_BACK)
            if a.pushes_back(result.engagement.defender, attacker_destroyed)
        ),
        None,
    )


def _assault_moves(
    turn: Turn,
    result: AssaultResult,
    from_squares: tuple[Square, ...],
    contested: tuple[Square, ...],
    pusher: Ability | None,
) -> None:
    """The defender retreats or is pushed aside - or back by the attacker's `pusher` ability
    - then the attacker takes the square if it is free (HoN core p.26)."""
    # As the hits left them on the battlefield: a Substitute (BfC p.08) or a Medic may have spared one.
    attacker, defender = (
        turn.state.pieces.get(p.key) if p is not None else None for p in (result.attacker, result.defender)
    )
    if defender is not None and not defender.is_wreck:
        if pusher is not None and result.defender_moves is DefenderMove.RETREATS:
            turn.add(
                RetreatEvent(
                    turn=turn.state.turn,
                    phase=turn.phase,
                    side=defender.owner,
                    unit=defender.key,
                    why=Displaced.PUSHED_BACK,
                    by=result.assault.attacker.key,
                    ability=pusher.id,
                    page=pusher.page,
                )
            )
        if result.defender_moves is DefenderMove.RETREATS:
            retreat(turn, defender, from_squares, lost=result.outcome is AssaultOutcome.WIN)
        elif result.defender_moves is DefenderMove.PUSHED_ASIDE:
            _push_aside(turn, defender)
    # A vehicle beaten by infantry takes its square "whether it turned into a Wreck or not"
    # (HoN core p.26): its wreck moves in too.
    if attacker is not None and result.attacker_moves is AttackerMove.ADVANCES:
        front = contested[0]
        step = (front[0] - attacker.square[0], front[1] - attacker.square[1])
        facing = next(
            (f for f, d in STEPS.items() if d == (max(-1, min(1, step[0])), max(-1, min(1, step[1])))),
            attacker.facing,
        )
        squares = footprint_squares(front, facing, attacker.unit.footprint)
        # A heavy vehicle that wrecks a light vehicle takes its square (HoN core p.26).
        wrecked = result.wreck_destruction_points and defender is not None
        onto = frozenset({defender.key}) if wrecked and defender is not None else frozenset()
        # One that assaulted from its transport gets off onto the ground it took (HoN core p.27).
        ride = turn.state.pieces.get(attacker.embarked_in or "")
        attacker = replace(attacker, embarked_in=None) if ride is not None else attacker
        if may_stand(turn.state, attacker, squares, onto):
            turn.state.pieces[attacker.key] = attacker.moved(squares, facing)
            wreck = attacker.is_wreck
            if not wreck:
                transport.carry(turn, turn.state.pieces[attacker.key])
            turn.add(
                AdvanceEvent(
                    turn=turn.state.turn,
                    phase=turn.phase,
                    side=attacker.owner,
                    unit=attacker.key,
                    to=squares,
                    how=Advance.WRECK_TAKES_PLACE if wreck else Advance.TAKES_GROUND,
                    transport=ride.key if ride is not None and not wreck else None,
                    page=turn.state.ruleset.cite("assault-results") if wreck else None,
                )
            )
            if not wreck:
                mines.tread(turn, attacker.key, squares)  # a Mine marker there goes off (BfC p.09)
            if onto and defender is not None and defender.key in turn.state.pieces:
                movement.wreck_points(
                    turn,
                    attacker,
                    defender.key,
                    result.wreck_destruction_points,
                    Crushing.TAKES_SQUARE,
                )


def _back_through_window(turn: Turn, attacker: Piece, path: Path, from_squares: tuple[Square, ...]) -> None:
    """Surprise (HoN core p.17): "A unit that launches an assault on a unit that is behind a
    window doesn't need a second Surprise card to return to its starting square if it is
    pushed back" - it goes back through the window it assaulted through, no card played."""
    back = turn.state.pieces.get(attacker.key)
    if back is None or back.is_wreck or not assaults_through_window(turn.state.battlefield, path):
        return
    turn.add(
        RetreatEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=back.owner,
            unit=back.key,
            to=from_squares,
            why=Displaced.BACK_THROUGH_WINDOW,
            page=turn.state.ruleset.cite("action-cards"),
        )
    )


def retreat(turn: Turn, defender: Piece, attacker_squares: tuple[Square, ...], lost: bool = True) -> None:
    """To one of the three squares opposite the attacker, its owner's choice; it may enter
    an enemy Zone of Control but is destroyed if the retreat would move it within one, and
    with no square left it is destroyed (HoN core p.26). A Forced Move: a unit with an X
    Movement Value is destroyed instead (p.9). Having `lost` the assault, its side may play
    a Surprise card to leave its building through a window (p.17)."""
    ac, ar = attacker_squares[0]
    dc, dr = defender.square
    away = (max(-1, min(1, dc - ac)), max(-1, min(1, dr - ar)))
    opposite = [sq for sq in neighbours(defender.square) if (sq[0] - dc) * away[0] + (sq[1] - dr) * away[1] > 0]
    ranked = sorted(opposite, key=lambda sq: (-cover(turn.state, defender, (sq,)), sq))  # as they are told
    # Into a transport too only through a door, never through a wall (a Forced Move, p.26-27).
    stepped = [sq for sq in ranked if may_step(turn.state, inactive(defender), sq)]
    rides = transport.refuges(turn.state, defender, stepped) if len(defender.squares) == 1 else {}
    # A unit that may shelter in a transport through its doors is not offered a window.
    windows = lost and not rides and played.surprise_exit(turn, defender, ranked)  # HoN core p.17
    displace(turn, defender, ranked, Displaced.RETREAT, "assault-results", windows=windows, rides=rides)


def _push_aside(turn: Turn, defender: Piece) -> None:
    """To a free square next to it, never within an enemy Zone of Control, or destroyed
    (HoN core p.26, as a unit run over, p.10)."""
    displace(turn, defender, sorted(neighbours(defender.square)), Displaced.PUSHED_ASIDE, "assault-results")


def displace(
    turn: Turn,
    defender: Piece,
    candidates: list[Square],
    why: Displaced,
    rule: str,
    suppress: int = 0,
    windows: bool = False,
    rides: dict[Square, Piece] | None = None,
    by: str | None = None,
) -> None:
    """Move a one-square unit to a square of `candidates` (in the order a refusal names
    them) it may step into (`windows`:
    through a window too, a Surprise card played) without moving within an enemy Zone of
    Control, its owner's choice (`landings`), or destroy it. A counter of several squares
    never retreats (vehicles stay, HoN core p.26). A Forced Move: a unit Active Side up turns
    over onto its Inactive Side first (p.9), so the Movement Value read is that side's;
    `suppress` Suppressed markers it gains. A retreat may end in one of the allied transports
    of `rides` instead, where no shot reaches it (p.27). `why` it moves, and `by` what (a
    vehicle running it over, a wreck pushed), for its event."""
    cite = turn.state.ruleset.cite
    rides = rides or {}
    told = {"side": defender.owner, "unit": defender.key, "why": why, "by": by}
    free, within = landings(turn.state, defender, candidates, windows)
    if free or rides:
        square = _chosen(turn, defender, (*rides, *free), rule)
        if square in rides:
            _shelter(turn, defender, rides[square])
            return
        turn.state.pieces[defender.key] = replace(
            inactive(defender).moved((square,)), suppressed=defender.suppressed + suppress
        )
        marked = {"suppressed": True, "page": cite(rule)} if suppress else {}
        turn.add(RetreatEvent(turn=turn.state.turn, phase=turn.phase, to=(square,), **told, **marked))
        mines.tread(turn, defender.key, (square,))  # a Mine marker there goes off (BfC p.09)
        return
    stuck, page = Stuck.NO_SQUARE, cite(rule)
    if inactive(defender).side.movement is None:
        stuck, page = Stuck.X_MOVEMENT, cite("forced-move")
    if within:
        stuck, page = Stuck.ZONE_OF_CONTROL, cite(rule)
    turn.add(
        RetreatEvent(turn=turn.state.turn, phase=turn.phase, stuck=stuck, within=within or None, page=page, **told)
    )
    hits.hurt(turn, defender, None, Effect.DESTROYED, hit=False)


def _shelter(turn: Turn, defender: Piece, ride: Piece) -> None:
    turn.state.pieces[defender.key] = replace(defender.moved(ride.squares, ride.facing), embarked_in=ride.key)
    turn.add(
        RetreatEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=defender.owner,
            unit=defender.key,
            to=ride.squares,
            why=Displaced.SHELTERS,
            by=ride.key,
            page=turn.state.ruleset.cite("transport"),
        )
    )


def _chosen(turn: Turn, piece: Piece, free: tuple[Square, ...], rule: str) -> Square:
    """The square its owner chooses among two or more (a `ForcedMove`): a transport's to get
    into it, else where it stands next. With no player asked (a game of the rules alone), a
    transport, else the best covered (HoN core p.18), the least square on a tie."""
    if len(free) == 1:
        return free[0]
    if turn.asking:
        return turn.ask(ForcedMove(side=piece.owner, options=free, unit=piece, rule=rule))
    return min(free, key=lambda sq: (shelter_first(turn.state, piece, sq), sq))


def shelter_first(state: GameState, piece: Piece, square: Square) -> int:
    """A retreat's square ranked, the least first: into a transport first, where no shot
    reaches it (HoN core p.27), then the best covered (p.18)."""
    other = state.occupant().get(square)
    sheltered = other is not None and other.is_vehicle
    return -cover(state, piece, (square,)) - (SHELTER if sheltered else 0)


SHELTER = 100  # more than any terrain's cover: a transport before any square


def landings(
    state: GameState, piece: Piece, candidates: list[Square], windows: bool = False
) -> tuple[tuple[Square, ...], tuple[Square, ...]]:
    """Where a one-square unit's Forced Move of one square may end: the squares of
    `candidates` it may stand on and step into (walls, doors and - with `windows` - windows,
    `may_step`) without moving within an enemy Zone of Control (HoN core p.26: "Destroyed if
    the retreat forces it to move within an enemy ZoC"); and those refused for that alone.
    None for a counter of several squares or a unit with an X Movement Value (p.9)."""
    if len(piece.squares) != 1 or inactive(piece).side.movement is None:
        return (), ()
    zones = forced_move_zones(state, piece)
    here = zones.get(piece.square, frozenset())
    free: list[Square] = []
    within: list[Square] = []
    for square in candidates:
        if not may_stand(state, piece, (square,)) or not may_step(state, inactive(piece), square, windows):
            continue
        (within if here & zones.get(square, frozenset()) else free).append(square)
    return tuple(free), tuple(within)
