"""The square grid: squares, their eight neighbours, distances, interspaces and the squares a
counter covers at a facing.

Coordinates are `[col, row]`, zero-based from the top-left square of the assembled map; an
interspace (the corner where four squares meet) is `[col, row]` of the corner at the top-left
of that square (DESIGN.md 3.3). Facing is in eighths of a turn clockwise from north."""

from __future__ import annotations

from collections.abc import Iterator

from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.pieces import EAST, NORTH, SOUTH, STEPS, WEST, Square

Point = tuple[int, int]  # an interspace
# An edge between two orthogonally adjacent squares, as Battlefield stores them.
EdgeKey = frozenset[Square]

# The eight neighbours, clockwise from north: units move diagonally (HoN core p.9).
NEIGHBOUR_STEPS: tuple[tuple[int, int], ...] = tuple(STEPS[f] for f in range(8))
ORTHOGONAL_STEPS: tuple[tuple[int, int], ...] = tuple(STEPS[f] for f in (NORTH, EAST, SOUTH, WEST))
COMPASS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
# The eight directions from a unit's own facing, in eighths of a turn: ahead first, then each
# way round alike, nearest first (left before right, as a counter of two squares pivots,
# footprint.py), behind last. The movement search tries a unit's steps in this order, so
# that of two paths that cost the same it keeps one found from the unit's own facing, never
# from the map's north: a field turned half a turn, units and all, gives the path turned
# half a turn (issue 34).
AROUND = (0, -1, 1, -2, 2, -3, 3, 4)


def step(square: Square, facing: int, count: int = 1) -> Square:
    """The square `count` steps from `square` in the direction `facing`."""
    dc, dr = STEPS[facing % 8]
    return square[0] + dc * count, square[1] + dr * count


def neighbours(square: Square) -> Iterator[Square]:
    """The eight squares around `square` (some may be off the map)."""
    c, r = square
    for dc, dr in NEIGHBOUR_STEPS:
        yield c + dc, r + dr


def orthogonal_neighbours(square: Square) -> Iterator[Square]:
    c, r = square
    for dc, dr in ORTHOGONAL_STEPS:
        yield c + dc, r + dr


def adjacent(a: Square, b: Square) -> bool:
    """Side by side or corner to corner, and not the same square."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def is_diagonal(a: Square, b: Square) -> bool:
    return abs(a[0] - b[0]) == 1 and abs(a[1] - b[1]) == 1


def distance(a: Square, b: Square) -> int:
    """Squares counted by the shortest route with diagonals, not counting the square one
    starts from but counting the one reached (HoN core p.14): the Chebyshev distance."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def range_between(firers: tuple[Square, ...], targets: tuple[Square, ...]) -> int:
    """The range of a shot between counters: the firer picks the squares that give the
    shortest count (HoN core p.13-14, multi-square vehicles trace from any square)."""
    return min(distance(a, b) for a in firers for b in targets)


def facing_between(a: Square, b: Square) -> int | None:
    """The facing that points from `a` to the adjacent square `b`, or None."""
    delta = (b[0] - a[0], b[1] - a[1])
    for facing, found in STEPS.items():
        if found == delta:
            return facing
    return None


def turn(facing: int, eighths: int) -> int:
    return (facing + eighths) % 8


def turn_cost(a: int, b: int) -> int:
    """Eighths of a turn between two facings, the short way round."""
    diff = (b - a) % 8
    return min(diff, 8 - diff)


# --- Interspaces and edges ----------------------------------------------------------


def corners(square: Square) -> tuple[Point, Point, Point, Point]:
    """The four interspaces at the corners of a square: top-left, top-right, bottom-right,
    bottom-left."""
    c, r = square
    return (c, r), (c + 1, r), (c + 1, r + 1), (c, r + 1)


def edge_key(a: Square, b: Square) -> EdgeKey:
    return frozenset((a, b))


def edge_of_segment(p: Point, q: Point) -> EdgeKey:
    """The edge a unit segment between two neighbouring interspaces runs along: the two
    squares on either side of it (a BfC line lies on such edges, BfC p.04)."""
    (x1, y1), (x2, y2) = p, q
    if y1 == y2 and abs(x1 - x2) == 1:
        x = min(x1, x2)
        return frozenset(((x, y1 - 1), (x, y1)))
    if x1 == x2 and abs(y1 - y2) == 1:
        y = min(y1, y2)
        return frozenset(((x1 - 1, y), (x1, y)))
    raise RulesError(Code.NOT_NEIGHBOURING, f"{list(p)} and {list(q)} are not neighbouring interspaces")


def segment_of_edge(edge: EdgeKey) -> tuple[Point, Point]:
    """The two interspaces at the ends of the edge between two orthogonal squares."""
    a, b = sorted(edge)
    if a[0] == b[0]:  # one above the other: a horizontal edge at the lower square's top
        return (b[0], b[1]), (b[0] + 1, b[1])
    return (b[0], b[1]), (b[0], b[1] + 1)  # side by side: a vertical edge at b's left


def corner_between(a: Square, b: Square) -> Point:
    """The interspace that two diagonally adjacent squares share."""
    return max(a[0], b[0]), max(a[1], b[1])


def corner_sides(a: Square, b: Square) -> tuple[Square, Square]:
    """The two squares on either side of a diagonal step from `a` to `b`."""
    return (b[0], a[1]), (a[0], b[1])


# --- Counters of several squares ----------------------------------------------------


def footprint_squares(front: Square, facing: int, footprint: int) -> tuple[Square, ...]:
    """The squares a counter covers with its front square at `front`.

    One square: just that. Two squares (vehicles, some creatures and guns): the front square
    then the rear one behind it; a diagonal facing puts the rear corner to corner with the
    front (HoN core p.10: "it still only occupies two squares"). Four squares (the largest
    creatures, SoN p.5): a 2x2 block facing north, east, south or west; `front` is its
    front-left square, then front-right, rear-left, rear-right."""
    if footprint == 1:
        return (front,)
    if footprint == 2:
        return front, step(front, facing + 4)
    if footprint == 4:
        if facing % 2:
            raise RulesError(Code.FOOTPRINT, "a four-square counter faces north, east, south or west")
        right = step(front, facing + 2)
        return front, right, step(front, facing + 4), step(right, facing + 4)
    raise RulesError(Code.FOOTPRINT, f"a counter covers 1, 2 or 4 squares, not {footprint}")


def shape_fits(squares: tuple[Square, ...], facing: int) -> bool:
    """Whether `squares` are what a counter of that many squares covers at `facing`."""
    if len(squares) not in (1, 2, 4) or (len(squares) == 4 and facing % 2):
        return False
    return footprint_squares(squares[0], facing, len(squares)) == squares


def compass(facing: int) -> str:
    return COMPASS[facing % 8]


def facing_of(name: str) -> int:
    """'n', 'ne' … 'nw' (or 'north', 'north-east' …) to a facing."""
    key = name.strip().lower().replace("-", "").replace("_", "").replace(" ", "")
    words = {"north": "n", "south": "s", "east": "e", "west": "w"}
    for word, letter in words.items():
        key = key.replace(word, letter)
    if key not in COMPASS:
        raise RulesError(Code.UNKNOWN_FACING, f"a facing is one of {', '.join(COMPASS)}, not {name!r}")
    return COMPASS.index(key)
