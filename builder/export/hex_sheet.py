"""The hex game's printable scenario sheet (`hon scenario sheet` on a `game: m44` file):
HTML from a Jinja2 template, PDF from a Typst template reading the same facts, or the map
alone as SVG."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from markupsafe import Markup

from builder.export.formats import Paper, SheetFormat
from builder.export.hex_map_svg import hex_map_svg, standalone
from builder.export.hex_texts import texts_of
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

    @property
    def dates(self) -> str:
        scenario = self.scenario
        return " – ".join(d for d in (scenario.date, scenario.date_end) if d)

    def map(self) -> str:
        kind = self.catalogue.boards.get(self.scenario.board.type) or self.catalogue.boards["standard"]
        return hex_map_svg(self.scenario, self.catalogue, kind.board())


def build(scenario: Scenario, catalogue: Catalogue) -> HexSheet:
    return HexSheet(scenario, catalogue, tuple(validate(scenario, catalogue)))


def render(sheet: HexSheet, fmt: SheetFormat, paper: Paper = Paper.A4) -> bytes:
    if fmt is SheetFormat.SVG:
        kind = sheet.catalogue.boards.get(sheet.scenario.board.type) or sheet.catalogue.boards["standard"]
        return standalone(sheet.scenario, sheet.catalogue, kind.board()).encode("utf-8")
    facts = {
        "board": sheet.board_kind,
        "units": sheet.units(),
        "issues": sheet.issues,
        "playable": sheet.playable,
        "dates": sheet.dates,
        "texts": texts_of(sheet.scenario),
    }
    if fmt is SheetFormat.PDF:
        return typst_pdf("hex_sheet.typ", {"paper": paper.value, "sc": sheet.scenario, "s": _pdf_facts(sheet, facts)})
    template = environment().get_template("hex_sheet.html.j2")
    # The map is SVG that hex_map_svg built, escaping every text it holds.
    html = template.render(sc=sheet.scenario, s={**facts, "map": Markup(sheet.map())}, paper=paper)
    return html.encode("utf-8")


def _pdf_facts(sheet: HexSheet, facts: dict[str, object]) -> dict[str, object]:
    """The facts of the HTML sheet with each side's line in words, as the PDF prints them."""
    scenario, units = sheet.scenario, sheet.units()
    sides = [
        {
            "name": side.name,
            "line": f"{side.edge.value} edge · {side.cards} command cards · {side.medals} medals to win"
            + (" · moves first" if side.id == scenario.starts else "")
            + f" · units: {units[side.id.value]}",
        }
        for side in scenario.sides
    ]
    return {**facts, "sides": sides, "map": sheet.map()}
