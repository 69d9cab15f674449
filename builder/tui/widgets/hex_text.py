"""What the hex game's screens draw and write (the designer, screens/hex_designer.py, and the
simulation viewer, screens/hex_simulation.py): each hex's colour and letters, a unit's letter
and figures in its side's colour, a hex told in full, the scenario's texts in one of its
languages, and the legend of the board's letters and colours. Text only: the rules core
and the session compute the rest."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rich.style import Style
from rich.text import Text

from builder.export.hex_texts import LanguageTexts, texts_of
from builder.io.errors import one_line
from builder.kernel.diagnostics import the_side
from builder.memoir.catalogue import Catalogue, Layer, Side, UnitType
from builder.memoir.hexes import Board, Hex
from builder.memoir.rules.terrain import with_face
from builder.memoir.scenario import Place, Scenario
from builder.tui.widgets.hex_map import SECTION, HexCell

COLOURS = {
    "woods": "#2f6b2f",
    "hill": "#8a6d3b",
    "town": "#7a6a5a",
    "hedgerow": "#4d7a2a",
    "river": "#2f5f9a",
    "fordable-stream": "#4f7fb0",
    "forded-river": "#4f7fb0",
    "beach": "#a89a5a",
    "ocean": "#1f3f7a",
    "marsh": "#4f7a6a",
}
GLYPHS = {
    "clear": " ",  # countryside: the open ground a hex without terrain is too
    "woods": "W",
    "hill": "h",
    "town": "T",
    "hedgerow": "H",
    "river": "~",
    "fordable-stream": "s",
    "forded-river": "F",
    "beach": ".",
    "ocean": "≈",
    "marsh": ",",
}
MARKS = {"bridge": "=", "ford": "f", "bunker": "B", "sandbags": "s", "wire": "x", "hedgehogs": "#"}
UNKNOWN = "?"  # a terrain, feature or obstacle of the file that hon does not model
MEDAL = "★"
OPEN = "#4f6b35"
SIDE_COLOUR = {Side.ALLIES: "#9fc5ff", Side.AXIS: "#ff9f9f"}
LETTER = {UnitType.INFANTRY: "I", UnitType.ARMOR: "A", UnitType.ARTILLERY: "G"}
# The background of the hexes the viewer's current event is about (a move's two ends, a
# battle's firer and target), as the other viewers tint their squares and boxes.
EVENT_BACKGROUND = "#8a7000"


@dataclass(frozen=True)
class Shown:
    """A unit as a screen draws it: in the scenario, or where a game's events left it."""

    side: Side
    letter: str
    figures: int
    place: Hex
    name: str = ""  # the rules core's label in the viewer ("Infantry allies-3")


def board_cells(scenario: Scenario, catalogue: Catalogue, board: Board) -> dict[Hex, HexCell]:
    """Each hex's terrain letter on its colour, then its feature (or a medal), then its obstacle."""
    found: dict[Hex, HexCell] = {}
    for place in with_face(scenario, catalogue, board):
        terrain = place.terrain.id if place.terrain else ""
        label = [GLYPHS.get(terrain, UNKNOWN if terrain else " "), " ", " "]
        for layer in (place.feature, place.obstacle):
            if layer is not None:
                label[2 if layer is place.obstacle else 1] = MARKS.get(layer.id, UNKNOWN)
        if any(tag in catalogue.medal_tags for tag in place.tag_names):
            label[1] = MEDAL
        found[place.hex] = HexCell(COLOURS.get(terrain, OPEN), "".join(label))
    return found


def with_units(cells: dict[Hex, HexCell], units: Iterable[Shown], touched: Iterable[Hex] = ()) -> dict[Hex, HexCell]:
    """The cells with each unit's letter and figures over the first two characters, in its
    side's colour, and the `touched` hexes on EVENT_BACKGROUND."""
    found = dict(cells)
    for unit in units:
        under = found.get(unit.place, HexCell())
        text = f"{unit.letter}{unit.figures}"
        found[unit.place] = HexCell(under.background, (text + under.label[2])[:3], SIDE_COLOUR[unit.side])
    for place in touched:
        under = found.get(place, HexCell())
        found[place] = HexCell(EVENT_BACKGROUND, under.label, under.colour)
    return found


def scenario_units(scenario: Scenario, catalogue: Catalogue) -> list[Shown]:
    """The scenario's units, each with the figures its file, its badge or its type gives it."""
    shown = []
    for place in scenario.hexes:
        if place.unit is None or not place.is_hex:
            continue
        letter = next((LETTER[t] for t in UnitType if t.value == place.unit.type), "?")
        badge = catalogue.badges.get(place.unit.badge or "")
        kind = next((u for t, u in catalogue.units.items() if t.value == place.unit.type), None)
        figures = (
            place.unit.figures or (badge.figures if badge and badge.figures else None) or (kind.figures if kind else 0)
        )
        shown.append(Shown(place.unit.side, letter, figures, place.hex))
    return shown


def hex_lines(scenario: Scenario, catalogue: Catalogue, board: Board, place: Hex, entry: Place | None) -> list[Text]:
    """The hex told in full, but for its unit: its terrain, feature and obstacle, and the
    section it is in for each side."""
    lines = [Text(f"Hex {place}", style="bold")]
    for layer in Layer:
        tile = getattr(entry, layer.value) if entry is not None else None
        if tile is not None:
            kind = catalogue.terrain.get(tile.id)
            lines.append(Text(f"{layer.value}: {kind.name if kind else one_line(tile.id) + ' (not modelled)'}"))
    for side in scenario.sides:
        sections = ", ".join(s.value for s in sorted(board.sections(place, side.edge)))
        lines.append(Text(f"{the_side(side.name, capital=True, possessive=True)} section: {sections}", style="dim"))
    return lines


def texts_text(scenario: Scenario, language: int) -> Text:
    """The scenario's texts in its `language`-th language (counted round)."""
    languages = texts_of(scenario)
    shown: LanguageTexts = languages[language % len(languages)]
    text = Text(f"{plain(shown.name)}\n", style="bold")
    if shown.subtitle:
        text.append(f"{plain(shown.subtitle)}\n", style="italic")
    names = ", ".join(t.language for t in languages)
    text.append(f"{shown.language} ({names}; l next language, i close)\n", style="dim")
    for heading, said in shown.parts:
        text.append(f"\n{heading}\n", style="bold")
        text.append(plain(said) + "\n")
    if not shown.parts:
        text.append("\nNo texts in this language.\n", style="dim")
    return text


Key = tuple[HexCell, str]  # three cells as the board draws them, and what they mean


def legend_keys(catalogue: Catalogue, scenario: Scenario) -> list[tuple[str, list[Key]]]:
    """What the board's letters and colours mean under each heading, each shown as a hex
    shows it, from the tables that draw the board: its terrain's letter on its colour, then
    its feature (or a medal), then its obstacle; a unit's letter and figures over the first
    two, in the colour of its side."""
    headings = {Layer.TERRAIN: "Terrain", Layer.FEATURE: "Features", Layer.OBSTACLE: "Obstacles"}
    found: list[tuple[str, list[Key]]] = []
    for layer, heading in headings.items():
        keys: list[Key] = []
        for tile in (t for t in catalogue.terrain.values() if t.layer is layer):
            if layer is Layer.TERRAIN:
                keys.append((HexCell(COLOURS.get(tile.id, OPEN), GLYPHS.get(tile.id, UNKNOWN)), tile.name))
            else:
                label = MARKS.get(tile.id, UNKNOWN)
                keys.append((HexCell(label=f" {label}" if layer is Layer.FEATURE else f"  {label}"), tile.name))
        if layer is Layer.FEATURE:
            keys.append((HexCell(label=f" {MEDAL}"), "medal objective"))
        found.append((heading, keys))
    units = [(HexCell(label=f"{LETTER[kind]}{unit.figures}"), unit.name) for kind, unit in catalogue.units.items()]
    found.append(("Units (letter, then figures)", units))
    infantry = f"{LETTER[UnitType.INFANTRY]}{catalogue.units[UnitType.INFANTRY].figures}"
    sides = [(HexCell(label=infantry, colour=SIDE_COLOUR[side.id]), one_line(side.name)) for side in scenario.sides]
    found.append(("Sides (a unit's colour)", sides))
    return found


def legend(catalogue: Catalogue, scenario: Scenario) -> Text:
    """The legend (`legend_keys`), a key a line, for the designer's panel."""
    text = Text("Legend\n", style="bold")
    text.append("A hex: terrain, feature, obstacle; a unit over the first two.\n", style="dim")
    for heading, keys in legend_keys(catalogue, scenario):
        text.append(f"\n{heading}\n", style="bold")
        for cell, name in keys:
            _key(text, cell, name)
            text.append("\n")
    text.append("\n")
    _key(text, HexCell(label=UNKNOWN), "what hon does not model")
    text.append("\n")
    _section_key(text)
    text.append("\n")
    return text


def compact_legend(catalogue: Catalogue, scenario: Scenario) -> Text:
    """The legend in a few lines, a heading's keys side by side, under the viewer's map."""
    text = Text()
    for heading, keys in legend_keys(catalogue, scenario):
        text.append(f"{heading.split(' (')[0]}:", style="bold")
        for cell, name in keys:
            _key(text, cell, name)
        text.append("\n")
    _key(text, HexCell(label=UNKNOWN), "not modelled")
    _section_key(text)
    text.append("  ")
    text.append("   ", style=Style(bgcolor=EVENT_BACKGROUND))
    text.append(" this event")
    return text


def _key(text: Text, cell: HexCell, name: str) -> None:
    """A key of the legend: three cells as the board draws them, and what they mean."""
    text.append(" ")
    text.append(f"{cell.label:<3}", style=Style(bgcolor=cell.background, color=cell.colour, bold=True))
    text.append(f" {name}")


def _section_key(text: Text) -> None:
    text.append(" |┊ ", style=SECTION)
    text.append(" a section line")


def plain(text: str) -> str:
    """A text from the scenario file as lines of plain text: its line breaks kept, tabs
    as spaces, and any other control character shown escaped, never sent to the terminal."""
    lines = text.replace("\r\n", "\n").replace("\t", " ").split("\n")
    return "\n".join(one_line(line) for line in lines)
