"""The catalogue browser: fuzzy search over what the army's faction can field, and the
units and abilities behind it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Input

from builder.heroes.catalogue.base import Entry
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.kinds import Kind
from builder.tui.widgets.catalogue_list import CatalogueList, Prompt

SECTIONS = ["tiles", "heroes", "options", "units", "abilities"]
TAGS = {"tiles": "tile", "heroes": "hero", "options": "opt", "units": "unit", "abilities": "abil"}
TAG_WIDTH = 5  # the tag column: "tile ", "hero ", "opt  "…
TAG_STYLE = {"tiles": "bold cyan", "heroes": "bold magenta", "options": "green", "units": "yellow", "abilities": "dim"}


class CatalogueBrowser(Vertical):
    class Picked(Message):
        def __init__(self, kind: Kind, entry: Entry) -> None:
            self.kind, self.entry = kind, entry
            super().__init__()

    def __init__(self, catalogue: Catalogue, faction: str, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.catalogue, self.faction = catalogue, faction
        self.hits: list[tuple[Kind, Entry]] = []  # what the list shows, in its order

    def compose(self) -> ComposeResult:
        yield Input(placeholder="search tiles, options, units…", id="search")
        # Filled as it is composed: filling it on mount would lay the screen out again.
        prompts = self._prompts("")
        results = CatalogueList(prompts, indent=TAG_WIDTH, id="results")  # a long name wraps beside its tag
        if len(prompts) > self.app.size.height:
            # More options than the screen has lines: the list overflows whatever its height.
            # Textual would show its scrollbar only once the first paint had measured every
            # option, and lay the whole screen out again to place it.
            results.set_reactive(Widget.show_vertical_scrollbar, True)
        yield results

    def refill(self, query: str) -> None:
        self.query_one("#results", CatalogueList).show(self._prompts(query))

    def _prompts(self, query: str) -> list[Prompt]:
        """What the army's faction can field that matches `query` (everything, in catalogue
        order, when it is empty); remembered in `hits` for picking."""
        hits = self.catalogue.search(query, SECTIONS, self.faction, limit=200)
        if not query:
            order = {section: i for i, section in enumerate(SECTIONS)}
            hits.sort(key=lambda h: (order[h.kind.section], h.entry.name))
        self.hits = [(h.kind, h.entry) for h in hits]
        prompts = []
        for kind, entry in self.hits:
            runs: Prompt = ((f"{TAGS[kind.section]:<{TAG_WIDTH}}", TAG_STYLE[kind.section]), (entry.name, ""))
            cost = getattr(entry, "cost", None)
            prompts.append((*runs, (f" {cost}", "dim")) if cost is not None else runs)
        return prompts

    def on_input_changed(self, event: Input.Changed) -> None:
        self.refill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if self.hits:
            self.query_one("#results", CatalogueList).focus()

    def on_catalogue_list_chosen(self, event: CatalogueList.Chosen) -> None:
        event.stop()
        kind, entry = self.hits[event.index]
        self.post_message(self.Picked(kind, entry))

    def set_faction(self, faction: str) -> None:
        self.faction = faction
        self.refill(self.query_one("#search", Input).value)
