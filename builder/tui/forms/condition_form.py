"""A form that builds one victory condition without YAML: its kind, side, objectives, units
and counts, negated or not, and how it joins the chosen outcome's condition. Units are picked
from the scenario's (its armies' units first, f2 or "Pick"), or typed with a drop-down of the
matching ones. The English (the domain's own wording) reads live as the fields change; "Add"
asks the screen to apply the edit, so that it is undoable like any other."""

from __future__ import annotations

from functools import partial
from typing import Any, Literal

from pydantic import TypeAdapter, ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Checkbox, Input, Label, Select, SelectionList, Static

from builder.heroes.scenario.conditions import Condition, Namer, Not, describe
from builder.heroes.scenario.edits import AddCondition
from builder.services.scenario_session import ScenarioSession
from builder.tui.forms.fields import FieldSpec
from builder.tui.forms.messages import plain_message
from builder.tui.forms.pickers import Choice, IdAutoComplete, PickerScreen, with_choice

KINDS = {
    "control": "controls objectives",
    "capture": "captures a unit",
    "destroy": "a unit is destroyed",
    "exited": "units leave the map",
    "victory-points": "victory points",
}
# The fields each kind of condition reads (the others are hidden).
USES = {
    "control": {"side", "objectives", "count"},
    "capture": {"side", "units"},
    "destroy": {"units"},
    "exited": {"side", "units", "count", "most"},
    "victory-points": {"side", "count", "more"},
}
COUNTED = {"control": "count", "exited": "at_least", "victory-points": "at_least"}
# (label, placeholder) of the count field for each kind that has one
COUNT_LABELS = {
    "control": ("How many", "empty: all of them"),
    "exited": ("At least", "empty: 1"),
    "victory-points": ("Points, at least", "empty: any number"),
}
CONDITION: TypeAdapter[Condition] = TypeAdapter(Condition)


class ConditionForm(Vertical):
    """Fields for one condition (scrolling), its English and Add beneath them; posts `Add`
    with the edit when the player presses Add."""

    BINDINGS = [Binding("f2", "pick_unit", "Pick a unit")]

    class Add(Message):
        def __init__(self, edit: AddCondition) -> None:
            super().__init__()
            self.edit = edit

    def __init__(self, session: ScenarioSession, id: str | None = None) -> None:
        super().__init__(id=id, classes="condition-form")
        self.session = session
        self.units = [Choice(ident, name) for ident, name in session.unit_choices()]
        self.completion: IdAutoComplete | None = None

    @property
    def namer(self) -> Namer:
        return self.session.scenario.namer(partial(self.session.catalogue.name_of, "units"))

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="condition-fields"):
            yield from self._fields()
        yield Static(id="cond-english")
        yield Button("Add to the outcome", id="cond-add", variant="primary")

    def _fields(self) -> ComposeResult:
        scenario = self.session.scenario
        outcomes = [(outcome.label, index) for index, outcome in enumerate(scenario.victory.outcomes)]
        sides = [(side.name, side.id) for side in scenario.sides]
        yield from _field("Outcome", Select(outcomes, value=0, allow_blank=False, id="cond-outcome"))
        kinds = [(words, kind) for kind, words in KINDS.items()]
        yield from _field("Condition", Select(kinds, value="control", allow_blank=False, id="cond-type"))
        side = (
            Select(sides, value=sides[0][1], allow_blank=False, id="cond-side") if sides else Select([], id="cond-side")
        )
        yield from _field("Side", side, "side")
        objectives = SelectionList[str](*((o.name, o.id) for o in scenario.objectives), id="cond-objectives")
        yield from _field("Objectives", objectives, "objectives")
        yield from _field("How many", Input(type="integer", id="cond-count"), "count")
        yield from _field("At most", Input(type="integer", id="cond-most"), "most")
        units = Input(placeholder="type a name or id, or f2 to pick", id="cond-units")
        with Horizontal(classes="field cond-row", name="units"):
            yield Label("Units", classes="field-label", id="cond-units-label")
            yield units
            yield Button("Pick…", id="cond-pick", compact=True)
        yield from _field("", Checkbox("more victory points than the opponent", id="cond-more"), "more")
        yield from _field("", Checkbox("not: the outcome needs this NOT to hold", id="cond-not"))
        joins = [("and: both must hold", "all"), ("or: either will do", "any")]
        yield from _field("Join with", Select(joins, value="all", allow_blank=False, id="cond-join"))

    async def on_mount(self) -> None:
        self.show_fields()
        # On the screen: inside the units row the drop-down would be cut to one line.
        self.completion = IdAutoComplete(self.query_one("#cond-units", Input), self.units, many=True)
        await self.screen.mount(self.completion)

    def on_unmount(self) -> None:
        if self.completion is not None and self.completion.is_attached:
            self.completion.remove()

    @on(Select.Changed, "#cond-type")
    def show_fields(self) -> None:
        kind = self.kind
        for row in self.query(".cond-row"):
            row.display = row.name is None or row.name in USES[kind]
        if kind in COUNT_LABELS:
            label, placeholder = COUNT_LABELS[kind]
            self.query_one("#cond-count-label", Label).update(label)
            self.query_one("#cond-count", Input).placeholder = placeholder
        self.read()

    @property
    def kind(self) -> str:
        return str(self.query_one("#cond-type", Select).value)

    def build(self) -> Condition:
        """The condition the fields describe; ValueError (with a sentence) when not yet one."""
        kind = self.kind
        uses = USES[kind]
        data: dict[str, Any] = {"type": kind}
        if "side" in uses:
            data["side"] = self.query_one("#cond-side", Select).value
        if "objectives" in uses:
            data["objectives"] = list(self.query_one("#cond-objectives", SelectionList).selected)
        count = _number(self, "#cond-count") if "count" in uses else None
        most = _number(self, "#cond-most") if "most" in uses else None
        if count is not None:
            data[COUNTED[kind]] = count
        if most is not None:
            data["at_most"] = most
        if "units" in uses:
            data.update(self._units(kind))
        if "more" in uses:
            data["more_than_opponent"] = self.query_one("#cond-more", Checkbox).value
        if kind == "victory-points" and count is None and not data["more_than_opponent"]:
            raise ValueError("Give the points needed, or tick 'more than the opponent'.")
        condition = _validated(data)
        if self.query_one("#cond-not", Checkbox).value:
            return Not(type="not", condition=condition)
        return condition

    def _units(self, kind: str) -> dict[str, Any]:
        """The units field, read: the ids of the units to leave the map, or the one unit to
        capture or destroy."""
        units = [u.strip() for u in self.query_one("#cond-units", Input).value.split(",") if u.strip()]
        unknown = [u for u in units if u not in self.session.catalogue.units]
        if unknown:
            raise ValueError(f"no unit has the id {unknown[0]!r} in the catalogue.")
        if kind == "exited":
            return {"units": units}
        if len(units) != 1:
            raise ValueError("Give exactly one unit id.")
        return {"unit": units[0]}

    def edit(self, condition: Condition) -> AddCondition:
        index = int(self.query_one("#cond-outcome", Select).value)  # type: ignore[arg-type]
        join: Literal["all", "any"] = "any" if self.query_one("#cond-join", Select).value == "any" else "all"
        outcome = self.session.scenario.victory.outcomes[index]
        return AddCondition(index, condition, join, outcome.label)

    @on(Select.Changed)
    @on(Input.Changed)
    @on(Checkbox.Changed)
    @on(SelectionList.SelectedChanged)
    def read(self) -> AddCondition | None:
        """Show the condition and the outcome it would make in English; the edit, if any."""
        english = self.query_one("#cond-english", Static)
        try:
            edit = self.edit(self.build())
        except ValueError as problem:
            english.update(Text(f"Not yet a condition: {problem}", style="red"))
            return None
        name = self.namer
        outcome = edit.apply(self.session.scenario).victory.outcomes[edit.outcome]
        text = Text()
        text.append("The condition: ", style="bold")
        text.append(f"{describe(edit.condition, name)}.\n")
        text.append(f"{outcome.label} would need: ", style="bold")
        text.append(f"{describe(outcome.condition, name)}.")
        english.update(text)
        return edit

    @on(Button.Pressed, "#cond-pick")
    def action_pick_unit(self) -> None:
        """The scenario's units in a searchable list; the one chosen joins the units field
        (for a condition on one unit, it replaces what is there)."""
        field = self.query_one("#cond-units", Input)

        def fill(chosen: str | None) -> None:
            if chosen:
                spec = FieldSpec("units", "ids" if self.kind == "exited" else "text")
                field.value = with_choice(spec, field.value, chosen)
                field.focus()

        title = f"Units of {self.session.scenario.title}: its armies' first"
        self.app.push_screen(PickerScreen(title, self.units), fill)

    @on(Button.Pressed, "#cond-add")
    def add(self) -> None:
        edit = self.read()
        if edit is not None:
            self.post_message(self.Add(edit))


def _field(label: str, widget: Any, uses: str | None = None) -> ComposeResult:
    """A labelled row; `uses` names the part of a condition it sets (None: every kind)."""
    with Horizontal(classes="field cond-row", name=uses):
        yield Label(label, classes="field-label", id=f"{widget.id}-label")
        yield widget


def _validated(data: dict[str, Any]) -> Condition:
    """The condition `data` describes; ValueError with pydantic's first complaint, in plain
    words and naming the field, when it describes none."""
    try:
        return CONDITION.validate_python(data)
    except ValidationError as problem:
        first = problem.errors(include_url=False)[0]
        where = " ".join(str(part) for part in first["loc"][1:]).replace("_", " ")
        raise ValueError(f"{where}: {plain_message(first)}" if where else plain_message(first)) from None


def _number(form: ConditionForm, selector: str) -> int | None:
    text = form.query_one(selector, Input).value.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a whole number.") from None
