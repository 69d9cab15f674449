"""The assembled battlefield as a standalone SVG for the scenario sheet: one square per cell
filled with its terrain type's colour and glyph, board outlines, walls with their doors and
windows, no-passage edges, Battle for Caen lines, deployment zones and entry arrows,
objectives, tactical bonuses, coordinates and a legend.

Every text comes from user files and is escaped; the output depends only on its input (sorted
iteration, no generated ids), so the same scenario always gives the same bytes."""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from builder.export.map_legend import draw_legend, legend
from builder.export.map_marks import (
    BAND,
    CELL,
    DIRECTIONS,
    FONT,
    INK,
    LABEL,
    LEGEND_COLUMN,
    NEUTRAL,
    OPEN_GROUND,
    Segment,
    Square,
    arrow,
    bonus_symbol,
    coord,
    ink_for,
    line_marks,
    line_path,
    no_passage,
    objective_symbol,
    side_colours,
    svg_text,
    tag_mark,
    zone_tags,
)
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.terrain import LineKind
from builder.heroes.scenario.battlefield import Battlefield, PlacedElement, turned_size
from builder.heroes.scenario.models import Scenario, Zone, ZoneKind

__all__ = ["boundary", "centre_cell", "map_svg", "standalone_svg"]


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
        drawn, (legend_w, legend_h) = draw_legend(entries, origin, columns)
        parts.append(drawn)
        width = max(width, origin[0] + legend_w)
        height = max(height, origin[1] + legend_h)
    title = escape(f"Map of {scenario.title}")
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="map" viewBox="0 0 {coord(width)} {coord(height)}" '
        f'width="{coord(width)}" height="{coord(height)}" font-family="{FONT}" role="img">'
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
            f'<rect class="square" data-square="{c},{r}" x="{coord(_x(c))}" y="{coord(_y(r))}" '
            f'width="{CELL}" height="{CELL}" fill="{colour}"/>'
        )
        if glyph.strip():
            ink = ink_for(colour)
            glyphs.append(
                svg_text(_x(c) + CELL / 2, _y(r) + CELL * 0.7, glyph, 13, "middle", fill=ink, fill_opacity="0.6")
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
            f'<rect class="board" x="{coord(_x(c))}" y="{coord(_y(r))}" width="{w * CELL}" height="{h * CELL}" '
            f'fill="none" stroke="{INK}" stroke-width="1.8"/>'
        )
        label = f"B{index}"
        x, y = _x(c + w) - 2, _y(r + h) - 3
        drawn.append(
            f'<rect x="{coord(x - 16)}" y="{coord(y - 9)}" width="16" height="11" fill="#ffffff" fill-opacity="0.85"/>'
            + svg_text(x - 8, y, label, 8, "middle", fill=INK, font_weight="bold")
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
        outlines.append(line_path(edges, colour, width, dashes, attrs=f'class="zone" data-zone={quoteattr(zone.id)}'))
        if entry:
            arrows.extend(_entry_arrows(zone, cells, battlefield, colour))
        corner = next((s for s in cells if s not in used_corners), cells[0])
        used_corners.add(corner)
        tags.append(tag_mark(_x(corner[0]) + 0.5, _y(corner[1]) + 0.5, tag, colour))
    defs, tints = [], []
    for (colour, entry), area in sorted(covered.items()):
        path = "".join(f"M{coord(_x(c))} {coord(_y(r))}h{CELL}v{CELL}h-{CELL}z" for c, r in sorted(area))
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
                    found.append(arrow(cx, cy, -dc, -dr, colour))
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
            line_marks(placed.line.kind, [(_x(a[0]), _y(a[1]), _x(b[0]), _y(b[1])) for a, b in placed.segments])
        )
    return (
        f'<g class="lines">{"".join(lines)}</g>'
        f'<g class="no-passage">{no_passage(segments(battlefield.no_passage))}</g>'
        f'<g class="walls">{line_path(segments(battlefield.walls), INK, 3.2, cap="square")}'
        f"{line_path(window_segments, INK, 4)}{line_path(window_segments, '#9fd3ff', 1.8)}"
        f"{line_path(door_jambs, INK, 1.2)}</g>"
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
            halos.append(line_path(edges, INK, 5.5))
            halos.append(line_path(edges, colour, 3.5, "6 3"))
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
            + objective_symbol(objective.kind, colour, cx, cy, number)
            + "</g>"
        )
    bonuses = []
    for bonus in scenario.tactical_bonuses:
        if bonus.at not in battlefield.squares:
            continue
        cx, cy = _x(bonus.at[0]) + CELL / 2, _y(bonus.at[1]) + CELL / 2
        if bonus.at in taken:  # share the square: the token goes to its corner
            cx, cy = cx + CELL / 4, cy + CELL / 4
        bonuses.append(f'<g class="bonus" data-bonus={quoteattr(bonus.id)}>{bonus_symbol(cx, cy)}</g>')
    return f'<g class="objective-areas">{"".join(halos)}</g>{"".join(bonuses)}{"".join(symbols)}'


def _coordinates(battlefield: Battlefield) -> str:
    """Column numbers along the top edge, row numbers along the left edge (DESIGN.md 3.3:
    zero-based [col, row] from the top-left square)."""
    labels = [svg_text(_x(c) + CELL / 2, LABEL - 5, str(c), 9, "middle") for c in range(battlefield.width)]
    labels += [svg_text(LABEL - 3, _y(r) + CELL / 2 + 3, str(r), 9, "end") for r in range(battlefield.height)]
    return f'<g class="coordinates" fill="#555555">{"".join(labels)}</g>'
