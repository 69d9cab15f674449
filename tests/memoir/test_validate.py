"""Checking a hex-game scenario: the Issue codes of builder/memoir/validate.py."""

from __future__ import annotations

import pytest

from builder.memoir.scenario import Place, Tile
from builder.memoir.validate import validate
from tests.memoir.helpers import ALLIES, AXIS, CATALOGUE, place, scenario, unit

BOTH = (place(8, 0, unit=unit("infantry", ALLIES)), place(0, 0, unit=unit("infantry", AXIS)))


def codes(*hexes: Place) -> list[str]:
    return [i.code for i in validate(scenario(*hexes), CATALOGUE)]


def test_a_legal_scenario_has_no_issue() -> None:
    assert codes(*BOTH, place(4, 4, "woods"), place(4, 6, "river", feature="bridge", unit=unit("armor", ALLIES))) == []


@pytest.mark.rule("no-stacking")
def test_two_units_on_one_hex() -> None:
    assert codes(*BOTH, place(8, 0, unit=unit("armor", ALLIES))) == ["unit.stacked"]
    assert codes(*BOTH, place(8, 0, "woods")) == ["hex.duplicate"]


def test_coordinates_and_board_edges() -> None:
    assert codes(*BOTH, place(3, 4, "woods")) == ["hex.coordinates"]
    assert codes(*BOTH, place(9, 1, "woods")) == ["hex.off-board"]
    assert codes(*BOTH, place(0, 26, "woods")) == ["hex.off-board"]


def test_figure_limits() -> None:
    assert codes(*BOTH, place(6, 0, unit=unit("infantry", ALLIES, figures=5))) == ["unit.figures"]
    assert codes(*BOTH, place(6, 0, unit=unit("infantry", ALLIES, "french-resistance", figures=4))) == ["unit.figures"]
    assert codes(*BOTH, place(6, 0, unit=unit("armor", ALLIES, "elite-armor", figures=4))) == []
    assert codes(*BOTH, place(6, 0, unit=unit("armor", ALLIES, figures=4))) == ["unit.figures"]


def test_units_on_impassable_hexes() -> None:
    assert codes(*BOTH, place(4, 4, "river", unit=unit("infantry", ALLIES))) == ["unit.impassable"]
    assert codes(*BOTH, place(4, 4, "marsh", unit=unit("artillery", ALLIES))) == ["unit.impassable"]
    assert codes(*BOTH, place(4, 4, feature="bunker", unit=unit("artillery", AXIS))) == []  # held, not entered


def test_unknown_terrain_is_a_warning_and_unknown_units_an_error() -> None:
    odd = place(4, 4).model_copy(update={"terrain": Tile(id="palmtrees")})
    assert codes(*BOTH, odd) == ["terrain.unknown"]
    assert codes(*BOTH, place(4, 4, unit=unit("pdestroyerus", ALLIES))) == ["unit.unknown"]
    assert codes(*BOTH, place(4, 4, unit=unit("infantry", ALLIES, "elite-armor"))) == ["badge.unit"]
    assert codes(*BOTH, place(4, 4, unit=unit("infantry", ALLIES, "commandos"))) == ["badge.unknown"]


def test_each_side_needs_units_and_a_known_board() -> None:
    assert codes(BOTH[0]) == ["side.no-units"]
    board = scenario(*BOTH).model_copy(update={"board": scenario().board.model_copy(update={"type": "giant"})})
    assert [i.code for i in validate(board, CATALOGUE)] == ["board.unknown"]


def test_terrain_the_summary_does_not_describe_is_said_not_played() -> None:
    lake = place(4, 4).model_copy(update={"terrain": Tile(id="lakeA", orientation=2)})
    ship = place(8, 4).model_copy(update={"feature": Tile(id="pdestroyer")})
    assert codes(*BOTH, lake, ship) == ["terrain.not-played", "terrain.not-played"]


def test_every_face_the_editor_writes_is_known() -> None:
    for face in ("COUNTRY", "WINTER", "DESERT", "BEACH"):
        faced = scenario(*BOTH).model_copy(update={"board": scenario().board.model_copy(update={"face": face})})
        assert validate(faced, CATALOGUE) == [], face
    odd = scenario(*BOTH).model_copy(update={"board": scenario().board.model_copy(update={"face": "LUNAR"})})
    assert [i.code for i in validate(odd, CATALOGUE)] == ["board.face"]
