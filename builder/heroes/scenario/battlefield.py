"""The assembled battlefield: boards placed and turned, overlays laid on top, every square's
terrain known. Scenario validation, the designer and the rules core all read this."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.terrain import (
    MAX_COORDINATE,
    NO_EFFECTS,
    Area,
    Board,
    Edge,
    Element,
    Line,
    Point,
    Square,
    TerrainEffects,
    TerrainType,
)
from builder.heroes.catalogue.units import UnitType
from builder.heroes.scenario.models import MapLayout
from builder.kernel.diagnostics import Issue, error

Rotation = int  # 0, 90, 180 or 270 degrees clockwise


# --- Turning boards ------------------------------------------------------------------


def turn_square(square: Square, width: int, height: int, rotation: Rotation) -> Square:
    """Where a square of a width x height board lands when the board turns clockwise."""
    c, r = square
    for _ in range(rotation // 90 % 4):
        c, r = height - 1 - r, c
        width, height = height, width
    return c, r


def turn_point(point: Point, width: int, height: int, rotation: Rotation) -> Point:
    """Where an interspace (square corner) lands when the board turns clockwise."""
    x, y = point
    for _ in range(rotation // 90 % 4):
        x, y = height - y, x
        width, height = height, width
    return x, y


def turned_size(width: int, height: int, rotation: Rotation) -> tuple[int, int]:
    return (height, width) if rotation // 90 % 2 else (width, height)


def _turn_edge(edge: Edge, width: int, height: int, rotation: Rotation) -> Edge:
    return Edge(a=turn_square(edge.a, width, height, rotation), b=turn_square(edge.b, width, height, rotation))


def _turn_area(area: Area, width: int, height: int, rotation: Rotation) -> Area:
    return Area.of({turn_square(c, width, height, rotation) for c in area.cells()})


def turn_board(board: Board, rotation: Rotation) -> Board:
    """The same board turned clockwise by `rotation` degrees: same terrain, new places."""
    if rotation % 360 == 0:
        return board
    w, h = board.width, board.height

    def edges(found: list[Edge]) -> list[Edge]:
        return [_turn_edge(e, w, h, rotation) for e in found]

    elements = [
        element.model_copy(
            update={
                "area": _turn_area(element.area, w, h, rotation),
                "doors": edges(element.doors),
                "windows": edges(element.windows),
                "walls": edges(element.walls),
            }
        )
        for element in board.elements
    ]
    lines = [
        line.model_copy(update={"points": [turn_point(p, w, h, rotation) for p in line.points]}) for line in board.lines
    ]
    width, height = turned_size(w, h, rotation)
    return board.model_copy(
        update={
            "width": width,
            "height": height,
            "elements": elements,
            "no_passage": edges(board.no_passage),
            "lines": lines,
        }
    )


def _shift_edge(edge: Edge, dc: int, dr: int) -> Edge:
    return Edge(a=(edge.a[0] + dc, edge.a[1] + dr), b=(edge.b[0] + dc, edge.b[1] + dr))


# --- The assembled map ------------------------------------------------------------------


@dataclass(frozen=True)
class PlacedElement:
    """A terrain element in map coordinates."""

    key: str  # "boards[1].elements[3]" or "overlays[0]", for messages
    id: str | None
    terrain: TerrainType
    effects: TerrainEffects
    cells: frozenset[Square]
    name: str
    doors: frozenset[frozenset[Square]] = frozenset()
    windows: frozenset[frozenset[Square]] = frozenset()
    walls: frozenset[frozenset[Square]] = frozenset()

    @cached_property
    def boundary(self) -> frozenset[frozenset[Square]]:
        """The edges between this element's squares and the squares around it."""
        found: set[frozenset[Square]] = set()
        for c, r in self.cells:
            for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if n not in self.cells:
                    found.add(frozenset(((c, r), n)))
        return frozenset(found)


@dataclass(frozen=True)
class PlacedLine:
    line: Line
    segments: tuple[tuple[Point, Point], ...]


@dataclass
class Battlefield:
    width: int
    height: int
    squares: frozenset[Square]
    elements: tuple[PlacedElement, ...]
    no_passage: frozenset[frozenset[Square]]
    lines: tuple[PlacedLine, ...]
    # The board each square belongs to, by placement index.
    board_of: dict[Square, int] = field(default_factory=dict)

    @cached_property
    def element_at(self) -> dict[Square, PlacedElement]:
        """The topmost element on each square: overlays cover the boards beneath them."""
        found: dict[Square, PlacedElement] = {}
        for element in self.elements:
            for cell in element.cells:
                found[cell] = element
        return found

    def effects_at(self, square: Square) -> TerrainEffects:
        element = self.element_at.get(square)
        return element.effects if element is not None else NO_EFFECTS

    def is_square(self, square: Square) -> bool:
        return square in self.squares

    def impassable_to(self, square: Square, unit_type: UnitType) -> bool:
        return square not in self.squares or unit_type in self.effects_at(square).impassable

    def impassable_to_all(self, square: Square) -> bool:
        return square not in self.squares or self.effects_at(square).impassable_to_all

    @cached_property
    def walls(self) -> frozenset[frozenset[Square]]:
        """Edges no unit crosses and no LoS passes: building walls (except doors and
        windows) and interior walls (HoN core p.20)."""
        found: set[frozenset[Square]] = set()
        for element in self.elements:
            if element.effects.building:
                found.update(element.boundary - element.doors - element.windows)
            found.update(element.walls)
        return frozenset(found)

    def element_by_id(self, element_id: str) -> PlacedElement | None:
        return next((e for e in self.elements if e.id == element_id), None)


def assemble(layout: MapLayout, catalogue: Catalogue) -> tuple[Battlefield, list[Issue]]:
    """Place every board and overlay; report unknown boards and terrain, overlapping boards."""
    issues: list[Issue] = []
    squares: set[Square] = set()
    board_of: dict[Square, int] = {}
    elements: list[PlacedElement] = []
    no_passage: set[frozenset[Square]] = set()
    lines: list[PlacedLine] = []
    for index, placement in enumerate(layout.boards):
        path = f"map.boards[{index}]"
        board = catalogue.boards.get(placement.board)
        if board is None:
            close = catalogue.did_you_mean(placement.board, "boards")
            issues.append(
                error(
                    "reference.unknown",
                    f"{path}.board",
                    f"The catalogue has no terrain board {placement.board!r}.",
                    f"Did you mean {close[0]!r}?" if close else "Check the board id.",
                )
            )
            continue
        turned = turn_board(board, placement.rotation)
        dc, dr = placement.at
        corner = (dc + turned.width - 1, dr + turned.height - 1)
        if max(corner) > MAX_COORDINATE:
            issues.append(
                error(
                    "map.too-far",
                    path,
                    f"Board {board.name} reaches square {list(corner)}, past the last column and row a map "
                    f"may have ({MAX_COORDINATE}).",
                    "Move it nearer the top-left corner, [0, 0].",
                )
            )
            continue
        cells = {(c + dc, r + dr) for c in range(turned.width) for r in range(turned.height)}
        overlap = cells & squares
        if overlap:
            other = board_of[min(overlap)]
            issues.append(
                error(
                    "map.overlap",
                    path,
                    f"Board {board.name} overlaps board {other + 1} on {len(overlap)} squares, "
                    f"first at {list(min(overlap))}.",
                    "Move one of them so that they sit side by side.",
                )
            )
        for cell in cells - squares:
            board_of[cell] = index
        squares |= cells
        for e_index, element in enumerate(turned.elements):
            placed = _place(element, f"{path}.elements[{e_index}]", dc, dr, catalogue, issues)
            if placed is not None:
                elements.append(placed)
        no_passage.update(_shift_edge(e, dc, dr).key() for e in turned.no_passage)
        for line in turned.lines:
            shifted = line.model_copy(update={"points": [(x + dc, y + dr) for x, y in line.points]})
            lines.append(PlacedLine(shifted, tuple(shifted.segments())))
    for o_index, overlay in enumerate(layout.overlays):
        placed = _place(overlay, f"map.overlays[{o_index}]", 0, 0, catalogue, issues)
        if placed is not None:
            elements.append(placed)
    no_passage.update(edge.key() for edge in layout.no_passage)
    lines.extend(PlacedLine(line, tuple(line.segments())) for line in layout.lines)
    width = max((c for c, _ in squares), default=-1) + 1
    height = max((r for _, r in squares), default=-1) + 1
    field_ = Battlefield(
        width, height, frozenset(squares), tuple(elements), frozenset(no_passage), tuple(lines), board_of
    )
    return field_, issues


def _place(
    element: Element, key: str, dc: int, dr: int, catalogue: Catalogue, issues: list[Issue]
) -> PlacedElement | None:
    terrain = catalogue.terrain.get(element.terrain)
    if terrain is None:
        close = catalogue.did_you_mean(element.terrain, "terrain")
        issues.append(
            error(
                "reference.unknown",
                f"{key}.terrain",
                f"The catalogue has no terrain type {element.terrain!r}.",
                f"Did you mean {close[0]!r}?" if close else "Check the terrain id.",
            )
        )
        return None

    def keys(found: Iterable[Edge]) -> frozenset[frozenset[Square]]:
        return frozenset(_shift_edge(e, dc, dr).key() for e in found)

    return PlacedElement(
        key=key,
        id=element.id,
        terrain=terrain,
        effects=element.effects or terrain.effects,
        cells=frozenset((c + dc, r + dr) for c, r in element.area.cells()),
        name=element.name or terrain.name,
        doors=keys(element.doors),
        windows=keys(element.windows),
        walls=keys(element.walls),
    )
