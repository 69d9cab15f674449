"""Caves (SoN p.13, p.11): "In the scenarios set at night or in a cave, the maximum range, the
penalty for shooting at long range, the dispersions, and the range for revealing concealed
units are modified according to the conditions of the night": a battlefield holding a cave
element is played under the night rules, whatever the scenario's `setup.night` says."""

from __future__ import annotations

import pytest

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.firing import shot_at
from builder.heroes.rules.preview import board
from builder.heroes.rules.setup.cave import conditions, in_a_cave
from builder.heroes.scenario.battlefield import Battlefield, PlacedElement
from tests.fixtures.rules.boards import field, piece
from tests.fixtures.rules.games import scenario

pytestmark = pytest.mark.rule("son-cave")

ROWS = "\n".join(["." * 12] * 3)


def caved(catalogue: Catalogue) -> Battlefield:
    plain = field(ROWS)
    wall = catalogue.terrain["son-cave-wall"]
    element = PlacedElement("cave", wall.id, wall, wall.effects, frozenset({(11, 0)}), wall.name)
    return Battlefield(plain.width, plain.height, plain.squares, (element,), plain.no_passage, plain.lines)


def test_a_battlefield_with_a_cave_is_played_under_the_night_rules(bundled: Catalogue) -> None:
    son = scenario().model_copy(update={"game": "son"})
    assert in_a_cave(caved(bundled)) and not in_a_cave(field(ROWS))
    assert conditions(son, caved(bundled)).max_range == 7  # SoN p.11: Dark Night, 7 spaces
    assert conditions(son, field(ROWS)).max_range is None  # in the open, by day
    # A shot of 9 spaces in the cave is beyond the night's range; 7 is within it.
    state = board(son, caved(bundled), [piece("a1", (0, 1)), piece("b1", (9, 1), "b"), piece("b2", (7, 2), "b")])
    assert shot_at(state, state.pieces["a1"], state.pieces["b1"]) is None
    assert shot_at(state, state.pieces["a1"], state.pieces["b2"]) is not None
    assert UnitType.LARGE_CREATURE in bundled.terrain["son-cave-wall"].effects.impassable
