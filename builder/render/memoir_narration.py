"""How front ends show the hex game's events: one line per event, and each battle roll with
its dice faces, every modifier with its page and the dice rolled. Rendering only."""

from __future__ import annotations

from rich.text import Text

from builder.kernel.events import Roll, ToldEvent
from builder.memoir.rules.battle_dice import face
from builder.memoir.rules.events import (
    BattleEvent,
    CardEvent,
    DealEvent,
    DrawEvent,
    EliminatedEvent,
    LossEvent,
    RetreatEvent,
    TurnEvent,
    VictoryEvent,
)
from builder.render import rolls

STYLE: dict[type[ToldEvent], str] = {
    TurnEvent: "bold underline",
    CardEvent: "yellow",
    BattleEvent: "bold",
    LossEvent: "red",
    RetreatEvent: "magenta",
    EliminatedEvent: "bold red",
    VictoryEvent: "bold green",
    DrawEvent: "dim",
    DealEvent: "dim",
}


def event_line(event: ToldEvent) -> Text:
    """`T3 [allies] Infantry allies-1 fires at …`."""
    prefix = f"T{event.turn} " if event.turn else "   "
    who = f"[{event.side}] " if event.side else ""
    return Text(f"{prefix}{who}{event.text}", style=STYLE.get(type(event), ""))


def roll_text(roll: Roll, indent: int = 6) -> Text:
    """`battle: +3 Infantry at 1 hex (…) -1 target in Woods (…) = 2 dice [infantry, flag]`."""
    return rolls.roll_text(roll, indent, unit=" dice", faces=f" [{', '.join(face(p).value for p in roll.dice)}]")
