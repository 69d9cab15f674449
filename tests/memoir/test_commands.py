"""The hex game through the shared commands: `hon scenario check`, `hon deploy`,
`hon simulate` (same seed, same game), `hon rules --game m44` and `hon games`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import main
from builder.io.paths import SCENARIOS_DIR
from builder.memoir.rules.events import EVENT_LOG, BattleEvent, VictoryEvent

SHIPPED = sorted((SCENARIOS_DIR / "m44").glob("*.yaml"))


def test_two_original_scenarios_ship() -> None:
    assert [p.stem for p in SHIPPED] == ["hedgerow-lanes", "orchard-crossing"]
    assert all("source: example" in p.read_text() for p in SHIPPED)


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.stem)
def test_shipped_scenarios_check_and_play_to_the_end(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"ok": True, "issues": []}
    assert main(["simulate", str(path), "--seed", "4", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["winner"] in ("axis", "allies")
    events = EVENT_LOG.validate_python(record["events"])
    assert any(isinstance(e, BattleEvent) for e in events) and isinstance(events[-1], VictoryEvent)


def test_the_same_seed_plays_the_same_game(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for seed in (7, 7, 8):
        assert main(["simulate", str(SHIPPED[0]), "--seed", str(seed), "--json"]) == 0
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1] != runs[2]


def test_simulate_narrates_every_roll(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(SHIPPED[1]), "--turns", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "plays" in out and "battle:" in out and "M44 summary" in out and "Result:" in out


def test_an_illegal_scenario_is_refused_by_simulate_and_judged_by_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(SHIPPED[0].read_text().replace("type: artillery", "type: cavalry", 1))
    assert main(["scenario", "check", str(bad), "--json"]) == 1
    assert [i["code"] for i in json.loads(capsys.readouterr().out)["issues"]] == ["unit.unknown"]
    assert main(["scenario", "check", str(bad)]) == 1
    assert "cavalry" in capsys.readouterr().out
    assert main(["simulate", str(bad)]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_deploy_lists_a_sides_units_with_their_sections(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deploy", str(SHIPPED[1]), "--side", "allies", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["ok"] and found["side"] == "allies" and len(found["units"]) == 9
    straddling = next(u for u in found["units"] if (u["row"], u["col"]) == (7, 7))
    assert straddling["sections"] == ["centre", "left"] and straddling["name"] == "Special Forces"
    assert main(["deploy", str(SHIPPED[1]), "--side", "romans"]) == 2
    assert main(["deploy", str(SHIPPED[1]), "--side", "axis", "--army", "x.yaml"]) == 2


def test_hon_rules_lists_the_hex_games_mechanics(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "--game", "m44", "--json"]) == 0
    entries = json.loads(capsys.readouterr().out)
    by_id = {e["id"]: e for e in entries}
    assert by_id["line-of-sight"]["played"] and by_id["armor-overrun"]["played"]
    assert by_id["section-cards"]["partial"] and not by_id["tactical-cards"]["played"]
    assert all(e["games"] == ["m44"] and e["page"].startswith("M44 summary") for e in entries)
    assert main(["rules", "--game", "m44"]) == 0
    assert "Line of sight" in capsys.readouterr().out


def test_hon_games_lists_the_hex_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    systems = {s["id"]: s for s in json.loads(capsys.readouterr().out)["systems"]}
    assert systems["memoir"]["games"][0]["id"] == "m44"
    assert {"scenario-check", "deploy", "simulate", "odds", "rules"} <= set(systems["memoir"]["supports"])


def test_export_refuses_a_heroes_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "export", str(SCENARIOS_DIR / "rush-on-maltot.yaml")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
