"""The player's own text is printed as written, never read as markup (DESIGN.md 5): a tile
label, a scenario title, an outcome label or a catalogue name with `[/]` or `[link=…]` in
it once crashed every command with a MarkupError, or sent a hyperlink to the terminal."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.cli import main
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR
from tests.conftest import MINI

HOSTILE = "Able [/] Company [link=https://example.invalid]click[/link]"
HYPERLINK = "\x1b]8;"  # the terminal escape a [link] would become


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    code = main(args)
    out, err = capsys.readouterr()
    assert "Traceback" not in err and "MarkupError" not in err
    assert HYPERLINK not in out + err
    return code, out + err


@pytest.fixture
def scenario(tmp_path: Path) -> Path:
    """First Contact with a hostile title, outcome labels and force labels, beside its armies."""
    shutil.copytree(SCENARIOS_DIR / "armies", tmp_path / "armies")
    text = (SCENARIOS_DIR / "hon-first-contact.yaml").read_text()
    for plain in ("title: First Contact", "label: US victory", "label: German victory"):
        assert plain in text
        key = plain.split(":")[0]
        text = text.replace(plain, f"{key}: {HOSTILE!r}")
    target = tmp_path / "first-contact.yaml"
    target.write_text(text)
    return target


def test_an_army_with_markup_in_its_labels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = (EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml").read_text()
    assert "name: Omaha, the morning after" in text and "label: 1st platoon" in text
    text = text.replace("name: Omaha, the morning after", f"name: {HOSTILE!r}")
    text = text.replace("label: 1st platoon", f"label: {HOSTILE!r}")
    army = tmp_path / "army.yaml"
    army.write_text(text)
    code, shown = run(["validate", str(army)], capsys)
    assert code == 0 and HOSTILE in shown.replace("\n", "")


def test_a_scenario_with_markup_in_its_title_and_outcomes(scenario: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, shown = run(["scenario", "check", str(scenario)], capsys)
    assert code == 0 and "[/]" in shown and "[link=" in shown
    code, shown = run(["simulate", str(scenario), "--seed", "3", "--turns", "1"], capsys)
    assert code == 0 and "[/]" in shown
    code, shown = run(["deploy", str(scenario), "--side", "us"], capsys)
    assert code == 0 and "[/]" in shown


def test_a_catalogue_name_with_markup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "catalogue"
    folder.mkdir()
    text = (MINI / "hon" / "mini.yaml").read_text()
    assert "name: Lt. Test" in text
    (folder / "mini.yaml").write_text(text.replace("name: Lt. Test", f"name: {HOSTILE!r}"))
    code, shown = run(["catalogue", "show", "officer", "--catalogue", str(folder)], capsys)
    assert code == 0 and "[/]" in shown and "[link=" in shown


@pytest.mark.parametrize("command", [["validate"], ["scenario", "check"], ["simulate"]])
def test_a_path_with_control_characters_is_one_line(command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code = main([*command, "/nonexistent/a\nb\x1b[31m.yaml"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "\x1b" not in err
