"""Games that cost nothing, for the tests of a balance run's runner and of its front ends:
a seeded coin, and one whose seed 4 raises."""

from __future__ import annotations

import random
from dataclasses import dataclass

from builder.services.balance import GameResult, Setting


@dataclass(frozen=True)
class Coin:
    """A game whose winner a seeded coin decides: `bias` the chance side a wins."""

    bias: float = 0.5

    @property
    def setting(self) -> Setting:
        return Setting("coin", "coin", "A coin")

    @property
    def sides(self) -> tuple[str, ...]:
        return ("a", "b")

    @property
    def objectives(self) -> tuple[str, ...]:
        return ("hill",)

    def label(self, key: str) -> str:
        return key.upper()

    def play(self, seed: int) -> GameResult:
        winner = "a" if random.Random(seed).random() < self.bias else "b"
        return GameResult(seed, winner, {winner: 1}, 3, {"hill": winner}, ({"hill": None}, {"hill": winner}))


@dataclass(frozen=True)
class Faulty(Coin):
    """A game whose rules core fails on seed 4."""

    def play(self, seed: int) -> GameResult:
        if seed == 4:
            raise ValueError("the range counts the target's square, so it is at least 1")
        return super().play(seed)
