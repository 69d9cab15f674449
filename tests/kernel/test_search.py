"""The search agent's core (builder.kernel.search) on a toy game: candidates weighed by
play-outs on games sampled from the side's view, shared out by sequential halving. It finds
the best option when the budget allows, never plays more play-outs than its budget, draws
only from its own stream, and breaks ties by that stream, never by listing order."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pytest

from builder.kernel.decisions import Decision
from builder.kernel.match import Course, Match, Outcome, Table, Unsampled
from builder.kernel.search import Playout, Search, widest

ROUNDS = 3


@dataclass(frozen=True, kw_only=True)
class Stake(Decision[int]):
    """How much the side stakes this round: it scores the stake when a die reaches twice it."""

    kind: ClassVar[str] = "stake"


@dataclass
class Gamble:
    """Each round one side stakes 1-3, then a die is rolled: a stake of s scores s on 2s or
    more, so 2 (expecting 1) beats 1 (5/6) and 3 (1/2)."""

    dice: random.Random
    score: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    turn: str = "a"
    rounds: int = 0


class GambleRules:
    def copy(self, state: Gamble) -> Gamble:
        dice = random.Random()
        dice.setstate(state.dice.getstate())
        return Gamble(dice, dict(state.score), state.turn, state.rounds)

    def step(self, state: Gamble, table: Table[Seen]) -> None:
        stake = table.ask(Stake(side=state.turn, options=(1, 2, 3)))
        if state.dice.randint(1, 6) >= 2 * stake:
            state.score[state.turn] += stake
        state.turn = "b" if state.turn == "a" else "a"
        state.rounds += 1

    def over(self, state: Gamble) -> bool:
        return state.rounds >= 2 * ROUNDS

    def outcome(self, state: Gamble) -> Outcome:
        return Outcome(None, str(state.score))

    def view(self, state: Gamble, side: str, course: Course[Gamble]) -> Seen:
        return Seen(side, course)

    def sample(self, view: Seen, rng: random.Random) -> Match[Gamble, Seen]:
        """Everything is public but the dice to come, drawn fresh."""
        start = view.course.start
        if start is None:
            raise Unsampled("no start")
        game = self.copy(start)
        game.dice = random.Random(rng.getrandbits(32))
        return Match(self, game, tuple(answer.choice for answer in view.course.answers))


@dataclass(frozen=True)
class Seen:
    side: str
    course: Course[Gamble]


RULES = GambleRules()


class Cautious:
    """Stakes 1 always: the play-out players."""

    def choose(self, view: Seen, decision: Any) -> object:
        return 1


def at_first_stake(seed: int = 1) -> tuple[Seen, Decision[Any]]:
    match = Match(RULES, Gamble(random.Random(seed)))
    assert match.pending is not None
    return match.view("a"), match.pending


def search(budget: int, seed: int = 0, score: Any = None) -> Search[Gamble, Seen]:
    players = {"a": Cautious(), "b": Cautious()}
    scored = score or (lambda game, side: game.score[side])
    return Search(RULES, Playout(players, lambda game: True, scored), budget, random.Random(seed))


def test_with_a_budget_it_finds_the_best_stake() -> None:
    view, _ = at_first_stake()
    chosen = Counter(search(96, seed).choose(view, (1, 3, 2)) for seed in range(20))
    assert chosen.most_common(1)[0][0] == 2 and chosen[2] >= 14


@pytest.mark.parametrize("budget", [1, 2, 3, 5, 8, 13, 16, 40])
@pytest.mark.parametrize("count", [1, 2, 3, 5, 8])
def test_it_never_plays_more_play_outs_than_its_budget(budget: int, count: int) -> None:
    view, _ = at_first_stake()
    agent = search(budget)
    candidates = [1, 2, 3, 1, 2, 3, 1, 2][:count]
    agent.choose(view, candidates)
    assert agent.played <= budget
    if count == 1 or budget == 1:
        assert agent.played == 0  # nothing to weigh
    else:
        assert agent.played >= budget // 2  # the budget is spent, not left idle


def test_it_weighs_as_many_candidates_as_each_round_can_play() -> None:
    assert [widest(10, budget) for budget in (1, 2, 3, 4, 6, 8, 15, 16, 24)] == [1, 2, 2, 2, 3, 4, 5, 5, 8]
    assert widest(3, 100) == 3


def test_the_same_stream_makes_the_same_choice_and_the_game_is_left_alone() -> None:
    view, decision = at_first_stake(seed=4)
    start = view.course.start
    assert start is not None
    before = (start.dice.getstate(), dict(start.score))
    first = [search(12, seed).choose(view, (1, 2, 3)) for seed in range(10)]
    again = [search(12, seed).choose(view, (1, 2, 3)) for seed in range(10)]
    assert first == again
    assert (start.dice.getstate(), dict(start.score)) == before
    assert all(choice in decision.options for choice in first)


def test_ties_go_to_the_stream_never_to_the_first_listed() -> None:
    view, _ = at_first_stake()
    level = search(8, score=lambda game, side: 0.0)
    chosen = Counter(level.choose(view, (1, 2, 3)) for _ in range(60))
    assert set(chosen) == {1, 2, 3} and all(count >= 10 for count in chosen.values())


def test_nothing_to_choose_from_and_no_budget_are_refused() -> None:
    view, _ = at_first_stake()
    with pytest.raises(ValueError):
        search(4).choose(view, ())
    with pytest.raises(ValueError):
        search(0)
