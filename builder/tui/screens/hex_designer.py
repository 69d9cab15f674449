"""The hex game's scenario designer (`hon design` on a `game: m44` scenario): the board drawn
hex by hex, the hex under the cursor told in full (terrain, unit, sections from each side),
keys that lay terrain, obstacles and units through the session's undo history, atomic save,
the scenario's issues (checked in a worker: a big scenario takes a third of a second), its
texts in each of its languages and the legend of the board's letters and colours; f8 plays
it in the simulation viewer (screens/hex_simulation.py), f9 its balance as saved. It renders what the session and the
rules core say."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.widgets import Static
from textual.worker import get_current_worker

from builder.io.errors import one_line
from builder.io.yamlio import split_path
from builder.kernel.diagnostics import Issue
from builder.memoir.catalogue import Layer
from builder.memoir.hexes import Hex
from builder.memoir.scenario import Scenario
from builder.services.hex_scenario_session import HexScenarioSession
from builder.tui.screens.editing import OwnDocumentScreen, document_title
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.hex_map import HexMapView
from builder.tui.widgets.hex_text import (
    SIDE_COLOUR,
    board_cells,
    hex_lines,
    legend,
    scenario_units,
    texts_text,
    with_units,
)
from builder.tui.widgets.issues import IssuesPanel
from builder.tui.widgets.tile_card import show_if_changed

PANELS = ("hex-issues", "hex-texts-panel", "hex-legend-panel")  # the lower part of the side panel


class HexDesignerScreen(OwnDocumentScreen[HexScenarioSession]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "lay('terrain')", "Terrain"),
        Binding("o", "lay('obstacle')", "Obstacle"),
        Binding("u", "unit", "Unit"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("f2", "save_as", "Save as", show=False),
        Binding("f4", "issues", "Issues"),
        Binding("i", "texts", "Texts"),
        Binding("l", "language", "Language", show=False),
        Binding("question_mark", "legend", "Legend"),
        Binding("f8", "simulate", "Simulate"),
        Binding("f9", "balance", "Balance"),
        Binding("q", "app.quit", "Quit", show=False),
        Binding("escape", "close", "Back", show=False),
    ]

    def __init__(self, session: HexScenarioSession) -> None:
        super().__init__(id="hex-designer")
        self.session = session
        self.language = 0  # which of the scenario's languages the texts panel shows
        self._by_hex: dict[Hex, list[Issue]] = {}  # the session's issues about each hex…
        self._indexed: list[Issue] | None = None  # …when they are these
        self._checking = False  # whether a worker is checking the scenario

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal(id="hex-main"):
            yield HexMapView(id="hex-map")
            with Vertical(id="hex-side"):
                yield Static(id="hex-details")
                yield IssuesPanel("No issues: the scenario is sound.", id="hex-issues")
                with VerticalScroll(id="hex-texts-panel"):
                    yield Static(id="hex-texts")
                with VerticalScroll(id="hex-legend-panel"):
                    yield Static(id="hex-legend")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.show_all()
        self.query_one(HexMapView).focus()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < 100, "narrow")

    @property
    def map(self) -> HexMapView:
        return self.query_one(HexMapView)

    # --- drawing --------------------------------------------------------------------------

    def show_all(self) -> None:
        """Paint the present scenario with the issues known so far, and check it in a worker
        when they are of another one."""
        session = self.session
        self._show_title()
        cells = board_cells(session.scenario, session.catalogue, session.board)
        self.map.show(session.board, with_units(cells, scenario_units(session.scenario, session.catalogue)))
        self.tell(self.map.cursor)
        if session.checking and not self._checking:
            self._checking = True
            self._check()
        if self.query_one("#hex-texts-panel").display:
            self.query_one("#hex-texts", Static).update(texts_text(session.scenario, self.language))

    def _show_title(self) -> None:
        board, session = self.session.board, self.session
        size = f"{board.columns}x{board.rows} hexes, {session.scenario.board.type} board"
        show_if_changed(self.query_one("#title", Static), document_title(one_line(session.name), size, session))
        self.query_one(IssuesPanel).show(session.issues)

    @work(thread=True, group="check")
    def _check(self) -> None:
        scenario, issues = self.session.check()
        if not get_current_worker().is_cancelled:  # the screen is gone
            self.app.call_from_thread(self._checked, scenario, issues)

    def _checked(self, scenario: Scenario, issues: list[Issue]) -> None:
        """One check at a time: edits made while it ran are checked next, together."""
        self._checking = False
        if self.session.checked_as(scenario, issues):
            self._show_title()
            self.tell(self.map.cursor)
        elif self.session.checking:
            self._checking = True
            self._check()

    def tell(self, place: Hex) -> None:
        """The hex under the cursor, in full, and the issues about it."""
        session = self.session
        entry = session.place_at(place)
        lines = hex_lines(session.scenario, session.catalogue, session.board, place, entry)
        if entry is not None and entry.unit is not None:
            unit = entry.unit
            badge = f" ({one_line(unit.badge)})" if unit.badge else ""
            said = f"unit: {unit.side.value} {one_line(unit.type)}{badge}"
            lines.insert(len(lines) - len(session.scenario.sides), Text(said, style=SIDE_COLOUR[unit.side]))
        for issue in self._issues_at(place):
            lines.append(Text(f"{issue.severity.value}: {issue.message}", style="yellow"))
        show_if_changed(self.query_one("#hex-details", Static), Text("\n").join(lines))

    @on(HexMapView.Moved)
    def moved(self, message: HexMapView.Moved) -> None:
        self.tell(message.place)

    # --- the side panel -------------------------------------------------------------------

    def show_panel(self, shown: str) -> None:
        for panel in PANELS:
            self.query_one(f"#{panel}").display = panel == shown

    def action_texts(self) -> None:
        opening = not self.query_one("#hex-texts-panel").display
        self.show_panel("hex-texts-panel" if opening else "hex-issues")
        if opening:
            self.query_one("#hex-texts", Static).update(texts_text(self.session.scenario, self.language))

    def action_language(self) -> None:
        if not self.query_one("#hex-texts-panel").display:
            return
        self.language += 1
        self.query_one("#hex-texts", Static).update(texts_text(self.session.scenario, self.language))

    def action_legend(self) -> None:
        opening = not self.query_one("#hex-legend-panel").display
        self.show_panel("hex-legend-panel" if opening else "hex-issues")
        if opening:
            self.query_one("#hex-legend", Static).update(legend(self.session.catalogue, self.session.scenario))

    def action_issues(self) -> None:
        self.show_panel("hex-issues")
        self.query_one(IssuesPanel).focus()

    @on(IssuesPanel.Jump)
    def jump(self, message: IssuesPanel.Jump) -> None:
        """To the hex the issue is about, when it is about one; else said with its place."""
        place = self._issue_hex(message.issue)
        if place is None:
            self.notify(message.issue.message, title=message.issue.path, severity="warning", markup=False)
            return
        self.map.cursor = place
        self.map.focus()

    def _issues_at(self, place: Hex) -> list[Issue]:
        issues = self.session.issues
        if self._indexed is not issues:  # found once per check: a big scenario has thousands
            self._by_hex = {}
            for issue in issues:
                at = self._issue_hex(issue)
                if at is not None:
                    self._by_hex.setdefault(at, []).append(issue)
            self._indexed = issues
        return self._by_hex.get(place, [])

    def _issue_hex(self, issue: Issue) -> Hex | None:
        """The hex of `hexes[i]…`, the place an issue's path names, when it is on the board."""
        parts = split_path(issue.path)
        hexes = self.session.scenario.hexes
        if len(parts) < 2 or parts[0] != "hexes" or not isinstance(parts[1], int) or parts[1] >= len(hexes):
            return None
        entry = hexes[parts[1]]
        return entry.hex if entry.is_hex and self.session.board.contains(entry.hex) else None

    # --- designing ------------------------------------------------------------------------

    def action_lay(self, layer: str) -> None:
        self.edit(self.session.next_tile(self.map.cursor, Layer(layer)))

    def action_unit(self) -> None:
        self.edit(self.session.next_unit(self.map.cursor))

    def action_simulate(self) -> None:
        """Play the scenario as it stands, unsaved changes included, in the viewer."""
        from builder.tui.screens.hex_simulation import HexSimulationScreen

        session = self.session
        assert session.path is not None  # a hex-game scenario is opened or started at a file
        self.app.push_screen(HexSimulationScreen(session.path, session.scenario))

    def action_balance(self) -> None:
        """Play the scenario as saved many times: each side's chance of winning."""
        from builder.tui.screens.balance import BalanceScreen

        session = self.session
        if session.path is None or session.dirty:
            self.notify("Save the scenario first (ctrl+s): the games are played from its file.")
            return
        self.app.push_screen(BalanceScreen.of_file(session.path, session.scenario.title))
