"""The phases a Heroes System event happens in, and the base of every event model
(`events.game`, `events.combat`, `events.mythos`)."""

from __future__ import annotations

from enum import StrEnum

from builder.kernel.events import GameEvent

__all__ = ["Phase", "PhasedEvent"]


class Phase(StrEnum):
    """When an event happens: the set-up, then each Game Turn's Order, Activation and Supply
    Phases (HoN core p.8-9, p.16)."""

    SETUP = "setup"
    ORDER = "order"
    ACTIVATION = "activation"
    SUPPLY = "supply"


class PhasedEvent(GameEvent):
    """An event of a Heroes System game, told in the phase it happens in."""

    phase: Phase
