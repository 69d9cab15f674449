"""The player's own text is printed as written, never read as markup (DESIGN.md 5): a tile
label, a scenario title, an outcome label or a catalogue name with `[/]` or `[link=…]` in
it once crashed every command with a MarkupError, or sent a hyperlink to the terminal."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from rich.text import Text

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


# --- Control characters (issue 31, point 6) ------------------------------------------------

# What a hostile file's text may hold, as YAML writes it in double quotes: an escape that
# clears the screen, one that retitles the terminal, a C1 control (CSI) and a right-to-left
# override that shows "txt.exe" as "exe.txt".
YAML_HOSTILE = r"Able\e[2J\e]0;owned\a \u202etxt.exe\x9b"
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def shows_it_escaped(shown: str) -> None:
    """Nothing raw reaches the terminal, and the text is shown, its controls as escapes."""
    assert RAW.search(shown) is None, repr(RAW.search(shown))
    assert "\\x1b[2J" in shown and "\\u202etxt.exe" in shown


def hostile_army(tmp_path: Path) -> Path:
    text = (EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml").read_text()
    assert "name: Omaha, the morning after" in text
    army = tmp_path / "army.yaml"
    army.write_text(text.replace("name: Omaha, the morning after", f'name: "{YAML_HOSTILE}"'))
    return army


def test_an_army_name_with_control_characters_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, shown = run(["validate", str(hostile_army(tmp_path))], capsys)
    assert code == 0
    shows_it_escaped(shown)


def test_a_tcg_force_with_control_characters_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    force = tmp_path / "force.yaml"
    body = (
        f'format: tcg-force\nversion: 1\ngame: tcg\nname: "{YAML_HOSTILE}"\n'
        f"scenario: {SCENARIOS_DIR / 'tcg' / 'hedgerow-crossroads.yaml'}\nside: us\nforce:\n"
        "  deployment:\n    - {card: us-rifle-company-a, box: [0, 1]}\n"
    )
    force.write_text(body, encoding="utf-8")
    code, shown = run(["validate", str(force)], capsys)
    assert code in (0, 1)
    shows_it_escaped(shown)


def test_campaign_notes_with_control_characters_are_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copytree(SCENARIOS_DIR, tmp_path / "scenarios")
    campaign = tmp_path / "scenarios" / "campaigns" / "operation-windsor.yaml"
    text = campaign.read_text()
    assert "  notes: 'Example result:" in text
    campaign.write_text(text.replace("  notes: 'Example result:", f'  notes: "{YAML_HOSTILE}"\n  x: \''))
    campaign.write_text(campaign.read_text().replace("\n  x: '", "\n  # '"))
    code, shown = run(["campaign", "show", str(campaign)], capsys)
    assert code == 0
    shows_it_escaped(shown)


def test_a_scenario_title_with_control_characters_is_shown_escaped_by_balance(
    scenario: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = scenario.read_text()
    scenario.write_text(re.sub(r"(?m)^title: .*$", lambda _: f'title: "{YAML_HOSTILE}"', text, count=1))
    code, shown = run(["balance", str(scenario), "--games", "1"], capsys)
    assert code == 0
    shows_it_escaped(shown)


def test_a_file_name_with_a_right_to_left_override_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    army = hostile_army(tmp_path).rename(tmp_path / "army\u202elmay.exe")
    code = main(["roster", str(army), "--strict", "--format", "txt", "-o", str(tmp_path / "out.txt")])
    assert code == 0
    code = main(["validate", str(tmp_path / "gone\u202elmay.exe")])
    err = capsys.readouterr().err
    assert code == 2 and "\u202e" not in err and "\\u202elmay.exe" in err


def test_the_terminal_lays_out_the_escape_whole() -> None:
    """Escaped before the layout: a narrow table wraps the escape with its cell, never cuts
    it; and emoji codes in a name stay as written."""
    import io

    from rich.table import Table

    from builder.cli.terminal import Terminal

    screen = io.StringIO()
    terminal = Terminal(file=screen, width=16)
    table = Table("name")
    table.add_row(Text("ab\x1bcd \u202eefgh ijkl"))
    table.add_row(":warning: Ober\u200fst")
    terminal.print(table)
    shown = screen.getvalue()
    assert RAW.search(shown) is None
    for word in ("ab\\x1bcd", "\\u202eefgh", "ijkl", ":warning:", "Ober\\u200fst"):
        assert f"│ {word} " in shown
