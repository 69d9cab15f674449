"""The named things the rule books define once and counters refer to:
special abilities, markers, terrain effects, stripe colours and factions."""

from __future__ import annotations

from enum import StrEnum

from pydantic import Field

from builder.heroes.catalogue.base import Entry, Id, Name, Text


class AbilityCategory(StrEnum):
    """The chapters special abilities are sorted into (HoN core p.21; SoN p.17)."""

    CHANGE_OF_STATE = "change-of-state"
    FIRING = "firing"
    ASSAULT = "assault"
    DEFENSE = "defense"
    COMMAND = "command"
    MOVEMENT = "movement"
    OTHER = "other"


class ValueKind(StrEnum):
    """What the number printed in an ability's symbol means."""

    NONE = "none"  # the ability takes no value
    BONUS = "bonus"  # added to a roll: Assault +1, Mythos Hunter 2
    PENALTY = "penalty"  # taken from the combat value: Fire on the Move -2
    SQUARES = "squares"  # a distance: Limited Range 4, Scout 3
    STARS = "stars"  # order stars: Order x2
    DICE = "dice"  # dice rolled: Destruction 2
    CAPACITY = "capacity"  # Transport 7
    THRESHOLD = "threshold"  # a roll to reach: Search 4, Jury-rigged 5, Mythos Manifestation 3


class Ability(Entry):
    """A special ability as the rule books describe it."""

    category: AbilityCategory
    value: ValueKind = ValueKind.NONE
    summary: Text
    alternate_fire: bool = False


class Bag(StrEnum):
    """The little bags Shadows over Normandie draws from (SoN p.11)."""

    MADNESS = "madness"


class Marker(Entry):
    """A marker or token players put on units or options (Ammo, Grenade, Suppressed…)."""

    effect: Text
    alternate_fire: bool = False
    max_range: int | None = Field(default=None, ge=0)
    # A token drawn from a bag (the Madness tokens, SoN p.11) and how many the bag holds.
    bag: Bag | None = None
    copies: int | None = Field(default=None, ge=1, le=20)
    # Never more than this many in one army at once (Totems: two, SoN p.16); None: no limit.
    at_most: int | None = Field(default=None, ge=1)


class TerrainEffect(Entry):
    """A terrain effect symbol (Defensive Bonus, Obstacle, Difficult Passage, Line…)."""

    summary: Text


class StripeKind(StrEnum):
    """What a colour stripe says about the options it frames (HoN core p.6)."""

    SPECIFIC = "specific"  # the stripes of one recruitment tile and its units
    GENERIC = "generic"  # the army's common stripes
    COMMAND = "command"  # only on command and high-command tiles
    COMMON = "common"  # options any army of the game may take


class Stripe(Entry):
    """A named stripe colour, defined once with the colour the TUI draws it in."""

    colour: str = Field(pattern=r"^#[0-9a-fA-F]{6}$")
    kind: StripeKind


class Faction(Entry):
    """An army a player can field: US, Germans, Commonwealth, Majestic…"""

    short: Name
    # Sub-faction tags an option may be restricted to (SS, Luftwaffe…).
    tags: list[Id] = Field(default_factory=list)
    summary: Text = ""
