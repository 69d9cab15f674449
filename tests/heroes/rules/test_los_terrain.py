"""The terrain-only walk (`los_terrain.blocks`) answers as the full walk (`los._walk`) does
over a battlefield with no unit on it: blocked or not, for every line between two counters
(HoN core p.13, p.18-20; BfC p.04-05), and `blocked_by_terrain` with it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.catalogue.units import Unit
from builder.heroes.rules.geometry import los
from builder.heroes.rules.geometry.grid import distance
from builder.heroes.rules.geometry.los_geometry import Point, along_a_grid_line, end_points, lines_between, squares_of
from builder.heroes.rules.geometry.los_terrain import blocked_by_terrain, blocks
from builder.heroes.rules.geometry.sightmap import Occupancy, SightMap
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.ruleset import HON, SON
from tests.fixtures.rules.boards import BEAST, JEEP, RIFLES, TANK, field, piece, placed_line

# Every kind of thing that stops an eye: rocks, a building with a door, a window and walls
# (fired through only from next to them), no-passage edges, a foxhole, lines that block,
# obscure or climb (contour and elevated, judged later on the whole line).
BOARD = field(
    """
    ..T...Y..#
    .#..BBB...
    ....BBB.H.
    ~~..T..#..
    ...Y......
    .T....YY.T
    """,
    doors=[((4, 2), (4, 3))],
    windows=[((6, 1), (7, 1)), ((5, 0), (5, 1))],
    walls=[((4, 1), (3, 1))],
    no_passage=[((8, 4), (9, 4)), ((2, 4), (2, 5))],
    lines=[
        placed_line("contour", [(0, 4), (4, 4)]),
        placed_line("elevated", [(5, 3), (9, 3)]),
        placed_line("line", [(2, 0), (2, 6)], obscures=1),
        placed_line("line", [(7, 0), (7, 3)], blocks_los=True),
    ],
)
SQUARES = st.tuples(st.integers(0, 8), st.integers(0, 4))
# One square, two squares along a column or a row (a line's end points then sit on the
# squares' corners and edges, not only their centres), and a 2 x 2 creature.
KINDS = st.sampled_from([RIFLES, JEEP, TANK, BEAST])


def _placed(key: str, at: tuple[int, int], kind: Unit, owner: str, across: bool) -> Piece:
    (x, y), footprint = at, kind.footprint
    if footprint == 4:
        squares = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
    elif footprint == 2:
        squares = [(x, y), (x + 1, y)] if across else [(x, y), (x, y + 1)]
    else:
        squares = [(x, y)]
    return piece(key, squares, owner, kind)


@settings(max_examples=400, deadline=None)
@given(
    firer=SQUARES,
    target=SQUARES,
    kinds=st.tuples(KINDS, KINDS),
    across=st.tuples(st.booleans(), st.booleans()),
    son=st.booleans(),
)
def test_the_terrain_walk_blocks_exactly_where_the_full_walk_does(
    firer: tuple[int, int], target: tuple[int, int], kinds: tuple[Unit, Unit], across: tuple[bool, bool], son: bool
) -> None:
    ruleset = SON if son else HON
    one = _placed("f", firer, kinds[0], "a", across[0])
    other = _placed("t", target, kinds[1], "b", across[1])
    if not set(one.squares).isdisjoint(other.squares):
        return
    smap = SightMap(BOARD)
    own = frozenset(one.squares) | frozenset(other.squares)
    lines, _ = lines_between(one.squares, other.squares, ruleset.los_between_centres)
    blocked = []
    for p, q in lines:
        ends = smap.ends(*squares_of(p, q), one.squares, other.squares, one.type, other.type, ruleset)
        full = los._walk(smap, Occupancy(), p, q, ends)
        blocked.append(full.reason is not None)
        assert blocks(smap, p, q, own) == blocked[-1]
    # The counters are out of sight through the terrain when the full walk blocks every line.
    assert blocked_by_terrain(BOARD, one, other, ruleset) == all(blocked)


@settings(max_examples=200, deadline=None)
@given(
    firer=SQUARES,
    target=SQUARES,
    kinds=st.tuples(KINDS, KINDS),
    across=st.tuples(st.booleans(), st.booleans()),
    between=st.booleans(),
)
def test_the_lines_between_two_counters_are_every_line_between_their_points(
    firer: tuple[int, int], target: tuple[int, int], kinds: tuple[Unit, Unit], across: tuple[bool, bool], between: bool
) -> None:
    # `lines_between`, kept by the counters' squares (one-square counters: their centres),
    # is every line from a point of one to a point of the other that does not run along the
    # edges between squares, with the shortest range of a square of one to one of the other.
    one = _placed("f", firer, kinds[0], "a", across[0])
    other = _placed("t", target, kinds[1], "b", across[1])
    points = (end_points(one.squares, between), end_points(other.squares, between))
    expected = tuple((p, q) for p in points[0] for q in points[1] if not along_a_grid_line(p, q))
    shortest = min(distance(a, b) for a in one.squares for b in other.squares)
    assert lines_between(one.squares, other.squares, between) == (expected, shortest)


@settings(max_examples=300, deadline=None)
@given(p=st.tuples(st.integers(-3, 20), st.integers(-3, 20)), q=st.tuples(st.integers(-3, 20), st.integers(-3, 20)))
def test_the_squares_a_line_leaves_and_reaches_are_those_its_ends_touch(p: Point, q: Point) -> None:
    # `squares_of` (its shortcut for two centres included): the square of each end that the
    # line runs into, from an end on a centre, an edge or a corner (HoN core p.13).
    sx, sy = (q[0] > p[0]) - (q[0] < p[0]), (q[1] > p[1]) - (q[1] < p[1])

    def into(v: int, step: int) -> int:
        return (v - 1) // 2 if v % 2 else v // 2 - (step < 0)

    expected = (into(p[0], sx), into(p[1], sy)), (into(q[0], -sx), into(q[1], -sy))
    assert squares_of(p, q) == expected
