"""A form for any pydantic model, built from its fields: inputs, checkboxes, selects,
nested fieldsets and repeated items. It edits a plain draft (what the YAML would hold)
and reports every change; the screen validates the draft and shows the errors here."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Iterator, Sequence
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, SelectionList, Static

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.kinds import KIND_BY_SECTION
from builder.tui.forms.fields import FieldSpec, default_for, from_text, spec_of, to_text
from builder.tui.forms.pickers import (
    LIST_KINDS,
    IdAutoComplete,
    IdSuggester,
    PickerScreen,
    choices_of,
    section_for,
    with_choice,
)

Path = tuple[str | int, ...]
LAST = ("source", "unprinted", "notes")


def dig(data: Any, path: Path) -> Any:
    for part in path:
        if isinstance(data, dict):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and part < len(data):
            data = data[part]
        else:
            return None
    return data


def plant(data: dict[str, Any], path: Path, value: Any) -> None:
    """Set `value` at `path` in the draft, creating the dicts on the way."""
    target: Any = data
    for part, following in itertools.pairwise(path):
        if isinstance(target, dict):
            if not isinstance(target.get(part), (dict, list)):
                target[part] = [] if isinstance(following, int) else {}
            target = target[part]
        elif isinstance(part, int):  # a list, indexed by position
            while len(target) <= part:
                target.append({})
            target = target[part]
    last = path[-1]
    if isinstance(target, dict):
        if value is None or value == [] or value == "":
            target.pop(last, None)
        else:
            target[last] = value
    elif isinstance(last, int):
        target[last] = value


def widget_id(path: Path) -> str:
    return "f-" + "-".join(str(p) for p in path)


class ModelForm(VerticalScroll):
    BINDINGS = [Binding("f2", "pick", "Pick from catalogue")]

    class Changed(Message):
        def __init__(self, form: ModelForm) -> None:
            self.form = form
            super().__init__()

    def __init__(
        self,
        model: type[Any],
        draft: dict[str, Any],
        skip: Sequence[str] = (),
        catalogue: Catalogue | None = None,
        **kwargs: Any,
    ) -> None:
        """`catalogue`, when given, offers its ids in the fields that name its entries."""
        super().__init__(classes="model-form", **kwargs)
        self.model, self.draft, self.skip = model, copy.deepcopy(draft), set(skip)
        self.catalogue = catalogue
        self.specs: dict[str, tuple[Path, FieldSpec]] = {}
        self.parse_errors: dict[Path, str] = {}
        self._completions: list[IdAutoComplete] = []

    # --- building -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from self._fields(self.model, ())

    def _fields(self, model: type[Any], prefix: Path) -> Iterator[Widget]:
        names = list(model.model_fields)
        if not prefix:  # what the entry is first; where it comes from last
            names = [n for n in names if n not in LAST] + [n for n in names if n in LAST]
        for name in names:
            info = model.model_fields[name]
            if not prefix and name in self.skip:
                continue
            spec = spec_of(name, info)
            yield from self._field(spec, (*prefix, name))

    def _field(self, spec: FieldSpec, path: Path) -> Iterator[Widget]:
        value = dig(self.draft, path)
        wid = widget_id(path)
        self.specs[wid] = (path, spec)
        if spec.kind == "model":
            assert spec.model is not None
            with_toggle = spec.optional
            children: list[Widget] = []
            if with_toggle:
                children.append(Checkbox(f"has {spec.label}", value is not None, id=wid + "--on", classes="toggle"))
            if value is not None or not with_toggle:
                children.extend(self._fields(spec.model, path))
            yield Vertical(Label(spec.label, classes="fieldset-title"), *children, classes="fieldset")
        elif spec.kind == "pair":
            assert spec.model is not None
            for index, title in enumerate(("front side", "back side")):
                items = list(self._fields(spec.model, (*path, index)))
                yield Vertical(Label(title, classes="fieldset-title"), *items, classes="fieldset")
        elif spec.kind == "models":
            assert spec.model is not None
            items = value or []
            for index in range(len(items)):
                body = list(self._fields(spec.model, (*path, index)))
                remove = Button(f"✕ remove {spec.label} {index + 1}", id=wid + f"--remove-{index}", classes="remove")
                yield Vertical(
                    Label(f"{spec.label} {index + 1}", classes="fieldset-title"), *body, remove, classes="fieldset"
                )
            yield Button(f"+ add to {spec.label}", id=wid + "--add", classes="add")
        else:
            field = self._input(spec, value, wid)
            yield Horizontal(Label(spec.label, classes="field-label"), field, classes="field")
        yield Static("", id=wid + "--error", classes="field-error")

    def _input(self, spec: FieldSpec, value: Any, wid: str) -> Widget:
        if spec.kind == "bool":
            return Checkbox("", bool(value), id=wid, compact=True)
        if spec.kind == "choice":
            options = [(choice, choice) for choice in spec.choices]
            current = str(value) if value is not None else Select.NULL
            return Select(options, value=current, allow_blank=spec.optional or value is None, id=wid, compact=True)
        if spec.kind == "flags":
            chosen = {str(v) for v in value or []}
            return SelectionList[str](*((c, c, c in chosen) for c in spec.choices), id=wid)
        section = section_for(spec) if self.catalogue is not None else None
        suggester = None  # `is not None`, not the catalogue's truth: its length reads every section
        if self.catalogue is not None and section is not None:
            suggester = IdSuggester(list(self.catalogue.entries[section]))
        return Input(to_text(spec, value), id=wid, placeholder=_placeholder(spec), compact=True, suggester=suggester)

    async def on_mount(self) -> None:
        await self._attach_completions()

    def on_unmount(self) -> None:
        for completion in self._completions:
            if completion.is_attached:
                completion.remove()

    async def _attach_completions(self) -> None:
        """A drop-down of the matching catalogue entries for each id field, mounted on the
        screen: inside the field's row it would be cut to the row's height."""
        for old in self._completions:
            await old.remove()
        self._completions = []
        for wid, (_, spec) in self.specs.items():
            section = section_for(spec) if self.catalogue is not None else None
            found = self.query(f"#{wid}")
            if self.catalogue is None or section is None or not found or not isinstance(found.first(), Input):
                continue
            choices = choices_of(self.catalogue, section)
            self._completions.append(IdAutoComplete(found.first(Input), choices, many=spec.kind in LIST_KINDS))
        if self._completions:
            await self.screen.mount_all(self._completions)

    def action_pick(self) -> None:
        """Open the catalogue's entries for the focused field; the chosen id fills it."""
        field = self.app.focused
        found = self._spec_for(field) if isinstance(field, Input) else None
        section = section_for(found[1]) if found else None
        if self.catalogue is None or found is None or section is None or not isinstance(field, Input):
            self.notify("This field doesn't name catalogue entries.", severity="warning")
            return
        spec, target = found[1], field

        def fill(chosen: str | None) -> None:
            if chosen:
                target.value = with_choice(spec, target.value, chosen)
                target.focus()

        self.app.push_screen(
            PickerScreen(
                f"{spec.label}: pick a {KIND_BY_SECTION[section].singular}", choices_of(self.catalogue, section)
            ),
            fill,
        )

    # --- reading ------------------------------------------------------------------------

    def _spec_for(self, widget: Widget) -> tuple[Path, FieldSpec] | None:
        return self.specs.get(widget.id or "")

    def on_input_changed(self, event: Input.Changed) -> None:
        found = self._spec_for(event.input)
        if found is None:
            return
        event.stop()
        path, spec = found
        try:
            value = from_text(spec, event.value)
        except ValueError as problem:
            self.parse_errors[path] = str(problem)
            self.show_error(path, str(problem))
            return
        self.parse_errors.pop(path, None)
        self._set(path, value)

    async def on_checkbox_changed(self, event: Checkbox.Changed) -> None:
        wid = event.checkbox.id or ""
        if wid.endswith("--on"):
            event.stop()
            path, spec = self.specs[wid.removesuffix("--on")]
            self._set(path, default_for(spec) if event.value else None)
            await self.rebuild()
            return
        found = self._spec_for(event.checkbox)
        if found is not None:
            event.stop()
            self._set(found[0], event.value)

    def on_select_changed(self, event: Select.Changed) -> None:
        found = self._spec_for(event.select)
        if found is not None:
            event.stop()
            value: object = None if event.value is Select.NULL else event.value
            if found[1].choices and all(c.isdigit() for c in found[1].choices) and value is not None:
                value = int(str(value))
            self._set(found[0], value)

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged[str]) -> None:
        found = self._spec_for(event.selection_list)
        if found is not None:
            event.stop()
            self._set(found[0], list(event.selection_list.selected))

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        wid = event.button.id or ""
        base, _, action = wid.rpartition("--")
        if base not in self.specs:
            return
        event.stop()
        path, _ = self.specs[base]
        items = list(dig(self.draft, path) or [])
        if action == "add":
            items.append({})
        elif action.startswith("remove-"):
            del items[int(action.removeprefix("remove-"))]
        self._set(path, items)
        await self.rebuild()

    def _set(self, path: Path, value: Any) -> None:
        plant(self.draft, path, value)
        self.post_message(self.Changed(self))

    async def load(self, draft: dict[str, Any]) -> None:
        """Show another draft (after undo or redo)."""
        self.draft = copy.deepcopy(draft)
        self.parse_errors.clear()
        await self.rebuild()

    async def rebuild(self) -> None:
        focused = self.app.focused.id if self.app.focused is not None else None
        self.specs.clear()
        await self.remove_children()
        await self.mount_all(list(self._fields(self.model, ())))
        await self._attach_completions()
        if focused:
            self.call_after_refresh(self._refocus, focused)

    def _refocus(self, wid: str) -> None:
        found = self.query(f"#{wid}")
        if found:
            found.first().focus()

    # --- errors ---------------------------------------------------------------------------

    def show_error(self, path: Path, message: str) -> None:
        for length in range(len(path), 0, -1):
            found = self.query(f"#{widget_id(path[:length])}--error")
            if found:
                error = found.first(Static)
                error.update(Text(message))  # the player's text, never read as markup
                error.set_class(bool(message), "shown")
                return

    def show_errors(self, errors: list[tuple[Path, str]]) -> None:
        for static in self.query(".field-error.shown").results(Static):
            static.update("")
            static.remove_class("shown")
        for path, message in self.parse_errors.items():
            self.show_error(path, message)
        for path, message in errors:
            self.show_error(path, message)


# Fields whose meaning a kind cannot tell: what the player types there.
HINTS = {"team": "a team id its allies share (SoN p.10); empty: the side plays alone"}


def _placeholder(spec: FieldSpec) -> str:
    if spec.name in HINTS:
        return HINTS[spec.name]
    return {
        "ids": "ids, separated by commas",
        "counts": "unit-id x2, other-id",
        "abilities": "order 2, assault, limited-range 4",
        "ability": "ability-id value",
        "rating": "a number, or X",
        "shape": "1x1",
        "pairs": "name=number, other=number",
    }.get(spec.kind, "")
