"""A hex-game scenario (`format: m44-scenario`, `game: m44`): the board, the two sides with
their edge, command cards and the medals they need, and the hexes that differ from open
countryside: terrain, a feature laid over it (bridge, bunker), an obstacle, the unit
deployed there and its tags (medal objectives among them).

Coordinates are the `.m44` row and doubled column (builder.memoir.hexes). Terrain and unit
names hon does not model are kept as written, so that `.m44` export gives them back."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_serializer, model_validator

from builder.memoir.catalogue import Side
from builder.memoir.hexes import Edge, Hex

SCENARIO_FORMAT = "m44-scenario"
SCENARIO_VERSION = 1

Token = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,40}$")]
Text = Annotated[str, Field(max_length=8000)]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Tile(_Model):
    """A terrain, feature or obstacle: its catalogue id (or, for one hon does not model,
    its .m44 name as written), the .m44 name when it is not the kind's first one (`curve`
    for a river), and the tile's orientation on the board."""

    id: Token
    m44: Token | None = None
    orientation: int | None = Field(default=None, ge=0, le=12)

    @model_validator(mode="before")
    @classmethod
    def _shorthand(cls, value: Any) -> Any:
        return {"id": value} if isinstance(value, str) else value

    @model_serializer(mode="wrap")
    def _short(self, handler: Any) -> Any:
        if self.m44 is None and self.orientation is None:
            return self.id
        return {k: v for k, v in handler(self).items() if v is not None}


class Tag(_Model):
    """A tag on a hex (a medal objective, a marker): its .m44 name, and whatever else the
    .m44 file said of it (a medal's group of hexes, whether it is permanent), kept for export."""

    name: Token
    extra: dict[Annotated[str, Field(max_length=40)], JsonValue] = Field(default_factory=dict, max_length=20)

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
    and behavior, kept for export."""

    type: Token
    side: Side
    badge: Token | None = None
    figures: int | None = Field(default=None, ge=0, le=20)
    nation: Token | None = None
    m44_badge: Token | None = None
    m44_behavior: Token | None = None


class Place(_Model):
    row: int = Field(ge=-100, le=1000)
    col: int = Field(ge=-100, le=1000)
    terrain: Tile | None = None
    feature: Tile | None = None
    obstacle: Tile | None = None
    unit: Unit | None = None
    tags: tuple[Tag, ...] = ()

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
    type: Token = "standard"
    face: Token = "COUNTRY"


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
    briefing: Text = ""
    victory: Text = ""
    front: Token | None = None
    date: Annotated[str, Field(max_length=40)] | None = None

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
