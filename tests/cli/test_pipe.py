"""The command line in a pipe: output that is not a terminal is never cut to fit a width;
and a usage error is one hon sentence naming the option and where the help is."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from builder.cli import main
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR

ROOT = Path(__file__).resolve().parents[2]
MALTOT = SCENARIOS_DIR / "rush-on-maltot.yaml"


def hon(*args: str, columns: int = 40) -> subprocess.CompletedProcess[str]:
    """`hon ARGS | cat`: standard output a pipe, in a narrow terminal's environment."""
    env = os.environ | {"COLUMNS": str(columns), "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "builder.cli", *args], capture_output=True, text=True, env=env, timeout=120, cwd=ROOT
    )


def test_the_catalogue_list_keeps_every_id_whole_in_a_pipe() -> None:
    listed = hon("catalogue", "list")
    assert listed.returncode == 0, listed.stderr
    entries = json.loads(hon("catalogue", "list", "--json").stdout)
    rows = listed.stdout.splitlines()[1:]
    assert len(rows) == len(entries)  # one line per entry: nothing wrapped onto a second line
    for row, entry in zip(rows, entries, strict=True):
        assert f" {entry['id']} " in row and f" {entry['name']} " in row
    assert max(len(row.rstrip()) for row in rows) > 80


def test_captured_output_is_not_cut_either(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["catalogue", "list", "tiles"]) == 0
    out = capsys.readouterr().out
    assert main(["catalogue", "list", "tiles", "--json"]) == 0
    tiles = json.loads(capsys.readouterr().out)
    lines = out.splitlines()[1:]
    assert len(lines) == len(tiles)
    for line, tile in zip(lines, tiles, strict=True):
        assert f" {tile['id']} " in line and tile["name"] in line


def test_a_report_is_not_wrapped_in_a_pipe() -> None:
    done = hon("validate", str(EXAMPLE_ARMIES_DIR / "commonwealth-43rd-770.yaml"))
    assert done.returncode == 0
    assert "The Wessex Division at Hill 112 — Commonwealth, 770/770 points: legal" in done.stdout.splitlines()[0]


@pytest.mark.parametrize(
    "args",
    [
        ["validate", str(EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml")],
        ["validate", str(EXAMPLE_ARMIES_DIR / "illegal" / "points-over.yaml")],
        ["catalogue", "list", "tiles"],
    ],
    ids=["legal", "with-issues", "table"],
)
def test_no_line_in_a_pipe_ends_in_blanks(args: list[str]) -> None:
    """A table's short lines are not padded to the width of its longest in a pipe."""
    done = hon(*args)
    assert done.stdout.count("\n") > 3, done.stderr
    assert [line for line in done.stdout.splitlines() if line != line.rstrip()] == []


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["roster", "army.yaml", "--format", "text"], "--format: 'text' is not one of html, pdf, md, txt"),
        (["scenario", "sheet", str(MALTOT), "--format", "text"], "--format: 'text' is not one of html, pdf, svg"),
        (["roster", "army.yaml", "--paper", "a3"], "--paper: 'a3' is not one of a4, letter"),
        (["simulate", "s.yaml", "--turns", "x"], "--turns: 'x' is not a whole number"),
        (["validate"], "missing argument ARMY"),
        (["roster", "army.yaml", "--formt", "pdf"], "no option --formt; did you mean --format or --force?"),
        (["rosterx"], "no command 'rosterx'; did you mean roster?"),
        (["roster", "a.yaml", "b.yaml"], "unexpected extra argument b.yaml"),
        (["roster", "a.yaml", "--format"], "--format needs a value"),
        (["odds", "--combat", "2"], "--defense: a firing action needs --defense N"),
    ],
)
def test_a_usage_error_is_one_hon_sentence(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert err.startswith(f"hon: {says}") and err.rstrip().endswith("--help).")
    for raw in ("Invalid value", "Value error", "Input should be", "'--format' / '-f'", "Usage:"):
        assert raw not in err
