"""The simple policy's airplanes (BfC p.10-11): each Aviator walks to the nearest airplane of
its side still without one and gets in; a crewed airplane taxis towards a straight lane long
enough to speed up and take off, gathering speed one Speed marker at a time.

The lane: an airplane at Speed 4 with 11 clear squares ahead changes to 6 and rolls 5 or 6 of
them, then, the marker showing 6 as its next action begins, takes off along the last 6. Until it
stands at the head of such a lane it heads for the nearest one (front square and facing), as
fast as the squares it must then move allow."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.ai.common import FAR, _gap, itself
from builder.heroes.ai.movement import _distance_field, placed
from builder.heroes.rules.actions.aviation import (
    AVIATOR,
    PAGE,
    TAKE_OFF,
    Ground,
    at_speed,
    crewed,
    is_airplane,
    next_speeds,
    straight_path,
    wing_struck,
)
from builder.heroes.rules.actions.kinds import Action, Board, Fly, Hold, Move
from builder.heroes.rules.events.game import HoldReason
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import step
from builder.heroes.rules.geometry.path import allowance
from builder.heroes.rules.geometry.reach import reachable, reachable_squares
from builder.heroes.rules.geometry.squares import neighbours_of
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy

LANE = 11  # clear squares ahead: 5 rolled at Speed 6, then the 6 of the take-off


def flight(policy: SimplePolicy, state: GameState, piece: Piece) -> Action | None:
    """What an Aviator on foot or an airplane does, None for any other unit."""
    if piece.embarked_in is None and piece.side.has(AVIATOR):
        return _to_cockpit(policy, state, piece)
    if is_airplane(piece):
        if not crewed(state, piece):
            return Hold(HoldReason.NO_AVIATOR, PAGE)
        return _taxi(policy, state, piece)
    return None


def _to_cockpit(policy: SimplePolicy, state: GameState, pilot: Piece) -> Action | None:
    """Into its airplane when it can reach a square next to it with a point to spare (the
    cheapest, of those alike one drawn), else as near to it as it gets. Pilots and empty
    airplanes are paired nearest first."""
    plane = _paired(state, pilot)
    points = allowance(pilot)
    if plane is None or not points:
        return None
    doors = frozenset(neighbours_of(plane.squares))
    reach = reachable_squares(state.battlefield, state.pieces.values(), pilot, state.ruleset)
    ready = [sq for sq, path in reach.items() if sq in doors and path.cost + 1 <= points]
    if ready:
        path = reach[policy.best_of(ready, lambda sq: reach[sq].cost, itself)]
        return Board(plane.key, path if len(path.positions) > 1 else None)
    distances = _distance_field(state, pilot, doors)
    best = policy.best_of(reach, lambda sq: (distances.get(sq, FAR), reach[sq].cost), itself)
    if distances.get(best, FAR) >= distances.get(pilot.square, FAR):
        return Hold(HoldReason.NO_NEARER_AIRPLANE)
    return Move(reach[best])


def _taxi(policy: SimplePolicy, state: GameState, plane: Piece) -> Action:
    here = Position(plane.squares, plane.facing)
    current = state.speeds.get(plane.key)
    ground = Ground(state, plane)
    if current == TAKE_OFF and ground.run(here, TAKE_OFF) >= TAKE_OFF:
        return Fly(TAKE_OFF, straight_path(here, TAKE_OFF), take_off=True)
    lanes = _lane_heads(state, ground)
    found: list[tuple[tuple[int, int, int], Position, Fly]] = []
    for speed in next_speeds(current):
        if speed is None:
            continue
        reach = reachable(state.battlefield, state.pieces.values(), at_speed(plane, speed), state.ruleset)
        for position in reach:
            cost = reach.cost(position)
            if cost < speed - 1 or position == here:
                continue
            path = reach[position]
            if wing_struck(state, plane, path) is not None:
                continue
            score = (_tier(ground, position, speed), _to_lane(position, lanes), -speed)
            found.append((score, position, Fly(speed, path)))
    if not found:
        return Hold(HoldReason.NO_WAY_TO_TAXI)
    return policy.best_of(found, lambda f: f[0], lambda f: (placed(f[1]), f[2].speed))[2]


def _paired(state: GameState, pilot: Piece) -> Piece | None:
    """The airplane this Aviator heads for: pilots and empty airplanes of the side paired by
    distance, nearest pair first."""
    pilots = [p for p in state.units(pilot.owner) if p.embarked_in is None and p.side.has(AVIATOR)]
    planes = [p for p in state.units(pilot.owner) if is_airplane(p) and not crewed(state, p)]
    pairs = sorted((_gap(a.squares, b.squares), a.key, b.key) for a in pilots for b in planes)
    taken: set[str] = set()
    for _, who, which in pairs:
        if who in taken or which in taken:
            continue
        if who == pilot.key:
            return state.pieces[which]
        taken.update((who, which))
    return None


def _tier(ground: Ground, position: Position, speed: int) -> int:
    """0: it takes off next action; 1: it speeds up to 6 along its lane next; 2: taxiing at
    Speed 4 or more; 3: slower."""
    run = ground.run(position, LANE)
    if speed == TAKE_OFF and run >= TAKE_OFF:
        return 0
    if speed >= 4 and run >= LANE:
        return 1
    return 2 if speed >= 4 else 3


def _lane_heads(state: GameState, ground: Ground) -> list[Position]:
    """Every place and facing from which the airplane could roll LANE clear squares."""
    found: list[Position] = []
    for square in sorted(state.battlefield.squares):
        for facing in range(8):
            position = Position((square, step(square, facing + 4)), facing)
            if position.squares[1] in state.battlefield.squares and ground.run(position, LANE) >= LANE:
                found.append(position)
    return found


def _to_lane(position: Position, lanes: list[Position]) -> int:
    """Squares and 45° turns from `position` to the nearest lane head."""
    c, r = position.squares[0]

    def gap(lane: Position) -> int:
        lc, lr = lane.squares[0]
        turn = abs(lane.facing - position.facing) % 8
        return max(abs(lc - c), abs(lr - r)) + min(turn, 8 - turn)

    return min((gap(lane) for lane in lanes), default=FAR)
