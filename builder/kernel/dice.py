"""Dice: the only source of randomness in the rules core, injected and seeded."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Protocol

SIDES = 6


class Dice(Protocol):
    def roll(self, count: int = 1) -> tuple[int, ...]:
        """`count` six-sided dice."""
        ...


class SeededDice:
    """Reproducible dice: the same seed gives the same game."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random = random.Random(seed)

    def roll(self, count: int = 1) -> tuple[int, ...]:
        return tuple(self._random.randint(1, SIDES) for _ in range(count))


class LoadedDice:
    """Dice that show the given faces in order: the books' worked examples as tests."""

    def __init__(self, faces: Iterable[int]) -> None:
        self._faces = list(faces)
        if any(not 1 <= face <= SIDES for face in self._faces):
            raise ValueError("a die shows 1 to 6")

    def roll(self, count: int = 1) -> tuple[int, ...]:
        if count > len(self._faces):
            raise RuntimeError(f"the loaded dice ran out: {count} wanted, {len(self._faces)} left")
        rolled, self._faces = tuple(self._faces[:count]), self._faces[count:]
        return rolled

    @property
    def left(self) -> int:
        return len(self._faces)
