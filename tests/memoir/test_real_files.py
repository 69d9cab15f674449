"""Real `.m44` files written by the official scenario editor (fixtures/real/README.md says
where each comes from and under which terms): each imports, checks, plays a simulated game
and comes back from export the same JSON, key for key, as the file."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.io.memoir_files import load_scenario, m44_text, read_m44, save_scenario
from builder.memoir.rules.events import BattleEvent, VictoryEvent
from builder.memoir.validate import validate
from builder.services.memoir_game import play
from tests.memoir.helpers import CATALOGUE

REAL = Path(__file__).parent / "fixtures" / "real"
# file -> git blob id of the published file, its board as hon names it, and its face
FILES = {
    "18261.m44": ("c019dfc4678052850c6a6e837167ebf17c7c0472", "breakthrough", "BEACH"),
    "13.m44": ("4bd8765960f40576bcc18b9b25bc07628e403732", "overlord", "BEACH"),
    "test.m44": ("f944585d56f9299029a4a16a6391f6910e733da2", "standard", "WINTER"),
    "test2.m44": ("af67fcad17e0dbb8fe55fb11295a577bff201bd5", "standard", "DESERT"),
    "4.m44": ("11dca6d280522bce68c63cedd762f68f9e7c8812", "standard", "BEACH"),
    "2.m44": ("09e964676127d66fbcb86ed24a701ce8ed96722f", "standard", "COUNTRY"),
    "5.m44": ("d417f4c0846424581cf718292fbfb9ccf912ef86", "standard", "COUNTRY"),
}
UNFINISHED = "test2.m44"  # a desert board laid out without any unit yet
PLAYABLE = [name for name in FILES if name != UNFINISHED]


def original(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((REAL / name).read_text(encoding="utf-8"))
    return data


def test_the_fixtures_are_the_published_files() -> None:
    for name, (blob, _, _) in FILES.items():
        data = (REAL / name).read_bytes()
        assert hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest() == blob, name


@pytest.mark.parametrize("name", FILES)
def test_a_real_file_comes_back_key_for_key(name: str, tmp_path: Path) -> None:
    scenario, _ = read_m44(REAL / name, CATALOGUE)
    save_scenario(scenario, tmp_path / "imported.yaml")
    again = load_scenario(tmp_path / "imported.yaml").scenario
    assert again == scenario
    assert json.loads(m44_text(again, CATALOGUE)) == original(name)


@pytest.mark.parametrize("name", FILES)
def test_every_board_and_face_the_editor_writes_is_read(name: str) -> None:
    _, board, face = FILES[name]
    scenario, _ = read_m44(REAL / name, CATALOGUE)
    assert (scenario.board.type, scenario.board.face) == (board, face)
    codes = {issue.code for issue in validate(scenario, CATALOGUE)}
    assert not codes & {"board.unknown", "board.face", "hex.off-board", "unit.unknown", "unit.impassable"}


@pytest.mark.parametrize("name", PLAYABLE)
def test_a_real_file_imports_checks_and_plays(name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "imported.yaml"
    assert main(["scenario", "import", str(REAL / name), "-o", str(target)]) == 0
    capsys.readouterr()
    assert main(["scenario", "check", str(target), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    record = play(load_scenario(target).scenario, CATALOGUE, seed=1)
    battles = [e for e in record.events if isinstance(e, BattleEvent)]
    assert record.turns > 0 and battles and isinstance(record.events[-1], VictoryEvent)


def test_the_unfinished_board_is_read_but_not_playable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "unfinished.yaml"
    assert main(["scenario", "import", str(REAL / UNFINISHED), "-o", str(target)]) == 0
    capsys.readouterr()
    assert main(["scenario", "check", str(target), "--json"]) == 1
    errors = [i["code"] for i in json.loads(capsys.readouterr().out)["issues"] if i["severity"] == "error"]
    assert errors == ["side.no-units", "side.no-units"]


def test_the_import_says_once_per_kind_what_it_plays_and_keeps() -> None:
    _, issues = read_m44(REAL / "18261.m44", CATALOGUE)
    told = Counter((i.code, i.path) for i in issues)
    assert all(n == 1 for n in told.values())
    assert {
        ("m44.plays", "board"),
        ("m44.texts", "text"),
        ("m44.special-rules", "text.en.rules"),
        ("m44.not-played", "board.hexagons[16].terrain"),  # the HQ tent
        ("m44.not-played", "board.hexagons[18].terrain"),  # the first of five lakes
        ("m44.not-played", "board.hexagons[61].rect_terrain"),  # the first of two destroyers
        ("m44.unknown-terrain", "board.hexagons[29].terrain"),  # a cemetery
        ("m44.kept", "meta_data"),
        ("m44.kept", "packs"),
        ("m44.kept", "game_info.type"),
        ("m44.kept", "board.groups"),
    } <= set(told)
    unplayed = [i.path for i in issues if i.code == "m44.not-played"]  # 1 tent, 5 lakes, 2 ships: 3 lines
    assert unplayed == ["board.hexagons[16].terrain", "board.hexagons[18].terrain", "board.hexagons[61].rect_terrain"]
    lakes = next(i for i in issues if i.path == "board.hexagons[18].terrain")
    assert lakes.severity.value == "warning"


def test_a_badge_on_a_plain_unit_is_kept_and_said_not_played() -> None:
    scenario, issues = read_m44(REAL / "test.m44", CATALOGUE)
    kept = {i.path for i in issues if i.code == "m44.badge-kept"}
    assert kept == {"board.hexagons[4].unit.badge", "board.hexagons[35].unit.badge"}  # badge37, badge35
    unit = scenario.hexes[4].unit
    assert unit is not None and (unit.type, unit.badge, unit.m44_badge) == ("infantry", None, "badge37")


def test_every_language_and_text_is_read() -> None:
    scenario, _ = read_m44(REAL / "13.m44", CATALOGUE)
    assert scenario.language == "en" and sorted(scenario.translations) == ["de", "fr"]
    assert scenario.special_rules and scenario.historical and scenario.date_end == "1944-06-06"
    french = scenario.translations["fr"]
    assert french.rules and french.bibliography == "" and set(french.extra) == {"sdate", "mod_date", "ownerID"}
    winter, _ = read_m44(REAL / "test.m44", CATALOGUE)
    assert winter.language == "en" and list(winter.translations) == ["fr"]
    desert, _ = read_m44(REAL / "test2.m44", CATALOGUE)
    assert desert.language == "fr" and desert.translations == {}
