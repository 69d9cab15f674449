"""Units: the counters on the battlefield, each with two sides (HoN core p.4-5; SoN p.2)."""

from collections.abc import Mapping
from enum import StrEnum
from functools import cached_property
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from builder.heroes.catalogue.base import AbilityRef, Entry, Id, Name, Rating


class DefenseColour(StrEnum):
    """The colour of a Defense Value's shield; combat values are given per colour."""

    INFANTRY = "infantry"  # yellow
    LIGHT = "light"  # purple
    HEAVY = "heavy"  # grey
    CREATURE = "creature"  # green (SoN p.2): any combat value may be used against it

    @property
    def shield(self) -> str:
        return _SHIELDS[self]

    @property
    def display(self) -> str:
        """The colour the books print the shield in, for front ends to draw."""
        return _DISPLAY[self]


_SHIELDS = {
    DefenseColour.INFANTRY: "yellow",
    DefenseColour.LIGHT: "purple",
    DefenseColour.HEAVY: "grey",
    DefenseColour.CREATURE: "green",
}
_DISPLAY = {
    DefenseColour.INFANTRY: "#e8c547",
    DefenseColour.LIGHT: "#8e5fb8",
    DefenseColour.HEAVY: "#8c8c8c",
    DefenseColour.CREATURE: "#4f9a4a",
}


class UnitType(StrEnum):
    INFANTRY = "infantry"
    LIGHT_VEHICLE = "light-vehicle"
    HEAVY_VEHICLE = "heavy-vehicle"
    LARGE_CREATURE = "large-creature"

    @property
    def colour(self) -> DefenseColour:
        return _TYPE_COLOUR[self]

    @property
    def is_vehicle(self) -> bool:
        return self in (UnitType.LIGHT_VEHICLE, UnitType.HEAVY_VEHICLE)

    @property
    def label(self) -> str:
        return self.value.replace("-", " ")


_TYPE_COLOUR = {
    UnitType.INFANTRY: DefenseColour.INFANTRY,
    UnitType.LIGHT_VEHICLE: DefenseColour.LIGHT,
    UnitType.HEAVY_VEHICLE: DefenseColour.HEAVY,
    UnitType.LARGE_CREATURE: DefenseColour.CREATURE,
}


class Role(StrEnum):
    """The battlefield role shown by the counter's outline (HoN core p.4)."""

    REGULAR = "regular"  # the faction's colour
    HEAVY_WEAPON = "heavy-weapon"  # red
    OFFICER = "officer"  # yellow
    HERO = "hero"  # a leading-role character (dark outline in SoN)

    @property
    def is_character(self) -> bool:
        return self in (Role.OFFICER, Role.HERO)


class SideState(StrEnum):
    """What a side of a counter shows (HoN core p.4-5)."""

    UNHARMED = "unharmed"
    REDUCED = "reduced"
    ACTIVE = "active"
    INACTIVE = "inactive"
    WRECK = "wreck"


class OnHit(StrEnum):
    """What a Hit does to a counter showing this side (HoN core p.15)."""

    FLIP = "flip"  # turned over to its other side
    DESTROYED = "destroyed"  # removed from the game
    WRECK = "wreck"  # a vehicle becomes a Wreck terrain element
    DAMAGE = "damage"  # a heavy vehicle rolls for damage location


class CombatValues(BaseModel):
    """A combat value per target colour; X (None) means it cannot attack that colour.

    There is no green column: against a large creature any of these may be used (SoN p.7).
    """

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    infantry: Rating
    light: Rating
    heavy: Rating

    def against(self, colour: DefenseColour) -> int | None:
        # Tests, not a table made at each call: every shot weighed asks it.
        if colour is DefenseColour.INFANTRY:
            return self.infantry
        if colour is DefenseColour.LIGHT:
            return self.light
        if colour is DefenseColour.HEAVY:
            return self.heavy
        usable = [v for v in (self.infantry, self.light, self.heavy) if v is not None]
        return max(usable) if usable else None  # any of them against a large creature (SoN p.7)


class Defense(BaseModel):
    """One Defense Value, or front/side/rear values for heavy vehicles (HoN core p.5)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    value: int | None = Field(default=None, ge=0, le=20)
    front: int | None = Field(default=None, ge=0, le=20)
    side: int | None = Field(default=None, ge=0, le=20)
    rear: int | None = Field(default=None, ge=0, le=20)

    @model_validator(mode="after")
    def _one_or_facings(self) -> "Defense":
        facings = (self.front, self.side, self.rear)
        if self.value is None and None in facings:
            raise ValueError("a defense needs a value, or front, side and rear values")
        if self.value is not None and any(f is not None for f in facings):
            raise ValueError("a defense has either one value or front/side/rear values, not both")
        return self

    @property
    def has_facings(self) -> bool:
        return self.value is None

    @property
    def lowest(self) -> int:
        if self.value is not None:
            return self.value
        return min(v for v in (self.front, self.side, self.rear) if v is not None)

    def label(self) -> str:
        if self.value is not None:
            return str(self.value)
        return f"{self.front}/{self.side}/{self.rear}"


class WeaponRole(StrEnum):
    """A vehicle's primary weapon is outlined red, the secondary yellow (HoN core p.5)."""

    PRIMARY = "primary"
    SECONDARY = "secondary"
    BOTH = "both"  # a vehicle with a single weapon: it is both


class Weapon(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    name: Name
    role: WeaponRole
    combat: CombatValues
    abilities: list[AbilityRef] = Field(default_factory=list)
    # A limited firing arc in degrees, centred on the counter's front; None is 360°.
    arc: int | None = Field(default=None, ge=0, le=360)


class Side(BaseModel):
    """One face of a counter: everything needed to use the unit in that state."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    state: SideState
    name: Name | None = None  # when the side prints another name
    defense: Defense | None = None
    movement: Rating = None
    combat: CombatValues | None = None
    weapons: list[Weapon] = Field(default_factory=list)
    abilities: list[AbilityRef] = Field(default_factory=list)
    on_hit: OnHit | None = None

    @model_validator(mode="after")
    def _a_usable_side_has_values(self) -> "Side":
        if self.state is SideState.WRECK:
            return self
        if self.defense is None:
            raise ValueError(f"the {self.state.value} side needs a defense")
        if self.combat is None and not self.weapons:
            raise ValueError(f"the {self.state.value} side needs combat values or weapons")
        if self.on_hit is None:
            raise ValueError(f"the {self.state.value} side must say what a hit does (on_hit)")
        return self

    def ability_value(self, ability: str) -> int | None:
        """The printed value of an ability on this side, 0 when it has no number."""
        return self._ability_values.get(ability)

    @cached_property
    def _ability_values(self) -> dict[str, int]:
        """Each ability's value, its first mention winning (the side is frozen; the rules ask
        this tens of thousands of times a play-out)."""
        found: dict[str, int] = {}
        for ref in self.all_abilities():
            found.setdefault(ref.id, 0 if ref.value is None else ref.value)
        return found

    def has(self, ability: str) -> bool:
        return ability in self._ability_values  # one lookup: asked hundreds of thousands of times

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy whose ability table is rebuilt: pydantic copies the instance's `__dict__`, and
        with it the table cached from the abilities the update may change (SoN p.15, p.18 give
        units abilities during a game)."""
        copied = super().model_copy(update=update, deep=deep)
        copied.__dict__.pop("_ability_values", None)
        return copied

    def all_abilities(self) -> list[AbilityRef]:
        """The side's own abilities, then its weapons'."""
        refs = list(self.abilities)
        for weapon in self.weapons:
            refs.extend(weapon.abilities)
        return refs


class Unit(Entry):
    """A counter: an infantry unit, a vehicle or a large creature."""

    faction: Id
    type: UnitType
    role: Role = Role.REGULAR
    footprint: Literal[1, 2, 4] = 1
    # Stripe colours printed on the counter: gear and traits benefit only units showing
    # the specific stripes of the tile they are on (HoN core p.28).
    stripes: list[Id] = Field(default_factory=list)
    tags: list[Id] = Field(default_factory=list)
    # A named character may be fielded once per army.
    unique: bool = False
    sides: tuple[Side, Side]

    @model_validator(mode="after")
    def _shape_fits_type(self) -> "Unit":
        front = self.sides[0]
        if front.state is SideState.WRECK:
            raise ValueError("the front side of a counter cannot be a wreck")
        if self.type is UnitType.HEAVY_VEHICLE:
            if front.defense is not None and not front.defense.has_facings:
                raise ValueError("a heavy vehicle's defense has front, side and rear values")
        elif front.defense is not None and front.defense.has_facings and (self.type is not UnitType.LARGE_CREATURE):
            raise ValueError(f"a {self.type.label} has a single defense value")
        if self.footprint == 4 and self.type is not UnitType.LARGE_CREATURE:
            raise ValueError("only large creatures occupy four squares")
        return self

    @property
    def front(self) -> Side:
        return self.sides[0]

    @property
    def is_character(self) -> bool:
        return self.role.is_character

    @property
    def colour(self) -> DefenseColour:
        return self.type.colour
