"""Wrecks as terrain elements (HoN core p.19: "A Wreck counts as a Terrain Element"): infantry
standing on a wreck counter takes its defensive bonus. The symbols each counter prints are not
in the text; the values are the catalogue's example wreck terrain (wreck-light, wreck-heavy)."""

from __future__ import annotations

import pytest

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.firing import shot_at
from builder.heroes.rules.resolution.cover import cover
from builder.heroes.rules.resolution.damage import destroy
from builder.heroes.rules.resolution.structures import WRECK_TERRAIN
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.state import GameState
from tests.fixtures.rules.boards import field
from tests.fixtures.rules.games import scenario
from tests.heroes.rules import infantry, light_vehicle, piece

pytestmark = pytest.mark.rule("wrecks")


def test_infantry_on_a_wreck_takes_its_defensive_bonus() -> None:
    _, wreck = destroy(piece(light_vehicle(), (3, 1), key="jeep", owner="b"))
    assert wreck is not None
    rifles = piece(infantry(), (0, 1), key="rifles")
    onto = piece(infantry(), (3, 1), key="onto", owner="b")
    state = GameState(scenario(), field("\n".join(["......"] * 3)), HON, ("a", "b"), "a", {})
    state.pieces.update({p.key: p for p in (rifles, onto, wreck)})
    assert cover(state, onto) == WRECK_TERRAIN[UnitType.LIGHT_VEHICLE].defense["infantry"] == 1
    shot = shot_at(state, rifles, onto)
    assert shot is not None and shot.terrain == 1
    beside = piece(infantry(), (3, 2), key="beside", owner="b")
    assert cover(state, beside) == 0
    state.wreck_terrain = {UnitType.LIGHT_VEHICLE: WRECK_TERRAIN[UnitType.HEAVY_VEHICLE]}  # the catalogue decides
    assert cover(state, onto) == 2
