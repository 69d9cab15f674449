"""Zones of control (HoN core p.11-12, p.20; SoN p.5): what a unit's ZoC covers, and how it
hinders infantry movement — into or out of one, never within one."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

from builder.heroes.rules.geometry.grid import neighbours
from builder.heroes.rules.geometry.reach import assault_path, reachable_squares
from builder.heroes.rules.geometry.zoc import zone_of_control
from builder.heroes.rules.ruleset import HON, SON
from tests.fixtures.rules.boards import JEEP, TANK, field, piece

OPEN = field("\n".join(["......."] * 5))


@pytest.mark.rule("zone-of-control")
def test_a_unit_controls_the_eight_squares_around_it() -> None:
    unit = piece("e", (3, 2), "b")
    assert zone_of_control(OPEN, unit, HON) == frozenset(neighbours((3, 2)))
    corner = piece("e", (0, 0), "b")
    assert zone_of_control(OPEN, corner, HON) == {(1, 0), (0, 1), (1, 1)}


@pytest.mark.rule("zone-of-control", "impassable")
def test_impassable_squares_and_blocked_sight_are_not_part_of_it() -> None:
    board = field(
        """
    .#.
    ...
    ...
    """,
        no_passage=[((1, 1), (1, 2))],
    )
    unit = piece("e", (1, 1), "b")
    zoc = zone_of_control(board, unit, HON)
    assert (1, 0) not in zoc  # rocks: impassable (HoN core p.11)
    assert (1, 2) not in zoc  # behind a no-passage edge: no LoS (SoN p.5: "separated by a symbol")
    assert (0, 1) in zoc and (0, 2) in zoc


@pytest.mark.rule("zone-of-control", "buildings", "son-buildings")
def test_walls_and_windows_stop_it_doors_pass_it_in_hon_only() -> None:
    house = field(
        """
    .....
    .BB..
    .....
    """,
        doors=[((1, 1), (1, 2))],
        windows=[((2, 1), (3, 1))],
    )
    by_door = piece("e", (1, 1), "b")
    assert (1, 2) in zone_of_control(house, by_door, HON)  # HoN core p.20: through the door
    assert (1, 2) not in zone_of_control(house, by_door, SON)  # SoN p.5: never out of a building
    assert (0, 1) not in zone_of_control(house, by_door, HON)  # the wall
    by_window = piece("e", (2, 1), "b")
    zoc = zone_of_control(house, by_window, HON)
    assert (3, 1) not in zoc and (1, 1) in zoc  # windows restrict ZoC; inside it reaches


@pytest.mark.rule("transport")
def test_suppressed_embarked_and_son_vehicles_exert_none() -> None:
    assert zone_of_control(OPEN, piece("e", (3, 2), "b", suppressed=1), HON) == frozenset()
    aboard = replace(piece("e", (3, 2), "b"), embarked_in="truck")
    assert zone_of_control(OPEN, aboard, HON) == frozenset()
    jeep = piece("j", (3, 2), "b", JEEP)
    assert len(zone_of_control(OPEN, jeep, HON)) == 8  # HoN: a vehicle has one…
    assert zone_of_control(OPEN, jeep, SON) == frozenset()  # …SoN: it has none
    tank = piece("t", ((3, 1), (3, 2)), "b", TANK)
    assert len(zone_of_control(OPEN, tank, HON)) == 10


@pytest.mark.rule("zone-of-control")
def test_infantry_moves_into_and_out_of_a_zoc_but_never_within_it() -> None:
    mover = piece("m", (1, 1))  # already in the enemy's ZoC
    enemy = piece("e", (2, 2), "b")
    found = reachable_squares(OPEN, [mover, enemy], mover, HON)
    assert (1, 2) not in found or found[(1, 2)].cost > 1  # within the ZoC: not directly
    assert (0, 1) in found and found[(0, 1)].cost == 1  # out of it
    assert found[(1, 3)].cost == 2  # out by [0, 2], then back in
    zoc = zone_of_control(OPEN, enemy, HON)
    for path in found.values():  # no step of any path goes from the ZoC into the ZoC
        steps = [p.square for p in path.positions]
        assert not any(a in zoc and b in zoc for a, b in pairwise(steps))
    assert found[(3, 3)].cost == 4  # out by [0, 2], [1, 3]... round the enemy


def test_moving_from_one_enemys_zoc_into_anothers_is_allowed() -> None:
    # HoN core p.11: "even if doing so causes it to enter another ZoC".
    mover = piece("m", (1, 2))
    left, right = piece("l", (0, 2), "b"), piece("r", (3, 2), "b")
    found = reachable_squares(OPEN, [mover, left, right], mover, HON)
    assert found[(2, 2)].cost == 1  # from l's ZoC into r's
    assert found[(2, 1)].cost == 1
    assert (1, 1) not in found or found[(1, 1)].cost > 1  # within l's ZoC


@pytest.mark.rule("suppressed")
def test_vehicles_ignore_infantry_zoc_and_suppressed_units_hinder_nobody() -> None:
    enemy = piece("e", (2, 2), "b")
    jeep = piece("j", (1, 1), "a", JEEP)
    assert reachable_squares(OPEN, [jeep, enemy], jeep, HON)[(1, 2)].cost == 1
    mover = piece("m", (1, 1))
    pinned = piece("e", (2, 2), "b", suppressed=1)
    assert reachable_squares(OPEN, [mover, pinned], mover, HON)[(1, 2)].cost == 1
    # A vehicle's ZoC hinders no movement (HoN core p.12).
    tank = piece("t", ((2, 1), (2, 2)), "b", TANK)
    assert reachable_squares(OPEN, [mover, tank], mover, HON)[(1, 2)].cost == 1


@pytest.mark.rule("zone-of-control", "assault-launch")
def test_an_assault_ignores_the_zoc_for_its_last_step() -> None:
    mover = piece("m", (0, 2))
    target = piece("t", (2, 2), "b")
    other = piece("o", (2, 0), "b")
    # [1, 1] and [1, 2] are in both enemies' ZoCs; moving [1, 1] -> [2, 2] would be within
    # t's ZoC, but as the assault's last step it is allowed (HoN core p.11).
    path = assault_path(OPEN, [mover, target, other], mover, target, HON)
    assert path is not None and path.cost == 2 and path.destination.square == (2, 2)


@pytest.mark.rule("assault-launch")
def test_an_assault_starts_from_a_free_square() -> None:
    # SoN p.7: "an assault can only be launched from a free space".
    corridor = field("""
    #####
    .....
    #####
    """)
    mover, target = piece("m", (0, 1)), piece("t", (3, 1), "b")
    assert assault_path(corridor, [mover, target], mover, target, HON) is not None
    friend = piece("f", (2, 1))
    assert assault_path(corridor, [mover, target, friend], mover, target, HON) is None
