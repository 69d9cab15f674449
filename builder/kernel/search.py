"""A search agent's choice on any forward model (DESIGN.md 7), after TAG's determinised
one-step lookahead: a decision's candidate options are tried on games sampled from the side's
view (builder.kernel.match.Sampler: what the side may not know drawn anew, the dice fresh),
each played on by the play-out players to a horizon and scored by an evaluation of the
side's standing there; the candidate with the best total wins. It reads nothing but the
view: the games it plays on are drawn from it.

The play-outs are shared out by sequential halving (Karnin, Koren and Somekh, "Almost
optimal exploration in multi-armed bandits", 2013): in each round every candidate still in
is played on the same sampled games, the worse half is dropped, and the rounds share the
budget, so the best candidates get the most play-outs and never more than `budget` are
played for one decision. Playing every candidate on the same games compares them on the
same hidden cards and the same dice, not on luck.

Pure and reproducible: every draw comes from the search's own seeded stream; a tie goes
to a key drawn from it, never to the order the candidates were listed in."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import ceil, log2
from random import Random
from typing import Any, Generic, TypeVar

from builder.kernel.decisions import Player, View
from builder.kernel.match import Sampler

S = TypeVar("S")
V = TypeVar("V", bound=View)

BUDGET = 16  # play-outs a decision, when none is asked for


@dataclass(frozen=True)
class Playout(Generic[S, V]):
    """How a candidate is tried: `players` play every side on from it (the system's greedy
    player, say) until `until` holds between two steps of play (the horizon) or the game
    ends, and `score` says how well the game then stands for a side (higher is better)."""

    players: Mapping[str, Player[V, Any]]
    until: Callable[[S], bool]
    score: Callable[[S, str], float]


@dataclass
class Search(Generic[S, V]):
    """Chooses among candidate options with at most `budget` play-outs a decision (see the
    module); `played` counts the play-outs made so far, every decision together."""

    sampler: Sampler[S, V]
    playout: Playout[S, V]
    budget: int
    stream: Random
    played: int = 0

    def __post_init__(self) -> None:
        if self.budget < 1:
            raise ValueError(f"a search's budget is 1 play-out or more, not {self.budget}")

    def choose(self, view: V, candidates: Sequence[object]) -> object:
        """The best of `candidates`, options of the decision `view` was made for, listed most
        promising first: when the budget cannot give each a play-out a round, those listed
        last are left out. One candidate, or a budget of one, is chosen without a play-out."""
        if not candidates:
            raise ValueError(f"no candidate to choose from for {view.side}")
        ties = [self.stream.random() for _ in candidates]
        alive = list(range(widest(len(candidates), self.budget)))
        totals = [0.0] * len(candidates)
        rounds = ceil(log2(len(alive))) if len(alive) > 1 else 0
        left = self.budget
        for done in range(rounds):
            games = left // (rounds - done) // len(alive)  # widest() makes it one or more
            for sample in [self.sampler.sample(view, self.stream) for _ in range(games)]:
                for index in alive:
                    reached = sample.play(self.playout.players, first=(candidates[index],), until=self.playout.until)
                    totals[index] += self.playout.score(reached, view.side)
            self.played += games * len(alive)
            left -= games * len(alive)
            alive.sort(key=lambda index: (-totals[index], ties[index]))
            alive = alive[: ceil(len(alive) / 2)]
        return candidates[alive[0]]


def widest(count: int, budget: int) -> int:
    """How many of `count` candidates a search of `budget` play-outs can weigh: each round
    of the halving gives every candidate still in at least one play-out."""
    best = 1
    for width in range(2, count + 1):
        if width * ceil(log2(width)) > budget:
            break
        best = width
    return best
