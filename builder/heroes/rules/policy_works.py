"""The simple policy's field works (BfC p.08-09): an Engineer lifts the enemy's Mine markers
next to it; a unit that would only hold its ground lays a Mine marker where the nearest enemy
would walk in, and a Forward Position or Advanced Position where it stands to fight."""

from __future__ import annotations

from builder.heroes.rules.actions import Action
from builder.heroes.rules.mines import mine_squares, mines_to_clear
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.policy_base import FAR, PolicyBase, _gap
from builder.heroes.rules.state import GameState
from builder.heroes.rules.works import ClearMine, PlaceMine

MINE_WATCH = 8  # squares: a mine is laid only with an enemy this near (hon's choice)


class WorksChoices(PolicyBase):
    def _lift_mine(self, state: GameState, piece: Piece) -> Action | None:
        """An Engineer discards an enemy Mine marker next to it (BfC p.09)."""
        theirs = [sq for sq in mines_to_clear(state, piece) if state.mines[sq] != piece.owner]
        return ClearMine(theirs[0]) if theirs else None

    def _lay_mine(self, state: GameState, piece: Piece) -> Action | None:
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

        def nearness(square: Square) -> tuple[int, Square]:
            return (_gap((square,), enemies) if enemies else FAR, square)

        return PlaceMine(self._least(free, nearness, unit=1))
