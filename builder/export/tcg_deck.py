"""The Tactical Card Game's deck list: one side's cards for a scenario (`hon scenario deck
SCENARIO --side SIDE`, and `hon roster FORCE.yaml` for a force composed for a scenario), in
HTML, Markdown and PDF (Typst, `templates/tcg_deck.typ`) from one model — the side's COMMAND
and DIRECTIVE markers, its reinforcement zone, the cards deployed at the start and the deck
(the reserve, TCG p.5) with every card's values, counted by kind. No renderer computes."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from builder.export.formats import Paper
from builder.export.pdf import typst_pdf
from builder.export.roster import environment
from builder.export.tcg_sheet import SideSheet, TcgFormat, side_markdown, side_sheet
from builder.kernel.diagnostics import Issue, Severity
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.scenario import Force, Scenario

KIND_ORDER = ("unit", "decoy", "hero", "event", "unknown")
_SIDE_PATH = re.compile(r"^sides\[(\d+)\]")


@dataclass(frozen=True)
class DeckList:
    id: str  # names the file written: the force's name, or "<scenario>-<side>"
    title: str  # the force's name, or the side's
    scenario: str  # the scenario's title
    turns: int
    side: SideSheet
    kinds: tuple[tuple[str, int], ...]  # ("unit", 5), ("decoy", 2): the deck counted by kind
    errors: tuple[Issue, ...]

    @property
    def playable(self) -> bool:
        return not self.errors

    @property
    def cards(self) -> int:
        return sum(count for _, count in self.kinds)

    @property
    def summary(self) -> str:
        """ "9 cards: 5 unit, 2 decoy, 1 hero, 1 event" """
        counted = ", ".join(f"{count} {kind}" for kind, count in self.kinds)
        return f"{self.cards} card{'s' if self.cards != 1 else ''}" + (f": {counted}" if counted else "")


def build_deck_list(
    scenario: Scenario, side_id: str, force: Force, cards: CardCatalogue, issues: list[Issue], name: str | None = None
) -> DeckList:
    """The deck list of `side_id` playing `force`; the errors are those about this side or
    the scenario as a whole, never the other side's."""
    side = scenario.side(side_id)
    if side is None:
        raise ValueError(f"{side_id!r} is not a side of the scenario")
    index = scenario.sides.index(side)
    sheet = side_sheet(side, force, cards)
    counted: Counter[str] = Counter()
    for line in sheet.deck:
        counted[line.kind] += line.count
    kinds = tuple((kind, counted[kind]) for kind in KIND_ORDER if counted[kind])
    mine = tuple(
        issue for issue in issues if issue.severity is Severity.ERROR and _side_of(issue.path) in (None, index)
    )
    return DeckList(
        name or f"{scenario.id}-{side.id}",
        name or side.name,
        scenario.title,
        scenario.turns,
        sheet,
        kinds,
        mine,
    )


def _side_of(path: str) -> int | None:
    found = _SIDE_PATH.match(path)
    return int(found.group(1)) if found else None


def render_markdown(deck: DeckList) -> str:
    out = [f"# {deck.title}", ""]
    if not deck.playable:
        out += ["**Not playable:**", *[f"- {i.path}: {i.message}" for i in deck.errors], ""]
    out += [
        f"Deck list for {deck.scenario} ({deck.turns} turns) · Heroes of Normandie — The Tactical Card Game",
        "",
        f"{deck.summary}.",
        "",
        *side_markdown(deck.side),
        "",
    ]
    return "\n".join(out)


def render_html(deck: DeckList) -> str:
    return environment().get_template("tcg_deck.html.j2").render(deck=deck)


def render_deck(deck: DeckList, fmt: TcgFormat, paper: Paper = Paper.A4) -> bytes:
    if fmt is TcgFormat.PDF:
        return typst_pdf("tcg_deck.typ", {"paper": paper.value, "d": deck})
    text = render_html(deck) if fmt is TcgFormat.HTML else render_markdown(deck)
    return text.encode("utf-8")
