"""How front ends show the Tactical Card Game's events: one line per event with its page,
and each roll with its dice, every modifier with its page and the total. Rendering only."""

from __future__ import annotations

from rich.text import Text

from builder.kernel.events import Roll
from builder.render import rolls
from builder.tcg.rules.events import DestroyedEvent, PhaseEvent, ShotEvent, TcgEvent, TurnEvent, VictoryEvent

STYLE: dict[type, str] = {
    TurnEvent: "bold underline",
    PhaseEvent: "bold",
    ShotEvent: "bold",
    DestroyedEvent: "red",
    VictoryEvent: "bold green",
}


def roll_text(roll: Roll, indent: int = 6) -> Text:
    """`shooting: 2d6 [3 4] +1 DIRECTIVE: sustained fire (TCG p.14) = 8  [TCG p.8]`."""
    count = "2d6" if len(roll.dice) == 2 else "d6"
    return rolls.roll_text(roll, indent, f"{count} [{' '.join(str(d) for d in roll.dice)}]")


def event_line(event: TcgEvent) -> Text:
    """`T2 [us] Rifle Company moves to [2, 1].  (TCG p.9)`."""
    prefix = f"T{event.turn} " if event.turn else "   "
    who = f"[{event.side}] " if event.side else ""
    line = Text(f"{prefix}{who}{event.text}", style=STYLE.get(type(event), ""))
    line.append(f"  ({event.page})", style="dim")
    return line
