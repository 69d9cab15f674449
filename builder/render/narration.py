"""How both front ends (the `hon simulate` narration and the TUI's simulation viewer) show
the rules core's events: one line per event, and each roll with its dice, every modifier with
its page and the total. Rendering only: the events already hold every number."""

from __future__ import annotations

from rich.text import Text

from builder.heroes.rules.events.game import (
    AssaultEvent,
    BreaksEvent,
    CardEvent,
    ControlEvent,
    DestroyedEvent,
    DestructionEvent,
    DrawEvent,
    FireEvent,
    GearEvent,
    HeroesEvent,
    RubbleEvent,
    ScenarioEvent,
    SniperEvent,
    SpotEvent,
    SuddenDeathEvent,
    TemplateEvent,
    TurnEvent,
    VictoryEvent,
)
from builder.kernel.events import GameEvent, Roll
from builder.render import rolls

# The kinds of event that stand out; the others are plain.
STYLE: dict[type[GameEvent], str] = {
    FireEvent: "bold",
    SniperEvent: "bold",
    TemplateEvent: "bold",
    RubbleEvent: "red",
    DestructionEvent: "red",  # Destruction dice at a structure (HoN core p.22)
    AssaultEvent: "bold",
    DestroyedEvent: "red",
    BreaksEvent: "bold red",
    VictoryEvent: "bold green",
    ControlEvent: "cyan",
    SuddenDeathEvent: "bold red",
    ScenarioEvent: "magenta",
    SpotEvent: "yellow",
    TurnEvent: "bold underline",
    CardEvent: "yellow",  # an action card played, with its page (HoN core p.17)
    GearEvent: "yellow",  # a gear marker spent, with its page (HoN core p.28)
    DrawEvent: "dim",
}


def style_of(event: HeroesEvent) -> str:
    """The style of an event's sentence, chosen by its type."""
    return STYLE.get(type(event), "")


def event_line(event: HeroesEvent, sentence: str) -> Text:
    """`T2 [us] Fire Team fires at Fw. Richter: …`: the event's turn, side and `sentence`
    (`heroes_events.Narrator`)."""
    prefix = f"T{event.turn} " if event.turn else "   "
    who = f"[{event.side}] " if event.side else ""
    return Text(f"{prefix}{who}{sentence}", style=style_of(event))


def roll_text(roll: Roll, indent: int = 6) -> Text:
    """`fire: d6 [4] +2 Combat value vs infantry (HoN core p.15) +1 Ammo (…) = 7`."""
    dice = " ".join(str(d) for d in roll.dice)
    return rolls.roll_text(roll, indent, f"d6 [{dice}]" + (f" keeps {roll.kept}" if len(roll.dice) > 1 else ""))
