"""Who plays a side of the Heroes System (DESIGN.md 7): a player is one method,
`choose(view, decision)`, answering each decision (builder.heroes.rules.decisions) with one
of its options. Players live apart from the rules (builder.heroes.ai): the rules ask, through
the Turn, and check the answer against the options they offered."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeAlias

from builder.heroes.rules.decisions import HeroesDecision
from builder.heroes.rules.state import GameState
from builder.kernel.decisions import Player


@dataclass(frozen=True)
class HeroesView:
    """What `side` may know of the game as it stands. The state is the game's own, to read,
    never to change."""

    side: str
    state: GameState


HeroesPlayer: TypeAlias = Player[HeroesView, HeroesDecision]


def viewer(state: GameState) -> Callable[[str], HeroesView]:
    """Each side's view of `state`, as a Table asks for it."""
    return lambda side: HeroesView(side, state)
