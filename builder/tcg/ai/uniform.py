"""The random player of the Tactical Card Game: at every decision, one of the options the
rules offer, each as likely (after OpenSpiel's uniform random bot). It knows nothing of the
game but the options, so a game it plays tests the rules' options: every one it takes must
be legal, whatever it is. Its draws come from its own stream, seeded by the game's seed and
its side, never from the game's dice (builder.kernel.choice)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from builder.kernel.decisions import uniform_choice
from builder.tcg.rules.decisions import TcgDecision
from builder.tcg.rules.players import TcgView


@dataclass
class RandomPlayer:
    """Uniformly random among the legal options; `stream` its own draws."""

    stream: random.Random = field(default_factory=lambda: random.Random(0))

    def choose(self, view: TcgView, decision: TcgDecision) -> object:
        """One of `decision`'s options, each as likely: every kind is answered alike."""
        return uniform_choice(decision, self.stream)


def for_every_side(sides: list[str], seed: int) -> dict[str, RandomPlayer]:
    """A random player for each side, each with its own stream for the game of `seed`."""
    return {side: RandomPlayer(random.Random(f"hon-tcg-random-player/{seed}/{side}")) for side in sides}
