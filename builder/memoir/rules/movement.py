"""Movement (M44 summary, "Move"): units move one at a time, at most once a turn, up to
their type's hexes; no unit may move onto or through a hex with any other unit in it;
figures move together. Terrain (example values, builder.memoir.rules.terrain): impassable
ground, ground that stops a unit entering it, ground that may only be entered from next to
it, and ground that caps the move (beaches)."""

from __future__ import annotations

from dataclasses import dataclass

from builder.memoir.hexes import Hex
from builder.memoir.rules.state import GameState, Piece

PAGE = "M44 summary: Move"


@dataclass(frozen=True)
class Step:
    """A hex a unit can reach this turn, how many hexes it took and by which path."""

    place: Hex
    hexes: int
    path: tuple[Hex, ...]


def reachable(state: GameState, piece: Piece) -> dict[Hex, Step]:
    """Every hex the unit may end its move on (its own hex, 0 hexes, among them)."""
    found: dict[Hex, Step] = {piece.place: Step(piece.place, 0, (piece.place,))}
    frontier: list[tuple[Step, int]] = [(found[piece.place], piece.rules.move)]
    while frontier:
        following: list[tuple[Step, int]] = []
        for step, cap in frontier:
            if step.hexes >= cap:
                continue
            for place in step.place.neighbours():
                if not enterable(state, piece, step, place):
                    continue
                ground = state.battlefield.ground(place)
                limit = min(cap, ground.max_move) if ground.max_move is not None else cap
                if step.hexes + 1 > limit:
                    continue
                reached = Step(place, step.hexes + 1, (*step.path, place))
                if place not in found or found[place].hexes > reached.hexes:
                    found[place] = reached
                if not ground.stops:
                    following.append((reached, limit))
        frontier = following
    return found


def enterable(state: GameState, piece: Piece, step: Step, place: Hex) -> bool:
    if not state.battlefield.on_board(place) or place in state.occupied or place in step.path:
        return False
    ground = state.battlefield.ground(place)
    if ground.impassable(piece.type):
        return False
    return not (ground.adjacent_only and step.hexes > 0)


def may_battle_after(state: GameState, piece: Piece, moved: int) -> bool:
    """Whether the unit may still battle after moving `moved` hexes to where it stands: its
    type's move-and-battle, no battle from ground that forbids it (the ocean), and none after
    entering ground that forbids it (French Resistance excepted)."""
    ground = state.battlefield.ground(piece.place)
    if not piece.rules.can_battle_after(moved) or ground.cannot_battle:
        return False
    entered = moved > 0 and ground.no_battle
    return not entered or piece.rules.battles_on_entry
