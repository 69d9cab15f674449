"""The random player: at every decision, one of the options the rules offer, each as likely
(after OpenSpiel's uniform random bot). It knows nothing of the game but the options, so a
game it plays tests the rules' options: every one it takes must be legal, whatever it is.

Where the rules list an option in steps or give a way to draw one (every placement of the
order tokens, builder.kernel.decisions.Checked.draw), it draws that way; elsewhere it picks
among the options listed. Its draws come from its own stream, seeded by the game's seed and
its side, never from the game's dice (builder.kernel.choice)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from builder.heroes.rules.decisions import HeroesDecision
from builder.heroes.rules.players import HeroesView
from builder.kernel.decisions import uniform_choice


@dataclass
class RandomPlayer:
    """Uniformly random among the legal options; `stream` its own draws."""

    stream: random.Random = field(default_factory=lambda: random.Random(0))

    def choose(self, view: HeroesView, decision: HeroesDecision) -> object:
        """One of `decision`'s options, each as likely. Every kind is answered alike: the
        options carry all the rules know of it."""
        return uniform_choice(decision, self.stream)


def for_every_side(sides: list[str], seed: int) -> dict[str, RandomPlayer]:
    """A random player for each side, each with its own stream for the game of `seed`."""
    return {side: RandomPlayer(random.Random(f"hon-random-player/{seed}/{side}")) for side in sides}
