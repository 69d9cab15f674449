"""The Tactical Card Game's printable scenario sheet (`hon scenario sheet`), in HTML,
Markdown and PDF (Typst, `templates/tcg_sheet.typ`) from one model: the board of boxes with
its terrain, markers and starting cards, each side's set-up, deployment and deck with every
card's values, and the victory conditions in English. No renderer computes anything. The
deck list (builder/export/tcg_deck.py) shares the side's part."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import assert_never

from builder.export.formats import Paper
from builder.export.pdf import typst_pdf
from builder.export.roster import environment
from builder.kernel.diagnostics import Issue, Severity
from builder.tcg.cards import Card, DecoyCard, EventCard, HeroCard, UnitCard
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.scenario import Force, Marker, Scenario, Side
from builder.tcg.terrain import Terrain

# One letter a box, for the Markdown board.
TERRAIN_LETTER = {
    Terrain.OPEN: ".",
    Terrain.URBAN: "U",
    Terrain.FLOODED: "~",
    Terrain.HILL: "h",
    Terrain.FORTIFIED_POSITION: "F",
    Terrain.FOREST: "T",
    Terrain.FORTIFIED_HILL: "H",
    Terrain.WATER: "W",
}


class TcgFormat(StrEnum):
    HTML = "html"
    PDF = "pdf"
    MD = "md"

    @property
    def extension(self) -> str:
        return f".{self.value}"


@dataclass(frozen=True)
class CardLine:
    count: int
    name: str
    kind: str  # "unit", "decoy", "hero", "event"
    values: str  # "activation 4 · shooting 8 (range 2, armour-piercing) · 2 HP · save 5 · tank, armoured"
    source: str


@dataclass(frozen=True)
class BoxCell:
    terrain: Terrain
    markers: tuple[str, ...]
    card: str | None  # "Rifle Company (us)", "hidden (german)"

    @property
    def label(self) -> str:
        """The terrain in words, empty for open ground (the default box, TCG p.4)."""
        return "" if self.terrain is Terrain.OPEN else self.terrain.label


@dataclass(frozen=True)
class SideSheet:
    name: str
    insignia: str
    command: int
    directives: int
    zone: str
    deployment: tuple[str, ...]  # "[1, 1] Rifle Company, face up"
    deck: tuple[CardLine, ...]
    historical_events: tuple[str, ...]


@dataclass(frozen=True)
class TcgSheet:
    id: str
    title: str
    description: str
    source: str
    turns: int
    first_player: str
    board: tuple[tuple[BoxCell, ...], ...]  # rows
    sides: tuple[SideSheet, ...]
    victory: tuple[str, ...]
    errors: tuple[Issue, ...]

    @property
    def playable(self) -> bool:
        return not self.errors


def card_values(card: Card) -> tuple[str, str]:
    """The kind of card and its printed values, in words."""
    if isinstance(card, UnitCard):
        parts = [f"activation {card.activation}"]
        for weapon in card.shooting:
            extra = [f"range {weapon.range}"] if weapon.range > 1 else []
            extra += [e.kind.value + (f" {e.value}" if e.value else "") for e in weapon.effects]
            parts.append(f"shooting {weapon.value}" + (f" ({', '.join(extra)})" if extra else ""))
        parts.append(f"{card.hit_points} HP")
        if card.save is not None:
            parts.append(f"save {card.save}")
        parts.append(" + ".join(t.value for t in card.types) + (", armoured" if card.armoured else ""))
        parts += [a.kind.value + (f" {a.value}" if a.value else "") for a in card.abilities]
        return "unit", " · ".join(parts)
    if isinstance(card, DecoyCard):
        return "decoy", "no characteristics"
    if isinstance(card, HeroCard):
        gift = card.ability.kind.value if card.ability else ""
        if card.shooting_effect is not None:
            gift = card.shooting_effect.kind.value + (
                f" {card.shooting_effect.value}" if card.shooting_effect.value else ""
            )
        if card.save is not None:
            gift = f"save {card.save}"
        return "hero", f"with {card.condition.english()} · {gift}"
    if isinstance(card, EventCard):
        return "event", card.effect.english() if card.effect is not None else "a historical event of the scenario"
    assert_never(card)


def deck_lines(force: Force, cards: CardCatalogue) -> tuple[CardLine, ...]:
    lines = []
    for entry in force.deck:
        card = cards.get(entry.card)
        if card is None:
            lines.append(CardLine(entry.count, entry.card, "unknown", "not in the catalogue", ""))
            continue
        kind, values = card_values(card)
        lines.append(CardLine(entry.count, card.name, kind, values, card.source))
    return tuple(lines)


def side_sheet(side: Side, force: Force, cards: CardCatalogue) -> SideSheet:
    deployment = []
    for placed in force.deployment:
        card = cards.get(placed.card)
        name = card.name if card is not None else placed.card
        values = f" — {card_values(card)[1]}" if card is not None else ""
        carried = cards.get(placed.hero) if placed.hero else None
        hero = f", with {carried.name if carried else placed.hero}" if placed.hero else ""
        face = "hidden" if placed.hidden else "face up"
        markers = ", a Panzerfaust marker" if placed.panzerfaust else ""
        if placed.hit_point_markers:
            markers += f", {placed.hit_point_markers} Hit point marker{'s' if placed.hit_point_markers > 1 else ''}"
        deployment.append(f"{list(placed.box)} {name}, {face}{hero}{markers}{values}")
    return SideSheet(
        side.name,
        side.insignia,
        side.command,
        side.directives,
        ", ".join(str(list(b)) for b in side.reinforcement_zone) or "none",
        tuple(deployment),
        deck_lines(force, cards),
        tuple(f"{e.name}: {e.effect.english()}" for e in side.historical_events),
    )


def build_tcg_sheet(scenario: Scenario, cards: CardCatalogue, issues: list[Issue]) -> TcgSheet:
    placed = {p.box: (p, side) for side in scenario.sides for p in side.force.deployment}
    rows = []
    for row in range(scenario.board.rows):
        cells = []
        for column in range(scenario.board.columns):
            box = (column, row)
            markers = tuple(_marker(m) for m in scenario.markers if m.box == box)
            card = None
            if box in placed:
                at, side = placed[box]
                found = cards.get(at.card)
                card = f"{'hidden' if at.hidden else (found.name if found else at.card)} ({side.id})"
            cells.append(BoxCell(scenario.terrain_at(box), markers, card))
        rows.append(tuple(cells))
    return TcgSheet(
        scenario.id,
        scenario.title,
        scenario.description,
        scenario.source,
        scenario.turns,
        scenario.side_name(scenario.first_player),
        tuple(rows),
        tuple(side_sheet(side, side.force, cards) for side in scenario.sides),
        tuple(scenario.victory_text()),
        tuple(issue for issue in issues if issue.severity is Severity.ERROR),
    )


def _marker(marker: Marker) -> str:
    said = marker.kind.value.replace("-", " ") + (f" {marker.value}" if marker.value else "")
    if marker.engineers:
        said += ", engineers may remove it"
    return f"{marker.name} ({said})" if marker.name else said


def render_markdown(sheet: TcgSheet) -> str:
    out = [f"# {sheet.title}", ""]
    if not sheet.playable:
        out += ["**Not playable:**", *[f"- {i.path}: {i.message}" for i in sheet.errors], ""]
    if sheet.description:
        out += [sheet.description, ""]
    out += [f"Heroes of Normandie — The Tactical Card Game · source: {sheet.source}", ""]
    out += [f"{sheet.turns} turns; {sheet.first_player} plays first.", "", "## Battlefield", "", "```"]
    for row in sheet.board:
        out.append(" ".join(TERRAIN_LETTER[cell.terrain] + ("*" if cell.markers else " ") for cell in row))
    out += [
        "```",
        "",
        "Terrain: " + ", ".join(f"{v} {k.label}" for k, v in TERRAIN_LETTER.items()) + "; * a marker.",
        "",
    ]
    for y, row in enumerate(sheet.board):
        for x, cell in enumerate(row):
            if cell.markers:
                out.append(f"- [{x}, {y}] {cell.terrain.label}: {', '.join(cell.markers)}")
    for side in sheet.sides:
        out += ["", *side_markdown(side)]
    out += ["", "## Victory", "", *[f"- {line}" for line in sheet.victory], ""]
    return "\n".join(out)


def side_markdown(side: SideSheet) -> list[str]:
    out = [
        f"## {side.name} ({side.insignia})",
        "",
        f"{side.command} COMMAND markers a turn, {side.directives} DIRECTIVE markers at the start; "
        f"reinforcement zone {side.zone}.",
        "",
        "Deployment:",
        "",
        *[f"- {line}" for line in side.deployment],
        "",
        "Deck (the reserve):",
        "",
        *[f"- {c.count} × {c.name} ({c.kind}): {c.values} [{c.source}]" for c in side.deck],
    ]
    if side.historical_events:
        out += ["", "Historical events:", "", *[f"- {e}" for e in side.historical_events]]
    return out


def render_html(sheet: TcgSheet) -> str:
    return environment().get_template("tcg_sheet.html.j2").render(sheet=sheet, letters=TERRAIN_LETTER)


def render_pdf(sheet: TcgSheet, paper: Paper = Paper.A4) -> bytes:
    """The sheet laid out by Typst; every text goes over as JSON data, never as source."""
    legend = [{"terrain": t.value, "label": t.label} for t in Terrain]
    return typst_pdf("tcg_sheet.typ", {"paper": paper.value, "s": sheet, "legend": legend})


def render(sheet: TcgSheet, fmt: TcgFormat, paper: Paper = Paper.A4) -> bytes:
    if fmt is TcgFormat.PDF:
        return render_pdf(sheet, paper)
    text = render_html(sheet) if fmt is TcgFormat.HTML else render_markdown(sheet)
    return text.encode("utf-8")
