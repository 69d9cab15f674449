"""The assembled battlefield as a standalone SVG for the scenario sheet: one square per cell
filled with its terrain type's colour and glyph, board outlines, walls with their doors and
windows, no-passage edges, Battle for Caen lines, deployment zones and entry arrows,
objectives, tactical bonuses, coordinates and a legend.

Every text comes from user files and is escaped; the output depends only on its input (sorted
iteration, no generated ids), so the same scenario always gives the same bytes."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.terrain import LineKind
from builder.heroes.scenario.battlefield import Battlefield, PlacedElement, turned_size
from builder.heroes.scenario.models import ObjectiveKind, Scenario, Zone, ZoneKind

Square = tuple[int, int]
Segment = tuple[float, float, float, float]

CELL = 24  # user units per square: every map is drawn at the same scale
LABEL = 18  # the band holding the coordinates, along the top and left edges
BAND = 16  # the band around the map holding the entry arrows
LEGEND_COLUMN = 230
FONT = "DejaVu Sans, Arial, sans-serif"
INK = "#1d1d1b"
OPEN_GROUND = ("Open ground", "#e8ecd2", " ")
# "Open ground": a square without a terrain element carries no terrain effect (HoN core p.18).
OPEN_GROUND_NOTE = "Squares without a terrain element: no terrain effect."
# The sides' colours, in the order the scenario lists its sides (as in the TUI designer).
SIDE_COLOURS = ("#2f6fd0", "#d0382f", "#c79a10", "#8344c8")
NEUTRAL = "#ffffff"
BONUS_COLOUR = "#f2c200"
DIRECTIONS = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}
# Battle for Caen's lines between interspaces (BfC p.04-05): name, colour, width, dashes.
LINE_STYLES: dict[LineKind, tuple[str, str, float, str]] = {
    LineKind.LINE: ("Line with terrain effects", "#555555", 2.0, ""),
    LineKind.CONTOUR: ("Contour line (between two elevations)", "#8b5a2b", 2.2, ""),
    LineKind.ELEVATED: ("Elevated line (bounds higher ground)", "#5a3714", 3.2, "7 3"),
    LineKind.HEDGEHOG: ("Barbed hedgehogs (obstacle line)", "#8b1a1a", 1.6, ""),
}
# The ten corners of a five-pointed star of radius 1, the first pointing up, rounded so
# that the output stays the same on every platform.
STAR = tuple(
    (round(k * math.cos(math.pi / 2 - i * math.pi / 5), 3), round(-k * math.sin(math.pi / 2 - i * math.pi / 5), 3))
    for i, k in enumerate([1.0, 0.44] * 5)
)


def _n(value: float) -> str:
    """A coordinate without float noise: 12, 12.5, 12.33."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _text(x: float, y: float, content: str, size: float, anchor: str = "start", **attrs: str) -> str:
    extra = "".join(f" {k.replace('_', '-')}={quoteattr(v)}" for k, v in sorted(attrs.items()))
    return (
        f'<text x="{_n(x)}" y="{_n(y)}" font-size="{_n(size)}" text-anchor="{anchor}"{extra}>{escape(content)}</text>'
    )


def _ink_for(colour: str) -> str:
    """Dark or light text, whichever reads on `colour` (#rrggbb)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def side_colours(scenario: Scenario) -> dict[str, str]:
    return {side.id: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(scenario.sides)}


def zone_tags(scenario: Scenario) -> list[str]:
    """A short tag per zone (A, B, … Z, A2, B2 …), in file order, printed on the map and the sheet."""
    return [chr(ord("A") + i % 26) + (str(i // 26 + 1) if i >= 26 else "") for i in range(len(scenario.zones))]


def boundary(cells: Iterable[Square]) -> list[tuple[Square, Square]]:
    """The outer edges of a set of squares, as (square, outside neighbour) pairs, sorted."""
    found = set(cells)
    return [
        ((c, r), (c + dc, r + dr))
        for c, r in sorted(found)
        for dc, dr in ((0, -1), (1, 0), (0, 1), (-1, 0))
        if (c + dc, r + dr) not in found
    ]


def centre_cell(cells: Iterable[Square]) -> Square:
    """The square nearest the middle of an area (where its objective symbol goes)."""
    ordered = sorted(cells)
    mc = sum(c for c, _ in ordered) / len(ordered)
    mr = sum(r for _, r in ordered) / len(ordered)
    return min(ordered, key=lambda s: ((s[0] - mc) ** 2 + (s[1] - mr) ** 2, s[1], s[0]))


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a swatch (SVG drawn in a 22x22 box at the origin) and words;
    terrain carries its effects as a note, for the sheet's terrain table."""

    group: str
    label: str
    swatch: str
    note: str = ""


# --- Symbols, shared by the map and the legend ---------------------------------------------


def _objective_symbol(kind: ObjectiveKind, colour: str, cx: float, cy: float, number: int, size: float = 9) -> str:
    """Primary: a diamond; secondary: a disc; bonus: a star; filled with the owner's colour."""
    s = size
    if kind is ObjectiveKind.PRIMARY:
        d = s * 1.15
        corners = f"l{_n(d)} {_n(d)}l{_n(-d)} {_n(d)}l{_n(-d)} {_n(-d)}z"
        shape = f'<path d="M{_n(cx)} {_n(cy - d)}{corners}"'
    elif kind is ObjectiveKind.SECONDARY:
        shape = f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(s * 0.9)}"'
    else:
        shape = f'<polygon points="{" ".join(f"{_n(cx + x * s * 1.1)},{_n(cy + y * s * 1.1)}" for x, y in STAR)}"'
    body = f'{shape} fill="{colour}" stroke="{INK}" stroke-width="1.4"/>'
    return body + _text(cx, cy + s * 0.38, str(number), s * 1.05, "middle", fill=_ink_for(colour), font_weight="bold")


def _bonus_symbol(cx: float, cy: float, size: float = 6.5) -> str:
    s = size
    return (
        f'<rect x="{_n(cx - s)}" y="{_n(cy - s)}" width="{_n(2 * s)}" height="{_n(2 * s)}" rx="2" '
        f'fill="{BONUS_COLOUR}" stroke="{INK}" stroke-width="1.1"/>'
        f'<path d="M{_n(cx - s * 0.6)} {_n(cy)}h{_n(s * 1.2)}M{_n(cx)} {_n(cy - s * 0.6)}v{_n(s * 1.2)}" '
        f'stroke="{INK}" stroke-width="1.6"/>'
    )


def _arrow(cx: float, cy: float, dx: int, dy: int, colour: str, size: float = 6.5) -> str:
    """A filled arrow head centred on (cx, cy), pointing along (dx, dy)."""
    tip = (cx + dx * size, cy + dy * size)
    back = (cx - dx * size, cy - dy * size)
    left = (back[0] - dy * size, back[1] + dx * size)
    right = (back[0] + dy * size, back[1] - dx * size)
    corners = " ".join(f"{_n(x)},{_n(y)}" for x, y in (tip, left, right))
    return f'<polygon points="{corners}" fill="{colour}" stroke="{INK}" stroke-width="0.9"/>'


def _zone_swatch(zone: Zone, colour: str, tag: str) -> str:
    inner = f'<rect x="1" y="1" width="20" height="20" fill="{colour}" fill-opacity="0.3"/>'
    if zone.kind is ZoneKind.ENTRY:
        # Hatching drawn as lines: a swatch carries no pattern definition of its own.
        hatch = "M1 6L6 1M1 11L11 1M1 16L16 1M1 21L21 1M6 21L21 6M11 21L21 11M16 21L21 16"
        inner += f'<path d="{hatch}" stroke="{colour}" stroke-width="1.2"/>' + _arrow(11, 11, 1, 0, colour, 5.5)
        stroke = 'stroke-width="2" stroke-dasharray="4 2"'
    else:
        stroke = 'stroke-width="2.4"'
        inner += _tag(1, 1, tag, colour)
    return inner + f'<rect x="1" y="1" width="20" height="20" fill="none" stroke="{colour}" {stroke}/>'


def _tag(x: float, y: float, tag: str, colour: str) -> str:
    """A zone's letter in a small box at a square's top-left corner."""
    w = 7.5 + 5.5 * (len(tag) - 1)
    return (
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="10" fill="{colour}" stroke="{INK}" stroke-width="0.5"/>'
        + _text(x + w / 2, y + 8, tag, 8, "middle", fill=_ink_for(colour), font_weight="bold")
    )


def _line_path(
    segments: Iterable[Segment], colour: str, width: float, dashes: str = "", cap: str = "butt", attrs: str = ""
) -> str:
    d = "".join(f"M{_n(x1)} {_n(y1)}L{_n(x2)} {_n(y2)}" for x1, y1, x2, y2 in segments)
    if not d:
        return ""
    dash = f' stroke-dasharray="{dashes}"' if dashes else ""
    extra = f"{attrs} " if attrs else ""
    return (
        f'<path {extra}d="{d}" fill="none" stroke="{colour}" stroke-width="{_n(width)}" stroke-linecap="{cap}"{dash}/>'
    )


def _line_marks(kind: LineKind, segments: list[Segment]) -> str:
    """A line in its style; hedgehog lines carry a cross on each segment (BfC p.05)."""
    _, colour, width, dashes = LINE_STYLES[kind]
    drawn = _line_path(segments, colour, width, dashes, "round")
    if kind is LineKind.HEDGEHOG:
        crosses = []
        for x1, y1, x2, y2 in segments:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            crosses.append(f"M{_n(mx - 4)} {_n(my - 4)}l8 8M{_n(mx - 4)} {_n(my + 4)}l8 -8")
        drawn += f'<path d="{"".join(crosses)}" stroke="{colour}" stroke-width="1.8"/>'
    return drawn


# --- The legend -----------------------------------------------------------------------------


def legend(scenario: Scenario, battlefield: Battlefield, catalogue: Catalogue) -> list[LegendEntry]:
    """What the map shows, in the order a player sets up the table: terrain, zones,
    objectives, then the marks on edges."""
    entries: list[LegendEntry] = []
    present: dict[str, tuple[str, str, str]] = {}
    for square in battlefield.squares:
        element = battlefield.element_at.get(square)
        if element is None:
            present[""] = OPEN_GROUND
        else:
            present[element.terrain.id] = (element.terrain.name, element.terrain.colour, element.terrain.glyph)
    for key, (name, colour, glyph) in sorted(present.items(), key=lambda item: (item[0] == "", item[1][0], item[0])):
        swatch = f'<rect x="1" y="1" width="20" height="20" fill="{colour}" stroke="{INK}" stroke-width="0.6"/>'
        if glyph.strip():
            swatch += _text(11, 16, glyph, 13, "middle", fill=_ink_for(colour))
        summary = catalogue.terrain[key].summary if key in catalogue.terrain else OPEN_GROUND_NOTE
        entries.append(LegendEntry("Terrain", name, swatch, summary))
    colours = side_colours(scenario)
    for zone, tag in zip(scenario.zones, zone_tags(scenario), strict=True):
        side = scenario.side(zone.side)
        what = {ZoneKind.ENTRY: "entry squares", ZoneKind.EXIT: "exit squares"}.get(zone.kind, "deployment zone")
        swatch = _zone_swatch(zone, colours.get(zone.side, "#888888"), tag)
        entries.append(LegendEntry("Zones", f"{tag}: {side.name if side else zone.side}, {what}", swatch))
    for number, objective in enumerate(scenario.objectives, 1):
        symbol = _objective_symbol(objective.kind, colours.get(objective.owner or "", NEUTRAL), 11, 11, number)
        entries.append(LegendEntry("Objectives", f"{number}: {objective.name}", symbol))
    if scenario.tactical_bonuses:
        entries.append(LegendEntry("Marks", "Tactical bonus", _bonus_symbol(11, 11)))
    entries.extend(_edge_entries(battlefield))
    return entries


def _edge_entries(battlefield: Battlefield) -> list[LegendEntry]:
    """Marks on the sides of squares: building walls with their doors and windows (HoN core
    p.20), no-passage edges (HoN core p.18), Battle for Caen's lines (BfC p.04-05)."""
    entries = []
    if battlefield.walls:
        wall = _line_path([(2, 11, 20, 11)], INK, 3.2)
        entries.append(LegendEntry("Marks", "Wall (blocks movement and LoS)", wall))
        if any(e.doors for e in battlefield.elements):
            door = _line_path([(0, 11, 6, 11), (16, 11, 22, 11)], INK, 3.2) + _line_path(
                [(6, 7, 6, 15), (16, 7, 16, 15)], INK, 1.2
            )
            entries.append(LegendEntry("Marks", "Door (the way in)", door))
        if any(e.windows for e in battlefield.elements):
            window = _line_path([(2, 11, 20, 11)], INK, 4) + _line_path([(5, 11, 17, 11)], "#9fd3ff", 1.8)
            entries.append(LegendEntry("Marks", "Window (LoS, no passage)", window))
    if battlefield.no_passage:
        entries.append(LegendEntry("Marks", "No passage (no movement, no LoS)", _no_passage([(2, 11, 20, 11)])))
    kinds = sorted({placed.line.kind for placed in battlefield.lines}, key=list(LineKind).index)
    for kind in kinds:
        swatch = _line_marks(kind, [(2, 11, 12, 11), (12, 11, 20, 11)])
        entries.append(LegendEntry("Marks", LINE_STYLES[kind][0], swatch))
    outline = f'<rect x="2" y="2" width="18" height="18" fill="none" stroke="{INK}" stroke-width="1.8"/>'
    entries.append(LegendEntry("Marks", "Edge of a terrain board", outline))
    return entries


def _no_passage(segments: list[Segment]) -> str:
    return _line_path(segments, "#ffffff", 5, cap="round") + _line_path(segments, "#a01818", 3, "3 2")


# --- The map --------------------------------------------------------------------------------


LEFT = TOP = LABEL + BAND  # where the map's first square starts in the picture


def _x(c: float) -> float:
    return LEFT + c * CELL


def _y(r: float) -> float:
    return TOP + r * CELL


def _edge(a: Square, b: Square) -> Segment:
    """The side shared by squares a and b (b may lie off the map)."""
    (c1, r1), (c2, r2) = sorted((a, b))
    if r1 == r2:  # side by side: a vertical line
        return (_x(c2), _y(r1), _x(c2), _y(r1 + 1))
    return (_x(c1), _y(r2), _x(c1 + 1), _y(r2))


def _outside(cells: frozenset[Square], gap: float) -> list[Segment]:
    """The outline of an area drawn `gap` units outside its squares, so that it leaves the
    walls, doors and windows on the area's edge visible: each side moves out, and grows at
    an outer corner or shrinks at an inner one to meet its neighbour."""
    found = []
    for (c, r), (nc, nr) in boundary(cells):
        dc, dr = nc - c, nr - r
        tc, tr = abs(dr), abs(dc)  # along the side
        x0, y0 = c + (dc > 0), r + (dr > 0)
        ends = []
        for sign in (-1, 1):
            nxt = (c + sign * tc, r + sign * tr)
            ends.append(gap if nxt not in cells else (-gap if (nxt[0] + dc, nxt[1] + dr) in cells else 0.0))
        start = (_x(x0) + dc * gap - tc * ends[0], _y(y0) + dr * gap - tr * ends[0])
        end = (_x(x0 + tc) + dc * gap + tc * ends[1], _y(y0 + tr) + dr * gap + tr * ends[1])
        found.append((*start, *end))
    return found


def map_svg(scenario: Scenario, battlefield: Battlefield, catalogue: Catalogue, with_legend: bool = True) -> str:
    """The map as one <svg> element (no XML declaration), sized in user units."""
    width = _x(battlefield.width) + BAND
    height = _y(battlefield.height) + BAND
    parts = [
        _squares(battlefield),
        _boards(scenario, catalogue),
        _zones(scenario, battlefield),
        _edges(battlefield),
        _objectives(scenario, battlefield),
        _coordinates(battlefield),
    ]
    if with_legend:
        entries = legend(scenario, battlefield, catalogue)
        portrait = battlefield.height > battlefield.width
        origin = (width + 8, LABEL) if portrait else (LABEL, height + 8)
        columns = 1 if portrait else max(1, int((width - LABEL) // LEGEND_COLUMN))
        drawn, (legend_w, legend_h) = _legend(entries, origin, columns)
        parts.append(drawn)
        width = max(width, origin[0] + legend_w)
        height = max(height, origin[1] + legend_h)
    title = escape(f"Map of {scenario.title}")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="0 0 {_n(width)} {_n(height)}" '
        f'width="{_n(width)}" height="{_n(height)}" font-family="{FONT}" role="img">'
        f"<title>{title}</title>" + "".join(p for p in parts if p) + "</svg>"
    )


def standalone_svg(scenario: Scenario, battlefield: Battlefield, catalogue: Catalogue) -> str:
    """The map with its legend as an SVG file."""
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + map_svg(scenario, battlefield, catalogue) + "\n"


def _squares(battlefield: Battlefield) -> str:
    rects, glyphs = [], []
    for c, r in sorted(battlefield.squares, key=lambda s: (s[1], s[0])):
        element = battlefield.element_at.get((c, r))
        _, colour, glyph = OPEN_GROUND if element is None else ("", element.terrain.colour, element.terrain.glyph)
        rects.append(
            f'<rect class="square" data-square="{c},{r}" x="{_n(_x(c))}" y="{_n(_y(r))}" '
            f'width="{CELL}" height="{CELL}" fill="{colour}"/>'
        )
        if glyph.strip():
            ink = _ink_for(colour)
            glyphs.append(
                _text(_x(c) + CELL / 2, _y(r) + CELL * 0.7, glyph, 13, "middle", fill=ink, fill_opacity="0.6")
            )
    return (
        f'<g class="terrain" stroke="{INK}" stroke-opacity="0.3" stroke-width="0.5">{"".join(rects)}</g>'
        f'<g class="glyphs">{"".join(glyphs)}</g>'
    )


def _boards(scenario: Scenario, catalogue: Catalogue) -> str:
    drawn = []
    for index, placement in enumerate(scenario.map.boards, 1):
        board = catalogue.boards.get(placement.board)
        if board is None:
            continue
        w, h = turned_size(board.width, board.height, placement.rotation)
        c, r = placement.at
        drawn.append(
            f'<rect class="board" x="{_n(_x(c))}" y="{_n(_y(r))}" width="{w * CELL}" height="{h * CELL}" '
            f'fill="none" stroke="{INK}" stroke-width="1.8"/>'
        )
        label = f"B{index}"
        x, y = _x(c + w) - 2, _y(r + h) - 3
        drawn.append(
            f'<rect x="{_n(x - 16)}" y="{_n(y - 9)}" width="16" height="11" fill="#ffffff" fill-opacity="0.85"/>'
            + _text(x - 8, y, label, 8, "middle", fill=INK, font_weight="bold")
        )
    return f'<g class="boards">{"".join(drawn)}</g>'


def _zones(scenario: Scenario, battlefield: Battlefield) -> str:
    """One translucent tint per side over all its zones (nested zones would darken the
    terrain beneath), hatching over entry squares, and each zone's own outline and tag."""
    colours = side_colours(scenario)
    covered: dict[tuple[str, bool], set[Square]] = {}
    outlines, arrows, tags = [], [], []
    used_corners: set[Square] = set()
    for zone, tag in zip(scenario.zones, zone_tags(scenario), strict=True):
        cells = sorted(zone.area.cells() & battlefield.squares, key=lambda s: (s[1], s[0]))
        if not cells:
            continue
        colour = colours.get(zone.side, "#888888")
        entry = zone.kind is ZoneKind.ENTRY
        covered.setdefault((colour, entry), set()).update(cells)
        edges = [_edge(a, b) for a, b in boundary(cells)]
        width, dashes = (2.0, "5 3") if entry else (2.6, "")
        outlines.append(_line_path(edges, colour, width, dashes, attrs=f'class="zone" data-zone={quoteattr(zone.id)}'))
        if entry:
            arrows.extend(_entry_arrows(zone, cells, battlefield, colour))
        corner = next((s for s in cells if s not in used_corners), cells[0])
        used_corners.add(corner)
        tags.append(_tag(_x(corner[0]) + 0.5, _y(corner[1]) + 0.5, tag, colour))
    defs, tints = [], []
    for (colour, entry), area in sorted(covered.items()):
        path = "".join(f"M{_n(_x(c))} {_n(_y(r))}h{CELL}v{CELL}h-{CELL}z" for c, r in sorted(area))
        tints.append(f'<path d="{path}" fill="{colour}" fill-opacity="0.25"/>')
        if entry:
            pattern = f"hatch-{colour[1:]}"
            defs.append(
                f'<pattern id="{pattern}" patternUnits="userSpaceOnUse" width="6" height="6" '
                f'patternTransform="rotate(45)"><path d="M0 0V6" stroke="{colour}" stroke-width="1.6"/></pattern>'
            )
            tints.append(f'<path d="{path}" fill="url(#{pattern})" fill-opacity="0.55"/>')
    return (
        (f"<defs>{''.join(defs)}</defs>" if defs else "")
        + f'<g class="zones">{"".join(tints)}{"".join(outlines)}</g>'
        + f'<g class="arrows">{"".join(arrows)}</g><g class="zone-tags">{"".join(tags)}</g>'
    )


def _entry_arrows(zone: Zone, cells: list[Square], battlefield: Battlefield, colour: str) -> list[str]:
    """An arrow outside the map beside each entry square on the zone's edge, pointing in."""
    wanted = [DIRECTIONS[zone.edge]] if zone.edge else list(DIRECTIONS.values())
    found = []
    for directions in (wanted, list(DIRECTIONS.values())):  # fall back to any edge
        for c, r in cells:
            for dc, dr in directions:
                if (c + dc, r + dr) not in battlefield.squares:
                    cx = _x(c) + CELL / 2 + dc * (CELL + BAND) / 2
                    cy = _y(r) + CELL / 2 + dr * (CELL + BAND) / 2
                    found.append(_arrow(cx, cy, -dc, -dr, colour))
        if found:
            break
    return found


def _edges(battlefield: Battlefield) -> str:
    def segments(keys: Iterable[frozenset[Square]]) -> list[Segment]:
        pairs = sorted(tuple(sorted(key)) for key in keys)
        return [_edge(a, b) for a, b in pairs]

    doors: set[frozenset[Square]] = set()
    windows: set[frozenset[Square]] = set()
    for element in battlefield.elements:
        doors |= element.doors
        windows |= element.windows
    door_jambs = []
    for x1, y1, x2, y2 in segments(doors - battlefield.walls):
        # Short jambs across the wall at both ends of the gap.
        if x1 == x2:
            door_jambs += [(x1 - 3, y1 + 3, x1 + 3, y1 + 3), (x1 - 3, y2 - 3, x1 + 3, y2 - 3)]
        else:
            door_jambs += [(x1 + 3, y1 - 3, x1 + 3, y1 + 3), (x2 - 3, y1 - 3, x2 - 3, y1 + 3)]
    window_segments = segments(windows - battlefield.walls)
    lines = []
    for placed in sorted(battlefield.lines, key=lambda p: (list(LineKind).index(p.line.kind), p.segments)):
        lines.append(
            _line_marks(placed.line.kind, [(_x(a[0]), _y(a[1]), _x(b[0]), _y(b[1])) for a, b in placed.segments])
        )
    return (
        f'<g class="lines">{"".join(lines)}</g>'
        f'<g class="no-passage">{_no_passage(segments(battlefield.no_passage))}</g>'
        f'<g class="walls">{_line_path(segments(battlefield.walls), INK, 3.2, cap="square")}'
        f"{_line_path(window_segments, INK, 4)}{_line_path(window_segments, '#9fd3ff', 1.8)}"
        f"{_line_path(door_jambs, INK, 1.2)}</g>"
    )


def _objectives(scenario: Scenario, battlefield: Battlefield) -> str:
    colours = side_colours(scenario)
    halos: list[str] = []
    symbols: list[str] = []
    taken: set[Square] = set()
    for number, objective in enumerate(scenario.objectives, 1):
        colour = colours.get(objective.owner or "", NEUTRAL)
        element: PlacedElement | None = None
        if objective.element is not None:
            element = battlefield.element_by_id(objective.element)
            if element is None:
                continue
            edges = _outside(element.cells, 4.5)
            halos.append(_line_path(edges, INK, 5.5))
            halos.append(_line_path(edges, colour, 3.5, "6 3"))
            spare = set(element.cells) - taken
            square = centre_cell(spare or element.cells)
        elif objective.at in battlefield.squares:
            assert objective.at is not None
            square = objective.at
        else:
            continue
        taken.add(square)
        cx, cy = _x(square[0]) + CELL / 2, _y(square[1]) + CELL / 2
        symbols.append(
            f'<g class="objective" data-objective={quoteattr(objective.id)} data-kind="{objective.kind.value}">'
            + _objective_symbol(objective.kind, colour, cx, cy, number)
            + "</g>"
        )
    bonuses = []
    for bonus in scenario.tactical_bonuses:
        if bonus.at not in battlefield.squares:
            continue
        cx, cy = _x(bonus.at[0]) + CELL / 2, _y(bonus.at[1]) + CELL / 2
        if bonus.at in taken:  # share the square: the token goes to its corner
            cx, cy = cx + CELL / 4, cy + CELL / 4
        bonuses.append(f'<g class="bonus" data-bonus={quoteattr(bonus.id)}>{_bonus_symbol(cx, cy)}</g>')
    return f'<g class="objective-areas">{"".join(halos)}</g>{"".join(bonuses)}{"".join(symbols)}'


def _coordinates(battlefield: Battlefield) -> str:
    """Column numbers along the top edge, row numbers along the left edge (DESIGN.md 3.3:
    zero-based [col, row] from the top-left square)."""
    labels = [_text(_x(c) + CELL / 2, LABEL - 5, str(c), 9, "middle") for c in range(battlefield.width)]
    labels += [_text(LABEL - 3, _y(r) + CELL / 2 + 3, str(r), 9, "end") for r in range(battlefield.height)]
    return f'<g class="coordinates" fill="#555555">{"".join(labels)}</g>'


def _wrap(text: str, size: float, width: float) -> list[str]:
    """Words broken into lines that fit `width`, estimating 0.56 em a character."""
    limit = max(8, int(width / (size * 0.56)))
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= limit:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def _legend(entries: list[LegendEntry], origin: tuple[float, float], columns: int) -> tuple[str, tuple[float, float]]:
    """The entries in columns, each group under its heading; returns the drawing and its size."""
    blocks: list[tuple[float, str]] = []  # (height, drawing at the origin)
    for index, entry in enumerate(entries):
        drawing, top = "", 0.0
        if index == 0 or entries[index - 1].group != entry.group:
            drawing = _text(0, 11, entry.group.upper(), 9, fill="#555555", font_weight="bold", letter_spacing="0.6")
            top = 16.0
        lines = _wrap(entry.label, 9.5, LEGEND_COLUMN - 34)
        drawing += f'<g transform="translate(0 {_n(top)})">{entry.swatch}</g>'
        drawing += "".join(_text(28, top + 14.5 + 12 * n, line, 9.5) for n, line in enumerate(lines))
        attrs = f"data-group={quoteattr(entry.group)} data-label={quoteattr(entry.label)}"
        blocks.append((top + max(26, 12 * len(lines) + 12), f'<g class="legend-entry" {attrs}>{drawing}</g>'))
    target = sum(h for h, _ in blocks) / columns
    x, y, column, height, drawn = 0.0, 0.0, 0, 0.0, []
    for block_h, drawing in blocks:
        if y > 0 and y + block_h > target + 12 and column < columns - 1:
            column, x, y = column + 1, x + LEGEND_COLUMN, 0.0
        drawn.append(f'<g transform="translate({_n(origin[0] + x)} {_n(origin[1] + y)})">{drawing}</g>')
        y += block_h
        height = max(height, y)
    return f'<g class="legend">{"".join(drawn)}</g>', ((column + 1) * LEGEND_COLUMN, height)
