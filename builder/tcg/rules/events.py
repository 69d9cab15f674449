"""What happens in a game of the Tactical Card Game, one model per kind of event, each with
the page of the rule it follows. Front ends choose how to show them by type; `EVENT_LOG`
reads a JSON event log (`hon simulate --json`) back into them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from pydantic import Field, TypeAdapter

from builder.kernel.events import Modifier, ToldEvent, event_log
from builder.tcg.base import Box


class Phase(StrEnum):
    SETUP = "setup"
    FIRST = "first"  # the first player's phase (TCG p.6)
    SECOND = "second"
    END = "end"  # the end of a turn: victory points and the victory check


class Tactic(StrEnum):
    """The five tactics of the command board (TCG p.6-7)."""

    RECOVER = "recover-directives"
    MANAGE = "manage-cards"
    MANOEUVRE = "manoeuvre"
    REMOVE_SUPPRESSED = "remove-suppressed"
    ACTIVATE = "activate"


class MoveKind(StrEnum):
    NORMAL = "move"  # the activation's move (TCG p.7)
    FORCED_MARCH = "forced-march"  # a DIRECTIVE marker's extra box (TCG p.14)
    SEIZE = "seize"  # seize their position! (TCG p.9)
    MANOEUVRE = "manoeuvre"  # two cards swap places (TCG p.6)
    FALL_BACK = "fall-back"  # one box toward its own reinforcement zone (Fall Back!, TCG p.11)
    FORWARD = "forward"  # one box toward the enemy's reinforcement zone (Forward!, TCG p.11)


class ShotResult(StrEnum):
    HIT = "hit"  # a HIT marker that stands
    SAVED = "saved"  # a success the saving throw ignored
    SUPPRESSED = "suppressed"  # a success against armour without armour-piercing, or a partial success
    MISS = "miss"


class _TcgEvent(ToldEvent):
    phase: Phase


class DeployEvent(_TcgEvent):
    kind: Literal["deploy"] = "deploy"
    pieces: tuple[str, ...]


class TurnEvent(_TcgEvent):
    kind: Literal["turn"] = "turn"


class PhaseEvent(_TcgEvent):
    """A player's phase begins with their COMMAND markers for the turn."""

    kind: Literal["phase"] = "phase"
    command: int


class TacticEvent(_TcgEvent):
    """A COMMAND marker placed on a tactic."""

    kind: Literal["tactic"] = "tactic"
    tactic: Tactic
    pieces: tuple[str, ...] = ()


class GoEvent(_TcgEvent):
    """GO! markers placed by a Field Command ability (TCG p.11)."""

    kind: Literal["go"] = "go"
    giver: str
    pieces: tuple[str, ...]


class ActivationEvent(_TcgEvent):
    """A card activated: by a COMMAND marker, or by a GO! marker and the yellow die."""

    kind: Literal["activation"] = "activation"
    piece: str
    by_go: bool
    success: bool
    forced: bool = False  # a DIRECTIVE marker spent to pass the roll (TCG p.14)


class MoveEvent(_TcgEvent):
    kind: Literal["move"] = "move"
    piece: str
    origin: Box
    to: Box
    how: MoveKind


@dataclass(frozen=True)
class Aim:
    """What a Shooting attack's red dice were rolled against, as it stood before the roll
    (TCG p.8): the odds of the shot are computed from it (builder.tcg.rules.odds.aim_odds).
    DIRECTIVE markers spent on seeing the dice (sustained fire, a saving bonus) are not in it;
    armour-piercing bought before the roll is (TCG p.13)."""

    value: int  # the shooting value the red dice and bonuses must reach
    bonuses: tuple[Modifier, ...]  # added to the red dice
    save: Modifier | None  # the target's save value, its source and page; None: no save
    armour_piercing: bool
    armoured: bool  # the target


class ShotEvent(_TcgEvent):
    """One Shooting attack with its 2d6 and, when there is one, the saving throw; `aim` when
    the red dice were rolled (not at a decoy, nor Fire Again!'s sure second attack)."""

    kind: Literal["shot"] = "shot"
    piece: str
    target: str
    result: ShotResult
    hits: int = 0
    suppressed: int = 0
    directives: tuple[str, ...] = ()  # the DIRECTIVE bonuses spent: armour-piercing, sustained-fire, saving-bonus
    gained_directive: bool = False  # double 1s (TCG p.8)
    success: bool = False  # the result reached the shooting value (before armour and the save)
    again: bool = False  # Fire Again!'s second attack, a success because the first was (TCG p.12)
    aim: Aim | None = None


class AbilityEvent(_TcgEvent):
    """An active ability used on other cards or on the battlefield: Fall Back!, Forward!,
    Fire! (TCG p.11) or Engineers (TCG p.12). What follows it (moves, shots, a marker
    removed) is told by the events after it."""

    kind: Literal["ability"] = "ability"
    piece: str  # the card using it
    ability: str  # its AbilityKind value
    pieces: tuple[str, ...] = ()  # the cards it orders
    box: Box | None = None  # the element an Engineers card interacts with


class RevealEvent(_TcgEvent):
    """A hidden card turned face up, or a visible one turned face down in a forest."""

    kind: Literal["reveal"] = "reveal"
    piece: str
    hidden: bool = False  # True when it became hidden
    # True when its player chose to turn it over (TCG p.16-17); absent when the rules did.
    chosen: Literal[True] | None = None


class DestroyedEvent(_TcgEvent):
    """A card leaves the battlefield: destroyed, a decoy discarded, or a Fragile card back
    to the reserve (TCG p.12)."""

    kind: Literal["destroyed"] = "destroyed"
    piece: str
    decoy: bool = False
    fragile: bool = False


class MarkersEvent(_TcgEvent):
    """HIT or SUPPRESSED markers added or removed outside a shot."""

    kind: Literal["markers"] = "markers"
    piece: str
    hits: int = 0
    suppressed: int = 0
    ability: str | None = None  # the AbilityKind value that did it: Medics & Mechanics, Rally (TCG p.11-12)


class DirectiveEvent(_TcgEvent):
    """DIRECTIVE markers taken (positive) or spent (negative)."""

    kind: Literal["directive"] = "directive"
    change: int
    total: int


class DrawEvent(_TcgEvent):
    kind: Literal["draw"] = "draw"
    count: int


class ReinforcementEvent(_TcgEvent):
    kind: Literal["reinforcement"] = "reinforcement"
    piece: str
    to: Box
    hidden: bool


class CardEvent(_TcgEvent):
    """An Event Card or a Hero Card played (TCG p.9-10)."""

    kind: Literal["card"] = "card"
    card: str
    piece: str | None = None


class VictoryEvent(_TcgEvent):
    kind: Literal["victory"] = "victory"
    winner: str | None
    victory_points: dict[str, int] = Field(default_factory=dict)


TcgEvent = (
    DeployEvent
    | TurnEvent
    | PhaseEvent
    | TacticEvent
    | GoEvent
    | AbilityEvent
    | ActivationEvent
    | MoveEvent
    | ShotEvent
    | RevealEvent
    | DestroyedEvent
    | MarkersEvent
    | DirectiveEvent
    | DrawEvent
    | ReinforcementEvent
    | CardEvent
    | VictoryEvent
)
EVENT_LOG: TypeAdapter[list[TcgEvent]] = event_log(TcgEvent)
