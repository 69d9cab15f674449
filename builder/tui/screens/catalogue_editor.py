"""The catalogue editor: players enter their own recruitment tiles, options, heroes and
counters through forms, never touching YAML. Entries are saved in the user catalogue
folder, layered over the bundled data, which is never modified. Every change is checked
live with the same rules as `hon catalogue check`."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from builder.heroes.catalogue.base import Entry, Game
from builder.heroes.catalogue.check import check_entry
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.kinds import KIND_BY_SECTION, Kind
from builder.io.catalogue_yaml import save_user_entry
from builder.io.paths import user_catalogue_dir
from builder.kernel.diagnostics import Severity
from builder.kernel.history import History
from builder.tui.forms.form import ModelForm
from builder.tui.forms.messages import plain_message
from builder.tui.screens.dialogs import Ask
from builder.tui.styles import SCREENS_CSS

EDITABLE = ["tiles", "options", "heroes", "units"]
NEW = "__new__"
SKIP = ("game",)


class DraftEdit:
    """A change of the form's draft, as an undoable edit."""

    def __init__(self, after: dict[str, Any], label: str) -> None:
        self.after, self.label = after, label

    def apply(self, document: dict[str, Any]) -> dict[str, Any]:
        return self.after


class CatalogueEditor(Screen[None]):
    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("ctrl+s", "save", "Save entry"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+n", "new", "New entry"),
        Binding("f5", "duplicate", "Copy entry"),
        Binding("escape", "back", "Back to army"),
    ]

    def __init__(self, catalogue: Catalogue, user_dir: Path | None, on_saved: Callable[[], None]) -> None:
        super().__init__(id="catalogue-editor")
        self.catalogue, self.on_saved = catalogue, on_saved
        self.user_dir = user_dir or user_catalogue_dir()
        self.section = "tiles"
        self.entry_id: str | None = None
        self.game: Game = Game.HON
        self.history: History[dict[str, Any]] = History({})
        self.saved_draft: dict[str, Any] = {}
        self._ids: list[str] = []

    @property
    def kind(self) -> Kind:
        return KIND_BY_SECTION[self.section]

    def compose(self) -> ComposeResult:
        yield Static(id="editor-title")
        with Horizontal(id="editor-main"):
            with Vertical(id="editor-left"):
                yield Select(
                    [(KIND_BY_SECTION[s].singular, s) for s in EDITABLE], value="tiles", allow_blank=False, id="kind"
                )
                yield Input(placeholder="search…", id="entry-search")
                yield OptionList(id="entries")
            with Vertical(id="editor-right"):
                yield Vertical(id="form-holder")
                yield Static(id="editor-issues")
        yield Footer()

    async def on_mount(self) -> None:
        self.fill_entries("")
        await self.start(None)

    # --- the list of entries ----------------------------------------------------------------

    def fill_entries(self, query: str) -> None:
        hits = self.catalogue.search(query, [self.section], limit=500)
        if not query:
            hits.sort(key=lambda h: (getattr(h.entry, "faction", ""), h.entry.name))
        entries = self.query_one("#entries", OptionList)
        entries.clear_options()
        entries.add_option(Option(Text(f"+ new {self.kind.singular}", style="bold green"), id=NEW))
        self._ids = [hit.entry.id for hit in hits]
        for hit in hits:
            origin = self.catalogue.origins.get((self.section, hit.entry.id))
            prompt = Text(hit.entry.name)
            prompt.append(f"  {hit.entry.id}", style="dim")
            if origin is not None and origin.layer == "user":
                prompt.append("  yours", style="italic cyan")
            entries.add_option(Option(prompt, id=hit.entry.id))

    @on(Select.Changed, "#kind")
    async def kind_changed(self, event: Select.Changed) -> None:
        self.section = str(event.value)
        self.fill_entries(self.query_one("#entry-search", Input).value)
        await self.start(None)

    @on(Input.Changed, "#entry-search")
    def search_changed(self, event: Input.Changed) -> None:
        event.stop()
        self.fill_entries(event.value)

    @on(OptionList.OptionSelected, "#entries")
    @work
    async def entry_chosen(self, event: OptionList.OptionSelected) -> None:
        if not await self._may_leave():
            return
        await self.start(None if event.option.id == NEW else event.option.id)

    # --- the form -----------------------------------------------------------------------

    async def start(self, entry_id: str | None, draft: dict[str, Any] | None = None) -> None:
        """Edit an existing entry (a copy of it, when it is bundled) or a new one."""
        self.entry_id = entry_id
        entry = self.catalogue.entries[self.section].get(entry_id) if entry_id else None
        if draft is None:
            draft = entry.model_dump(mode="json", exclude_defaults=True, exclude={"game"}) if entry else self._blank()
        self.game = (entry.game if entry is not None else None) or Game.HON
        self.history = History(draft)
        self.saved_draft = draft if entry is not None else {}
        holder = self.query_one("#form-holder", Vertical)
        await holder.remove_children()
        await holder.mount(ModelForm(self.kind.model, draft, skip=SKIP, catalogue=self.catalogue, id="entry-form"))
        self.validate()

    def _blank(self) -> dict[str, Any]:
        base: dict[str, Any] = {
            "id": f"my-{self.kind.singular.split()[-1]}",
            "name": f"My {self.kind.singular}",
            "source": "example",
        }
        faction = next(iter(self.catalogue.factions), "us")
        if self.section == "tiles":
            return {**base, "faction": faction, "cost": 50, "breaking_point": 2, "victory_points": 1}
        if self.section == "options":
            return {**base, "kind": "gear", "faction": "common", "cost": 10, "stripes": ["hon-common", "hon-common"]}
        if self.section == "heroes":
            return {**base, "faction": faction, "cost": 40, "unit": ""}
        side = {
            "state": "unharmed",
            "defense": {"value": 4},
            "movement": 4,
            "combat": {"infantry": 1, "light": 0, "heavy": "X"},
            "on_hit": "flip",
        }
        return {
            **base,
            "faction": faction,
            "type": "infantry",
            "sides": [side, {**side, "state": "reduced", "on_hit": "destroyed"}],
        }

    @property
    def form(self) -> ModelForm:
        return self.query_one("#entry-form", ModelForm)

    @on(ModelForm.Changed)
    def draft_changed(self, event: ModelForm.Changed) -> None:
        self.history.apply(DraftEdit(_copy(event.form.draft), "edit the entry"))
        self.validate()

    def validate(self) -> Entry | None:
        """Check the draft as `hon catalogue check` would; the entry when it is sound."""
        form = self.form
        title = Text()
        title.append(f"{'Editing' if self.entry_id else 'New'} {self.kind.singular}", style="bold")
        origin = self.catalogue.origins.get((self.section, self.entry_id or ""))
        if origin is not None and origin.layer != "user":
            title.append(
                "  bundled: saving keeps your copy in your own catalogue, the bundled file is never changed",
                style="dim",
            )
        if self.history.present != self.saved_draft:
            title.append("  · modified" if self.entry_id else "  · not saved yet", style="italic yellow")
        self.query_one("#editor-title", Static).update(title)
        issues = self.query_one("#editor-issues", Static)
        if form.parse_errors:
            form.show_errors([])
            issues.update(Text("Fix the highlighted fields.", style="red"))
            return None
        try:
            entry = self.kind.model.model_validate(form.draft)
        except ValidationError as problem:
            errors = [(tuple(e["loc"]), plain_message(e)) for e in problem.errors(include_url=False)]
            form.show_errors(errors)
            issues.update(
                Text(f"{len(errors)} problem{'s' if len(errors) > 1 else ''}: see the fields in red.", style="red")
            )
            return None
        form.show_errors([])
        found = check_entry(
            self.catalogue, self.kind, entry.model_copy(update={"game": self.game}), f"{self.section}.{entry.id}"
        )
        if found:
            text = Text()
            for issue in found:
                text.append(
                    f"{issue.severity.value}: ", style="bold red" if issue.severity is Severity.ERROR else "yellow"
                )
                text.append(issue.message + (f" {issue.hint}" if issue.hint else "") + "\n")
            issues.update(text)
        else:
            issues.update(Text("Sound: no problem found.", style="green"))
        return entry

    # --- actions ------------------------------------------------------------------------

    async def action_undo(self) -> None:
        if self.history.undo() is not None:
            await self.form.load(self.history.present)
            self.validate()

    async def action_redo(self) -> None:
        if self.history.redo() is not None:
            await self.form.load(self.history.present)
            self.validate()

    @work
    async def action_new(self) -> None:
        if await self._may_leave():
            await self.start(None)

    async def action_duplicate(self) -> None:
        draft = _copy(self.history.present)
        draft["id"] = f"{draft.get('id', 'entry')}-copy"
        draft["name"] = f"{draft.get('name', 'Entry')} (copy)"
        await self.start(None, draft)

    def action_save(self) -> None:
        self.save()

    def save(self) -> bool:
        entry = self.validate()
        if entry is None:
            self.notify("The entry has problems; fix them before saving.", severity="error")
            return False
        try:
            path = save_user_entry(self.user_dir, self.section, entry, self.game)
        except OSError as problem:
            self.notify(f"Could not save: {problem.strerror or problem}.", severity="error", markup=False)
            return False
        self.saved_draft = self.history.present
        self.on_saved()
        self.catalogue = self.app.session.catalogue  # type: ignore[attr-defined]
        self.entry_id = entry.id
        self.fill_entries(self.query_one("#entry-search", Input).value)
        self.validate()
        self.notify(f"Saved {entry.name} to {path}.", markup=False)
        return True

    async def _may_leave(self) -> bool:
        if self.history.present == self.saved_draft or not self.history.can_undo:
            return True
        choice = await self.app.push_screen_wait(
            Ask(
                "Unsaved entry",
                "This entry has changes that are not saved.",
                [("save", "Save", "primary"), ("discard", "Discard", "error"), ("cancel", "Cancel", "default")],
            )
        )
        if choice == "save":
            return self.save()
        return choice == "discard"

    @work
    async def action_back(self) -> None:
        if await self._may_leave():
            self.app.pop_screen()


def _copy(draft: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(draft)
