"""Every number a command takes has two ends (issue 31, point 2): an absurd one is refused
in one line, exit 2, before any file is read or any game played, and `--help` says the
range. The issue's own cases run through the real `hon` in a child process, with a time
limit: before, `--games 100000000` played for ever and `--workers 100000` forked a process
per worker."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import typer.main

from builder.cli import main
from builder.cli.app import app
from builder.cli.bounds import GAMES, SEEDS, TURNS, WORKERS, usable_cpus
from builder.io.paths import SCENARIOS_DIR

ROOT = Path(__file__).resolve().parents[2]
SHORT = str(SCENARIOS_DIR / "way-of-the-cross.yaml")
HEX = str(SCENARIOS_DIR / "m44" / "hedgerow-lanes.yaml")
MISSING = "/nonexistent/scenario.yaml"  # refused for its option, the file is never looked at


def numeric_options() -> list[tuple[str, Any]]:
    """(command, option) for every int and float option of every command."""
    found = []

    def walk(command: Any, words: list[str]) -> None:
        for param in command.params:
            if param.type_descriptor.annotation in (int, float):
                found.append((" ".join([*words, max(param.opts, key=len)]), param))
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, [*words, name])

    walk(typer.main.get_command(app), ["hon"])
    return found


def test_every_number_has_both_ends() -> None:
    options = numeric_options()
    assert len(options) >= 20  # simulate, balance, odds, serve, campaign simulate
    unbounded = [
        name
        for name, param in options
        if None in (param.type_descriptor.parameter_info.min, param.type_descriptor.parameter_info.max)
    ]
    assert unbounded == []


def hon(*args: str, seconds: int = 60) -> tuple[int, str, str, float]:
    """The real `hon ARGS` in a child process: exit code, stdout, stderr, seconds taken."""
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "builder.cli", *args],
        capture_output=True,
        text=True,
        timeout=seconds,
        cwd=ROOT,
        env=os.environ | {"PYTHONPATH": str(ROOT)},
    )
    return done.returncode, done.stdout, done.stderr, time.monotonic() - started


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("--games", "100000000"),
        ("--games", str(2**63)),
        ("--games", str(10**30)),
        ("--workers", str(2**63)),
        ("--workers", "100000"),
        ("--precision", "nan"),
        ("--temperature", "inf"),
        ("--seed", "-1"),
    ],
)
def test_the_issues_absurd_numbers_are_one_line_at_once(option: str, value: str) -> None:
    code, out, err, _ = hon("balance", MISSING, option, value)
    assert (code, out) == (2, "")
    assert err.startswith("hon: ") and err.count("\n") == 1 and option in err
    assert "Traceback" not in err and MISSING not in err


def test_more_workers_than_this_machine_gives_hon_are_refused_before_any_work(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["balance", MISSING, "--workers", str(usable_cpus() + 1)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--workers" in err and MISSING not in err
    assert usable_cpus() + 1 <= WORKERS.high  # the machine's bound, not the static one, said no


@pytest.mark.parametrize(
    ("args", "option"),
    [
        (["simulate", MISSING, "--turns", str(TURNS.high + 1)], "--turns"),
        (["simulate", MISSING, "--seed", str(SEEDS.high + 1)], "--seed"),
        (["campaign", "simulate", MISSING, "--seed", "-1"], "--seed"),
        (["odds", "--combat", "999999999999", "--defense", "1", "--suppressive"], "--combat"),
        (["odds", "--combat", "2", "--defense", "4", "--suppressed", str(2**63)], "--suppressed"),
        (["odds", "--game", "tcg", "--shooting-value", "7", "--bonus", str(10**17)], "--bonus"),
        (["odds", "--game", "m44", "--dice", "31", "--target", "armor"], "--dice"),
        (["serve", "--port", "65536"], "--port"),
    ],
)
def test_out_of_range_in_every_command_is_one_line(
    args: list[str], option: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and option in err and MISSING not in err


def test_the_ends_are_taken(capsys: pytest.CaptureFixture[str]) -> None:
    """Both ends are in the range: the most turns, the highest seed, the hardest odds."""
    assert main(["simulate", HEX, "--turns", str(TURNS.high), "--seed", str(SEEDS.high), "--json"]) == 0
    assert main(["odds", "--combat", "50", "--defense", "1", "--suppressive", "--json"]) == 0
    assert main(["odds", "--combat", "-50", "--defense", "-50", "--terrain", "50", "--json"]) == 0
    assert main(["balance", SHORT, "--games", "1", "--seed", str(SEEDS.high), "--temperature", "100", "--json"]) == 0
    capsys.readouterr()


def test_help_states_the_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        typer.main.get_command(app).main(["balance", "--help"], prog_name="hon")
    shown = " ".join(capsys.readouterr().out.split())
    assert f"{GAMES.high}" in shown and f"{SEEDS.high}" in shown and f"({usable_cpus()})" in shown
