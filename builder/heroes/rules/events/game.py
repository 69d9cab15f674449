"""What happens in a game of Heroes of Normandie, one model per kind of event: the rules
core builds them (turn.py, the actions/ modules, simulation.py), front ends choose how to show them by
their type, and `EVENT_LOG` reads a JSON event log (`hon simulate --json`) back into them.

The fields are what front ends need to draw an event (unit keys, squares, outcomes); the
sentence and the rolls say the rest. Their JSON is `GameEvent.to_json`'s, unchanged since
events were one class with a data dictionary, so that logs written before still read.
The fighting events are in `combat`, Shadows over Normandie's in `mythos`;
this module names them all."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field, TypeAdapter

from builder.heroes.rules.events.combat import (
    AdvanceEvent,
    AssaultEvent,
    CrushEvent,
    DestroyedEvent,
    DestructionEvent,
    FireEvent,
    GearEvent,
    RetreatEvent,
    RubbleEvent,
    SniperEvent,
    TemplateEvent,
)
from builder.heroes.rules.events.mythos import (
    AidEvent,
    MadnessEvent,
    SearchEvent,
    SpellEvent,
    SubstituteEvent,
    TerrorEvent,
)
from builder.heroes.rules.events.phase import Phase, PhasedEvent
from builder.heroes.rules.pieces import Square

__all__ = [
    "EVENT_LOG",
    "AdvanceEvent",
    "AidEvent",
    "AssaultEvent",
    "BreaksEvent",
    "CardEvent",
    "CardUse",
    "ClearEvent",
    "ConcealEvent",
    "ControlEvent",
    "CrushEvent",
    "DeployEvent",
    "DestroyedEvent",
    "DestructionEvent",
    "DrawEvent",
    "EmbarkEvent",
    "EnterEvent",
    "ExitEvent",
    "FireEvent",
    "FlightEvent",
    "FlipEvent",
    "GearEvent",
    "HeroesEvent",
    "HoldEvent",
    "InitiativeEvent",
    "MadnessEvent",
    "MineEvent",
    "MoveEvent",
    "OrdersEvent",
    "Phase",
    "PhasedEvent",
    "PushWreckEvent",
    "RallyEvent",
    "RetreatEvent",
    "RevealEvent",
    "RubbleEvent",
    "ScenarioEvent",
    "SearchEvent",
    "SniperEvent",
    "SpellEvent",
    "SpotEvent",
    "SubstituteEvent",
    "SuddenDeathEvent",
    "TemplateEvent",
    "TerrorEvent",
    "TurnEvent",
    "VictoryEvent",
    "WorksEvent",
]


# --- The set-up -------------------------------------------------------------------------


class InitiativeEvent(PhasedEvent):
    """Who has the initiative on turn 1: the scenario's side, or the initiative rolls."""

    kind: Literal["initiative"] = "initiative"


class DeployEvent(PhasedEvent):
    """A side deployed; `units` are the pieces now on the battlefield."""

    kind: Literal["deploy"] = "deploy"
    units: tuple[str, ...]


# --- The Order Phase --------------------------------------------------------------------


class TurnEvent(PhasedEvent):
    """A Game Turn begins."""

    kind: Literal["turn"] = "turn"


class OrdersEvent(PhasedEvent):
    """The order tokens a side placed, by unit key (HoN core p.8)."""

    kind: Literal["orders"] = "orders"
    numbered: tuple[str, ...]  # order 1 first
    special: tuple[str, ...]
    bluffs: tuple[str, ...]


class SuddenDeathEvent(PhasedEvent):
    """A side with no order token to place loses at once (HoN core p.8)."""

    kind: Literal["sudden-death"] = "sudden-death"


# --- The Activation and Supply Phases ---------------------------------------------------


class RevealEvent(PhasedEvent):
    """An order token turned over (HoN core p.9): the unit acts, or nothing happens."""

    kind: Literal["reveal"] = "reveal"
    unit: str


class HoldEvent(PhasedEvent):
    """An activated unit does nothing."""

    kind: Literal["hold"] = "hold"
    unit: str


class MoveEvent(PhasedEvent):
    """A Movement Action: the squares the unit ends on, and the path it took there."""

    kind: Literal["move"] = "move"
    unit: str
    to: tuple[Square, ...]
    path: tuple[Square, ...]
    cost: int


class EnterEvent(PhasedEvent):
    """A unit in reserve enters the battlefield on an entry square."""

    kind: Literal["enter"] = "enter"
    unit: str
    to: tuple[Square, ...]


class ExitEvent(PhasedEvent):
    """A unit leaves the battlefield from its side's exit squares: it counts as exited."""

    kind: Literal["exit"] = "exit"
    unit: str


class ClearEvent(PhasedEvent):
    """An Engineer removes a barbed hedgehog in its ZoC (BfC p.05, p.08): `squares` are the
    squares on either side of the line it took off the battlefield."""

    kind: Literal["clear"] = "clear"
    unit: str
    squares: tuple[Square, ...]


class MineEvent(PhasedEvent):
    """A Mine marker placed on, discarded from or set off at `square` (BfC p.09)."""

    kind: Literal["mine"] = "mine"
    unit: str
    square: Square
    what: Literal["placed", "cleared", "triggered"]


class WorksEvent(PhasedEvent):
    """A unit deploys an item on the battlefield: an Advanced Position (Military Engineering,
    BfC p.08) or a Forward Position (BfC p.09) on `squares`."""

    kind: Literal["works"] = "works"
    unit: str
    item: str
    squares: tuple[Square, ...]


class FlightEvent(PhasedEvent):
    """An airplane's Speed marker changed at the beginning of its Movement Action, or (`took_off`)
    the airplane taking off and leaving play (BfC p.10-11)."""

    kind: Literal["flight"] = "flight"
    unit: str
    speed: int | None
    took_off: bool = False


class ConcealEvent(PhasedEvent):
    """A side replaces one of its infantry units with a Concealed marker (HoN core p.30)."""

    kind: Literal["conceal"] = "conceal"
    unit: str


class SpotEvent(PhasedEvent):
    """A concealed unit is spotted and turned over onto its Inactive Side (HoN core p.21), or
    revealed by an Ambush Spotter activated by an order token (BfC p.08); `by` is the unit
    that spotted it, `at` where it stood."""

    kind: Literal["spot"] = "spot"
    unit: str
    by: str
    at: tuple[Square, ...]


class FlipEvent(PhasedEvent):
    """A unit turns its counter over of its own will (HoN core p.21): `state` is the side
    now up ("active" or "inactive")."""

    kind: Literal["flip"] = "flip"
    unit: str
    state: str


class PushWreckEvent(PhasedEvent):
    """A vehicle pushes a wreck one square (HoN core p.11); `to` is None when it sinks."""

    kind: Literal["push-wreck"] = "push-wreck"
    unit: str
    wreck: str
    to: tuple[Square, ...] | None = None


class EmbarkEvent(PhasedEvent):
    """An infantry unit gets into (or, `out`, off) a transport (HoN core p.27)."""

    kind: Literal["embark"] = "embark"
    unit: str
    transport: str
    out: bool = False
    to: tuple[Square, ...] | None = None


class BreaksEvent(PhasedEvent):
    """A combat group reaches its breaking point; its opponents score (HoN core p.15)."""

    kind: Literal["breaks"] = "breaks"
    group: str  # "german/tiles[0]"
    victory_points: int


class ControlEvent(PhasedEvent):
    """A side takes control of an objective."""

    kind: Literal["control"] = "control"
    objective: str


class CardUse(StrEnum):
    """Each action card is played for one of two purposes, never both (HoN core p.17)."""

    BATTLE_EVENT = "battle-event"
    ALTERNATE_BONUS = "alternate-bonus"


class CardEvent(PhasedEvent):
    """An action card played (HoN core p.17): for its Battle Event, or for its Alternate
    Bonus before a roll or a Movement Action. `unit` is the unit it is played for, if any;
    `page` where the rule it follows is printed, `source` where the card is ("example" for
    a card the books do not print). A re-rolled roll is in `rolls`."""

    kind: Literal["card"] = "card"
    card: str  # the card's catalogue id
    use: CardUse
    unit: str | None = None
    page: str
    source: str


class DrawEvent(PhasedEvent):
    """A side draws action cards: its opening hand, or at the end of the Supply Phase, after
    discarding those it wishes, up to the hand size the scenario gives (HoN core p.16-17).
    Card ids, which a player keeps hidden: the narration tells how many."""

    kind: Literal["draw"] = "draw"
    drawn: tuple[str, ...]
    discarded: tuple[str, ...] = ()
    hand: int  # cards in hand after the draw


class RallyEvent(PhasedEvent):
    """A side takes one Suppressed marker off each of its units (HoN core p.16)."""

    kind: Literal["rally"] = "rally"


# --- The end of the turn ----------------------------------------------------------------


class VictoryEvent(PhasedEvent):
    """The game is over: the winner (a side id or "draw") and the victory points."""

    kind: Literal["victory"] = "victory"
    winner: str
    victory_points: dict[str, int]


class ScenarioEvent(PhasedEvent):
    """One of the scenario's events, told, with what the engine played of it (builder.heroes.rules.turn)."""

    kind: Literal["scenario-event"] = "scenario-event"


HeroesEvent = Annotated[
    InitiativeEvent
    | DeployEvent
    | TurnEvent
    | OrdersEvent
    | SuddenDeathEvent
    | RevealEvent
    | HoldEvent
    | MoveEvent
    | EnterEvent
    | ClearEvent
    | MineEvent
    | WorksEvent
    | FlightEvent
    | ConcealEvent
    | ExitEvent
    | FireEvent
    | TemplateEvent
    | GearEvent
    | SniperEvent
    | AssaultEvent
    | AdvanceEvent
    | RetreatEvent
    | SpotEvent
    | FlipEvent
    | CrushEvent
    | PushWreckEvent
    | EmbarkEvent
    | DestroyedEvent
    | RubbleEvent
    | DestructionEvent
    | BreaksEvent
    | ControlEvent
    | RallyEvent
    | CardEvent
    | DrawEvent
    | VictoryEvent
    | ScenarioEvent
    | TerrorEvent
    | MadnessEvent
    | SpellEvent
    | AidEvent
    | SubstituteEvent
    | SearchEvent,
    Field(discriminator="kind"),
]

# Reads the "events" of `hon simulate --json` back: each by its "kind".
EVENT_LOG: TypeAdapter[list[HeroesEvent]] = TypeAdapter(list[HeroesEvent])
