"""A hex-game scenario (`format: m44-scenario`, `game: m44`): the board, the two sides with
their edge, command cards and the medals they need, and the hexes that differ from open
countryside: terrain, a feature laid over it (bridge, bunker), an obstacle, the unit
deployed there and its tags (medal objectives among them).

Coordinates are the `.m44` row and doubled column (builder.memoir.hexes). A scenario read
from a `.m44` file keeps everything the file said: terrain and unit names hon does not model
as written, and every field hon does not read in the `extra` of the object that held it
(a tile's `original_owner`, a unit's `equipment`) or in `m44` (the file's `meta_data`,
`packs`, the rest of its `game_info`), so that `.m44` export gives the file back."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_serializer, model_validator

from builder.memoir.catalogue import Side
from builder.memoir.hexes import Edge, Hex

SCENARIO_FORMAT = "m44-scenario"
SCENARIO_VERSION = 1

Token = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,40}$")]
Text = Annotated[str, Field(max_length=20000)]
Key = Annotated[str, Field(max_length=80)]
# What a .m44 object held beyond the fields hon reads, kept as written for export.
Extra = Annotated[dict[Key, JsonValue], Field(max_length=200)]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Tile(_Model):
    """A terrain, feature or obstacle: its catalogue id (or, for one hon does not model,
    its .m44 name as written), the .m44 name when it is not the one hon writes for the kind
    (`curve` for a river), the tile's orientation on the board, its .m44 `behavior` when it
    is not the one the kind and name imply, and the rest of what the file said of it."""

    id: Token
    m44: Token | None = None
    orientation: int | None = Field(default=None, ge=0, le=12)
    behavior: Token | None = None
    extra: Extra = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        return {"id": value} if isinstance(value, str) else value

    @model_serializer(mode="wrap")
    def _short(self, handler: Any) -> Any:
        if self.m44 is None and self.orientation is None and self.behavior is None and not self.extra:
            return self.id
        return {k: v for k, v in handler(self).items() if v is not None and v != {}}


class Tag(_Model):
    """A tag on a hex (a medal objective, a marker): its .m44 name, and whatever else the
    .m44 file said of it (a medal's group of hexes, whether it is permanent), kept for export."""

    name: Token
    extra: Extra = Field(default_factory=dict)

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        return {"name": value} if isinstance(value, str) else value

    @model_serializer(mode="wrap")
    def _short(self, handler: Any) -> Any:
        return self.name if not self.extra else handler(self)


class Unit(_Model):
    """The unit deployed on a hex. `type` is infantry, armor or artillery (or a .m44 unit
    name hon does not model, kept as written); `figures` defaults to the kind's (or its
    badge's) count; `nation`, `m44_badge` and `m44_behavior` are the .m44 nation, badge token
    and behavior, kept for export, and `extra` the rest of what the file said of it (its
    `equipment`)."""

    type: Token
    side: Side
    badge: Token | None = None
    figures: int | None = Field(default=None, ge=0, le=20)
    nation: Token | None = None
    m44_badge: Token | None = None
    m44_behavior: Token | None = None
    extra: Extra = Field(default_factory=dict)


class Place(_Model):
    row: int = Field(ge=-100, le=1000)
    col: int = Field(ge=-100, le=1000)
    terrain: Tile | None = None
    feature: Tile | None = None
    obstacle: Tile | None = None
    unit: Unit | None = None
    tags: tuple[Tag, ...] = ()
    extra: Extra = Field(default_factory=dict)

    @property
    def tag_names(self) -> tuple[str, ...]:
        return tuple(tag.name for tag in self.tags)

    @property
    def is_hex(self) -> bool:
        return (self.row + self.col) % 2 == 0

    @property
    def hex(self) -> Hex:
        return Hex(self.row, self.col)


class Label(_Model):
    row: int
    col: int
    text: tuple[Annotated[str, Field(max_length=200)], ...]
    extra: Extra = Field(default_factory=dict)


class SideSetup(_Model):
    """One side: its edge of the board (the baseline it retreats to), the command cards it
    holds, the medals that win, and its country as .m44 files name it."""

    id: Side
    name: Annotated[str, Field(min_length=1, max_length=80)]
    edge: Edge
    cards: int = Field(ge=1, le=12)
    medals: int = Field(ge=1, le=30)
    country: Token | None = None


class BoardSetup(_Model):
    """The board kind, its face as the editor names it, the .m44 name of the board when it
    is not the one hon writes (`BREAKTHROUGH`), and the rest of the file's `board`."""

    type: Token = "standard"
    face: Token = "COUNTRY"
    m44: Token | None = None
    extra: Extra = Field(default_factory=dict)


class ScenarioText(_Model):
    """The scenario's texts in one language, named as the editor names them (None: the file
    does not have that text; "" it has it empty), and the rest of what it said there."""

    name: Text | None = None
    subtitle: Text | None = None
    historical: Text | None = None
    description: Text | None = None
    rules: Text | None = None
    victory: Text | None = None
    bibliography: Text | None = None
    extra: Extra = Field(default_factory=dict)


class M44Kept(_Model):
    """What a .m44 file held beyond what hon reads, written back unchanged on export: its
    top-level fields (`meta_data`, `packs`, any other), the rest of its `game_info` (`type`,
    `operationID`, `victory_conditions`, `expert_mode`) and of its main language's texts."""

    file: Extra = Field(default_factory=dict)
    game_info: Extra = Field(default_factory=dict)
    text: Extra = Field(default_factory=dict)


class Scenario(_Model):
    format: Literal["m44-scenario"] = "m44-scenario"
    version: int = SCENARIO_VERSION
    game: Literal["m44"]
    id: Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=80)]
    title: Annotated[str, Field(min_length=1, max_length=200)]
    source: Annotated[str, Field(min_length=1, max_length=200)]  # "example" for an invented one
    board: BoardSetup = BoardSetup()
    sides: tuple[SideSetup, SideSetup]
    starts: Side
    hexes: tuple[Place, ...] = Field(default=(), max_length=5000)
    labels: tuple[Label, ...] = ()
    # The texts in `language`: the title, the briefing (.m44 `description`), the victory
    # conditions, and the subtitle, historical background, special rules and bibliography.
    language: Token = "en"
    briefing: Text | None = None
    victory: Text | None = None
    subtitle: Text | None = None
    historical: Text | None = None
    special_rules: Text | None = None
    bibliography: Text | None = None
    translations: dict[Token, ScenarioText] = Field(default_factory=dict, max_length=60)
    front: Token | None = None
    date: Annotated[str, Field(max_length=40)] | None = None
    date_end: Annotated[str, Field(max_length=40)] | None = None
    m44: M44Kept | None = None  # set on import: what the .m44 file held that hon only keeps

    @model_validator(mode="after")
    def _two_sides(self) -> Scenario:
        first, second = self.sides
        if first.id == second.id:
            raise ValueError("the two sides must be different (axis and allies)")
        if first.edge == second.edge:
            raise ValueError("the two sides sit on opposite edges (top and bottom)")
        return self

    def side(self, side: Side) -> SideSetup:
        return next(s for s in self.sides if s.id is side)

    def other(self, side: Side) -> Side:
        return next(s.id for s in self.sides if s.id is not side)
