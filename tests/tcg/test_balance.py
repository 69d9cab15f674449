"""The Tactical Card Game in a balance run (builder.services.balance_tcg): a seed plays the
game `hon simulate` plays, read down to who won, the objectives held turn by turn (checked
against the viewer's battlefield after each event) and the cards decisive for the winner;
the tallies add up and come out the same on one process or two, and with the first player
passed round the sides each side opens in turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.kernel.decisions import Policy
from builder.services.balance import BalanceAsk, BalancePlan, GameResult, Players, Serial, run_balance, to_json
from builder.services.balance_local import LocalPool
from builder.services.balance_tcg import TcgBalance, objective_key, prepare
from builder.services.tcg_game import CheckedScenario, open_cards, players_for, ready
from builder.tcg.rules.events import PhaseEvent
from builder.tcg.rules.simulation import TcgRecord, simulate
from tests.tcg.conftest import HEDGEROW

ORCHARD = HEDGEROW.parent / "orchard-at-dawn.yaml"


@pytest.fixture(scope="module")
def checked() -> CheckedScenario:
    return ready(ORCHARD, open_cards())


def held_by_turn(record: TcgRecord, game: TcgBalance) -> list[dict[str, str | None]]:
    """Who stood on each objective after the last event of each turn, from the frames."""
    held = []
    for turn in range(1, record.turns + 1):
        frame = [f for f in record.frames if f.event.turn == turn][-1]
        on = {piece.box: piece for piece in frame.pieces if not piece.decoy}
        held.append(
            {
                objective_key(marker): on[marker.box].side if marker.box in on else None
                for marker in game.scenario.objectives()
            }
        )
    return held


@pytest.mark.parametrize("policy", [Policy.GREEDY, Policy.RANDOM])  # what hon balance plays; search is refused
def test_a_seed_plays_the_game_hon_simulate_plays(checked: CheckedScenario, policy: Policy) -> None:
    game = TcgBalance(checked.scenario, checked.cards, Players(policy))
    for seed in (1, 2):
        result = game.play(seed)
        record = checked.simulate(seed=seed, policy=policy, frames=True)
        assert (result.winner, dict(result.victory_points), result.turns) == (
            record.winner,
            record.victory_points,
            record.turns,
        )
        assert list(result.held_by_turn) == held_by_turn(record, game)
        assert result.held == result.held_by_turn[-1]
        assert result.initiative == checked.scenario.first_player == "german"


def test_the_decisive_cards_are_the_winners_and_named(checked: CheckedScenario) -> None:
    game = TcgBalance(checked.scenario, checked.cards)
    result = next(r for r in map(game.play, range(1, 20)) if r.winner in game.sides and r.decisive)
    winner = next(side for side in checked.scenario.sides if side.id == result.winner)
    own = {placed.card for placed in winner.force.deployment} | set(winner.force.deck_cards())
    assert all(unit.partition("#")[0] in own for unit in result.decisive)
    assert all(game.label(unit) != unit for unit in result.decisive)
    assert game.label("west-orchard") == "the west orchard" and game.label("us") == "Americans"


def test_tallies_add_up_and_repeat_on_one_process_or_two(checked: CheckedScenario) -> None:
    game = TcgBalance(checked.scenario, checked.cards)
    plan = BalancePlan(games=4, seed=3, chunk=2)
    alone = run_balance(game, plan, Serial())
    tally = alone.tally
    assert not alone.failed and tally.games == 4 and tally.first_seed == 3
    assert sum(tally.wins.values()) == 4 and sum(tally.turns.values()) == 4
    for objective in game.objectives:
        assert sum(tally.held[objective].values()) == 4
    assert run_balance(game, plan, Serial()).tally == tally
    pooled = run_balance(game, plan, LocalPool(2))
    assert pooled.tally == tally and to_json(pooled, game) == to_json(alone, game)


def test_swapping_the_initiative_passes_the_first_phase_round_the_sides(checked: CheckedScenario) -> None:
    game = TcgBalance(checked.scenario, checked.cards, swap_initiative=True)
    assert [game.play(seed).initiative for seed in (1, 2, 3)] == ["german", "us", "german"]  # seed 1 as written
    swapped = game.scenario_for(2)
    record = simulate(swapped, checked.cards, players_for(swapped, Policy.GREEDY, 2), seed=2)
    assert next(e.side for e in record.events if isinstance(e, PhaseEvent)) == "us"
    assert (game.play(2).winner, dict(game.play(2).victory_points)) == (record.winner, record.victory_points)
    assert game.setting.swap_initiative and not TcgBalance(checked.scenario, checked.cards).setting.swap_initiative


def test_prepare_reads_the_file_for_the_registry() -> None:
    prepared = prepare(Path(ORCHARD), BalanceAsk(Players(Policy.RANDOM), swap_initiative=True))
    assert isinstance(prepared.game, TcgBalance) and prepared.inputs == (ORCHARD,)
    assert prepared.game.setting.players.default is Policy.RANDOM and prepared.game.setting.system == "tcg"
    assert isinstance(prepared.game.play(1), GameResult)
