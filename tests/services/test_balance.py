"""Balance runs (builder.services.balance): the Wilson interval, the stopping rule, the same
tallies from the same seeds whatever the backend, and the Heroes System game read down to a
small result. Real games are few and on the shortest scenario (the machine is shared)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from builder.heroes.ai.greedy import own_dice
from builder.heroes.ai.varied import VariedPolicy
from builder.heroes.rules.events.game import ControlEvent, InitiativeEvent
from builder.heroes.rules.simulation import simulate
from builder.io.catalogue_files import load_catalogue
from builder.io.paths import SCENARIOS_DIR
from builder.kernel.choice import softmax_order
from builder.kernel.decisions import Policy
from builder.services import balance_tcg
from builder.services.balance import (
    BalanceAsk,
    BalanceGame,
    BalancePlan,
    GameResult,
    Players,
    Serial,
    Tally,
    play_chunk,
    run_balance,
    to_json,
    wilson,
)
from builder.services.balance_heroes import HeroesBalance, policy_stream
from builder.services.balance_local import LocalPool
from builder.services.game import PreparedGame, prepare_game
from tests.services.balance_games import Coin, Faulty

ROOT = Path(__file__).resolve().parents[2]
SHORT = ROOT / "scenarios" / "way-of-the-cross.yaml"  # four turns: the shortest shipped game


@pytest.fixture(scope="module")
def prepared() -> PreparedGame:
    catalogue, _ = load_catalogue(None)
    return prepare_game(SHORT, catalogue)


# --- The interval and the draw ---------------------------------------------------------


def test_wilson_interval_matches_the_formula() -> None:
    low, high = wilson(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    low, high = wilson(0, 10)  # never 0 to 0: the interval still says how little ten games tell
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson(10, 10)
    assert low == pytest.approx(0.7225, abs=1e-4) and high == 1.0
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(50, 100)[1] - wilson(50, 100)[0] < wilson(5, 10)[1] - wilson(5, 10)[0]


def test_temperature_zero_orders_by_cost_and_draws_nothing() -> None:
    stream = random.Random(3)
    before = stream.getstate()
    assert softmax_order([2.0, 0.0, 1.0, 0.0], 0.0, stream) == [1, 3, 2, 0]
    assert stream.getstate() == before


def test_the_draw_follows_the_softmax_probabilities() -> None:
    stream = random.Random(11)
    costs = [0.0, 1.0, 2.0]
    firsts = Counter(softmax_order(costs, 1.0, stream)[0] for _ in range(6000))
    total = sum(2.718281828**-c for c in costs)
    for index, cost in enumerate(costs):
        assert firsts[index] / 6000 == pytest.approx(2.718281828**-cost / total, abs=0.02)
    with pytest.raises(ValueError):
        softmax_order(costs, -1.0, stream)


# --- The stopping rule and the order of chunks, on a game that costs nothing -----------


class Shuffled:
    """A backend that plays the chunks out of order (as workers finish) and hands them back
    in seed order, as every backend must."""

    def play(self, game: BalanceGame, chunks: Iterable[range]) -> Iterator[list[GameResult]]:
        todo = list(chunks)
        done = {i: play_chunk(game, seeds) for i, seeds in reversed(list(enumerate(todo)))}
        for i in range(len(todo)):
            yield done[i]


def test_the_run_stops_at_the_first_chunk_precise_enough() -> None:
    run = run_balance(Coin(0.8), BalancePlan(games=5000, seed=1, precision=0.1, chunk=25))
    tally = run.tally
    assert run.converged and not run.interrupted
    assert tally.games % 25 == 0 and tally.games < 5000
    assert all(tally.rate(side).width < 0.1 for side in tally.sides)
    before = tally.history[-2].rates
    assert any(rate.width >= 0.1 for rate in before.values())
    assert tally.favoured() == "a"
    assert [m.games for m in tally.history] == list(range(25, tally.games + 1, 25))


def test_a_fair_coin_favours_nobody_and_the_tallies_add_up() -> None:
    tally = run_balance(Coin(0.5), BalancePlan(games=200, seed=7, chunk=20)).tally
    assert tally.games == 200 and tally.wins["a"] + tally.wins["b"] == 200
    assert tally.favoured() is None
    assert tally.held["hill"]["a"] == tally.wins["a"]
    assert sum(tally.held_by_turn[0]["hill"].values()) == 200 and tally.held_by_turn[0]["hill"]["none"] == 200
    assert sum(tally.held_by_turn[1]["hill"].values()) == 200


def test_same_seeds_same_tallies_in_any_order_of_play() -> None:
    plan = BalancePlan(games=95, seed=3, precision=0.2, chunk=10)
    assert run_balance(Coin(0.7), plan).tally == run_balance(Coin(0.7), plan, Shuffled()).tally


def test_stopping_keeps_whole_chunks_and_says_so() -> None:
    calls = 0

    def stop() -> bool:
        nonlocal calls
        calls += 1
        return calls == 3

    run = run_balance(Coin(), BalancePlan(games=100, chunk=10), stop=stop)
    assert run.interrupted and run.tally.games == 30

    class Interrupted:
        def play(self, game: BalanceGame, chunks: Iterable[range]) -> Iterator[list[GameResult]]:
            for i, seeds in enumerate(chunks):
                if i == 2:
                    raise KeyboardInterrupt
                yield play_chunk(game, seeds)

    run = run_balance(Coin(), BalancePlan(games=100, chunk=10), Interrupted())
    assert run.interrupted and run.tally.games == 20 and len(run.tally.history) == 2


def test_a_game_that_raises_stops_the_run_with_its_seed_and_error() -> None:
    """No game is left out: the run ends with the chunk that holds the failure."""
    run = run_balance(Faulty(), BalancePlan(games=20, seed=1, chunk=5))
    tally = run.tally
    assert run.failed and not run.interrupted
    assert tally.games == 4 and tally.played == 5 and len(tally.history) == 1
    assert tally.failed == [(4, "ValueError: the range counts the target's square, so it is at least 1")]
    assert tally.wins["a"] + tally.wins["b"] == 4
    assert to_json(run, Faulty())["failed"] == [{"seed": 4, "error": tally.failed[0][1]}]


def test_a_plan_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        BalancePlan(games=0)
    with pytest.raises(ValueError):
        BalancePlan(games=10, precision=1.5)


# --- The Heroes System ------------------------------------------------------------------


def test_temperature_zero_plays_the_simple_policys_game(prepared: PreparedGame) -> None:
    greedy = prepared.simulate(seed=2)
    sides = ("commonwealth", "german")
    varied = prepared.simulate(seed=2, policies={side: VariedPolicy(dice=own_dice(2, side)) for side in sides})
    assert [e.to_json() for e in varied.events] == [e.to_json() for e in greedy.events]


def test_variety_is_seeded_and_changes_the_game(prepared: PreparedGame) -> None:
    def played(stream_seed: int) -> list[object]:
        sides = ("commonwealth", "german")
        policies = {side: VariedPolicy(temperature=1.0, stream=policy_stream(stream_seed, side)) for side in sides}
        record = prepared.simulate(seed=2, policies=policies)
        return [e.to_json() for e in record.events]

    greedy = [e.to_json() for e in prepared.simulate(seed=2).events]
    once = played(5)
    assert once == played(5)  # the same stream, the same game
    assert once != greedy  # the dice are the same; the choices are not
    with pytest.raises(ValueError):
        VariedPolicy(temperature=1.0)  # variety without a stream to draw from


def test_a_game_read_down_to_its_result(prepared: PreparedGame) -> None:
    game = HeroesBalance(prepared, temperature=0.5)
    # The first seed a side wins (a draw has no decisive units to read).
    seed = next(s for s in range(1, 30) if game.play(s).winner not in (None, "draw"))
    record = simulate(
        prepared.scenario,
        prepared.battlefield,
        prepared.armies,
        prepared.catalogue,
        seed=seed,
        policies=game.seated(prepared.scenario, seed),
    )
    result = game.play(seed)
    assert result == game.result(record)
    assert result.winner == record.winner and result.turns == record.turns == len(result.held_by_turn)
    taken = {e.objective: e.side for e in record.events if isinstance(e, ControlEvent)}
    assert {o: s for o, s in result.held.items() if s is not None} == taken
    assert result.held_by_turn[-1] == result.held
    assert result.decisive and all(unit.startswith(f"{result.winner}/") for unit in result.decisive)
    assert all(game.label(unit) != unit for unit in result.decisive)  # named as a player reads them


def test_swapping_the_initiative_gives_it_to_each_side_in_turn(prepared: PreparedGame) -> None:
    game = HeroesBalance(prepared, swap_initiative=True)
    assert game.swappable and prepared.scenario.setup.initiative == "commonwealth"
    firsts = [game.scenario_for(seed).setup.initiative for seed in (1, 2, 3)]
    assert firsts == ["commonwealth", "german", "commonwealth"]
    assert game.play(2).initiative == "german"
    record = prepared.simulate(seed=2)
    assert next(e.side for e in record.events if isinstance(e, InitiativeEvent)) == "commonwealth"


def test_same_seeds_same_tallies_on_one_or_two_processes(prepared: PreparedGame) -> None:
    game = HeroesBalance(prepared, temperature=0.5)
    plan = BalancePlan(games=4, seed=1, chunk=2)
    alone = run_balance(game, plan, Serial())
    pooled = run_balance(game, plan, LocalPool(2))
    assert alone.tally == pooled.tally
    assert to_json(alone, game) == to_json(pooled, game)
    assert alone.tally.games == 4 and sum(alone.tally.turns.values()) == 4


@pytest.fixture(scope="module")
def ray_here() -> Iterator[None]:
    """Ray on this machine with 2 CPUs, started once: a second start in the same process
    can time out on a loaded machine."""
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_same_seeds_same_tallies_on_ray(prepared: PreparedGame, ray_here: None) -> None:
    from builder.services.balance_ray import RayCluster

    game = HeroesBalance(prepared, temperature=0.5)
    plan = BalancePlan(games=4, seed=1, chunk=2)
    on_ray = run_balance(game, plan, RayCluster())
    assert on_ray.tally == run_balance(game, plan, Serial()).tally


def test_a_tcg_scenario_gives_the_same_tallies_on_ray(ray_here: None) -> None:
    """With a player for each side: the players travel with the game."""
    from builder.services.balance_ray import RayCluster

    players = Players(Policy.GREEDY, (("us", Policy.RANDOM),))
    ask = BalanceAsk(players, swap_initiative=True)
    game = balance_tcg.prepare(SCENARIOS_DIR / "tcg" / "vire-aid-post.yaml", ask).game
    assert game.setting.players == players
    plan = BalancePlan(games=4, seed=1, chunk=2)
    on_ray = run_balance(game, plan, RayCluster())
    assert on_ray.tally == run_balance(game, plan, Serial()).tally and on_ray.tally.games == 4


def test_more_workers_than_the_ray_clusters_cpus_is_refused_before_any_game(
    prepared: PreparedGame, ray_here: None
) -> None:
    from builder.services.balance_ray import RayCluster
    from builder.services.ray_address import RayUnavailable

    played: list[Tally] = []
    with pytest.raises(RayUnavailable) as refused:
        run_balance(HeroesBalance(prepared), BalancePlan(games=2), RayCluster(workers=3), played.append)
    assert refused.value.option == "--workers" and played == []


def test_tally_json_names_sides_objectives_and_units(prepared: PreparedGame) -> None:
    game = HeroesBalance(prepared)
    tally = Tally(game.sides, game.objectives)
    tally.add(game.play(1))
    tally.mark()
    from builder.services.balance import BalanceRun

    data = to_json(BalanceRun(BalancePlan(games=1), tally), game)
    assert data["sides"]["german"]["name"] == "10. SS-Panzer-Division"
    assert data["objectives"]["croix-des-filandriers"]["name"] == "Croix des Filandriers"
    assert data["games"] == 1 and len(data["history"]) == 1
