"""The deployment dry-run: every placement rule with a legal and an illegal case, the
automatic deployment, and its promise that what it places always passes the check."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.army.resolve import resolve
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.geometry.grid import footprint_squares
from builder.heroes.rules.pieces import EAST, NORTH, NORTH_EAST, Piece
from builder.heroes.rules.setup.deployment import (
    auto_deploy,
    check_placements,
    deployment_dice,
    dry_run,
    field_army,
    place,
    zones_for,
)
from builder.heroes.rules.setup.positions import PositionEntry, PositionsFile
from builder.heroes.scenario.models import Scenario
from tests.conftest import army, codes, errors
from tests.fixtures.rules.boards import JEEP, RIFLES, TANK, field, piece, unit


def scenario(
    zones: list[dict[str, Any]],
    objectives: list[dict[str, Any]] | None = None,
    steps: list[dict[str, Any]] | None = None,
) -> Scenario:
    found = objectives if objectives is not None else [{"id": "hill", "name": "Hill", "kind": "primary", "at": [7, 0]}]
    return Scenario.model_validate(
        {
            "id": "test",
            "title": "Test",
            "game": "hon",
            "sides": [{"id": "a", "name": "A", "faction": "alpha"}, {"id": "b", "name": "B", "faction": "beta"}],
            "map": {"boards": [{"board": "field"}]},
            "zones": zones,
            "objectives": found,
            "setup": {"initiative": "a", "turns": {"count": 6}, "deployment": steps or []},
            "victory": {
                "outcomes": [
                    {
                        "winner": "a",
                        "label": "A wins",
                        "condition": {"type": "control", "side": "a", "objectives": [found[0]["id"]]},
                    }
                ]
            },
        }
    )


def zone(zone_id: str, rect: list[int], side: str = "a", kind: str = "deployment") -> dict[str, Any]:
    return {"id": zone_id, "side": side, "kind": kind, "area": {"rects": [rect]}}


BOARD = field("""
..T.....
..~.....
........
..T.....
""")
SCENE = scenario([zone("a-zone", [0, 0, 2, 3]), zone("b-zone", [6, 0, 7, 3], "b")])


def check(pieces: list[Piece], board: Any = BOARD, scene: Scenario = SCENE, side: str = "a") -> list[str]:
    return codes(check_placements(scene, board, side, pieces))


@pytest.mark.rule("deployment")
def test_inside_the_zone_is_legal_outside_is_not() -> None:
    assert check([piece("r1", (0, 0)), piece("r2", (1, 3))]) == []
    found = check_placements(SCENE, BOARD, "a", [piece("r1", (3, 0))])
    assert codes(found) == ["deploy.outside"] and "'a-zone'" in found[0].message and found[0].path == "positions[0].at"


@pytest.mark.rule("deployment")
def test_no_two_counters_on_one_square() -> None:
    assert check([piece("r1", (0, 0)), piece("r2", (0, 0))]) == ["deploy.stacked"]
    assert codes(check_placements(SCENE, BOARD, "a", [piece("r1", (0, 0))], others=[piece("x", (0, 0), "b")])) == [
        "deploy.stacked"
    ]


@pytest.mark.rule("impassable")
def test_never_on_a_square_the_unit_may_not_enter() -> None:
    assert check([piece("r", (2, 0))]) == []  # infantry in the thicket
    assert check([piece("j", (2, 0), "a", JEEP)]) == ["deploy.impassable"]  # impassable to light vehicles
    assert check([piece("r", (2, 1))]) == ["deploy.impassable"]  # water
    frogs = piece("f", (2, 1), kind=unit("frogmen", abilities=["amphibious"]))
    assert check([frogs]) == []


def test_a_two_square_vehicle_fits_with_its_facing() -> None:
    assert check([piece("t", footprint_squares((1, 2), NORTH, 2), "a", TANK)]) == []
    assert check([piece("t", footprint_squares((1, 1), NORTH_EAST, 2), "a", TANK, facing=NORTH_EAST)]) == []
    assert check([piece("t", footprint_squares((0, 3), NORTH, 2)[::-1], "a", TANK)]) == ["deploy.shape"]
    assert check([piece("t", footprint_squares((0, 3), NORTH, 2), "a", TANK)]) == ["deploy.off-map"]
    assert check([piece("t", footprint_squares((3, 2), EAST, 2), "a", TANK, facing=EAST)]) == ["deploy.outside"]
    walled = field("...\n...", no_passage=[((0, 0), (0, 1))])
    assert check([piece("t", footprint_squares((0, 0), NORTH, 2), "a", TANK)], walled) == ["deploy.shape"]


@pytest.mark.rule("scout")
def test_scouts_may_stand_outside_but_not_near_an_objective() -> None:
    scout = unit("scouts", abilities=[{"scout": 2}])
    assert check([piece("s", (4, 2), kind=scout)]) == []  # two squares out
    assert check([piece("s", (5, 2), kind=scout)]) == ["deploy.scout"]  # three
    near = scenario([zone("a-zone", [0, 0, 2, 3])], [{"id": "well", "name": "Well", "kind": "bonus", "at": [4, 0]}])
    found = check_placements(near, BOARD, "a", [piece("s", (3, 1), kind=scout)])
    assert codes(found) == ["deploy.scout"] and "adjacent to an objective" in found[0].message
    assert check([piece("s", (3, 3), kind=scout)], scene=near) == []
    # Inside the zone the objective rule does not apply.
    assert check([piece("s", (2, 2), kind=scout)], scene=near) == []


@pytest.mark.rule("scout")
def test_objective_areas_keep_scouts_out() -> None:
    board = field("........\n.....BB.\n........", ids={"B": "farm"}, doors=[((5, 1), (5, 2))])
    farm = scenario(
        [zone("a-zone", [0, 0, 2, 2])], [{"id": "farm", "name": "Farm", "kind": "primary", "element": "farm"}]
    )
    scout = unit("scouts", abilities=[{"scout": 3}])
    assert check([piece("s", (4, 1), kind=scout)], board, farm) == ["deploy.scout"]  # next to the farm
    assert check([piece("s", (3, 1), kind=scout)], board, farm) == []


@pytest.mark.rule("ambush", "tripod")
def test_only_ambush_tripod_and_scout_units_deploy_either_side_up() -> None:
    assert check([piece("r", (0, 0), side_index=1)]) == ["deploy.face"]
    gun = unit("mg", abilities=[], back=["tripod"])
    assert check([piece("g", (0, 0), kind=gun, side_index=1)]) == []


def test_deployment_steps_send_named_units_to_their_zone() -> None:
    steps: list[dict[str, Any]] = [{"side": "a", "zone": "a-zone"}, {"side": "a", "zone": "a-late", "units": ["tank"]}]
    scene = scenario([zone("a-zone", [0, 0, 1, 3]), zone("a-late", [2, 2, 3, 3])], steps=steps)
    assert [z.id for z in zones_for(scene, "a", "tank")] == ["a-late"]
    assert [z.id for z in zones_for(scene, "a", "rifles")] == ["a-zone"]
    assert check([piece("t", footprint_squares((3, 2), NORTH, 2), "a", TANK)], scene=scene) == []
    assert check([piece("t", footprint_squares((1, 2), NORTH, 2), "a", TANK)], scene=scene) == ["deploy.outside"]


@pytest.mark.rule("entry-squares")
def test_a_side_entering_later_stands_on_its_entry_squares() -> None:
    scene = scenario([zone("b-entry", [7, 0, 7, 3], "b", "entry")], steps=[{"side": "b"}])
    assert check([piece("r", (7, 1), "b")], scene=scene, side="b") == []
    assert check([piece("r", (6, 1), "b")], scene=scene, side="b") == ["deploy.outside"]
    assert check([piece("r", (0, 0))], scene=scene, side="a") == ["deploy.no-zone"]


# --- Automatic deployment ----------------------------------------------------------------


def off_board(*kinds: Any) -> list[Piece]:
    return [Piece(key=f"a/tiles[0]/{k.id}/{i + 1}", unit=k, owner="a", squares=()) for i, k in enumerate(kinds)]


@pytest.mark.rule("deployment")
def test_auto_deploy_places_everyone_legally_and_deterministically() -> None:
    pieces = off_board(TANK, TANK, RIFLES, RIFLES, RIFLES, JEEP)
    placed, issues = auto_deploy(SCENE, BOARD, "a", pieces, dice=deployment_dice(1, "a"))
    assert issues == [] and all(p.squares for p in placed)
    assert check_placements(SCENE, BOARD, "a", placed) == []
    assert auto_deploy(SCENE, BOARD, "a", pieces, dice=deployment_dice(1, "a"))[0] == placed
    tanks = [p for p in placed if p.unit is TANK]
    assert all(p.facing in (EAST, NORTH_EAST, 3) for p in tanks)  # facing the enemy side


def test_auto_deploy_says_which_units_do_not_fit_and_by_how_much() -> None:
    small = scenario([zone("cw-deploy", [0, 0, 0, 0])])
    placed, issues = auto_deploy(small, BOARD, "a", off_board(TANK), dice=Random(1), titles={"": "Sherman Platoon"})
    assert codes(issues) == ["deploy.no-room"]
    assert issues[0].message == (
        "The Sherman Platoon needs 2 squares a heavy vehicle can enter side by side; "
        "zone 'cw-deploy' has room for none."
    )
    assert issues[0].path == "zones[0]" and placed[0].squares == ()
    crowded = scenario([zone("a-zone", [0, 0, 1, 0])])
    placed, issues = auto_deploy(crowded, BOARD, "a", off_board(RIFLES, RIFLES, RIFLES, RIFLES), dice=Random(1))
    assert codes(issues) == ["deploy.no-room"] and "(2 short)" in issues[0].message
    assert sum(1 for p in placed if p.squares) == 2


def test_auto_deploy_names_the_recruitment_group(mini: Catalogue) -> None:
    force = field_army(resolve(army(["platoon"]), mini), "a")
    tiny = scenario([zone("a-zone", [0, 0, 1, 0])])
    _, issues = auto_deploy(tiny, BOARD, "a", force.pieces, dice=Random(1), titles=force.titles)
    assert codes(issues) == ["deploy.no-room"]
    assert issues[0].message.startswith("The Platoon needs 4 squares an infantry unit can stand on")


def test_field_army_keys_every_counter(mini: Catalogue) -> None:
    force = field_army(resolve(army(["platoon", "squad"]), mini), "a")
    keys = [p.key for p in force.pieces]
    assert keys[:2] == ["a/tiles[0]/officer/1", "a/tiles[0]/rifles/1"]
    assert "a/tiles[1]/rifles/2" in keys and len(keys) == len(set(keys)) == 6
    assert force.titles["tiles[0]"] == "Platoon" and all(not p.squares for p in force.pieces)


def test_positions_name_counters_by_key_or_by_unit(mini: Catalogue) -> None:
    force = field_army(resolve(army(["squad"]), mini), "a")
    positions = PositionsFile(
        positions=[
            PositionEntry(unit="a/tiles[0]/rifles/2", at=(0, 0)),
            PositionEntry(unit="rifles", at=(1, 0)),
            PositionEntry(unit="rifles", at=(1, 1)),
            PositionEntry(unit="panzer", at=(1, 2)),
        ]
    )
    pieces, paths, issues = place(force, positions)
    assert [p.squares for p in pieces] == [((0, 0),), ((1, 0),)]
    assert paths["a/tiles[0]/rifles/2"] == "positions[0]"
    assert codes(issues) == ["deploy.extra", "deploy.unknown"]


def test_dry_run_from_an_army_list(mini: Catalogue) -> None:
    done = dry_run(SCENE, BOARD, "a", army(["platoon"]), mini)
    assert done.legal and done.automatic and len(done.placed) == 4
    checked = dry_run(
        SCENE,
        BOARD,
        "a",
        army(["squad"]),
        mini,
        PositionsFile(positions=[PositionEntry(unit="rifles", at=(0, 0)), PositionEntry(unit="rifles", at=(0, 0))]),
    )
    assert errors(list(checked.issues)) == ["deploy.stacked"] and checked.issues[0].path == "positions[1].at"


# --- The promise: what auto_deploy places passes check_placements -----------------------

W, H = 7, 5
cells = st.lists(st.lists(st.sampled_from("....T~#VR"), min_size=W, max_size=W), min_size=H, max_size=H)
rect = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1), st.integers(0, W - 1), st.integers(0, H - 1))
armies = st.lists(
    st.sampled_from([RIFLES, JEEP, TANK, unit("half-track", UnitType.LIGHT_VEHICLE, footprint=2)]),
    min_size=1,
    max_size=9,
)


@settings(max_examples=80, deadline=None)
@given(cells, rect, armies)
def test_auto_deploy_always_passes_the_check(
    grid: list[list[str]], box: tuple[int, int, int, int], kinds: list[Any]
) -> None:
    c0, r0, c1, r1 = box
    scene = scenario(
        [zone("a-zone", [min(c0, c1), min(r0, r1), max(c0, c1), max(r0, r1)])],
        [{"id": "x", "name": "X", "kind": "primary", "at": [0, 0]}],
    )
    board = field("\n".join("".join(r) for r in grid))
    placed, issues = auto_deploy(scene, board, "a", off_board(*kinds), dice=Random(1))
    on_board = [p for p in placed if p.squares]
    assert check_placements(scene, board, "a", on_board) == []
    if len(on_board) < len(placed):
        assert "deploy.no-room" in codes(issues)
    else:
        assert issues == []
