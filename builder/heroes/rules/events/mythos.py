"""Shadows over Normandie's events: terror, madness, spells, medics' aid, search (SoN p.11,
p.14-15, p.18), and the Substitute's (BfC p.08). Part of the `HeroesEvent` union (`events.game`)."""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from builder.heroes.rules.events.phase import PhasedEvent
from builder.heroes.rules.pieces import Square
from builder.heroes.rules.resolution.damage import Effect


class TerrorCause(StrEnum):
    """What makes a unit take a Terror check (SoN p.11, p.16)."""

    MANIFESTATION = "manifestation"  # it sees a Mythos Manifestation
    AMULET = "amulet"  # an Amulet of Dagon forces it
    POISON = "poison"  # a Poisoned Blade's poison, `check` of `checks`


class TerrorEvent(PhasedEvent):
    """A Terror check (SoN p.11: `page`): the unit, the Manifestation it saw (`cause`, its
    rule's `cause_page`), whether it resisted, and the Madness token it drew if it did not
    (None: resisted, or the bag was empty: `bag_empty`)."""

    kind: Literal["terror"] = "terror"
    unit: str
    manifestation: str
    terror: int  # the Manifestation's value, the number to reach
    resisted: bool
    madness: str | None = None  # the Madness token's marker id
    cause: TerrorCause | None = None  # None in a log written before events said it
    page: str = ""
    cause_page: str = ""
    bag_empty: bool = False
    check: int | None = None
    checks: int | None = None


class MadnessAct(StrEnum):
    """What a Madness token makes its unit do (SoN p.11)."""

    STEADY = "steady"  # it holds steady; the token is discarded
    KEEPS = "keeps"  # it keeps the token, which acts next round
    SUICIDE = "suicide"  # it turns its weapons on itself: a hit (`effect`)
    FLEES = "flees"  # Fear: 4 spaces from `target` to `to` (`flipped` to its hit side)
    CANNOT_FLEE = "cannot-flee"  # Fear with nowhere to go: eliminated
    CATATONIC = "catatonic"  # it does nothing this round
    RECOVERS = "recovers"  # it comes back to its senses: the token is discarded
    RAGE_CHARGE = "rage-charge"  # it charges `target` (+3)
    RAGE_RUSH = "rage-rush"  # it rushes at `target`
    RAGE_FIRE = "rage-fire"  # it fires at `target` (+3)
    PANIC_FIRE = "panic-fire"  # Paranoia: it fires at the closest unit, `target`


class MadnessEvent(PhasedEvent):
    """A Madness token acting on its unit (SoN p.11: `page`): Rage, Paranoia, Fear, Suicide,
    Catatonia or Hysteria, or being discarded; what it did (`act`)."""

    kind: Literal["madness"] = "madness"
    unit: str
    madness: str  # the Madness token's marker id
    act: MadnessAct | None = None  # None in a log written before events said it
    page: str = ""
    target: str | None = None
    effect: Effect | None = None
    to: tuple[Square, ...] = ()
    flipped: bool = False


class SpellAct(StrEnum):
    """What a spell, or a Suffocating Cloud, did (SoN p.14-16)."""

    CAST = "cast"  # the Character casts it (at `target`) and takes `penalty` Suppressed markers
    CLOUD = "cloud"  # the Overlord makes a cloud on interspace `at` and takes `penalty`
    SUMMONED = "summoned"  # the creature `unit` is summoned onto `squares`
    LOSES_ORDER = "loses-order"  # `unit` gets an Activated marker
    VITAL_ENERGY = "vital-energy"  # Life Drain: `unit` takes an automatic hit (`effect` when it stands)
    RESTORED = "restored"  # the caster `unit` returns to its undamaged side
    BARRIER_ELIMINATED = "barrier-eliminated"  # `unit` has nowhere to go from the Mythos Barrier
    BARRIER_DRIVEN = "barrier-driven"  # `unit` is driven off it with a Suppressed marker


class SpellEvent(PhasedEvent):
    """A Character casts a spell (SoN p.14-15): its Suppressed markers taken, its target;
    or what a spell did after (`act`, the rule's `page`). `reduced`: markers the Magician
    and Blood Sigils spared the caster (`reduced_page`); `penalty_page` the spells' rule."""

    kind: Literal["spell"] = "spell"
    unit: str  # the caster
    spell: str  # the spell option id
    penalty: int  # Suppressed markers the caster took
    target: str | None = None  # a unit key
    at: Square | None = None  # a square (Mythos Barrier)
    act: SpellAct | None = None  # None in a log written before events said it
    page: str = ""
    reduced: int = 0
    reduced_page: str | None = None
    penalty_page: str | None = None
    effect: Effect | None = None
    squares: tuple[Square, ...] = ()


class AidEvent(PhasedEvent):
    """A Medic's Aid marker put on a unit that took a hit (moved from the unit it was on:
    `moved_from`), or taken back (SoN p.18: `page`)."""

    kind: Literal["aid"] = "aid"
    unit: str  # the unit treated
    medic: str
    removed: bool = False
    moved_from: str | None = None
    page: str = ""


class SubstituteEvent(PhasedEvent):
    """A Substitute suffers a hit in place of a Heavy Weapon unit (BfC p.08: `page`), and
    what it did to it (`effect`)."""

    kind: Literal["substitute"] = "substitute"
    unit: str  # the Substitute
    weapon: str  # the Heavy Weapon it stands in for
    effect: Effect | None = None  # None in a log written before events said it
    page: str = ""


class SearchEvent(PhasedEvent):
    """A Search check (SoN p.11, p.18: `page`) by the Search token at `at`, needing `needed`
    (a Search ability, `search_page`, or a 6 without: `trained` False), and what it found
    in the Search bag: `drawn` the option drawn, `found` the one kept and the tile it went to
    (`group`), or back into the bag when no tile may take it."""

    kind: Literal["search"] = "search"
    unit: str
    found: str | None = None  # the option id drawn
    at: Square | None = None
    needed: int = 0
    trained: bool = False
    search_page: str | None = None
    page: str = ""
    drawn: str | None = None
    group: str | None = None
    spell: bool = False  # what it kept is a spell the tile's Character may cast
