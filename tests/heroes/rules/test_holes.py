"""Holes (BfC p.04): "Corners that overlap an interspace block LoS when firing at a unit in the
same Terrain Element" (the picture's Firing Action C, along a trench's bend); trench corners
limit a ZoC (BfC p.06); units on both corners of a diagonal cut a ZoC (HoN core p.11, p.14)."""

from __future__ import annotations

import pytest

from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.geometry.zoc import zone_of_control, zones_of_control
from builder.heroes.rules.ruleset import HON
from tests.fixtures.rules.boards import field, piece

BEND = field("""
HHH..
..H..
..H..
.....
""")


@pytest.mark.rule("trenches", "hole")
def test_a_corner_of_the_hole_blocks_a_shot_between_two_units_inside_it() -> None:
    a, b = piece("a", (0, 0)), piece("b", (2, 2), "b")
    sight = line_of_sight(BEND, [a, b], a, b, HON)
    assert sight.blocked and "BfC p.04" in (sight.reason or "") and (0, 1) in sight.blocked_at


@pytest.mark.rule("hole")
def test_a_line_that_stays_inside_the_hole_is_clear() -> None:
    a, b, c = piece("a", (0, 0)), piece("b", (2, 0), "b"), piece("c", (2, 2), "b")
    assert line_of_sight(BEND, [a, b], a, b, HON).clear
    assert line_of_sight(BEND, [b, c], b, c, HON).clear


@pytest.mark.rule("hole")
def test_the_corner_does_not_matter_to_a_unit_outside_the_hole() -> None:
    # The rule speaks of "a unit in the same Terrain Element": a firer outside traces as usual.
    a, b = piece("a", (0, 2)), piece("b", (2, 2), "b")
    assert not line_of_sight(BEND, [a, b], a, b, HON).blocked


@pytest.mark.rule("trenches")
def test_a_corner_of_the_trench_limits_the_zone_of_control() -> None:
    # BfC p.06: "The corners of Trenches limit ZoC" (A); a ZoC needs a LoS (HoN core p.11).
    inside = piece("a", (1, 0))
    zone = zone_of_control(BEND, inside, HON)
    assert (2, 0) in zone and (2, 1) not in zone


@pytest.mark.rule("zone-of-control")
def test_units_on_both_corners_of_a_diagonal_cut_a_zone_of_control() -> None:
    # HoN core p.11: a ZoC covers the adjacent squares the unit has a LoS to; p.14: a line
    # through an interspace with obstacles on both sides is blocked, and units are obstacles.
    board = field("\n".join(["....."] * 5))
    enemy = piece("e", (2, 2), "b")
    left, below = piece("l", (3, 2)), piece("u", (2, 3))
    both = zones_of_control(board, [enemy], HON, Occupancy([enemy, left, below]))
    assert (3, 3) not in both and (1, 1) in both and (3, 1) in both
    one = zones_of_control(board, [enemy], HON, Occupancy([enemy, left]))
    assert "e" in one[(3, 3)]
    assert (3, 3) in zones_of_control(board, [enemy], HON)  # terrain alone: no cut
