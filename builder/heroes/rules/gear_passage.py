"""The Culin Hedgerow Cutter's Passage markers (HoN core p.28): "During a Heavy Vehicle's
Movement Action, you may move it through a hedgerow and put a Passage marker on the square the
vehicle moves through."

hon's reading, where the book is silent: a Passage marker opens its hedgerow square to heavy
vehicles for the rest of the game (the marker stays there, as a gap in the hedge), one marker a
hedgerow square; the square stays a Difficult Passage, so a vehicle entering it stops there and
works its way out (p.18). A hedgerow is a terrain element of the bocage (or hedge) type. The
barbed wire a Passage marker may also clear is not on hon's battlefields."""

from __future__ import annotations

from dataclasses import replace

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.movement import Path
from builder.heroes.rules.pieces import Square
from builder.heroes.scenario.battlefield import Battlefield, PlacedElement

HEDGEROWS = frozenset({"bocage", "hedge", "hedgerow"})  # terrain type ids


def hedgerow_squares(battlefield: Battlefield) -> frozenset[Square]:
    """The hedgerow squares heavy vehicles may not enter: where a Passage marker may go."""
    return frozenset(
        square
        for square, element in battlefield.element_at.items()
        if element.terrain.id in HEDGEROWS and UnitType.HEAVY_VEHICLE in element.effects.impassable
    )


def _gap(element: PlacedElement, square: Square) -> PlacedElement:
    """The hedgerow square with a Passage marker: the same terrain, open to heavy vehicles."""
    impassable = [t for t in element.effects.impassable if t is not UnitType.HEAVY_VEHICLE]
    return replace(
        element,
        key=f"passage{list(square)}",
        id=None,
        effects=element.effects.model_copy(update={"impassable": impassable}),
        cells=frozenset({square}),
        name=f"Passage ({element.name})",
        doors=frozenset(),
        windows=frozenset(),
        walls=frozenset(),
    )


def cut_through(battlefield: Battlefield, squares: frozenset[Square]) -> Battlefield:
    """The battlefield with Passage markers on `squares`: an overlay on each (overlays cover
    what is beneath them), a new Battlefield so the tables kept per battlefield follow."""
    at = battlefield.element_at
    gaps = tuple(_gap(at[sq], sq) for sq in sorted(squares) if sq in at)
    return replace(battlefield, elements=battlefield.elements + gaps, board_of=dict(battlefield.board_of))


# Every hedgerow opened: where a heavy vehicle with Passage markers may plan its move.
OPENED: PerBattlefield[Battlefield] = PerBattlefield(lambda bf: cut_through(bf, hedgerow_squares(bf)))


def squares_cut(battlefield: Battlefield, path: Path) -> list[Square]:
    """The closed hedgerow squares a path enters, in the order it enters them: one Passage
    marker each."""
    closed = hedgerow_squares(battlefield)
    found: list[Square] = []
    for position in path.positions[1:]:
        found += [sq for sq in position.squares if sq in closed and sq not in found]
    return found
