"""`hon validate` judges every shipped army correctly, in text and in JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from builder.cli import main, tui_commands
from builder.cli.app import console
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR

LEGAL = sorted(EXAMPLE_ARMIES_DIR.glob("*.yaml")) + sorted((SCENARIOS_DIR / "armies").glob("*.yaml"))
ILLEGAL = sorted((EXAMPLE_ARMIES_DIR / "illegal").glob("*.yaml"))


def validate_json(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, object]]:
    code = main(["validate", str(path), "--json"])
    return code, json.loads(capsys.readouterr().out)


def test_there_are_legal_and_illegal_examples() -> None:
    assert len(LEGAL) >= 3
    assert len(ILLEGAL) >= 3
    codes = [path.stem.replace("-", ".", 1) for path in ILLEGAL]
    assert len(set(codes)) == len(codes)


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_legal_examples_are_legal_at_their_stated_points(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = validate_json(path, capsys)
    assert code == 0, report["issues"]
    assert report["legal"] is True
    stated = re.search(r"-(\d+)$", path.stem)
    assert stated, "example armies are named after their points"
    assert report["points"] == int(stated[1])
    orders = report["orders"]
    assert isinstance(orders, dict) and orders["numbered"] >= 1


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.name)
def test_illegal_examples_show_their_error(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report = validate_json(path, capsys)
    assert code == 1
    assert report["legal"] is False
    issues = report["issues"]
    assert isinstance(issues, list)
    errors = [i["code"] for i in issues if i["severity"] == "error"]
    assert errors == [path.stem.replace("-", ".", 1)]
    for issue in issues:
        assert set(issue) == {"severity", "code", "path", "message", "hint", "line"}
        assert isinstance(issue["line"], int)


def test_text_output_gives_the_verdict_and_the_reason(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(console, "width", 200)
    code = main(["validate", str(EXAMPLE_ARMIES_DIR / "illegal" / "points-over.yaml")])
    out = capsys.readouterr().out
    assert code == 1
    assert "not legal (1 error)" in out
    assert "The army costs 440 points, 65 over its 375-point limit." in out


def test_hon_with_no_command_opens_the_app_on_the_example(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[tuple[object, object]] = []
    monkeypatch.setattr(tui_commands, "launch", lambda army, catalogue: opened.append((army, catalogue)))
    assert main([]) == 0
    assert main(["edit", "mine.yaml"]) == 0
    assert opened == [(None, None), (Path("mine.yaml"), None)]


def test_hon_on_a_file_opens_it_as_its_format_says(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`hon ARMY.yaml` is `hon edit`, `hon SCENARIO.yaml` is `hon design` for every game; any
    other file, or none, is one line naming it and exit 2 with nothing opened."""
    opened: list[tuple[str, Path, Path | None]] = []
    monkeypatch.setattr(tui_commands, "launch", lambda army, catalogue: opened.append(("edit", army, catalogue)))
    monkeypatch.setattr(tui_commands, "launch_designer", lambda path, mine, *_: opened.append(("design", path, mine)))
    army = EXAMPLE_ARMIES_DIR / "german-ss-550.yaml"
    scenarios = [SCENARIOS_DIR / name for name in ("hon-first-contact.yaml", "tcg/orchard-at-dawn.yaml")]
    hexes = SCENARIOS_DIR / "m44" / "hedgerow-lanes.yaml"
    assert main([str(army), "--catalogue", str(SCENARIOS_DIR)]) == 0
    for scenario in [*scenarios, hexes]:
        assert main([str(scenario)]) == 0
    assert opened == [("edit", army, SCENARIOS_DIR), *(("design", path, None) for path in [*scenarios, hexes])]
    capsys.readouterr()
    campaign = SCENARIOS_DIR / "campaigns" / "operation-windsor.yaml"
    for other in (campaign, SCENARIOS_DIR / "missing.yaml"):
        assert main([str(other)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and str(other) in err
    assert len(opened) == 4


def test_a_user_catalogue_changes_the_verdict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """House rules: Planning costs 100 in this user's catalogue, so the list goes over."""
    (tmp_path / "house.yaml").write_text(
        "format: hon-catalogue\nversion: 1\ngame: hon\noptions:\n  - {id: planning, name: Planning, kind: order,"
        " faction: common, cost: 100, stripes: [hon-command, hon-command], grants: {orders: 1}, source: example}\n",
        encoding="utf-8",
    )
    army = str(EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml")
    assert main(["validate", army]) == 0
    assert main(["validate", army, "--catalogue", str(tmp_path), "--json"]) == 1
    assert "points.over" in capsys.readouterr().out
