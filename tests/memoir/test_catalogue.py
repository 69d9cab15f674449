"""The hex game's data (data/m44/): honest sources, figures and badges."""

from __future__ import annotations

import pytest

from builder.kernel.coverage import Played
from builder.memoir.catalogue import Layer, UnitType
from builder.memoir.rules.coverage import COVERAGE
from builder.memoir.rules.units import rules_for
from tests.memoir.helpers import CATALOGUE


def test_units_print_the_summarys_dice_and_example_figures() -> None:
    units = CATALOGUE.units
    assert [units[t].dice for t in UnitType] == [(3, 2, 1), (3, 3, 3), (3, 3, 2, 2, 1, 1)]
    assert [units[t].figures for t in UnitType] == [4, 3, 2]
    assert all(units[t].figures_source == "example" for t in UnitType)  # the summary prints no figures


@pytest.mark.rule("french-resistance", "elite-armor")
def test_badges_change_figures() -> None:
    infantry, armor = CATALOGUE.units[UnitType.INFANTRY], CATALOGUE.units[UnitType.ARMOR]
    assert rules_for(infantry, CATALOGUE.badges["french-resistance"]).figures == 3
    assert rules_for(armor, CATALOGUE.badges["elite-armor"]).figures == 4
    assert rules_for(infantry, CATALOGUE.badges["special-forces"]).figures == 4
    assert rules_for(infantry, CATALOGUE.badges["french-resistance"]).retreat == 3


def test_the_common_terrain_is_there_and_every_value_is_example() -> None:
    for name, layer in (
        ("woods", Layer.TERRAIN),
        ("hills", Layer.TERRAIN),
        ("buildings", Layer.TERRAIN),
        ("hedgerow", Layer.TERRAIN),
        ("river", Layer.TERRAIN),
        ("beach", Layer.TERRAIN),
        ("bridge", Layer.FEATURE),
        ("sand", Layer.OBSTACLE),
        ("wire", Layer.OBSTACLE),
    ):
        assert CATALOGUE.terrain_named(name, layer) is not None, name
    assert all(t.source == "example" for t in CATALOGUE.terrain.values())
    assert all(c.source == "example" for c in CATALOGUE.cards)


def test_each_m44_name_says_one_kind() -> None:
    for layer in Layer:
        kinds = [t for t in CATALOGUE.terrain.values() if t.layer is layer]
        plain = [name for t in kinds for name in t.m44]
        marked = [(t.m44_behavior, name) for t in kinds for name in t.m44_marked]
        assert len(plain) == len(set(plain)) and len(marked) == len(set(marked)), layer
    unplayed = [name for n in CATALOGUE.not_played.values() for name in n.m44]
    known = {name for t in CATALOGUE.terrain.values() for name in (*t.m44, *t.m44_marked)}
    assert len(unplayed) == len(set(unplayed)) and not known & set(unplayed)


def test_terrain_not_played_is_listed_as_not_played() -> None:
    for kind in CATALOGUE.not_played.values():
        assert COVERAGE[kind.id].played is Played.NOT_PLAYED, kind.id


def test_every_board_and_face_the_editor_writes() -> None:
    assert {name for board in CATALOGUE.boards.values() for name in board.m44} >= {"STANDARD", "OVERLORD", "BRKTHRU"}
    assert set(CATALOGUE.faces) == {"COUNTRY", "WINTER", "DESERT", "BEACH"}
    assert CATALOGUE.board_named("BRKTHRU") is CATALOGUE.boards["breakthrough"]
