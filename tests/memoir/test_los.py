"""Line of sight (M44 summary, "Line of sight"): centre to centre; a hex with an
obstruction or a unit that the line crosses blocks it; along an edge only obstructions on
both sides block."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.memoir.hexes import Hex
from builder.memoir.rules import los
from builder.memoir.rules.battle import sees
from tests.memoir.helpers import ALLIES, AXIS, CATALOGUE, game, place, unit

BOARD = CATALOGUE.boards["standard"].board()
HEXES = list(BOARD.hexes())


def test_a_clear_line() -> None:
    state = game(place(8, 0, unit=unit("infantry", ALLIES)), place(8, 6, unit=unit("infantry", AXIS)))
    assert sees(state, Hex(8, 0), Hex(8, 6)) is None


@pytest.mark.rule("line-of-sight")
def test_a_unit_in_between_blocks() -> None:
    state = game(
        place(8, 0, unit=unit("infantry", ALLIES)),
        place(8, 4, unit=unit("infantry", ALLIES)),
        place(8, 6, unit=unit("infantry", AXIS)),
    )
    assert sees(state, Hex(8, 0), Hex(8, 6)) == Hex(8, 4)


def test_woods_and_towns_block_but_open_ground_does_not() -> None:
    for terrain, blocked in (("woods", True), ("town", True), ("hedgerow", True), ("beach", False), (None, False)):
        state = game(
            place(8, 0, unit=unit("infantry", ALLIES)), place(8, 2, terrain), place(8, 6, unit=unit("armor", AXIS))
        )
        assert (sees(state, Hex(8, 0), Hex(8, 6)) is not None) is blocked, terrain


@pytest.mark.rule("line-of-sight")
def test_along_an_edge_both_sides_must_block() -> None:
    # (4,4) to (0,4) crosses (2,4) and runs between (3,3)|(3,5) and (1,3)|(1,5).
    crossing = los.crossing(Hex(4, 4), Hex(0, 4))
    assert crossing.inside == (Hex(2, 4),)
    assert set(crossing.along) == {(Hex(1, 3), Hex(1, 5)), (Hex(3, 3), Hex(3, 5))}
    ends = (place(4, 4, unit=unit("infantry", ALLIES)), place(0, 4, unit=unit("infantry", AXIS)))
    one_side = game(*ends, place(3, 3, "woods"))
    assert sees(one_side, Hex(4, 4), Hex(0, 4)) is None
    both_sides = game(*ends, place(3, 3, "woods"), place(3, 5, unit=unit("infantry", ALLIES)))
    assert sees(both_sides, Hex(4, 4), Hex(0, 4)) is not None


def test_a_line_through_the_middle_of_an_edge_crosses_both_hexes() -> None:
    assert set(los.crossing(Hex(0, 0), Hex(4, 2)).inside) == {Hex(1, 1), Hex(2, 0), Hex(2, 2), Hex(3, 1)}


def test_hills_block_unless_both_ends_stand_on_them() -> None:
    ridge = [place(4, col, "hill") for col in (2, 4, 6)]
    ends = [place(4, 0, "hill", unit=unit("infantry", ALLIES)), place(4, 8, "hill", unit=unit("infantry", AXIS))]
    assert sees(game(*ends, *ridge), Hex(4, 0), Hex(4, 8)) is None
    low = [place(4, 0, unit=unit("infantry", ALLIES)), place(4, 4, "hill"), place(4, 8, unit=unit("infantry", AXIS))]
    assert sees(game(*low), Hex(4, 0), Hex(4, 8)) == Hex(4, 4)


@pytest.mark.rule("line-of-sight")
@given(
    st.sampled_from(HEXES),
    st.sampled_from(HEXES),
    st.sets(st.sampled_from(HEXES), max_size=30),
)
def test_line_of_sight_is_symmetric(start: Hex, end: Hex, obstructions: set[Hex]) -> None:
    blocked = obstructions - {start, end}
    there = los.blocker(BOARD, start, end, blocked.__contains__) is None
    back = los.blocker(BOARD, end, start, blocked.__contains__) is None
    assert there == back
