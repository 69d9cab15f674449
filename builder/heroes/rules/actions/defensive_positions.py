"""Defensive positions (HoN core p.19): "Some enable Infantry Units to take Opportunistic Fire
(see p.24) during the Activation Phase. Opportunistic Fire provided by Defensive Position
cannot target units that are also inside the Terrain Element."

Which positions do is printed on their tiles, not in the book: a terrain element says so with
the `opportunity_fire` effect. An infantry unit completely inside such an element may take
Opportunity Fire as if it had the ability (the rules of p.24 otherwise unchanged: once per
turn, not yet activated, it is activated by it), never at a unit inside the same element.
A unit that has the ability itself fires under it and is not limited so."""

from __future__ import annotations

from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import GameState

# The squares of the elements that give Opportunity Fire, per battlefield: every enemy of a
# unit that moves is asked whether it may take it, most of them far from any such element.
_POSITIONS: PerBattlefield[frozenset[Square]] = PerBattlefield(
    lambda field: frozenset(sq for sq, element in field.element_at.items() if element.effects.opportunity_fire)
)


def position_of(state: GameState, piece: Piece) -> str | None:
    """The key of the element giving Opportunity Fire that holds every square of the unit."""
    if _POSITIONS(state.battlefield).isdisjoint(piece.squares):
        return None
    at = state.battlefield.element_at
    keys = {at[sq].key if sq in at and at[sq].effects.opportunity_fire else None for sq in piece.squares}
    key = keys.pop() if len(keys) == 1 else None
    return key


def gives_opportunity_fire(state: GameState, piece: Piece) -> bool:
    """Whether the unit takes Opportunity Fire only through the defensive position it is in."""
    return (
        piece.is_infantry
        and not piece.side.has("opportunity-fire")
        and piece.embarked_in is None
        and bool(piece.squares)
        and position_of(state, piece) is not None
    )


def position_opportunity(state: GameState, firer: Piece, target: Piece) -> bool:
    """Whether the position lets `firer` take Opportunity Fire at `target`: not at a unit
    inside the same element (HoN core p.19)."""
    if not gives_opportunity_fire(state, firer):
        return False
    at = state.battlefield.element_at
    here = position_of(state, firer)
    return not any(sq in at and at[sq].key == here for sq in target.squares)
