"""Airplanes (BfC p.10-11, "Leaving on a Jet Plane"): Aviator, Driver and the Speed marker.

An Aviator ends its movement in an airplane: it turns over and rides in the cockpit, where it
cannot be targeted; when the airplane is destroyed it is put next to the wreck, inactive side up
and Suppressed (a Forced Move, played as the Crew ability's bail-out, `crew.py`). An airplane
cannot move without aviators equal to its Driver value aboard. It starts stationary (Speed X);
at the beginning of its Movement Action its controller may change the Speed marker, whose value
is the airplane's Movement Value; it moves like a two-square vehicle and at least that value less
one square. If the marker shows 6 as the action begins, it may take off after 6 squares in a
straight line: it is removed from play (it counts as having left the battlefield). A wing over a
building or a vehicle destroys it.

hon's readings, where the pictures are lost: the Speed markers run X, 2, 4, 6 and each may be
replaced by the one before or after it (the green-bordered values); "shows 6 as the action
begins" is the marker before it is changed, so an airplane rolls one action at 6 before it takes
off; the straight line is 6 squares forward along its facing, all on the battlefield; "squares
moved" are the movement points its path spends; a wing is the square beside its front square on
either hand."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.rules.actions import changes_of_state, movement
from builder.heroes.rules.actions.kinds import Board, Disembark, Fly
from builder.heroes.rules.actions.legality import allowed, refuse
from builder.heroes.rules.actions.transport import stepping_out_refusal
from builder.heroes.rules.errors import Code, Refusal, RulesError
from builder.heroes.rules.events.game import Boarding, EmbarkEvent, Flight, FlightEvent
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import step
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.geometry.path import Path, allowance
from builder.heroes.rules.geometry.reach import reachable
from builder.heroes.rules.geometry.squares import may_stand, neighbours_of
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.damage import destroy
from builder.heroes.rules.resolution.spotting import inactive
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

PAGE = "BfC p.10-11"
AVIATOR = "aviator"
DRIVER = "driver"
SPEEDS: tuple[int | None, ...] = (None, 2, 4, 6)  # the Speed markers, X first (hon's reading)
TAKE_OFF = 6  # the speed, and the straight squares, of a take-off


def is_airplane(piece: Piece) -> bool:
    return piece.is_vehicle and not piece.is_wreck and piece.side.ability_value(DRIVER) is not None


def aviators_in(state: GameState, airplane: Piece) -> list[Piece]:
    return [p for p in state.pieces.values() if p.embarked_in == airplane.key and p.side.has(AVIATOR)]


def crewed(state: GameState, airplane: Piece) -> bool:
    """Aviators equal to its Driver value are in the cockpit: it may be operated."""
    return len(aviators_in(state, airplane)) >= (airplane.side.ability_value(DRIVER) or 0)


def next_speeds(current: int | None) -> tuple[int | None, ...]:
    """The Speed markers that may replace `current`: itself, the one before and the one after."""
    at = SPEEDS.index(current)
    return SPEEDS[max(0, at - 1) : at + 2]


def at_speed(airplane: Piece, speed: int) -> Piece:
    """The airplane with the Speed marker's value as its Movement Value: what the movement
    search is asked with."""
    sides = [
        s.model_copy(update={"movement": speed}) if i == airplane.side_index else s
        for i, s in enumerate(airplane.unit.sides)
    ]
    return replace(airplane, unit=airplane.unit.model_copy(update={"sides": sides}))


def wings(position: Position) -> tuple[Square, Square]:
    front = position.squares[0]
    return step(front, position.facing + 2), step(front, position.facing - 2)


def wing_struck(state: GameState, airplane: Piece, path: Path) -> int | None:
    """The first position of `path` where a wing is over a building or a vehicle, or None."""
    field = state.battlefield
    vehicles = {sq for p in state.pieces.values() if p.is_vehicle and p.key != airplane.key for sq in p.squares}
    for index, position in enumerate(path.positions[1:], start=1):
        for square in wings(position):
            element = field.element_at.get(square)
            if square in vehicles or (element is not None and element.effects.building):
                return index
    return None


class Ground:
    """What an airplane rolls over, worked out once: the steps terrain allows it, the squares
    other units stand on, and those of vehicles and buildings a wing may strike."""

    def __init__(self, state: GameState, airplane: Piece) -> None:
        passage = passage_map(state.battlefield)
        # `entries` names the squares a step into a square may come from, judging only where
        # the step starts: where it ends is judged by `ground`.
        self.entries = passage.entries(airplane.unit, airplane.side, False, False)
        self.open = {
            sq for sq in state.battlefield.squares if passage.ground(sq, airplane.unit, airplane.side, False)[0]
        }
        others = [p for p in state.pieces.values() if p.key != airplane.key and p.embarked_in is None]
        self.occupied = frozenset(sq for p in others for sq in p.squares)
        buildings = {sq for e in state.battlefield.elements if e.effects.building for sq in e.cells}
        self.struck = frozenset(buildings | {sq for p in others if p.is_vehicle for sq in p.squares})

    def run(self, position: Position, limit: int) -> int:
        """How many squares the airplane standing at `position` can roll straight ahead, up to
        `limit`: each one on the battlefield, open to it, free of other units, wings clear."""
        here, count = position.squares[0], 0
        while count < limit:
            there = step(here, position.facing)
            if there not in self.open or here not in self.entries.get(there, ()) or there in self.occupied:
                break
            if any(wing in self.struck for wing in wings(Position((there,), position.facing))):
                break
            here, count = there, count + 1
        return count


def straight_run(state: GameState, airplane: Piece, position: Position, limit: int) -> int:
    return Ground(state, airplane).run(position, limit)


def straight_path(position: Position, squares: int) -> Path:
    """`squares` steps forward from `position`, the rear following the front."""
    positions = [position]
    for _ in range(squares):
        front = positions[-1].squares[0]
        positions.append(Position((step(front, position.facing), front), position.facing))
    return Path(tuple(positions), squares)


def flight_refusal(state: GameState, airplane: Piece, action: Fly) -> Refusal | None:
    """Why the airplane may not make this Movement Action, or None (BfC p.10-11)."""
    current = state.speeds.get(airplane.key)
    code = None
    if not is_airplane(airplane):
        code = Code.NOT_AN_AIRPLANE
    elif not crewed(state, airplane):
        code = Code.NO_AVIATOR
    elif action.speed not in next_speeds(current):
        code = Code.SPEED_STEP
    elif action.path.positions[0].squares != airplane.squares:
        code = Code.BAD_PATH
    elif action.take_off:
        code = _take_off_refusal(state, airplane, action, current)
    elif not action.speed - 1 <= action.path.cost <= action.speed:
        code = Code.SPEED_SQUARES
    if code is None:
        return None
    return Refusal(code, PAGE, unit=airplane.key, value=action.speed, limit=current)


def _take_off_refusal(state: GameState, airplane: Piece, action: Fly, current: int | None) -> Code | None:
    """Why the airplane may not take off so, or None: its Speed marker shows 6 as its
    Movement Action begins, and it runs 6 clear squares in a straight line (BfC p.11)."""
    start = action.path.positions[0]
    if current != TAKE_OFF or action.speed != TAKE_OFF:
        return Code.TAKE_OFF_SPEED
    if action.path != straight_path(start, TAKE_OFF):
        return Code.TAKE_OFF_RUN
    if straight_run(state, airplane, start, TAKE_OFF) < TAKE_OFF:
        return Code.RUNWAY_NOT_CLEAR
    return None


def board_refusal(state: GameState, aviator: Piece, airplane: Piece | None, cost: int) -> Refusal | None:
    """Why the Aviator may not end its movement (`cost` points spent so far) in the airplane."""
    if airplane is None or not is_airplane(airplane) or airplane.owner != aviator.owner:
        return Refusal(
            Code.NOT_ITS_SIDE, PAGE, unit=aviator.key, other=airplane.key if airplane else "", side=aviator.owner
        )
    if not aviator.side.has(AVIATOR) or aviator.embarked_in is not None:
        return Refusal(Code.NO_ABILITY, PAGE, unit=aviator.key, other="Aviator")
    if not set(aviator.squares) & set(neighbours_of(airplane.squares)):
        return Refusal(Code.NOT_ADJACENT, PAGE, unit=aviator.key, other=airplane.key)
    points = allowance(aviator)
    if points is None or cost + 1 > points:
        return Refusal(Code.NOT_IN_REACH, PAGE, unit=aviator.key, value=cost + 1, limit=points)
    if crewed(state, airplane):
        return Refusal(Code.COCKPIT_FULL, PAGE, unit=aviator.key, other=airplane.key)
    return None


def boardings(state: GameState, aviator: Piece) -> Iterator[Board]:
    """An Aviator getting into an airplane of its side with room in the cockpit (BfC
    p.10-11): from where it stands, and at the end of each Movement Action in reach."""
    if not aviator.side.has(AVIATOR) or aviator.embarked_in is not None or not aviator.squares:
        return
    planes = sorted((p for p in state.units(aviator.owner) if is_airplane(p)), key=lambda p: p.key)
    if not planes:
        return
    paths = (None, *(move.path for move in movement.moves(state, aviator)))
    yield from allowed(state, aviator, (Board(plane.key, path) for path in paths for plane in planes), boarding_refusal)


def boarding_refusal(state: GameState, aviator: Piece, action: Board) -> Refusal | None:
    """Why the Aviator may not end its move in the airplane, or None (`board_refusal`, where
    its move leaves it)."""
    cost = action.path.cost if action.path is not None else 0
    moves = action.path is not None and len(action.path.positions) > 1
    where = movement.arrived(aviator, action.path) if moves and action.path is not None else aviator
    return board_refusal(state, where, state.pieces.get(action.airplane), cost)


def board(turn: Turn, aviator: Piece, action: Board) -> None:
    refuse(Code.MAY_NOT_BOARD, boarding_refusal(turn.state, aviator, action))
    cost = action.path.cost if action.path is not None else 0
    if action.path is not None and len(action.path.positions) > 1:
        movement.move(turn, aviator, action.path, ends_action=False)
        moved = movement.moved_on(turn, aviator.key, action.path)
        if moved is None:  # stopped or destroyed on the way: it does not get in
            changes_of_state.spot_all(turn, except_key=aviator.key)
            return
        aviator = moved
    airplane = turn.state.pieces.get(action.airplane)
    problem = board_refusal(turn.state, aviator, airplane, cost)
    if problem is not None or airplane is None:
        raise RulesError(
            Code.MAY_NOT_BOARD, problem or Refusal(Code.NO_SUCH_PIECE, unit=aviator.key, other=action.airplane)
        )
    turned = replace(aviator, side_index=1 - aviator.side_index) if aviator.side.has(AVIATOR) else aviator
    turn.state.pieces[aviator.key] = replace(turned.moved(airplane.squares, airplane.facing), embarked_in=airplane.key)
    turn.add(
        EmbarkEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=aviator.owner,
            unit=aviator.key,
            transport=airplane.key,
            how=Boarding.TAKES_COCKPIT,
            page=PAGE,
        )
    )
    changes_of_state.spot_all(turn, except_key=aviator.key)


def cockpit_exits(state: GameState, aviator: Piece) -> Iterator[Disembark]:
    """The Aviator leaving its airplane's cockpit (BfC p.10-11): a representative set, the
    step out onto each square next to the airplane it may stand on (it may go on from there
    with what is left of its move)."""
    airplane = state.pieces.get(aviator.embarked_in or "")
    if airplane is None:
        return
    yield from allowed(state, aviator, map(Disembark, neighbours_of(airplane.squares)), cockpit_refusal)


def cockpit_refusal(state: GameState, aviator: Piece, action: Disembark) -> Refusal | None:
    """Why the Aviator may not leave its airplane so, or None: turned to its inactive side,
    onto a free square next to the airplane, then along a path from there its movement
    points cover, the step out counting one (BfC p.10-11)."""
    airplane = state.pieces.get(aviator.embarked_in or "")
    out = replace(inactive(aviator), embarked_in=None)
    if airplane is None or action.square not in neighbours_of(airplane.squares):
        return Refusal(Code.NOT_ADJACENT, PAGE, unit=aviator.key, other=aviator.embarked_in or "", square=action.square)
    if not may_stand(state, out, (action.square,)):
        return Refusal(Code.MAY_NOT_STAND, PAGE, unit=aviator.key, squares=(action.square,))
    return stepping_out_refusal(out, action.square, action.path, PAGE)


def leave_cockpit(turn: Turn, aviator: Piece, action: Disembark) -> None:
    """The Aviator begins its Movement Action turning to its inactive side, out onto a
    square next to the airplane (the step counts as one square, as a rider's, HoN core
    p.27), and may go on along `action.path` (BfC p.10-11)."""
    state = turn.state
    refuse(Code.MAY_NOT_DISEMBARK, cockpit_refusal(state, aviator, action))
    airplane = state.pieces[aviator.embarked_in or ""]
    out = replace(inactive(aviator), embarked_in=None)
    state.pieces[aviator.key] = out.moved((action.square,))
    turn.add(
        EmbarkEvent(
            turn=state.turn,
            phase=turn.phase,
            side=aviator.owner,
            unit=aviator.key,
            transport=airplane.key,
            out=True,
            to=(action.square,),
            how=Boarding.LEAVES_COCKPIT,
            page=PAGE,
        )
    )
    if action.path is not None and len(action.path.positions) > 1:
        movement.move(turn, state.pieces[aviator.key], action.path)
    else:
        changes_of_state.spot_all(turn, except_key=aviator.key)


def flights(state: GameState, airplane: Piece) -> Iterator[Fly]:
    """An airplane's Movement Action (BfC p.10-11), when crewed: at each Speed marker that
    may replace its own, to each position in reach at least the new value less one square
    away (a wing may strike a building or a vehicle on the way: the rules allow it, it
    destroys the airplane); and its take-off, when it may."""
    if not is_airplane(airplane) or not crewed(state, airplane):
        return
    here = Position(airplane.squares, airplane.facing)
    take_off = Fly(TAKE_OFF, straight_path(here, TAKE_OFF), take_off=True)
    yield from allowed(state, airplane, [take_off], flight_refusal)
    for speed in next_speeds(state.speeds.get(airplane.key)):
        if speed is None:
            continue
        reach = reachable(state.battlefield, state.pieces.values(), at_speed(airplane, speed), state.ruleset)
        for position in reach:
            if speed - 1 <= reach.cost(position) <= speed and position != here:
                yield Fly(speed, reach[position])


def fly(turn: Turn, airplane: Piece, action: Fly) -> None:
    state = turn.state
    refuse(Code.MAY_NOT_FLY, flight_refusal(state, airplane, action))
    before = state.speeds.get(airplane.key)
    state.speeds[airplane.key] = action.speed
    turn.add(
        FlightEvent(
            turn=state.turn,
            phase=turn.phase,
            side=airplane.owner,
            unit=airplane.key,
            speed=action.speed,
            flight=Flight.SPEED,
            was=before,
            taking_off=action.take_off,
            page=PAGE,
        )
    )
    path, struck = action.path, wing_struck(state, airplane, action.path)
    if struck is not None:
        path = replace(path, positions=path.positions[: struck + 1], cost=struck)
    movement.move(turn, airplane, path)
    flown = state.pieces.get(airplane.key)
    if flown is None or flown.is_wreck:
        return
    if struck is not None:
        turn.add(
            FlightEvent(
                turn=state.turn,
                phase=turn.phase,
                side=airplane.owner,
                unit=airplane.key,
                speed=action.speed,
                flight=Flight.WING_STRUCK,
                at=flown.squares,
                page=PAGE,
            )
        )
        effect, wreck = destroy(flown)
        hits.hurt(turn, flown, wreck, effect)
    elif action.take_off:
        _take_off(turn, flown)


def _take_off(turn: Turn, airplane: Piece) -> None:
    """Removed from play with its aviators: it has left the battlefield (BfC p.10-11)."""
    state = turn.state
    del state.pieces[airplane.key]
    state.exited[airplane.key] = airplane
    for key in sorted(k for k, p in state.pieces.items() if p.embarked_in == airplane.key):
        state.exited[key] = state.pieces.pop(key)
    turn.add(
        FlightEvent(
            turn=state.turn,
            phase=turn.phase,
            side=airplane.owner,
            unit=airplane.key,
            speed=TAKE_OFF,
            took_off=True,
            flight=Flight.TOOK_OFF,
            page=PAGE,
        )
    )
