"""Dice: the only source of randomness in the rules core, injected and seeded."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable, Sequence
from typing import Protocol, TypeVar

T = TypeVar("T")

SIDES = 6


class Dice(Protocol):
    def roll(self, count: int = 1) -> tuple[int, ...]:
        """`count` six-sided dice."""
        ...


class SeededDice:
    """Reproducible dice: the same seed gives the same game. `first`: faces shown before the
    seeded ones (a sampled game replays the faces its step has already rolled, then rolls
    dice of its own). `rolled` counts the faces shown."""

    def __init__(self, seed: int, first: Sequence[int] = ()) -> None:
        self.seed = seed
        self._random = random.Random(seed)
        self._first = list(first)
        self.rolled = 0

    def roll(self, count: int = 1) -> tuple[int, ...]:
        self.rolled += count
        if self._first:
            shown, self._first = self._first[:count], self._first[count:]
            return (*shown, *(self._random.randint(1, SIDES) for _ in range(count - len(shown))))
        return tuple(self._random.randint(1, SIDES) for _ in range(count))

    def ahead(self, count: int) -> tuple[int, ...]:
        """The next `count` faces these dice will show, without rolling them."""
        return copy.deepcopy(self).roll(count)

    def __deepcopy__(self, memo: dict[int, object]) -> SeededDice:
        # A copied game goes on with the same rolls. The generator's state tuple is copied
        # as it is: deepcopy walking its 625 integers cost 40% of a whole game's copy.
        twin = SeededDice.__new__(SeededDice)
        twin.seed, twin.rolled, twin._first = self.seed, self.rolled, list(self._first)
        twin._random = random.Random(0)
        twin._random.setstate(self._random.getstate())
        return twin


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


def uniform(dice: Dice, count: int) -> int:
    """A number from 0 to `count` - 1, each as likely, from six-sided dice alone: enough dice
    read as the digits of a base-6 number, rolled again when it falls in the uneven top."""
    if count < 1:
        raise ValueError("choose among at least one")
    digits, span = 0, 1
    while span < count:
        digits, span = digits + 1, span * SIDES
    if digits == 0:
        return 0
    limit = span - span % count
    while True:
        value = 0
        for face in dice.roll(digits):
            value = value * SIDES + face - 1
        if value < limit:
            return value % count


def shuffled(dice: Dice, items: Sequence[T]) -> list[T]:
    """`items` in an order the dice choose (Fisher-Yates): a deck shuffled with the game's
    own dice, so the seed alone decides it."""
    found = list(items)
    for last in range(len(found) - 1, 0, -1):
        pick = uniform(dice, last + 1)
        found[last], found[pick] = found[pick], found[last]
    return found
