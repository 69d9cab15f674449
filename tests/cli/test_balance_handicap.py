"""`hon balance --handicap [auto|turns|vp]`: the scenario's turns, or the victory points (the
hex game's medals) its victory conditions count, swept around its own value on the prepared
scenario (never the file); each setting played with the same seeds; the setting closest to
even reported, in --json, text and the HTML page. A kind a scenario does not have is one
line and exit 2. Few games, on short scenarios."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.services.balance import BalanceAsk
from builder.services.balance_handicap import Handicap, HandicapKind, Handicappable, Measure, NoHandicap
from builder.services.balance_systems import prepare_balance

ROOT = Path(__file__).resolve().parents[2]
FIRST_CONTACT = ROOT / "scenarios" / "hon-first-contact.yaml"
FREE_BATTLE = ROOT / "scenarios" / "free-battle.yaml"
WAY = ROOT / "scenarios" / "way-of-the-cross.yaml"
TCG = ROOT / "scenarios" / "tcg" / "orchard-at-dawn.yaml"
HEX = ROOT / "scenarios" / "m44" / "orchard-crossing.yaml"


ARMIES = ROOT / "scenarios" / "armies"
FREE_ARMIES = {"allies": ARMIES / "first-contact-us-300.yaml", "axis": ARMIES / "first-contact-german-300.yaml"}


def handicappable(path: Path) -> Handicappable:
    armies = FREE_ARMIES if path == FREE_BATTLE else {}
    game = prepare_balance(path, BalanceAsk(armies=armies)).game
    assert isinstance(game, Handicappable)
    return game


def values(settings: tuple[Handicap, ...]) -> list[tuple[Measure, str | None, int, int]]:
    return [(s.measure, s.side, s.value, s.written) for s in settings]


def test_each_system_sweeps_what_its_scenarios_count() -> None:
    turns = handicappable(FIRST_CONTACT).sweep(HandicapKind.TURNS)
    assert values(turns) == [(Measure.TURNS, None, n, 6) for n in range(3, 10)]
    points = values(handicappable(FREE_BATTLE).sweep(HandicapKind.VP))
    assert points[0] == (Measure.STARTING_POINTS, "allies", 0, 0)
    assert {(side, value) for _, side, value, _ in points[1:]} == {
        (s, n) for s in ("allies", "axis") for n in range(1, 6)
    }
    tcg = handicappable(TCG)
    assert [s.value for s in tcg.sweep(HandicapKind.TURNS)] == [4, 5, 6, 7, 8]  # TCG p.6: 4 to 8 turns
    assert values(tcg.sweep(HandicapKind.VP)) == [
        (Measure.POINTS_NEEDED, "german", n, 6) for n in (6, 3, 4, 5, 7, 8, 9)
    ]
    medals = values(handicappable(HEX).sweep(HandicapKind.VP))
    assert {measure for measure, *_ in medals} == {Measure.MEDALS_NEEDED} and len(medals) == 9


@pytest.mark.parametrize(("path", "kind"), [(HEX, HandicapKind.TURNS), (WAY, HandicapKind.VP)], ids=["hex", "heroes"])
def test_a_kind_the_scenario_does_not_have_is_refused(path: Path, kind: HandicapKind) -> None:
    with pytest.raises(NoHandicap):
        handicappable(path).sweep(kind)


def test_a_handicap_changes_the_prepared_game_not_the_file() -> None:
    before = TCG.read_bytes()
    tcg = handicappable(TCG)
    short = tcg.handicapped(Handicap(Measure.TURNS, 4, 6))
    assert all(short.play(seed).turns <= 4 for seed in (1, 2, 3))
    for needed, winner in ((1, "german"), (30, "us")):  # checked at the end of the game (TCG p.16)
        handicapped = tcg.handicapped(Handicap(Measure.POINTS_NEEDED, needed, 6, "german"))
        assert {handicapped.play(seed).winner for seed in (1, 2, 3)} == {winner}
    way = handicappable(WAY)
    assert way.handicapped(Handicap(Measure.TURNS, 1, 4)).play(1).turns == 1
    rich = handicappable(FREE_BATTLE).handicapped(Handicap(Measure.STARTING_POINTS, 5, 0, "axis"))
    assert rich.play(1).victory_points["axis"] >= 5
    hex_game = handicappable(HEX)
    quick = hex_game.handicapped(Handicap(Measure.MEDALS_NEEDED, 1, 6, "axis"))
    result = quick.play(1)
    assert result.victory_points["axis"] <= 1 and (result.winner == "axis") == (result.victory_points["axis"] == 1)
    assert TCG.read_bytes() == before


def sweep(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = main(["balance", *args, "--json"])
    out = capsys.readouterr()[0]
    return code, json.loads(out) if out else {}


def spread(run: dict[str, Any]) -> float:
    rates: list[float] = [side["rate"] for side in run["sides"].values()]
    return max(rates) - min(rates)


def test_the_sweep_reports_every_setting_and_the_closest_to_even(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = sweep(capsys, str(TCG), "--games", "4", "--seed", "3", "--handicap", "turns")
    assert code == 0 and data["kind"] == "turns" and data["reason"] is None
    assert [s["value"] for s in data["settings"]] == [4, 5, 6, 7, 8]
    assert all(s["run"]["games"] == 4 and s["run"]["first_seed"] == 3 for s in data["settings"])
    spreads = [spread(s["run"]) for s in data["settings"]]
    assert spreads[data["closest"]] == min(spreads)
    _, plain = sweep(capsys, str(TCG), "--games", "4", "--seed", "3")
    assert data["settings"][2]["run"]["sides"] == plain["sides"]  # 6 turns: the scenario as written


@pytest.mark.parametrize(
    ("path", "kind", "reason"),
    [(TCG, "vp", "counts-points"), (WAY, "turns", "turn-limit"), (HEX, "vp", "counts-points")],
    ids=["tcg", "heroes", "hex"],
)
def test_auto_chooses_from_the_victory_conditions_and_says_why(
    path: Path, kind: str, reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, data = sweep(capsys, str(path), "--games", "1", "--handicap", "auto")
    assert code == 0 and data["kind"] == kind and data["reason"] == reason


@pytest.mark.parametrize("given", [["--handicap"], ["--handicap", "--json"]], ids=["last", "before-another"])
def test_a_bare_handicap_is_auto(given: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["balance", str(WAY), "--games", "1", *given, *([] if "--json" in given else ["--json"])])
    data = json.loads(capsys.readouterr()[0])
    assert code == 0 and data["kind"] == "turns" and data["reason"] == "turn-limit"


@pytest.mark.parametrize(
    "args",
    [
        (str(HEX), "--handicap", "turns"),
        (str(WAY), "--handicap", "vp"),
        (str(FIRST_CONTACT), "--handicap", "vp", "--policy", "compare"),
        (str(TCG), "--handicap", "medals"),
    ],
    ids=["hex-turns", "heroes-vp", "compare", "kind"],
)
def test_a_handicap_that_does_not_apply_is_one_line_and_exit_2(
    args: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(["balance", *args, "--games", "1"])
    out, err = capsys.readouterr()
    assert code == 2 and out == "" and err.count("\n") == 1


def test_the_text_and_the_page_show_every_setting(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    page = tmp_path / "handicap.html"
    code = main(["balance", str(TCG), "--games", "2", "--handicap", "vp", "-o", str(page)])
    out = capsys.readouterr()[0]
    assert code == 0 and out.count("instead of 6") == 6
    html = page.read_text(encoding="utf-8")
    assert html.count('class="closest"') == 1 and html.count("<tr") == 8  # the heading and seven settings
