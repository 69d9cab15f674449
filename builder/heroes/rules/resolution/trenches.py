"""Grenades and trenches (BfC p.06): "When a grenade is thrown into a trench, place the Grenade
marker on a square, instead of on an Interspace. The blast expands in a 1-square-wide straight
line only inside the trench, in any possible direction from the target square. Trench corners
stop the propagation of the blast. The squares indicating an access to the trench ... are taken
into account when a grenade explodes in a square adjacent to an access."

hon's readings, the pictures being lost: the square is within the grenade's 2 (HoN core p.29,
counted as squares, the target's included); the blast runs from it in the four straight
directions along the trench until its end or a corner (the next square outside the trench);
an access (the element's door) beside the target square lets the blast reach the square
beyond it."""

from __future__ import annotations

from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.pieces import Square
from builder.heroes.scenario.battlefield import PlacedElement

TRENCH_PAGE = "BfC p.06"
GRENADE_REACH = 2  # a grenade's max range (HoN core p.29)


def trench_blast(element: PlacedElement, square: Square) -> frozenset[Square]:
    """The squares of a trench a grenade exploding on `square` reaches (BfC p.06)."""
    reached = {square}
    for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        c, r = square[0] + dc, square[1] + dr
        while (c, r) in element.cells:
            reached.add((c, r))
            c, r = c + dc, r + dr
    for edge in element.doors:
        if square in edge:
            reached.update(edge - element.cells)
    return frozenset(reached)


def within_reach(thrower: tuple[Square, ...], square: Square) -> bool:
    """Whether a grenade thrown from `thrower` reaches the trench square `square`."""
    return range_between(thrower, (square,)) <= GRENADE_REACH
