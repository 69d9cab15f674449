"""The search agent of the hex game (builder.memoir.ai.search): it answers only with options
the rules offer, plays the same game from the same seed, keeps to its budget of play-outs,
and chooses from its view alone: two games that differ only in what its side may not know
(the enemy's command cards, the order of the deck, the dice to come) get the same search,
play-out for play-out."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from builder.cli import main
from builder.io.memoir_files import load_scenario
from builder.kernel.dice import SeededDice
from builder.kernel.match import Match, Unsampled, play
from builder.kernel.search import Playout
from builder.memoir.ai import greedy
from builder.memoir.ai.search import SearchPlayer, for_every_side
from builder.memoir.catalogue import Side
from builder.memoir.rules.decisions import MemoirDecision, OrderUnits, PlayCard
from builder.memoir.rules.players import MemoirPlayer, MemoirView, view_of
from builder.memoir.rules.simulation import RULES, MemoirGame, Stage, new_game, simulate
from tests.memoir.helpers import ALLIES, AXIS, CATALOGUE

LANES_FILE = Path(__file__).resolve().parents[3] / "scenarios" / "m44" / "hedgerow-lanes.yaml"
LANES = load_scenario(LANES_FILE).scenario
SIDES = (AXIS, ALLIES)
MemoirMatch = Match[MemoirGame, MemoirView]


def greedy_players(seed: int = 1) -> dict[str, MemoirPlayer]:
    return {side.value: player for side, player in greedy.for_every_side(SIDES, seed).items()}


class Checking:
    """The search agent, each answer checked against the options offered as it was asked."""

    def __init__(self, player: SearchPlayer) -> None:
        self.player = player
        self.searched: list[int] = []  # the play-outs made at each card and each orders

    def choose(self, view: MemoirView, decision: MemoirDecision) -> object:
        before = self.player.search.played
        choice = self.player.choose(view, decision)
        assert choice in decision.options
        if isinstance(decision, PlayCard | OrderUnits):
            self.searched.append(self.player.search.played - before)
        return choice


def test_it_answers_with_offered_options_and_keeps_to_its_budget() -> None:
    players = {side: Checking(player) for side, player in for_every_side(SIDES, seed=5, budget=6).items()}
    record = simulate(new_game(LANES, CATALOGUE, seed=5, turns=6), players, sampled=True)
    assert record.turns == 6
    uses = [use for player in players.values() for use in player.searched]
    assert len(uses) >= 10 and all(use <= 6 for use in uses)
    assert sum(uses) >= 3 * len(uses)  # it searched, with most of its budget


def test_with_a_budget_of_three_it_plays_as_the_greedy_player() -> None:
    three = for_every_side(SIDES, seed=3, budget=3)
    record = simulate(new_game(LANES, CATALOGUE, seed=3), three, sampled=True)
    played = play(RULES, new_game(LANES, CATALOGUE, seed=3), greedy_players(3)).record()
    assert [e.to_json() for e in record.events] == [e.to_json() for e in played.events]
    assert all(player.search.played == 0 for player in three.values())


def test_the_same_seed_plays_the_same_game() -> None:
    def played(seed: int) -> list[object]:
        players: dict[str, MemoirPlayer] = {
            **greedy_players(seed),
            ALLIES.value: for_every_side(SIDES, seed, budget=8)[ALLIES],
        }
        end = play(RULES, new_game(LANES, CATALOGUE, seed=seed, turns=8), players, sampled=True)
        return [e.to_json() for e in end.events]

    assert played(4) == played(4)
    assert played(4) != played(5)


def test_a_game_played_in_place_cannot_be_searched() -> None:
    with pytest.raises(Unsampled):
        simulate(new_game(LANES, CATALOGUE, seed=1, turns=2), for_every_side(SIDES, seed=1, budget=8))


# --- A turn's card weighed ----------------------------------------------------------------


def before_a_turn(side: Side, turn: int = 6, seed: int = 2) -> MemoirGame:
    """A game of the greedy players between two turns: `side` is about to play, `turn`
    turns in, the units in reach of each other."""
    return play(
        RULES,
        new_game(LANES, CATALOGUE, seed=seed),
        greedy_players(seed),
        until=lambda g: g.stage is Stage.TURN and g.state.turn >= turn and g.side is side,
    )


def at_the_card(start: MemoirGame) -> MemoirMatch:
    match = Match(RULES, start)
    assert isinstance(match.pending, PlayCard)
    return match


def test_it_weighs_the_greedy_card_first_and_every_other_card_held() -> None:
    match = at_the_card(before_a_turn(AXIS))
    decision = match.pending
    assert isinstance(decision, PlayCard)
    view = match.view(decision.side)
    candidates = SearchPlayer(AXIS, SIDES, 64, random.Random(1), greedy.SimplePolicy(SeededDice(1))).candidates(
        view, decision
    )
    assert candidates[0] == greedy.SimplePolicy(SeededDice(1)).choose(view, decision)
    assert set(candidates) == set(decision.options) and len(candidates) == len(set(candidates))


def test_it_weighs_the_greedy_orders_first_and_other_selections() -> None:
    match = at_the_card(before_a_turn(AXIS))
    view = match.view(AXIS)
    card = view.hand[0]
    match.apply(card)
    decision = match.pending
    assert isinstance(decision, OrderUnits)
    player = SearchPlayer(AXIS, SIDES, 64, random.Random(1), greedy.SimplePolicy(SeededDice(1)))
    candidates = player.candidates(match.view(AXIS), decision)
    selections = [c for c in candidates if isinstance(c, tuple)]
    assert selections == candidates and all(c in decision.options for c in selections)
    assert len({frozenset(c) for c in selections}) == len(selections) > 1
    assert {len(c) for c in selections} != {decision.options.most}  # fewer units weighed too


def test_a_sample_keeps_what_the_side_sees_and_deals_the_rest_anew() -> None:
    match = at_the_card(before_a_turn(ALLIES))
    view = match.view(ALLIES.value)
    real = match.state.state
    hands: set[tuple[str, ...]] = set()
    for seed in range(12):
        drawn = RULES.sample(view, random.Random(seed))
        assert drawn.view(ALLIES.value) == view
        state = drawn.state.state
        assert state.hands[ALLIES] == real.hands[ALLIES] and len(state.deck) == len(real.deck)
        assert sorted(c.id for c in [*state.deck, *state.hands[AXIS]]) == sorted(
            c.id for c in [*real.deck, *real.hands[AXIS]]
        )
        hands.add(tuple(card.id for card in state.hands[AXIS]))
    assert len(hands) > 6  # the enemy's hand dealt anew


def hidden_changed(start: MemoirGame, side: Side) -> MemoirGame:
    """`start` with all `side` may not know changed: the enemy's hand swapped with cards of
    the deck, the deck reversed, other dice to come."""
    other = RULES.copy(start)
    state = other.state
    enemy = state.scenario.other(side)
    hand, deck = state.hands[enemy], state.deck
    state.hands[enemy], state.deck = deck[: len(hand)], [*deck[len(hand) :], *hand][::-1]
    other.dice = SeededDice(987654)
    return other


def searched(start: MemoirGame, side: Side) -> tuple[object, list[float]]:
    """The search's choice of a card and every play-out's score."""
    match = at_the_card(start)
    decision = match.pending
    assert isinstance(decision, PlayCard) and decision.side == side.value
    player = SearchPlayer(side, SIDES, 24, random.Random(7), greedy.SimplePolicy(SeededDice(1)))
    scores: list[float] = []
    playout = player.search.playout

    def score(reached: MemoirGame, who: str) -> float:
        scores.append(playout.score(reached, who))
        return scores[-1]

    player.search.playout = Playout(playout.players, playout.until, score)
    return player.choose(match.view(side.value), decision), scores


@pytest.mark.parametrize("side", SIDES)
def test_what_its_side_may_not_know_changes_nothing_it_does(side: Side) -> None:
    start = before_a_turn(side)
    changed = hidden_changed(start, side)
    assert view_of(changed.state, side.value) == view_of(start.state, side.value)  # the same view
    assert changed.state.hands != start.state.hands
    choice, scores = searched(start, side)
    assert len(set(scores)) > 3  # play-outs that score apart: the search had something to weigh
    assert searched(changed, side) == (choice, scores)


def test_hon_simulate_plays_the_search_agent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(LANES_FILE), "--policy", "search", "--budget", "4", "--turns", "4", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["turns"] == 4 and record["seed"] == 1
