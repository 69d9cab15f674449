"""Line of sight (HoN core p.13-14, p.18-20; BfC p.04-05; SoN p.8): one hand-made board per
rule, a case where the rule lets the shot through and one where it does not."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.catalogue.units import Unit
from builder.heroes.rules.geometry.los import Visibility, can_see, line_of_sight, sights
from builder.heroes.rules.geometry.los_terrain import blocked_by_terrain
from builder.heroes.rules.geometry.sightmap import sight_map
from builder.heroes.rules.pieces import EAST, NORTH, SOUTH_EAST
from builder.heroes.rules.ruleset import HON, SON
from tests.fixtures.rules.boards import BEAST, JEEP, RIFLES, SNIPERS, TANK, field, piece, placed_line

OPEN = field("""
........
........
........
........
""")


@pytest.mark.rule("line-of-sight", "blocks-los", "son-blocks-los")
def test_clear_in_the_open_and_blocked_by_an_obstacle() -> None:
    assert line_of_sight(OPEN, [], (0, 0), (7, 3), HON).visibility is Visibility.CLEAR
    rocks = field("""
    ....
    .#..
    ....
    """)
    sight = line_of_sight(rocks, [], (0, 1), (3, 1), HON)
    assert sight.blocked and sight.blocked_at == frozenset({(1, 1)})
    assert "Rocks" in (sight.reason or "") and "HoN core p.18" in (sight.reason or "")


@pytest.mark.rule("obscures-los", "son-obscures-los", "son-thicket")
def test_every_obscuring_square_crossed_adds_its_penalty_with_its_page() -> None:
    board = field("""
    .TT.T
    .....
    """)
    sight = line_of_sight(board, [], (0, 0), (4, 0), HON)
    assert sight.visibility is Visibility.OBSCURED
    assert sight.penalty == -2  # two thicket squares; the target's own thicket does not count
    assert sight.obscuring == ((1, 0), (2, 0))
    assert all(m.page == "HoN core p.18" and m.value == -1 for m in sight.modifiers)
    assert line_of_sight(board, [], (0, 1), (4, 1), HON).clear


@pytest.mark.rule("obscures-los")
def test_a_square_crossed_only_partly_still_obscures() -> None:
    board = field("""
    ..T..
    .....
    """)
    # From [0, 1] to [4, 0] the line passes the lower part of [2, 0] (even partially, HoN core p.18).
    assert line_of_sight(board, [], (0, 1), (4, 0), HON).penalty == -1
    assert line_of_sight(board, [], (0, 1), (4, 1), HON).clear


@pytest.mark.rule("line-of-sight")
def test_the_firers_and_targets_squares_never_count() -> None:
    board = field("""
    T..T
    """)
    assert line_of_sight(board, [], (0, 0), (3, 0), HON).clear


@pytest.mark.rule("tall-grass", "obscures-los")
def test_yellow_triangle_obscures_only_shots_at_infantry() -> None:
    board = field("""
    .YY.
    """)
    firer = piece("f", (0, 0))
    assert line_of_sight(board, [], firer, piece("i", (3, 0), "b"), HON).penalty == -4
    assert line_of_sight(board, [], firer, piece("j", (3, 0), "b", JEEP), HON).clear


@pytest.mark.rule("line-of-sight")
def test_a_line_through_a_corner_is_blocked_only_with_obstacles_on_both_sides() -> None:
    one_side = field("""
    .#.
    ...
    ...
    """)
    assert line_of_sight(one_side, [], (0, 0), (2, 2), HON).clear
    both = field("""
    .#.
    #..
    ...
    """)
    sight = line_of_sight(both, [], (0, 0), (2, 2), HON)
    assert sight.blocked and sight.blocked_at == frozenset({(1, 0), (0, 1)})
    # The same on a long diagonal: the interspace [2, 2] with rocks on one side, then both.
    far_one = field("""
    ....
    ..#.
    ....
    ....
    """)
    assert line_of_sight(far_one, [], (0, 0), (3, 3), HON).clear
    far_both = field("""
    ....
    ..#.
    .#..
    ....
    """)
    assert line_of_sight(far_both, [], (0, 0), (3, 3), HON).blocked


def test_a_corner_with_obscuring_terrain_on_both_sides_costs_one_of_them() -> None:
    board = field("""
    .T
    T.
    """)
    assert line_of_sight(board, [], (0, 0), (1, 1), HON).penalty == -1
    board = field("""
    .T
    ..
    """)
    assert line_of_sight(board, [], (0, 0), (1, 1), HON).clear


@pytest.mark.rule("line-of-sight")
def test_infantry_blocks_only_between_infantry() -> None:
    between = piece("m", (2, 0), "a")
    firer, target = piece("f", (0, 0)), piece("t", (4, 0), "b")
    board = field(".....")
    sight = line_of_sight(board, [between, firer, target], firer, target, HON)
    assert sight.blocked and sight.blocking_piece == "m"
    jeep = piece("t", (4, 0), "b", JEEP)
    assert line_of_sight(board, [between, firer, jeep], firer, jeep, HON).clear


@pytest.mark.rule("ambush")
def test_vehicles_always_block_and_concealed_units_never() -> None:
    board = field(".....")
    firer, target = piece("f", (0, 0)), piece("t", (4, 0), "b", JEEP)
    assert line_of_sight(board, [piece("v", (2, 0), "a", JEEP)], firer, target, HON).blocked
    hidden = piece("h", (2, 0), "a", SNIPERS)
    assert hidden.concealed
    assert line_of_sight(board, [hidden], firer, piece("i", (4, 0), "b"), HON).clear
    shown = piece("h", (2, 0), "a", SNIPERS, side_index=1)
    assert line_of_sight(board, [shown], firer, piece("i", (4, 0), "b"), HON).blocked


@pytest.mark.rule("line-of-sight")
def test_son_infantry_screens_a_large_creature_hon_does_not_know_them() -> None:
    board = field("""
    ......
    ......
    """)
    beast = piece("beast", ((4, 0), (5, 0), (4, 1), (5, 1)), "b", BEAST)
    screen = [piece("s1", (2, 0)), piece("s2", (2, 1))]
    firer = piece("f", (0, 0))
    assert line_of_sight(board, screen, firer, beast, SON).blocked
    assert not line_of_sight(board, screen, firer, beast, HON).blocked


@pytest.mark.rule("line-of-sight")
def test_a_two_square_vehicle_traces_from_its_best_square() -> None:
    board = field("""
    ...#..
    ......
    """)
    tank = piece("tank", ((2, 0), (2, 1)), "a", TANK, facing=NORTH)
    target = piece("t", (5, 0), "b")
    found = sights(board, [tank, target], tank, target, HON)
    assert [s.blocked for s in found] == [False, True, True]  # the point between its centres too
    best = line_of_sight(board, [tank, target], tank, target, HON)
    assert best.firer_square == (2, 1) and best.range == 3
    # Its own rear square never blocks a shot from its front square.
    behind = field("...\n...\n...")
    back = piece("tank", ((1, 0), (1, 1)), "a", TANK, facing=NORTH)
    from_front = [s for s in sights(behind, [back], back, (1, 2), HON) if s.firer_square == (1, 0)]
    assert from_front[0].clear and from_front[0].range == 2


# Rocks at [1, 0] stop the line from the tank's front centre, rocks at [2, 2] the one from
# its rear centre; the line from the point between its two centres passes between them.
BETWEEN = field("""
.#.....
.......
..#....
.......
""")


@pytest.mark.rule("line-of-sight")
def test_a_two_square_vehicle_traces_from_a_point_between_its_centres() -> None:
    # HoN core p.13: "you can trace LoS from the center of any square occupied by the
    # Vehicle or any point between them".
    tank = piece("tank", ((0, 0), (0, 1)), "a", TANK, facing=EAST)
    target = piece("t", (4, 2), "b")
    found = sights(BETWEEN, [tank, target], tank, target, HON)
    assert [s.blocked for s in found] == [False, True, True]
    assert {s.blocking_piece for s in found} == {None}
    assert {frozenset(s.blocked_at) for s in found[1:]} == {frozenset({(1, 0)}), frozenset({(2, 2)})}
    assert can_see(BETWEEN, [tank, target], tank, target, HON)
    assert not blocked_by_terrain(BETWEEN, tank, target, HON)
    # SoN p.8 names only "the center of either of the two (or four) spaces".
    assert not can_see(BETWEEN, [tank, target], tank, target, SON)
    assert blocked_by_terrain(BETWEEN, tank, target, SON)


def test_a_vehicle_standing_diagonally_traces_from_no_corner_it_does_not_cover() -> None:
    # HoN core p.13: points "between" the centres of the squares the vehicle occupies; the
    # corner between two diagonal squares touches two others, here the target's, and a line
    # from it would leave the target's own square (range 0; HoN core p.14 counts the target's).
    tank = piece("tank", ((1, 1), (0, 0)), "a", TANK, facing=SOUTH_EAST)
    target = piece("t", (0, 1), "b")
    found = sights(OPEN, [tank, target], tank, target, HON)
    assert found and all(s.range == 1 and s.firer_square in tank.squares for s in found)


@pytest.mark.rule("line-of-sight")
def test_a_two_square_vehicle_is_aimed_at_a_point_between_its_centres() -> None:
    # HoN core p.13: "the attacker can aim at the center of any square occupied by the
    # Vehicle, or at any point between them"; the same line, traced the other way.
    tank = piece("tank", ((0, 0), (0, 1)), "b", TANK, facing=EAST)
    rifles = piece("r", (4, 2), "a", RIFLES)
    sight = line_of_sight(BETWEEN, [tank, rifles], rifles, tank, HON)
    assert sight.clear and sight.firer_square == (4, 2) and sight.target_square == (0, 1)
    assert line_of_sight(BETWEEN, [tank, rifles], rifles, tank, SON).blocked
    # A unit standing at the point's side of the line blocks it again (HoN core p.13).
    jeep = piece("j", (3, 1), "a", JEEP)
    assert line_of_sight(BETWEEN, [tank, rifles, jeep], rifles, tank, HON).blocked
    assert line_of_sight(BETWEEN, [tank, rifles], rifles, tank, HON).clear  # the kept line is not reused


@pytest.mark.rule("no-passage", "son-no-passage")
def test_no_passage_edges_block_the_line_of_sight() -> None:
    board = field("...", no_passage=[((0, 0), (1, 0))])
    sight = line_of_sight(board, [], (0, 0), (2, 0), HON)
    assert sight.blocked and sight.blocked_at == frozenset({(0, 0), (1, 0)})
    assert line_of_sight(board, [], (1, 0), (2, 0), HON).clear


HOUSE = field(
    """
......
.BBB..
.BBB..
......
""",
    windows=[((3, 1), (4, 1))],
    doors=[((1, 2), (1, 3))],
    walls=[((1, 1), (2, 1))],
)


@pytest.mark.rule("buildings", "son-buildings")
def test_a_unit_inside_fires_out_only_from_the_square_by_the_opening() -> None:
    assert line_of_sight(HOUSE, [], (3, 1), (5, 1), HON).clear
    sight = line_of_sight(HOUSE, [], (2, 1), (5, 1), HON)
    assert sight.blocked and "opening" in (sight.reason or "") and "HoN core p.20" in (sight.reason or "")


def test_a_unit_by_the_opening_outside_sees_in_but_not_through_inner_walls() -> None:
    assert line_of_sight(HOUSE, [], (4, 1), (2, 1), HON).clear
    assert line_of_sight(HOUSE, [], (4, 1), (1, 1), HON).blocked  # the inner wall
    assert line_of_sight(HOUSE, [], (5, 0), (2, 2), HON).blocked  # the outer wall


def test_buildings_block_shots_passing_by_outside() -> None:
    assert line_of_sight(HOUSE, [], (0, 1), (5, 2), HON).blocked
    assert line_of_sight(HOUSE, [], (0, 0), (5, 0), HON).clear


@pytest.mark.rule("buildings")
def test_units_inside_see_each_other_unless_a_wall_parts_them() -> None:
    assert line_of_sight(HOUSE, [], (2, 2), (3, 1), HON).clear
    assert line_of_sight(HOUSE, [], (1, 1), (2, 1), HON).blocked


LINE_ROW = [(0, 2), (6, 2)]  # between rows 1 and 2


@pytest.mark.rule("line", "son-obscures-los")
def test_a_line_obscures_shots_across_it_except_from_a_unit_adjacent_to_it() -> None:
    board = field("......\n......\n......\n......", lines=[placed_line("line", LINE_ROW, obscures=1)])
    far = line_of_sight(board, [], (1, 3), (1, 0), HON)
    assert far.penalty == -1 and far.modifiers[0].page == "BfC p.04" and len(far.lines) == 1
    # BfC p.04 example: A adjacent fires without the penalty, B firing back at A takes it.
    assert line_of_sight(board, [], (1, 2), (1, 0), HON).clear
    assert line_of_sight(board, [], (1, 0), (1, 2), HON).penalty == -1
    assert line_of_sight(board, [], (1, 0), (4, 1), HON).clear  # not crossing


@pytest.mark.rule("contour-line")
def test_fire_across_a_contour_line_needs_an_end_adjacent_to_it() -> None:
    board = field("......\n......\n......\n......", lines=[placed_line("contour", LINE_ROW)])
    sight = line_of_sight(board, [], (1, 3), (1, 0), HON)
    assert sight.blocked and "BfC p.05" in (sight.reason or "")
    assert line_of_sight(board, [], (1, 2), (1, 0), HON).clear
    assert line_of_sight(board, [], (1, 3), (1, 1), HON).clear


@pytest.mark.rule("elevated-line")
def test_a_firer_by_an_elevated_line_ignores_the_contour_lines() -> None:
    rows = "\n".join(["......"] * 6)
    lines = [placed_line("contour", LINE_ROW), placed_line("elevated", [(0, 4), (6, 4)])]
    board = field(rows, lines=lines)
    assert line_of_sight(board, [], (1, 4), (1, 0), HON).clear
    assert line_of_sight(board, [], (1, 5), (1, 0), HON).blocked


@pytest.mark.rule("foxholes", "hole")
def test_infantry_in_a_hole_hide_from_the_units_outside_but_not_inside() -> None:
    board = field("""
    ..HH..
    """)
    in_hole = piece("h", (2, 0))
    assert line_of_sight(board, [in_hole], (0, 0), (5, 0), HON).clear
    assert line_of_sight(board, [in_hole], (3, 0), (0, 0), HON).blocked


def test_squares_off_the_battlefield_have_no_line_of_sight() -> None:
    with pytest.raises(ValueError):
        line_of_sight(OPEN, [], (0, 0), (8, 0), HON)


# --- Properties --------------------------------------------------------------------------

W, H = 9, 7
square = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1))


@given(square, square)
def test_two_infantry_in_the_open_always_see_each_other(a: tuple[int, int], b: tuple[int, int]) -> None:
    board = field("\n".join(["." * W] * H))
    sight = line_of_sight(board, [piece("a", a), piece("b", b, "b")] if a != b else [], a, b, HON)
    assert sight.clear and sight.range == max(abs(a[0] - b[0]), abs(a[1] - b[1]))


terrain = st.lists(st.lists(st.sampled_from(".....T#YH"), min_size=W, max_size=W), min_size=H, max_size=H)


@settings(max_examples=150, deadline=None)
@given(terrain, st.sets(square, max_size=8), square, square)
def test_line_of_sight_is_symmetric_with_obstacles(
    rows: list[list[str]], others: set[tuple[int, int]], a: tuple[int, int], b: tuple[int, int]
) -> None:
    board = field("\n".join("".join(r) for r in rows))
    blockers = [piece(f"u{i}", sq, "c", JEEP if i % 3 == 0 else RIFLES) for i, sq in enumerate(sorted(others - {a, b}))]
    there = line_of_sight(board, blockers, a, b, HON)
    back = line_of_sight(board, blockers, b, a, HON)
    assert there.visibility is back.visibility
    assert there.penalty == back.penalty


def _crossed(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Independently, with exact fractions: squares whose inside the open segment between
    the centres crosses (ends excluded), plus the interspaces it passes exactly through."""
    ax, ay = Fraction(2 * a[0] + 1, 2), Fraction(2 * a[1] + 1, 2)
    bx, by = Fraction(2 * b[0] + 1, 2), Fraction(2 * b[1] + 1, 2)
    count = 0
    for c in range(min(a[0], b[0]), max(a[0], b[0]) + 1):
        for r in range(min(a[1], b[1]), max(a[1], b[1]) + 1):
            if (c, r) in (a, b):
                continue
            low, high = Fraction(0), Fraction(1)
            for start, delta, edge in ((ax, bx - ax, c), (ay, by - ay, r)):
                if delta == 0:
                    if not edge < start < edge + 1:
                        low, high = Fraction(1), Fraction(0)
                    continue
                t1, t2 = (edge - start) / delta, (edge + 1 - start) / delta
                low, high = max(low, min(t1, t2)), min(high, max(t1, t2))
            count += low < high
    steps = max(abs(b[0] - a[0]), abs(b[1] - a[1])) * 2
    for i in range(1, steps):
        t = Fraction(i, steps)
        x, y = ax + t * (bx - ax), ay + t * (by - ay)
        count += x.denominator == 1 and y.denominator == 1
    return count


@settings(max_examples=200, deadline=None)
@given(square, square)
def test_the_squares_crossed_match_exact_geometry(a: tuple[int, int], b: tuple[int, int]) -> None:
    thicket = field("\n".join(["T" * W] * H))
    assert line_of_sight(thicket, [], a, b, HON).penalty == -_crossed(a, b)


MIXED = field(
    """
    ..T...Y..
    .#..BB...
    ....BB.H.
    ~~..T..#.
    ...Y.....
    .T....BB.
    """,
    doors=[((4, 2), (4, 3))],
    lines=[
        placed_line("contour", [(0, 4), (4, 4)]),
        placed_line("elevated", [(5, 3), (9, 3)]),
        placed_line("line", [(2, 0), (2, 6)], obscures=1),
        placed_line("line", [(7, 0), (7, 3)], blocks_los=True),
    ],
)
SQUARES = st.tuples(st.integers(0, 8), st.integers(0, 5))
KINDS = st.sampled_from([RIFLES, JEEP, TANK])


@settings(max_examples=300, deadline=None)
@given(
    firer=SQUARES, target=SQUARES, kinds=st.tuples(KINDS, KINDS), others=st.lists(st.tuples(SQUARES, KINDS), max_size=8)
)
def test_a_line_the_terrain_alone_blocks_stays_blocked_whoever_stands_on_it(
    firer: tuple[int, int],
    target: tuple[int, int],
    kinds: tuple[Unit, Unit],
    others: list[tuple[tuple[int, int], Unit]],
) -> None:
    shooter, aimed = piece("f", firer, kind=kinds[0]), piece("t", target, "b", kind=kinds[1])
    crowd = [piece(f"o{i}", at, "b" if i % 2 else "a", kind=kind) for i, (at, kind) in enumerate(others)]
    if firer == target:
        return
    if blocked_by_terrain(MIXED, shooter, aimed, HON):
        assert line_of_sight(MIXED, [shooter, aimed, *crowd], shooter, aimed, HON).blocked
        assert line_of_sight(MIXED, [shooter, aimed], shooter, aimed, HON).blocked
    elif not crowd:
        # Not blocked by terrain: only the contour rule (judged on the whole line) may block.
        sight = line_of_sight(MIXED, [shooter, aimed], shooter, aimed, HON)
        assert not sight.blocked or "contour" in (sight.reason or "")


def test_the_reason_a_unit_blocks_reads_as_english() -> None:
    # "An infantry unit (…)", never "A infantry (…)" (issue 15); "A light vehicle (…)".
    board = field(".....")
    firer, target = piece("f", (0, 0)), piece("t", (4, 0), "b")
    infantry = line_of_sight(board, [piece("m", (2, 0), "a"), firer, target], firer, target, HON)
    assert (infantry.reason or "").startswith("An infantry unit (")
    vehicle = line_of_sight(board, [piece("v", (2, 0), "a", JEEP), firer, target], firer, target, HON)
    assert (vehicle.reason or "").startswith("A light vehicle (")


@settings(max_examples=300, deadline=None)
@given(firer=SQUARES, target=SQUARES, kinds=st.tuples(KINDS, KINDS, KINDS, KINDS), son=st.booleans())
def test_terrain_blocks_a_pair_both_ways_whatever_the_units_types(
    firer: tuple[int, int], target: tuple[int, int], kinds: tuple[Unit, Unit, Unit, Unit], son: bool
) -> None:
    # `blocked_by_terrain` keeps one answer for two placements in either order and of any
    # types: each is worked out here afresh (nothing kept) and must agree (HoN core p.13).
    ruleset = SON if son else HON
    one, other = piece("f", firer, kind=kinds[0]), piece("t", target, "b", kind=kinds[1])
    if not set(one.squares).isdisjoint(other.squares) or any(sq not in MIXED.squares for sq in one.squares):
        return
    if any(sq not in MIXED.squares for sq in other.squares):
        return
    swapped = (piece("t2", target, "a", kind=kinds[1]), piece("f2", firer, "b", kind=kinds[0]))
    # Another type of the same size on the same squares.
    retyped = (
        piece("f3", one.squares, kind=kinds[2] if kinds[2].footprint == kinds[0].footprint else kinds[0]),
        piece("t3", other.squares, "b", kind=kinds[3] if kinds[3].footprint == kinds[1].footprint else kinds[1]),
    )
    answers = []
    for shooter, aimed in ((one, other), swapped, retyped, retyped[::-1]):
        sight_map(MIXED).terrain_blocks.clear()
        answers.append(blocked_by_terrain(MIXED, shooter, aimed, ruleset))
    assert len(set(answers)) == 1
    # And the kept answer, asked in the other order, is the same.
    sight_map(MIXED).terrain_blocks.clear()
    assert blocked_by_terrain(MIXED, one, other, ruleset) == blocked_by_terrain(MIXED, *swapped, ruleset)
