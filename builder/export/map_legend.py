"""The scenario sheet's legend: what the map shows (terrain, zones, objectives, marks on
edges) as entries with their swatches, and the entries drawn in columns."""

from __future__ import annotations

from dataclasses import dataclass
from xml.sax.saxutils import quoteattr

from builder.export.map_marks import (
    INK,
    LEGEND_COLUMN,
    LINE_STYLES,
    NEUTRAL,
    OPEN_GROUND,
    OPEN_GROUND_NOTE,
    bonus_symbol,
    coord,
    ink_for,
    line_marks,
    line_path,
    no_passage,
    objective_symbol,
    side_colours,
    svg_text,
    zone_swatch,
    zone_tags,
)
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.terrain import LineKind
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.models import Scenario, ZoneKind


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: a swatch (SVG drawn in a 22x22 box at the origin) and words;
    terrain carries its effects as a note, for the sheet's terrain table."""

    group: str
    label: str
    swatch: str
    note: str = ""


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
            swatch += svg_text(11, 16, glyph, 13, "middle", fill=ink_for(colour))
        summary = catalogue.terrain[key].summary if key in catalogue.terrain else OPEN_GROUND_NOTE
        entries.append(LegendEntry("Terrain", name, swatch, summary))
    colours = side_colours(scenario)
    for zone, tag in zip(scenario.zones, zone_tags(scenario), strict=True):
        side = scenario.side(zone.side)
        what = {ZoneKind.ENTRY: "entry squares", ZoneKind.EXIT: "exit squares"}.get(zone.kind, "deployment zone")
        swatch = zone_swatch(zone, colours.get(zone.side, "#888888"), tag)
        entries.append(LegendEntry("Zones", f"{tag}: {side.name if side else zone.side}, {what}", swatch))
    for number, objective in enumerate(scenario.objectives, 1):
        symbol = objective_symbol(objective.kind, colours.get(objective.owner or "", NEUTRAL), 11, 11, number)
        entries.append(LegendEntry("Objectives", f"{number}: {objective.name}", symbol))
    if scenario.tactical_bonuses:
        entries.append(LegendEntry("Marks", "Tactical bonus", bonus_symbol(11, 11)))
    entries.extend(_edge_entries(battlefield))
    return entries


def _edge_entries(battlefield: Battlefield) -> list[LegendEntry]:
    """Marks on the sides of squares: building walls with their doors and windows (HoN core
    p.20), no-passage edges (HoN core p.18), Battle for Caen's lines (BfC p.04-05)."""
    entries = []
    if battlefield.walls:
        wall = line_path([(2, 11, 20, 11)], INK, 3.2)
        entries.append(LegendEntry("Marks", "Wall (blocks movement and LoS)", wall))
        if any(e.doors for e in battlefield.elements):
            door = line_path([(0, 11, 6, 11), (16, 11, 22, 11)], INK, 3.2) + line_path(
                [(6, 7, 6, 15), (16, 7, 16, 15)], INK, 1.2
            )
            entries.append(LegendEntry("Marks", "Door (the way in)", door))
        if any(e.windows for e in battlefield.elements):
            window = line_path([(2, 11, 20, 11)], INK, 4) + line_path([(5, 11, 17, 11)], "#9fd3ff", 1.8)
            entries.append(LegendEntry("Marks", "Window (LoS, no passage)", window))
    if battlefield.no_passage:
        entries.append(LegendEntry("Marks", "No passage (no movement, no LoS)", no_passage([(2, 11, 20, 11)])))
    kinds = sorted({placed.line.kind for placed in battlefield.lines}, key=list(LineKind).index)
    for kind in kinds:
        swatch = line_marks(kind, [(2, 11, 12, 11), (12, 11, 20, 11)])
        entries.append(LegendEntry("Marks", LINE_STYLES[kind][0], swatch))
    outline = f'<rect x="2" y="2" width="18" height="18" fill="none" stroke="{INK}" stroke-width="1.8"/>'
    entries.append(LegendEntry("Marks", "Edge of a terrain board", outline))
    return entries


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


def draw_legend(
    entries: list[LegendEntry], origin: tuple[float, float], columns: int
) -> tuple[str, tuple[float, float]]:
    """The entries in columns, each group under its heading; returns the drawing and its size."""
    blocks: list[tuple[float, str]] = []  # (height, drawing at the origin)
    for index, entry in enumerate(entries):
        drawing, top = "", 0.0
        if index == 0 or entries[index - 1].group != entry.group:
            drawing = svg_text(0, 11, entry.group.upper(), 9, fill="#555555", font_weight="bold", letter_spacing="0.6")
            top = 16.0
        lines = _wrap(entry.label, 9.5, LEGEND_COLUMN - 34)
        drawing += f'<g transform="translate(0 {coord(top)})">{entry.swatch}</g>'
        drawing += "".join(svg_text(28, top + 14.5 + 12 * n, line, 9.5) for n, line in enumerate(lines))
        attrs = f"data-group={quoteattr(entry.group)} data-label={quoteattr(entry.label)}"
        blocks.append((top + max(26, 12 * len(lines) + 12), f'<g class="legend-entry" {attrs}>{drawing}</g>'))
    target = sum(h for h, _ in blocks) / columns
    x, y, column, height, drawn = 0.0, 0.0, 0, 0.0, []
    for block_h, drawing in blocks:
        if y > 0 and y + block_h > target + 12 and column < columns - 1:
            column, x, y = column + 1, x + LEGEND_COLUMN, 0.0
        drawn.append(f'<g transform="translate({coord(origin[0] + x)} {coord(origin[1] + y)})">{drawing}</g>')
        y += block_h
        height = max(height, y)
    return f'<g class="legend">{"".join(drawn)}</g>', ((column + 1) * LEGEND_COLUMN, height)
