"""Every decision a player of the hex game makes (DESIGN.md 7; builder.kernel.decisions), in
the order of a turn (M44 summary, turn sequence): the command card played, the units it
orders, each ordered unit's move, its battle, taking ground after a close assault; and,
asked of the other side, where its unit retreats on each flag. `MemoirDecision` is the union
a player matches on.

Units are named by their key ("allies-3"), places by their hex: a choice is plain data, the
same in every copy of a game. Drawing a command card is no decision (the top of the deck)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from builder.kernel.decisions import Decision, Selections
from builder.memoir.catalogue import CommandCard
from builder.memoir.hexes import Hex
from builder.memoir.rules.movement import Step


@dataclass(frozen=True, kw_only=True)
class PlayCard(Decision[CommandCard]):
    """The command card to play from the hand (M44 summary, "Play a command card"); the
    options are the hand as it is held, a card held twice listed twice."""

    kind: ClassVar[str] = "m44-play-card"


@dataclass(frozen=True, kw_only=True)
class OrderUnits(Decision[tuple[str, ...]]):
    """The units `card` orders (M44 summary, "Order"): up to its number of the side's units in
    its section (Selections of unit keys). They move, then battle, in the order given."""

    kind: ClassVar[str] = "m44-order-units"
    options: Selections[str]
    card: CommandCard


@dataclass(frozen=True, kw_only=True)
class MoveUnit(Decision[Step]):
    """Where the ordered `unit` moves (M44 summary, "Move"): each hex it may end on, its own
    (0 hexes) first, by the shortest way there. Nothing happens on the way in the summary's
    rules, and a longer way only costs the unit its battle, so one way per hex is offered."""

    kind: ClassVar[str] = "m44-move-unit"
    unit: str


@dataclass(frozen=True, kw_only=True)
class BattleTarget(Decision[str | None]):
    """The enemy the ordered `unit` battles, or None not to battle (M44 summary, "Battle":
    "an ordered unit does not have to battle"): those in range and sight, only adjacent ones
    when an enemy is adjacent. `overrun`: an armor's battle after taking ground."""

    kind: ClassVar[str] = "m44-battle-target"
    unit: str
    overrun: bool = False


@dataclass(frozen=True, kw_only=True)
class TakeGround(Decision[bool]):
    """Whether `unit` advances into `place`, the hex its close assault emptied (M44 summary,
    "Taking ground": it "may advance")."""

    kind: ClassVar[str] = "m44-take-ground"
    unit: str
    place: Hex


@dataclass(frozen=True, kw_only=True)
class RetreatMove(Decision[Hex]):
    """Where the side's `unit` retreats for one flag (M44 summary, "Retreats"): a free hex one
    step back towards its side (French Resistance: up to three steps). `flags`: the retreat
    moves still to make, this one included. Asked only when the unit has somewhere to go."""

    kind: ClassVar[str] = "m44-retreat"
    unit: str
    flags: int


MemoirDecision = PlayCard | OrderUnits | MoveUnit | BattleTarget | TakeGround | RetreatMove
