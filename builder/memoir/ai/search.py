"""The search agent of the hex game (`hon simulate --policy search --budget N`). At the
decisions that matter most, which command card a turn plays and which units it orders (M44
summary, "Play a command card", "Order"), it weighs the greedy player's choice against others
by play-outs on games drawn from its view (builder.kernel.search); every other decision, each
unit's move and battle included, it answers as the greedy player does (builder.memoir.ai.greedy).

The others, in an order drawn from its own stream (a small budget leaves out the last): each
other card of its hand; for the orders, every selection of as many units as the card allows
among those it may order, and one of each smaller size, so holding a unit back is weighed too.

Each is played on by the greedy player for both sides until the side's next turn (the enemy's
turn included) and scored by what the summary counts (builder.memoir.ai.evaluation). Another
choice replaces the greedy one only when it scores better game by game, by more than its
noise: a search that cannot tell plays as the greedy player does, and so does a budget too
small to weigh anything (under 4).

The games are drawn from its view alone (builder.memoir.rules.sampling): it never reads the
enemy's command cards nor the order of the deck. Its draws come from its own stream, seeded
by the game's seed and its side, never from the game's dice: the same seed plays the same game."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import combinations

from builder.kernel.dice import SeededDice
from builder.kernel.search import Playout, Search, widest
from builder.memoir.ai import greedy
from builder.memoir.ai.evaluation import evaluate
from builder.memoir.ai.greedy import SimplePolicy
from builder.memoir.catalogue import Side
from builder.memoir.rules.decisions import MemoirDecision, OrderUnits, PlayCard
from builder.memoir.rules.players import MemoirView
from builder.memoir.rules.simulation import RULES, MemoirGame, Stage

OTHERS = 8  # other choices at most, whatever the budget
CAUTION = 1.0  # standard errors of its mean gain another choice must clear


@dataclass
class SearchPlayer:
    """Plays `side` of a game between `sides`, searching each turn's command card and orders
    with at most `budget` play-outs each. `greedy` (the side's greedy player) answers the
    rest, and gives the first candidate."""

    side: Side
    sides: tuple[Side, ...]
    budget: int
    stream: random.Random
    greedy: SimplePolicy
    search: Search[MemoirGame, MemoirView] = field(init=False)

    def __post_init__(self) -> None:
        playout = Playout(self._players, self._horizon, _score)
        self.search = Search(RULES, playout, self.budget, self.stream, caution=CAUTION)

    def choose(self, view: MemoirView, decision: MemoirDecision) -> object:
        """A turn's card and orders searched; every other decision the greedy player's."""
        match decision:
            case PlayCard() | OrderUnits() if widest(OTHERS, self.budget):
                default, *others = self.candidates(view, decision)
                return self.search.choose(view, default, others)
            case _:
                return self.greedy.choose(view, decision)

    def candidates(self, view: MemoirView, decision: PlayCard | OrderUnits) -> list[object]:
        """The choices to weigh (see the module), none twice: the greedy player's first."""
        default = self.greedy.choose(view, decision)
        if isinstance(decision, PlayCard):
            others: list[object] = [card for card in _distinct(decision.options) if card != default]
        else:
            assert isinstance(default, tuple)  # the greedy player's answer to OrderUnits: unit keys
            others = [units for units in self.selections(decision) if set(units) != set(default)]
        self.stream.shuffle(others)
        return [default, *others[:OTHERS]]

    def selections(self, decision: OrderUnits) -> list[tuple[str, ...]]:
        """Every selection of as many units as the card orders, and one of each smaller size."""
        pool, most = decision.options.pool, decision.options.most
        full = min(most, len(pool))
        fewer = [self.stream.choice([*combinations(pool, size)]) for size in range(full)]
        return [*combinations(pool, full), *fewer]

    def _dice(self) -> SeededDice:
        """Dice of a play-out's greedy player for its ties, drawn from the search's stream."""
        return SeededDice(self.stream.getrandbits(62))

    def _players(self, choice: object) -> Mapping[str, SimplePolicy]:
        """The greedy player for both sides of one play-out, each on dice of its own."""
        return {side.value: SimplePolicy(self._dice()) for side in self.sides}

    def _horizon(self, game: MemoirGame) -> bool:
        """Between two turns: the side is about to play again (or the game is over)."""
        return game.stage is not Stage.TURN or game.side is self.side


def _score(game: MemoirGame, side: str) -> float:
    return evaluate(game.state, game.winner, Side(side))


def _distinct(options: Iterable[object]) -> list[object]:
    """The options, each once (a card held twice is one choice)."""
    return list(dict.fromkeys(options))


def for_every_side(sides: Iterable[Side], seed: int, budget: int) -> dict[Side, SearchPlayer]:
    """A search agent for each of `sides`, each with its own stream for the game of `seed`."""
    every = tuple(sides)
    plain = greedy.for_every_side(every, seed)  # its ties drawn as the greedy player's are
    return {
        side: SearchPlayer(
            side, every, budget, random.Random(f"hon-hex-search-player/{seed}/{side.value}"), plain[side]
        )
        for side in every
    }
