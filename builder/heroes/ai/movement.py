"""The simple policy's movement choices: advance towards the objectives its side's victory
asks for (else the enemy) into the best cover, by distance fields around walls, water and
impassable terrain; head for the exits when its victory asks units to leave; enter from
reserve; turn the counter over (HoN core p.21) when that helps."""

from __future__ import annotations

import sys
from collections import deque
from collections.abc import Callable, Iterable
from itertools import repeat
from typing import TYPE_CHECKING

from builder.heroes.ai import firing
from builder.heroes.ai.common import FAR, _bonus_cards
from builder.heroes.catalogue.cards import ActionCard, BonusKind, CardEffectKind, CardTiming
from builder.heroes.rules.abilities.leaping import leaps, movement_reach
from builder.heroes.rules.abilities.registry import climbs_windows, swimming
from builder.heroes.rules.action_cards.battle_events import cards_for
from builder.heroes.rules.action_cards.surprise import window_in_reach, windows_crossed
from builder.heroes.rules.actions.kinds import Action, ChangeState, Enter, Hold, Leave, Move
from builder.heroes.rules.actions.movement import entries
from builder.heroes.rules.events.game import HoldReason
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.geometry.path import allowance
from builder.heroes.rules.geometry.reach import Reach
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.geometry.squares import exit_squares
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.cover import cover_table, terrain_bonus
from builder.heroes.rules.resolution.damage import DamageLocation
from builder.heroes.rules.resolution.spotting import (
    ambushes,
    could_be_spotted,
    may_change_state,
    may_conceal_here,
    turned_over,
)
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.conditions import AllOf, AnyOf, Condition, Control, Exited
from builder.heroes.scenario.models import Scenario

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy

FIELDS_KEPT = 64  # distance fields remembered; goals that chase enemies change every move


def advance(policy: SimplePolicy, state: GameState, piece: Piece) -> Action:
    """Towards the nearest objective the side does not hold (else the enemy), ending in
    the best cover among the squares that bring it nearest (one of the ends alike drawn); a
    unit on an objective stays."""
    points = allowance(piece)
    exiting = exits_for(state, piece)
    staying = _staying(state, piece, points, exiting)
    if staying is not None:
        return staying
    assert points is not None  # `_staying` holds a unit without movement points
    goals = exiting or goal_squares(state, piece.owner)
    if not goals:
        return Hold(HoldReason.NOTHING_TO_MOVE_TOWARDS)
    distances = goal_distances(policy, state, piece, goals)
    shelter = cover_table(state, piece.colour)
    cards = _bonus_cards(state, piece.owner, (BonusKind.MOVEMENT,))
    extra = _card_reach(piece, points, cards, distances)
    paths = movement_reach(state, piece, bonus=extra)  # over the terrain for Jump, Flying (SoN p.17-18)

    score = end_score(state, distances, shelter)
    if policy.takes_least():
        best = policy.drawn(_least_ends(state, piece, paths, points if extra else None, distances, shelter), placed)
    else:
        ends = (p for p in paths if paths.cost(p) <= points) if extra else paths
        best = policy.least(ends, score, unit=2, order=placed)
    if extra and min(distances.get(sq, FAR) for sq in best.squares):
        boosted = _boosted(policy, paths, points, cards, distances, shelter)
        if boosted is not None:
            return boosted
    start = Position(piece.squares, piece.facing)
    plain = min(score(best)[0], score(start)[0])
    surprise = _through_windows(policy, state, piece, score, plain) if not extra else None
    if surprise is not None:
        return surprise
    if score(best)[0] >= score(start)[0]:
        return Hold(HoldReason.NO_BETTER_SQUARE)
    return Move(paths[best])


def _staying(state: GameState, piece: Piece, points: int | None, exiting: frozenset[Square]) -> Action | None:
    """Why the unit makes no Movement Action towards a goal, or None: its tracks damaged (HoN
    core p.15), on the exit squares it heads for (it leaves), no movement points, or on an
    objective (it holds it)."""
    if DamageLocation.TRACKS in piece.damage:
        return Hold(HoldReason.TRACKS_DAMAGED, state.ruleset.cite("damage"))
    if exiting and set(piece.squares) <= exiting:
        return Leave()
    if points is None or points <= 0:
        return Hold(HoldReason.CANNOT_MOVE)
    areas = state.objective_areas
    if not exiting and any(sq in area for area in areas.values() for sq in piece.squares):
        return Hold(HoldReason.HOLDS_OBJECTIVE)
    return None


def _card_reach(piece: Piece, points: int, cards: list[ActionCard], distances: dict[Square, int]) -> int:
    """With movement Alternate Bonuses in hand (HoN core p.17), the squares the best of them
    adds, so that one search reaches as far: what the unit reaches alone is what costs no
    more than its allowance. 0 when no goal is near enough: every step costs a point."""
    extra = max((c.alternate_bonus.value for c in cards if c.alternate_bonus is not None), default=0)
    if extra and min(distances.get(sq, FAR) for sq in piece.squares) > points + extra:
        return 0
    return extra


def end_score(
    state: GameState, distances: dict[Square, int], shelter: dict[Square, int]
) -> Callable[[Position], tuple[int, ...]]:
    """How `advance` scores an end, the least best: steps to the goal twice, less the cover;
    a counter of several squares then with its front nearest the goal (facing its way)."""

    def score(position: Position) -> tuple[int, ...]:
        squares = position.squares
        if len(squares) == 1:  # most units: no generator, no call (terrain_bonus of one square)
            square = squares[0]
            return (distances.get(square, FAR) * 2 - shelter.get(square, 0),)
        near = min(distances.get(sq, FAR) for sq in squares)
        return (near * 2 - terrain_bonus(state, shelter, squares), distances.get(squares[0], FAR))

    return score


def placed(position: Position) -> tuple[tuple[Square, ...], int]:
    """Ends alike in an order of their own, for the draw among them (SortKey)."""
    return position.squares, position.facing


def _through_windows(
    policy: SimplePolicy,
    state: GameState,
    piece: Piece,
    score: Callable[[Position], tuple[int, ...]],
    plain: int,
) -> Move | None:
    """Surprise (HoN core p.17; builder.heroes.rules.action_cards.surprise): through a building's windows
    when that ends the move clearly better (a square nearer, or cover worth as much) than
    any move without, with one card per window the path goes through. Never for a unit
    that jumps or flies: it goes over the buildings (leaping.py)."""
    cards = sorted(cards_for(state, piece.owner, CardEffectKind.WINDOWS, CardTiming.MOVEMENT), key=lambda c: c.id)
    if not cards or climbs_windows(piece.side) or leaps(piece) or not window_in_reach(state.battlefield, piece):
        return None
    if policy.takes_least() and not _window_may_help(state, piece, score, plain):
        return None
    paths = movement_reach(state, piece, windows=True)
    best = policy.least(paths, score, unit=2, order=placed)
    if score(best)[0] > plain - 2:
        return None
    need = windows_crossed(state.battlefield, paths[best])
    if not 0 < need <= len(cards):
        return None
    return Move(paths[best], windows=tuple(c.id for c in cards[:need]))


def _boosted(
    policy: SimplePolicy,
    paths: Reach[Position] | Reach[Square] | Reach[int],
    points: int,
    cards: list[ActionCard],
    distances: dict[Square, int],
    shelter: dict[Square, int],
) -> Move | None:
    """A movement Alternate Bonus (HoN core p.17) when its extra squares bring the unit
    onto a goal its own Movement Value cannot reach: the cheapest such move, in the best
    cover (one of those alike drawn), with the card that is enough."""
    near = distances.get
    found = [p for p in paths if paths.cost(p) > points and min(map(near, p.squares, repeat(FAR))) == 0]
    if not found:
        return None
    best = policy.least(
        found, lambda p: (paths.cost(p), -max(shelter.get(sq, 0) for sq in p.squares)), unit=1, order=placed
    )
    need = paths.cost(best) - points
    card = next((c for c in cards if c.alternate_bonus is not None and c.alternate_bonus.value >= need), None)
    return Move(paths[best], cards=(card.id,)) if card is not None else None


def change_state(
    policy: SimplePolicy, state: GameState, piece: Piece, planned: Action, occupancy: Occupancy
) -> Action | None:
    """Turn the counter over, as a zero move (HoN core p.21), when it helps: a revealed
    Ambush unit with nothing better to do hides again where no enemy would spot it at
    once; a Tripod-like unit sets up when its other side has a shot worth taking and
    this one has none, or packs up when it cannot move and its other side could advance."""
    if not may_change_state(piece) or piece.side.has("medic"):
        return None  # a Medic turns over for its Aid marker (magic.py, SoN p.18)
    other = turned_over(piece)
    if ambushes(piece) or ambushes(other):
        hides = other.concealed and may_conceal_here(state, piece)  # Amphibious Ambush: in water (SoN p.17)
        if hides and isinstance(planned, Hold) and not could_be_spotted(state, piece):
            return ChangeState()
        return None
    if firing.shots(policy, state, other, occupancy)[0] is not None:
        return ChangeState()
    here, there = allowance(piece), allowance(other)
    immobile = here is None or here <= 0
    if immobile and there is not None and there > 0 and isinstance(advance(policy, state, other), Move):
        return ChangeState()
    return None


def enter(policy: SimplePolicy, state: GameState, piece: Piece) -> Action:
    """The entry position nearest the side's goals, its front nearest them (facing its way);
    of those alike, one drawn."""
    found = list(entries(state, piece))
    if not found:
        return Hold(HoldReason.ENTRY_TAKEN)
    goals = goal_squares(state, piece.owner)
    distances = goal_distances(policy, state, piece, goals) if goals else {}

    def near(entry: Enter) -> tuple[int, int]:
        squares = entry.position.squares
        return (min(distances.get(sq, FAR) for sq in squares), distances.get(squares[0], FAR))

    return policy.least(found, near, unit=1, order=lambda entry: placed(entry.position))


def exits_for(state: GameState, piece: Piece) -> frozenset[Square]:
    """The exit squares `piece` heads for when its side's victory asks for units of its
    kind to leave the battlefield (an `exited` condition), or when it holds a captive its
    side's victory asks for (BfC p.12: set aside, he cannot be liberated), else nothing."""
    if any(c.captor == piece.key for c in state.captives.values()):
        return exit_squares(state, piece.owner)
    wanted = exiting_units(state, piece.owner)
    if wanted is None or (wanted and piece.unit.id not in wanted):
        return frozenset()
    return exit_squares(state, piece.owner)


def goal_squares(state: GameState, side: str) -> frozenset[Square]:
    """The objectives the side's victory asks it to control and it does not hold yet (all
    objectives when its victory names none); with none left, the enemy units."""
    named = wanted_objectives(state, side) or set(state.objective_areas)
    wanted = [area for oid, area in state.objective_areas.items() if oid in named and state.control.get(oid) != side]
    if wanted:
        return frozenset(sq for area in wanted for sq in area)
    return frozenset(sq for p in state.enemies_of(side) for sq in p.squares)


def goal_distances(policy: SimplePolicy, state: GameState, piece: Piece, goals: frozenset[Square]) -> dict[Square, int]:
    """Steps from every square to the nearest goal for this kind of unit, around walls,
    water and impassable terrain; kept while the goals stay the same."""
    side = piece.side
    # Passage depends on the unit type, Amphibious, Gigantic and Urban Fighter only, as
    # the key of PassageMap.entries says: a Gigantic unit walks around buildings (SoN p.17).
    key = (goals, piece.unit.type, swimming(side), side.has("gigantic"), climbs_windows(side))
    found = policy.distance_fields.get(key)
    if found is None:
        if len(policy.distance_fields) >= FIELDS_KEPT:
            policy.distance_fields.clear()
        found = policy.distance_fields[key] = _distance_field(state, piece, goals)
    return found


# What a scenario's victory conditions ask of a side, read once per scenario and side: the
# policy asks for every unit it moves. By the scenario's identity, kept with it.
_ASKED: dict[tuple[int, str, str], tuple[Scenario, frozenset[str] | None]] = {}
ASKED_KEPT = 256


def _asked(state: GameState, side: str, what: str, read: Callable[[], frozenset[str] | None]) -> frozenset[str] | None:
    key = (id(state.scenario), side, what)
    kept = _ASKED.get(key)
    if kept is not None and kept[0] is state.scenario:
        return kept[1]
    if len(_ASKED) >= ASKED_KEPT:
        _ASKED.clear()
    found = read()
    _ASKED[key] = (state.scenario, found)
    return found


def exiting_units(state: GameState, side: str) -> frozenset[str] | None:
    """The units an `exited` condition of one of the side's victories asks to leave the
    battlefield (empty: any unit), or None when none does."""
    return _asked(state, side, "exited", lambda: _exiting_units(state, side))


def _exiting_units(state: GameState, side: str) -> frozenset[str] | None:
    found: set[str] = set()
    asked = False

    def walk(condition: Condition) -> None:
        nonlocal asked
        if isinstance(condition, Exited):
            if condition.side == side and condition.at_least >= 1:
                asked = True
                found.update(condition.units)
        elif isinstance(condition, (AllOf, AnyOf)):
            for part in condition.of:
                walk(part)

    for outcome in state.scenario.victory.outcomes:
        if state.team_of(outcome.winner) == state.team_of(side):
            walk(outcome.condition)
    return frozenset(found) if asked else None


def wanted_objectives(state: GameState, side: str) -> set[str]:
    """Objectives a Control condition of one of the side's victories names for the side."""
    return set(_asked(state, side, "control", lambda: frozenset(_wanted_objectives(state, side))) or ())


def _wanted_objectives(state: GameState, side: str) -> set[str]:
    found: set[str] = set()

    def walk(condition: Condition) -> None:
        if isinstance(condition, Control):
            if state.team_of(condition.side) == state.team_of(side):  # a team's too (SoN p.10)
                found.update(condition.objectives)
        elif isinstance(condition, (AllOf, AnyOf)):
            for part in condition.of:
                walk(part)

    for outcome in state.scenario.victory.outcomes:
        if outcome.winner == side:
            walk(outcome.condition)
    return found


def _least_ends(
    state: GameState,
    piece: Piece,
    paths: Reach[Position] | Reach[Square] | Reach[int],
    limit: int | None,
    distances: dict[Square, int],
    shelter: dict[Square, int],
) -> list[Position]:
    """`least_of(paths, end_score(...))` of `advance` (the ends costing no more than `limit`),
    those alike in the order they came, without a call and a tuple per end. Every end of a
    search has the unit's footprint: a one-square unit's cover is its square's (`terrain_bonus`
    of one square), and its front's distance is no key (0)."""
    near, cover = distances.get, shelter.get
    if limit is None and len(piece.squares) == 1:
        return _least_squares(paths, near, cover)
    found: list[Position] = []
    low = ahead = 0
    for position in paths:
        if limit is not None and paths.cost(position) > limit:
            continue
        squares = position.squares
        if len(squares) == 1:
            value, front = near(squares[0], FAR) * 2 - cover(squares[0], 0), 0
        else:
            # `map` over the squares: a comprehension is a call of its own (every vehicle end).
            value = min(map(near, squares, repeat(FAR))) * 2 - terrain_bonus(state, shelter, squares)
            front = near(squares[0], FAR)
        if not found or value < low or (value == low and front < ahead):
            found, low, ahead = [position], value, front
        elif value == low and front == ahead:
            found.append(position)
    if not found:
        raise ValueError("no end to choose from")  # never: the start is an end
    return found


def _least_squares(
    paths: Iterable[Position], near: Callable[[Square, int], int], cover: Callable[[Square, int], int]
) -> list[Position]:
    """`_least_ends` for a one-square unit's every end: by its square's score alone."""
    found: list[Position] = []
    low = sys.maxsize
    for position in paths:
        square = position[0][0]
        value = near(square, FAR) * 2 - cover(square, 0)
        if value < low:
            found, low = [position], value
        elif value == low:
            found.append(position)
    if not found:
        raise ValueError("no end to choose from")  # never: the start is an end
    return found


# Distance fields by what they depend on (see `_distance_field`), per battlefield: the same
# goals (objectives) are asked for game after game on one battlefield. Read only.
_FIELDS: PerBattlefield[dict[tuple[object, ...], dict[Square, int]]] = PerBattlefield(lambda _: {})
FIELDS_PER_BATTLEFIELD = 256


def _distance_field(state: GameState, piece: Piece, goals: Iterable[Square]) -> dict[Square, int]:
    """Steps from every square to the nearest goal: it depends on the battlefield, the goals
    and, through the passage it walks (`PassageMap.entries`), on the unit type, Amphibious,
    Gigantic and Urban Fighter only, so it is made once per battlefield for them."""
    side = piece.side
    aims = goals if isinstance(goals, frozenset) else frozenset(goals)
    urban = climbs_windows(side)
    key = (aims, piece.unit.type, swimming(side), side.has("gigantic"), urban)
    kept = _FIELDS(state.battlefield)
    found = kept.get(key)
    if found is None:
        if len(kept) >= FIELDS_PER_BATTLEFIELD:
            kept.clear()
        found = kept[key] = _walked(
            passage_map(state.battlefield).entries(piece.unit, side, swimming(side), urban), aims
        )
    return found


def _walked(entries: dict[Square, tuple[Square, ...]], goals: frozenset[Square]) -> dict[Square, int]:
    """Breadth first from the goals, backwards along the steps into each square."""
    found = {sq: 0 for sq in goals}
    queue = deque(sorted(found))
    while queue:
        here = queue.popleft()
        steps = found[here] + 1
        for there in entries.get(here, ()):
            if there not in found:
                found[there] = steps
                queue.append(there)
    return found


def _window_may_help(state: GameState, piece: Piece, score: Callable[[Position], tuple[int, ...]], plain: int) -> bool:
    """Whether a search through windows may find an end scoring `plain - 2` or better, for a
    policy that takes the least-scored move (it then scored every end the plain search
    reached `plain` or worse, so such an end is one only a window opens). A counter stands
    only on squares it may enter (or where it stood), so a window with a square closed to it
    (a building to a vehicle) opens nothing. A one-square unit going from `a` to `b` through
    a window has spent at least the squares to `a` and one more (every step costs a point),
    so it ends within what is left of `b`: if no square there scores well enough, no search."""
    passage = passage_map(state.battlefield)
    unit, side, amphibious = piece.unit, piece.side, swimming(piece.side)
    usable = [
        edge
        for edge in passage.windows
        if all(sq in piece.squares or passage.ground(sq, unit, side, amphibious)[0] for sq in edge)
    ]
    points = allowance(piece) or 0
    if len(piece.squares) != 1:
        return window_in_reach(state.battlefield, piece, usable)
    x, y = piece.squares[0]
    squares = state.battlefield.squares
    for edge in usable:
        for a, b in ((min(edge), max(edge)), (max(edge), min(edge))):
            left = points - max(abs(a[0] - x), abs(a[1] - y)) - 1
            for c in range(b[0] - left, b[0] + left + 1):
                for r in range(b[1] - left, b[1] + left + 1):
                    if (c, r) in squares and score(Position(((c, r),), piece.facing))[0] <= plain - 2:
                        return True
    return False
