"""The catalogue browser: fuzzy search over what the army's faction can field, and the
units and abilities behind it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.content import Content, Span
from textual.css.styles import RulesMap
from textual.message import Message
from textual.style import Style
from textual.widget import Widget
from textual.widgets import Input, OptionList
from textual.widgets.option_list import Option

from builder.heroes.catalogue.base import Entry
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.kinds import Kind

SECTIONS = ["tiles", "heroes", "options", "units", "abilities"]
TAGS = {"tiles": "tile", "heroes": "hero", "options": "opt", "units": "unit", "abilities": "abil"}
TAG_WIDTH = 5  # the tag column: "tile ", "hero ", "opt  "…
TAG_STYLE = {"tiles": "bold cyan", "heroes": "bold magenta", "options": "green", "units": "yellow", "abilities": "dim"}


class Prompt(Content):
    """A catalogue list's prompt: one line of text, which is one line high wherever it fits.

    The list measures the height of every prompt (up to 200) before its first paint, and
    Content measures by wrapping the prompt into lines; a prompt with no line break nor
    tab that fits the width is one line whether wrapped or not (Content._wrap_and_format),
    so it is not wrapped to tell. Longer ones are measured as Content measures them."""

    def get_height(self, rules: RulesMap, width: int) -> int:
        room = width - rules.get("line_pad", 0) * 2
        if room >= 1 and self.cell_length <= room and "\n" not in self.plain and "\t" not in self.plain:
            return 1
        return super().get_height(rules, width)


class CatalogueBrowser(Vertical):
    class Picked(Message):
        def __init__(self, kind: Kind, entry: Entry) -> None:
            self.kind, self.entry = kind, entry
            super().__init__()

    def __init__(self, catalogue: Catalogue, faction: str, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.catalogue, self.faction = catalogue, faction
        self._hits: list[tuple[Kind, Entry]] = []

    def compose(self) -> ComposeResult:
        yield Input(placeholder="search tiles, options, units…", id="search")
        # Filled as it is composed: filling it on mount would lay the screen out again.
        options = self._options("")
        results = OptionList(*options, id="results")
        if len(options) > self.app.size.height:
            # More options than the screen has lines: the list overflows whatever its height.
            # Textual would show its scrollbar only once the first paint had measured every
            # option, and lay the whole screen out again to place it.
            results.set_reactive(Widget.show_vertical_scrollbar, True)
        yield results

    def on_mount(self) -> None:
        if self._hits:
            self.query_one("#results", OptionList).highlighted = 0

    def refill(self, query: str) -> None:
        options = self._options(query)
        results = self.query_one("#results", OptionList)
        results.clear_options()
        results.add_options(options)
        if self._hits:
            results.highlighted = 0

    def _options(self, query: str) -> list[Option]:
        """What the army's faction can field that matches `query` (everything, in catalogue
        order, when it is empty); remembered in `_hits` for picking."""
        hits = self.catalogue.search(query, SECTIONS, self.faction, limit=200)
        if not query:
            order = {section: i for i, section in enumerate(SECTIONS)}
            hits.sort(key=lambda h: (order[h.kind.section], h.entry.name))
        self._hits = [(h.kind, h.entry) for h in hits]
        # Each prompt is made as the Content the list would make of a Rich Text with the same
        # styles (Content.from_rich_text, for each of up to 200 prompts), the styles once.
        styles = {style: self._style(style) for style in {*TAG_STYLE.values(), "dim"}}
        options = []
        for kind, entry in self._hits:
            text = f"{TAGS[kind.section]:<{TAG_WIDTH}}{entry.name}"
            spans = [Span(0, TAG_WIDTH, styles[TAG_STYLE[kind.section]])]
            cost = getattr(entry, "cost", None)
            if cost is not None:
                spans.append(Span(len(text), len(text) + len(f" {cost}"), styles["dim"]))
                text += f" {cost}"
            options.append(Option(Prompt(text, spans)))
        return options

    def _style(self, style: str) -> Style:
        return Style.from_rich_style(self.app.console.get_style(style), self.app.ansi_theme)

    def on_input_changed(self, event: Input.Changed) -> None:
        self.refill(event.value)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        results = self.query_one("#results", OptionList)
        if self._hits:
            results.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        kind, entry = self._hits[event.option_index]
        self.post_message(self.Picked(kind, entry))

    def set_faction(self, faction: str) -> None:
        self.faction = faction
        self.refill(self.query_one("#search", Input).value)
