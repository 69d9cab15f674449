"""The simple policy with seeded variety, for balance runs (DESIGN.md 9): where the simple
policy takes the best-scored option, this one draws among the options by softmax over their
scores at a temperature (builder.kernel.choice.softmax_order), from its own seeded stream.
At temperature 0 it is the simple policy exactly.

What it varies, each score counted in steps of preference (one step worse is e^-1/T as
likely to be chosen as the best):

* which units take the order tokens: a step is a square nearer the enemy (those that must
  take one, Personal Order, still first);
* where a moving unit ends its move: a step is a square nearer its goal (a point of cover
  is half a square, as the simple policy weighs them);
* which assault a unit makes, when several favour it: a step is 0.1 of edge (P(win) minus
  P(loss), times the defender's worth);
* what each weapon fires at, among the plans worth a shot (a normal shot, Suppressive Fire,
  a Machine Gunner's split): a step is 0.1 expected hits (times the target's worth).

What it keeps from the simple policy, undrawn: whether a unit assaults, fires or moves (the
thresholds), the goals it moves towards, Opportunity Fire, Ammo and Knife markers, action
cards, entering from reserve, reinforcements."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from builder.heroes.ai.common import SortKey, T
from builder.heroes.ai.firing import Plan
from builder.heroes.ai.greedy import SimplePolicy
from builder.kernel.choice import Stream, softmax_order

FIRE_STEP = 0.1  # hon's reading: one step of preference between firing plans, in expected hits


@dataclass
class VariedPolicy(SimplePolicy):
    temperature: float = 0.0
    stream: Stream | None = None  # the draws: needed when the temperature is above 0

    def __post_init__(self) -> None:
        if self.temperature < 0:
            raise ValueError(f"a temperature is 0 or more, not {self.temperature}")
        if self.temperature > 0 and self.stream is None:
            raise ValueError("a varied policy needs a seeded stream to draw from")

    def ranked(
        self, options: Iterable[T], key: Callable[[T], tuple[Any, ...]], unit: float, order: SortKey[T]
    ) -> list[T]:
        if self.stream is None or self.temperature == 0:
            return super().ranked(options, key, unit, order)
        ordered = sorted(options, key=lambda o: (key(o), order(o)))  # the same order whatever order they came in
        costs = [float(key(option)[0]) / unit for option in ordered]
        return [ordered[i] for i in softmax_order(costs, self.temperature, self.stream)]

    def least(self, options: Iterable[T], key: Callable[[T], tuple[Any, ...]], unit: float, order: SortKey[T]) -> T:
        if self.stream is None or self.temperature == 0:
            return super().least(options, key, unit, order)
        return self.ranked(options, key, unit, order)[0]

    def takes_least(self) -> bool:
        return self.stream is None or self.temperature == 0

    def plan_of(self, plans: list[Plan]) -> Plan | None:
        if not plans or self.temperature == 0:
            return super().plan_of(plans)
        indexed = list(enumerate(plans))
        return self.least(indexed, lambda p: (-p[1].value,), unit=FIRE_STEP, order=lambda p: p[0])[1]
