"""The Tactical Card Game's scenario designer (`hon design` on a `game: tcg` scenario): the
board of boxes (TCG p.4) with tools to set a box's terrain (p.17), put markers on it (p.16)
and draw each side's reinforcement zone (p.6); cards deployed face up or hidden (p.16);
the box under the cursor and the turn track told in full; live validation; undo and redo;
atomic save; each side's deck composed on its own screen, and the scenario's details and
victory conditions on another (f7, screens/tcg_details.py). It renders what the session
computes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import Static, TabbedContent, TabPane

from builder.kernel.diagnostics import the_side
from builder.services.tcg_scenario_session import TcgScenarioSession
from builder.tcg.base import Box
from builder.tcg.cards import DecoyCard
from builder.tcg.edits import (
    AddScenarioEvent,
    ClearBox,
    Deploy,
    NameObjective,
    RemoveScenarioEvent,
    SetTerrain,
    StepMarkerValue,
    ToggleHidden,
    ToggleMarker,
    ToggleZone,
)
from builder.tcg.scenario import MarkerKind
from builder.tcg.terrain import Terrain
from builder.tui.screens.editing import OwnDocumentScreen, document_title
from builder.tui.styles import TCG_CSS
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.issues import IssuesPanel
from builder.tui.widgets.tcg_board import MARKER_GLYPH, SIDE_COLOURS, TERRAIN_COLOUR
from builder.tui.widgets.tcg_box_text import box_text, legend, turn_track, victory
from builder.tui.widgets.tcg_design_board import ZONE_BAR, TcgDesignBoard
from builder.tui.widgets.tile_card import show_if_changed

TOOLS = ("terrain", "marker", "zone")
TOOL_HELP = {
    "terrain": "enter: set the box's terrain (t: next type)",
    "marker": "enter: put or take off a marker (k: next kind, v: bonus value, n: objective name)",
    "zone": "enter: add or take out a reinforcement box",
}
TERRAINS = list(Terrain)
ADD_EVENT = "add"
MARKERS = list(MarkerKind)


@dataclass
class ToolState:
    tool: str = "terrain"
    terrain_index: int = 1  # open ground is what every box starts as: offer urban first
    kind_index: int = 0
    side_index: int = 0

    @property
    def terrain(self) -> Terrain:
        return TERRAINS[self.terrain_index % len(TERRAINS)]

    @property
    def kind(self) -> MarkerKind:
        return MARKERS[self.kind_index % len(MARKERS)]


class TcgDesignerScreen(OwnDocumentScreen[TcgScenarioSession]):
    CSS_PATH = TCG_CSS
    BINDINGS = [
        Binding("p", "tool('terrain')", "Terrain"),
        Binding("m", "tool('marker')", "Markers"),
        Binding("z", "tool('zone')", "Zones"),
        Binding("t", "cycle('terrain', 1)", "Next terrain", show=False),
        Binding("T", "cycle('terrain', -1)", "Previous terrain", show=False),
        Binding("k", "cycle('kind', 1)", "Next marker", show=False),
        Binding("K", "cycle('kind', -1)", "Previous marker", show=False),
        Binding("s", "cycle('side', 1)", "Side", show=False),
        Binding("v", "marker_value", "Bonus value", show=False),
        Binding("n", "name_objective", "Objective name", show=False),
        Binding("c", "deploy", "Card"),
        Binding("h", "hidden", "Hidden"),
        Binding("e", "events", "Events"),
        Binding("d", "deck", "Deck"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("f2", "save_as", "Save as", show=False),
        Binding("f4", "issues", "Issues"),
        Binding("f7", "details", "Details"),
        Binding("f8", "simulate", "Simulate"),
        Binding("f9", "balance", "Balance"),
        Binding("escape", "close", "Back", show=False),
    ]

    def __init__(self, session: TcgScenarioSession, deck: str | None = None) -> None:
        """`deck`: a side whose deck composer opens at once (`hon design FILE --deck SIDE`)."""
        super().__init__(id="tcg-designer")
        self.session = session
        self.tools = ToolState()
        ids = [side.id for side in session.scenario.sides]
        self.opening_deck = deck in ids
        if deck in ids:
            self.tools.side_index = ids.index(deck)

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="toolbar")
        with Horizontal(id="tcg-designer-main"):
            yield TcgDesignBoard(id="tcg-map")
            with Vertical(id="tcg-designer-side"), TabbedContent(id="tcg-designer-tabs"):
                with TabPane("Box", id="tcg-box-tab"), VerticalScroll():
                    yield Static(id="tcg-box")
                    yield Static(id="tcg-track")
                    yield Static(id="tcg-victory")
                    yield Static(id="tcg-legend")
                with TabPane("Issues", id="tcg-issues-tab"):
                    yield IssuesPanel("No issues: the scenario is sound.", id="tcg-designer-issues")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_all()
        self.query_one(TcgDesignBoard).focus()
        if self.opening_deck:
            self.action_deck()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < 130, "medium")
        self.set_class(event.size.width < 110, "narrow")

    @property
    def board(self) -> TcgDesignBoard:
        return self.query_one(TcgDesignBoard)

    @property
    def side_id(self) -> str:
        sides = self.session.scenario.sides
        return sides[self.tools.side_index % len(sides)].id

    # --- drawing --------------------------------------------------------------------------

    def show_all(self) -> None:
        session = self.session
        scenario = session.scenario
        size = f"{scenario.board.columns}x{scenario.board.rows} boxes, {scenario.turns} turns"
        title = document_title(scenario.title, size, session)
        show_if_changed(self.query_one("#title", Static), title, layout=False)
        self._show_toolbar()
        self.board.design(scenario, session.board_views())
        self.show_box(self.board.cursor)
        show_if_changed(self.query_one("#tcg-track", Static), turn_track(scenario))
        show_if_changed(self.query_one("#tcg-victory", Static), victory(scenario))
        self.query_one("#tcg-designer-issues", IssuesPanel).show(session.issues)

    def _show_toolbar(self) -> None:
        tools, scenario = self.tools, self.session.scenario
        text = Text()
        for tool in TOOLS:
            text.append(f" {tool} ", style="bold reverse" if tool == tools.tool else "dim")
        text.append("  ")
        if tools.tool == "terrain":
            text.append("  ", style=f"on {TERRAIN_COLOUR[tools.terrain]}")
            text.append(f" {tools.terrain.label}")
        elif tools.tool == "marker":
            text.append(f"{MARKER_GLYPH[tools.kind]} {tools.kind.value}")
        index = tools.side_index % len(scenario.sides)
        text.append("   side ", style="dim")
        text.append(ZONE_BAR, style=f"bold {SIDE_COLOURS[index % len(SIDE_COLOURS)]}")
        text.append(f" {scenario.sides[index].name}")
        text.append(f"   {TOOL_HELP[tools.tool]} · s: side, c: its card here, d: its deck", style="dim")
        show_if_changed(self.query_one("#toolbar", Static), text, layout=False)

    def show_box(self, box: Box) -> None:
        """The box under the cursor in full, and the legend."""
        session = self.session
        text = box_text(session.scenario, session.box_view(box), session.box_issues(box))
        show_if_changed(self.query_one("#tcg-box", Static), text)
        show_if_changed(self.query_one("#tcg-legend", Static), legend(session.scenario))

    @on(TcgDesignBoard.Moved)
    def moved(self, message: TcgDesignBoard.Moved) -> None:
        self.show_box(message.box)

    # --- tools ----------------------------------------------------------------------------

    def action_tool(self, tool: str) -> None:
        self.tools.tool = tool
        self._show_toolbar()

    def action_cycle(self, what: str, step: int) -> None:
        tools = self.tools
        if what == "terrain":
            tools.tool, tools.terrain_index = "terrain", (tools.terrain_index + step) % len(TERRAINS)
        elif what == "kind":
            tools.tool, tools.kind_index = "marker", (tools.kind_index + step) % len(MARKERS)
        else:
            tools.side_index = (tools.side_index + step) % len(self.session.scenario.sides)
        self._show_toolbar()

    @on(TcgDesignBoard.Applied)
    def apply_tool(self, message: TcgDesignBoard.Applied) -> None:
        box, tools = message.box, self.tools
        if tools.tool == "terrain":
            self.edit(SetTerrain(box, tools.terrain))
        elif tools.tool == "marker":
            self.edit(ToggleMarker(box, tools.kind))
        else:
            self.edit(ToggleZone(box, self.side_id))

    def action_marker_value(self) -> None:
        self.edit(StepMarkerValue(self.board.cursor))

    @work
    async def action_name_objective(self) -> None:
        from builder.tui.screens.dialogs import AskText

        box = self.board.cursor
        objective = next((m for m in self.session.box_view(box).markers if m.kind is MarkerKind.OBJECTIVE), None)
        if objective is None:
            self.notify("Put the cursor on an objective first (m, then k to the objective marker).")
            return
        name = await self.app.push_screen_wait(AskText(f"The name of objective {objective.id}", objective.name or ""))
        if name is not None:
            self.edit(NameObjective(box, name.strip()[:120] or None))

    @work
    async def action_deploy(self) -> None:
        """Deploy a card of the side `s` chose on the box, or take the box's cards off."""
        from builder.tui.screens.tcg_deck import CLEAR, CardPicker

        session, box = self.session, self.board.cursor
        side = session.scenario.side(self.side_id)
        assert side is not None
        title = f"The card {the_side(side.name)} deploys on {list(box)}"
        occupied = bool(session.box_view(box).placed)
        chosen = await self.app.push_screen_wait(CardPicker(title, session.deploy_choices(side.id, box), occupied))
        if chosen == CLEAR:
            self.edit(ClearBox(box))
        elif chosen is not None:
            card = session.catalogue.get(chosen)
            assert card is not None
            self.edit(Deploy(side.id, session.placement(side.id, card, box), isinstance(card, DecoyCard)))

    @work
    async def action_events(self) -> None:
        """Add a scenario-event marker to the turn track, or take one off."""
        from builder.tui.screens.dialogs import Choose
        from builder.tui.screens.tcg_event_form import ScenarioEventForm

        scenario = self.session.scenario
        choices = [("+ add a scenario event", ADD_EVENT)]
        for index, event in enumerate(scenario.events):
            said = f"turn {event.turn}, {scenario.side_name(event.side)}: {event.effect.english()}"
            choices.append((f"− take off: {said}", str(index)))
        chosen = await self.app.push_screen_wait(Choose("The turn track's scenario events (TCG p.16)", choices))
        if chosen == ADD_EVENT:
            made = await self.app.push_screen_wait(ScenarioEventForm(scenario.turns, list(scenario.sides)))
            if made is not None:
                self.edit(AddScenarioEvent(made))
        elif chosen is not None:
            self.edit(RemoveScenarioEvent(int(chosen)))

    def action_hidden(self) -> None:
        self.edit(ToggleHidden(self.board.cursor))

    # --- editing ------------------------------------------------------------------------

    def action_issues(self) -> None:
        self.query_one("#tcg-designer-tabs", TabbedContent).active = "tcg-issues-tab"
        self.query_one("#tcg-designer-issues", IssuesPanel).focus()

    @on(IssuesPanel.Jump)
    def jump(self, message: IssuesPanel.Jump) -> None:
        """To the box the issue is about, when it is about one; else said with its place."""
        box = self.session.issue_box(message.issue)
        if box is None:
            self.notify(message.issue.message, title=message.issue.path, severity="warning", markup=False)
            return
        self.query_one("#tcg-designer-tabs", TabbedContent).active = "tcg-box-tab"
        self.board.cursor = box
        self.board.focus()

    @work
    async def action_deck(self) -> None:
        from builder.tui.screens.tcg_deck import TcgDeckScreen

        await self.app.push_screen_wait(TcgDeckScreen(self.session, self.side_id))
        self.show_all()

    @work
    async def action_details(self) -> None:
        """The scenario's title, turns, first player, sides and victory conditions."""
        from builder.tui.screens.tcg_details import TcgDetailsScreen

        await self.app.push_screen_wait(TcgDetailsScreen(self.session))
        self.show_all()

    def action_simulate(self) -> None:
        """Step through a game of the scenario as saved (the rules core reads the file)."""
        from builder.tui.screens.tcg_simulation import TcgSimulationScreen

        path = self._saved()
        if path is not None:
            self.app.push_screen(TcgSimulationScreen(path))  # it says why a file cannot be played

    def action_balance(self) -> None:
        """Play the scenario as saved many times: each side's chance of winning."""
        from builder.tui.screens.balance import BalanceScreen

        path = self._saved()
        if path is not None:
            self.app.push_screen(BalanceScreen.of_file(path, self.session.scenario.title))

    def _saved(self) -> Path | None:
        """The scenario's file when it holds every edit (games are played from the file);
        None, said, when there are edits to save first."""
        session = self.session
        if session.path is None or session.dirty:
            self.notify("Save the scenario first (ctrl+s): the game is played from its file.")
            return None
        return session.path
