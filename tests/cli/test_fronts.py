"""The command line's fronts (builder/cli/fronts.py): every system has one, and it answers
exactly the commands its capabilities promise, so the registry's refusal and the front agree."""

from __future__ import annotations

from dataclasses import fields
from pathlib import Path

import pytest

from builder.cli import main
from builder.cli.fronts import FRONTS, ODDS_ALWAYS, Front, OddsAsk, front, option
from builder.kernel.system import Capability, GameSystem
from builder.services.systems import SYSTEMS

# The command of each capability a front answers, by its method's name (`design` goes with
# SCENARIO_CHECK: a system whose scenarios hon checks has a designer for them).
METHODS = {
    Capability.FORCE_CHECK: "validate",
    Capability.SCENARIO_CHECK: "check",
    Capability.DEPLOY: "deploy",
    Capability.SHEET: "sheet",
    Capability.SIMULATE: "simulate",
    Capability.ODDS: "odds",
}


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda system: system.id)
def test_a_systems_front_answers_what_its_capabilities_promise(system: GameSystem) -> None:
    found = front(system)
    answered = {cap for cap, method in METHODS.items() if getattr(type(found), method) is not getattr(Front, method)}
    assert answered == {cap for cap in METHODS if system.supports(cap)}
    assert (type(found).design is not Front.design) == system.supports(Capability.SCENARIO_CHECK)


def test_every_system_has_a_front() -> None:
    assert {system.id for system in SYSTEMS} == set(FRONTS)


# `hon odds` for each system with its own options, and one value for every option of any.
ODDS_OF = {
    "heroes": ["--game", "hon", "--combat", "3", "--defense", "4"],
    "tcg": ["--game", "tcg", "--shooting-value", "7"],
    "memoir": ["--game", "m44", "--dice", "3", "--target", "infantry"],
}
VALUES = {
    "--combat": "3", "--defense": "4", "--terrain": "1", "--bonus": "1", "--suppressed": "1", "--obscured": "1",
    "--defender-combat": "2", "--defender-dice": "2", "--defender-bonus": "1", "--defender-suppressed": "1",
    "--dice": "2", "--target": "armor", "--shooting-value": "7", "--save": "5",
}  # fmt: skip
OPTIONS = [option(f.name) for f in fields(OddsAsk) if f.name not in ODDS_ALWAYS]


def test_every_odds_option_is_some_systems() -> None:
    assert set(OPTIONS) == set().union(*(found.odds_options for found in FRONTS.values()))


@pytest.mark.parametrize(
    ("system", "foreign"),
    [(system, name) for system in ODDS_OF for name in OPTIONS if name not in FRONTS[system].odds_options],
)
def test_odds_refuse_another_systems_option(system: str, foreign: str, capsys: pytest.CaptureFixture[str]) -> None:
    """An option of another system's odds is refused, not ignored: exit 2, nothing printed
    on standard output, one line on standard error."""
    given = [foreign, VALUES[foreign]] if foreign in VALUES else [foreign]
    assert main(["odds", *ODDS_OF[system], *given]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1


ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "scenarios/tcg/orchard-at-dawn.yaml"],
        ["simulate", "scenarios/m44/orchard-crossing.yaml"],
        ["scenario", "check", "scenarios/tcg/orchard-at-dawn.yaml"],
        ["scenario", "sheet", "scenarios/m44/orchard-crossing.yaml"],
        ["deploy", "scenarios/tcg/orchard-at-dawn.yaml", "--side", "us"],
    ],
    ids=["simulate-tcg", "simulate-hex", "check-tcg", "sheet-hex", "deploy-tcg"],
)
def test_a_catalogue_folder_for_a_system_that_reads_none_is_refused(
    args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(ROOT)
    code = main([*args, "--catalogue", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1 and "--catalogue" in err


def test_a_heroes_file_reads_the_catalogue_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["scenario", "check", str(ROOT / "scenarios" / "way-of-the-cross.yaml"), "--catalogue", str(tmp_path)])
    capsys.readouterr()
    assert code == 0
