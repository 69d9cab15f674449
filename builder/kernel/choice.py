"""Seeded variety for the policies that play simulated games (DESIGN.md 9): instead of always
taking the best-scored option, draw one by softmax over the scores at a temperature. At
temperature 0 the order is the greedy one exactly, and nothing is drawn, so a game played
at temperature 0 is the game the greedy policy plays.

The draws come from their own seeded stream (anything with `random() -> float`, such as
`random.Random(seed)`), never from the game's dice: the dice of a game depend on its seed
alone, and on the policy only through the choices it makes."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Stream(Protocol):
    def random(self) -> float:
        """A number in [0, 1), each as likely."""
        ...


def softmax_order(costs: Sequence[float], temperature: float, stream: Stream) -> list[int]:
    """The indices of `costs` (lower is better) in a drawn order: the first is index i with
    probability exp(-costs[i] / T) / sum_j exp(-costs[j] / T), the next likewise among the
    rest (a Plackett-Luce draw, made with the Gumbel-max trick: each cost divided by T less
    a Gumbel(0, 1) draw, in increasing order). One draw per option, in index order. At
    temperature 0: by cost, ties by index, and nothing drawn."""
    if temperature < 0 or math.isnan(temperature):
        raise ValueError(f"a temperature is 0 or more, not {temperature}")
    if temperature == 0:
        return sorted(range(len(costs)), key=lambda i: (costs[i], i))
    keyed = [(cost / temperature - gumbel(stream), i) for i, cost in enumerate(costs)]
    return [i for _, i in sorted(keyed)]


def gumbel(stream: Stream) -> float:
    """A Gumbel(0, 1) draw: -log(-log(u)) for u uniform in (0, 1)."""
    u = stream.random()
    while u <= 0.0:  # random() may return 0.0, whose logarithm is not a number
        u = stream.random()
    return -math.log(-math.log(u))


class Draws(Protocol):
    """A player's own draws (`random.Random(seed)` is one), for its ties."""

    def randrange(self, stop: int, /) -> int:
        """A number from 0 to `stop` - 1, each as likely."""
        ...


def least_of(items: Iterable[T], key: Callable[[T], Any]) -> list[T]:
    """Every one of `items` with the least `key`, in the order they came: those a player
    draws among (`least_drawn`; the Heroes greedy player's own draws, builder.heroes.ai)."""
    alike: list[T] = []
    low: Any = None
    for item in items:
        score = key(item)
        if not alike or score < low:
            alike, low = [item], score
        elif score == low:
            alike.append(item)
    if not alike:
        raise ValueError("nothing to choose from")
    return alike


def least_drawn(items: Iterable[T], key: Callable[[T], Any], draws: Draws) -> T:
    """One of `items` with the least `key`, each of those as likely: a tie falls to the
    player's own draws, never to the order the items came in, so a player prefers no corner
    of the map and no place in a list (issue 34). Nothing is drawn when one is least."""
    alike = least_of(items, key)
    return alike[0] if len(alike) == 1 else alike[draws.randrange(len(alike))]


def ranked_drawn(items: Iterable[T], key: Callable[[T], Any], draws: Draws) -> list[T]:
    """`items` by `key`, the least first, those alike in an order drawn (Fisher-Yates on the
    player's own draws), for a player that takes the first few."""
    runs: dict[Any, list[T]] = {}
    for item in items:
        runs.setdefault(key(item), []).append(item)
    found: list[T] = []
    for score in sorted(runs):
        alike = runs[score]
        for last in range(len(alike) - 1, 0, -1):
            other = draws.randrange(last + 1)
            alike[last], alike[other] = alike[other], alike[last]
        found += alike
    return found
