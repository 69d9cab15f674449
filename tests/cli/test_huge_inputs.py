"""Huge but valid input (issue 31.4): an army list, a scenario or a Tactical Card Game file
far beyond any real game is refused by every command in one line naming the file, line and
field, exit 2, nothing written, before it is even parsed; a file at the limits is read and
printed. How long each takes is benchmarks/huge.py's business: tests never time."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.cli import main, serve_commands
from builder.heroes.army.models import MAX_TILES
from builder.heroes.scenario import models as scenario_models
from builder.io import yaml_loader
from builder.io.paths import SCENARIOS_DIR
from builder.tui.app import HonApp
from tests.huge import HUGE, army_text, scenario_text, tcg_force_text, tcg_scenario_text

# Each command that reads the file, FILE standing for it; OUT for the folder it writes to.
FILE, OUT = "FILE", "OUT/"
ARMY_COMMANDS = [
    ["validate", FILE],
    ["validate", FILE, "--json"],
    *(["roster", FILE, "--format", fmt, "-o", OUT] for fmt in ("txt", "md", "html", "pdf")),
    ["edit", FILE],
    ["serve", FILE],
]
SCENARIO_COMMANDS = [
    ["scenario", "check", FILE],
    ["scenario", "check", FILE, "--json"],
    *(["scenario", "sheet", FILE, "--format", fmt, "-o", OUT] for fmt in ("html", "pdf", "svg")),
    ["deploy", FILE, "--side", "german"],
    ["simulate", FILE],
    ["design", FILE],
]
MANY = 5_000  # entries of a scenario's list: a file under the 2 MB hon reads
# Lists of a scenario, with their limits.
SCENARIO_LISTS = {
    "map.boards": scenario_models.MAX_BOARDS,
    "zones": scenario_models.MAX_ZONES,
    "objectives": scenario_models.MAX_OBJECTIVES,
    "tactical_bonuses": scenario_models.MAX_BONUSES,
}


@pytest.fixture
def unparsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file refused must be refused before the parse that took seconds (no file of the
    test's is parsed; the bundled catalogue may be), and before any app or server starts."""
    load = yaml_loader.load

    def parse(text: str, file: str | Path) -> object:
        assert not str(file).startswith(str(tmp_path)), f"{file} was parsed"
        return load(text, file)

    def start(*args: object, **kwargs: object) -> None:
        raise AssertionError("the app or the server started")

    monkeypatch.setattr(yaml_loader, "load", parse)
    monkeypatch.setattr(HonApp, "run", start)
    monkeypatch.setattr(serve_commands, "serve_app", start)


def run(command: list[str], file: Path) -> int:
    """`command` on `file`, writing (if it writes) into the folder `out` beside it."""
    out = str(file.with_name("out")) + "/"
    return main([str(file) if word == FILE else out if word == OUT else word for word in command])


def refused_in_one_line(err: str, file: Path, field: str) -> None:
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith(f"hon: {file}, line ") and f", {field}: " in err


@pytest.mark.parametrize("command", ARMY_COMMANDS, ids=" ".join)
def test_a_huge_army_list_is_refused_in_one_line(
    command: list[str], tmp_path: Path, unparsed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    army = tmp_path / "huge.yaml"
    army.write_text(army_text(HUGE), encoding="utf-8")
    before = army.read_bytes()
    assert run(command, army) == 2
    refused_in_one_line(capsys.readouterr().err, army, "tiles")
    assert army.read_bytes() == before and not (tmp_path / "out").exists()


def test_a_list_as_long_as_the_limit_is_read_and_printed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    army = tmp_path / "full.yaml"
    army.write_text(army_text(MAX_TILES), encoding="utf-8")
    assert main(["validate", str(army), "--json"]) == 1  # read, and judged: unique heroes repeated
    for fmt in ("txt", "html", "pdf"):
        assert main(["roster", str(army), "--format", fmt, "-o", f"{tmp_path}/"]) == 0
        assert (tmp_path / f"omaha-the-morning-after.{fmt}").stat().st_size > 0
    army.write_text(army_text(MAX_TILES + 1), encoding="utf-8")
    capsys.readouterr()
    assert main(["validate", str(army)]) == 2
    refused_in_one_line(capsys.readouterr().err, army, "tiles")


def maltot(folder: Path, text: str) -> Path:
    """A scenario file beside copies of the army lists Rush on Maltot names."""
    shutil.copytree(SCENARIOS_DIR / "armies", folder / "armies")
    target = folder / "scenario.yaml"
    target.write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize("command", SCENARIO_COMMANDS, ids=" ".join)
@pytest.mark.parametrize("field", SCENARIO_LISTS)
def test_a_scenario_with_a_huge_list_is_refused_in_one_line(
    command: list[str], field: str, tmp_path: Path, unparsed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = maltot(tmp_path, scenario_text(field, MANY))
    before = scenario.read_bytes()
    assert run(command, scenario) == 2
    refused_in_one_line(capsys.readouterr().err, scenario, field)
    assert scenario.read_bytes() == before and not (tmp_path / "out").exists()


@pytest.mark.parametrize("field", SCENARIO_LISTS)
def test_a_scenario_at_the_limit_is_checked(field: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scenario = maltot(tmp_path, scenario_text(field, SCENARIO_LISTS[field]))
    assert main(["scenario", "check", str(scenario), "--json"]) in (0, 1)  # read and judged
    assert main(["scenario", "sheet", str(scenario), "--format", "svg", "-o", f"{tmp_path}/"]) == 0
    scenario.write_text(scenario_text(field, SCENARIO_LISTS[field] + 1), encoding="utf-8")
    capsys.readouterr()
    assert main(["scenario", "check", str(scenario)]) == 2
    refused_in_one_line(capsys.readouterr().err, scenario, field)


@pytest.mark.parametrize(
    "command", [["scenario", "check", FILE], ["deploy", FILE, "--side", "commonwealth"]], ids=" ".join
)
def test_a_scenario_naming_a_huge_army_list_names_that_list(
    command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = maltot(tmp_path, (SCENARIOS_DIR / "rush-on-maltot.yaml").read_text(encoding="utf-8"))
    army = tmp_path / "armies" / "maltot-commonwealth-770.yaml"
    army.write_text(army_text(HUGE, army), encoding="utf-8")
    assert run(command, scenario) == 2
    refused_in_one_line(capsys.readouterr().err, army, "tiles")


TCG = SCENARIOS_DIR / "tcg" / "hedgerow-crossroads.yaml"


@pytest.mark.parametrize(
    "command",
    [["validate", FILE], *(["roster", FILE, "--format", fmt, "-o", OUT] for fmt in ("html", "pdf"))],
    ids=" ".join,
)
def test_a_huge_card_game_force_is_refused_in_one_line(
    command: list[str], tmp_path: Path, unparsed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    force = tmp_path / "force.yaml"
    force.write_text(tcg_force_text(TCG, 20_000), encoding="utf-8")
    assert run(command, force) == 2
    refused_in_one_line(capsys.readouterr().err, force, "force.deployment")
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    "command",
    [
        ["scenario", "check", FILE],
        ["scenario", "sheet", FILE, "--format", "pdf", "-o", OUT],
        ["deploy", FILE, "--side", "us"],
        ["design", FILE],
    ],
    ids=" ".join,
)
def test_a_huge_card_game_scenario_is_refused_in_one_line(
    command: list[str], tmp_path: Path, unparsed: None, capsys: pytest.CaptureFixture[str]
) -> None:
    scenario = tmp_path / "cards.yaml"
    scenario.write_text(tcg_scenario_text(TCG, 20_000), encoding="utf-8")
    assert run(command, scenario) == 2
    refused_in_one_line(capsys.readouterr().err, scenario, "markers")
    assert not (tmp_path / "out").exists()


def test_a_board_past_the_last_square_of_a_map_is_an_issue(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A board placed at [0, 200] reaches row 209: the scenario check stopped on a traceback."""
    text = (SCENARIOS_DIR / "rush-on-maltot.yaml").read_text(encoding="utf-8")
    scenario = maltot(tmp_path, text.replace("{board: hon-wood, at: [28, 0]}", "{board: hon-wood, at: [0, 200]}"))
    assert run(["scenario", "check", FILE, "--json"], scenario) == 1
    report = json.loads(capsys.readouterr().out)
    assert "map.too-far" in {issue["code"] for issue in report["issues"]}
    assert run(["scenario", "sheet", FILE, "--format", "svg", "-o", OUT], scenario) == 0
