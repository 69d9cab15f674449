"""Pickers for fields that name other catalogue entries (stripe colours, units, markers,
abilities…): the field suggests ids as the player types, and f2 opens a searchable list of the
loaded catalogue's entries. The choices always come from the catalogue, never from a list here."""

from __future__ import annotations

from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option

from builder.heroes.catalogue.index import Catalogue
from builder.tui.forms.fields import FieldSpec

# Which catalogue section a field's ids belong to, by field name; the same references
# `hon catalogue check` follows (builder/heroes/catalogue/check.py `_references`).
SECTION_BY_FIELD = {
    "stripes": "stripes",
    "markers": "markers",
    "among": "markers",
    "composition": "units",
    "leading": "units",
    "unit": "units",
    "faction": "factions",
    "requires_tile": "tiles",
    "symbols": "terrain_effects",
    "terrain": "terrain",
}
LIST_KINDS = ("ids", "counts", "abilities")


def section_for(spec: FieldSpec) -> str | None:
    """The catalogue section whose ids the field holds, or None for a field of plain values."""
    if spec.kind in ("ability", "abilities"):
        return "abilities"
    if spec.kind in ("text", "ids", "counts"):
        return SECTION_BY_FIELD.get(spec.name)
    return None


@dataclass(frozen=True)
class Choice:
    id: str
    name: str


def choices_of(catalogue: Catalogue, section: str) -> list[Choice]:
    return [Choice(entry.id, entry.name) for entry in catalogue.entries[section].values()]


def _head_and_last(text: str) -> tuple[str, str]:
    """Split a comma-separated value into what precedes the item being typed, and that item."""
    head, comma, last = text.rpartition(",")
    stripped = last.lstrip()
    return head + comma + last[: len(last) - len(stripped)], stripped


class IdSuggester(Suggester):
    """Completes the id being typed (the last item of a comma-separated list) from the catalogue."""

    def __init__(self, ids: list[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.ids = sorted(ids)

    async def get_suggestion(self, value: str) -> str | None:
        head, last = _head_and_last(value)
        if not last:
            return None
        return next((head + i for i in self.ids if i.startswith(last.lower()) and i != last), None)


def with_choice(spec: FieldSpec, current: str, chosen: str) -> str:
    """The field's text after picking `chosen`: appended to a list field, replacing a single one.
    An id partly typed as the last item of a list is replaced by the chosen one."""
    if spec.kind not in LIST_KINDS:
        return chosen
    head, last = _head_and_last(current)
    if last and chosen.startswith(last):
        return head + chosen
    kept = current.rstrip().rstrip(",").rstrip()
    return f"{kept}, {chosen}" if kept else chosen


class PickerScreen(ModalScreen[str | None]):
    """A filter and a list of catalogue entries (id — name); Enter picks, Escape closes."""

    BINDINGS = [Binding("escape", "dismiss_none", "Close")]
    DEFAULT_CSS = """
    PickerScreen { align: center middle; }
    PickerScreen > Vertical { width: 70; height: 24; border: round $accent; background: $surface; }
    PickerScreen OptionList { height: 1fr; }
    """

    def __init__(self, title: str, choices: list[Choice]) -> None:
        super().__init__()
        self.title_text, self.choices = title, choices

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Label(self.title_text)
            yield Input(placeholder="filter by id or name", id="picker-filter")
            yield OptionList(id="picker-options")

    def on_mount(self) -> None:
        self.fill("")

    def fill(self, query: str) -> None:
        words = query.lower().split()
        options = self.query_one("#picker-options", OptionList)
        options.clear_options()
        hits = [c for c in self.choices if all(w in f"{c.id} {c.name}".lower() for w in words)]
        options.add_options(Option(f"{c.id} — {c.name}", id=c.id) for c in hits)
        if hits:
            options.highlighted = 0

    @on(Input.Changed, "#picker-filter")
    def filter_changed(self, event: Input.Changed) -> None:
        self.fill(event.value)

    @on(Input.Submitted, "#picker-filter")
    def filter_submitted(self) -> None:
        options = self.query_one("#picker-options", OptionList)
        if options.highlighted is not None:
            self.dismiss(options.get_option_at_index(options.highlighted).id)

    @on(OptionList.OptionSelected, "#picker-options")
    def option_chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
