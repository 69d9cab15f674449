"""The hex game's data (data/m44/): honest sources, figures and badges."""

from __future__ import annotations

from builder.memoir.catalogue import Layer, UnitType
from builder.memoir.rules.units import rules_for
from tests.memoir.helpers import CATALOGUE


def test_units_print_the_summarys_dice_and_example_figures() -> None:
    units = CATALOGUE.units
    assert [units[t].dice for t in UnitType] == [(3, 2, 1), (3, 3, 3), (3, 3, 2, 2, 1, 1)]
    assert [units[t].figures for t in UnitType] == [4, 3, 2]
    assert all(units[t].figures_source == "example" for t in UnitType)  # the summary prints no figures


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
