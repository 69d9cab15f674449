"""The hex game in a balance run (builder.services.balance_memoir): a seed plays the game
`hon simulate` plays, read down to who won, the medals, the medal hexes held turn by turn
and the units decisive for the winner; the tallies add up and come out the same on one
process or two; with the first move passed round the sides each side starts in turn; a
.m44 file is played as its import reads it."""

from __future__ import annotations

import pytest

from builder.io.paths import SCENARIOS_DIR
from builder.kernel.decisions import Policy
from builder.memoir.rules.events import EliminatedEvent, TurnEvent
from builder.memoir.scenario import Scenario
from builder.services.balance import BalanceAsk, BalancePlan, Players, Score, Serial, run_balance, to_json
from builder.services.balance_local import LocalPool
from builder.services.balance_memoir import MemoirBalance, prepare
from builder.services.memoir_game import PreparedGame, play, prepare_game
from tests.memoir.helpers import ALLIES, AXIS, CATALOGUE, place, scenario, unit

ORCHARD = SCENARIOS_DIR / "m44" / "orchard-crossing.yaml"
M44 = SCENARIOS_DIR.parent / "tests" / "memoir" / "fixtures" / "hedgerow-crossroads.m44"


@pytest.fixture(scope="module")
def prepared() -> PreparedGame:
    return prepare_game(ORCHARD)


def balance(prepared: PreparedGame, policy: Policy = Policy.GREEDY, swap_initiative: bool = False) -> MemoirBalance:
    return MemoirBalance(prepared.checked.scenario, prepared.checked.catalogue, Players(policy), swap_initiative)


@pytest.mark.parametrize("policy", [Policy.GREEDY, Policy.RANDOM])  # what hon balance plays; search is refused
def test_a_seed_plays_the_game_hon_simulate_plays(prepared: PreparedGame, policy: Policy) -> None:
    game = balance(prepared, policy=policy)
    assert game.setting.score is Score.MEDALS
    for seed in (1, 2):
        result = game.play(seed)
        record = prepared.simulate(seed=seed, policy=policy)
        winner = record.winner.value if record.winner is not None else None
        assert (result.winner, dict(result.victory_points), result.turns) == (winner, record.medals, record.turns)
        assert len(result.held_by_turn) == result.turns == sum(isinstance(e, TurnEvent) for e in record.events)
        assert result.held == result.held_by_turn[-1]
        for side in game.sides:  # a medal for each unit eliminated, and one for each medal hex held
            won = sum(1 for e in record.events if isinstance(e, EliminatedEvent) and e.side == side)
            held = sum(1 for holder in result.held.values() if holder == side)
            assert result.victory_points[side] == won + held


def test_a_held_medal_hex_is_told_by_turn_and_makes_its_holder_decisive() -> None:
    """Allied infantry stands on the one medal hex from the start; its medal wins the game."""
    standing = place(4, 6, tags=[{"name": "medal1"}], unit=unit("infantry", ALLIES))
    field = scenario(standing, place(0, 0, unit=unit("infantry", AXIS)), medals=1)
    game = MemoirBalance(field, CATALOGUE)
    assert game.objectives == ("hex-4-6",)
    result = game.play(1)
    assert result.winner == "allies" and result.held == {"hex-4-6": "allies"}
    assert "allies-1" in result.decisive and game.label("allies-1") == "Infantry allies-1"


def test_tallies_add_up_and_repeat_on_one_process_or_two(prepared: PreparedGame) -> None:
    game = balance(prepared)
    plan = BalancePlan(games=4, seed=5, chunk=2)
    alone = run_balance(game, plan, Serial())
    tally = alone.tally
    assert not alone.failed and tally.games == 4 and sum(tally.wins.values()) == 4
    assert all(sum(tally.held[objective].values()) == 4 for objective in game.objectives)
    assert run_balance(game, plan, Serial()).tally == tally
    pooled = run_balance(game, plan, LocalPool(2))
    assert pooled.tally == tally and to_json(pooled, game) == to_json(alone, game)


def test_swapping_the_initiative_passes_the_first_turn_round_the_sides(prepared: PreparedGame) -> None:
    game = balance(prepared, swap_initiative=True)
    assert [game.play(seed).initiative for seed in (1, 2, 3)] == ["allies", "axis", "allies"]  # seed 1 as written
    swapped: Scenario = game.scenario_for(2)
    record = play(swapped, prepared.checked.catalogue, seed=2)
    assert next(e.side for e in record.events if isinstance(e, TurnEvent)) == "axis"
    assert game.play(2).turns == record.turns


def test_a_m44_file_is_prepared_as_its_import_reads_it() -> None:
    prepared = prepare(M44, BalanceAsk())
    game = prepared.game
    assert isinstance(game, MemoirBalance) and prepared.inputs == (M44,)
    assert game.setting.scenario == "hedgerow-crossroads" and len(game.objectives) == 3
    tally = run_balance(game, BalancePlan(games=2)).tally
    assert tally.games == 2 and not tally.failed
