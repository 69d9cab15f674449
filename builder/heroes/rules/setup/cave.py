"""Caves (SoN p.13, p.11): cave walls are impassable and block lines of sight (their terrain
effects); and "in the scenarios set at night or in a cave", the night conditions hold: the
maximum range, the long-range penalty, the dispersions and the range for revealing hidden
units. hon reads a scenario as set in a cave when its battlefield holds a cave element (one
bearing the Cave symbol)."""

from __future__ import annotations

from builder.heroes.rules.ruleset import Ruleset, ruleset_for
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.models import Scenario

CAVE = "son-cave"  # the terrain symbol (SoN p.13)


def in_a_cave(battlefield: Battlefield) -> bool:
    """Whether the battlefield holds a cave element."""
    return any(CAVE in element.terrain.symbols for element in battlefield.elements)


def conditions(scenario: Scenario, battlefield: Battlefield) -> Ruleset:
    """The scenario's rules: its game's, under night (set at night or in a cave, SoN p.11) or
    fog."""
    night = scenario.setup.night or in_a_cave(battlefield)
    return ruleset_for(scenario.game, night, scenario.setup.fog)
