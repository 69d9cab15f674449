"""The grid: neighbours, distance and range (HoN core p.9, p.14), interspaces, footprints."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.heroes.rules.geometry.grid import (
    adjacent,
    compass,
    corner_between,
    corner_sides,
    corners,
    distance,
    edge_of_segment,
    facing_between,
    facing_of,
    footprint_squares,
    neighbours,
    range_between,
    segment_of_edge,
    shape_fits,
    turn_cost,
)
from builder.heroes.rules.pieces import EAST, NORTH, NORTH_EAST, SOUTH, WEST

squares = st.tuples(st.integers(-30, 30), st.integers(-30, 30))


def test_eight_neighbours_clockwise_from_north() -> None:
    assert list(neighbours((5, 5))) == [(5, 4), (6, 4), (6, 5), (6, 6), (5, 6), (4, 6), (4, 5), (4, 4)]


@pytest.mark.rule("range")
def test_range_counts_the_target_not_the_firer_and_uses_diagonals() -> None:
    # HoN core p.14: "you can use diagonals ... the shortest route. Do not count the square of the firing unit."
    assert distance((0, 0), (0, 1)) == 1
    assert distance((0, 0), (3, 3)) == 3
    assert distance((0, 0), (7, 2)) == 7
    assert distance((2, 2), (2, 2)) == 0


def test_a_vehicle_counts_range_from_its_nearest_square() -> None:
    assert range_between(((0, 0), (0, 1)), ((0, 5),)) == 4
    assert range_between(((0, 0),), ((3, 0), (4, 0))) == 3


@given(squares, squares, squares)
def test_distance_is_a_metric(a: tuple[int, int], b: tuple[int, int], c: tuple[int, int]) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(squares)
def test_neighbours_are_exactly_the_squares_at_distance_one(a: tuple[int, int]) -> None:
    around = set(neighbours(a))
    assert len(around) == 8
    assert all(distance(a, n) == 1 and adjacent(a, n) for n in around)
    assert not adjacent(a, a)


@given(squares, squares)
def test_one_step_changes_the_distance_by_at_most_one(a: tuple[int, int], b: tuple[int, int]) -> None:
    assert all(abs(distance(n, b) - distance(a, b)) <= 1 for n in neighbours(a))


def test_interspaces_are_named_by_the_square_below_right() -> None:
    # DESIGN.md 3.3: an interspace is [col, row] of the corner at the top-left of that square.
    assert corners((2, 3)) == ((2, 3), (3, 3), (3, 4), (2, 4))
    assert corner_between((2, 3), (3, 4)) == (3, 4)
    assert corner_between((3, 3), (2, 4)) == (3, 4)
    assert set(corner_sides((2, 3), (3, 4))) == {(3, 3), (2, 4)}


def test_a_unit_segment_between_interspaces_is_an_edge_and_back() -> None:
    assert edge_of_segment((2, 3), (3, 3)) == frozenset({(2, 2), (2, 3)})
    assert edge_of_segment((2, 3), (2, 4)) == frozenset({(1, 3), (2, 3)})
    for edge in (frozenset({(2, 2), (2, 3)}), frozenset({(1, 3), (2, 3)})):
        assert edge_of_segment(*segment_of_edge(edge)) == edge
    with pytest.raises(ValueError):
        edge_of_segment((0, 0), (1, 1))


def test_a_two_square_vehicle_has_its_rear_behind_its_front() -> None:
    assert footprint_squares((3, 3), NORTH, 2) == ((3, 3), (3, 4))
    assert footprint_squares((3, 3), EAST, 2) == ((3, 3), (2, 3))
    # Diagonal: still two squares, corner to corner (HoN core p.10).
    assert footprint_squares((3, 3), NORTH_EAST, 2) == ((3, 3), (2, 4))
    assert shape_fits(((3, 3), (2, 4)), NORTH_EAST)
    assert not shape_fits(((3, 3), (3, 4)), EAST)


def test_a_four_square_creature_is_a_block_facing_a_side() -> None:
    assert footprint_squares((3, 3), NORTH, 4) == ((3, 3), (4, 3), (3, 4), (4, 4))
    assert set(footprint_squares((4, 3), EAST, 4)) == {(3, 3), (4, 3), (3, 4), (4, 4)}
    assert set(footprint_squares((3, 4), WEST, 4)) == {(3, 3), (4, 3), (3, 4), (4, 4)}
    with pytest.raises(ValueError):
        footprint_squares((3, 3), NORTH_EAST, 4)


def test_facings_by_name_and_turns() -> None:
    assert facing_of("ne") == NORTH_EAST == facing_of("North-East")
    assert compass(SOUTH) == "s"
    assert facing_between((0, 0), (1, -1)) == NORTH_EAST
    assert facing_between((0, 0), (2, 0)) is None
    assert turn_cost(NORTH, WEST) == 2
    assert turn_cost(NORTH, SOUTH) == 4
    with pytest.raises(ValueError):
        facing_of("up")
