"""The Turn: what the rules share while one phase of one turn is played (HoN core p.8-9): the
game state they change, the dice, the phase, the table where players are asked, and the
frames they record. The rules themselves are functions taking the Turn first, each in the
module of its concept (actions.movement, actions.firing, actions.assault, ...); `perform` hands an action to its
resolver (builder.heroes.rules.actions.activation)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias, TypeVar

from builder.heroes.rules.actions import activation
from builder.heroes.rules.actions.kinds import Action
from builder.heroes.rules.events.game import HeroesEvent, Phase
from builder.heroes.rules.players import HeroesPlayer, HeroesView, viewer
from builder.heroes.rules.state import Frame, GameState
from builder.kernel.decisions import Decision
from builder.kernel.dice import Dice
from builder.kernel.match import Table

OptionT = TypeVar("OptionT")
# Who answers while a phase is played: each side's player, or a forward model's table (which
# answers from its tape first, builder.kernel.match), or nobody.
Players: TypeAlias = Mapping[str, HeroesPlayer] | Table[HeroesView] | None


class Turn:
    """Applies actions to a state and records what happened, for one phase of one turn.

    The players (or a forward model's `table`) are asked whatever the books leave to a player
    while the phase is played; a Turn with neither asks no one and plays as the books do
    when a player passes (no card, no marker spent, no Opportunity Fire)."""

    def __init__(
        self,
        state: GameState,
        dice: Dice,
        phase: Phase,
        players: Players = None,
    ) -> None:
        self.state, self.dice, self.phase = state, dice, phase
        self.table: Table[HeroesView] | None = (
            players if isinstance(players, Table) else Table(viewer(state), players) if players else None
        )
        self.frames: list[Frame] = []

    @property
    def asking(self) -> bool:
        """Whether anyone is asked: else every question is passed on."""
        return self.table is not None

    def ask(self, decision: Decision[OptionT]) -> OptionT:
        """The chooser's answer, one of the decision's options (IllegalChoice otherwise)."""
        if self.table is None:
            raise RuntimeError(f"no player to ask for {decision.kind}")
        return self.table.ask(decision)

    @property
    def events(self) -> list[HeroesEvent]:
        return [frame.event for frame in self.frames]

    def add(self, event: HeroesEvent) -> None:
        """Record an event with the battlefield as it stands now."""
        self.frames.append(Frame(event, self.state.snapshot()))

    def perform(self, key: str, action: Action) -> None:
        """Unit `key` (on the battlefield or in reserve) takes `action`."""
        activation.perform(self, key, action)
