"""The search agent's score of a game (builder.heroes.ai.evaluation), in armies' worth: what
one side gains the other loses; a counter lost costs its side what its recruitment tile costs
a counter (HoN core p.6), over the army's points; an objective held, the outcome the victory
conditions give now and a game won count as their weights say."""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from pathlib import Path

from builder.heroes.ai import evaluation
from builder.heroes.ai.evaluation import Evaluation
from builder.heroes.ai.greedy import for_every_side
from builder.heroes.army.summary import points_of
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import SideState
from builder.heroes.rules.simulation import RULES, HeroesGame, new_game
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.battlefield import assemble
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import load_scenario
from builder.kernel.match import Table, play

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


@cache
def bundled() -> Catalogue:
    return load_catalogue()[0]


def first_contact(seed: int = 3, turns: int | None = None) -> HeroesGame:
    loaded = load_scenario(SCENARIOS / "hon-first-contact.yaml")
    battlefield = assemble(loaded.scenario.map, bundled())[0]
    return new_game(loaded.scenario, battlefield, loaded.armies(), bundled(), seed=seed, turns=turns)


def deployed() -> GameState:
    game = first_contact()
    players = for_every_side(game.state.scenario, game.dice.seed)
    RULES.step(game, Table(lambda side, course: RULES.view(game, side, course), players))  # the set-up
    return game.state


def army(state: GameState) -> float:
    return sum(points_of(resolved) for resolved in state.armies.values()) / len(state.armies)


def test_what_one_side_gains_the_other_loses_all_game_long() -> None:
    game = first_contact(turns=3)
    players = for_every_side(game.state.scenario, game.dice.seed)
    scored = Evaluation()
    seen = 0
    while not RULES.over(game):
        RULES.step(game, Table(lambda side, course: RULES.view(game, side, course), players))
        us, german = scored(game.state, "us"), scored(game.state, "german")
        assert abs(us + german) < 1e-9
        seen += us != 0
    assert seen  # the game moved the score


def test_a_counter_lost_costs_its_side_what_its_tile_costs_a_counter() -> None:
    state = deployed()
    scored = Evaluation()
    before = scored(state, "us")
    piece = next(p for p in state.units("us") if p.group == "tiles[1]")  # the 16th Inf. Reg. A
    tile = bundled().tiles["us-16th-inf-reg-a"]
    worth = tile.cost / tile.counter_count / army(state)
    state.destroyed[piece.key] = state.pieces.pop(piece.key)
    assert abs(scored(state, "us") - (before - worth)) < 1e-9
    del state.destroyed[piece.key]
    reduced = next(i for i, side in enumerate(piece.unit.sides) if side.state is SideState.REDUCED)
    state.pieces[piece.key] = replace(piece, side_index=reduced, suppressed=1)
    lost = evaluation.REDUCED + evaluation.SUPPRESSED
    assert abs(scored(state, "us") - (before - lost * worth)) < 1e-9


def test_an_objective_held_counts_and_so_does_the_outcome_it_gives_now_and_a_game_won() -> None:
    state = deployed()
    scored = Evaluation()
    before = scored(state, "german")
    state.control["field-barn"] = "german"  # the German victory's condition (the scenario)
    gained = evaluation.OBJECTIVE + evaluation.HOLDING
    assert abs(scored(state, "german") - before - gained) < 1e-9
    state.over, state.winner = True, "us"
    lost = evaluation.OBJECTIVE - evaluation.WON
    assert abs(scored(state, "german") - before - lost) < 1e-9


def test_a_game_won_outweighs_a_whole_army() -> None:
    game = play(RULES, first_contact(seed=1), for_every_side(first_contact().state.scenario, 1))
    state = game.state
    assert state.over and state.winner == "us"
    assert Evaluation()(state, "us") > 1


def test_a_unit_brought_within_reach_of_an_objective_before_the_enemy_counts_a_little() -> None:
    state = deployed()
    scored = Evaluation()
    before = scored(state, "us")
    barn = state.objective_areas["field-barn"]
    beside = min(
        (col + dc, row + dr)
        for col, row in barn
        for dc in (-1, 0, 1)
        for dr in (-1, 0, 1)
        if (col + dc, row + dr) not in barn and (col + dc, row + dr) in state.battlefield.squares
    )
    scout = next(p for p in state.units("us") if p.side.movement)
    state.pieces[scout.key] = scout.moved((beside,))
    gained = scored(state, "us") - before
    assert 0 < gained <= 2 * evaluation.PRESENCE  # nearer than any German: it may contest the barn next
