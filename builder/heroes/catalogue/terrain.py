"""Terrain element types and terrain boards (HoN core p.18-20; BfC p.04-06; SoN p.11-13).

Coordinates are `[col, row]`, zero-based from the board's top-left square. Interspaces
(square corners) are `[col, row]` of the corner at the top-left of that square, so a board
of W x H squares has interspaces from [0, 0] to [W, H] (DESIGN.md 3.3)."""

from collections.abc import Mapping
from enum import StrEnum
from functools import cached_property
from typing import Annotated, Any, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_serializer, model_validator

from builder.heroes.catalogue.base import Entry, Id, Name, Text
from builder.heroes.catalogue.units import UnitType

Square = tuple[int, int]
Point = tuple[int, int]  # an interspace
MAX_COORDINATE = 200  # the last column and row a map may have (README: Limits)
Coordinate = Annotated[int, Field(ge=0, le=MAX_COORDINATE)]


class TerrainEffects(BaseModel):
    """What a terrain element does, as the symbols printed on it say."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    # Defensive bonus by defense colour, for units completely inside (HoN core p.18).
    defense: dict[str, int] = Field(default_factory=dict)
    # Obscures LoS: subtract this from the roll per square crossed (HoN core p.18);
    # in a yellow triangle, only when the target is infantry.
    obscures: int = Field(default=0, ge=0, le=6)
    obscures_infantry_only: bool = False
    blocks_los: bool = False
    difficult: bool = False
    # Unit types that may not enter; a unit forced in is destroyed (HoN core p.18).
    impassable: list[UnitType] = Field(default_factory=list)
    water: bool = False
    # Destruction points of a structure (HoN core p.18); None: not a structure.
    structure: int | None = Field(default=None, ge=1, le=20)
    # Infantry inside don't block the LoS of units outside (BfC p.04).
    hole: bool = False
    # A unit entering takes a Suppressed marker (SoN p.12: difficult terrain, swamp).
    suppresses: bool = False
    # The bonus does not protect against a firer or assaulter inside the same element
    # (defensive positions and buildings, HoN core p.19-20).
    shared_cover: bool = False
    # Entered only through doors; walls block LoS and movement (HoN core p.20).
    building: bool = False
    # "It is impossible to hide in these spaces" (fords, SoN p.13): a concealed unit there
    # is seen by any enemy that may spot, whatever the LoS and the distance.
    no_hiding: bool = False
    # Infantry inside may take Opportunistic Fire in the Activation Phase, never at a unit
    # inside the same element ("some" defensive positions, HoN core p.19).
    opportunity_fire: bool = False

    @field_validator("defense")
    @classmethod
    def _colours(cls, value: dict[str, int]) -> dict[str, int]:
        allowed = {"infantry", "light", "heavy"}
        wrong = sorted(set(value) - allowed)
        if wrong:
            raise ValueError(f"defensive bonuses are by colour (infantry, light, heavy), not {', '.join(wrong)}")
        return value

    @property
    def impassable_to_all(self) -> bool:
        return set(UnitType) <= set(self.impassable)


# Built without validation (the defaults are valid), as `recruitment.SMALL` is. The fields
# a factory makes are given (empty, as made), so that pydantic need not ask `dict` and
# `list` whether they take the other fields: inspecting a builtin compiles Python's
# tokenizer, 2-3 ms at every start of hon.
NO_EFFECTS = TerrainEffects.model_construct(_fields_set=set(), defense={}, impassable=[])


class TerrainType(Entry):
    """A reusable kind of terrain element: thicket, bocage, pond, building, trench…"""

    summary: Text
    effects: TerrainEffects = Field(default_factory=TerrainEffects)
    # The terrain effect symbols it carries, for the glossary and legends.
    symbols: list[Id] = Field(default_factory=list)
    colour: str = Field(default="#7a9a5a", pattern=r"^#[0-9a-fA-F]{6}$")
    glyph: str = Field(default=" ", min_length=1, max_length=1)


class Area(BaseModel):
    """A set of squares: single squares and inclusive rectangles [c0, r0, c1, r1]."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    squares: list[tuple[Coordinate, Coordinate]] = Field(default_factory=list)
    rects: list[tuple[Coordinate, Coordinate, Coordinate, Coordinate]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _rects_are_ordered(self) -> "Area":
        for c0, r0, c1, r1 in self.rects:
            if c1 < c0 or r1 < r0:
                raise ValueError(
                    f"a rectangle runs from its top-left to its bottom-right square, not {[c0, r0, c1, r1]}"
                )
        return self

    def cells(self) -> frozenset[Square]:
        return self._cells

    @cached_property
    def _cells(self) -> frozenset[Square]:
        """The squares, worked out once: the area is frozen (deployment asks each zone's
        squares for every counter of every game)."""
        found = set(self.squares)
        for c0, r0, c1, r1 in self.rects:
            found.update((c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))
        return frozenset(found)

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A copy whose squares are worked out again: pydantic copies the instance's
        `__dict__`, and with it the squares cached from those the update may change."""
        copied = super().model_copy(update=update, deep=deep)
        copied.__dict__.pop("_cells", None)
        return copied

    @classmethod
    def of(cls, cells: set[Square] | frozenset[Square]) -> "Area":
        return cls(squares=sorted(cells))


class Edge(BaseModel):
    """The side shared by two orthogonally adjacent squares: `[[3, 4], [3, 5]]`."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    a: tuple[Coordinate, Coordinate]
    b: tuple[Coordinate, Coordinate]

    @model_validator(mode="before")
    @classmethod
    def _pair(cls, data: Any) -> Any:
        if isinstance(data, (list, tuple)) and len(data) == 2:
            return {"a": data[0], "b": data[1]}
        return data

    @model_validator(mode="after")
    def _adjacent(self) -> "Edge":
        (c1, r1), (c2, r2) = self.a, self.b
        if abs(c1 - c2) + abs(r1 - r2) != 1:
            raise ValueError(f"an edge joins two squares side by side, not {list(self.a)} and {list(self.b)}")
        return self

    @model_serializer(mode="plain")
    def _dump(self) -> list[list[int]]:
        return [list(self.a), list(self.b)]

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict[str, Any]:
        pair = {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}
        return {"title": "Edge", "type": "array", "items": pair, "minItems": 2, "maxItems": 2}

    def key(self) -> frozenset[Square]:
        return frozenset((self.a, self.b))


class LineKind(StrEnum):
    """Battle for Caen's lines between interspaces (BfC p.04-05)."""

    LINE = "line"  # a plain line carrying terrain effects
    CONTOUR = "contour"  # separates two elevations
    ELEVATED = "elevated"  # bounds higher ground
    HEDGEHOG = "hedgehog"  # barbed hedgehogs: obstacle, impassable to vehicles, difficult


class Line(BaseModel):
    """A line along square sides, from interspace to interspace (axis-aligned segments)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    kind: LineKind
    points: list[tuple[Coordinate, Coordinate]] = Field(min_length=2)
    effects: TerrainEffects = Field(default_factory=TerrainEffects)

    @model_validator(mode="after")
    def _axis_aligned(self) -> "Line":
        for (x1, y1), (x2, y2) in zip(self.points, self.points[1:], strict=False):
            if (x1 != x2) == (y1 != y2):
                raise ValueError(
                    f"a line runs along square sides: {[x1, y1]} to {[x2, y2]} is neither horizontal nor vertical"
                )
        return self

    def segments(self) -> list[tuple[Point, Point]]:
        """Unit segments between neighbouring interspaces."""
        found: list[tuple[Point, Point]] = []
        for (x1, y1), (x2, y2) in zip(self.points, self.points[1:], strict=False):
            step_x = (x2 > x1) - (x2 < x1)
            step_y = (y2 > y1) - (y2 < y1)
            x, y = x1, y1
            while (x, y) != (x2, y2):
                found.append(((x, y), (x + step_x, y + step_y)))
                x, y = x + step_x, y + step_y
        return found


class Element(BaseModel):
    """A terrain element on a board: a type over an area, with a building's openings."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    id: Id | None = None  # so objectives can name it ("the farm")
    terrain: Id
    name: Name | None = None
    area: Area
    # "If the symbol for a Terrain Element is different from the one presented in its
    # description, the one printed on the element is the correct one" (HoN core p.19).
    effects: TerrainEffects | None = None
    # Buildings: the outer boundary is wall except for these openings (HoN core p.20).
    doors: list[Edge] = Field(default_factory=list)
    windows: list[Edge] = Field(default_factory=list)
    # Interior walls between rooms.
    walls: list[Edge] = Field(default_factory=list)


class Board(Entry):
    """A terrain board: a size in squares and its printed terrain elements."""

    width: int = Field(ge=1, le=60)
    height: int = Field(ge=1, le=60)
    elements: list[Element] = Field(default_factory=list)
    # Pairs of squares between which no unit may pass and LoS is blocked (HoN core p.18).
    no_passage: list[Edge] = Field(default_factory=list)
    lines: list[Line] = Field(default_factory=list)
    summary: Text = ""

    @model_validator(mode="after")
    def _inside(self) -> "Board":
        def outside(cell: tuple[int, int]) -> bool:
            return not (0 <= cell[0] < self.width and 0 <= cell[1] < self.height)

        for index, element in enumerate(self.elements):
            off = sorted(c for c in element.area.cells() if outside(c))
            if off:
                raise ValueError(
                    f"element {index} ({element.terrain}) has squares off the {self.width}x{self.height} board, "
                    f"such as {list(off[0])}"
                )
        for edge in self.no_passage:
            if outside(edge.a) or outside(edge.b):
                raise ValueError(f"a no-passage edge lies off the board: {edge.model_dump()}")
        for line in self.lines:
            for x, y in line.points:
                if not (0 <= x <= self.width and 0 <= y <= self.height):
                    raise ValueError(f"a line point {[x, y]} lies off the board's interspaces")
        ids = [e.id for e in self.elements if e.id is not None]
        if len(ids) != len(set(ids)):
            raise ValueError("element ids must be unique on a board")
        return self
