"""Transport: embarking, disembarking, riders, and pushing wrecks (HoN core p.11, p.27)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions import assault, changes_of_state, movement
from builder.heroes.rules.actions.kinds import Disembark, Embark, PushWreck
from builder.heroes.rules.actions.legality import allowed, refuse
from builder.heroes.rules.errors import Code, Refusal, RulesError
from builder.heroes.rules.events.combat import Displaced
from builder.heroes.rules.events.game import (
    Boarding,
    EmbarkEvent,
    PushWreckEvent,
    RetreatEvent,
)
from builder.heroes.rules.geometry.grid import neighbours, range_between
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.geometry.path import Path, allowance
from builder.heroes.rules.geometry.squares import (
    forced_move_zones,
    may_stand,
    may_step_out,
    neighbours_of,
)
from builder.heroes.rules.pieces import STEPS, Piece, Square
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.cover import cover
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.resolution.spotting import inactive
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def load_of(piece: Piece) -> int:
    """What a unit takes of a transport's capacity (HoN core p.27): a Character 1, any other
    unit 2. The book's chart also counts 1 for units printing a symbol its text lost; hon
    counts them 2."""
    return 1 if piece.unit.role.is_character else 2


def embark_refusal(state: GameState, piece: Piece, transport: Piece) -> Refusal | None:
    """Why `piece` may not get into `transport` now, or None (HoN core p.27): infantry only,
    from a square next to it, into a vehicle with the Transport ability and room left, one
    counter of more than one square at most (a Scout transport scouts with Scouts only aboard:
    actions/scouting.py)."""
    if not set(piece.squares) & set(neighbours_of(transport.squares)):
        return Refusal(Code.NOT_ADJACENT, state.ruleset.cite("transport"), unit=piece.key, other=transport.key)
    return room_refusal(state, piece, transport)


def room_refusal(state: GameState, piece: Piece, transport: Piece) -> Refusal | None:
    """Why `transport` has no room for `piece`, or None (HoN core p.27)."""
    capacity = transport.side.ability_value("transport")
    code = None
    if not piece.is_infantry or piece.embarked_in is not None:
        code = Code.NOT_INFANTRY
    elif capacity is None or transport.is_wreck or transport.owner != piece.owner:
        code = Code.NOT_A_TRANSPORT
    else:
        aboard = [p for p in state.pieces.values() if p.embarked_in == transport.key]
        if sum(load_of(p) for p in aboard) + load_of(piece) > capacity:
            code = Code.NO_ROOM
        elif piece.unit.footprint > 1 and any(p.unit.footprint > 1 for p in aboard):
            code = Code.ONE_LARGE_COUNTER
    if code is None:
        return None
    return Refusal(code, state.ruleset.cite("transport"), unit=piece.key, other=transport.key, limit=capacity)


def launch_refusal(state: GameState, rider: Piece, defender: Piece) -> Refusal | None:
    """Why `rider` may not launch an assault from the transport it rides in, or None (HoN core
    p.25, p.27: "It is possible to launch an assault from a vehicle that has the Transport
    special ability"): the vehicle must be next to the defender."""
    transport = state.pieces.get(rider.embarked_in or "")
    page = state.ruleset.cite("transport")
    if transport is None or not transport.side.has("transport"):
        return Refusal(Code.NOT_A_TRANSPORT, page, unit=rider.key, other=rider.embarked_in or "")
    if not set(defender.squares) & set(neighbours_of(transport.squares)):
        return Refusal(Code.NO_LAUNCH, page, unit=rider.key, other=defender.key)
    return None


def refuges(state: GameState, piece: Piece, squares: list[Square]) -> dict[Square, Piece]:
    """The allied transports on `squares` with room for `piece`, by square: "it is also
    possible to retreat into a transport after being defeated in assault, whether as
    attacker or defender" (HoN core p.27)."""
    occupant = state.occupant()
    found: dict[Square, Piece] = {}
    for square in squares:
        other = occupant.get(square)
        if other is None or not other.is_vehicle or other.key == piece.key:
            continue
        if room_refusal(state, piece, other) is None:
            found[square] = other
    return found


def push_refusal(state: GameState, vehicle: Piece, wreck: Piece, direction: int) -> Refusal | None:
    """Why `vehicle`, one step in `direction`, may not push `wreck` one square, or None
    (HoN core p.11)."""
    page = state.ruleset.cite("pushing-wrecks")
    if vehicle.type is not UnitType.HEAVY_VEHICLE and len(wreck.squares) > 1:
        return Refusal(Code.WRECK_TOO_BIG, page, unit=vehicle.key, other=wreck.key)
    dc, dr = STEPS[direction]
    ahead = tuple((c + dc, r + dr) for c, r in vehicle.squares)
    vacated = set(ahead) - set(vehicle.squares)
    if not vacated & set(wreck.squares):
        return Refusal(Code.NOT_INTO_THE_WRECK, page, unit=vehicle.key, other=wreck.key)
    passage = passage_map(state.battlefield)
    for square in ahead:
        if passage.refusal(square, vehicle.unit, vehicle.side):
            return Refusal(Code.IMPASSABLE, page, unit=vehicle.key, square=square)
    return _landing_refusal(state, vehicle, wreck, tuple((c + dc, r + dr) for c, r in wreck.squares))


def _landing_refusal(state: GameState, vehicle: Piece, wreck: Piece, pushed_to: tuple[Square, ...]) -> Refusal | None:
    """Why the wreck may not be pushed onto `pushed_to`, or None: on the battlefield, into no
    terrain impassable to vehicles save water, onto no unit but infantry (HoN core p.11)."""
    page = state.ruleset.cite("pushing-wrecks")
    field = state.battlefield
    occupant = state.occupant()
    for square in pushed_to:
        if square not in field.squares:
            return Refusal(Code.OFF_THE_BATTLEFIELD, page, unit=wreck.key, square=square)
        effects = field.effects_at(square)
        barred = UnitType.LIGHT_VEHICLE in effects.impassable or UnitType.HEAVY_VEHICLE in effects.impassable
        if barred and not effects.water:
            return Refusal(Code.IMPASSABLE, page, unit=wreck.key, square=square)
        other = occupant.get(square)
        if other is not None and other.key not in (wreck.key, vehicle.key) and not other.is_infantry:
            return Refusal(Code.IN_THE_WAY, page, unit=wreck.key, other=other.key, square=square)
    return None


def pushes(state: GameState, vehicle: Piece) -> Iterator[PushWreck]:
    """Pushing a wreck (HoN core p.11): a representative set, from where the vehicle stands,
    one step in each direction that drives it into a wreck it may push (it may also move
    before the push)."""
    wrecks = sorted((p for p in state.pieces.values() if p.is_wreck and p.squares), key=lambda p: p.key)
    if not vehicle.is_vehicle or vehicle.embarked_in is not None or not wrecks:
        return
    candidates = (PushWreck(wreck.key, direction) for direction in range(len(STEPS)) for wreck in wrecks)
    yield from allowed(state, vehicle, candidates, pushing_refusal)


def pushing_refusal(state: GameState, vehicle: Piece, action: PushWreck) -> Refusal | None:
    """Why the vehicle may not push so, or None: a vehicle with a movement point left after
    its move, whose step drives it into the wreck and onto no other unit's square, the wreck
    pushed as `push_refusal` allows from where the move leaves it (HoN core p.11)."""
    page = state.ruleset.cite("pushing-wrecks")
    if not vehicle.is_vehicle:
        return Refusal(Code.NOT_A_VEHICLE, page, unit=vehicle.key)
    points = allowance(vehicle)
    cost = action.path.cost if action.path is not None else 0
    if points is None or cost + 1 > points:
        return Refusal(Code.NOT_IN_REACH, page, unit=vehicle.key, value=cost + 1, limit=points)
    wreck = state.pieces.get(action.wreck)
    if wreck is None or not wreck.is_wreck:
        return Refusal(Code.NO_SUCH_PIECE, unit=vehicle.key, other=action.wreck)
    moves = action.path is not None and len(action.path.positions) > 1
    pusher = movement.arrived(vehicle, action.path) if moves and action.path is not None else vehicle
    dc, dr = STEPS[action.direction]
    occupant = state.occupant()
    for square in ((c + dc, r + dr) for c, r in pusher.squares):
        other = occupant.get(square)
        if other is not None and other.key not in (vehicle.key, wreck.key):
            return Refusal(Code.IN_THE_WAY, page, unit=vehicle.key, other=other.key, square=square)
    return push_refusal(state, pusher, wreck, action.direction)


def push_wreck(turn: Turn, vehicle: Piece, action: PushWreck) -> None:
    """One square, in the direction of the pushing vehicle's move, the wreck keeping its
    orientation; light vehicles push one-square wrecks only; never off the battlefield,
    into terrain impassable to vehicles save water (a wreck all in water sinks), nor
    when the square the vehicle vacates it into is impassable to it; infantry where the
    wreck lands makes a Forced Move (HoN core p.11)."""
    cite = turn.state.ruleset.cite
    refuse(Code.MAY_NOT_PUSH, pushing_refusal(turn.state, vehicle, action))
    if action.path is not None and len(action.path.positions) > 1:
        movement.move(turn, vehicle, action.path, ends_action=False)
        moved = movement.moved_on(turn, vehicle.key, action.path)
        if moved is None:  # Opportunity Fire on the way: no push (HoN core p.15, p.24)
            changes_of_state.spot_all(turn, except_key=vehicle.key)
            return
        vehicle = moved
    wreck = turn.state.pieces.get(action.wreck)
    if wreck is None or not wreck.is_wreck:
        raise RulesError(Code.NO_TARGET, f"no wreck {action.wreck}")
    refuse(Code.MAY_NOT_PUSH, push_refusal(turn.state, vehicle, wreck, action.direction))
    dc, dr = STEPS[action.direction]
    pushed_to = tuple((c + dc, r + dr) for c, r in wreck.squares)
    ahead = tuple((c + dc, r + dr) for c, r in vehicle.squares)
    field = turn.state.battlefield
    sinks = all(field.effects_at(sq).water for sq in pushed_to)
    victims = [
        p
        for p in turn.state.units()
        if p.is_infantry and p.embarked_in is None and set(p.squares) & set(pushed_to) and p.key != vehicle.key
    ]
    if sinks:
        del turn.state.pieces[wreck.key]
    else:
        turn.state.pieces[wreck.key] = wreck.moved(pushed_to)
    turn.state.pieces[vehicle.key] = vehicle.moved(ahead)
    carry(turn, turn.state.pieces[vehicle.key])
    turn.add(
        PushWreckEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=vehicle.owner,
            unit=vehicle.key,
            wreck=wreck.key,
            to=None if sinks else pushed_to,
            page=cite("pushing-wrecks"),
        )
    )
    for victim in sorted(victims, key=lambda p: p.key):
        ranked = sorted(neighbours(victim.square), key=lambda sq: (-cover(turn.state, victim, (sq,)), sq))
        if inactive(victim).side.movement == 0:
            ranked = []
        assault.displace(turn, victim, ranked, Displaced.WRECK_PUSHED, "pushing-wrecks", by=wreck.key)
    changes_of_state.spot_all(turn, except_key=vehicle.key)


def carry(turn: Turn, vehicle: Piece) -> None:
    """The units a transport carries stand where it stands: their LoS is drawn from one
    of its squares (HoN core p.27)."""
    pieces = turn.state.pieces
    riders = [key for key, other in pieces.items() if other.embarked_in == vehicle.key]
    for key in riders:  # most moves carry no one: no copy of the whole table
        pieces[key] = pieces[key].moved(vehicle.squares, vehicle.facing)


def embarkings(state: GameState, piece: Piece) -> Iterator[Embark]:
    """Getting into a transport of its side with room for it (HoN core p.27): from where the
    unit stands, and at the end of each Movement Action in reach that ends next to one."""
    if not piece.is_infantry or piece.embarked_in is not None or not piece.squares:
        return
    near = (allowance(piece) or 0) + 1  # every step of a move costs a point; then next to it
    transports = sorted(
        (
            t
            for t in state.units(piece.owner)
            if t.key != piece.key
            and range_between(piece.squares, t.squares) <= near
            and room_refusal(state, piece, t) is None
        ),
        key=lambda t: t.key,
    )
    if not transports:
        return
    for path in (None, *(move.path for move in movement.moves(state, piece))):
        where = piece if path is None else movement.arrived(piece, path)
        yield from (Embark(t.key, path) for t in transports if embark_refusal(state, where, t) is None)


def embarking_refusal(state: GameState, piece: Piece, action: Embark) -> Refusal | None:
    """Why the unit may not get into the transport at the end of its move, or None
    (`embark_refusal`, where the move leaves it)."""
    transport = state.pieces.get(action.transport)
    if transport is None:
        return Refusal(Code.NO_SUCH_PIECE, unit=piece.key, other=action.transport)
    moves = action.path is not None and len(action.path.positions) > 1
    where = movement.arrived(piece, action.path) if moves and action.path is not None else piece
    return embark_refusal(state, where, transport)


def embark(turn: Turn, piece: Piece, action: Embark) -> None:
    refuse(Code.MAY_NOT_EMBARK, embarking_refusal(turn.state, piece, action))
    transport = turn.state.pieces[action.transport]
    if action.path is not None and len(action.path.positions) > 1:
        movement.move(turn, piece, action.path, ends_action=False)
        moved = movement.moved_on(turn, piece.key, action.path)
        if moved is None:  # Opportunity Fire on the way: it does not get in (HoN core p.24)
            changes_of_state.spot_all(turn, except_key=piece.key)
            return
        piece = moved
    refuse(Code.MAY_NOT_EMBARK, embark_refusal(turn.state, piece, transport))
    turn.state.pieces[piece.key] = replace(piece.moved(transport.squares, transport.facing), embarked_in=transport.key)
    turn.add(
        EmbarkEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            transport=transport.key,
            how=Boarding.GETS_IN,
            page=turn.state.ruleset.cite("transport"),
        )
    )
    changes_of_state.spot_all(turn, except_key=piece.key)


def disembarkings(state: GameState, piece: Piece) -> Iterator[Disembark]:
    """Getting off its transport at the start of a Movement Action (HoN core p.27): a
    representative set, the step out onto each square next to it it may stand on (it may go
    on from there with what is left of its move); none for a unit an Aid marker holds (SoN
    p.18)."""
    transport = state.pieces.get(piece.embarked_in or "")
    if transport is None or piece.key in state.mythos.aid.values():
        return
    yield from allowed(state, piece, map(Disembark, neighbours_of(transport.squares)), disembark_refusal)


def disembark_refusal(state: GameState, piece: Piece, action: Disembark) -> Refusal | None:
    """Why the unit may not get off its transport so, or None: onto a square next to it it
    may stand on, then along a path from there its movement points cover, the step out
    counting one (HoN core p.27)."""
    square, path, page = action.square, action.path, state.ruleset.cite("transport")
    transport = state.pieces.get(piece.embarked_in or "")
    if transport is None:
        return Refusal(Code.NOT_ABOARD, page, unit=piece.key)
    if square not in neighbours_of(transport.squares):
        return Refusal(Code.NOT_ADJACENT, page, unit=piece.key, other=transport.key, square=square)
    out = replace(piece, embarked_in=None)
    if not may_stand(state, out, (square,)):
        return Refusal(Code.MAY_NOT_STAND, page, unit=piece.key, squares=(square,))
    return stepping_out_refusal(out, square, path, page)


def stepping_out_refusal(out: Piece, square: Square, path: Path | None, page: str) -> Refusal | None:
    """Why a unit out of its transport or airplane onto `square` may not go on along `path`,
    or None: a path from that square its movement points cover, the step out counting one
    (HoN core p.27; BfC p.10-11)."""
    if path is None:
        return None
    if path.positions[0].squares != (square,):
        return Refusal(Code.BAD_PATH, page, unit=out.key, square=square)
    points = allowance(out)
    if points is None or path.cost + 1 > points:
        return Refusal(Code.NOT_IN_REACH, page, unit=out.key, value=path.cost + 1, limit=points)
    return None


def disembark(turn: Turn, piece: Piece, action: Disembark) -> None:
    square, path = action.square, action.path
    refuse(Code.MAY_NOT_DISEMBARK, disembark_refusal(turn.state, piece, action))
    transport = turn.state.pieces[piece.embarked_in or ""]
    out = replace(piece, embarked_in=None)
    turn.state.pieces[piece.key] = out.moved((square,))
    turn.add(
        EmbarkEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            transport=transport.key,
            out=True,
            to=(square,),
            how=Boarding.GETS_OFF,
            page=turn.state.ruleset.cite("transport"),
        )
    )
    if path is not None and len(path.positions) > 1:
        movement.move(turn, turn.state.pieces[piece.key], path)
    else:
        changes_of_state.spot_all(turn, except_key=piece.key)


def unload(turn: Turn, vehicle: Piece) -> None:
    """The transport is destroyed: the units inside take no hit but are redeployed,
    Inactive Side up and each with a Suppressed marker, in unoccupied squares next to
    the wreck, never within an enemy ZoC, as their owner chooses (HoN core p.27). A Forced
    Move: with no such square, or an X Movement Value, a unit is destroyed (p.9)."""
    cite = turn.state.ruleset.cite
    zones_cache: dict[str, dict[Square, frozenset[str]]] = {}
    for key in sorted(k for k, p in turn.state.pieces.items() if p.embarked_in == vehicle.key):
        rider = replace(turn.state.pieces[key], embarked_in=None)
        zones = zones_cache.get(rider.owner)
        if zones is None:
            zones = zones_cache[rider.owner] = forced_move_zones(turn.state, rider)
        around = sorted(neighbours_of(vehicle.squares), key=lambda sq: (-cover(turn.state, rider, (sq,)), sq))
        free = [
            sq
            for sq in around
            if inactive(rider).side.movement is not None
            and may_stand(turn.state, rider, (sq,))
            and sq not in zones
            and may_step_out(turn.state, rider, vehicle.squares, sq)
        ]
        if free:
            placed = replace(inactive(rider).moved((free[0],)), suppressed=rider.suppressed + 1)
            turn.state.pieces[key] = placed
            turn.add(
                EmbarkEvent(
                    turn=turn.state.turn,
                    phase=turn.phase,
                    side=rider.owner,
                    unit=key,
                    transport=vehicle.key,
                    out=True,
                    to=(free[0],),
                    how=Boarding.BURNING,
                    page=cite("transport"),
                )
            )
        else:
            turn.state.pieces[key] = rider
            turn.add(
                RetreatEvent(
                    turn=turn.state.turn,
                    phase=turn.phase,
                    side=rider.owner,
                    unit=key,
                    why=Displaced.TRAPPED,
                    by=vehicle.key,
                    page=cite("transport"),
                )
            )
            hits.hurt(turn, rider, None, Effect.DESTROYED, hit=False)
