"""What a player of the Tactical Card Game may choose (DESIGN.md 7): the options the rules
offer at each decision (builder.tcg.rules.decisions), as plain values a log reads.

A card on the battlefield is named by its box: there is one card to a box (TCG p.7), and a
box says nothing of a hidden card that its player's opponent may not know. A card in the
hand is named by its id."""

from __future__ import annotations

from dataclasses import dataclass

from builder.tcg.base import Box

# --- The tactics of the command board (TCG p.6-7), one a COMMAND marker ------------------


@dataclass(frozen=True)
class Recover:
    """Recover three DIRECTIVE markers."""


@dataclass(frozen=True)
class Manage:
    """Manage your cards and reinforcements: draw three cards, then place Unit Cards."""


@dataclass(frozen=True)
class Manoeuvre:
    """Two orthogonally adjacent cards swap places; `shooter`, one of them, may shoot."""

    first: Box
    second: Box
    shooter: Box


@dataclass(frozen=True)
class RemoveSuppressed:
    """Two SUPPRESSED markers from one card, or one each from two cards."""

    cards: tuple[Box, ...]


@dataclass(frozen=True)
class Command:
    """Activate the card with a COMMAND marker."""

    card: Box


Tactic = Recover | Manage | Manoeuvre | RemoveSuppressed | Command

# --- One step of an activation (TCG p.7, p.9, p.11-14), in any order -------------------


@dataclass(frozen=True)
class Move:
    """The activation's move of one box."""

    to: Box


@dataclass(frozen=True)
class ForcedMarch:
    """One more orthogonal box for a DIRECTIVE marker (TCG p.14)."""

    to: Box


@dataclass(frozen=True)
class Seize:
    """Seize their position!: into the box of the enemy the last shot destroyed (TCG p.9)."""


@dataclass(frozen=True)
class Shoot:
    """A Shooting attack with the card's shooting value `weapon` (0 or 1) at the card in `at`."""

    weapon: int
    at: Box


@dataclass(frozen=True)
class GiveGo:
    """Field Command: GO! markers on the cards in `to` (TCG p.11); `ability` is the index of
    the ability among the card's (its Hero's last)."""

    ability: int
    to: tuple[Box, ...]


@dataclass(frozen=True)
class GiveOrders:
    """Use Fall Back!, Forward! or Fire!: the orders are chosen one card at a time after."""

    ability: int


@dataclass(frozen=True)
class Engineer:
    """Engineers: remove the marked elements on `boxes`, one per icon (TCG p.12)."""

    ability: int
    boxes: tuple[Box, ...]


@dataclass(frozen=True)
class UseAbility:
    """Elan or Reinforcements (`on` None), Rally or Medics & Mechanics on the card in `on`."""

    ability: int
    on: Box | None = None


@dataclass(frozen=True)
class TurnFaceUp:
    """The hidden card activated turns itself face up (TCG p.16: it "makes itself visible
    during its activation"); a decoy, so turned, is discarded (p.17)."""


Step = Move | ForcedMarch | Seize | Shoot | GiveGo | GiveOrders | Engineer | UseAbility | TurnFaceUp

# --- The orders of Fall Back!, Forward! and Fire! (TCG p.11) ----------------------------


@dataclass(frozen=True)
class OrderMove:
    """Fall Back! or Forward!: the card in `card` moves to `to`."""

    card: Box
    to: Box


@dataclass(frozen=True)
class OrderFire:
    """Fire!: the card in `card` makes one Shooting attack with `weapon` at the card in `at`."""

    card: Box
    weapon: int
    at: Box


Order = OrderMove | OrderFire

# --- Cards from the hand (TCG p.6, p.9-10) ---------------------------------------------


@dataclass(frozen=True)
class Place:
    """A Unit Card (or decoy) from the hand onto `box`, as a reinforcement (TCG p.6)."""

    card: str
    box: Box


@dataclass(frozen=True)
class PlayEvent:
    """An Event Card: a generic one (`historical` None) or one of the scenario's historical
    events, by name; `at` the card its effect falls on, when it falls on one (TCG p.9)."""

    card: str
    historical: str | None = None
    at: Box | None = None


@dataclass(frozen=True)
class PlayHero:
    """A Hero Card, its Hero marker on the card in `on` (TCG p.10)."""

    card: str
    on: Box
