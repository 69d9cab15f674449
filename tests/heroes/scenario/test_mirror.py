"""The mirror scenarios (tests/fixtures/mirror, issue 34) are point-symmetric: the same board
twice, the second turned half a turn, zones, objectives and every terrain element mapped onto
their images by the half turn about the map's centre, the same army and hand on both sides,
the same victory conditions with the sides exchanged. A field that is not (an objective a
square off, a side with another army) is caught."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from builder.heroes.catalogue.terrain import Edge
from builder.heroes.scenario.battlefield import assemble
from builder.heroes.scenario.models import Zone
from builder.services.game import PreparedGame, prepare_game
from tests.heroes.mirror import HalfTurn, asymmetries
from tests.heroes.rules.test_simulate import bundled

MIRRORS = Path(__file__).resolve().parents[2] / "fixtures" / "mirror"
NAMES = ["mirror-hon", "mirror-hon-swapped", "mirror-son", "mirror-son-swapped"]


@cache
def mirror(name: str) -> PreparedGame:
    return prepare_game(MIRRORS / f"{name}.yaml", bundled())


@pytest.mark.parametrize("name", NAMES)
def test_the_mirror_is_point_symmetric(name: str) -> None:
    game = mirror(name)
    assert game.issues == ()
    assert asymmetries(game.scenario, game.battlefield, game.armies) == []


def test_the_half_turn_maps_squares_interspaces_and_facings() -> None:
    half = HalfTurn(28, 10)
    assert half.square((0, 0)) == (27, 9) and half.square((5, 7)) == (22, 2)
    assert half.point((0, 0)) == (28, 10) and half.point((14, 5)) == (14, 5)
    assert [half.facing(f) for f in range(8)] == [4, 5, 6, 7, 0, 1, 2, 3]
    assert all(half.square(half.square((c, r))) == (c, r) for c in range(28) for r in range(10))


@pytest.mark.parametrize("system", ["hon", "son"])
def test_swapped_is_the_mirror_with_the_zones_exchanged(system: str) -> None:
    plain, swapped = mirror(f"mirror-{system}").scenario, mirror(f"mirror-{system}-swapped").scenario
    other = {"blue": "red", "red": "blue"}
    assert [z.model_copy(update={"side": other[z.side], "note": ""}) for z in plain.zones] == [
        z.model_copy(update={"note": ""}) for z in swapped.zones
    ]
    assert [s.side for s in plain.setup.deployment] == [s.side for s in swapped.setup.deployment] == ["blue", "red"]
    assert plain.model_dump(exclude={"id", "zones", "setup", "map_note"}) == swapped.model_dump(
        exclude={"id", "zones", "setup", "map_note"}
    )


def test_a_field_that_is_not_point_symmetric_is_caught() -> None:
    game = mirror("mirror-hon")
    scenario = game.scenario
    moved = [o.model_copy(update={"at": (5, 6)}) if o.id == "west-ruins" else o for o in scenario.objectives]
    assert asymmetries(scenario.model_copy(update={"objectives": moved}), game.battlefield, game.armies) == [
        "objective west-ruins has no image",
        "objective east-ruins has no image",
    ]
    zone = Zone.model_validate({"id": "west", "side": "blue", "kind": "deployment", "area": {"rects": [[0, 0, 3, 9]]}})
    wider = scenario.model_copy(update={"zones": [zone, *scenario.zones[1:]]})
    assert asymmetries(wider, game.battlefield, game.armies) == ["zone west has no image", "zone east has no image"]
    others = {**game.armies, "red": game.armies["red"].model_copy(update={"points_limit": 301})}
    assert asymmetries(scenario, game.battlefield, others) == ["the sides field different armies"]
    lopsided = scenario.model_copy(update={"setup": scenario.setup.model_copy(update={"action_cards": {"blue": 4}})})
    assert asymmetries(lopsided, game.battlefield, game.armies) == ["the sides hold different hands"]


def test_a_terrain_that_is_not_its_own_image_is_caught() -> None:
    game = mirror("mirror-hon")
    layout = game.scenario.map
    unturned = layout.model_copy(
        update={"boards": [layout.boards[0], layout.boards[1].model_copy(update={"rotation": 0})]}
    )
    found = asymmetries(game.scenario, assemble(unturned, bundled())[0], game.armies)
    assert "(0, 4) is road and its image not" in found
    assert "element map.boards[0].elements[3] has no image" in found
    assert "the no-passage edges are not their own image" in found
    walled = layout.model_copy(update={"no_passage": [Edge(a=(3, 3), b=(3, 4))]})
    assert asymmetries(game.scenario, assemble(walled, bundled())[0], game.armies) == [
        "the no-passage edges are not their own image"
    ]
