"""What happens in a game of the hex game, one model per kind of event, each with the
summary's heading it is played under (`page`). The rules core builds them; front ends show
them by type; `EVENT_LOG` reads a JSON log (`hon simulate --json`) back."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import TypeAdapter

from builder.kernel.events import ToldEvent, event_log


class Phase(StrEnum):
    """The set-up, then the five steps of a turn (M44 summary, the turn sequence)."""

    SETUP = "setup"
    CARD = "card"
    ORDER = "order"
    MOVE = "move"
    BATTLE = "battle"
    DRAW = "draw"


class _Event(ToldEvent):
    """An event of the hex game, in the step of the turn it happens in (`phase`)."""

    phase: Phase


class DealEvent(_Event):
    """A side's hand of command cards dealt at the set-up (M44 summary: Draw a command card)."""

    kind: Literal["deal"] = "deal"
    cards: tuple[str, ...]


class TurnEvent(_Event):
    """A side's turn begins (M44 summary: turn sequence)."""

    kind: Literal["turn"] = "turn"


class CardEvent(_Event):
    """A command card played: the section it orders and how many units (M44 summary: Play a
    command card)."""

    kind: Literal["card"] = "card"
    card: str
    section: str
    units: int


class OrderEvent(_Event):
    """The units the card orders, by key (M44 summary: Order)."""

    kind: Literal["order"] = "order"
    units: tuple[str, ...]


class MoveEvent(_Event):
    """An ordered unit moved `hexes` from `start` to `end` (M44 summary: Move)."""

    kind: Literal["move"] = "move"
    unit: str
    start: tuple[int, int]
    end: tuple[int, int]
    hexes: int


class BattleEvent(_Event):
    """A battle: the dice `unit` rolled at `target`, `distance` hexes away (adjacent: a close
    assault; an armor's overrun), their faces and the hits and flags they scored (M44 summary:
    Battle; Range and hit dice rolled; Resolving battles)."""

    kind: Literal["battle"] = "battle"
    unit: str
    target: str
    distance: int
    close_assault: bool
    overrun: bool = False
    dice: int
    faces: tuple[str, ...]
    hits: int
    flags: int


class RetreatEvent(_Event):
    """A unit pushed back by flags (M44 summary: Retreats)."""

    kind: Literal["retreat"] = "retreat"
    unit: str
    start: tuple[int, int]
    end: tuple[int, int]
    ignored: int = 0  # flags ignored thanks to the ground
    blocked: int = 0  # retreat moves that could not be made: one figure lost each


class LossEvent(_Event):
    """Figures a unit lost to hits, or one for each retreat move it could not make (M44
    summary: Resolving battles; Retreats)."""

    kind: Literal["loss"] = "loss"
    unit: str
    figures: int  # figures removed
    left: int  # figures the unit still has


class EliminatedEvent(_Event):
    """A unit's last figure removed: a medal for the other side (M44 summary: Resolving
    battles)."""

    kind: Literal["eliminated"] = "eliminated"
    unit: str
    medals: int  # the medals of the side that won it, now


class TakeGroundEvent(_Event):
    """A unit moved into the hex its close assault emptied (M44 summary: Taking ground)."""

    kind: Literal["take-ground"] = "take-ground"
    unit: str
    start: tuple[int, int]
    end: tuple[int, int]


class DrawEvent(_Event):
    """The command card a side drew to end its turn (M44 summary: Draw a command card)."""

    kind: Literal["draw"] = "draw"
    card: str


class VictoryEvent(_Event):
    """The game's end: the winner, if any, and each side's medals (M44 summary: Resolving
    battles (medals))."""

    kind: Literal["victory"] = "victory"
    winner: str | None
    medals: dict[str, int]


MemoirEvent = (
    DealEvent
    | TurnEvent
    | CardEvent
    | OrderEvent
    | MoveEvent
    | BattleEvent
    | RetreatEvent
    | LossEvent
    | EliminatedEvent
    | TakeGroundEvent
    | DrawEvent
    | VictoryEvent
)
EVENT_LOG: TypeAdapter[list[MemoirEvent]] = event_log(MemoirEvent)
