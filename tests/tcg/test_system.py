"""The Tactical Card Game is registered as a game system and its files dispatch to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main
from builder.kernel.system import Capability
from builder.services.systems import require, system_of_game
from builder.tcg.system import TCG
from tests.tcg.conftest import HEDGEROW, TCG_SCENARIOS


def test_tcg_is_a_game_hon_plays() -> None:
    assert system_of_game("tcg") is TCG
    assert require(HEDGEROW, Capability.SCENARIO_CHECK) is TCG


@pytest.mark.parametrize("path", TCG_SCENARIOS, ids=lambda p: p.stem)
def test_shipped_scenarios_are_playable(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "check", str(path)]) == 0
    assert main(["scenario", "check", str(path), "--json"]) == 0
    assert '"ok": true' in capsys.readouterr().out


def test_shipped_scenarios_are_original_examples() -> None:
    from builder.io.tcg_files import load_tcg_scenario

    assert len(TCG_SCENARIOS) >= 2
    for path in TCG_SCENARIOS:
        assert load_tcg_scenario(path).scenario.source == "example"


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("format: tcg-scenario\nversion: 2\ngame: tcg\n", "version"),
        ("format: tcg-scenario\nversion: 1\ngame: tcg\nid: x\ntitle: X\nboard: {columns: 3, rows: 3}\n", "sides"),
        (HEDGEROW.read_text(encoding="utf-8") + "bogus: 1\n", "bogus"),
        (HEDGEROW.read_text(encoding="utf-8").replace("terrain: urban", "terrain: trench"), "terrain[0].terrain"),
        ("format: tcg-scenario\nversion: 1\ngame: tcg\nid: [unclosed\n", None),
        ("- just\n- a list\n", None),
    ],
)
def test_bad_files_are_one_sentence(
    tmp_path: Path, text: str, field: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["scenario", "check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(path) in err and "Traceback" not in err
    if field is not None:
        assert field in err


def test_a_force_file_is_checked_against_its_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    force = tmp_path / "force.yaml"
    body = (
        "format: tcg-force\nversion: 1\ngame: tcg\nname: My Americans\n"
        f"scenario: {HEDGEROW}\nside: us\nforce:\n"
        "  deployment:\n    - {card: us-rifle-company-a, box: [0, 1]}\n"
        "  deck:\n    - {card: us-m10}\n"
    )
    force.write_text(body, encoding="utf-8")
    assert main(["validate", str(force)]) == 0
    force.write_text(body + "    - {card: us-rifle-company-a}\n", encoding="utf-8")
    assert main(["validate", str(force), "--json"]) == 1
    assert "tcg.force.unique" in capsys.readouterr().out
    force.write_text(body.replace("side: us", "side: soviets"), encoding="utf-8")
    assert main(["validate", str(force)]) == 2
