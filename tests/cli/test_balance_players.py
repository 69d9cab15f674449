"""`hon balance --policy SIDE=NAME`: a player for each side (by the scenario's side ids), one
for every side, the search agent where the system has one with its `--budget`; the report
names each side's player; the same seeds give the same games on one process or two, and a
player stays with its side when the initiative passes round. `--policy compare`: the same
seeds under the greedy player and the search agent, and whether their verdicts agree. Bad
players are one line and exit 2. Few games, on short scenarios."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.export.balance_report import render_comparison
from builder.kernel.decisions import Policy
from builder.services.balance import (
    Agreement,
    BalanceAsk,
    BalancePlan,
    GameResult,
    Players,
    Tally,
    agreement,
    run_balance,
    to_json,
)
from builder.services.balance_systems import prepare_balance
from builder.services.balance_tcg import TcgBalance
from tests.services.balance_games import Coin

ROOT = Path(__file__).resolve().parents[2]
FIRST_CONTACT = str(ROOT / "scenarios" / "hon-first-contact.yaml")
TCG = str(ROOT / "scenarios" / "tcg" / "orchard-at-dawn.yaml")
HEX = str(ROOT / "scenarios" / "m44" / "orchard-crossing.yaml")


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def balance_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    code, out, _ = run(capsys, "balance", *args, "--json")
    assert code == 0
    data: dict[str, Any] = json.loads(out)
    return data


@pytest.mark.parametrize("scenario", [TCG, HEX], ids=["tcg", "hex"])
def test_each_side_plays_its_own_player_and_the_json_names_it(
    scenario: str, capsys: pytest.CaptureFixture[str]
) -> None:
    first, second = balance_json(capsys, scenario, "--games", "1")["sides"]
    asked = ("--policy", f"{first}=random", "--policy", f"{second}=greedy")
    mixed = balance_json(capsys, scenario, "--games", "6", *asked)
    assert mixed["policy"] is None
    assert {side: p["player"] for side, p in mixed["players"].items()} == {first: "random", second: "greedy"}
    greedy = balance_json(capsys, scenario, "--games", "6")
    random = balance_json(capsys, scenario, "--games", "6", "--policy", "random")
    assert greedy["policy"] == "greedy" and random["policy"] == "random"
    # The games are those of the players asked: not all greedy's, not all random's.
    assert mixed["turns"] != greedy["turns"] or mixed["sides"] != greedy["sides"]
    assert mixed["turns"] != random["turns"] or mixed["sides"] != random["sides"]
    assert balance_json(capsys, scenario, "--games", "6", "--policy", f"{first}=random") == mixed


def test_one_process_or_two_give_the_same_games_with_players_per_side(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "4", "--policy", "us=random", "--swap-initiative")
    alone = balance_json(capsys, TCG, *args)
    assert balance_json(capsys, TCG, *args, "--workers", "2") == alone


def test_a_player_stays_with_its_side_when_the_initiative_passes() -> None:
    """Seed 2 gives the first move to the side the scenario does not: the game is the one of
    the scenario where that side moves first, with the same player on each side."""
    prepared = prepare_balance(Path(TCG), BalanceAsk(Players(Policy.GREEDY, (("us", Policy.RANDOM),))))
    game = prepared.game
    assert isinstance(game, TcgBalance)
    swapped = TcgBalance(game.scenario, game.cards, game.players, swap_initiative=True)
    other = next(side for side in game.sides if side != game.scenario.first_player)
    other_first = game.scenario.model_copy(update={"first_player": other})
    as_written = TcgBalance(other_first, game.cards, game.players)
    assert swapped.play(2) == as_written.play(2)
    assert swapped.play(2).initiative == other


def test_the_search_agent_plays_a_heroes_side_with_its_budget(capsys: pytest.CaptureFixture[str]) -> None:
    data = balance_json(capsys, FIRST_CONTACT, "--games", "1", "--policy", "us=search", "--budget", "4")
    assert data["players"] == {
        "us": {"name": "16th Infantry Regiment", "player": "search", "budget": 4},
        "german": {"name": "Panzergrenadier-Regiment 304", "player": "greedy", "budget": None},
    }
    assert data["games"] == 1 and data["failed"] == [] and data["temperature"] == 0.5


@pytest.mark.parametrize(
    "options",
    [
        ("--policy", "us=nobody"),  # no such player
        ("--policy", "nobody=random"),  # no such side
        ("--policy", "search", "--budget", "0"),
        ("--budget", "4"),  # a budget and no side played by the search agent
        ("--policy", "random", "--policy", "greedy"),  # two players for every side
        ("--policy", "us=random", "--policy", "us=greedy"),  # two for one side
    ],
    ids=["player", "side", "budget-0", "budget-alone", "twice", "side-twice"],
)
def test_a_bad_player_is_one_line_and_exit_2(options: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "balance", TCG, "--games", "2", *options)
    assert code == 2 and out == "" and err.count("\n") == 1 and "Traceback" not in err


def test_the_text_and_the_report_name_each_sides_player(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = tmp_path / "balance.html"
    code, out, _ = run(capsys, "balance", TCG, "--games", "2", "--policy", "us=random", "-o", str(report))
    assert code == 0
    page = report.read_text(encoding="utf-8")
    for shown in (out, page):
        assert shown.index("Americans") < shown.index("random") < shown.index("Germans") < shown.index("greedy")


def tally_of(wins_a: int, wins_b: int) -> Tally:
    tally = Tally(("a", "b"), ())
    for seed in range(wins_a + wins_b):
        tally.add(GameResult(seed, "a" if seed < wins_a else "b", {}, 1, {}, ()))
    return tally


def test_two_verdicts_agree_or_not_by_which_side_each_favours() -> None:
    even, for_a, for_b = tally_of(10, 10), tally_of(18, 2), tally_of(2, 18)
    assert for_a.favoured() == "a" and for_b.favoured() == "b" and even.favoured() is None
    assert agreement(even, tally_of(11, 9)) is Agreement.AGREE
    assert agreement(for_a, tally_of(17, 3)) is Agreement.AGREE
    assert agreement(for_a, even) is Agreement.ONE_FAVOURS and agreement(even, for_b) is Agreement.ONE_FAVOURS
    assert agreement(for_a, for_b) is Agreement.OPPOSED


def test_compare_plays_the_same_seeds_under_greedy_and_search(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    report = tmp_path / "compare.html"
    data = balance_json(
        capsys, FIRST_CONTACT, "--games", "2", "--seed", "5", "--policy", "compare", "--budget", "4", "-o", str(report)
    )
    greedy, search = data["greedy"], data["search"]
    assert greedy["policy"] == "greedy" and search["policy"] == "search"
    assert {p["budget"] for p in search["players"].values()} == {4}
    assert greedy["first_seed"] == search["first_seed"] == 5 and greedy["games"] == search["games"] == 2
    same = greedy["favoured"] == search["favoured"]
    assert data["agreement"] == (
        "agree" if same else "one-favours" if None in (greedy["favoured"], search["favoured"]) else "opposed"
    )
    alone = balance_json(capsys, FIRST_CONTACT, "--games", "2", "--seed", "5")
    assert alone["sides"] == greedy["sides"]  # the greedy run is the plain run of the same seeds
    page = report.read_text(encoding="utf-8")
    assert page.count("<table>") == 1 and "16th Infantry Regiment" in page


@pytest.mark.parametrize(
    "options",
    [("--policy", "compare", "--policy", "us=random"), ("--policy", "us=compare")],
    ids=["with-another", "one-side"],
)
def test_a_comparison_it_cannot_make_is_one_line_and_exit_2(
    options: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(capsys, "balance", TCG, "--games", "2", *options)
    assert code == 2 and out == "" and err.count("\n") == 1


def test_a_comparison_stopped_in_its_first_run_still_makes_its_page() -> None:
    """Ctrl-C during the greedy run: the page shows what was played, with no verdict."""
    coin = Coin()
    played = to_json(run_balance(coin, BalancePlan(games=4)), coin)
    page = render_comparison({"agreement": None, "greedy": played})
    assert page.count("<table>") == 1 and 'class="verdict"' not in page
    both = render_comparison({"agreement": "agree", "greedy": played, "search": played})
    assert both.count('class="verdict"') == 1


def test_a_search_game_that_fails_stops_the_comparison_naming_its_seed(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No game is dropped in a comparison either: the run stops, exit 1, no agreement."""
    from builder.services import balance_heroes
    from builder.services.game import players_for as chosen
    from tests.cli.test_balance_commands import Broken

    def players_for(scenario: Any, policy: Policy, seed: int, budget: int) -> Any:
        players = chosen(scenario, policy, seed, budget)
        return dict.fromkeys(players, Broken()) if policy is Policy.SEARCH and seed == 3 else players

    monkeypatch.setattr(balance_heroes, "players_for", players_for)
    code = main(["balance", FIRST_CONTACT, "--games", "4", "--policy", "compare", "--budget", "4", "--json"])
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert code == 1 and data["agreement"] is None and data["greedy"]["failed"] == []
    assert data["search"]["failed"] == [{"seed": 3, "error": "RuntimeError: the player broke"}]
    assert err.count("\n") == 1 and "3" in err
