"""Every decision a player of the Tactical Card Game makes (DESIGN.md 7; builder.kernel.decisions):
the engine stops wherever the book gives a player a choice and offers the legal options,
worked out by the rules; `TcgDecision` is the union a player matches on.

Each kind carries what the chooser is told, cards named by their box as the options name
them (builder.tcg.rules.choices). The kinds follow the game's sequence: the opening of a
phase (Event and Hero Cards, a scenario event's target), the tactics (and the hidden cards
turned face up before each), an activation and the GO! markers after it, a Shooting attack
(asked of the shooter, or of the target's player), and the end of an activation."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from builder.kernel.decisions import Decision
from builder.kernel.events import Roll
from builder.tcg.base import Box
from builder.tcg.cards import AbilityKind, EventEffect
from builder.tcg.rules.choices import Order, Place, PlayEvent, PlayHero, Step, Tactic

# --- The opening of a phase (TCG p.6, p.9-10) ------------------------------------------


@dataclass(frozen=True, kw_only=True)
class EventCardPlay(Decision[PlayEvent | None]):
    """The Event Card the side plays as the phase opens, or None: one a phase, in either
    player's phase (TCG p.6)."""

    kind: ClassVar[str] = "event-card"


@dataclass(frozen=True, kw_only=True)
class HeroCardPlay(Decision[PlayHero | None]):
    """The Hero Card the side plays as the phase opens, and on which card, or None (TCG p.6, p.10)."""

    kind: ClassVar[str] = "hero-card"


@dataclass(frozen=True, kw_only=True)
class EffectTarget(Decision[Box]):
    """The card a compulsory scenario event's `effect` falls on (`name`): one of the side's
    own for a rally, an enemy's for a bombardment."""

    kind: ClassVar[str] = "effect-target"
    effect: EventEffect
    name: str


# --- The tactics (TCG p.6-7) -------------------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class TacticChoice(Decision[Tactic]):
    """The tactic the side's next COMMAND marker goes on; `left`: its markers still to
    place this phase, this one included."""

    kind: ClassVar[str] = "tactic"
    left: int


@dataclass(frozen=True, kw_only=True)
class RevealCard(Decision[Box | None]):
    """Before each COMMAND marker of the side's phase: one of its hidden cards turned face up
    (TCG p.16: "whenever they want"; p.17: a decoy, discarded, to empty a box), or None.
    Asked again after each card turned over, until None or no hidden card is left."""

    kind: ClassVar[str] = "reveal-card"


@dataclass(frozen=True, kw_only=True)
class Reinforcement(Decision[Place | None]):
    """The Unit Card from the hand the side puts on a reinforcement point, or None: the
    reinforcement zone (`hq` None) or the boxes around an HQ, `boxes` its empty ones (TCG p.6)."""

    kind: ClassVar[str] = "reinforcement"
    hq: Box | None
    boxes: tuple[Box, ...]


# --- An activation (TCG p.7, p.11, p.14) -------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ActivationStep(Decision[Step | None]):
    """The activated card's next step, or None to end its activation: a move, a Shooting
    attack, an ability, a forced march, seize their position!, in any order (TCG p.7), and
    turning itself face up while hidden (p.16).
    `taken`: the steps it took so far; `manoeuvre`: it is one of a manoeuvre's two cards
    (TCG p.6: one shot, no move, no ability)."""

    kind: ClassVar[str] = "activation-step"
    card: Box
    taken: tuple[Step, ...]
    manoeuvre: bool = False


@dataclass(frozen=True, kw_only=True)
class OrderStep(Decision[Order | None]):
    """The next card `ability` (Fall Back!, Forward! or Fire!) orders, or None to give no
    more orders (TCG p.11); `user`: the card using it; `ordered`: the orders given so far."""

    kind: ClassVar[str] = "order"
    ability: AbilityKind
    user: Box
    ordered: int


@dataclass(frozen=True, kw_only=True)
class NextGo(Decision[Box]):
    """Which card with a GO! marker rolls for its activation next (TCG p.11)."""

    kind: ClassVar[str] = "next-go"


@dataclass(frozen=True, kw_only=True)
class RevealBeforeGo(Decision[bool]):
    """Turn the hidden card face up before its GO! roll, to roll against its own activation
    value (or none, an A or an HQ) rather than the hidden card's 4 (TCG p.16, Pascal's
    Advice: a card whose value is 5 is better rolled hidden and turned over after)."""

    kind: ClassVar[str] = "reveal-before-go"
    card: Box


@dataclass(frozen=True, kw_only=True)
class ForceActivation(Decision[bool]):
    """Spend a DIRECTIVE marker to activate the card whose GO! roll failed (TCG p.14)."""

    kind: ClassVar[str] = "force-activation"
    card: Box
    roll: Roll
    needed: int


@dataclass(frozen=True, kw_only=True)
class HideInForest(Decision[bool]):
    """Turn the card face down in its Forest box, its activation over (TCG p.17)."""

    kind: ClassVar[str] = "hide-in-forest"
    card: Box


# --- A Shooting attack (TCG p.13-14, p.16) ----------------------------------------------


@dataclass(frozen=True, kw_only=True)
class RevealBeforeSave(Decision[bool]):
    """The target's player, the red dice a success and the yellow die still to roll: turn the
    hidden target face up now, to save with its own save value rather than the hidden card's
    6 (TCG p.16 N.B.: "before making a saving throw"; p.8)."""

    kind: ClassVar[str] = "reveal-before-save"
    shooter: Box
    target: Box


@dataclass(frozen=True, kw_only=True)
class ArmourPiercing(Decision[bool]):
    """Spend a DIRECTIVE marker to make the attack armour-piercing, before the dice (TCG p.13)."""

    kind: ClassVar[str] = "armour-piercing"
    shooter: Box
    weapon: int
    target: Box


@dataclass(frozen=True, kw_only=True)
class SustainedFire(Decision[bool]):
    """Spend a DIRECTIVE marker for +1 on the red dice `roll`, against the shooting `value` (TCG p.14)."""

    kind: ClassVar[str] = "sustained-fire"
    shooter: Box
    roll: Roll
    value: int


@dataclass(frozen=True, kw_only=True)
class SavingBonus(Decision[bool]):
    """The target's player: spend a DIRECTIVE marker for +1 on the yellow die `roll`,
    against the save value `save` (TCG p.14)."""

    kind: ClassVar[str] = "saving-bonus"
    target: Box
    roll: Roll
    save: int


TcgDecision = (
    EventCardPlay
    | HeroCardPlay
    | EffectTarget
    | TacticChoice
    | RevealCard
    | Reinforcement
    | ActivationStep
    | OrderStep
    | NextGo
    | RevealBeforeGo
    | ForceActivation
    | HideInForest
    | RevealBeforeSave
    | ArmourPiercing
    | SustainedFire
    | SavingBonus
)
