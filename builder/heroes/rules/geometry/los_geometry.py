"""The geometry of a line of sight, exact and integer-only (HoN core p.13; SoN p.8): points
in half squares, where a line may start and aim on a counter, and the steps a segment takes
across the squares' edges and interspaces (geometry/los.py walks them over the battlefield)."""

from __future__ import annotations

from functools import cache, lru_cache

from builder.heroes.rules.geometry.grid import distance
from builder.heroes.rules.pieces import Square

__all__ = [
    "CORNER",
    "STRAIGHT",
    "Point",
    "Step",
    "along_a_grid_line",
    "centre",
    "end_points",
    "lines_between",
    "squares_of",
    "template",
]

# A step's kind: across one edge, or through an interspace (a corner).
STRAIGHT, CORNER = 0, 1


# A step: kind, column and row steps, the change of the square's index (col + row * width),
# which edge table and the offset of the edge crossed from the square's index.
Step = tuple[int, int, int, int, bool, int]


LINES_KEPT = 1 << 12  # the lines between two counters of several squares (`lines_between`)

# A point of the battlefield in half squares: the centre of square (c, r) is (2c + 1, 2r + 1),
# the point halfway between two centres of one counter their sum less one (HoN core p.13).
Point = tuple[int, int]


def centre(square: Square) -> Point:
    return 2 * square[0] + 1, 2 * square[1] + 1


@lru_cache(maxsize=LINES_KEPT)
def end_points(squares: tuple[Square, ...], between: bool) -> tuple[Point, ...]:
    """Where a line of sight may start from or aim at on a counter: the centre of each of its
    squares, and with `between` the point halfway between any two of them (HoN core p.13:
    "or any point between them"; of each such segment of points the midpoint is the one taken).
    Kept by the squares: every line traced to or from a counter of several squares asks it."""
    centres = tuple(centre(sq) for sq in squares)
    if not between:
        return centres
    mids = dict.fromkeys(
        ((p[0] + q[0]) // 2, (p[1] + q[1]) // 2) for i, p in enumerate(centres) for q in centres[i + 1 :]
    )
    # Only a point on the counter: the corner between two squares a vehicle stands on
    # diagonally touches two squares it does not cover, and a line from there leaves neither.
    own = set(squares)
    return centres + tuple(m for m in mids if m not in centres and _touching(m) <= own)


def _touching(point: Point) -> set[Square]:
    """The squares whose edge or corner holds `point` (one square for a centre)."""
    cols = (point[0] // 2,) if point[0] % 2 else (point[0] // 2 - 1, point[0] // 2)
    rows = (point[1] // 2,) if point[1] % 2 else (point[1] // 2 - 1, point[1] // 2)
    return {(c, r) for c in cols for r in rows}


def _crossings(parity: int, d: int) -> tuple[int, int, int]:
    """Along one axis over `d` half squares from a coordinate of this parity (grid lines are
    the even values): the direction, the distance to the first grid line, how many are crossed."""
    lo, hi = min(parity, parity + d), max(parity, parity + d)
    return (d > 0) - (d < 0), 1 if parity else 2, (hi - 1) // 2 - lo // 2


def _square_at(p: int, step: int) -> int:
    """The column (or row) of a line at coordinate `p` going in direction `step`."""
    return (p - 1) // 2 if p % 2 else p // 2 - (step < 0)


def along_a_grid_line(p: Point, q: Point) -> bool:
    """A line running along the edges between squares (no centre-to-centre line does)."""
    return (p[0] == q[0] and p[0] % 2 == 0) or (p[1] == q[1] and p[1] % 2 == 0)


@cache
def template(dx: int, dy: int, ox: int, oy: int, width: int) -> tuple[Step, ...]:
    """The steps of a segment over `dx` columns and `dy` rows in half squares, from a point
    whose coordinates have parities `ox`, `oy` (odd: inside a square; even: on a grid line):
    straight steps across one edge, and corner steps through an interspace. Integer-only: it
    crosses its i-th vertical grid line at t=(fx+2i)/|dx| and its j-th horizontal one at
    t=(fy+2j)/|dy|, and meets an interspace when both are equal."""
    sx, fx, nx = _crossings(ox, dx)
    sy, fy, ny = _crossings(oy, dy)
    ax, ay = abs(dx), abs(dy)
    i = j = 0
    steps: list[Step] = []
    while i < nx or j < ny:
        tx = (fx + 2 * i) * ay if i < nx else None
        ty = (fy + 2 * j) * ax if j < ny else None
        if tx is not None and ty is not None and tx == ty:
            steps.append((CORNER, sx, sy, sx + sy * width, False, 0))
            i, j = i + 1, j + 1
        elif ty is None or (tx is not None and tx < ty):
            # The east edge of the square on the left.
            steps.append((STRAIGHT, sx, 0, sx, True, 0 if sx > 0 else -1))
            i += 1
        else:
            # The south edge of the square above.
            steps.append((STRAIGHT, 0, sy, sy * width, False, 0 if sy > 0 else -width))
            j += 1
    return tuple(steps)


def squares_of(p: Point, q: Point) -> tuple[Square, Square]:
    """The squares a line from `p` to `q` leaves and reaches."""
    sx, sy = (q[0] > p[0]) - (q[0] < p[0]), (q[1] > p[1]) - (q[1] < p[1])
    return (_square_at(p[0], sx), _square_at(p[1], sy)), (_square_at(q[0], -sx), _square_at(q[1], -sy))


# Every line one counter may trace to another, and the shortest range between them.
Lines = tuple[tuple[tuple[Point, Point], ...], int]


def lines_between(firer: tuple[Square, ...], target: tuple[Square, ...], between: bool) -> Lines:
    """Every line a firer may trace to a target, centres first, and the shortest range
    between them (a line between two centres has it: a line's range is between the squares it
    leaves and reaches, one of each counter). A line along the edges between squares (from a
    point between two centres to another) is left out: the points near it on either side are
    no worse. Two counters of one square each have the line between their centres."""
    if len(firer) == 1 and len(target) == 1:
        return ((centre(firer[0]), centre(target[0])),), distance(firer[0], target[0])
    return _lines(firer, target, between)


@lru_cache(maxsize=LINES_KEPT)
def _lines(firer: tuple[Square, ...], target: tuple[Square, ...], between: bool) -> Lines:
    """`lines_between` for counters of several squares: pure geometry, kept by their squares."""
    aims = end_points(target, between)  # once, not once for every point of the firer's
    lines = tuple((p, q) for p in end_points(firer, between) for q in aims if not along_a_grid_line(p, q))
    return lines, min(distance(a, b) for a in firer for b in target)
