"""`.m44` import and export: what survives the round trip, names kept as written, and
hostile files refused in one line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.io.memoir_files import load_scenario, m44_text, read_m44, save_scenario
from builder.kernel.diagnostics import Issue, Severity
from builder.memoir.hexes import Hex
from builder.memoir.m44 import from_m44, to_m44
from builder.memoir.scenario import BoardSetup, Place, Tile
from builder.memoir.validate import validate
from tests.memoir.helpers import CATALOGUE
from tests.memoir.helpers import scenario as scenario_with

FIXTURE = Path(__file__).parent / "fixtures" / "hedgerow-crossroads.m44"
ORIGINAL: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))


def warned(issues: list[Issue]) -> list[str]:
    """The codes of the import's warnings (its info lines say what it plays and keeps)."""
    return sorted(i.code for i in issues if i.severity is not Severity.INFO)


def test_the_hand_written_file_imports() -> None:
    scenario, issues = read_m44(FIXTURE, CATALOGUE)
    assert warned(issues) == [] and validate(scenario, CATALOGUE) == []
    assert scenario.title == "Hedgerow Crossroads" and scenario.starts.value == "allies"
    top, bottom = scenario.sides
    assert (top.id.value, top.edge.value, top.cards, top.medals) == ("axis", "top", 4, 5)
    assert (bottom.id.value, bottom.edge.value, bottom.cards, bottom.medals) == ("allies", "bottom", 5, 5)
    places = {p.hex: p for p in scenario.hexes}
    units = {p.hex: p.unit for p in scenario.hexes if p.unit is not None}
    assert units[Hex(1, 5)].badge == "special-forces"
    assert (units[Hex(2, 12)].badge, units[Hex(2, 12)].figures) == ("elite-armor", 4)
    assert (units[Hex(7, 9)].badge, units[Hex(7, 9)].figures) == ("french-resistance", 3)
    river = places[Hex(4, 0)].terrain
    assert river is not None and (river.id, river.m44, river.orientation) == ("river", "curve", 4)
    assert places[Hex(4, 4)].feature == Tile(id="bridge", orientation=5)
    assert places[Hex(1, 5)].obstacle == Tile(id="sandbags", orientation=1)
    assert places[Hex(4, 4)].tag_names == ("medal1",)


def test_export_gives_back_every_hexagon_and_the_game_info() -> None:
    scenario, _ = read_m44(FIXTURE, CATALOGUE)
    back = json.loads(m44_text(scenario, CATALOGUE))
    assert back["board"]["hexagons"] == ORIGINAL["board"]["hexagons"]
    assert back["board"]["labels"] == ORIGINAL["board"]["labels"]
    assert back["board"]["type"] == "STANDARD" and back["board"]["face"] == "COUNTRY"
    assert back["game_info"] == ORIGINAL["game_info"]
    assert back["text"]["en"] == ORIGINAL["text"]["en"]


def test_the_round_trip_through_a_scenario_file(tmp_path: Path) -> None:
    scenario, _ = read_m44(FIXTURE, CATALOGUE)
    save_scenario(scenario, tmp_path / "crossroads.yaml")
    again = load_scenario(tmp_path / "crossroads.yaml").scenario
    assert again == scenario
    assert json.loads(m44_text(again, CATALOGUE))["board"]["hexagons"] == ORIGINAL["board"]["hexagons"]


def with_unknowns(tmp_path: Path) -> Path:
    data = json.loads(json.dumps(ORIGINAL))
    data["board"]["hexagons"].append({"row": 3, "col": 13, "terrain": {"name": "palmtrees"}})
    data["board"]["hexagons"].append({"row": 5, "col": 5, "unit": {"name": "pdestroyerus", "nbr_units": 2}})
    data["board"]["hexagons"].append(
        {"row": 5, "col": 9, "obstacle": {"name": "sand", "orientation": 2}, "tags": [{"name": "tag3"}]}
    )
    path = tmp_path / "unknowns.m44"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_unknown_names_are_kept_with_a_warning_and_given_back(tmp_path: Path) -> None:
    path = with_unknowns(tmp_path)
    scenario, issues = read_m44(path, CATALOGUE)
    assert warned(issues) == ["m44.unknown-terrain", "m44.unknown-unit"]
    back = json.loads(m44_text(scenario, CATALOGUE))
    assert back["board"]["hexagons"] == json.loads(path.read_text())["board"]["hexagons"]
    assert {"unit.unknown", "terrain.unknown", "objective.unknown"} <= {i.code for i in validate(scenario, CATALOGUE)}


def test_hon_scenario_import_and_export(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "crossroads.yaml"
    assert main(["scenario", "import", str(FIXTURE), "-o", str(target)]) == 0
    assert main(["scenario", "check", str(target)]) == 0
    out = tmp_path / "crossroads.m44"
    assert main(["scenario", "export", str(target), "--format", "m44", "-o", str(out)]) == 0
    assert json.loads(out.read_text())["board"]["hexagons"] == ORIGINAL["board"]["hexagons"]
    capsys.readouterr()
    assert main(["scenario", "import", str(with_unknowns(tmp_path))]) == 0
    captured = capsys.readouterr()
    assert "palmtrees" in captured.out and "pdestroyerus" in captured.out
    assert captured.err.count("hon: warning:") == 2


@pytest.mark.parametrize(
    "text",
    [
        "{not json",
        "[1, 2]",
        '{"board": []}',
        '{"board": {"hexagons": {"row": 1}}}',
        '{"board": {"hexagons": [{"row": "a", "col": 0}]}}',
        '{"board": {"hexagons": [{"row": 0, "col": 0, "terrain": {"name": "wo ods\\n\\u001b[31m"}}]}}',
        '{"board": {"hexagons": [{"row": 0, "col": 0, "unit": {"name": "infger", "nbr_units": 1e400}}]}}',
        '{"board": {"hexagons": []}, "game_info": {"side_player1": "ROMANS"}}',
        '{"board": {"hexagons": []}, "game_info": {"cards_player1": NaN}}',
        "[" * 100000,
        '{"board": {"hexagons": [' + '{"row": 0, "col": 0},' * 3 + "]}}",
    ],
)
def test_a_hostile_file_is_one_line_and_exit_2(text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.m44"
    path.write_text(text, encoding="utf-8")
    assert main(["scenario", "import", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "Traceback" not in err and "\x1b" not in err


def test_a_missing_special_or_binary_file_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    binary = tmp_path / "binary.m44"
    binary.write_bytes(b"\xff\xfe{\x00")
    for path in (tmp_path / "none.m44", tmp_path, binary):
        assert main(["scenario", "import", str(path)]) == 2
        assert capsys.readouterr().err.count("\n") == 1


def test_a_behavior_can_say_french_resistance_and_is_given_back(tmp_path: Path) -> None:
    data = json.loads(json.dumps(ORIGINAL))
    data["board"]["hexagons"].append(
        {"row": 6, "col": 2, "unit": {"name": "inf2us", "behavior": "FRENCH_RESISTANCE", "nbr_units": 3}}
    )
    path = tmp_path / "resistance.m44"
    path.write_text(json.dumps(data), encoding="utf-8")
    scenario, issues = read_m44(path, CATALOGUE)
    resistance = next(p.unit for p in scenario.hexes if p.hex == Hex(6, 2))
    assert warned(issues) == [] and resistance is not None and resistance.badge == "french-resistance"
    assert json.loads(m44_text(scenario, CATALOGUE))["board"]["hexagons"] == data["board"]["hexagons"]


def test_a_medals_details_survive_the_round_trip(tmp_path: Path) -> None:
    data = json.loads(json.dumps(ORIGINAL))
    medal = {"name": "medal2", "group": ["5_9"], "medal": {"permanent": True, "counts_for": 1, "nbr_hex": 2}}
    data["board"]["hexagons"].append({"row": 5, "col": 9, "tags": [medal]})
    path = tmp_path / "medal.m44"
    path.write_text(json.dumps(data), encoding="utf-8")
    scenario, _ = read_m44(path, CATALOGUE)
    save_scenario(scenario, tmp_path / "medal.yaml")
    again = load_scenario(tmp_path / "medal.yaml").scenario
    assert json.loads(m44_text(again, CATALOGUE))["board"]["hexagons"] == data["board"]["hexagons"]


def with_editor_fields(tmp_path: Path) -> Path:
    """The hand-written file with the fields real editor files carry beyond hon's: terrain
    behaviors, an original owner and properties, a unit's equipment, and fields no one knows."""
    data = json.loads(json.dumps(ORIGINAL))
    data["board"]["hexagons"] += [
        {"row": 6, "col": 2, "terrain": {"name": "river", "orientation": 1, "behavior": "FORDABLE_STREAM"}},
        {"row": 6, "col": 4, "terrain": {"name": "curve", "orientation": 2, "behavior": "FORD"}},
        {"row": 6, "col": 6, "terrain": {"name": "hills", "behavior": "IMPASSABLE_HILL"}},
        {
            "row": 6,
            "col": 8,
            "terrain": {"name": "buildings", "original_owner": "AXIS", "properties": {"isBlocking": True}},
            "unit": {"name": "tankus", "nbr_units": 3, "equipment": "bazooka"},
            "future_key": [1, 2],
        },
    ]
    data["board"]["labels"][0]["color"] = "red"
    data["game_info"] |= {"operationID": "20", "victory_conditions": [{"standard": {}}], "expert_mode": 0}
    data["text"]["fr"] = {"name": "Carrefour", "rules": "", "sdate": "2010"}
    data["later_section"] = {"anything": None}
    path = tmp_path / "editor.m44"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_every_field_of_the_file_comes_back(tmp_path: Path) -> None:
    path = with_editor_fields(tmp_path)
    scenario, _ = read_m44(path, CATALOGUE)
    save_scenario(scenario, tmp_path / "editor.yaml")
    again = load_scenario(tmp_path / "editor.yaml").scenario
    assert json.loads(m44_text(again, CATALOGUE)) == json.loads(path.read_text(encoding="utf-8"))


def test_terrain_behaviors_are_played_or_said_kept(tmp_path: Path) -> None:
    scenario, issues = read_m44(with_editor_fields(tmp_path), CATALOGUE)
    places = {p.hex: p for p in scenario.hexes}
    terrain = {at: places[Hex(6, at)].terrain for at in (2, 4, 6)}
    assert [t.id if t else None for t in terrain.values()] == ["fordable-stream", "forded-river", "hill"]
    hill, town = (f"board.hexagons[{len(ORIGINAL['board']['hexagons']) + i}]" for i in (2, 3))
    assert [i.path for i in issues if i.code == "m44.behavior-kept"] == [f"{hill}.terrain"]
    kept = {i.path for i in issues if i.code == "m44.kept"}
    assert {
        f"{town}.terrain.original_owner",
        f"{town}.terrain.properties",
        f"{town}.unit.equipment",
        f"{town}.future_key",
        "board.labels[0].color",
        "game_info.operationID",
        "later_section",
    } <= kept


def test_what_hon_does_not_play_is_warned_about_once_per_kind() -> None:
    """Issue 35.4: lakes, HQ tents and ships are told once each at import, at the first hex
    that holds one, however many the board has; so is a tile hon does not know."""
    tiles = ["lakeA", "lakeB", "pheadquarter", "lakeC", "dcamp", "cemetery", "cemetery"]
    hexagons = [{"row": 2, "col": 2 * i, "terrain": {"name": name}} for i, name in enumerate(tiles)]
    hexagons += [{"row": 8, "col": 2 * i, "rect_terrain": {"name": "pdestroyer"}} for i in range(3)]
    _, issues = from_m44({"board": {"type": "STANDARD", "face": "BEACH", "hexagons": hexagons}}, CATALOGUE)
    told = [(i.code, i.path) for i in issues if i.code in {"m44.not-played", "m44.unknown-terrain"}]
    assert told == [
        ("m44.not-played", "board.hexagons[0].terrain"),  # three lakes
        ("m44.not-played", "board.hexagons[2].terrain"),  # an HQ tent and a supply camp
        ("m44.unknown-terrain", "board.hexagons[5].terrain"),  # two cemeteries
        ("m44.not-played", "board.hexagons[7].rect_terrain"),  # three destroyers
    ]
    assert {i.severity for i in issues if (i.code, i.path) in told} == {Severity.WARNING}


def test_a_fordable_stream_placed_in_hon_is_written_as_the_editor_writes_it() -> None:
    placed = scenario_with(Place(row=4, col=4, terrain=Tile(id="fordable-stream")))
    tile = to_m44(placed, CATALOGUE)["board"]["hexagons"][0]["terrain"]
    assert tile == {"name": "river", "behavior": "FORDABLE_STREAM"}


def test_the_breakthrough_board_is_written_as_the_editor_names_it() -> None:
    board = scenario_with().model_copy(update={"board": BoardSetup(type="breakthrough")})
    assert to_m44(board, CATALOGUE)["board"]["type"] == "BRKTHRU"
    older, _ = from_m44({"board": {"type": "BREAKTHROUGH", "hexagons": []}}, CATALOGUE)
    assert older.board.type == "breakthrough" and to_m44(older, CATALOGUE)["board"]["type"] == "BREAKTHROUGH"


def test_a_blank_name_gets_a_title_and_comes_back_blank() -> None:
    data = {"board": {"hexagons": []}, "text": {"fr": {"name": " ", "rules": "Règles"}}}
    scenario, _ = from_m44(data, CATALOGUE, "sans-nom")
    assert (scenario.title, scenario.language, scenario.special_rules) == ("sans-nom", "fr", "Règles")
    assert to_m44(scenario, CATALOGUE)["text"] == data["text"]


def test_a_control_character_in_a_kept_field_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(json.dumps(ORIGINAL)) | {"\u001b[31mred": {"x": 1}}
    path = tmp_path / "escape.m44"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["scenario", "import", str(path), "-o", str(tmp_path / "escape.yaml")]) == 0
    err = capsys.readouterr().err
    assert "\x1b" not in err and "\\x1b[31mred" in err
    again = load_scenario(tmp_path / "escape.yaml").scenario
    assert json.loads(m44_text(again, CATALOGUE)) == data
