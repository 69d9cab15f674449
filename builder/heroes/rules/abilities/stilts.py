"""Stilted structures and underwater passages (SoN p.13): "An amphibious unit can move under
certain terrain elements normally reserved for land units (non amphibious)"; "a unit that
moves under the element cannot stop until it has completely moved through", "it is
impossible to stop moving under these elements", and "an amphibious unit cannot be targeted
by Opportunity Fire when it is in a space underneath the terrain element". Land units use the
element as solid ground.

hon's reading: an amphibious unit on a square of an element bearing the Stilted Structures or
Underwater Passage symbol is underneath it: it may cross those squares but never end a move
on them, and is no target for Opportunity Fire while there. The boards' blue arrows (where
the way under begins) are not in the catalogue: every square of such an element is one."""

from __future__ import annotations

from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.scenario.battlefield import Battlefield

UNDER = frozenset({"son-stilted-structures", "son-underwater-passage"})  # the symbols (SoN p.13)


def _under(battlefield: Battlefield) -> frozenset[Square]:
    return frozenset(
        square for element in battlefield.elements if UNDER & set(element.terrain.symbols) for square in element.cells
    )


under_squares = PerBattlefield(_under)  # the squares a unit may move underneath


def underneath(battlefield: Battlefield, piece: Piece) -> bool:
    """Whether the amphibious unit is in a space underneath such an element."""
    return piece.side.has("amphibious") and not under_squares(battlefield).isdisjoint(piece.squares)
