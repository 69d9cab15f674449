"""The hex game's map as SVG: pointy-topped hexes in .m44 coordinates (row, doubled column),
coloured by terrain, with features and obstacles as letters, units as labelled counters in
their side's colour, medal objectives as stars, and the dashed section lines. Every text
from the scenario is escaped here."""

from __future__ import annotations

from html import escape
from math import sqrt

from builder.memoir.catalogue import Catalogue, Side, UnitType
from builder.memoir.hexes import Board, Hex
from builder.memoir.rules.terrain import with_face
from builder.memoir.scenario import Place, Scenario

SIZE = 24.0  # centre to corner
HALF_WIDTH = SIZE * sqrt(3) / 2
MARGIN = 28.0
TERRAIN_FILL = {
    "woods": "#7fae6b",
    "hill": "#c8a96a",
    "town": "#c9b8a6",
    "hedgerow": "#93b36f",
    "river": "#7fb3d9",
    "fordable-stream": "#a9cde6",
    "forded-river": "#a9cde6",
    "beach": "#eadb9f",
    "ocean": "#5d8fc2",
    "marsh": "#a7c4a0",
}
CLEAR = "#e8ecd6"
UNKNOWN = "#d9d9d9"
SIDE_FILL = {Side.ALLIES: "#3d6db5", Side.AXIS: "#5f5f5f"}
LETTER = {UnitType.INFANTRY: "I", UnitType.ARMOR: "A", UnitType.ARTILLERY: "G"}


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def centre(place: Hex) -> tuple[float, float]:
    return MARGIN + HALF_WIDTH * (place.col + 1), MARGIN + SIZE + 1.5 * SIZE * place.row


def _outline(place: Hex) -> str:
    x, y = centre(place)
    corners = [
        (x, y - SIZE),
        (x + HALF_WIDTH, y - SIZE / 2),
        (x + HALF_WIDTH, y + SIZE / 2),
        (x, y + SIZE),
        (x - HALF_WIDTH, y + SIZE / 2),
        (x - HALF_WIDTH, y - SIZE / 2),
    ]
    return " ".join(f"{_n(a)},{_n(b)}" for a, b in corners)


def _text(x: float, y: float, content: str, size: float, fill: str = "#222222", weight: str = "normal") -> str:
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="middle" fill="{fill}" '
        f'font-weight="{weight}">{escape(content)}</text>'
    )


def hex_map_svg(scenario: Scenario, catalogue: Catalogue, board: Board) -> str:
    """The map as one <svg> element (no XML prolog)."""
    width = MARGIN * 2 + HALF_WIDTH * (board.max_col + 2)
    height = MARGIN * 2 + SIZE * 2 + 1.5 * SIZE * (board.rows - 1)
    places = {p.hex: p for p in with_face(scenario, catalogue, board)}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'width="{_n(width)}" height="{_n(height)}" font-family="DejaVu Sans, sans-serif">',
        f'<rect width="{_n(width)}" height="{_n(height)}" fill="#ffffff"/>',
    ]
    for place in board.hexes():
        parts.append(_hexagon(place, places.get(place), catalogue))
    parts.extend(_sections(board, height))
    for side in scenario.sides:
        row = board.baseline(side.edge)
        y = centre(Hex(row, 0))[1] + (SIZE + 10 if row else -SIZE - 4)
        parts.append(_text(width / 2, y, f"{side.name} baseline ({side.medals} medals to win)", 10, SIDE_FILL[side.id]))
    parts.append("</svg>")
    return "\n".join(parts)


def standalone(scenario: Scenario, catalogue: Catalogue, board: Board) -> str:
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + hex_map_svg(scenario, catalogue, board) + "\n"


def _hexagon(place: Hex, found: Place | None, catalogue: Catalogue) -> str:
    fill = CLEAR
    marks: list[str] = []
    if found is not None and found.terrain is not None:
        kind = catalogue.terrain.get(found.terrain.id)
        fill = TERRAIN_FILL.get(found.terrain.id, CLEAR) if kind is not None else UNKNOWN
    x, y = centre(place)
    shapes = [f'<polygon points="{_outline(place)}" fill="{fill}" stroke="#7a7a6a" stroke-width="0.8"/>']
    if found is not None:
        for layer in (found.feature, found.obstacle):
            if layer is not None:
                kind = catalogue.terrain.get(layer.id)
                marks.append((kind.name if kind is not None else layer.id)[:3])
        if marks:
            shapes.append(_text(x, y - SIZE * 0.52, "/".join(marks), 7, "#5a3d1e"))
        if any(tag in catalogue.medal_tags for tag in found.tag_names):
            shapes.append(_text(x + HALF_WIDTH * 0.55, y - SIZE * 0.2, "★", 11, "#b8860b"))
        if found.unit is not None:
            shapes.append(_unit(found, x, y, catalogue))
    shapes.append(_text(x, y + SIZE * 0.78, f"{place.row},{place.col}", 5.5, "#8a8a7a"))
    return "\n".join(shapes)


def _unit(found: Place, x: float, y: float, catalogue: Catalogue) -> str:
    unit = found.unit
    assert unit is not None
    try:
        kind = catalogue.units[UnitType(unit.type)]
        letter = LETTER[kind.id]
        figures = (
            unit.figures
            or (catalogue.badges[unit.badge].figures if unit.badge in catalogue.badges else None)
            or kind.figures
        )
    except (ValueError, KeyError):
        letter, figures = "?", unit.figures or 0
    badge = "*" if unit.badge else ""
    colour = SIDE_FILL[unit.side]
    return f'<rect x="{_n(x - 10)}" y="{_n(y - 8)}" width="20" height="16" rx="3" fill="{colour}"/>' + _text(
        x, y + 4, f"{letter}{figures}{badge}", 9, "#ffffff", "bold"
    )


def _sections(board: Board, height: float) -> list[str]:
    lines = []
    for col in board.section_lines:
        x = MARGIN + HALF_WIDTH * (col + 1)
        lines.append(
            f'<line x1="{_n(x)}" y1="{_n(MARGIN / 2)}" x2="{_n(x)}" y2="{_n(height - MARGIN / 2)}" '
            'stroke="#b03030" stroke-width="1.2" stroke-dasharray="5,4"/>'
        )
    return lines
