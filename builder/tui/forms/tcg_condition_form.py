"""A form that builds one Tactical Card Game victory condition without YAML (TCG p.6: the
player who fulfils their scenario objectives first wins; p.16: objective markers and
victory points): its kind, the side it makes win, the objective markers it names, how many
(objectives, destroyed enemy Unit Cards or victory points) and when it is checked. The
English (the domain's own wording, builder.tcg.conditions.english) reads live as the fields
change; the screen around it turns what it builds into an undoable edit."""

from __future__ import annotations

from typing import Any

from pydantic import TypeAdapter, ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widget import Widget
from textual.widgets import Input, Label, Select, SelectionList, Static

from builder.tcg.conditions import Condition, Control, Destroy, VictoryPoints, When, english
from builder.tcg.detail_edits import VictoryCondition
from builder.tcg.scenario import Scenario
from builder.tui.forms.messages import plain_message

KINDS = {
    "control": "controls objectives",
    "destroy": "destroys enemy Unit Cards",
    "victory-points": "has victory points",
}
WHEN = {When.END_OF_TURN: "at the end of a turn", When.END_OF_GAME: "at the end of the game"}
# The number each kind reads: (the condition's field, its label, the placeholder).
COUNTS = {
    "control": ("count", "How many", "empty: all those named (or every objective)"),
    "destroy": ("count", "Cards destroyed", "how many enemy Unit Cards"),
    "victory-points": ("points", "Points, at least", "victory points needed"),
}
LABELS = {"side": "Side", "objectives": "Objectives", "when": "When", "count": "How many", "points": "Points"}
CONDITION: TypeAdapter[Control | Destroy | VictoryPoints] = TypeAdapter(Condition)


class TcgConditionForm(Vertical):
    """The fields of one victory condition and its English beneath them."""

    def __init__(self, scenario: Scenario, id: str | None = None) -> None:
        super().__init__(id=id, classes="condition-form")
        self.scenario = scenario

    def compose(self) -> ComposeResult:
        scenario = self.scenario
        kinds = [(words, kind) for kind, words in KINDS.items()]
        yield from _field("Condition", Select(kinds, value="control", allow_blank=False, id="vc-kind"))
        sides = [(Text(side.name), side.id) for side in scenario.sides]  # the player's names: not markup
        yield from _field("Side", Select(sides, value=sides[0][1], allow_blank=False, id="vc-side"))
        yield from _field("Objectives", SelectionList[str](*self._objectives(), id="vc-objectives"), "control")
        yield from _field("How many", Input(type="integer", id="vc-count"))
        whens = [(words, when.value) for when, words in WHEN.items()]
        yield from _field("When", Select(whens, value=When.END_OF_TURN.value, allow_blank=False, id="vc-when"))
        yield Static(id="vc-english")

    def _objectives(self) -> list[tuple[Text, str]]:
        """The scenario's objective markers (TCG p.16), by name, with their box."""
        return [
            (Text(f"{marker.name or marker.id} {list(marker.box)}"), marker.id)
            for marker in self.scenario.objectives()
            if marker.id is not None
        ]

    def on_mount(self) -> None:
        self.show_fields()

    def show(self, scenario: Scenario) -> None:
        """The scenario changed (a side renamed, an edit undone): its sides and objectives."""
        self.scenario = scenario
        side = self.query_one("#vc-side", Select)
        chosen = side.value
        side.set_options([(Text(s.name), s.id) for s in scenario.sides])
        ids = [s.id for s in scenario.sides]
        side.value = chosen if chosen in ids else ids[0]
        objectives = self.query_one("#vc-objectives", SelectionList)
        kept = set(objectives.selected)
        objectives.clear_options()
        objectives.add_options([(name, ident, ident in kept) for name, ident in self._objectives()])
        self.read()

    @on(Select.Changed, "#vc-kind")
    def show_fields(self) -> None:
        kind = self.kind
        for row in self.query(".vc-row"):
            row.display = row.name is None or row.name == kind
        _, label, placeholder = COUNTS[kind]
        self.query_one("#vc-count-label", Label).update(label)
        self.query_one("#vc-count", Input).placeholder = placeholder
        self.read()

    @property
    def kind(self) -> str:
        return str(self.query_one("#vc-kind", Select).value)

    def load(self, condition: VictoryCondition) -> None:
        """Fill the fields with `condition`, to change it."""
        self.query_one("#vc-kind", Select).value = condition.kind
        self.query_one("#vc-side", Select).value = condition.side
        objectives = self.query_one("#vc-objectives", SelectionList)
        objectives.deselect_all()
        number: int | None
        if isinstance(condition, Control):
            for objective in condition.objectives:
                objectives.select(objective)
            number = condition.count
        else:
            number = condition.points if isinstance(condition, VictoryPoints) else condition.count
        self.query_one("#vc-count", Input).value = "" if number is None else str(number)
        self.query_one("#vc-when", Select).value = condition.when.value
        self.show_fields()

    def build(self) -> VictoryCondition:
        """The condition the fields describe; ValueError (one sentence) when not yet one."""
        kind = self.kind
        data: dict[str, Any] = {
            "kind": kind,
            "side": self.query_one("#vc-side", Select).value,
            "when": self.query_one("#vc-when", Select).value,
        }
        if kind == "control":
            data["objectives"] = list(self.query_one("#vc-objectives", SelectionList).selected)
        number = self.query_one("#vc-count", Input).value.strip()
        field, label, _ = COUNTS[kind]
        if number:
            try:
                data[field] = int(number)
            except ValueError:
                raise ValueError(f"{label}: {number!r} is not a whole number.") from None
        try:
            return CONDITION.validate_python(data)
        except ValidationError as problem:
            first = problem.errors(include_url=False)[0]
            where = str(first["loc"][1]) if len(first["loc"]) > 1 else ""
            named = label if where in ("count", "points") else LABELS.get(where, where)
            raise ValueError(f"{named}: {plain_message(first)}" if named else plain_message(first)) from None

    @on(Select.Changed)
    @on(Input.Changed)
    @on(SelectionList.SelectedChanged)
    def read(self) -> VictoryCondition | None:
        """Say the condition in English, or why it is not one yet; the condition, if any."""
        said = self.query_one("#vc-english", Static)
        try:
            condition = self.build()
        except ValueError as problem:
            said.update(Text(f"Not yet a condition: {problem}", style="red"))
            return None
        sentence = english(condition, self.scenario.side_name, self.scenario.objective_name)
        said.update(Text.assemble(("The condition: ", "bold"), sentence[0].upper() + sentence[1:]))
        return condition


def _field(label: str, widget: Widget, kind: str | None = None) -> ComposeResult:
    """A labelled row; `kind` names the only kind of condition that reads it (None: all)."""
    with Horizontal(classes="field vc-row", name=kind):
        yield Label(label, classes="field-label", id=f"{widget.id}-label")
        yield widget
