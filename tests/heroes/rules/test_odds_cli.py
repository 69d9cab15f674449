"""`hon odds`: exact probabilities in JSON and as a table; bad usage exits 2 with one line."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from builder.cli import main
from builder.cli.app import console
from builder.heroes.rules.resolution.odds import assault_odds, fire_odds


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(["odds", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_for_a_firing_action(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--combat", "2", "--defense", "4", "--terrain", "2", "--bonus", "1", "--json"], capsys)
    assert code == 0 and err == ""
    found = json.loads(out)
    assert list(found) == ["miss", "hit", "double"]
    assert found == {"miss": float(Fraction(1, 3)), "hit": float(Fraction(2, 3)), "double": 0.0}


def test_json_for_suppressive_fire_counts_markers_from_zero(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--combat", "3", "--defense", "4", "--suppressive", "--json"], capsys)
    found = json.loads(out)
    assert code == 0 and list(found) == ["0", "1", "2", "3"]
    assert found == {"0": 0.0, "1": 1 / 6, "2": 4 / 6, "3": 1 / 6}
    assert sum(found.values()) == pytest.approx(1)


def test_json_for_an_assault(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--combat", "2", "--bonus", "1", "--assault", "--defender-combat", "2", "--defender-dice", "2"]
    code, out, _ = run([*args, "--terrain", "2", "--json"], capsys)
    found = json.loads(out)
    assert code == 0 and list(found) == ["win", "tie", "loss"]
    assert found == assault_odds(2, 2, 2, terrain=2, bonus=1).as_dict()


def test_every_option_reaches_the_odds(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--combat", "4", "--defense", "5", "--terrain", "1", "--bonus", "1", "--suppressed", "1"]
    code, out, _ = run([*args, "--obscured", "2", "--long-range", "--dual", "--json"], capsys)
    assert code == 0
    assert json.loads(out) == fire_odds(4, 5, 1, 1, 1, 2, True, False, True).as_dict()
    args = ["--combat", "3", "--assault", "--defender-combat", "1", "--suppressed", "1"]
    code, out, _ = run([*args, "--defender-bonus", "2", "--defender-suppressed", "2", "--json"], capsys)
    assert json.loads(out) == assault_odds(3, 1, 1, 0, 0, 1, 2, 2).as_dict()


def test_text_shows_percentages_and_the_modifiers_with_their_pages(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(console, "width", 120)
    code, out, _ = run(["--combat", "2", "--defense", "4", "--terrain", "2", "--bonus", "1"], capsys)
    assert code == 0
    assert "Firing action: 1 die +3 against a defense of 6" in out
    assert "66.7%" in out and "33.3%" in out
    assert "HoN core p.15" in out and "HoN core p.18" in out and "Defensive bonus" in out
    code, out, _ = run(["--combat", "2", "--defense", "4", "--suppressive", "--game", "son"], capsys)
    assert "Suppressed markers" in out and "SoN p.19" in out


def test_defense_is_noted_as_unused_in_an_assault(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["--combat", "2", "--defense", "4", "--assault", "--defender-combat", "2", "--json"], capsys)
    assert code == 0 and set(json.loads(out)) == {"win", "tie", "loss"}
    assert "not used in an assault" in err


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--combat", "2", "--defense", "4", "--defender-combat", "2"], "--defender-combat"),
        (["--combat", "2", "--defense", "4", "--defender-dice", "2"], "--defender-dice"),
        (["--combat", "2", "--assault"], "--defender-combat"),
        (["--combat", "2", "--assault", "--defender-combat", "2", "--suppressive"], "--suppressive"),
        (["--combat", "2", "--assault", "--defender-combat", "2", "--defender-dice", "3"], "--defender-dice"),
        (["--combat", "2"], "--defense"),
        (["--defense", "4"], "--combat"),
        (["--combat", "2", "--defense", "4", "--suppressed", "-1"], "--suppressed"),
        (["--combat", "2", "--defense", "0", "--suppressive"], "at least 1"),
        (["--combat", "two", "--defense", "4"], "--combat"),
    ],
)
def test_bad_usage_exits_2_with_one_line(args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(args, capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("hon: ") and says in err
