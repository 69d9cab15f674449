"""The random player: at every decision, one of the options the rules offer, each as likely
(after OpenSpiel's uniform random bot). It knows nothing of the game but the options, so a
game it plays tests the rules' options: every one it takes must be legal, whatever it is.
Its draws come from its own stream, seeded by the game's seed and its side, never from the
game's dice."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import assert_never

from builder.memoir.catalogue import Side
from builder.memoir.rules.decisions import (
    BattleTarget,
    MemoirDecision,
    MoveUnit,
    OrderUnits,
    PlayCard,
    RetreatMove,
    TakeGround,
)
from builder.memoir.rules.players import MemoirView


@dataclass
class RandomPlayer:
    """Uniformly random among the legal options; `stream` its own draws."""

    stream: random.Random = field(default_factory=lambda: random.Random(0))

    def choose(self, view: MemoirView, decision: MemoirDecision) -> object:
        """One of `decision`'s options, each as likely: every kind alike, the options carry
        all the rules know of it (a selection of units: each selection as likely)."""
        match decision:
            case PlayCard() | OrderUnits() | MoveUnit() | BattleTarget() | TakeGround() | RetreatMove():
                return self._any(decision.options)
            case _:
                assert_never(decision)

    def _any(self, options: Iterable[object]) -> object:
        listed = list(options)  # never empty: each kind is asked with one option at least
        return listed[self.stream.randrange(len(listed))]


def for_every_side(sides: Iterable[Side], seed: int) -> dict[Side, RandomPlayer]:
    """A random player for each side, each with its own stream for the game of `seed`."""
    return {side: RandomPlayer(random.Random(f"hon-random-player/{seed}/{side.value}")) for side in sides}
