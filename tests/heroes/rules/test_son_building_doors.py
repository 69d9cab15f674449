"""SoN p.12, Buildings: "The ZoC of a unit on one of these outside spaces [the spaces a
building's blue arrows point from] prevents another unit from entering or leaving a
building"; the ZoC of a unit inside still never leaves it (SoN p.5)."""

from __future__ import annotations

import pytest

from builder.heroes.rules.geometry.reach import reachable_squares
from builder.heroes.rules.geometry.zoc import zone_of_control
from builder.heroes.rules.ruleset import SON
from tests.fixtures.rules.boards import field, piece

pytestmark = pytest.mark.rule("son-buildings")

HOUSE = """
.....
.BB..
.....
.....
"""
DOORS = [((1, 1), (1, 2)), ((2, 1), (2, 2))]


def test_a_unit_on_a_doors_outside_space_bars_the_buildings_doors_it_holds() -> None:
    house = field(HOUSE, doors=DOORS)
    guard = piece("e", (1, 2), "b")  # on the first door's outside space
    zone = zone_of_control(house, guard, SON)
    assert {(1, 1), (2, 1)} <= zone  # both doors' inside spaces: its own door, and the one beside it
    inside = piece("a", (2, 1))
    assert (2, 2) not in reachable_squares(house, [guard, inside], inside, SON)  # cannot leave
    outside = piece("a", (3, 2))
    assert (2, 1) not in reachable_squares(house, [guard, outside], outside, SON)  # cannot enter
    # An enemy beside the door but not on a door's outside space bars nothing.
    watcher = piece("e", (3, 3), "b")
    assert (2, 2) in reachable_squares(house, [watcher, inside], inside, SON)
    assert not {(1, 2), (2, 2)} & zone_of_control(house, piece("e", (2, 1), "b"), SON)  # inside: never out
