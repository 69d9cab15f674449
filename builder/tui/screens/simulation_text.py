"""What the simulation viewer writes and tints: the event list's lines, the current event
with every roll, the odds of a picked shot with each modifier and its page, the map's
legend, and the squares an event touches. Text only: the rules core computed it all."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

from rich.text import Text

from builder.heroes.rules.events.game import (
    AdvanceEvent,
    AssaultEvent,
    CardEvent,
    ConcealEvent,
    CrushEvent,
    DeployEvent,
    DestroyedEvent,
    DestructionEvent,
    EmbarkEvent,
    EnterEvent,
    FireEvent,
    FlightEvent,
    FlipEvent,
    GearEvent,
    HeroesEvent,
    HoldEvent,
    MineEvent,
    MoveEvent,
    PushWreckEvent,
    RetreatEvent,
    RevealEvent,
    RubbleEvent,
    SniperEvent,
    SpotEvent,
    TemplateEvent,
    WorksEvent,
)
from builder.render.narration import event_line, roll_text, style_of
from builder.tui.screens.viewer import event_heading, odds_lines
from builder.tui.widgets.letters import WRECK

if TYPE_CHECKING:
    from builder.heroes.rules.pieces import Piece
    from builder.heroes.rules.preview import ShotPreview
    from builder.heroes.scenario.models import Scenario

Square = tuple[int, int]

# Pieces are drawn in a lighter shade of their side's zone tint, so that a counter stands
# out from its own deployment zone.
PIECE_COLOURS = ["#a8ccff", "#ffa8a3", "#ffe7a3", "#dcbcff"]
WRECK_COLOUR = "#a0a0a0"
# Square tints (blended with the terrain by the map) for what the event touches and for
# the player's picks.
EVENT_TINT = "#ffd700"
FIRER_TINT = "#00d7d7"
TARGET_TINT = "#ff5fd7"
PATH_GLYPH = ("·", EVENT_TINT)


def event_squares(event: HeroesEvent, pieces: Mapping[str, Piece]) -> tuple[set[Square], set[Square]]:
    """The squares an event touches (where units end up, who fired at whom) and the path a
    move took; `pieces` should hold the pieces both before and after the event, so that a
    destroyed unit's square is still found."""
    touched = {sq for key in _actors(event) if key is not None and key in pieces for sq in pieces[key].squares}
    touched.update(_destination(event))
    path = event.path if isinstance(event, MoveEvent) else ()
    return touched, set(path) - touched


def _actors(event: HeroesEvent) -> tuple[str | None, ...]:
    """The keys of the pieces an event is about: the unit that acted, and whom it acted on."""
    match event:
        case (
            MoveEvent()
            | EnterEvent()
            | AdvanceEvent()
            | RetreatEvent()
            | PushWreckEvent()
            | EmbarkEvent()
            | RevealEvent()
            | HoldEvent()
            | DestroyedEvent()
            | CardEvent()
            | FlipEvent()
            | GearEvent()
            | MineEvent()
            | WorksEvent()
            | FlightEvent()
            | ConcealEvent()
        ):
            return (event.unit,)
        case SpotEvent():
            return (event.by,)
        case CrushEvent():
            return (event.unit, event.wreck)
        case FireEvent() | SniperEvent():
            return (event.firer, event.target)
        case TemplateEvent():
            return (event.firer,)
        case DestructionEvent():
            return (event.unit, event.structure)  # a wreck's key; a building's is no piece
        case AssaultEvent():
            return (event.attacker, event.defender)
        case DeployEvent():
            return event.units
    return ()


def _destination(event: HeroesEvent) -> tuple[Square, ...]:
    """The squares an event reaches beyond its pieces': where a unit moved or was seen,
    what a template, rubble, a mine or works cover."""
    match event:
        case MoveEvent() | EnterEvent() | AdvanceEvent() | RetreatEvent() | PushWreckEvent() | EmbarkEvent():
            return event.to or ()
        case SpotEvent():
            return event.at
        case TemplateEvent() | RubbleEvent() | WorksEvent():
            return event.squares
        case MineEvent():
            return (event.square,)
    return ()


def list_line(event: HeroesEvent, sentence: str) -> Text:
    """One line of the event list, cut to the panel's width."""
    line = event_line(event, sentence)
    line.no_wrap, line.overflow = True, "ellipsis"
    return line


def event_text(event: HeroesEvent, sentence: str, index: int, count: int) -> Text:
    """The current event: where it is in the game, what happened and every roll."""
    text = event_heading(event, index, count)
    text.append(sentence, style=style_of(event))
    for roll in event.rolls:
        text.append("\n")
        text.append_text(roll_text(roll, indent=2))
    return text


def previews_text(firer: Piece, target: Piece, previews: Iterable[ShotPreview]) -> Text:
    """Each weapon's odds (`miss 58.3%  hit 41.7%  double 0.0%`) and the modifiers behind
    them, or why there is no shot."""
    text = Text()
    text.append(f"{firer.unit.name} fires at {target.unit.name}", style="bold")
    for preview in previews:
        text.append(f"\n  {preview.weapon}\n    ", style="bold")
        odds = preview.odds
        if odds is None:
            text.append(preview.reason or "no shot", style="italic")
            continue
        best = f"{odds.dice} dice, best kept" if odds.dice > 1 else ""
        text.append_text(odds_lines(odds.as_dict(), odds.modifiers, odds.against, best))
    return text


def legend(scenario: Scenario, letters: Mapping[tuple[str, str], str]) -> Text:
    """What the letters and tints on the map mean: each side's units by their letter."""
    text = Text()
    for index, side in enumerate(scenario.sides):
        colour = PIECE_COLOURS[index % len(PIECE_COLOURS)]
        text.append(f"{side.name}:", style=f"bold {colour}")
        for (owner, name), letter in sorted(letters.items(), key=lambda item: item[1]):
            if owner == side.id:
                text.append(f" {letter}", style=f"bold {colour}")
                text.append(f" {name}")
        text.append("\n")
    text.append(f"{WRECK} wreck  ", style="dim")
    text.append("  ", style=f"on {EVENT_TINT}")
    text.append(" this event (· its path)  ", style="dim")
    text.append("  ", style=f"on {FIRER_TINT}")
    text.append(" firer  ", style="dim")
    text.append("  ", style=f"on {TARGET_TINT}")
    text.append(" target", style="dim")
    return text
