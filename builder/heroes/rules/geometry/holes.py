"""Holes (BfC p.04): "Corners that overlap an interspace block LoS when firing at a unit in the
same Terrain Element" - the picture's Firing Action C, between two units in one trench, fails
on the trench's corner.

hon's reading: between two squares of one hole element, the centre-to-centre line must stay
inside the element: it is blocked where it enters a square outside the element, or passes
exactly through an interspace one of whose four squares is outside it (a corner of the
element overlapping that interspace)."""

from __future__ import annotations

from builder.heroes.rules.geometry.sightmap import SightMap
from builder.heroes.rules.pieces import Square

HOLE_PAGE = "BfC p.04"


def outside_the_hole(smap: SightMap, a: Square, b: Square, hole: int) -> frozenset[Square]:
    """The squares where the line from `a` to `b`, both in hole element `hole`, leaves it past
    one of its corners; empty when it stays inside."""

    def inside(square: Square) -> bool:
        c, r = square
        if not (0 <= c < smap.width and 0 <= r < smap.height):
            return False
        info = smap.squares[c + r * smap.width]
        return info is not None and info.hole == hole

    dx, dy = b[0] - a[0], b[1] - a[1]
    nx, ny = abs(dx), abs(dy)
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    x, y = a
    i = j = 0
    around: tuple[Square, ...]
    while i < nx or j < ny:
        tx = (2 * i + 1) * ny if i < nx else None
        ty = (2 * j + 1) * nx if j < ny else None
        if tx is not None and ty is not None and tx == ty:  # through an interspace
            around = ((x + sx, y), (x, y + sy), (x + sx, y + sy))
            x, y, i, j = x + sx, y + sy, i + 1, j + 1
        elif ty is None or (tx is not None and tx < ty):
            x, i = x + sx, i + 1
            around = ((x, y),)
        else:
            y, j = y + sy, j + 1
            around = ((x, y),)
        out = frozenset(sq for sq in around if not inside(sq))
        if out:
            return out
    return frozenset()
