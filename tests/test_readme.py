"""Every command the README shows is run here (or, for `make`, resolved), so the README
stays honest."""

from __future__ import annotations

import re
import shlex
import subprocess
from pathlib import Path

import pytest

from builder.cli import main, serve_commands, tui_commands

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"```sh\n(.*?)```", README, flags=re.S)
LINES = [line.split("#")[0].strip() for block in BLOCKS for line in block.splitlines() if line.strip()]
HON = [line for line in LINES if line.startswith("hon ")]
MAKE = [line for line in LINES if line.startswith("make ")]
WRITES = (
    "roster",
    "scenario sheet",
    "scenario deck",
    "schema",
    "campaign start",
    "campaign record",
    "campaign next",
    "campaign simulate",
    "campaign sheet",
)
ILLEGAL_ON_PURPOSE = "data/armies/illegal/"


def test_the_readme_shows_commands() -> None:
    assert "make run" in MAKE and "make test" in MAKE
    assert len(HON) >= 10


@pytest.mark.parametrize("line", MAKE)
def test_make_targets_exist(line: str) -> None:
    done = subprocess.run(["make", "-n", *shlex.split(line)[1:]], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_ci_runs_the_readmes_test_command() -> None:
    assert "make test" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def without_output(args: list[str]) -> list[str]:
    """The arguments without `-o PATH`: the test writes into its own folder instead."""
    kept: list[str] = []
    for arg in args:
        if kept and kept[-1] == "-o":
            kept.pop()
            continue
        kept.append(arg)
    return kept


@pytest.mark.parametrize("line", HON)
def test_hon_commands_work(
    line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(line)[1:]
    if any(line.startswith(f"hon {command}") for command in WRITES):
        args = [*without_output(args), "-o", str(tmp_path)]
    opened: list[object] = []
    monkeypatch.setattr(tui_commands, "launch", lambda *a: opened.append(a))
    monkeypatch.setattr(tui_commands, "launch_designer", lambda *a: opened.append(a))
    monkeypatch.setattr(serve_commands, "serve_app", lambda *a: opened.append(a))
    code = main(args)
    out, err = capsys.readouterr()
    expected = 1 if ILLEGAL_ON_PURPOSE in line else 0
    assert code == expected, err or out
    if line.startswith(("hon edit", "hon design", "hon serve")) or args[0].endswith(".yaml"):
        assert opened  # `hon FILE` opens it as hon edit or hon design does
    if any(line.startswith(f"hon {command}") for command in WRITES):
        assert any(tmp_path.iterdir()), "it wrote its file where -o says"
