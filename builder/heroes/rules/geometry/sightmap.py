"""The battlefield compiled for line of sight: flat per-square and per-edge tables, so that
tracing a line costs a few list look-ups per square crossed (`builder.heroes.rules.geometry.los` walks them).

What each table holds, and the rule it serves:
* squares: the topmost terrain element's LoS effects, which building or hole it belongs to;
* east/south edges: walls and no-passage (block, HoN core p.18, p.20), building openings
  (fire through them only from the square next to them, HoN core p.20), BfC lines
  (BfC p.04-05)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from builder.heroes.catalogue.terrain import LineKind, TerrainEffects
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.geometry.grid import edge_of_segment
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.scenario.battlefield import Battlefield, PlacedLine
from builder.kernel.events import Modifier

if TYPE_CHECKING:
    from builder.heroes.rules.geometry.los import KeptTrace

BFC_LINES = "BfC p.04"
_LABELS = {kind: kind.label for kind in UnitType}  # a unit in the way is named in every blocked trace
BFC_CONTOURS = "BfC p.05"
_NONE: frozenset[int] = frozenset()


class Occupancy:
    """The squares the pieces on the battlefield stand on; embarked units are not there."""

    __slots__ = ("_indexed", "at")

    def __init__(self, pieces: Iterable[Piece] = ()) -> None:
        # One comprehension, a later piece on a square replacing an earlier one as before:
        # the policy and the movement rules build one for every unit they weigh.
        self.at: dict[Square, Piece] = {
            square: piece for piece in pieces if piece.embarked_in is None for square in piece.squares
        }
        self._indexed: tuple[int, frozenset[int]] | None = None

    def without(self, *keys: str) -> Occupancy:
        return Occupancy(p for p in set(self.at.values()) if p.key not in keys)

    def indexed(self, width: int) -> frozenset[int]:
        """The occupied squares as `col + row * width`, for a trace's quick look-ups."""
        if self._indexed is None or self._indexed[0] != width:
            self._indexed = (width, frozenset(c + r * width for c, r in self.at))
        return self._indexed[1]


@dataclass(frozen=True)
class SquareInfo:
    name: str
    blocks: bool
    obscures: int
    infantry_only: bool
    building: int  # the element's index when it is a building, else -1
    hole: int  # the element's index when it is a hole (BfC p.04), else -1


@dataclass(frozen=True)
class EdgeInfo:
    squares: frozenset[Square]
    wall: str | None  # "wall" or "no-passage"
    opening: int  # the building whose door or window this is, else -1
    lines: tuple[int, ...]


@dataclass
class Cost:
    """What part of a line of sight meets: a reason when blocked, penalties, lines."""

    reason: str | None = None
    blocked_at: frozenset[Square] = frozenset()
    piece: str | None = None
    modifiers: list[Modifier] = field(default_factory=list)
    obscuring: list[Square] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    contour: frozenset[Square] | None = None  # a contour line crossed with no one adjacent
    elevated: bool = False  # crosses an elevated line an end is adjacent to (BfC p.05)

    def blocked(self) -> bool:
        """A method, not `reason is not None`: after a test of the attribute, calls that block
        the line change it, and mypy would keep the first test's narrowing."""
        return self.reason is not None

    def rank(self) -> tuple[bool, bool, int]:
        return self.reason is not None, self.contour is not None, -sum(m.value for m in self.modifiers)

    def block(self, reason: str, at: frozenset[Square], piece: str | None = None) -> None:
        if self.reason is None:
            self.reason, self.blocked_at, self.piece = reason, at, piece

    def add(self, other: Cost) -> None:
        if other.reason is not None:
            self.block(other.reason, other.blocked_at, other.piece)
        self.modifiers.extend(other.modifiers)
        self.obscuring.extend(other.obscuring)
        self.lines.extend(other.lines)
        self.contour = self.contour or other.contour
        self.elevated = self.elevated or other.elevated


class Ends(NamedTuple):
    """The two ends of one trace and what follows from them (a tuple: one is made per pair)."""

    a: Square
    b: Square
    own: frozenset[Square]  # every square of the firer and the target: never counted
    screen: bool  # infantry in between block (HoN core p.13; SoN p.8)
    infantry_target: bool  # yellow-triangle obscurers apply (HoN core p.18)
    buildings: tuple[int, int]  # the building each end is in, -1 outside
    holes: tuple[int, int]
    lines_a: frozenset[int]  # lines the firer's square is adjacent to
    lines_b: frozenset[int]
    los_page: str
    obstacle_page: str
    buildings_page: str
    no_passage_page: str
    spare_target: bool = False  # an obscuring line spares a target adjacent to it (SoN p.11)


_PAGES: dict[int, tuple[Ruleset, tuple[str, str, str, str]]] = {}


def pages_of(ruleset: Ruleset) -> tuple[str, str, str, str]:
    """The pages a trace cites, looked up once per ruleset (hashing one costs more)."""
    known = _PAGES.get(id(ruleset))
    if known is not None and known[0] is ruleset:
        return known[1]
    pages = (
        ruleset.cite("line-of-sight"),
        ruleset.cite("obstacle"),
        ruleset.cite("buildings"),
        ruleset.cite("no-passage"),
    )
    _PAGES[id(ruleset)] = (ruleset, pages)
    return pages


def _where(square: Square) -> str:
    return f"[{square[0]}, {square[1]}]"


class SightMap:
    """One battlefield's LoS tables (see the module docstring)."""

    def __init__(self, battlefield: Battlefield) -> None:
        self.width, self.height = battlefield.width, battlefield.height
        # Whether terrain alone blocks the lines between two placements (los_terrain.blocked_by_terrain).
        # Kept by the two placements, or for two squares by an int (`los_terrain`).
        self.terrain_blocks: dict[object, bool] = {}
        # Each line traced over the terrain alone, by its ends (los.KeptTrace).
        self.traces: dict[tuple[object, ...], KeptTrace] = {}
        self.on_map = battlefield.squares
        self.lines: tuple[PlacedLine, ...] = battlefield.lines
        size = self.size = self.width * self.height
        self.squares: list[SquareInfo | None] = [None] * size
        index = {id(element): i for i, element in enumerate(battlefield.elements)}
        for (c, r), element in battlefield.element_at.items():
            e = element.effects
            if e.blocks_los or e.obscures or e.building or e.hole:
                i = index[id(element)]
                self.squares[c + r * self.width] = SquareInfo(
                    element.name,
                    e.blocks_los,
                    e.obscures,
                    e.obscures_infantry_only,
                    i if e.building else -1,
                    i if e.hole else -1,
                )
        walls: dict[frozenset[Square], str] = dict.fromkeys(battlefield.walls, "wall")
        walls.update(dict.fromkeys(battlefield.no_passage, "no-passage"))
        openings: dict[frozenset[Square], int] = {}
        for i, element in enumerate(battlefield.elements):
            if element.effects.building:
                for edge in (element.doors | element.windows) & element.boundary:
                    openings.setdefault(edge, i)
        on_lines: dict[frozenset[Square], list[int]] = {}
        self.lines_by_square: dict[Square, frozenset[int]] = {}
        near: dict[Square, set[int]] = {}
        for i, line in enumerate(self.lines):
            for p, q in line.segments:
                edge = edge_of_segment(p, q)
                on_lines.setdefault(edge, []).append(i)
                for square in edge:
                    near.setdefault(square, set()).add(i)
        self.lines_by_square = {sq: frozenset(found) for sq, found in near.items()}
        self.east: list[EdgeInfo | None] = [None] * size
        self.south: list[EdgeInfo | None] = [None] * size
        for edge in set(walls) | set(openings) | set(on_lines):
            (c1, r1), (c2, r2) = sorted(edge)
            if not (0 <= c1 < self.width and 0 <= r1 < self.height and c2 < self.width and r2 < self.height):
                continue
            info = EdgeInfo(
                edge, walls.get(edge), -1 if edge in walls else openings.get(edge, -1), tuple(on_lines.get(edge, ()))
            )
            (self.east if r1 == r2 else self.south)[c1 + r1 * self.width] = info

    def edge(self, s: Square, t: Square) -> EdgeInfo | None:
        if s[1] == t[1]:
            return self.east[min(s[0], t[0]) + s[1] * self.width]
        return self.south[s[0] + min(s[1], t[1]) * self.width]

    def index(self, square: Square) -> int:
        """The square's index in the tables (`col + row * width`), -1 off the battlefield."""
        c, r = square
        return c + r * self.width if 0 <= c < self.width and 0 <= r < self.height else -1

    def inside(self, square: Square) -> bool:
        return 0 <= square[0] < self.width and 0 <= square[1] < self.height

    def ends(
        self,
        a: Square,
        b: Square,
        firer_squares: tuple[Square, ...],
        target_squares: tuple[Square, ...],
        firer_type: UnitType | None,
        target_type: UnitType | None,
        ruleset: Ruleset,
    ) -> Ends:
        """What tracing from `a` to `b` needs to know; a bare square counts as infantry."""
        width, height = self.width, self.height  # `inside`, inlined: a trace asks it twice
        info_a = self.squares[a[0] + a[1] * width] if 0 <= a[0] < width and 0 <= a[1] < height else None
        info_b = self.squares[b[0] + b[1] * width] if 0 <= b[0] < width and 0 <= b[1] < height else None
        screens = ruleset.infantry_screens
        own = (
            frozenset((a, b))
            if firer_squares == (a,) and target_squares == (b,)
            else (frozenset(firer_squares) | frozenset(target_squares))
        )
        return Ends(
            a,
            b,
            own,
            (firer_type or UnitType.INFANTRY) in screens and (target_type or UnitType.INFANTRY) in screens,
            target_type in (None, UnitType.INFANTRY),
            (info_a.building if info_a else -1, info_b.building if info_b else -1),
            (info_a.hole if info_a else -1, info_b.hole if info_b else -1),
            self.lines_by_square.get(a, _NONE),
            self.lines_by_square.get(b, _NONE),
            *pages_of(ruleset),
            ruleset.line_spares_target,
        )

    # --- What a line meets --------------------------------------------------------------

    def enter_square(self, info: SquareInfo, square: Square, ends: Ends, cost: Cost) -> None:
        """Terrain in a square the line passes through (HoN core p.18)."""
        if square_blocks(info, ends.buildings):
            cost.block(
                f"{info.name} at {_where(square)} blocks the line of sight ({ends.obstacle_page}).", frozenset({square})
            )
        elif info.building >= 0 and info.building in ends.buildings:
            return  # inside the building an end is in, only walls stop the eye (HoN core p.20)
        elif info.obscures and (ends.infantry_target or not info.infantry_only):
            cost.modifiers.append(
                Modifier(f"Obscured by {info.name} at {_where(square)}", -info.obscures, ends.obstacle_page)
            )
            cost.obscuring.append(square)

    def enter_unit(self, square: Square, ends: Ends, occupancy: Occupancy, cost: Cost) -> None:
        """A unit in the way (HoN core p.13): vehicles always block, infantry only between
        infantry, concealed units never (p.21); BfC p.04 holes hide infantry from outside."""
        piece = occupancy.at.get(square)
        if piece is None or not self.stops(piece, square, ends):
            return
        wreck = piece.is_wreck
        label = _LABELS[piece.unit.type]
        what = "wreck" if wreck else f"{label} unit" if piece.is_infantry else label
        article = "An" if what[0] in "aeiou" else "A"  # "An infantry unit", "A heavy vehicle"
        cost.block(
            f"{article} {what} ({piece.unit.name}) at {_where(square)} blocks the line of sight ({ends.los_page}).",
            frozenset({square}),
            piece.key,
        )

    def stops(self, piece: Piece, square: Square, ends: Ends) -> bool:
        """Whether `piece`, standing on `square`, blocks a line with these ends (`enter_unit`):
        a unit that does not is as good as an empty square to the line."""
        wreck = piece.is_wreck
        if piece.is_infantry and not wreck and not ends.screen:
            return False
        if piece.concealed:
            return False
        if piece.is_infantry and not wreck:
            info = self.squares[square[0] + square[1] * self.width] if self.inside(square) else None
            if info is not None and info.hole >= 0 and info.hole not in ends.holes:
                return False
        return True

    def cross(self, edge: EdgeInfo, s: Square, t: Square, ends: Ends, cost: Cost) -> None:
        """An edge between two squares: walls, no-passage, openings and BfC lines."""
        if edge.wall == "no-passage":
            cost.block(
                f"A no-passage edge between {_where(s)} and {_where(t)} blocks the line of sight "
                f"({ends.no_passage_page}).",
                edge.squares,
            )
            return
        if edge.wall is not None:
            cost.block(
                f"A wall between {_where(s)} and {_where(t)} blocks the line of sight ({ends.buildings_page}).",
                edge.squares,
            )
            return
        if opening_stops(edge, ends.a, ends.b):
            cost.block(
                f"The opening between {_where(s)} and {_where(t)} can be fired through only from "
                f"the squares next to it ({ends.buildings_page}).",
                edge.squares,
            )
            return
        for i in edge.lines:
            self._line(i, edge, ends, cost)

    def _line(self, i: int, edge: EdgeInfo, ends: Ends, cost: Cost) -> None:
        # BfC p.04: a line adds its effects to the shots crossing it, except for a firer
        # adjacent to it; a line that blocks is ignored when either end is adjacent, so that
        # both units still see each other (HoN core p.13).
        line = self.lines[i].line
        near_a, near_b = i in ends.lines_a, i in ends.lines_b
        cost.lines.append(i)
        effects = line.effects
        if line_blocks(effects, near_a or near_b):
            cost.block(f"A {line.kind.value} line blocks the line of sight ({BFC_LINES}).", edge.squares)
        elif (
            effects.obscures
            and not near_a
            and not (near_b and ends.spare_target)
            and (ends.infantry_target or not effects.obscures_infantry_only)
        ):
            cost.modifiers.append(Modifier(f"Obscured by a {line.kind.value} line", -effects.obscures, BFC_LINES))
        # BfC p.05: fire across a contour or elevated line reaches one square beyond it
        # unless an end is adjacent; an end adjacent to an elevated line it fires across
        # ignores the contour lines.
        if line.kind in (LineKind.CONTOUR, LineKind.ELEVATED):
            if near_a or near_b:
                cost.elevated = cost.elevated or line.kind is LineKind.ELEVATED
            elif cost.contour is None:
                cost.contour = edge.squares

    def route(
        self, x: int, y: int, bx: int, by: int, nx: int, ny: int, ends: Ends, occupancy: Occupancy
    ) -> Cost | None:
        """One side of an interspace: from (x, y) through (bx, by) to (nx, ny)."""
        if not self.inside((bx, by)):
            return None
        first, second = self.edge((x, y), (bx, by)), self.edge((bx, by), (nx, ny))
        side = (bx, by)
        info = self.squares[bx + by * self.width] if side not in ends.own else None
        if first is None and second is None and info is None and (side in ends.own or side not in occupancy.at):
            return None
        found = Cost()
        if first is not None:
            self.cross(first, (x, y), side, ends, found)
        if info is not None:
            self.enter_square(info, side, ends, found)
        if side not in ends.own:
            self.enter_unit(side, ends, occupancy, found)
        if second is not None:
            self.cross(second, side, (nx, ny), ends, found)
        return found


# What stops a line, asked by `SightMap` as it traces and by `los_terrain` as it walks a line
# with nobody on the battlefield: written once, so that the two walks cannot disagree.


def square_blocks(info: SquareInfo, buildings: tuple[int, int]) -> bool:
    """Terrain that blocks a line entering its square, unless it is the building an end is in:
    from inside, only walls stop the eye (HoN core p.18, p.20)."""
    return info.blocks and not (info.building >= 0 and info.building in buildings)


def opening_stops(edge: EdgeInfo, a: Square, b: Square) -> bool:
    """A building's opening is fired through only from a square next to it (HoN core p.20)."""
    return edge.opening >= 0 and a not in edge.squares and b not in edge.squares


def line_blocks(effects: TerrainEffects, near: bool) -> bool:
    """A BfC line that blocks, unless an end is adjacent to it (`near`), so that both units
    still see each other (BfC p.04; HoN core p.13)."""
    return effects.blocks_los and not near


def edge_blocks(smap: SightMap, edge: EdgeInfo, a: Square, b: Square, near: frozenset[int]) -> bool:
    """Whether `SightMap.cross` blocks a line from `a` to `b` at this edge: a wall or
    no-passage (HoN core p.18, p.20), an opening away from both ends, a line that blocks
    and that neither end is adjacent to (`near`: the lines either end is adjacent to)."""
    if edge.wall is not None or opening_stops(edge, a, b):
        return True
    lines = smap.lines
    return any(line_blocks(lines[i].line.effects, i in near) for i in edge.lines)


_KEPT = PerBattlefield(SightMap)


def sight_map(battlefield: Battlefield) -> SightMap:
    """The battlefield's LoS tables, compiled once and kept while the battlefield lives."""
    return _KEPT(battlefield)
