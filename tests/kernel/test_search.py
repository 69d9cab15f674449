"""The search agent's core (builder.kernel.search) on a toy game: a default option and others
weighed by play-outs on games sampled from the side's view, shared out by sequential
halving. It finds the best option when the budget allows, keeps the default unless another
beats it by its margin, never plays more play-outs than its budget, draws only from its own
stream, and breaks ties between the others by that stream, never by listing order."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from math import ceil, log2
from typing import Any, ClassVar

import pytest

from builder.kernel.decisions import Decision
from builder.kernel.match import Course, Match, Outcome, Table, Unsampled
from builder.kernel.search import PER_ROUND, Playout, Search, widest

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
    stakes: list[int] = field(default_factory=list)


class GambleRules:
    def copy(self, state: Gamble) -> Gamble:
        dice = random.Random()
        dice.setstate(state.dice.getstate())
        return Gamble(dice, dict(state.score), state.turn, state.rounds, list(state.stakes))

    def step(self, state: Gamble, table: Table[Seen]) -> None:
        stake = table.ask(Stake(side=state.turn, options=(1, 2, 3)))
        state.stakes.append(stake)
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


def search(budget: int, seed: int = 0, score: Any = None, margin: float = 0.0) -> Search[Gamble, Seen]:
    players = {"a": Cautious(), "b": Cautious()}
    scored = score or (lambda game, side: game.score[side])
    return Search(
        RULES, Playout(lambda choice: players, lambda game: True, scored), budget, random.Random(seed), margin
    )


def test_with_a_budget_it_finds_the_best_stake() -> None:
    view, _ = at_first_stake()
    chosen = Counter(search(96, seed).choose(view, 1, (3, 2)) for seed in range(20))
    assert chosen.most_common(1)[0][0] == 2 and chosen[2] >= 14
    chosen = Counter(search(96, seed).choose(view, 2, (1, 3)) for seed in range(20))
    assert chosen[2] >= 14


def test_the_default_stands_unless_another_beats_it_by_the_margin() -> None:
    view, _ = at_first_stake()
    # Staking 2 scores 1/6 a play-out more than staking 1: a margin of 1 a play-out is too much.
    assert {search(96, seed, margin=1.0).choose(view, 1, (2, 3)) for seed in range(10)} == {1}
    level = search(8, score=lambda game, side: 0.0)
    assert {level.choose(view, 3, (1, 2)) for _ in range(20)} == {3}  # a tie keeps the default


@pytest.mark.parametrize("budget", [1, 2, 3, 5, 8, 13, 16, 40])
@pytest.mark.parametrize("count", [0, 1, 2, 4, 7])
def test_it_never_plays_more_play_outs_than_its_budget(budget: int, count: int) -> None:
    view, _ = at_first_stake()
    agent = search(budget)
    agent.choose(view, 1, [1, 2, 3, 1, 2, 3, 1][:count])
    assert agent.played <= budget
    if widest(count, budget) == 0:
        assert agent.played == 0  # nothing to weigh, or too little budget to weigh it
    else:
        assert agent.played >= budget // 2  # the budget is spent, not left idle


def test_it_weighs_as_many_others_as_each_round_can_play_with_the_default() -> None:
    def round_of(width: int) -> int:
        """The play-outs a round of `width` others and the default needs, times the rounds."""
        return (width + 1) * max(ceil(log2(width)), 1) * PER_ROUND

    for budget in range(1, 80):
        width = widest(10, budget)
        assert width == 0 or round_of(width) <= budget  # PER_ROUND play-outs each a round
        assert width == 10 or round_of(width + 1) > budget  # and no room for one more
    assert [widest(10, budget) for budget in (1, 3, 4, 8, 16, 32)] == [0, 0, 1, 2, 3, 4]
    assert widest(3, 100) == 3


def test_caution_keeps_the_default_against_gains_the_play_outs_cannot_tell_from_luck() -> None:
    view, _ = at_first_stake()

    def chosen(caution: float) -> int:
        """How often another stake is chosen when every play-out scores at random."""
        luck = random.Random(5)
        noisy = search(24, score=lambda game, side: luck.gauss(0, 1))
        noisy.caution = caution
        return sum(noisy.choose(view, 1, (2, 3, 2)) != 1 for _ in range(60))

    assert chosen(0.0) >= 25  # the best of noise beats the default half the time or more
    assert chosen(2.0) <= 8


def test_the_same_stream_makes_the_same_choice_and_the_game_is_left_alone() -> None:
    view, decision = at_first_stake(seed=4)
    start = view.course.start
    assert start is not None
    before = (start.dice.getstate(), dict(start.score))
    first = [search(12, seed).choose(view, 1, (2, 3)) for seed in range(10)]
    again = [search(12, seed).choose(view, 1, (2, 3)) for seed in range(10)]
    assert first == again
    assert (start.dice.getstate(), dict(start.score)) == before
    assert all(choice in decision.options for choice in first)


def test_ties_between_the_others_go_to_the_stream_never_to_the_first_listed() -> None:
    view, _ = at_first_stake()
    # Every stake but the default scores alike: which of the others is chosen is drawn.
    level = search(9, score=lambda game, side: float(game.stakes[0] != 1))
    chosen = Counter(level.choose(view, 1, (3, 2, 3)) for _ in range(60))
    assert set(chosen) == {2, 3}
    firsts = Counter(level.choose(view, 1, (3, 2)) for _ in range(60))
    assert set(firsts) == {2, 3} and all(count >= 15 for count in firsts.values())


def test_no_budget_is_refused() -> None:
    with pytest.raises(ValueError):
        search(0)
