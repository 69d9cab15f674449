"""`hon deploy`: exit 0 legal, 1 illegal, 2 unreadable; positions files with their lines."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import main
from builder.io.positions_files import load_positions, parse_positions, positions_yaml
from tests.conftest import FIXTURES, MINI

DUEL = FIXTURES / "scenarios" / "duel-playable.yaml"
ARMY = """format: hon-army
version: 1
name: Alpha platoon
game: hon
faction: alpha
points_limit: 1000
tiles: [platoon]
"""


@pytest.fixture
def army_file(tmp_path: Path) -> Path:
    path = tmp_path / "army.yaml"
    path.write_text(ARMY)
    return path


def deploy(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, dict[str, object], str]:
    code = main(["deploy", *map(str, args), "--catalogue", str(MINI / "hon"), "--json"])
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out.strip() else {}, captured.err


def test_automatic_deployment_is_legal(army_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, report, _ = deploy(capsys, DUEL, "--side", "alpha", "--army", f"alpha={army_file}")
    assert code == 0 and report["ok"] is True and report["automatic"] is True
    placements = report["placements"]
    assert isinstance(placements, list) and len(placements) == 4
    assert {tuple(p["at"]) for p in placements} == {(0, 2), (1, 2), (0, 3), (1, 3)}


def test_the_text_shows_the_map_the_zone_and_the_units(army_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["deploy", str(DUEL), "--side", "alpha", "--army", f"alpha={army_file}", "--catalogue", str(MINI / "hon")]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "legal" in out and "'alpha-deploy'" in out and "Lt. Test" in out
    assert "alpha/tiles[0]/rifles/3" in out


def write_positions(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "positions.yaml"
    path.write_text("format: hon-positions\nversion: 1\nside: alpha\npositions:\n" + body)
    return path


def test_given_positions_are_checked_with_their_lines(
    army_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = write_positions(tmp_path, "  - {unit: officer, at: [0, 2]}\n  - {unit: rifles, at: [1, 2]}\n")
    code, report, _ = deploy(capsys, DUEL, "--side", "alpha", "--army", f"alpha={army_file}", "--positions", good)
    assert code == 0 and report["automatic"] is False
    assert report["unplaced"] == ["alpha/tiles[0]/rifles/2", "alpha/tiles[0]/rifles/3"]
    bad = write_positions(tmp_path, "  - {unit: officer, at: [0, 2]}\n  - {unit: rifles, at: [5, 2]}\n")
    code, report, _ = deploy(capsys, DUEL, "--side", "alpha", "--army", f"alpha={army_file}", "--positions", bad)
    assert code == 1
    issues = report["issues"]
    assert isinstance(issues, list)
    outside = [i for i in issues if i["code"] == "deploy.outside"]
    assert outside and outside[0]["path"] == "positions[1].at" and outside[0]["line"] == 6


def test_unreadable_input_is_exit_two_with_one_line(
    army_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: hon-positions\nversion: 1\npositions: [{unit: x, at: [1]}]\n")
    code, _, err = deploy(capsys, DUEL, "--side", "alpha", "--army", f"alpha={army_file}", "--positions", broken)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text(ARMY)
    code, _, err = deploy(capsys, DUEL, "--side", "alpha", "--army", f"alpha={army_file}", "--positions", wrong)
    assert code == 2 and "positions" in err


def test_usage_errors_are_exit_two(army_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = deploy(capsys, DUEL, "--side", "gamma", "--army", f"gamma={army_file}")
    assert code == 2 and "alpha, beta" in err
    code, _, err = deploy(capsys, DUEL, "--side", "alpha")
    assert code == 2 and "--army" in err and "Traceback" not in err


def test_the_army_is_given_as_simulate_takes_it_and_the_old_form_still_works(
    army_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--army SIDE=FILE, as `hon simulate` and `hon balance` take it; the older --army FILE
    deploys the same, with one more line on stderr; a list for another side is exit 2."""
    code, report, err = deploy(capsys, DUEL, "--side", "alpha", "--army", f"alpha={army_file}")
    assert code == 0 and err == ""
    code, old, err = deploy(capsys, DUEL, "--side", "alpha", "--army", army_file)
    assert code == 0 and old == report
    assert err.count("\n") == 1 and f"alpha={army_file}" in err  # the form to write instead
    code, _, err = deploy(capsys, DUEL, "--side", "alpha", "--army", f"beta={army_file}")
    assert code == 2 and err.count("\n") == 1 and "--army" in err


def test_the_scenario_may_name_the_army(army_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = DUEL.read_text().replace("  - {side: alpha, points: 200}", "  - {side: alpha, points: 200, army: army.yaml}")
    scenario = tmp_path / "duel.yaml"
    scenario.write_text(text)
    code, report, _ = deploy(capsys, scenario, "--side", "alpha")
    assert code == 0 and report["ok"] is True


def test_saved_placements_check_legal_again(
    army_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "saved.yaml"
    code, _, _ = deploy(capsys, DUEL, "--side", "alpha", "--army", f"alpha={army_file}", "--save", saved)
    assert code == 0
    loaded = load_positions(saved).positions
    assert loaded.side == "alpha" and loaded.scenario == "duel" and len(loaded.positions) == 4
    assert parse_positions(positions_yaml(loaded)) == loaded
    code, report, _ = deploy(capsys, DUEL, "--side", "alpha", "--army", f"alpha={army_file}", "--positions", saved)
    assert code == 0 and report["unplaced"] == []


def test_an_army_too_big_for_its_zone_is_exit_one(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    big = tmp_path / "big.yaml"
    big.write_text(ARMY.replace("tiles: [platoon]", "tiles: [platoon, squad]"))
    code, report, _ = deploy(capsys, DUEL, "--side", "alpha", "--army", f"alpha={big}")
    assert code == 1
    issues = report["issues"]
    assert isinstance(issues, list) and issues[0]["code"] == "deploy.no-room"
    assert "(2 short)" in issues[0]["message"]
