"""The scenario designer: the assembled map with tools to place and turn boards, paint
terrain, draw zones and entry squares, and place objectives; live validation; undo and
redo; atomic save. The forms for the rest of the scenario are on the details screen."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import Static, TabbedContent, TabPane

from builder.heroes.catalogue.base import Game
from builder.heroes.scenario.edits import (
    AddBoard,
    ChangeBoard,
    Edge,
    EraseTerrain,
    PaintTerrain,
    PlaceObjective,
    ToggleZoneSquare,
)
from builder.heroes.scenario.models import ObjectiveKind, ZoneKind
from builder.io.scenario_files import LoadedScenario
from builder.kernel.diagnostics import plural
from builder.services.scenario_session import ScenarioSession
from builder.tui.screens.editing import DocumentScreen, document_title
from builder.tui.styles import SCREENS_CSS
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.issues import IssuesPanel
from builder.tui.widgets.map_view import OBJECTIVE_GLYPHS, OPEN_GROUND, SIDE_TINTS, MapView, marks_of
from builder.tui.widgets.tile_card import show_if_changed

TOOLS = ["paint", "erase", "zone", "entry", "objective", "board"]
TOOL_HELP = {
    "paint": "paint terrain (t: next type)",
    "erase": "take painted terrain off",
    "zone": "deployment squares (s: next side)",
    "entry": "entry squares (s: next side)",
    "objective": "place or remove an objective (k: kind, s: owner)",
    "board": "r: turn · ctrl+arrows: move · a: add · delete: remove",
}


@dataclass
class ToolState:
    tool: str = "paint"
    terrain_index: int = 0
    side_index: int = 0
    kind_index: int = 0
    owner_index: int = 0  # 0: neutral, then the sides


class DesignerScreen(DocumentScreen[ScenarioSession]):
    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("p", "tool('paint')", "Paint"),
        Binding("x", "tool('erase')", "Erase"),
        Binding("z", "tool('zone')", "Zones"),
        Binding("n", "tool('entry')", "Entries"),
        Binding("o", "tool('objective')", "Objectives"),
        Binding("b", "tool('board')", "Boards"),
        Binding("t", "cycle('terrain', 1)", "Terrain", show=False),
        Binding("T", "cycle('terrain', -1)", "Previous terrain", show=False),
        Binding("s", "cycle('side', 1)", "Side", show=False),
        Binding("k", "cycle('kind', 1)", "Objective kind", show=False),
        Binding("r", "board('turn')", "Turn board", show=False),
        Binding("ctrl+left", "board('left')", "Move board left", show=False),
        Binding("ctrl+right", "board('right')", "Move board right", show=False),
        Binding("ctrl+up", "board('up')", "Move board up", show=False),
        Binding("ctrl+down", "board('down')", "Move board down", show=False),
        Binding("delete", "board('remove')", "Remove board", show=False),
        Binding("a", "add_board", "Add board", show=False),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("f2", "save_as", "Save as"),
        Binding("ctrl+o", "app.open_scenario", "Open", show=False),
        Binding("ctrl+n", "app.new_scenario", "New scenario", show=False),
        Binding("f7", "details", "Details"),
        Binding("f4", "issues", "Issues"),
        Binding("f8", "simulate", "Simulate"),
        Binding("ctrl+r", "print_sheet", "Print sheet", show=False),  # in the palette; the footer is full
        Binding("f10", "app.open_campaign", "Campaign", show=False),  # in the palette
        Binding("f9", "balance", "Balance"),
        Binding("escape", "close", "Back to army", show=False),
    ]

    def __init__(self, session: ScenarioSession) -> None:
        super().__init__(id="designer")
        self.session = session
        self.tools = ToolState()

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="toolbar")
        with Horizontal(id="designer-main"):
            yield MapView(id="map")
            with Vertical(id="designer-side"), TabbedContent(id="designer-tabs"):
                with TabPane("Legend", id="legend-tab"), VerticalScroll():
                    yield Static(id="legend")
                with TabPane("Issues", id="designer-issues-tab"):
                    yield IssuesPanel("No issues: the scenario is sound.", id="designer-issues")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_all()
        self.query_one(MapView).focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < 100, "narrow")

    @property
    def terrains(self) -> list[str]:
        game = self.session.scenario.game
        types = self.session.catalogue.terrain.values()
        return sorted((t.id for t in types if t.game in (game, Game.COMMON)), key=lambda i: (i.startswith("son-"), i))

    def show_all(self) -> None:
        session = self.session
        scenario, field = session.scenario, session.battlefield
        assert field is not None
        size = f"{field.width}x{field.height} squares, {plural(len(scenario.map.boards), 'board')}"
        title = document_title(scenario.title, size, session)
        show_if_changed(self.query_one("#title", Static), title, layout=False)
        self._show_toolbar()
        self.query_one(MapView).show(field, marks_of(scenario, field))
        self._show_legend()
        self.query_one("#designer-issues", IssuesPanel).show(session.issues)

    def _show_toolbar(self) -> None:
        tools, scenario = self.tools, self.session.scenario
        text = Text()
        for tool in TOOLS:
            text.append(f" {tool} ", style="bold reverse" if tool == tools.tool else "dim")
        text.append("  ")
        if tools.tool == "paint" and self.terrains:
            terrain = self.session.catalogue.terrain[self.terrains[tools.terrain_index % len(self.terrains)]]
            text.append(f"{terrain.glyph} ", style=f"bold on {terrain.colour}")
            text.append(terrain.name)
        elif tools.tool in ("zone", "entry"):
            side = scenario.sides[tools.side_index % len(scenario.sides)]
            text.append("  ", style=f"on {SIDE_TINTS[tools.side_index % len(scenario.sides) % len(SIDE_TINTS)]}")
            text.append(f" {side.name}")
        elif tools.tool == "objective":
            kind = list(ObjectiveKind)[tools.kind_index % 3]
            owner = self._owner()
            text.append(f"{OBJECTIVE_GLYPHS[kind]} {kind.value}, {owner or 'neutral'}")
        text.append(f"   {TOOL_HELP[tools.tool]}", style="dim")
        show_if_changed(self.query_one("#toolbar", Static), text, layout=False)

    def _show_legend(self) -> None:
        session = self.session
        field, scenario = session.battlefield, session.scenario
        assert field is not None
        text = Text()
        text.append("Terrain\n", style="bold")
        text.append("  ", style=f"on {OPEN_GROUND}")
        text.append(" open ground\n")
        seen: list[str] = []
        for element in field.elements:
            if element.terrain.id in seen:
                continue
            seen.append(element.terrain.id)
            text.append(f"{element.terrain.glyph} ", style=f"bold on {element.terrain.colour}")
            text.append(f" {element.terrain.name}\n")
        text.append("\nSides\n", style="bold")
        for index, side in enumerate(scenario.sides):
            text.append("  ", style=f"on {SIDE_TINTS[index % len(SIDE_TINTS)]}")
            text.append(f" {side.name}: deployment tint, arrows for entry squares\n")
        text.append("\nObjectives\n", style="bold")
        for objective in scenario.objectives:
            text.append(f"{OBJECTIVE_GLYPHS[objective.kind]} {objective.name} ({objective.kind.value}")
            text.append(f", {objective.owner}" if objective.owner else ", neutral")
            where = list(objective.at) if objective.at else objective.element
            text.append(f") at {where}\n")
        for bonus in scenario.tactical_bonuses:
            text.append(f"+ tactical bonus at {list(bonus.at)}\n")
        show_if_changed(self.query_one("#legend", Static), text)

    # --- tools ----------------------------------------------------------------------------

    def action_tool(self, tool: str) -> None:
        self.tools.tool = tool
        self._show_toolbar()

    def action_cycle(self, what: str, step: int) -> None:
        tools = self.tools
        if what == "terrain":
            tools.tool = "paint"
            tools.terrain_index = (tools.terrain_index + step) % max(1, len(self.terrains))
        elif what == "side":
            if tools.tool == "objective":
                tools.owner_index = (tools.owner_index + 1) % (len(self.session.scenario.sides) + 1)
            else:
                tools.side_index = (tools.side_index + step) % len(self.session.scenario.sides)
        elif what == "kind":
            tools.kind_index = (tools.kind_index + 1) % 3
        self._show_toolbar()

    def _owner(self) -> str | None:
        index = self.tools.owner_index
        return None if index == 0 else self.session.scenario.sides[index - 1].id

    @on(MapView.Applied)
    def apply_tool(self, message: MapView.Applied) -> None:
        square, tools, scenario = message.square, self.tools, self.session.scenario
        if tools.tool == "paint" and self.terrains:
            self.edit(PaintTerrain(square, self.terrains[tools.terrain_index % len(self.terrains)]))
        elif tools.tool == "erase":
            self.edit(EraseTerrain(square))
        elif tools.tool in ("zone", "entry"):
            side = scenario.sides[tools.side_index % len(scenario.sides)].id
            kind = ZoneKind.DEPLOYMENT if tools.tool == "zone" else ZoneKind.ENTRY
            edge = self._nearest_edge(square) if kind is ZoneKind.ENTRY else None
            self.edit(ToggleZoneSquare(square, side, kind, edge))
        elif tools.tool == "objective" and not message.dragging:
            objective_kind = list(ObjectiveKind)[tools.kind_index % 3]
            self.edit(PlaceObjective(square, objective_kind, self._owner()))

    def _nearest_edge(self, square: tuple[int, int]) -> Edge:
        field = self.session.battlefield
        assert field is not None
        c, r = square
        distances: dict[Edge, int] = {
            "west": c,
            "east": field.width - 1 - c,
            "north": r,
            "south": field.height - 1 - r,
        }
        return min(distances, key=lambda edge: distances[edge])

    def _board_under_cursor(self) -> int | None:
        field = self.session.battlefield
        assert field is not None
        return field.board_of.get(self.query_one(MapView).cursor)

    def action_board(self, what: str) -> None:
        index = self._board_under_cursor()
        if index is None:
            self.notify("Put the cursor on a board first.")
            return
        moves = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
        self.tools.tool = "board"
        if what == "turn":
            self.edit(ChangeBoard(index, turn=True))
        elif what == "remove":
            self.edit(ChangeBoard(index, remove=True))
        else:
            self.edit(ChangeBoard(index, move=moves[what]))

    @work
    async def action_add_board(self) -> None:
        from builder.tui.screens.dialogs import Choose

        game = self.session.scenario.game
        boards = [b for b in self.session.catalogue.boards.values() if b.game is game]
        chosen = await self.app.push_screen_wait(
            Choose("Add a terrain board", [(f"{b.name}  {b.width}x{b.height}", b.id) for b in boards])
        )
        if chosen:
            field = self.session.battlefield
            assert field is not None
            self.edit(AddBoard(chosen, (field.width, 0)))

    # --- editing ------------------------------------------------------------------------

    @work
    async def action_close(self) -> None:
        """Back to the army builder, when the designer was opened from it."""
        app = self.app
        if len(app.screen_stack) <= 2:
            return  # opened with `hon design`: quit with ctrl+q
        if await app._may_leave_scenario():  # type: ignore[attr-defined]
            app.scenario = None  # type: ignore[attr-defined]
            app.pop_screen()

    def action_issues(self) -> None:
        self.query_one("#designer-tabs", TabbedContent).active = "designer-issues-tab"
        self.query_one("#designer-issues", IssuesPanel).focus()

    @on(IssuesPanel.Jump)
    def jump(self, message: IssuesPanel.Jump) -> None:
        self.notify(message.issue.message, title=message.issue.path, severity="warning", markup=False)

    @work
    async def action_details(self) -> None:
        from builder.tui.screens.scenario_details import ScenarioDetails

        changed = await self.app.push_screen_wait(ScenarioDetails(self.session))
        if changed:
            self.show_all()

    def action_simulate(self) -> None:
        """Step through a game of the scenario as it stands, unsaved changes included; its
        army lists are read from beside its file."""
        from builder.tui.screens.simulation import SimulationScreen

        loaded = self._as_it_stands()
        if loaded is not None:
            self.app.push_screen(SimulationScreen(loaded, self.session.catalogue))

    def action_balance(self) -> None:
        """Play the scenario as it stands many times: each side's chance of winning."""
        from builder.tui.screens.balance import BalanceScreen

        loaded = self._as_it_stands()
        if loaded is not None:
            self.app.push_screen(BalanceScreen.heroes(loaded, self.session.catalogue))

    def _as_it_stands(self) -> LoadedScenario | None:
        """The scenario with its unsaved changes, read from its file (where its army lists
        are found); None, said, when it has no file yet or the file cannot be read."""
        from dataclasses import replace

        from builder.io.errors import HonFileError
        from builder.io.scenario_files import load_scenario

        session = self.session
        loaded = session.loaded
        if loaded is None and session.path is not None and session.path.exists():
            try:
                loaded = load_scenario(session.path)  # a new scenario saved since it was started
            except HonFileError as problem:
                self.notify(str(problem), severity="error", timeout=10, markup=False)
                return None
        if loaded is None:
            self.notify("Save the scenario first (ctrl+s): its army lists are found from its file.")
            return None
        return replace(loaded, scenario=session.scenario)

    def action_print_sheet(self) -> None:
        """The sheet of the scenario as it stands, unsaved changes included."""
        from builder.export.formats import SheetFormat
        from builder.services.printing import SHEET_FORMATS, print_sheet
        from builder.tui.screens.printing import PrintDialog

        session = self.session
        self.app.push_screen(
            PrintDialog(
                "the scenario sheet",
                SHEET_FORMATS,
                lambda fmt, folder: print_sheet(session, SheetFormat(fmt), folder),
            )
        )
