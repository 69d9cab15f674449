"""Recruitment tiles, their slots, recruitment options and heroes (HoN core p.6-7, p.28-31;
BfC p.08-09; SoN p.2-3, p.14-16)."""

import re
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_serializer, model_validator

from builder.heroes.catalogue.base import AbilityRef, Count, Entry, Id, Name, Text

_SHAPE = r"^([1-4])x([1-4])$"  # compiled when first matched, as base.SOURCE_PATTERN


class Shape(BaseModel):
    """The size of an option tile or a slot, in option-tile units: `1x1`, `2x1`, `1x2`…

    Written `WxH`. An option fits a slot of exactly its shape (HoN core p.6: "The tile of
    the selected option must fit the slot in shape and size").
    """

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    width: int = Field(ge=1, le=4)
    height: int = Field(ge=1, le=4)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        if isinstance(data, str):
            match = re.match(_SHAPE, data.strip())
            if not match:
                raise ValueError(f"a size is written WxH, such as 1x1 or 2x1, not {data!r}")
            return {"width": int(match[1]), "height": int(match[2])}
        return data

    @model_serializer(mode="plain")
    def _dump(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return f"{self.width}x{self.height}"

    @property
    def area(self) -> int:
        return self.width * self.height

    def fits_in(self, slot: "Shape") -> bool:
        return self == slot

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict[str, Any]:
        return {"type": "string", "pattern": _SHAPE, "title": "Shape"}


# Built without validation (the values are valid): validating here would build the model's
# validator when the module is imported, at every start of hon (see `defer_build`).
SMALL = Shape.model_construct(width=1, height=1)


class CommandLevel(StrEnum):
    """Command and high-command tiles have laurels by their title (HoN core p.6)."""

    NONE = "none"
    COMMAND = "command"
    HIGH_COMMAND = "high-command"

    @property
    def is_command(self) -> bool:
        return self is not CommandLevel.NONE


class Unlock(BaseModel):
    """What filling a slot unlocks, lost while the option in it is flipped at its breaking
    point (HoN core p.6). An unlocked Order affects the whole army."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    order_stars: int = Field(default=0, ge=0, le=10)
    ability: AbilityRef | None = None


class Slot(BaseModel):
    """A place on a tile for one recruitment option, framed by stripe colours."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    id: Id
    size: Shape = SMALL
    stripes: list[Id] = Field(min_length=1)
    unlocks: Unlock | None = None


class Recruit(Entry):
    """What recruitment tiles and heroes share: a cost, counters, markers and slots."""

    faction: Id
    cost: int = Field(ge=0, le=2000)
    breaking_point: int | None = Field(default=None, ge=1, le=99)
    victory_points: int = Field(default=0, ge=0, le=99)
    composition: list[Count] = Field(default_factory=list)
    markers: list[Count] = Field(default_factory=list)
    # Order stars printed on the tile itself, granted without filling a slot.
    order_stars: int = Field(default=0, ge=0, le=10)
    # The tile special ability, kept until the tile reaches its breaking point.
    ability: AbilityRef | None = None
    # The tile's specific stripe colour(s).
    stripes: list[Id] = Field(default_factory=list)
    slots: list[Slot] = Field(default_factory=list)
    tags: list[Id] = Field(default_factory=list)
    unique: bool = False

    @model_validator(mode="after")
    def _slot_ids_unique(self) -> "Recruit":
        ids = [slot.id for slot in self.slots]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ValueError(f"slot ids must be unique on a tile; repeated: {', '.join(duplicates)}")
        return self

    def slot(self, slot_id: str) -> Slot | None:
        return next((slot for slot in self.slots if slot.id == slot_id), None)

    @property
    def counters(self) -> list[Count]:
        """The counters it fields (its composition)."""
        return list(self.composition)

    @property
    def counter_count(self) -> int:
        return sum(count.count for count in self.counters)

    @property
    def is_command(self) -> bool:
        """Gear and traits on a command tile benefit the whole army (HoN core p.28)."""
        return False


class RecruitmentTile(Recruit):
    """A combat group or a character on its own tile."""

    # Division and regiment badges printed on the tile ("1st Inf. Div. / 16th Inf. Reg.").
    formation: Name | None = None
    command: CommandLevel = CommandLevel.NONE
    # The leading-role character whose portrait is on the tile (HoN core p.6).
    leading: Id | None = None

    @property
    def is_command(self) -> bool:
        return self.command.is_command


class Hero(Recruit):
    """A Shadows over Normandie hero: recruited on its own, not as an option, some only
    beside a given recruitment tile (SoN p.3)."""

    unit: Id
    # The hero may be recruited only if the army holds one of these tiles.
    requires_tile: list[Id] = Field(default_factory=list)

    @property
    def counters(self) -> list[Count]:
        """The hero's own counter, then anything else its tile shows."""
        if any(count.id == self.unit for count in self.composition):
            return list(self.composition)
        return [Count(id=self.unit), *self.composition]


class OptionKind(StrEnum):
    """The kinds of recruitment option (HoN core p.28-31; SoN p.3)."""

    SUPPORT = "support"
    GEAR = "gear"
    TRAIT = "trait"
    ORDER = "order"
    CUSTOMIZATION = "customization"
    SPELL = "spell"


class Restriction(StrEnum):
    """Who may use an option: "Restricted to Infantry", "…to Characters" (HoN core p.28)."""

    INFANTRY = "infantry"
    LIGHT_VEHICLES = "light-vehicles"
    HEAVY_VEHICLES = "heavy-vehicles"
    CHARACTERS = "characters"
    CREATURES = "creatures"


class Grants(BaseModel):
    """What an option adds to the army: tokens, cards and abilities."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    orders: int = Field(default=0, ge=0, le=10)
    bluffs: int = Field(default=0, ge=0, le=2)
    special_orders: int = Field(default=0, ge=0, le=2)
    cards: int = Field(default=0, ge=0, le=10)
    abilities: list[AbilityRef] = Field(default_factory=list)


class Choice(BaseModel):
    """A choice made when the army is built, recorded in the list (BfC p.08-09: Gear, Recce
    Gear pick three markers; SS Spirit adds 3 or 6 cards)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    prompt: Text
    count: int = Field(ge=1, le=10)
    among: list[Id] = Field(min_length=1)
    repeat: bool = False  # may the same pick be taken more than once?
    # Are the picks marker ids (Gear) or plain values (SS Spirit's "3-cards")?
    markers: bool = True


class RecruitmentOption(Entry):
    """An option tile put in a slot (or fielded on its own when `free`)."""

    kind: OptionKind
    # A faction id, or "common" for options any army of the game may take.
    faction: Id
    cost: int = Field(ge=0, le=1000)
    size: Shape = SMALL
    # The stripe on each side of the option tile; each must frame the slot it goes in.
    stripes: list[Id] = Field(default_factory=list)
    markers: list[Count] = Field(default_factory=list)
    restricted_to: list[Restriction] = Field(default_factory=list)
    # Sub-faction tags (e.g. "ss") the tile taking the option must carry.
    requires_tags: list[Id] = Field(default_factory=list)
    grants: Grants = Field(default_factory=Grants)
    # Support options bring counters and break like a tile.
    composition: list[Count] = Field(default_factory=list)
    breaking_point: int | None = Field(default=None, ge=1, le=99)
    victory_points: int = Field(default=0, ge=0, le=99)
    free: bool = False
    choice: Choice | None = None
    unique: bool = False
    alternate_fire: bool = False
    # Spells: Suppressed markers the caster takes, and how many times it can be cast.
    penalty: int | None = Field(default=None, ge=0, le=6)
    uses: int | None = Field(default=None, ge=1, le=10)
    # Summoning (SoN p.15): the creature the spell tile calls, and how many spaces from the
    # caster it may be placed; `uses` is then the number of its tokens.
    summons: Id | None = None
    reach: int | None = Field(default=None, ge=1, le=30)
    # SoN p.11: customizations and spells not assigned go into the Search bag, save those the
    # book marks "Don't put this … in the Search bag" (p.14-15): False for those.
    search_bag: bool = True
    effect: Text = ""

    @model_validator(mode="after")
    def _kind_fits_fields(self) -> "RecruitmentOption":
        if self.kind is OptionKind.SUPPORT and not self.composition:
            raise ValueError("a support option brings counters: give its composition")
        if self.kind is not OptionKind.SUPPORT and self.composition:
            raise ValueError(f"only support options have a composition, not a {self.kind.value}")
        if not self.free and not self.stripes:
            raise ValueError("an option that goes in a slot needs its stripes")
        if self.kind is not OptionKind.SPELL and self.penalty is not None:
            raise ValueError("only spells have a penalty")
        if self.kind is not OptionKind.SPELL and self.summons is not None:
            raise ValueError("only spells summon a creature")
        if (self.summons is None) != (self.reach is None):
            raise ValueError("a summoning names its creature (summons) and its distance (reach) together")
        return self

    @property
    def counter_count(self) -> int:
        return sum(count.count for count in self.composition)


COMMON_FACTION = "common"
