"""The scenario's forms: metadata, sides, set-up, forces, victory, events and campaign.
Victory conditions, events and the campaign (its links' changes are a union of kinds) are
edited as YAML, shown beside their English reading; the other parts through forms built
from the models. Applying the forms is one undoable edit. A victory condition can also be
built in a form and added to an outcome at once, as an undoable edit of its own."""

from __future__ import annotations

from functools import partial
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError, create_model
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static, TabbedContent, TabPane, Tabs, TextArea

from builder.heroes.scenario.campaign import describe_outcome
from builder.heroes.scenario.conditions import describe
from builder.heroes.scenario.edits import ReplaceScenario
from builder.heroes.scenario.models import Campaign, Event, Force, Scenario, ScenarioSide, Setup, Victory
from builder.kernel.diagnostics import capitalised
from builder.services.scenario_session import ScenarioSession
from builder.tui.forms.condition_form import ConditionForm
from builder.tui.forms.form import ModelForm
from builder.tui.forms.messages import plain_message
from builder.tui.styles import SCREENS_CSS
from builder.tui.widgets.footer import KeysFooter

INFO = ("id", "title", "front", "operation", "place", "date", "armies", "players", "story", "source", "map_note")
ScenarioInfo = create_model(  # type: ignore[call-overload]
    "ScenarioInfo", **{name: (Scenario.model_fields[name].annotation, Scenario.model_fields[name]) for name in INFO}
)


class SidesPart(BaseModel):
    sides: list[ScenarioSide]


class ForcesPart(BaseModel):
    forces: list[Force]


# (tab title, model edited by a form, the scenario fields it holds)
FORMS: list[tuple[str, type[BaseModel], tuple[str, ...]]] = [
    ("Metadata", ScenarioInfo, INFO),
    ("Sides", SidesPart, ("sides",)),
    ("Set-up", Setup, ("setup",)),
    ("Forces", ForcesPart, ("forces",)),
]
# Every tab, in order, by its pane's id: alt+1 to alt+8 show them from anywhere on the
# screen, and alt+0 focuses the tab bar, where left and right go from tab to tab (a form's
# fields keep the focus from it). The palette lists each; the footer, too narrow for
# eight, says them in one.
TABS = [(f"tab-{title.lower()}", title) for title, _, _ in FORMS] + [
    ("tab-condition", "Condition"),
    ("tab-victory", "Victory"),
    ("tab-events", "Events"),
    ("tab-campaign", "Campaign"),
]


class ScenarioDetails(Screen[bool]):
    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("ctrl+s", "apply", "Apply"),
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+z", "undo_added", "Undo add"),
        Binding("alt+0", "focus_tabs", "Tabs", key_display=f"alt+0…{len(TABS)}"),
        *(Binding(f"alt+{n}", f"show_tab('{pane}')", title, show=False) for n, (pane, title) in enumerate(TABS, 1)),
    ]

    def __init__(self, session: ScenarioSession) -> None:
        super().__init__(id="scenario-details")
        self.session = session
        self.data: dict[str, Any] = session.scenario.model_dump(mode="json", exclude_defaults=True)
        self.added = 0  # conditions added from the form (each an edit of the session)

    def compose(self) -> ComposeResult:
        yield Static(Text(f"Details of {self.session.scenario.title}", style="bold"), id="details-title")
        with TabbedContent(id="details-tabs"):
            for title, model, fields in FORMS:
                with TabPane(title, id=f"tab-{title.lower()}"):
                    draft = self._part(model, fields)
                    yield ModelForm(model, draft, id=f"form-{title.lower()}", catalogue=self.session.catalogue)
            with TabPane("Condition", id="tab-condition"):
                yield ConditionForm(self.session, id="condition-form")
            with TabPane("Victory", id="tab-victory"), Vertical():
                yield TextArea(self._yaml("victory"), id="victory-yaml")
                yield VerticalScroll(Static(id="victory-english"), classes="english")
            with TabPane("Events", id="tab-events"), Vertical():
                yield TextArea(self._yaml("events"), id="events-yaml")
                yield VerticalScroll(Static(id="events-english"), classes="english")
            with TabPane("Campaign", id="tab-campaign"), Vertical():
                yield TextArea(self._yaml("campaign") if "campaign" in self.data else "", id="campaign-yaml")
                yield VerticalScroll(Static(id="campaign-english"), classes="english")
        yield Static(id="details-problems")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.read_victory()
        self.read_events()
        self.read_campaign()

    def _part(self, model: type[BaseModel], fields: tuple[str, ...]) -> dict[str, Any]:
        if model is Setup:
            return dict(self.data.get("setup", {}))
        return {name: self.data[name] for name in fields if name in self.data}

    def _yaml(self, key: str) -> str:
        value = self.data.get(key, [] if key == "events" else {})
        return yaml.safe_dump(value, sort_keys=False, allow_unicode=True)

    # --- victory and events as YAML -------------------------------------------------------

    @on(TextArea.Changed, "#victory-yaml")
    def read_victory(self) -> Victory | None:
        english = self.query_one("#victory-english", Static)
        try:
            victory = Victory.model_validate(yaml.safe_load(self.query_one("#victory-yaml", TextArea).text) or {})
        except (yaml.YAMLError, ValidationError) as problem:
            english.update(Text(f"Not yet a victory: {_first_problem(problem)}", style="red"))
            return None
        name = self.session.scenario.namer(partial(self.session.catalogue.name_of, "units"))
        text = Text()
        for outcome in victory.outcomes:
            text.append(f"{outcome.label}: ", style="bold")
            text.append(f"{describe(outcome.condition, name)}.\n")
        text.append("Otherwise: ", style="bold")
        text.append("a draw.\n" if victory.otherwise == "draw" else f"{name('side', victory.otherwise)} wins.\n")
        for condition in victory.end.early:
            text.append("The game ends early when ", style="italic")
            text.append(f"{describe(condition, name)}.\n", style="italic")
        english.update(text)
        return victory

    @on(TextArea.Changed, "#events-yaml")
    def read_events(self) -> list[Event] | None:
        english = self.query_one("#events-english", Static)
        try:
            raw = yaml.safe_load(self.query_one("#events-yaml", TextArea).text) or []
            events = [Event.model_validate(item) for item in raw] if isinstance(raw, list) else None
        except (yaml.YAMLError, ValidationError) as problem:
            english.update(Text(f"Not yet events: {_first_problem(problem)}", style="red"))
            return None
        if events is None:
            english.update(Text("Events are a list.", style="red"))
            return None
        name = self.session.scenario.namer(partial(self.session.catalogue.name_of, "units"))
        text = Text()
        for event in events:
            when = f"turn {event.turn}" if event.turn else "every turn"
            text.append(f"{event.moment} of the {event.phase.value} phase, {when}", style="bold")
            if event.trigger is not None:
                text.append(f", each time {describe(event.trigger, name)}")
            text.append(f": {event.what}")
            effects = event.effects(name)
            text.append(f" ({effects}.)\n" if effects else "\n")
        english.update(text or Text("No events.", style="dim"))
        return events

    @on(TextArea.Changed, "#campaign-yaml")
    def read_campaign(self) -> Campaign | bool | None:
        """The campaign section (None: the scenario is in no campaign), or False while the
        YAML is not one yet."""
        english = self.query_one("#campaign-english", Static)
        try:
            raw = yaml.safe_load(self.query_one("#campaign-yaml", TextArea).text)
            campaign = Campaign.model_validate(raw) if raw is not None else None
        except (yaml.YAMLError, ValidationError) as problem:
            english.update(Text(f"Not yet a campaign: {_first_problem(problem)}", style="red"))
            return False
        if campaign is None:
            english.update(Text("Not part of a campaign.", style="dim"))
            return None
        name = self.session.scenario.namer(partial(self.session.catalogue.name_of, "units"))
        text = Text(f"{campaign.name}, part {campaign.part} of {campaign.of}\n", style="bold")
        for outcome in campaign.outcomes:
            said = "Draw: " if outcome.result == "draw" else f"{capitalised(name('side', outcome.result))} wins: "
            text.append(said, style="bold")
            text.append(describe_outcome(outcome, name, campaign.name, last=campaign.next is None) + "\n")
        english.update(text)
        return campaign

    # --- a condition from the form ---------------------------------------------------------

    @on(ConditionForm.Add)
    def add_condition(self, message: ConditionForm.Add) -> None:
        """Apply the form's condition to the session, unless the victory YAML holds changes
        not applied yet (they would be lost): the YAML then shows the new victory."""
        if self._victory_typed() or not self.session.apply(message.edit):
            return
        self.added += 1
        self._victory_changed(f"Added: {message.edit.label}.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.added > 0 if action == "undo_added" else True

    def action_undo_added(self) -> None:
        """Undo the last condition added from the form (the session's last edit)."""
        if self.added == 0 or self._victory_typed():
            return
        label = self.session.undo()
        self.added -= 1
        self._victory_changed(f"Undone: {label}.")

    def _victory_typed(self) -> bool:
        """Whether the victory YAML holds changes not applied yet (said as a problem): the
        form's edits would overwrite them."""
        if self.read_victory() == self.session.scenario.victory:
            return False
        self._problem("Apply (ctrl+s) or undo your changes to the victory YAML first.")
        return True

    def _victory_changed(self, said: str) -> None:
        """The session's victory changed: the YAML, its English and the form show it."""
        self.data["victory"] = self.session.scenario.victory.model_dump(mode="json", exclude_defaults=True)
        self.query_one("#victory-yaml", TextArea).text = self._yaml("victory")
        self.query_one("#condition-form", ConditionForm).read()
        self.query_one("#details-problems", Static).update("")
        self.refresh_bindings()
        self.notify(said, markup=False)

    # --- tabs -----------------------------------------------------------------------------

    def action_show_tab(self, pane: str) -> None:
        """Show a tab, its first field focused."""
        self.query_one("#details-tabs", TabbedContent).active = pane  # shown at once (ContentSwitcher)
        self._focus_first(pane)

    def _focus_first(self, pane: str) -> None:
        """The pane's first field in the focus chain (a form holding fields is passed)."""
        shown = self.query_one(f"#{pane}", TabPane)
        chain = [widget for widget in self.focus_chain if shown in widget.ancestors]
        fields = [widget for widget in chain if not any(widget in other.ancestors for other in chain)]
        if fields:
            fields[0].focus()

    def action_focus_tabs(self) -> None:
        self.query_one("#details-tabs", TabbedContent).query_one(Tabs).focus()

    # --- applying -------------------------------------------------------------------------

    def action_apply(self) -> None:
        merged = dict(self.data)
        for title, model, fields in FORMS:
            form = self.query_one(f"#form-{title.lower()}", ModelForm)
            if form.parse_errors:
                self._problem(f"{title}: fix the highlighted fields.")
                return
            if model is Setup:
                merged["setup"] = form.draft
            else:
                for name in fields:
                    merged.pop(name, None)
                merged.update(form.draft)
        victory, events, campaign = self.read_victory(), self.read_events(), self.read_campaign()
        if victory is None or events is None or campaign is False:
            self._problem("The victory conditions, the events or the campaign are not valid yet.")
            return
        merged["victory"] = victory.model_dump(mode="json", exclude_defaults=True)
        merged["events"] = [event.model_dump(mode="json", exclude_defaults=True) for event in events]
        merged.pop("campaign", None)
        if isinstance(campaign, Campaign):
            merged["campaign"] = campaign.model_dump(mode="json", exclude_defaults=True)
        try:
            scenario = Scenario.model_validate(merged)
        except ValidationError as problem:
            self._problem(_first_problem(problem))
            return
        changed = self.session.apply(ReplaceScenario(scenario, "scenario's details"))
        self.dismiss(changed or self.added > 0)

    def _problem(self, message: str) -> None:
        self.query_one("#details-problems", Static).update(Text(message, style="bold red"))
        self.notify(message, severity="error", markup=False)

    def action_cancel(self) -> None:
        self.dismiss(self.added > 0)


def _first_problem(problem: Exception) -> str:
    if isinstance(problem, ValidationError):
        first = problem.errors(include_url=False)[0]
        where = ".".join(str(part) for part in first["loc"] if not str(part).startswith("function"))
        return f"{where}: {plain_message(first)}"
    return str(problem).splitlines()[0]
