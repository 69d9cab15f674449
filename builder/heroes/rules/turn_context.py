"""The Turn: what the rules share while one phase of one turn is played (HoN core p.8-9): the
game state they change, the dice, the phase, the players asked while an action resolves, and
the frames they record. The rules themselves are functions taking the Turn first, each in the
module of its concept (moving, firing, assaulting, ...); `perform` hands an action to its
resolver (builder.heroes.rules.activation)."""

from __future__ import annotations

from collections.abc import Mapping

from builder.heroes.rules import activation
from builder.heroes.rules.actions import Action
from builder.heroes.rules.cards import CardChoices
from builder.heroes.rules.events import HeroesEvent, Phase
from builder.heroes.rules.players import Player, Watcher
from builder.heroes.rules.state import Frame, GameState
from builder.kernel.dice import Dice


class Turn:
    """Applies actions to a state and records what happened, for one phase of one turn.
    `players` are the sides asked while an action resolves: their card decisions (Alternate
    Bonuses, re-rolls; without them nobody plays a card but in its own action) and their
    Opportunity Fire and Knife markers (without them nobody takes Opportunity Fire)."""

    def __init__(self, state: GameState, dice: Dice, phase: Phase, players: Mapping[str, Player] | None = None) -> None:
        self.state, self.dice, self.phase = state, dice, phase
        self.choices: Mapping[str, CardChoices] = players or {}
        self.frames: list[Frame] = []
        # Each side's policy, asked for Opportunity Fire during the Activation Phase (HoN core p.24).
        self.watchers: Mapping[str, Watcher] = players or {}
        # The same players as the optional rules ask them (Heroic, Veteran, Battle Events...):
        # each tests the side's player for the protocol it asks, and a side without one has None.
        # Typed `object`: mypy cannot narrow `Watcher | None` to a protocol Watcher does not
        # name (mypy #12802) and would skip the code after such a test as unreachable.
        self.players: Mapping[str, object] = players or {}

    @property
    def events(self) -> list[HeroesEvent]:
        return [frame.event for frame in self.frames]

    def add(self, event: HeroesEvent) -> None:
        """Record an event with the battlefield as it stands now."""
        self.frames.append(Frame(event, self.state.snapshot()))

    def perform(self, key: str, action: Action) -> None:
        """Unit `key` (on the battlefield or in reserve) takes `action`."""
        activation.perform(self, key, action)
