"""What happens in a game of the hex game, one model per kind of event, each with the
summary's heading it is played under (`page`). The rules core builds them; front ends show
them by type; `EVENT_LOG` reads a JSON log (`hon simulate --json`) back."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from builder.kernel.events import ToldEvent


class Phase(StrEnum):
    """The set-up, then the five steps of a turn (M44 summary, the turn sequence)."""

    SETUP = "setup"
    CARD = "card"
    ORDER = "order"
    MOVE = "move"
    BATTLE = "battle"
    DRAW = "draw"


class _Event(ToldEvent):
    phase: Phase
    page: str


class DealEvent(_Event):
    kind: Literal["deal"] = "deal"
    cards: tuple[str, ...]


class TurnEvent(_Event):
    kind: Literal["turn"] = "turn"


class CardEvent(_Event):
    kind: Literal["card"] = "card"
    card: str
    section: str
    units: int


class OrderEvent(_Event):
    kind: Literal["order"] = "order"
    units: tuple[str, ...]


class MoveEvent(_Event):
    kind: Literal["move"] = "move"
    unit: str
    start: tuple[int, int]
    end: tuple[int, int]
    hexes: int


class BattleEvent(_Event):
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
    kind: Literal["retreat"] = "retreat"
    unit: str
    start: tuple[int, int]
    end: tuple[int, int]
    ignored: int = 0  # flags ignored thanks to the ground
    blocked: int = 0  # retreat moves that could not be made: one figure lost each


class LossEvent(_Event):
    kind: Literal["loss"] = "loss"
    unit: str
    figures: int  # figures removed
    left: int  # figures the unit still has


class EliminatedEvent(_Event):
    kind: Literal["eliminated"] = "eliminated"
    unit: str
    medals: int  # the medals of the side that won it, now


class TakeGroundEvent(_Event):
    kind: Literal["take-ground"] = "take-ground"
    unit: str
    start: tuple[int, int]
    end: tuple[int, int]


class DrawEvent(_Event):
    kind: Literal["draw"] = "draw"
    card: str


class VictoryEvent(_Event):
    kind: Literal["victory"] = "victory"
    winner: str | None
    medals: dict[str, int]


MemoirEvent = Annotated[
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
    | VictoryEvent,
    Field(discriminator="kind"),
]
EVENT_LOG: TypeAdapter[list[MemoirEvent]] = TypeAdapter(list[MemoirEvent])
