"""Line of sight (M44 summary, "Line of sight"): "Draw a line between the centres of the
hexes; LOS is blocked if any part of a hex containing an obstruction or unit crosses this
line. If the line runs along the edge of one or more hexes it is only blocked if they stand
along both sides of the line segment." Artillery needs none.

Exact: in the integer geometry of builder.memoir.hexes, each hex between the two is tested
against the segment with rational arithmetic: the segment either crosses its inside, runs
along one of its edges (then the hex across that edge is the other side), or misses it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from builder.memoir.hexes import Board, Hex

PAGE = "M44 summary: Line of sight"

# The neighbour across each edge, the edges in the order of Hex.corners (from the top, clockwise).
_ACROSS = ((-1, 1), (0, 2), (1, 1), (1, -1), (0, -2), (-1, -1))


def _cross(ax: int, ay: int, bx: int, by: int) -> int:
    return ax * by - ay * bx


@dataclass(frozen=True)
class Crossing:
    """How the line from one centre to another meets the hexes between them."""

    inside: tuple[Hex, ...]  # hexes whose inside the line crosses
    along: tuple[tuple[Hex, Hex], ...]  # pairs of hexes the line runs between, along their edge


def _meets(place: Hex, a: tuple[int, int], b: tuple[int, int]) -> tuple[bool, Hex | None]:
    """Whether the segment a-b crosses the inside of `place`, and the neighbour across the
    edge it runs along (None if it runs along none)."""
    corners = place.corners()
    cx, cy = place.centre()
    dx, dy = b[0] - a[0], b[1] - a[1]
    low, high = Fraction(0), Fraction(1)
    inside = True
    along: Hex | None = None
    for index, (vx, vy) in enumerate(corners):
        wx, wy = corners[(index + 1) % 6]
        ex, ey = wx - vx, wy - vy
        sign = 1 if _cross(ex, ey, cx - vx, cy - vy) > 0 else -1
        start = sign * _cross(ex, ey, a[0] - vx, a[1] - vy)  # > 0 inside this edge's half-plane
        slope = sign * _cross(ex, ey, dx, dy)
        if slope == 0:
            if start <= 0:
                inside = False
            if start == 0:
                along = _along(place, index, (vx, vy), (wx, wy), a, (dx, dy)) or along
            continue
        bound = Fraction(-start, slope)
        if slope > 0:
            low = max(low, bound)
        else:
            high = min(high, bound)
    return inside and low < high, along


def _along(
    place: Hex, index: int, v: tuple[int, int], w: tuple[int, int], a: tuple[int, int], d: tuple[int, int]
) -> Hex | None:
    """The neighbour across edge `index` when the segment overlaps that edge over a length."""
    length = d[0] * d[0] + d[1] * d[1]
    if length == 0:
        return None
    tv = Fraction((v[0] - a[0]) * d[0] + (v[1] - a[1]) * d[1], length)
    tw = Fraction((w[0] - a[0]) * d[0] + (w[1] - a[1]) * d[1], length)
    if max(Fraction(0), min(tv, tw)) < min(Fraction(1), max(tv, tw)):
        row, col = _ACROSS[index]
        return Hex(place.row + row, place.col + col)
    return None


@lru_cache(maxsize=65536)
def crossing(start: Hex, end: Hex) -> Crossing:
    """Every hex the line between two centres crosses, and every edge it runs along."""
    a, b = start.centre(), end.centre()
    span = start.distance(end)
    inside: list[Hex] = []
    along: set[tuple[Hex, Hex]] = set()
    for row in range(min(start.row, end.row) - 1, max(start.row, end.row) + 2):
        for col in range(min(start.col, end.col) - 2, max(start.col, end.col) + 3):
            if (row + col) % 2:
                continue
            place = Hex(row, col)
            if place in (start, end) or place.distance(start) > span or place.distance(end) > span:
                continue
            crosses, across = _meets(place, a, b)
            if crosses:
                inside.append(place)
            elif across is not None:
                along.add((min(place, across), max(place, across)))
    return Crossing(tuple(sorted(inside)), tuple(sorted(along)))


def blocker(board: Board, start: Hex, end: Hex, obstructed: Callable[[Hex], bool]) -> Hex | None:
    """The first hex that blocks the line of sight from `start` to `end` (None: clear). A hex
    off the board obstructs nothing."""

    def blocks(place: Hex) -> bool:
        return board.contains(place) and obstructed(place)

    found = crossing(start, end)
    for place in sorted(found.inside, key=start.distance):
        if blocks(place):
            return place
    for one, other in found.along:
        if blocks(one) and blocks(other):
            return one
    return None
