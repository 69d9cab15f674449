"""The phases a Heroes System event happens in, and the base of every event model
(`events.game`, `events.combat`, `events.mythos`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import model_validator

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
    """An event of a Heroes System game, told in the phase it happens in. It carries the
    facts; its sentence is rendered at the edge (builder.render.heroes_events), so the "text"
    of a JSON log is not read back."""

    phase: Phase

    @model_validator(mode="before")
    @classmethod
    def _untold(cls, value: Any) -> Any:
        """A log's "text" is the sentence rendered from the facts: nothing to read back."""
        if isinstance(value, dict) and "text" in value:
            return {key: item for key, item in value.items() if key != "text"}
        return value
