"""The simple policy's field works (BfC p.08-09): an Engineer lifts the enemy's Mine markers
next to it; a unit that would only hold its ground lays a Mine marker where the nearest enemy
would walk in, and a Forward Position or Advanced Position where it stands to fight."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.ai import movement
from builder.heroes.ai.common import FAR, _gap, by_key, itself
from builder.heroes.ai.movement import _distance_field, placed
from builder.heroes.rules.action_cards.surprise import windows_crossed
from builder.heroes.rules.actions.kinds import Action, ClearMine, Deploy, Hold, Item, Move, PlaceMine
from builder.heroes.rules.actions.scouting import barred, scout_moves
from builder.heroes.rules.events.game import HoldReason
from builder.heroes.rules.gear.concealed_markers import concealed, markers_free, may_conceal
from builder.heroes.rules.gear.field_works import (
    POSITION_BONUS,
    advanced_squares,
    engineering_source,
    hedgehog_refusal,
    may_engineer,
    position_refusal,
)
from builder.heroes.rules.gear.mines import mine_squares, mines_to_clear
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import Point
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.squares import may_stand
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.cover import cover, cover_table, terrain_bonus
from builder.heroes.rules.resolution.spotting import could_be_spotted
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy

MINE_WATCH = 8  # squares: a mine or a position is laid only with an enemy this near (hon's choice)
# The items `field_works` lays, each a marker of the side's (`GameState.gear_for`).
FIELD_WORKS = frozenset({Item.FORWARD_POSITION.value, Item.ADVANCED_POSITION.value, Item.BARBED_HEDGEHOG.value})


def lift_mine(policy: SimplePolicy, state: GameState, piece: Piece) -> Action | None:
    """An Engineer discards an enemy Mine marker next to it (BfC p.09), of several one drawn."""
    theirs = [sq for sq in mines_to_clear(state, piece) if state.mines[sq] != piece.owner]
    return ClearMine(policy.drawn(theirs, itself)) if theirs else None


def lay_mine(policy: SimplePolicy, state: GameState, piece: Piece) -> Action | None:
    """A Mine marker on the free square of its ZoC nearest the enemy, when an enemy is
    within MINE_WATCH squares and the square is on no objective (its own side would walk
    there too)."""
    squares = mine_squares(state, piece)
    enemies = tuple(sq for p in state.enemies_of(piece.owner) if p.embarked_in is None for sq in p.squares)
    if not squares or not enemies or _gap(piece.squares, enemies) > MINE_WATCH:
        return None
    taken = state.occupant()
    held = {sq for area in state.objective_areas.values() for sq in area}
    free = [sq for sq in squares if sq not in taken and sq not in held]
    if not free:
        return None

    def nearness(square: Square) -> tuple[int]:
        return (_gap((square,), enemies) if enemies else FAR,)

    return PlaceMine(policy.least(free, nearness, unit=1, order=lambda square: square))


def field_works(policy: SimplePolicy, state: GameState, piece: Piece, advance: Action) -> Action | None:
    """A unit holding its ground with an enemy near digs in with a Forward Position where
    its terrain gives less than the position would (BfC p.09). The SdKfz 251/7, or an
    Engineer in its ZoC, deploys an item at the end of its move (or where it stands) with
    an enemy near: an Advanced Position on the free square of its ZoC nearest the enemy,
    else Barbed Hedgehogs on the side of its square facing the nearest enemy vehicle (BfC p.08)."""
    # Asked at every move: first whether it may dig in (`_digs_in`) or deploy from a
    # source at all, then whether its side has a marker of any item left to lay.
    holding = isinstance(advance, Hold)
    digs = holding and piece.is_infantry and piece.embarked_in is None
    if not (digs and state.gear_for(piece, Item.FORWARD_POSITION.value) is not None) and not may_engineer(piece):
        return None
    if not any(g.count > 0 and g.side == piece.owner and g.marker in FIELD_WORKS for g in state.gear):
        return None
    enemies = tuple(sq for p in state.enemies_of(piece.owner) if p.embarked_in is None for sq in p.squares)
    if not enemies or not piece.squares:
        return None
    if holding and _digs_in(state, piece, enemies):
        return Deploy(Item.FORWARD_POSITION, piece.square)
    path = advance.path if isinstance(advance, Move) and advance.fire is None and not advance.cards else None
    if path is None and not isinstance(advance, Hold):
        return None
    end = path.destination if path is not None else None
    there = piece.moved(end.squares, end.facing) if end is not None else piece
    if _gap(there.squares, enemies) > MINE_WATCH:
        return None
    # Last: an Engineer's source is looked for in the Zones of Control around it.
    source = engineering_source(state, piece)
    if source is None:
        return None
    if state.gear_for(source, Item.ADVANCED_POSITION.value) is not None:
        squares = [sq for sq in advanced_squares(state, there) if sq not in piece.squares]
        if squares:
            square = policy.least(squares, lambda sq: (_gap((sq,), enemies),), unit=1, order=lambda sq: sq)
            return Deploy(Item.ADVANCED_POSITION, square, path=path)
    if state.gear_for(source, Item.BARBED_HEDGEHOG.value) is not None:
        segment = _facing_vehicles(policy, state, there)
        if segment is not None:
            return Deploy(Item.BARBED_HEDGEHOG, segment=segment, path=path)
    return None


def _digs_in(state: GameState, piece: Piece, enemies: tuple[Square, ...]) -> bool:
    """An infantry unit with a Forward Position left, an enemy near, where the position
    may go and would give more than the terrain does (BfC p.09)."""
    return (
        piece.is_infantry
        and piece.embarked_in is None
        and state.gear_for(piece, Item.FORWARD_POSITION.value) is not None
        and _gap(piece.squares, enemies) <= MINE_WATCH
        and position_refusal(state, piece.square, True) is None
        and cover(state, piece) < POSITION_BONUS
    )


def conceal(policy: SimplePolicy, state: GameState, side: str) -> tuple[str, ...]:
    """The infantry units to replace with the side's free Concealed markers (HoN core
    p.30): those nearest the enemy that no enemy would spot at once where they stand."""
    enemies = tuple(sq for p in state.enemies_of(side) if p.embarked_in is None for sq in p.squares)
    ready = [p for p in state.units(side) if may_conceal(state, p)]
    if not ready or not enemies:
        return ()
    free = markers_free(state, ready[0])
    chosen: list[str] = []
    for piece in policy.ranked(ready, lambda p: (_gap(p.squares, enemies),), unit=1, order=by_key):
        if len(chosen) >= free:
            break
        if not could_be_spotted(state, concealed(piece)):
            chosen.append(piece.key)
    return tuple(chosen)


def scout(policy: SimplePolicy, state: GameState, piece: Piece) -> Path | None:
    """The Scout move (HoN core p.26) towards the side's goals, into the best cover, never
    by an objective; None to stay."""
    moves = scout_moves(state, piece)
    goals = movement.goal_squares(state, piece.owner)
    if moves is None or not goals:
        return None
    distances = _distance_field(state, piece, goals)
    shelter = cover_table(state, piece.colour)
    banned = barred(state)

    def score(position: Position) -> tuple[int]:
        near = min(distances.get(sq, FAR) for sq in position.squares)
        return (near * 2 - terrain_bonus(state, shelter, position.squares),)

    options = [p for p in moves if not banned & set(p.squares)]
    if not options:
        return None
    best = policy.least(options, score, unit=2, order=placed)
    if score(best)[0] >= score(Position(piece.squares, piece.facing))[0]:
        return None
    return moves[best]


def short_of_mines(state: GameState, piece: Piece, action: Action) -> Action:
    """A move that would cross or stop on a Mine marker, its own side's or the enemy's (the
    markers lie in the open), stops on the last square before it; with none it may stop
    on, the unit holds (BfC p.09)."""
    if not state.mines or not isinstance(action, Move) or action.fire is not None or action.cards:
        return action
    positions = action.path.positions
    first = next((i for i, p in enumerate(positions) if i and set(p.squares) & state.mines.keys()), None)
    if first is None:
        return action
    for stop in range(first - 1, 0, -1):
        if may_stand(state, piece, positions[stop].squares):
            short = replace(action.path, positions=positions[: stop + 1], cost=min(action.path.cost, stop))
            # Surprise cards only for the windows it still goes through (HoN core p.17).
            return Move(short, windows=action.windows[: windows_crossed(state.battlefield, short)])
    return Hold(HoldReason.MINE_IN_THE_WAY)


def _facing_vehicles(policy: SimplePolicy, state: GameState, carrier: Piece) -> tuple[Point, Point] | None:
    """The side of the carrier's front square nearest the nearest enemy vehicle (of those
    alike, one drawn), where Barbed Hedgehogs may go (they bar vehicles, BfC p.05), or None
    with no enemy vehicle."""
    vehicles = tuple(sq for p in state.enemies_of(carrier.owner) if p.is_vehicle for sq in p.squares)
    if not vehicles:
        return None
    c, r = carrier.squares[0]
    sides: list[tuple[int, tuple[Point, Point]]] = []  # the gap to the vehicles, the segment
    for beyond, segment in (
        ((c, r - 1), ((c, r), (c + 1, r))),
        ((c, r + 1), ((c, r + 1), (c + 1, r + 1))),
        ((c - 1, r), ((c, r), (c, r + 1))),
        ((c + 1, r), ((c + 1, r), (c + 1, r + 1))),
    ):
        if beyond not in carrier.squares and hedgehog_refusal(state, carrier, segment) is None:
            sides.append((_gap((beyond,), vehicles), segment))
    return policy.best_of(sides, lambda s: s[0], lambda s: s[1])[1] if sides else None
