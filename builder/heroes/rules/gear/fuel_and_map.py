"""Gear markers spent on a Movement Action (HoN core p.28; BfC p.09): Fuel (+2 squares to a
vehicle's Movement Value, each marker) and the Tactical Map (every Difficult Passage ignored
for that action, by a Character or a unit within 3 squares of one), spent at its start; the
Culin Hedgerow Cutter's Passage markers, one on each hedgerow square a heavy vehicle moves
through (builder.heroes.rules.gear.hedgerow_cutter)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions import movement
from builder.heroes.rules.actions.kinds import Move
from builder.heroes.rules.actions.legality import refuse
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.gear import alternate_fire
from builder.heroes.rules.gear.hedgerow_cutter import (
    OPENED,
    cut_through,
    hedgehogs_crossed,
    passage_markers,
    squares_cut,
    without_hedgehogs,
)
from builder.heroes.rules.gear.markers import FUEL_SQUARES, MAX_IDENTICAL, RECCE_PAGE, GearMove
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import edge_of_segment, range_between
from builder.heroes.rules.geometry.path import allowance
from builder.heroes.rules.geometry.reach import Reach, reachable
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import GameState, GearPool

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

PASSAGE_PAGE = "HoN core p.28"
MAP_REACH = 3  # squares from the Character within which a unit may use its Tactical Map (BfC p.09)


def map_for(state: GameState, piece: Piece) -> tuple[GearPool, Piece] | None:
    """The Tactical Map pool `piece` may use and its Character: one of the side's Characters
    it serves, the piece itself or one within 3 squares of it (BfC p.09)."""
    if not piece.squares:
        return None
    for pool in state.gear:
        if pool.marker != "tactical-map" or pool.count <= 0 or pool.side != piece.owner:
            continue
        for character in sorted(state.units(piece.owner), key=lambda p: p.key):
            if not pool.serves(character) or not character.squares or character.embarked_in is not None:
                continue
            if character.key == piece.key or range_between(character.squares, piece.squares) <= MAP_REACH:
                return pool, character
    return None


def gear_reach(
    state: GameState, piece: Piece, fuel: int, tactical_map: bool, passage: bool = False
) -> Reach[Position] | Reach[Square] | Reach[int]:
    """Where the piece may end a Movement Action with these markers, and how; with `passage`,
    through every hedgerow (HoN core p.28)."""
    return reachable(
        OPENED(state.battlefield) if passage else state.battlefield,
        state.pieces.values(),
        piece,
        state.ruleset,
        ignore_difficult=tactical_map,
        bonus=FUEL_SQUARES * fuel,
    )


def gear_moves(state: GameState, piece: Piece) -> Iterator[GearMove]:
    """A Movement Action with gear markers spent at its start (HoN core p.28; BfC p.09): a
    Tactical Map, Passage markers through the hedgerows (a heavy vehicle), 1 to 3 Fuel
    markers (a vehicle); to each position only those markers bring in reach, by its
    cheapest path. A representative set: one kind of marker on each action."""
    if movement.movement_points(state, piece) is None:
        return
    fuel = state.gear_for(piece, "fuel") if piece.is_vehicle else None
    kinds = [(0, True, False)] if map_for(state, piece) is not None else []
    kinds += [(0, False, True)] if piece.type is UnitType.HEAVY_VEHICLE and state.gear_for(piece, "passage") else []
    kinds += [(n, False, False) for n in range(1, min(MAX_IDENTICAL, fuel.count) + 1)] if fuel is not None else []
    plain = gear_reach(state, piece, 0, False) if kinds else None
    for count, tactical, passage in kinds:
        reach = gear_reach(state, piece, count, tactical, passage)
        for position in reach:
            action = GearMove(Move(reach[position]), count, tactical, passage)
            if plain is not None and position not in plain and _spent_refusal(state, piece, action) is None:
                yield action


def gear_move_refusal(state: GameState, piece: Piece, action: GearMove) -> Refusal | None:
    """Why the unit may not make this Movement Action with these markers, or None: markers it
    may spend (`_spent_refusal`), and a path they bring in reach."""
    problem = _spent_refusal(state, piece, action)
    if problem is not None:
        return problem
    path = action.move.path
    reach = gear_reach(state, piece, action.fuel, action.tactical_map, action.passage)
    points = (allowance(piece) or 0) + FUEL_SQUARES * action.fuel
    if path.destination not in reach or path.cost > points:
        return Refusal(
            Code.NOT_IN_REACH,
            RECCE_PAGE,
            unit=piece.key,
            squares=path.destination.squares,
            value=path.cost,
            limit=points,
        )
    return None


def _spent_refusal(state: GameState, piece: Piece, action: GearMove) -> Refusal | None:
    """Why the unit may not spend these markers on the move, or None: no movement card with
    them (hon's reading), 0 to 3 Fuel markers of a vehicle's, a Tactical Map within 3
    squares (BfC p.09), a Passage marker for each hedgerow a heavy vehicle cuts through and
    one for the barbed hedgehogs (HoN core p.28)."""
    if action.move.cards:
        return Refusal(Code.CARDS_WITH_GEAR, RECCE_PAGE, unit=piece.key)
    fuel = Refusal(Code.NO_MARKER, RECCE_PAGE, unit=piece.key, other="Fuel", value=action.fuel)
    if action.fuel < 0 or action.fuel > MAX_IDENTICAL:
        return replace(fuel, code=Code.MARKER_COUNT, limit=MAX_IDENTICAL)
    pool = state.gear_for(piece, "fuel") if action.fuel else None
    if action.fuel and (not piece.is_vehicle or pool is None or pool.count < action.fuel):
        return fuel
    if action.tactical_map and map_for(state, piece) is None:
        return Refusal(Code.NO_TACTICAL_MAP, RECCE_PAGE, unit=piece.key, limit=MAP_REACH)
    if not action.passage:
        return None
    pool = state.gear_for(piece, "passage")
    needed = passage_markers(state.battlefield, action.move.path)
    if piece.type is not UnitType.HEAVY_VEHICLE or pool is None or not needed or pool.count < needed:
        return Refusal(Code.NO_MARKER, PASSAGE_PAGE, unit=piece.key, other="Passage", value=needed)
    return None


def gear_move(turn: Turn, piece: Piece, action: GearMove) -> None:
    state = turn.state
    refuse(Code.MAY_NOT_USE_GEAR, gear_move_refusal(state, piece, action))
    found = map_for(state, piece) if action.tactical_map else None
    path = action.move.path
    cut, wire = _passages(turn, piece, action)
    if cut:
        alternate_fire.spend_marker(turn, piece, "passage", PASSAGE_PAGE, GearUse.HEDGEROW, len(cut), at=tuple(cut))
        state.battlefield = cut_through(state.battlefield, frozenset(cut))
    if wire:
        squares = sorted(
            {sq for j in wire for p, q in state.battlefield.lines[j].segments for sq in edge_of_segment(p, q)}
        )
        alternate_fire.spend_marker(turn, piece, "passage", PASSAGE_PAGE, GearUse.BARBED_WIRE, at=tuple(squares))
        state.battlefield = without_hedgehogs(state.battlefield, wire)
    if action.fuel:
        alternate_fire.spend_marker(
            turn, piece, "fuel", RECCE_PAGE, GearUse.FUEL, action.fuel, value=FUEL_SQUARES * action.fuel
        )
    if found is not None:
        character = found[1]
        alternate_fire.spend_marker(turn, character, "tactical-map", RECCE_PAGE, GearUse.TACTICAL_MAP, target=piece.key)
    movement.move(turn, piece, path, shots=action.move.fire, fire_at=action.move.fire_at)


def _passages(turn: Turn, piece: Piece, action: GearMove) -> tuple[list[Square], list[int]]:
    """The hedgerow squares a heavy vehicle's move cuts through, one Passage marker each,
    and the barbed hedgehog lines it moves through, one marker for all (HoN core p.28),
    checked by `_spent_refusal` before anything is spent."""
    if not action.passage:
        return [], []
    field, path = turn.state.battlefield, action.move.path
    return squares_cut(field, path), hedgehogs_crossed(field, path)
