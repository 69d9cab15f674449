"""The search agent of the Heroes System (builder.heroes.ai.search): it answers only with
options the rules offer, plays the same game from the same seed, keeps to its budget of
play-outs, and chooses from its view alone: two games that differ only in what its side may
not know (the enemy's hand, the numbers under the enemy's tokens, the order of its own pile)
get the same search, play-out for play-out."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.heroes.ai.greedy import SimplePolicy, for_every_side
from builder.heroes.ai.search import SearchPlayer
from builder.heroes.ai.search import for_every_side as searching
from builder.heroes.rules.actions.kinds import Action
from builder.heroes.rules.decisions import ActivationAction, HeroesDecision
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.simulation import RULES, HeroesGame, Stage, new_game, simulate
from builder.kernel.decisions import Player
from builder.kernel.match import Match, Table
from builder.kernel.search import Playout
from tests.heroes.rules.test_forward_model import bundled, first_contact
from tests.heroes.rules.test_views import scrambled

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
SIDES = ("us", "german")
HeroesMatch = Match[HeroesGame, HeroesView]


def game(seed: int = 2, turns: int | None = 2) -> HeroesGame:
    loaded, battlefield = first_contact()
    return new_game(loaded.scenario, battlefield, loaded.armies(), bundled(), seed=seed, turns=turns)


def greedy(seed: int = 2) -> Mapping[str, Player[HeroesView, Any]]:
    """The greedy players of the game of `seed` (`game`'s by default), on their own dice."""
    return for_every_side(first_contact()[0].scenario, seed)


def advance(match: HeroesMatch, until: Callable[[HeroesMatch], bool]) -> HeroesMatch:
    players = greedy()
    while not until(match):
        decision = match.pending
        assert decision is not None, "the game ended first"
        match.apply(players[decision.side].choose(match.view(decision.side), decision))
    return match


def acting(match: HeroesMatch) -> bool:
    """A unit is activated in the Activation Phase and asked what it does."""
    decision = match.pending
    return isinstance(decision, ActivationAction) and not decision.supply


class Checking:
    """The search agent, each answer checked against the options offered as it was asked."""

    def __init__(self, player: SearchPlayer) -> None:
        self.player = player
        self.searched: list[tuple[int, int]] = []  # the budget's use at each action: (play-outs, budget)

    def choose(self, view: HeroesView, decision: HeroesDecision) -> object:
        before = self.player.search.played
        choice = self.player.choose(view, decision)
        assert choice in decision.options
        if isinstance(decision, ActivationAction) and not decision.supply:
            self.searched.append((self.player.search.played - before, self.player.budget))
        return choice


def test_it_answers_with_offered_options_and_keeps_to_its_budget() -> None:
    loaded, battlefield = first_contact()
    players = {side: Checking(player) for side, player in searching(SIDES, seed=5, budget=6).items()}
    record = simulate(
        loaded.scenario, battlefield, loaded.armies(), bundled(), seed=5, turns=2, policies=players, sampled=True
    )
    assert record.turns == 2
    uses = [use for player in players.values() for use in player.searched]
    assert len(uses) >= 10 and all(played <= budget for played, budget in uses)
    assert sum(played for played, _ in uses) >= 3 * len(uses)  # it searched, with most of its budget


def test_with_a_budget_of_one_it_plays_as_the_greedy_player() -> None:
    loaded, battlefield = first_contact()
    one = searching(SIDES, seed=3, budget=1)
    record = simulate(
        loaded.scenario, battlefield, loaded.armies(), bundled(), seed=3, turns=2, policies=one, sampled=True
    )
    plain = simulate(loaded.scenario, battlefield, loaded.armies(), bundled(), seed=3, turns=2, policies=greedy(3))
    assert [e.to_json() for e in record.events] == [e.to_json() for e in plain.events]
    assert all(player.search.played == 0 for player in one.values())


def test_it_weighs_the_greedy_action_first_and_one_of_each_other_kind_offered() -> None:
    def choosing_among_kinds(match: HeroesMatch) -> bool:
        """A unit offered a shot or an assault, not only holding or moving."""
        decision = match.pending
        return acting(match) and decision is not None and len({type(o) for o in decision.options}) >= 3

    match = advance(Match(RULES, game()), choosing_among_kinds)
    decision = match.pending
    assert isinstance(decision, ActivationAction)
    view = match.view(decision.side)
    player = SearchPlayer(decision.side, SIDES, 8, random.Random(1))
    candidates = player.candidates(view, decision)
    assert candidates[0] == SimplePolicy().choose(view, decision)
    assert len(set(map(repr, candidates))) == len(candidates) and all(c in decision.options for c in candidates)
    offered = {type(option) for option in decision.options}
    assert offered == {type(candidate) for candidate in candidates} and len(offered) >= 3


# --- It reads nothing its side may not know --------------------------------------------------


def between_steps(turn: int = 2, revealed: int = 3) -> HeroesGame:
    """A game of the greedy players between two activations of `turn`, `revealed` tokens in:
    where the units are in reach of each other, so play-outs score apart."""
    played, players = game(turns=3), greedy()
    while not (played.stage is Stage.ACTIVATING and played.state.turn == turn and revealed == 0):
        if played.stage is Stage.ACTIVATING and played.state.turn == turn:
            revealed -= 1
        RULES.step(played, Table(lambda side, course: RULES.view(played, side, course), players))
    return played


def searched(start: HeroesGame) -> tuple[object, list[float], list[object]]:
    """The search's choice at the game's first activated unit, every play-out's score, and
    the candidates it weighed."""
    match = advance(Match(RULES, start), acting)
    decision = match.pending
    assert isinstance(decision, ActivationAction)
    view = match.view(decision.side)
    candidates: list[object] = list(SearchPlayer(decision.side, SIDES, 12, random.Random(7)).candidates(view, decision))
    player = SearchPlayer(decision.side, SIDES, 12, random.Random(7))
    scores: list[float] = []
    playout = player.search.playout

    def score(reached: HeroesGame, side: str) -> float:
        scores.append(playout.score(reached, side))
        return scores[-1]

    player.search.playout = Playout(playout.players, playout.until, score)
    choice = player.choose(view, decision)
    return choice, scores, candidates


def test_its_search_depends_on_nothing_its_view_hides() -> None:
    real = between_steps()
    side = real.activations.sequence[0].side
    enemy = next(s for s in SIDES if s != side)
    twin = scrambled(real, enemy, side)
    assert sorted(c.id for c in twin.state.decks[enemy].hand) != sorted(c.id for c in real.state.decks[enemy].hand)
    assert twin.state.unrevealed != real.state.unrevealed
    choice, scores, candidates = searched(real)
    assert isinstance(choice, Action) and len(candidates) >= 2 and len(scores) >= 8
    assert len(set(scores)) > 1  # the play-outs came out apart: there was something to tell
    assert searched(twin) == (choice, scores, candidates)


# --- The command line -------------------------------------------------------------------------


def test_hon_simulate_policy_search_plays_the_same_game_from_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SCENARIOS / "hon-first-contact.yaml")
    argv = ["simulate", path, "--policy", "search", "--budget", "16", "--turns", "2", "--seed", "4", "--json"]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    assert json.loads(capsys.readouterr().out) == first and first["turns"] == 2
    assert main(["simulate", path, "--turns", "2", "--seed", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["events"] != first["events"]  # it took another action than greedy's


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "hon-first-contact.yaml", "--budget", "4"],  # a budget for no search
        ["simulate", "hon-first-contact.yaml", "--policy", "search", "--budget", "0"],
        ["simulate", "hon-first-contact.yaml", "--policy", "search", "--tui"],
        ["simulate", "tcg/orchard-at-dawn.yaml", "--policy", "search", "--tui"],  # the viewer plays no search
        ["simulate", "m44/orchard-crossing.yaml", "--policy", "search", "--tui"],
        ["balance", "hon-first-contact.yaml", "--policy", "search", "--budget", "0", "--games", "1"],
    ],
)
def test_what_the_search_agent_does_not_play_is_refused_in_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [argv[0], str(SCENARIOS / argv[1]), *argv[2:]]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
