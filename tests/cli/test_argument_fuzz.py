"""Every option and argument of every command, fed absurd values (issue 31, points 2, 3
and 6): huge numbers, negatives, 2**63, 10**30, NaN, infinities, empty text, terminal
escapes, a right-to-left override, NUL and a 100,000-character string.

Whatever the value, a command ends with exit 0, 1 or 2, never a traceback, within a bound;
on exit 2 standard error is one line; and no control character reaches the terminal raw.
By default each option gets 5 of the values, drawn with a seed of its own (about 750 runs,
a minute); HON_FUZZ_VALUES=all feeds each every value (about 2,500 runs, two minutes).
The commands are listed from the Typer app itself, so a new command or option is fuzzed
as soon as it exists (and a command without a way to run it here fails the test). Output
paths (-o, --save) are left to their own tests: what they may name is another matter."""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from random import Random
from typing import Any

import pytest
import typer.main

from builder.cli.app import app
from builder.io.paths import DEFAULT_ARMY, SCENARIOS_DIR
from tests.io.hostile import run_hon

NUMBERS = ["-1", "0", "100000000", str(2**63), str(10**30), str(-(2**63) - 1), "nan", "inf", "-inf", "1e3"]
TEXTS = ["", "\x1b[31mred\x1b[0m\x07", "a\u202eevil", "a\x00b", "x" * 100_000, "%%%", "::::"]
VALUES = NUMBERS + TEXTS

# A way to run each command, with files copied into the test's folder (several write to
# their input by default). {army}, {scenario}… are those copies.
BASES: dict[str, list[str]] = {
    "": [],
    "validate": ["{army}"],
    "simulate": ["{scenario}", "--turns", "1"],
    "balance": ["{scenario}", "--games", "1"],
    "schema": [],
    "deploy": ["{scenario}", "--side", "us"],
    "games": [],
    "odds": ["--combat", "2", "--defense", "4"],
    "roster": ["{army}", "--format", "txt", "--output", "-"],
    "rules": [],
    "serve": ["{army}"],
    "edit": ["{army}"],
    "design": ["{scenario}"],
    "campaign list": [],
    "campaign start": ["operation-windsor", "-o", "started.yaml"],
    "campaign record": ["{campaign}", "--winner", "german"],
    "campaign show": ["{campaign}"],
    "campaign next": ["{campaign}", "-o", "-"],
    "campaign simulate": ["{campaign}"],
    "campaign sheet": ["{campaign}", "--format", "md", "-o", "-"],
    "catalogue check": [],
    "catalogue list": ["units"],
    "catalogue show": ["officer"],
    "scenario check": ["{scenario}"],
    "scenario sheet": ["{scenario}", "--format", "svg", "-o", "-"],
    "scenario deck": ["{tcg}", "--side", "us", "--format", "md", "-o", "-"],
    "scenario import": ["{m44}"],
    "scenario export": ["{hex}", "--format", "m44", "-o", "-"],
}
# More starting points, where an option means something only with others: the odds of
# suppressive fire, an assault, the TCG and the hex game; a Ray address with Ray.
MORE: dict[str, list[list[str]]] = {
    "odds": [
        ["--combat", "2", "--defense", "4", "--suppressive"],
        ["--combat", "2", "--assault", "--defender-combat", "2"],
        ["--game", "tcg", "--shooting-value", "7"],
        ["--game", "m44", "--dice", "2", "--target", "armor"],
    ],
}
CONTEXT: dict[tuple[str, str], list[str]] = {("balance", "--address"): ["--backend", "ray"]}
OUTPUTS = {"--output", "-o", "--save"}
RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ud800-\udfff]")
SECONDS = 60  # the most one run may take: the slowest accepted run here takes a few seconds
COUNT = os.environ.get("HON_FUZZ_VALUES", "5")  # values per option; "all": every one of VALUES


@cache
def commands() -> dict[str, list[str]]:
    """Every command of the app by its words ("campaign record"), with its options'
    flags and its arguments' names; bool flags are left out (they take no value)."""
    found: dict[str, list[str]] = {}

    def walk(command: Any, words: list[str]) -> None:
        subcommands = getattr(command, "commands", {})
        if not subcommands or not words:  # a group's own options are the app's alone
            found[" ".join(words)] = [param_name(p) for p in command.params if not getattr(p, "is_flag", False)]
        for name, sub in subcommands.items():
            walk(sub, [*words, name])

    walk(typer.main.get_command(app), [])
    return found


def param_name(param: Any) -> str:
    return max(param.opts, key=len) if param.param_type_name == "option" else f"<{param.name}>"


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    """Copies of the files the commands read, in the current folder; the app and the web
    server are replaced, so that a command that would open them returns at once."""
    from textual.app import App

    from builder.cli.web_server import HonServer

    shutil.copytree(SCENARIOS_DIR, tmp_path / "scenarios")
    shutil.copy(DEFAULT_ARMY, tmp_path / "army.yaml")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(App, "run", lambda *a, **k: None)
    monkeypatch.setattr(HonServer, "serve", lambda server: None)
    yield {
        "army": "army.yaml",
        "scenario": "scenarios/hon-first-contact.yaml",
        "campaign": "scenarios/campaigns/operation-windsor.yaml",
        "tcg": "scenarios/tcg/orchard-at-dawn.yaml",
        "hex": "scenarios/m44/hedgerow-lanes.yaml",
        "m44": str(Path(__file__).parents[1] / "memoir" / "fixtures" / "hedgerow-crossroads.m44"),
    }


def with_value(base: list[str], name: str, value: str) -> list[str]:
    """`base` with the option `name` set to `value` (replacing it if given), or with its
    argument <name> replaced by `value` (or added, when the base gives none)."""
    if name.startswith("<"):
        positional = [i for i, word in enumerate(base) if not word.startswith("-") and not _follows_option(base, i)]
        if positional:
            return [*base[: positional[0]], value, *base[positional[0] + 1 :]]
        return [*base, value]
    if name in base:
        i = base.index(name)
        return [*base[:i], name, value, *base[i + 2 :]]
    return [*base, name, value]


def _follows_option(words: list[str], i: int) -> bool:
    return i > 0 and words[i - 1].startswith("-")


def problems(args: list[str]) -> list[str]:
    """What breaks hon's promise in `hon ARGS` (tests.io.hostile), and a control character
    sent to the terminal raw."""
    outcome = run_hon(args, SECONDS)
    raw = RAW.search(outcome.out + outcome.err)
    return outcome.problems() + ([f"raw {raw[0]!r}"] if raw is not None else [])


def values(command: str, name: str) -> list[str]:
    """The values an option is fed: HON_FUZZ_VALUES of them (all with "all"), drawn with
    a seed of the command and option, so that a failure names what reproduces it."""
    if COUNT == "all":
        return VALUES
    return Random(f"{command}:{name}").sample(VALUES, int(COUNT))


def test_every_command_has_a_way_to_run_here() -> None:
    assert set(commands()) == set(BASES)


@pytest.mark.parametrize("command", sorted(BASES), ids=lambda c: c or "hon")
def test_no_value_of_any_argument_breaks_the_command(command: str, workspace: dict[str, str]) -> None:
    campaign = Path(workspace["campaign"])
    original = campaign.read_bytes()
    words = command.split()
    broke: list[str] = []
    runs = 0
    for base in [BASES[command], *MORE.get(command, [])]:
        for name in commands()[command]:
            if name in OUTPUTS:
                continue
            given = CONTEXT.get((command, name), []) + [w.format(**workspace) for w in base]
            for value in values(command, name):
                campaign.write_bytes(original)  # a run that records a result starts from the same campaign
                args = [*words, *with_value(given, name, value)]
                runs += 1
                broke += [f"hon {' '.join(args)[:100]!r}: {p}" for p in problems(args)]
    print(f"{command or 'hon'}: {runs} runs, {len(broke)} broken")
    assert not broke, "\n".join(broke[:40])
