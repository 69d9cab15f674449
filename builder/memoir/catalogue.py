"""The hex game's catalogue as data (data/m44/): unit types with their badges, terrain and
obstacles, section command cards, nations, medal tags and boards. Every entry carries a
`source`: a heading of the M44 summary, or `example` when the summary does not print it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from builder.memoir.hexes import Board, Section

CATALOGUE_FORMAT = "m44-catalogue"
CATALOGUE_VERSION = 1
EXAMPLE = "example"
SOURCE_PATTERN = re.compile(r"^(example|M44 summary: [^\n]{1,200})$")

Id = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", min_length=1, max_length=80)]
Name = Annotated[str, Field(min_length=1, max_length=120)]
M44Name = Annotated[str, Field(pattern=r"^[A-Za-z0-9_]{1,40}$")]


class UnitType(StrEnum):
    INFANTRY = "infantry"
    ARMOR = "armor"
    ARTILLERY = "artillery"


class Side(StrEnum):
    AXIS = "axis"
    ALLIES = "allies"


class Layer(StrEnum):
    TERRAIN = "terrain"  # the hex itself (.m44 "terrain")
    FEATURE = "feature"  # a bridge or a bunker laid on it (.m44 "rect_terrain")
    OBSTACLE = "obstacle"  # sandbags, wire, hedgehogs (.m44 "obstacle")


class _Entry(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    source: str

    @field_validator("source")
    @classmethod
    def _source(cls, value: str) -> str:
        if not SOURCE_PATTERN.match(value):
            raise ValueError("a source is `example` or `M44 summary: <heading>`")
        return value


class UnitKind(_Entry):
    id: UnitType
    name: Name
    m44: M44Name
    figures: int = Field(ge=1, le=9)
    figures_source: str = EXAMPLE
    move: int = Field(ge=0, le=9)
    move_and_battle: int = Field(ge=0, le=9)  # the farthest it may move and still battle
    dice: tuple[int, ...] = Field(min_length=1, max_length=12)  # by range: dice[0] at 1 hex
    line_of_sight: bool = True

    def dice_at(self, distance: int) -> int:
        """Battle dice at `distance` hexes (0 beyond its range)."""
        return self.dice[distance - 1] if 1 <= distance <= len(self.dice) else 0

    @property
    def reach(self) -> int:
        return len(self.dice)


class Badge(_Entry):
    id: Id
    name: Name
    unit: UnitType
    m44: M44Name
    m44_badge: M44Name | None = None
    m44_behavior: M44Name | None = None  # the .m44 unit's `behavior` that also says it
    figures: int | None = Field(default=None, ge=1, le=9)
    move_and_battle: int | None = Field(default=None, ge=0, le=9)
    retreat: int = Field(default=1, ge=1, le=9)  # hexes a retreat flag may move it
    battles_on_entry: bool = False  # may battle after entering terrain that forbids it


class TerrainKind(_Entry):
    """A terrain kind and the .m44 names that say it: a name alone (`m44`), or one of
    `m44_marked` carrying the tile `behavior` `m44_behavior` (a river the editor marks
    FORDABLE_STREAM is a fordable stream, not a river)."""

    id: Id
    name: Name
    layer: Layer
    m44: tuple[M44Name, ...] = ()
    m44_behavior: M44Name | None = None
    m44_marked: tuple[M44Name, ...] = ()
    protection: dict[UnitType, int] = Field(default_factory=dict)
    handicap: dict[UnitType, int] = Field(default_factory=dict)
    stop: bool = False
    no_battle: bool = False
    cannot_battle: bool = False  # a unit standing in it may not battle at all
    impassable: frozenset[UnitType] = frozenset()
    adjacent: bool = False
    blocks_los: bool = False
    hill: bool = False
    ignore_flags: int = Field(default=0, ge=0, le=9)
    no_retreat: bool = False
    max_move: int | None = Field(default=None, ge=1, le=9)
    crossing: bool = False

    @model_validator(mode="after")
    def _named(self) -> TerrainKind:
        if not self.m44 and not self.m44_marked:
            raise ValueError("a terrain kind has at least one .m44 name (m44 or m44_marked)")
        if bool(self.m44_behavior) != bool(self.m44_marked):
            raise ValueError("m44_behavior and m44_marked go together")
        return self

    @property
    def m44_name(self) -> str:
        """The name export writes for a tile placed in hon."""
        return self.m44[0] if self.m44 else self.m44_marked[0]

    def behavior_for(self, name: str) -> str | None:
        """The behavior a tile of this kind named `name` carries in a .m44 file."""
        return self.m44_behavior if name not in self.m44 and name in self.m44_marked else None


class NotPlayed(_Entry):
    """Terrain the editor writes that hon keeps but does not play, and why (a lake, a ship)."""

    id: Id
    name: Name
    m44: tuple[M44Name, ...] = Field(min_length=1)
    reason: Annotated[str, Field(min_length=1, max_length=200)]


class CommandCard(_Entry):
    id: Id
    name: Name
    section: Section
    units: int = Field(ge=1, le=9)
    count: int = Field(ge=0, le=20)


class Nation(_Entry):
    id: M44Name
    side: Side


class MedalTag(_Entry):
    id: M44Name
    side: Side | None


class BoardKind(_Entry):
    id: Id
    m44: tuple[M44Name, ...] = Field(min_length=1)  # the names .m44 files give it; the first is written
    columns: int = Field(ge=2, le=60)
    rows: int = Field(ge=2, le=40)
    section_lines: tuple[int, int]
    faces: dict[M44Name, dict[int, Id]] = Field(default_factory=dict)  # face -> row -> terrain id

    def background(self, face: str, row: int) -> str | None:
        """The terrain the board's face prints on a row (None: countryside)."""
        return self.faces.get(face, {}).get(row)

    def board(self) -> Board:
        return Board(self.id, self.columns, self.rows, self.section_lines)


class Face(_Entry):
    """A face of the board as the editor names it (COUNTRY, WINTER, DESERT, BEACH)."""

    id: M44Name
    name: Name


class CatalogueFile(BaseModel):
    """One file of data/m44/."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    format: str
    version: int
    units: tuple[UnitKind, ...] = ()
    badges: tuple[Badge, ...] = ()
    terrain: tuple[TerrainKind, ...] = ()
    cards: tuple[CommandCard, ...] = ()
    nations: tuple[Nation, ...] = ()
    medal_tags: tuple[MedalTag, ...] = ()
    boards: tuple[BoardKind, ...] = ()
    faces: tuple[Face, ...] = ()
    not_played: tuple[NotPlayed, ...] = ()


@dataclass(frozen=True)
class Catalogue:
    units: dict[UnitType, UnitKind]
    badges: dict[str, Badge]
    terrain: dict[str, TerrainKind]
    cards: tuple[CommandCard, ...]
    nations: dict[str, Nation]
    medal_tags: dict[str, MedalTag]
    boards: dict[str, BoardKind]
    faces: dict[str, Face]
    not_played: dict[str, NotPlayed]

    @classmethod
    def assemble(cls, files: Iterable[CatalogueFile]) -> Catalogue:
        found = list(files)
        return cls(
            units={u.id: u for f in found for u in f.units},
            badges={b.id: b for f in found for b in f.badges},
            terrain={t.id: t for f in found for t in f.terrain},
            cards=tuple(c for f in found for c in f.cards),
            nations={n.id: n for f in found for n in f.nations},
            medal_tags={m.id: m for f in found for m in f.medal_tags},
            boards={b.id: b for f in found for b in f.boards},
            faces={face.id: face for f in found for face in f.faces},
            not_played={n.id: n for f in found for n in f.not_played},
        )

    def terrain_named(self, m44_name: str, layer: Layer, behavior: str | None = None) -> TerrainKind | None:
        """The terrain a .m44 tile stands for on that layer: the kind its name and behavior
        say, else the kind its name says alone, else one its name says with a behavior."""
        on = [t for t in self.terrain.values() if t.layer is layer]
        marked = next((t for t in on if behavior and t.m44_behavior == behavior and m44_name in t.m44_marked), None)
        plain = next((t for t in on if m44_name in t.m44), None)
        return marked or plain or next((t for t in on if m44_name in t.m44_marked), None)

    def not_played_named(self, m44_name: str) -> NotPlayed | None:
        return next((n for n in self.not_played.values() if m44_name in n.m44), None)

    def board_named(self, m44_name: str) -> BoardKind | None:
        return next((b for b in self.boards.values() if m44_name in b.m44), None)

    def badge_of(self, m44_name: str, m44_badge: str | None, behavior: str | None = None) -> Badge | None:
        """The badge a .m44 unit name (`inf2`, `tank2`) stands for, with its badge token or
        behavior: the one naming that token, else that behavior, else the one naming neither."""
        candidates = [b for b in self.badges.values() if b.m44 == m44_name]
        exact = next((b for b in candidates if m44_badge is not None and b.m44_badge == m44_badge), None)
        told = next((b for b in candidates if behavior is not None and b.m44_behavior == behavior), None)
        return exact or told or next((b for b in candidates if b.m44_badge is None), None)
