"""Hexes in .m44 coordinates, boards, sections and baselines."""

from __future__ import annotations

import pytest

from builder.memoir.hexes import Edge, Hex, Section
from tests.memoir.helpers import CATALOGUE

STANDARD = CATALOGUE.boards["standard"].board()


def test_neighbours_are_two_columns_apart_on_a_row_and_one_on_the_next() -> None:
    assert set(Hex(2, 4).neighbours()) == {Hex(2, 2), Hex(2, 6), Hex(1, 3), Hex(1, 5), Hex(3, 3), Hex(3, 5)}
    assert all(Hex(2, 4).distance(n) == 1 for n in Hex(2, 4).neighbours())


def test_distance_counts_hexes() -> None:
    assert Hex(0, 0).distance(Hex(0, 6)) == 3
    assert Hex(0, 0).distance(Hex(4, 0)) == 4
    assert Hex(0, 0).distance(Hex(3, 3)) == 3
    assert Hex(8, 24).distance(Hex(0, 0)) == 16


def test_row_plus_column_is_even() -> None:
    with pytest.raises(ValueError):
        Hex(1, 2)


def test_the_standard_board_has_13_and_12_hexes_a_row() -> None:
    hexes = list(STANDARD.hexes())
    assert len(hexes) == 5 * 13 + 4 * 12
    assert STANDARD.contains(Hex(8, 24)) and not STANDARD.contains(Hex(9, 1)) and not STANDARD.contains(Hex(0, 26))


@pytest.mark.rule("straddling-hexes")
def test_a_straddling_hex_counts_for_both_sections() -> None:
    assert STANDARD.sections(Hex(1, 7), Edge.BOTTOM) == {Section.LEFT, Section.CENTRE}
    assert STANDARD.sections(Hex(1, 17), Edge.BOTTOM) == {Section.CENTRE, Section.RIGHT}
    assert STANDARD.sections(Hex(0, 6), Edge.BOTTOM) == {Section.LEFT}
    assert STANDARD.sections(Hex(0, 8), Edge.BOTTOM) == {Section.CENTRE}
    assert STANDARD.sections(Hex(4, 24), Edge.BOTTOM) == {Section.RIGHT}


def test_the_top_player_sees_the_sections_mirrored() -> None:
    assert STANDARD.sections(Hex(0, 0), Edge.TOP) == {Section.RIGHT}
    assert STANDARD.sections(Hex(1, 7), Edge.TOP) == {Section.RIGHT, Section.CENTRE}
    assert STANDARD.sections(Hex(4, 12), Edge.TOP) == {Section.CENTRE}


def test_baselines_and_retreat_directions() -> None:
    assert STANDARD.baseline(Edge.TOP) == 0 and STANDARD.baseline(Edge.BOTTOM) == 8
    assert set(STANDARD.back(Hex(4, 4), Edge.TOP)) == {Hex(3, 3), Hex(3, 5)}
    assert set(STANDARD.back(Hex(4, 4), Edge.BOTTOM)) == {Hex(5, 3), Hex(5, 5)}
