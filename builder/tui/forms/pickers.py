"""Pickers for fields that name other catalogue entries (stripe colours, units, markers,
abilities…): as the player types, the field completes an id it begins (right arrow takes it)
and a drop-down lists every entry whose id or name holds what was typed, as a substring or
fuzzily (textual.fuzzy), in any case (Tab or Enter takes the highlighted one); f2 opens a
searchable list of the entries. The choices always come from the catalogue (or the scenario),
never from a list here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.fuzzy import FuzzySearch
from textual.screen import ModalScreen
from textual.suggester import Suggester
from textual.widgets import Input, Label, OptionList
from textual.widgets.option_list import Option
from textual_autocomplete import AutoComplete, DropdownItem, TargetState

from builder.heroes.catalogue.index import Catalogue
from builder.tui.forms.fields import FieldSpec
from builder.tui.styles import SCREENS_CSS

# Which catalogue section a field's ids belong to, by field name; the same references
# `hon catalogue check` follows (builder/heroes/catalogue/check.py `_references`).
SECTION_BY_FIELD = {
    "stripes": "stripes",
    "markers": "markers",
    "among": "markers",
    "composition": "units",
    "leading": "units",
    "unit": "units",
    "units": "units",  # a scenario's set-up steps and events
    "extra": "units",  # a scenario force's units added by a campaign
    "removed": "units",
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
    """Completes the id being typed (the last item of a comma-separated list) with the first
    id it begins, in any case."""

    def __init__(self, ids: list[str]) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.ids = sorted(ids)

    async def get_suggestion(self, value: str) -> str | None:
        head, last = _head_and_last(value)
        if not last:
            return None
        typed = last.lower()
        found = next((i for i in self.ids if i.lower().startswith(typed) and i != last), None)
        # The input shows what follows the typed text, so the suggestion keeps it as typed.
        return None if found is None else head + last + found[len(last) :]


FUZZY = FuzzySearch(case_sensitive=False)
MATCHES_SHOWN = 12


def matching(query: str, choices: Sequence[Choice], limit: int = MATCHES_SHOWN) -> list[Choice]:
    """The choices whose id or name holds `query` in any case: as a whole first (the id
    before the name), then its letters in order (textual.fuzzy), best score first."""
    typed = query.strip().lower()
    if not typed:
        return []
    ranked: list[tuple[int, float, int, Choice]] = []
    for order, choice in enumerate(choices):
        score = max(FUZZY.match(typed, choice.id)[0], FUZZY.match(typed, choice.name)[0])
        if score <= 0:
            continue
        whole = 0 if typed in choice.id.lower() else 1 if typed in choice.name.lower() else 2
        ranked.append((whole, -score, order, choice))
    ranked.sort(key=lambda found: found[:3])
    return [choice for *_, choice in ranked[:limit]]


class IdAutoComplete(AutoComplete):
    """The drop-down of an id field: the choices `matching` the id being typed (the last item
    of a comma-separated list when `many`); Tab or Enter puts the highlighted one in its place."""

    def __init__(self, target: Input, choices: Sequence[Choice], many: bool) -> None:
        super().__init__(target)
        self.choices, self.many = list(choices), many

    def get_search_string(self, target_state: TargetState) -> str:
        typed = target_state.text[: target_state.cursor_position]
        return _head_and_last(typed)[1] if self.many else typed.strip()

    def get_candidates(self, target_state: TargetState) -> list[DropdownItem]:
        return [DropdownItem(f"{c.id} — {c.name}", id=c.id) for c in self.choices]

    def get_matches(
        self, target_state: TargetState, candidates: list[DropdownItem], search_string: str
    ) -> list[DropdownItem]:
        return [DropdownItem(f"{c.id} — {c.name}", id=c.id) for c in matching(search_string, self.choices)]

    def should_show_dropdown(self, search_string: str) -> bool:
        options = self.option_list
        if not search_string or options.option_count == 0:
            return False
        return not (options.option_count == 1 and options.get_option_at_index(0).id == search_string)

    def apply_completion(self, value: str, state: TargetState) -> None:
        chosen = value.split(" — ", 1)[0]
        head, after = "", ""
        if self.many:  # the item under the cursor is replaced; the items after it stay
            head = _head_and_last(state.text[: state.cursor_position])[0]
            rest = state.text[state.cursor_position :]
            after = rest[rest.find(",") :] if "," in rest else ""
        target = self.target
        target.value = head + chosen + after
        target.cursor_position = len(head + chosen)

    def post_completion(self) -> None:
        """Hide the list and tell the form the field changed (the completion itself is made
        without an Input.Changed message)."""
        super().post_completion()
        self.target.post_message(Input.Changed(self.target, self.target.value))


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
    """A filter and a list of catalogue entries (id — name): those holding every word typed,
    else those holding its letters in order (fuzzily); Enter picks, Escape closes."""

    CSS_PATH = SCREENS_CSS

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
        if not hits and query.strip():  # no entry holds every word: its letters in order will do
            hits = matching(query.replace(" ", ""), self.choices, limit=len(self.choices))
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
