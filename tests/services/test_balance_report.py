"""The report after Ludii's (builder.services.balance.report_json): decisiveness, draws, the
first player's advantage with its interval, game length, objective control by turn as
shares of the games that played the turn, and no control at all for a scenario without
objectives, in the JSON form, the text and the HTML report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import main
from builder.export.balance_report import render_report
from builder.services.balance import BalancePlan, GameResult, Tally, report_json, run_balance, to_json, wilson
from tests.services.balance_games import Coin

ROOT = Path(__file__).resolve().parents[2]


def game(seed: int, winner: str | None, first: str, turns: int, held: tuple[str | None, ...]) -> GameResult:
    by_turn = tuple({"hill": side} for side in held)
    return GameResult(seed, winner, {}, turns, {"hill": held[-1]}, by_turn, initiative=first)


def test_the_report_counts_decided_games_draws_the_first_player_length_and_control() -> None:
    tally = Tally(("a", "b"), ("hill",))
    for result in (
        game(1, "a", "a", 2, ("a", "a")),  # the first player wins
        game(2, "b", "a", 3, (None, "b", "b")),
        game(3, "draw", "b", 3, (None, None, "a")),
        game(4, "b", "b", 4, ("b", "b", "b", "b")),  # the first player wins
    ):
        tally.add(result)
    report = report_json(tally)
    assert report["decisive"] == {"games": 3, "share": 0.75}
    assert report["draws"] == {"games": 1, "share": 0.25}
    assert report["first_player"] == {"wins": 2, "games": 4, "rate": 0.5, "interval": list(wilson(2, 4))}
    assert report["length"] == {"mean": 3.0, "spread": pytest.approx(0.7071, abs=1e-4), "shortest": 2, "longest": 4}
    control = report["control"]
    assert [turn["hill"] for turn in control] == [
        {"a": 0.25, "b": 0.25, "none": 0.5},
        {"a": 0.25, "b": 0.5, "none": 0.25},
        {"a": 1 / 3, "b": 2 / 3},  # of the three games that played turn 3
        {"b": 1.0},
    ]


def test_a_scenario_without_objectives_has_no_control_rather_than_zeros() -> None:
    class Open(Coin):
        @property
        def objectives(self) -> tuple[str, ...]:
            return ()

    field = Open()
    run = run_balance(field, BalancePlan(games=4))
    data = to_json(run, field)
    assert data["report"]["control"] is None and data["report"]["decisive"]["games"] == 4
    page = render_report(data)
    assert "<caption>" not in page
    with_objectives = Coin()
    assert (
        render_report(to_json(run_balance(with_objectives, BalancePlan(games=4)), with_objectives)).count("<caption>")
        == 1
    )


@pytest.mark.parametrize(
    "scenario",
    ["scenarios/way-of-the-cross.yaml", "scenarios/tcg/orchard-at-dawn.yaml", "scenarios/m44/orchard-crossing.yaml"],
    ids=["heroes", "tcg", "memoir"],
)
def test_every_system_reports_from_its_games(scenario: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["balance", str(ROOT / scenario), "--games", "4", "--swap-initiative", "--json"])
    data = json.loads(capsys.readouterr()[0])
    report = data["report"]
    assert code == 0
    decided = sum(side["wins"] for side in data["sides"].values())
    assert report["decisive"]["games"] == decided and report["draws"]["games"] == data["draws"]
    first = sum(side["with_initiative"].get(key, 0) for key, side in data["sides"].items())
    assert report["first_player"]["wins"] == first and report["first_player"]["games"] == 4
    turns = [int(t) for t, n in data["turns"].items() for _ in range(n)]
    assert report["length"]["shortest"] == min(turns) and report["length"]["longest"] == max(turns)
    assert report["length"]["mean"] == pytest.approx(sum(turns) / 4)
    assert len(report["control"]) == max(turns)
    for at, turn in enumerate(report["control"]):
        for objective, shares in turn.items():
            held = data["objectives"][objective]["held_by_turn"][at]
            assert shares == pytest.approx({side: n / sum(held.values()) for side, n in held.items()})
            assert sum(shares.values()) == pytest.approx(1.0)
