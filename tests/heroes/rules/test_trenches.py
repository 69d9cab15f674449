"""Trenches (BfC p.06): entering or leaving one stops a unit except across its access (the
dashed line with a blue arrow), moving along it does not; units in a trench are not affected
by the ZoC of units outside it and vice versa, a trench unit's ZoC stays in the element."""

from __future__ import annotations

import pytest

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.geometry.path import DIFFICULT
from builder.heroes.rules.geometry.reach import reachable_squares
from builder.heroes.rules.geometry.zoc import zone_of_control
from builder.heroes.rules.ruleset import HON
from tests.fixtures.rules.boards import element, field, piece

pytestmark = pytest.mark.rule("trenches")

ROWS = "\n".join(["........"] * 4)
TRENCH_EFFECTS = {
    "defense": {"infantry": 2},
    "difficult": True,
    "hole": True,
    "impassable": [UnitType.LIGHT_VEHICLE, UnitType.HEAVY_VEHICLE],
}
# A trench along row 1, columns 1-6, with an access from (1, 2) below its west end.
TRENCH = element("Trench", [(c, 1) for c in range(1, 7)], TRENCH_EFFECTS, key="trench", doors=[((1, 1), (1, 2))])
BOARD = field(ROWS, extra=[TRENCH])


def test_moving_along_a_trench_does_not_stop_a_unit() -> None:
    """BfC p.06: "Moving within a Trench ... does not interrupt movement"."""
    inside = piece("m", (1, 1))
    found = reachable_squares(BOARD, [inside], inside, HON)
    assert found[(5, 1)].cost == 4 and found[(5, 1)].stopped is None
    assert found[(1, 0)].stopped == DIFFICULT  # out over its side: it stops


def test_entering_or_leaving_a_trench_stops_a_unit_except_through_its_access() -> None:
    """BfC p.06: "A unit that moves into or out of a Trench must stop its Movement Action,
    unless it crosses the dashed Line with a blue arrow that indicates access to the Trench"."""
    outside = piece("m", (3, 3))
    found = reachable_squares(BOARD, [outside], outside, HON)
    assert found[(3, 1)].stopped == DIFFICULT  # over the side of the trench: it stops there
    assert (3, 0) not in found or found[(3, 0)].cost > 3  # never over the trench to beyond
    via_access = piece("m", (1, 2))
    found = reachable_squares(BOARD, [via_access], via_access, HON)
    assert found[(1, 1)].stopped is None and found[(1, 1)].cost == 1  # in by the access
    inside = piece("m", (3, 1))
    found = reachable_squares(BOARD, [inside], inside, HON)
    assert found[(3, 2)].stopped == DIFFICULT
    assert found[(1, 3)].cost == 4 and found[(1, 3)].stopped is None  # out by the access and on


def test_a_trench_s_zone_of_control_stays_inside_and_none_enters_it() -> None:
    """BfC p.06: "Units in Trenches are not affected by the ZoC of units outside the Trench
    and vice versa. The ZoC of a unit present in a Trench is limited to the element"."""
    inside = piece("in", (3, 1))
    zone = zone_of_control(BOARD, inside, HON)
    assert zone == {(2, 1), (4, 1)}
    outside = piece("out", (3, 2), owner="b")
    assert not zone_of_control(BOARD, outside, HON) & TRENCH.cells
    assert (3, 3) in zone_of_control(BOARD, outside, HON)
