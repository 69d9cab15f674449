"""The search agent of the Tactical Card Game (builder.tcg.ai.search): it answers only with
options the rules offer, plays the same game from the same seed, keeps to its budget of
play-outs, and chooses from its view alone: two games that differ only in what its side may
not know (the enemy's hidden cards, hand and reserve, its own reserve's order, the dice to
come) get the same search, play-out for play-out."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

import pytest

from builder.cli import main
from builder.io.tcg_files import load_tcg_scenario
from builder.kernel.decisions import Player
from builder.kernel.dice import SeededDice
from builder.kernel.match import Match, Unsampled, play
from builder.kernel.search import Playout
from builder.tcg.ai.greedy import SimplePolicy
from builder.tcg.ai.greedy import for_every_side as greedy_for_every_side
from builder.tcg.ai.search import OTHERS, SearchPlayer, for_every_side
from builder.tcg.cards import DecoyCard, UnitCard
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.choices import Command
from builder.tcg.rules.decisions import ActivationStep, TacticChoice, TcgDecision
from builder.tcg.rules.players import TcgPlayer, TcgView, seen_by
from builder.tcg.rules.simulation import RULES, Stage, TcgGame, new_game, simulate
from builder.tcg.rules.state import copy_game
from builder.tcg.scenario import Scenario
from tests.tcg.conftest import HEDGEROW

SIDES = ("us", "german")
TcgMatch = Match[TcgGame, TcgView]


@pytest.fixture(scope="module")
def hedgerow() -> Scenario:
    return load_tcg_scenario(HEDGEROW).scenario


def greedy() -> dict[str, TcgPlayer]:
    return {side: SimplePolicy() for side in SIDES}


class Checking:
    """The search agent, each answer checked against the options offered as it was asked."""

    def __init__(self, player: SearchPlayer) -> None:
        self.player = player
        self.searched: list[int] = []  # the play-outs made at each COMMAND marker's tactic

    def choose(self, view: TcgView, decision: TcgDecision) -> object:
        before = self.player.search.played
        choice = self.player.choose(view, decision)
        assert choice in decision.options
        if isinstance(decision, TacticChoice):
            self.searched.append(self.player.search.played - before)
        return choice


def test_it_answers_with_offered_options_and_keeps_to_its_budget(hedgerow: Scenario, cards: CardCatalogue) -> None:
    players = {side: Checking(player) for side, player in for_every_side(SIDES, seed=5, budget=6).items()}
    record = simulate(hedgerow, cards, players, seed=5, turns=2, sampled=True)
    assert record.turns == 2
    uses = [use for player in players.values() for use in player.searched]
    assert len(uses) >= 8 and all(use <= 6 for use in uses)
    assert sum(uses) >= 3 * len(uses)  # it searched, with most of its budget


def test_with_a_budget_of_three_it_plays_as_the_greedy_player(hedgerow: Scenario, cards: CardCatalogue) -> None:
    three = for_every_side(SIDES, seed=3, budget=3)
    record = simulate(hedgerow, cards, three, seed=3, sampled=True)
    plain = simulate(hedgerow, cards, dict(greedy_for_every_side(hedgerow, 3)), seed=3)
    assert [e.to_json() for e in record.events] == [e.to_json() for e in plain.events]
    assert all(player.search.played == 0 for player in three.values())


def test_the_same_seed_plays_the_same_game(hedgerow: Scenario, cards: CardCatalogue) -> None:
    def played(seed: int) -> list[object]:
        players: dict[str, TcgPlayer] = {**greedy(), "german": for_every_side(SIDES, seed, budget=8)["german"]}
        return [e.to_json() for e in simulate(hedgerow, cards, players, seed=seed, turns=3, sampled=True).events]

    assert played(4) == played(4)
    assert played(4) != played(5)


def test_a_game_played_in_place_cannot_be_searched(hedgerow: Scenario, cards: CardCatalogue) -> None:
    with pytest.raises(Unsampled):
        simulate(hedgerow, cards, for_every_side(SIDES, seed=1, budget=8), seed=1, turns=1)


# --- A COMMAND marker weighed -------------------------------------------------------------


def before_a_tactic(
    scenario: Scenario, cards: CardCatalogue, turn: int = 2, side: str = "us", seed: int = 2
) -> TcgGame:
    """A game of the greedy players between two steps: `side` is about to spend a COMMAND
    marker in `turn`, the cards in reach of each other."""
    start = new_game(scenario, cards, seed=seed)
    return play(
        RULES,
        start,
        greedy(),
        until=lambda g: g.stage is Stage.TACTIC and g.game.turn == turn and g.game.phase_side == side,
    )


def at_the_tactic(start: TcgGame) -> TcgMatch:
    """The match of `start` at its side's TacticChoice, hidden cards turned over as the greedy player would."""
    match = Match(RULES, start)
    players: Mapping[str, Player[TcgView, Any]] = greedy()
    while not isinstance(match.pending, TacticChoice):
        decision = match.pending
        assert decision is not None, "the game ended first"
        match.apply(players[decision.side].choose(match.view(decision.side), decision))
    return match


def test_it_weighs_the_greedy_tactic_first_then_the_cards_that_would_do_most(
    hedgerow: Scenario, cards: CardCatalogue
) -> None:
    match = at_the_tactic(before_a_tactic(hedgerow, cards))
    decision = match.pending
    assert isinstance(decision, TacticChoice)
    view = match.view(decision.side)
    candidates = SearchPlayer(decision.side, SIDES, 64, random.Random(1)).candidates(view, decision)
    assert candidates[0] == SimplePolicy().choose(view, decision)
    assert len(set(candidates)) == len(candidates) and all(c in decision.options for c in candidates)
    assert len(candidates) == OTHERS + 1  # as many as it may weigh, of more offered
    game, greedy_player = view.game, SimplePolicy()

    def worth(tactic: object) -> int:
        assert isinstance(tactic, Command)
        piece = game.at(tactic.card)
        assert piece is not None
        return greedy_player.worth(game, piece)

    weighed = [c for c in candidates[1:] if isinstance(c, Command)]
    left_out = [o for o in decision.options if isinstance(o, Command) and o not in candidates]
    assert len(weighed) >= OTHERS // 2
    assert [worth(c) for c in weighed] == sorted((worth(c) for c in weighed), reverse=True)
    assert all(worth(c) <= worth(weighed[-1]) for c in left_out)


def test_a_sample_keeps_what_the_side_sees_and_deals_the_rest_anew(hedgerow: Scenario, cards: CardCatalogue) -> None:
    match = at_the_tactic(before_a_tactic(hedgerow, cards, side="us"))
    view = match.view("us")
    hidden = {p.arrival for p in match.state.game.of("german") if p.hidden}
    assert hidden  # the Germans' hidden cards, decoys among them
    faces: set[str] = set()
    hands: set[tuple[str, ...]] = set()
    for seed in range(12):
        drawn = RULES.sample(view, random.Random(seed))
        assert drawn.view("us") == view  # all the side sees, as it sees it
        assert drawn.pending is not None and drawn.pending.kind == TacticChoice.kind
        game = drawn.state.game
        faces |= {p.face.id for p in game.of("german") if p.hidden}
        assert all(p.key == f"german-card-{p.arrival:02d}" for p in game.of("german") if p.hidden)  # no key tells
        hands.add(tuple(card.id for card in game.players["german"].hand))
    real = {p.face.id for p in match.state.game.of("german") if p.hidden}
    assert len(faces) > len(real) and len(hands) > 1  # dealt from the reserve and the hand too


def hidden_changed(start: TcgGame, side: str) -> TcgGame:
    """`start` with all `side` may not know changed: the enemy's hidden cards dealt other faces
    from its hand and reserve, its hand and reserve swapped about, the side's own reserve
    reversed, and other dice to come."""
    other = TcgGame(copy_game(start.game), start.last, start.seed, start.stage, start.left)
    game = other.game
    game.dice = SeededDice(987654)
    enemy = next(s for s in SIDES if s != side)
    board = game.players[enemy]
    hidden = [piece for piece in game.of(enemy) if piece.hidden]
    cards = [*board.hand, *board.reserve]
    units = [card for card in cards if isinstance(card, UnitCard | DecoyCard)]
    faces = [*units, *(piece.face for piece in hidden)]  # the hidden cards' faces moved on by one
    for piece, face in zip(hidden, faces, strict=False):
        piece.card = face
    rest = [card for card in cards if card not in units] + faces[len(hidden) :]
    rest.reverse()
    board.hand, board.reserve = rest[: len(board.hand)], rest[len(board.hand) :]
    game.players[side].reserve.reverse()
    return other


def searched(start: TcgGame, side: str) -> tuple[object, list[float]]:
    """The search's choice at `side`'s COMMAND marker and every play-out's score."""
    match = at_the_tactic(start)
    decision = match.pending
    assert isinstance(decision, TacticChoice) and decision.side == side
    player = SearchPlayer(side, SIDES, 24, random.Random(7))
    scores: list[float] = []
    playout = player.search.playout

    def score(reached: TcgGame, who: str) -> float:
        scores.append(playout.score(reached, who))
        return scores[-1]

    player.search.playout = Playout(playout.players, playout.until, score)
    return player.choose(match.view(side), decision), scores


@pytest.mark.parametrize("side", SIDES)
def test_what_its_side_may_not_know_changes_nothing_it_does(
    hedgerow: Scenario, cards: CardCatalogue, side: str
) -> None:
    start = before_a_tactic(hedgerow, cards, side=side)
    changed = hidden_changed(start, side)
    enemy = next(s for s in SIDES if s != side)
    assert seen_by(changed.game, side) == seen_by(start.game, side)  # the same view
    assert changed.game.players[enemy].reserve != start.game.players[enemy].reserve
    choice, scores = searched(start, side)
    assert len(set(scores)) > 3  # play-outs that score apart: the search had something to weigh
    assert searched(changed, side) == (choice, scores)


def test_hon_simulate_plays_the_search_agent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(HEDGEROW), "--policy", "search", "--budget", "4", "--turns", "1", "--json"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["turns"] == 1 and record["seed"] == 1


def test_it_weighs_the_greedy_first_step_of_an_activation_and_one_of_each_other_kind(
    hedgerow: Scenario, cards: CardCatalogue
) -> None:
    match = at_the_tactic(before_a_tactic(hedgerow, cards))
    tactic = match.pending
    assert tactic is not None
    game = match.view("us").game
    mine = [piece for piece in game.of("us") if Command(piece.box) in tactic.options]
    match.apply(Command(max(mine, key=lambda piece: (SimplePolicy().worth(game, piece), piece.arrival)).box))
    decision = match.pending
    assert isinstance(decision, ActivationStep) and not decision.taken
    view = match.view(decision.side)
    steps = SearchPlayer(decision.side, SIDES, 64, random.Random(1)).first_steps(view, decision)
    assert steps[0] == SimplePolicy().choose(view, decision)
    assert len(set(steps)) == len(steps) and all(step in decision.options for step in steps)
    offered = {type(option) for option in decision.options if option is not None}
    assert {type(step) for step in steps} - {type(None)} == offered and len(offered) >= 2


def test_hon_games_lists_the_search_agent_for_every_system(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    systems = json.loads(capsys.readouterr().out)["systems"]
    assert {system["id"] for system in systems if "search" in system["supports"]} == {"heroes", "tcg", "memoir"}
