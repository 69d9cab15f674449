"""A search agent's choice on any forward model (DESIGN.md 7), after TAG's determinised
one-step lookahead: a decision's default option (the system's greedy player's, say) and a few
others are tried on games sampled from the side's view (builder.kernel.match.Sampler: what
the side may not know drawn anew, the dice fresh), each played on by the play-out players to
a horizon and scored by the system's evaluation of the side's standing there. It reads
nothing but the view: the games it plays on are drawn from it.

The play-outs are shared out by sequential halving (Karnin, Koren and Somekh, "Almost
optimal exploration in multi-armed bandits", 2013): in each round the default and every
other still in are played on the same sampled games, the worse half of the others is
dropped, and the rounds share the budget, so the best get the most play-outs and never more
than `budget` are played for one decision. Playing them on the same games compares them on
the same hidden cards and the same dice, not on luck; and the best of the others replaces
the default only when its gain, game by game, clears a margin and its own noise (`caution`
standard errors), since the best of several noisy scores always looks better than it is.

Pure and reproducible: every draw comes from the search's own seeded stream; a tie between
the others goes to a key drawn from it, never to the order they were listed in."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import ceil, fsum, log2, sqrt
from random import Random
from statistics import stdev
from typing import Any, Generic, TypeVar

from builder.kernel.decisions import Player, View
from builder.kernel.match import Match, Sampler

S = TypeVar("S")
V = TypeVar("V", bound=View)

BUDGET = 16  # play-outs a decision, when none is asked for


@dataclass(frozen=True)
class Playout(Generic[S, V]):
    """How a candidate is tried: the `players` made for each play-out of it play every side
    on from it (the system's greedy player, say: new ones, so that what one remembers of a
    game, the cards it drew this phase, is never carried into another, and knowing the
    candidate they play on from) until `until` holds between two steps of play (the
    horizon) or the game ends, and `score` says how well the game then stands for a side
    (higher is better)."""

    players: Callable[[object], Mapping[str, Player[V, Any]]]
    until: Callable[[S], bool]
    score: Callable[[S, str], float]


@dataclass
class Search(Generic[S, V]):
    """Chooses between a default option and others with at most `budget` play-outs a
    decision (see the module). Another is chosen only when its gain over the default, game
    by game, is more than `margin` on average, and more than `caution` standard errors of
    that average: a gain the play-outs cannot tell from luck leaves the default standing.
    `played` counts the play-outs made so far, every decision together."""

    sampler: Sampler[S, V]
    playout: Playout[S, V]
    budget: int
    stream: Random
    margin: float = 0.0
    caution: float = 0.0
    played: int = 0

    def __post_init__(self) -> None:
        if self.budget < 1:
            raise ValueError(f"a search's budget is 1 play-out or more, not {self.budget}")

    def choose(self, view: V, default: object, others: Sequence[object]) -> object:
        """`default` or the best of `others`, options of the decision `view` was made for.
        The others are halved round by round; the default plays every game, beside them.
        When the budget cannot give each PER_ROUND play-outs a round, the others listed last
        are left out; with none left, the default is chosen without a play-out."""
        ties = [self.stream.random() for _ in others]
        alive = list(range(widest(len(others), self.budget)))
        gains: list[list[float]] = [[] for _ in others]  # each other's score less the default's, game by game
        rounds = max(ceil(log2(len(alive))), 1) if alive else 0
        left = self.budget
        for done in range(rounds):
            games = left // (rounds - done) // (len(alive) + 1)  # widest() makes it PER_ROUND or more
            for sample in [self.sampler.sample(view, self.stream) for _ in range(games)]:
                standing = self._played(view, sample, default)
                for index in alive:
                    gains[index].append(self._played(view, sample, others[index]) - standing)
            left -= games * (len(alive) + 1)
            alive.sort(key=lambda index: (-fsum(gains[index]), ties[index]))
            alive = alive[: ceil(len(alive) / 2)]
        if not alive:
            return default
        best = gains[alive[0]]  # played on every game the default was
        return others[alive[0]] if self._convincing(best) else default

    def _played(self, view: V, sample: Match[S, V], choice: object) -> float:
        """The score of one play-out of `choice` on a sampled game."""
        self.played += 1
        reached = sample.play(self.playout.players(choice), first=(choice,), until=self.playout.until)
        return self.playout.score(reached, view.side)

    def _convincing(self, gains: Sequence[float]) -> bool:
        """Whether these gains over the default, game by game, clear the margin and the caution."""
        mean = fsum(gains) / len(gains)
        if mean <= self.margin:
            return False
        spread = stdev(gains) / sqrt(len(gains)) if len(gains) > 1 else 0.0
        return mean - self.margin > self.caution * spread


PER_ROUND = 2  # play-outs each candidate still in gets a round, at the least


def widest(count: int, budget: int) -> int:
    """How many of `count` other candidates a search of `budget` play-outs can weigh: each
    round of the halving plays the default and every other still in PER_ROUND times."""
    best = 0
    for width in range(1, count + 1):
        if (width + 1) * max(ceil(log2(width)), 1) * PER_ROUND > budget:
            break
        best = width
    return best
