"""The details of a Tactical Card Game scenario (f7 in its designer): its title, description,
number of turns (four to eight, TCG p.6), first player (p.6) and who wins otherwise; each
side's name, COMMAND markers (p.5), DIRECTIVE markers at the start (at most six in play,
p.5) and victory points per enemy card destroyed (p.16); its victory conditions (p.6, p.16)
added, changed and removed in a form. Every change is an undoable edit of the session; a
value the file cannot hold, or one the book forbids, is refused with the reason and the
form keeps what was typed."""

from __future__ import annotations

import re

from pydantic import ValidationError
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Button, Input, Label, OptionList, Select, Static, TabbedContent, TabPane, TextArea

from builder.kernel.diagnostics import Issue, Severity, error
from builder.kernel.history import Edit
from builder.services.tcg_scenario_session import TcgScenarioSession
from builder.tcg.detail_edits import (
    AddVictoryCondition,
    RemoveVictoryCondition,
    ReplaceVictoryCondition,
    SetScenarioDetails,
    SetSideDetails,
    VictoryCondition,
)
from builder.tcg.scenario import DRAW, Scenario
from builder.tui.forms.messages import plain_message
from builder.tui.forms.tcg_condition_form import TcgConditionForm
from builder.tui.screens.editing import DocumentScreen, document_title
from builder.tui.styles import TCG_CSS
from builder.tui.widgets.footer import KeysFooter

# How the form names the fields of the scenario and of a side.
LABELS = {
    "title": "Title",
    "description": "Description",
    "turns": "Turns",
    "first_player": "First player",
    "otherwise": "Otherwise",
    "name": "Name",
    "command": "COMMAND markers",
    "directives": "DIRECTIVE markers",
    "destroyed_victory_points": "VP per card destroyed",
}
SIDES_HINT = (
    "COMMAND markers each turn (TCG p.5), DIRECTIVE markers at the start (never more than six in"
    " play, TCG p.5) and the victory points earned for each enemy card destroyed (TCG p.16)."
)
SIDE_FIELDS = ("name", "command", "directives", "destroyed_victory_points")
DRAWN = (Text("a draw"), DRAW)
VALUE = "form.value"  # the code of a refusal: a value the file cannot hold


class TcgDetailsScreen(DocumentScreen[TcgScenarioSession]):
    CSS_PATH = TCG_CSS
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, session: TcgScenarioSession) -> None:
        super().__init__(id="tcg-details")
        self.session = session
        self.refused: Issue | None = None  # the last change refused, with its reason

    @property
    def scenario(self) -> Scenario:
        return self.session.scenario

    def compose(self) -> ComposeResult:
        yield Static(id="tcg-details-title")
        with TabbedContent(id="tcg-details-tabs"):
            with TabPane("Scenario", id="tcg-tab-scenario"), VerticalScroll():
                yield from _row("Title", Input(max_length=120, id="d-title"))
                yield from _row("Description", TextArea(id="d-description"))
                yield from _row("Turns", Input(type="integer", placeholder="4 to 8 (TCG p.6)", id="d-turns"))
                sides = self._side_options()
                yield from _row("First player", Select[str](sides, allow_blank=False, id="d-first_player"))
                yield from _row("Otherwise", Select[str]([DRAWN, *sides], allow_blank=False, id="d-otherwise"))
                yield Button("Apply", id="d-apply", variant="primary")
            with TabPane("Sides", id="tcg-tab-sides"), VerticalScroll():
                yield Static(Text(SIDES_HINT, style="dim"), classes="tcg-side-heading")
                for index, side in enumerate(self.scenario.sides):
                    yield Static(Text(f"{side.id}: the {side.insignia} army", style="bold"), classes="tcg-side-heading")
                    yield from _row("Name", Input(max_length=120, id=f"s{index}-name"))
                    command = Input(type="integer", placeholder="1 to 6", id=f"s{index}-command")
                    yield from _row("COMMAND markers", command)
                    directives = Input(type="integer", placeholder="0 to 6", id=f"s{index}-directives")
                    yield from _row("DIRECTIVE markers", directives)
                    destroyed = Input(type="integer", placeholder="0 to 10", id=f"s{index}-destroyed_victory_points")
                    yield from _row("VP per enemy kill", destroyed)
                    yield Button(f"Apply to {side.id}", id=f"s{index}-apply", variant="primary")
            with TabPane("Victory", id="tcg-tab-victory"), VerticalScroll():
                hint = "The victory conditions (TCG p.6): enter on one puts it in the form below to change it."
                yield Static(Text(hint, style="dim"), classes="tcg-side-heading")
                yield OptionList(id="victory-list")
                yield Static(id="victory-text")
                yield TcgConditionForm(self.scenario, id="victory-form")
                with Horizontal(id="victory-buttons"):
                    yield Button("Add", id="victory-add", variant="primary")
                    yield Button("Replace the chosen", id="victory-replace")
                    yield Button("Remove the chosen", id="victory-remove", variant="error")
        yield Static(id="tcg-details-problem")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.fill_scenario()
        for index in range(len(self.scenario.sides)):
            self.fill_side(index)
        self.show_all()

    # --- what the session holds, shown --------------------------------------------------------

    def show_all(self) -> None:
        scenario = self.scenario
        size = f"details, {scenario.turns} turns"
        self.query_one("#tcg-details-title", Static).update(document_title(scenario.title, size, self.session))
        said = scenario.victory_text()
        listed = self.query_one("#victory-list", OptionList)
        chosen = listed.highlighted
        listed.clear_options()
        # Text, never a str: side and objective names are the player's, not markup.
        listed.add_options(
            [Text(line) for line in said[:-1]] or [Text("No victory condition yet: add one below.", style="dim")]
        )
        listed.disabled = not scenario.victory
        if scenario.victory and chosen is not None:
            listed.highlighted = min(chosen, len(scenario.victory) - 1)
        text = Text(said[-1] + "\n")
        for issue in self.session.issues:
            if issue.path.startswith(("victory", "otherwise")):
                mark = "✖" if issue.severity is Severity.ERROR else "▲"
                text.append(f"{mark} {issue.message} [{issue.code}]\n", style="yellow")
        self.query_one("#victory-text", Static).update(text)
        self.query_one(TcgConditionForm).show(scenario)

    def fill_scenario(self) -> None:
        scenario = self.scenario
        self.query_one("#d-title", Input).value = scenario.title
        self.query_one("#d-description", TextArea).text = scenario.description
        self.query_one("#d-turns", Input).value = str(scenario.turns)
        sides = self._side_options()
        first = self.query_one("#d-first_player", Select)
        first.set_options(sides)
        if scenario.side(scenario.first_player) is not None:
            first.value = scenario.first_player
        otherwise = self.query_one("#d-otherwise", Select)
        otherwise.set_options([DRAWN, *sides])
        if scenario.otherwise == DRAW or scenario.side(scenario.otherwise) is not None:
            otherwise.value = scenario.otherwise

    def _side_options(self) -> list[tuple[Text, str]]:
        return [(Text(side.name), side.id) for side in self.scenario.sides]  # names are not markup

    def fill_side(self, index: int) -> None:
        side = self.scenario.sides[index]
        for field in SIDE_FIELDS:
            self.query_one(f"#s{index}-{field}", Input).value = str(getattr(side, field))

    def action_undo(self) -> None:
        super().action_undo()
        self.on_mount()

    def action_redo(self) -> None:
        super().action_redo()
        self.on_mount()

    # --- changes ------------------------------------------------------------------------------

    def offer(self, edit: Edit[Scenario], where: str = "") -> bool:
        """Apply the edit unless the file cannot hold a value it sets, or it brings an error
        the scenario does not have (the book's rules, builder.tcg.check): then say why and
        change nothing. `where` prefixes the path of a value refused (sides[0].)."""
        try:
            refusals = self.session.refusals(edit)
        except ValidationError as problem:
            first = problem.errors(include_url=False)[0]
            field = str(first["loc"][0])
            message = f"{LABELS.get(field, field)}: {plain_message(first)}"
            return self._refuse(error(VALUE, f"{where}{field}", message))
        if refusals:
            return self._refuse(refusals[0])
        self.refused = None
        self._unmark()
        self.query_one("#tcg-details-problem", Static).update("")
        if not self.session.apply(edit):
            self.notify("Nothing changed.")
            return False
        self.show_all()
        self.notify(f"Changed: {edit.label}.", markup=False)
        return True

    def _refuse(self, issue: Issue) -> bool:
        """Say why, and mark the field the value refused was typed in (it keeps the value)."""
        self.refused = issue
        said = f"✖ Not changed: {issue.message} [{issue.code}]"
        self.query_one("#tcg-details-problem", Static).update(Text(said, style="bold red"))
        self.notify(said, severity="error", markup=False)
        self._unmark()
        field = _field_of(issue.path)
        if field is not None:
            for widget in self.query(f"#{field}"):
                widget.add_class("refused")
        return False

    def _unmark(self) -> None:
        for widget in self.query(".refused"):
            widget.remove_class("refused")

    @on(Button.Pressed, "#d-apply")
    def apply_scenario(self) -> None:
        turns = _number(self.query_one("#d-turns", Input).value)
        if turns is None:
            self._refuse(error(VALUE, "turns", "Turns: Give a whole number."))
            return
        edit = SetScenarioDetails(
            title=self.query_one("#d-title", Input).value.strip(),
            description=self.query_one("#d-description", TextArea).text.strip(),
            turns=turns,
            first_player=str(self.query_one("#d-first_player", Select).value),
            otherwise=str(self.query_one("#d-otherwise", Select).value),
        )
        if self.offer(edit):
            self.fill_scenario()

    def apply_side(self, index: int) -> None:
        side = self.scenario.sides[index]
        values: dict[str, int] = {}
        for field in SIDE_FIELDS[1:]:
            number = _number(self.query_one(f"#s{index}-{field}", Input).value)
            if number is None:
                self._refuse(error(VALUE, f"sides[{index}].{field}", f"{LABELS[field]}: Give a whole number."))
                return
            values[field] = number
        name = self.query_one(f"#s{index}-name", Input).value.strip()
        if self.offer(SetSideDetails(side.id, name, **values), f"sides[{index}]."):
            self.fill_side(index)
            self.fill_scenario()  # the selects name the sides

    @on(Button.Pressed)
    def pressed(self, message: Button.Pressed) -> None:
        ident = message.button.id or ""
        if ident.startswith("s") and ident.endswith("-apply"):
            self.apply_side(int(ident[1:].removesuffix("-apply")))

    @on(Input.Submitted)
    def submitted(self, message: Input.Submitted) -> None:
        """Enter in a field applies its form."""
        ident = message.input.id or ""
        if ident.startswith("d-"):
            self.apply_scenario()
        elif ident.startswith("s") and "-" in ident:
            self.apply_side(int(ident[1:].split("-")[0]))

    # --- victory conditions ----------------------------------------------------------------

    @on(OptionList.OptionSelected, "#victory-list")
    def chosen(self, message: OptionList.OptionSelected) -> None:
        """A condition of the list, into the form to change it."""
        if message.option_index < len(self.scenario.victory):
            self.query_one(TcgConditionForm).load(self.scenario.victory[message.option_index])

    @on(Button.Pressed, "#victory-add")
    def add_condition(self) -> None:
        condition = self._condition()
        if condition is not None:
            self.offer(AddVictoryCondition(condition))

    @on(Button.Pressed, "#victory-replace")
    def replace_condition(self) -> None:
        index, condition = self._chosen(), self._condition()
        if index is not None and condition is not None:
            self.offer(ReplaceVictoryCondition(index, condition))

    @on(Button.Pressed, "#victory-remove")
    def remove_condition(self) -> None:
        index = self._chosen()
        if index is not None:
            self.offer(RemoveVictoryCondition(index))

    def _condition(self) -> VictoryCondition | None:
        try:
            return self.query_one(TcgConditionForm).build()
        except ValueError as problem:
            self._refuse(error(VALUE, "victory", str(problem)))
            return None

    def _chosen(self) -> int | None:
        index = self.query_one("#victory-list", OptionList).highlighted
        if index is None or index >= len(self.scenario.victory):
            self._refuse(error(VALUE, "victory", "Choose a victory condition in the list first."))
            return None
        return index

    def action_back(self) -> None:
        self.dismiss(None)


def _row(label: str, widget: Input | Select[str] | TextArea) -> ComposeResult:
    with Horizontal(classes="field"):
        yield Label(label, classes="field-label")
        yield widget


def _field_of(path: str) -> str | None:
    """The id of the field that sets what an issue's path names: turns -> d-turns,
    sides[1].directives -> s1-directives, victory[2].count -> vc-count."""
    side = re.fullmatch(r"sides\[(\d+)\]\.(\w+)", path)
    if side is not None:
        return f"s{side[1]}-{side[2]}" if side[2] in SIDE_FIELDS else None
    condition = re.match(r"victory\[\d+\]\.(\w+)", path)
    if condition is not None:
        return {"count": "vc-count", "points": "vc-count", "objectives": "vc-objectives"}.get(condition[1])
    return f"d-{path}" if path in LABELS and path not in SIDE_FIELDS else None


def _number(text: str) -> int | None:
    try:
        return int(text.strip())
    except ValueError:
        return None
