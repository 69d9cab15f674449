"""Gear markers spent on a Movement Action (HoN core p.28; BfC p.09): Fuel (+2 squares to a
vehicle's Movement Value, each marker) and the Tactical Map (every Difficult Passage ignored
for that action, by a Character or a unit within 3 squares of one), spent at its start; the
Culin Hedgerow Cutter's Passage markers, one on each hedgerow square a heavy vehicle moves
through (builder.heroes.rules.gear_passage)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules import gear_firing, moving
from builder.heroes.rules.combat import name
from builder.heroes.rules.footprint import Position
from builder.heroes.rules.gear import FUEL_SQUARES, MAX_IDENTICAL, RECCE_PAGE, GearMove
from builder.heroes.rules.gear_passage import (
    OPENED,
    cut_through,
    hedgehogs_crossed,
    passage_markers,
    squares_cut,
    without_hedgehogs,
)
from builder.heroes.rules.grid import edge_of_segment, range_between
from builder.heroes.rules.movement import reachable
from builder.heroes.rules.path import allowance
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.reach import Reach
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


def gear_move(turn: Turn, piece: Piece, action: GearMove) -> None:
    state = turn.state
    if action.move.cards:
        raise ValueError(f"hon plays no movement card with gear markers ({RECCE_PAGE})")
    if action.fuel < 0 or action.fuel > MAX_IDENTICAL:
        raise ValueError(f"0 to {MAX_IDENTICAL} Fuel markers on one Movement Action ({RECCE_PAGE})")
    fuel = state.gear_for(piece, "fuel") if action.fuel else None
    if action.fuel and (not piece.is_vehicle or fuel is None or fuel.count < action.fuel):
        raise ValueError(f"{name(piece)} has not {action.fuel} Fuel marker(s) ({RECCE_PAGE})")
    found = map_for(state, piece) if action.tactical_map else None
    if action.tactical_map and found is None:
        raise ValueError(f"{name(piece)} has no Tactical Map within {MAP_REACH} squares ({RECCE_PAGE})")
    path = action.move.path
    points = allowance(piece) or 0
    end = path.destination
    cut, wire = _passages(turn, piece, action)
    reach = gear_reach(state, piece, action.fuel, action.tactical_map, bool(cut or wire))
    if end not in reach or path.cost > points + FUEL_SQUARES * action.fuel:
        raise ValueError(f"{name(piece)} cannot reach {list(end.squares)} even with its gear ({RECCE_PAGE})")
    if cut:
        where = ", ".join(str(list(sq)) for sq in cut)
        gear_firing.spend_marker(
            turn, piece, "passage", PASSAGE_PAGE, f"it drives through the hedgerow at {where}", len(cut)
        )
        state.battlefield = cut_through(state.battlefield, frozenset(cut))
    if wire:
        squares = sorted(
            {sq for j in wire for p, q in state.battlefield.lines[j].segments for sq in edge_of_segment(p, q)}
        )
        said = f"it drives through the barbed hedgehogs at {', '.join(str(list(sq)) for sq in squares)}, discarded"
        gear_firing.spend_marker(
            turn, piece, "passage", PASSAGE_PAGE, f"{said} (hon's reading of the barbed wire tokens)"
        )
        state.battlefield = without_hedgehogs(state.battlefield, wire)
    if action.fuel:
        gear_firing.spend_marker(turn, piece, "fuel", RECCE_PAGE, f"+{FUEL_SQUARES * action.fuel} squares", action.fuel)
    if found is not None:
        character = found[1]
        gear_firing.spend_marker(
            turn, character, "tactical-map", RECCE_PAGE, f"{name(piece)} ignores every Difficult Passage"
        )
    moving.move(turn, piece, path, shots=action.move.fire, fire_at=action.move.fire_at)


def _passages(turn: Turn, piece: Piece, action: GearMove) -> tuple[list[Square], list[int]]:
    """The hedgerow squares a heavy vehicle's move cuts through, one Passage marker each,
    and the barbed hedgehog lines it moves through, one marker for all (HoN core p.28),
    checked before anything is spent."""
    if not action.passage:
        return [], []
    field, path = turn.state.battlefield, action.move.path
    cut, wire = squares_cut(field, path), hedgehogs_crossed(field, path)
    pool = turn.state.gear_for(piece, "passage")
    needed = passage_markers(field, path)
    if piece.type is not UnitType.HEAVY_VEHICLE or pool is None or not needed or pool.count < needed:
        raise ValueError(
            f"{name(piece)} has not a Passage marker for each hedgerow, and one for the barbed wire, it moves "
            f"through ({PASSAGE_PAGE})"
        )
    return cut, wire
