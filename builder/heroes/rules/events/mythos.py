"""Shadows over Normandie's events: terror, madness, spells, medics' aid, search (SoN p.11,
p.14-15, p.18), and the Substitute's (BfC p.08). Part of the `HeroesEvent` union (`events.game`)."""

from __future__ import annotations

from typing import Literal

from builder.heroes.rules.events.phase import TextEvent
from builder.heroes.rules.pieces import Square


class TerrorEvent(TextEvent):
    """A Terror check (SoN p.11): the unit, the Manifestation it saw, whether it resisted,
    and the Madness token it drew if it did not (None: resisted, or the bag was empty)."""

    kind: Literal["terror"] = "terror"
    unit: str
    manifestation: str
    terror: int  # the Manifestation's value, the number to reach
    resisted: bool
    madness: str | None = None  # the Madness token's marker id


class MadnessEvent(TextEvent):
    """A Madness token acting on its unit (SoN p.11): Rage, Paranoia, Fear, Suicide,
    Catatonia or Hysteria, or being discarded."""

    kind: Literal["madness"] = "madness"
    unit: str
    madness: str  # the Madness token's marker id


class SpellEvent(TextEvent):
    """A Character casts a spell (SoN p.14-15): its Suppressed markers taken, its target."""

    kind: Literal["spell"] = "spell"
    unit: str  # the caster
    spell: str  # the spell option id
    penalty: int  # Suppressed markers the caster took
    target: str | None = None  # a unit key
    at: Square | None = None  # a square (Mythos Barrier)


class AidEvent(TextEvent):
    """A Medic's Aid marker put on a unit that took a hit, or taken back (SoN p.18)."""

    kind: Literal["aid"] = "aid"
    unit: str  # the unit treated
    medic: str
    removed: bool = False


class SubstituteEvent(TextEvent):
    """A Substitute suffers a hit in place of a Heavy Weapon unit (BfC p.08)."""

    kind: Literal["substitute"] = "substitute"
    unit: str  # the Substitute
    weapon: str  # the Heavy Weapon it stands in for


class SearchEvent(TextEvent):
    """A Search check (SoN p.11, p.18) and what it found in the Search bag."""

    kind: Literal["search"] = "search"
    unit: str
    found: str | None = None  # the option id drawn
