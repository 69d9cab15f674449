"""The hex game's printable scenario sheet (`hon scenario sheet` on a `game: m44` file):
HTML from a Jinja2 template, PDF from the same HTML, or the map alone as SVG."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from markupsafe import Markup

from builder.export.formats import Paper, SheetFormat
from builder.export.hex_map_svg import hex_map_svg, standalone
from builder.export.pdf import typst_pdf
from builder.export.roster import environment
from builder.kernel.diagnostics import Issue, is_legal
from builder.memoir.catalogue import Catalogue
from builder.memoir.scenario import Scenario
from builder.memoir.validate import validate


@dataclass(frozen=True)
class HexSheet:
    scenario: Scenario
    catalogue: Catalogue
    issues: tuple[Issue, ...]

    @property
    def playable(self) -> bool:
        return is_legal(self.issues)

    @property
    def board_kind(self) -> str:
        kind = self.catalogue.boards.get(self.scenario.board.type)
        return (
            f"{kind.id} ({kind.columns}x{kind.rows} hexes), {self.scenario.board.face.lower()}"
            if kind
            else self.scenario.board.type
        )

    def units(self) -> dict[str, str]:
        """Each side's units in words: "4 infantry, 1 Special Forces, 2 armor"."""
        found: dict[str, str] = {}
        for side in self.scenario.sides:
            counts: Counter[str] = Counter()
            for place in self.scenario.hexes:
                unit = place.unit
                if unit is None or unit.side is not side.id:
                    continue
                badge = self.catalogue.badges.get(unit.badge) if unit.badge else None
                counts[badge.name if badge else unit.type] += 1
            found[side.id.value] = ", ".join(f"{n} {name}" for name, n in counts.items()) or "none"
        return found

    def facts(self) -> list[tuple[str, str]]:
        """The sheet's heading table: board, front, date, each side, source."""
        scenario, units = self.scenario, self.units()
        found = [("Board", self.board_kind)]
        found += [("Front", scenario.front)] if scenario.front else []
        found += [("Date", scenario.date)] if scenario.date else []
        for side in scenario.sides:
            first = " · moves first" if side.id is scenario.starts else ""
            cards = f"{side.edge.value} edge · {side.cards} command cards · {side.medals} medals to win{first}"
            found.append((side.name, f"{cards} · units: {units[side.id.value]}"))
        found.append(("Source", scenario.source))
        return found

    def map(self) -> str:
        kind = self.catalogue.boards.get(self.scenario.board.type) or self.catalogue.boards["standard"]
        return hex_map_svg(self.scenario, self.catalogue, kind.board())


def build(scenario: Scenario, catalogue: Catalogue) -> HexSheet:
    return HexSheet(scenario, catalogue, tuple(validate(scenario, catalogue)))


def render(sheet: HexSheet, fmt: SheetFormat, paper: Paper = Paper.A4) -> bytes:
    if fmt is SheetFormat.SVG:
        kind = sheet.catalogue.boards.get(sheet.scenario.board.type) or sheet.catalogue.boards["standard"]
        return standalone(sheet.scenario, sheet.catalogue, kind.board()).encode("utf-8")
    if fmt is SheetFormat.PDF:
        return render_pdf(sheet, paper)
    facts = {"facts": sheet.facts(), "issues": sheet.issues, "playable": sheet.playable}
    template = environment().get_template("hex_sheet.html.j2")
    # The map is SVG that hex_map_svg built, escaping every text it holds.
    html = template.render(sc=sheet.scenario, s={**facts, "map": Markup(sheet.map())}, paper=paper)
    return html.encode("utf-8")


def render_pdf(sheet: HexSheet, paper: Paper = Paper.A4) -> bytes:
    """The sheet laid out by Typst (templates/hex_sheet.typ) from the same facts as the HTML."""
    scenario = sheet.scenario
    data = {
        "paper": paper.value,
        "title": scenario.title,
        "playable": sheet.playable,
        "facts": sheet.facts(),
        "issues": sheet.issues,
        "map_svg": sheet.map(),
        "briefing": scenario.briefing,
        "victory": scenario.victory,
    }
    return typst_pdf("hex_sheet.typ", data)
