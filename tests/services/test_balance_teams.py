"""A balance run on a three-player scenario (SoN p.10): the team is one contender, its
players each play with the varied policy, and the initiative passes round the players."""

from __future__ import annotations

from pathlib import Path

from builder.io.catalogue_files import load_catalogue
from builder.services.balance import BalancePlan, run_balance
from builder.services.balance_heroes import HeroesBalance
from builder.services.game import prepare_game

VIGIL = Path(__file__).resolve().parents[2] / "scenarios" / "son-the-reed-vigil.yaml"


def test_a_team_is_one_contender_and_its_players_take_the_initiative_in_turn() -> None:
    catalogue, _ = load_catalogue(None)
    game = HeroesBalance(prepare_game(VIGIL, catalogue), temperature=0.5, swap_initiative=True)
    assert game.sides == ("majestic", "the-pact")
    assert game.label("the-pact") == "Black Sun and Deep Ones"
    firsts = [game.scenario_for(seed).setup.initiative for seed in (1, 2, 3)]
    assert firsts == ["majestic", "black-sun", "deep-ones"]
    tally = run_balance(game, BalancePlan(games=2, seed=1, chunk=2)).tally
    assert tally.games == 2 and sum(tally.wins[side] for side in (*game.sides, "draw")) == 2
    assert set(tally.victory_points) == {"majestic", "the-pact"}
