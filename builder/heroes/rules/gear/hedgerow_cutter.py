"""The Culin Hedgerow Cutter's Passage markers (HoN core p.28): "During a Heavy Vehicle's
Movement Action, you may move it through a hedgerow and put a Passage marker on the square the
vehicle moves through."

hon's reading, where the book is silent: a Passage marker opens its hedgerow square to heavy
vehicles for the rest of the game (the marker stays there, as a gap in the hedge), one marker a
hedgerow square; the square stays a Difficult Passage, so a vehicle entering it stops there and
works its way out (p.18). A hedgerow is a terrain element of the bocage (or hedge) type.

"You may also use a Passage marker to discard all the barbed wire tokens your vehicle moves
through during a Movement Action" (p.28): no barbed wire token is described in the books at
hand; hon reads Battle for Caen's Barbed Hedgehogs (BfC p.05, its barbed wire, lines
impassable to vehicles) as those tokens: one Passage marker lets a heavy vehicle's Movement
Action cross every hedgehog line in its way, and each one crossed is discarded."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from itertools import pairwise

from builder.heroes.catalogue.terrain import LineKind
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.geometry.grid import edge_of_segment
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.kept import PerBattlefield
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


def without_hedgehogs(battlefield: Battlefield, lines: Iterable[int] | None = None) -> Battlefield:
    """The battlefield with the barbed hedgehog lines `lines` (all of them when None) discarded:
    a new Battlefield, so the tables kept per battlefield follow."""
    gone = set(lines) if lines is not None else set(hedgehog_lines(battlefield))
    kept = tuple(placed for j, placed in enumerate(battlefield.lines) if j not in gone)
    return replace(battlefield, lines=kept, board_of=dict(battlefield.board_of))


def hedgehog_lines(battlefield: Battlefield) -> list[int]:
    """The indices of the barbed hedgehog lines (BfC p.05) on the battlefield."""
    return [j for j, placed in enumerate(battlefield.lines) if placed.line.kind is LineKind.HEDGEHOG]


def hedgehogs_crossed(battlefield: Battlefield, path: Path) -> list[int]:
    """The hedgehog lines a path moves through: a segment on the edge between a square it
    leaves and one it enters, or inside the 2x2 block a diagonal step cuts across."""
    edges: dict[frozenset[Square], int] = {}
    for j in hedgehog_lines(battlefield):
        for p, q in battlefield.lines[j].segments:
            edges.setdefault(edge_of_segment(p, q), j)
    if not edges:
        return []
    found: list[int] = []
    for before, after in pairwise(path.positions):
        for (oc, orow), (nc, nrow) in zip(before.squares, after.squares, strict=False):
            block = {(oc, orow), (nc, nrow), (oc, nrow), (nc, orow)}
            for edge, j in edges.items():
                if edge <= block and len(block) > 1 and j not in found:
                    found.append(j)
    return found


def passage_markers(battlefield: Battlefield, path: Path) -> int:
    """The Passage markers a heavy vehicle's move spends: one a hedgerow square it cuts through,
    and one for all the hedgehogs it moves through (HoN core p.28)."""
    return len(squares_cut(battlefield, path)) + (1 if hedgehogs_crossed(battlefield, path) else 0)


# Every hedgerow opened and every hedgehog gone: where a heavy vehicle with Passage markers may plan its move.
OPENED: PerBattlefield[Battlefield] = PerBattlefield(
    lambda bf: without_hedgehogs(cut_through(bf, hedgerow_squares(bf)))
)


def squares_cut(battlefield: Battlefield, path: Path) -> list[Square]:
    """The closed hedgerow squares a path enters, in the order it enters them: one Passage
    marker each."""
    closed = hedgerow_squares(battlefield)
    found: list[Square] = []
    for position in path.positions[1:]:
        found += [sq for sq in position.squares if sq in closed and sq not in found]
    return found
