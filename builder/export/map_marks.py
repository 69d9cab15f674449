"""The marks the scenario sheet draws, shared by the map and its legend: the scale and colours,
text, objective, bonus and zone symbols, entry arrows, walls, lines and no-passage edges.
Every text is escaped (user files name zones and objectives)."""

from __future__ import annotations

import math
from collections.abc import Iterable
from xml.sax.saxutils import escape, quoteattr

from builder.heroes.catalogue.terrain import LineKind
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


def coord(value: float) -> str:
    """A coordinate without float noise: 12, 12.5, 12.33."""
    return f"{value:.2f}".rstrip("0").rstrip(".")


def svg_text(x: float, y: float, content: str, size: float, anchor: str = "start", **attrs: str) -> str:
    extra = "".join(f" {k.replace('_', '-')}={quoteattr(v)}" for k, v in sorted(attrs.items()))
    return (
        f'<text x="{coord(x)}" y="{coord(y)}" font-size="{coord(size)}" '
        f'text-anchor="{anchor}"{extra}>{escape(content)}</text>'
    )


def ink_for(colour: str) -> str:
    """Dark or light text, whichever reads on `colour` (#rrggbb)."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def side_colours(scenario: Scenario) -> dict[str, str]:
    return {side.id: SIDE_COLOURS[i % len(SIDE_COLOURS)] for i, side in enumerate(scenario.sides)}


def zone_tags(scenario: Scenario) -> list[str]:
    """A short tag per zone (A, B, … Z, A2, B2 …), in file order, printed on the map and the sheet."""
    return [chr(ord("A") + i % 26) + (str(i // 26 + 1) if i >= 26 else "") for i in range(len(scenario.zones))]


def objective_symbol(kind: ObjectiveKind, colour: str, cx: float, cy: float, number: int, size: float = 9) -> str:
    """Primary: a diamond; secondary: a disc; bonus: a star; filled with the owner's colour."""
    s = size
    if kind is ObjectiveKind.PRIMARY:
        d = s * 1.15
        corners = f"l{coord(d)} {coord(d)}l{coord(-d)} {coord(d)}l{coord(-d)} {coord(-d)}z"
        shape = f'<path d="M{coord(cx)} {coord(cy - d)}{corners}"'
    elif kind is ObjectiveKind.SECONDARY:
        shape = f'<circle cx="{coord(cx)}" cy="{coord(cy)}" r="{coord(s * 0.9)}"'
    else:
        shape = f'<polygon points="{" ".join(f"{coord(cx + x * s * 1.1)},{coord(cy + y * s * 1.1)}" for x, y in STAR)}"'
    body = f'{shape} fill="{colour}" stroke="{INK}" stroke-width="1.4"/>'
    return body + svg_text(cx, cy + s * 0.38, str(number), s * 1.05, "middle", fill=ink_for(colour), font_weight="bold")


def bonus_symbol(cx: float, cy: float, size: float = 6.5) -> str:
    s = size
    return (
        f'<rect x="{coord(cx - s)}" y="{coord(cy - s)}" width="{coord(2 * s)}" height="{coord(2 * s)}" rx="2" '
        f'fill="{BONUS_COLOUR}" stroke="{INK}" stroke-width="1.1"/>'
        f'<path d="M{coord(cx - s * 0.6)} {coord(cy)}h{coord(s * 1.2)}'
        f'M{coord(cx)} {coord(cy - s * 0.6)}v{coord(s * 1.2)}" '
        f'stroke="{INK}" stroke-width="1.6"/>'
    )


def arrow(cx: float, cy: float, dx: int, dy: int, colour: str, size: float = 6.5) -> str:
    """A filled arrow head centred on (cx, cy), pointing along (dx, dy)."""
    tip = (cx + dx * size, cy + dy * size)
    back = (cx - dx * size, cy - dy * size)
    left = (back[0] - dy * size, back[1] + dx * size)
    right = (back[0] + dy * size, back[1] - dx * size)
    corners = " ".join(f"{coord(x)},{coord(y)}" for x, y in (tip, left, right))
    return f'<polygon points="{corners}" fill="{colour}" stroke="{INK}" stroke-width="0.9"/>'


def zone_swatch(zone: Zone, colour: str, tag: str) -> str:
    inner = f'<rect x="1" y="1" width="20" height="20" fill="{colour}" fill-opacity="0.3"/>'
    if zone.kind is ZoneKind.ENTRY:
        # Hatching drawn as lines: a swatch carries no pattern definition of its own.
        hatch = "M1 6L6 1M1 11L11 1M1 16L16 1M1 21L21 1M6 21L21 6M11 21L21 11M16 21L21 16"
        inner += f'<path d="{hatch}" stroke="{colour}" stroke-width="1.2"/>' + arrow(11, 11, 1, 0, colour, 5.5)
        stroke = 'stroke-width="2" stroke-dasharray="4 2"'
    else:
        stroke = 'stroke-width="2.4"'
        inner += tag_mark(1, 1, tag, colour)
    return inner + f'<rect x="1" y="1" width="20" height="20" fill="none" stroke="{colour}" {stroke}/>'


def tag_mark(x: float, y: float, tag: str, colour: str) -> str:
    """A zone's letter in a small box at a square's top-left corner."""
    w = 7.5 + 5.5 * (len(tag) - 1)
    return (
        f'<rect x="{coord(x)}" y="{coord(y)}" width="{coord(w)}" height="10" '
        f'fill="{colour}" stroke="{INK}" stroke-width="0.5"/>'
        + svg_text(x + w / 2, y + 8, tag, 8, "middle", fill=ink_for(colour), font_weight="bold")
    )


def line_path(
    segments: Iterable[Segment], colour: str, width: float, dashes: str = "", cap: str = "butt", attrs: str = ""
) -> str:
    d = "".join(f"M{coord(x1)} {coord(y1)}L{coord(x2)} {coord(y2)}" for x1, y1, x2, y2 in segments)
    if not d:
        return ""
    dash = f' stroke-dasharray="{dashes}"' if dashes else ""
    extra = f"{attrs} " if attrs else ""
    return (
        f'<path {extra}d="{d}" fill="none" stroke="{colour}" '
        f'stroke-width="{coord(width)}" stroke-linecap="{cap}"{dash}/>'
    )


def line_marks(kind: LineKind, segments: list[Segment]) -> str:
    """A line in its style; hedgehog lines carry a cross on each segment (BfC p.05)."""
    _, colour, width, dashes = LINE_STYLES[kind]
    drawn = line_path(segments, colour, width, dashes, "round")
    if kind is LineKind.HEDGEHOG:
        crosses = []
        for x1, y1, x2, y2 in segments:
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            crosses.append(f"M{coord(mx - 4)} {coord(my - 4)}l8 8M{coord(mx - 4)} {coord(my + 4)}l8 -8")
        drawn += f'<path d="{"".join(crosses)}" stroke="{colour}" stroke-width="1.8"/>'
    return drawn


# --- The legend -----------------------------------------------------------------------------


def no_passage(segments: list[Segment]) -> str:
    return line_path(segments, "#ffffff", 5, cap="round") + line_path(segments, "#a01818", 3, "3 2")


# --- The map --------------------------------------------------------------------------------
