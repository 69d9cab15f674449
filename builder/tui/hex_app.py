"""The hex game in the terminal (`hon design` and `hon simulate --tui` on a `game: m44`
scenario): the board drawn hex by hex with the Line API, the hex under the cursor told in
full (terrain, unit, sections from each side), a designer that lays terrain, obstacles and
units through an undo history and saves atomically, and a viewer that steps through a
simulated game event by event. It renders the rules core's events; it recomputes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Footer, Header, Static

from builder.io.memoir_files import load_catalogue, load_scenario, save_scenario
from builder.kernel.diagnostics import the_side
from builder.kernel.history import History
from builder.memoir.catalogue import Catalogue, Layer, Side, UnitType
from builder.memoir.edits import SetTerrain, SetUnit
from builder.memoir.hexes import Board, Hex
from builder.memoir.rules.events import EliminatedEvent, LossEvent, MoveEvent, RetreatEvent, TakeGroundEvent
from builder.memoir.rules.simulation import GameRecord, simulate
from builder.memoir.rules.state import start
from builder.memoir.rules.terrain import with_face
from builder.memoir.scenario import Scenario, Unit
from builder.memoir.validate import validate
from builder.render.memoir_narration import event_line, roll_text
from builder.tui.widgets.hex_map import HexCell, HexMapView

COLOURS = {
    "woods": "#2f6b2f",
    "hill": "#8a6d3b",
    "town": "#7a6a5a",
    "hedgerow": "#4d7a2a",
    "river": "#2f5f9a",
    "beach": "#a89a5a",
    "ocean": "#1f3f7a",
    "marsh": "#4f7a6a",
}
GLYPHS = {
    "woods": "W",
    "hill": "h",
    "town": "T",
    "hedgerow": "H",
    "river": "~",
    "beach": ".",
    "ocean": "≈",
    "marsh": ",",
}
MARKS = {"bridge": "=", "bunker": "B", "sandbags": "s", "wire": "x", "hedgehogs": "#"}
OPEN = "#4f6b35"
SIDE_COLOUR = {Side.ALLIES: "#9fc5ff", Side.AXIS: "#ff9f9f"}
LETTER = {UnitType.INFANTRY: "I", UnitType.ARMOR: "A", UnitType.ARTILLERY: "G"}
# What `u` cycles through on a hex: nothing, then each unit type for each side.
UNIT_CYCLE: tuple[tuple[Side, UnitType] | None, ...] = (None, *((s, t) for s in Side for t in UnitType))


@dataclass
class Shown:
    """A unit as the viewer shows it at the current event."""

    side: Side
    letter: str
    figures: int
    place: Hex


class HexApp(App[None]):
    CSS_PATH = Path(__file__).parent / "hex_app.tcss"
    TITLE = "hon — hex game"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "terrain", "Terrain"),
        Binding("o", "obstacle", "Obstacle"),
        Binding("u", "unit", "Unit"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("f8", "simulate", "Simulate"),
        Binding("n", "step(1)", "Next event"),
        Binding("p", "step(-1)", "Previous event"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        path: Path,
        *,
        simulating: bool = False,
        seed: int = 1,
        turns: int | None = None,
        new: Scenario | None = None,
    ) -> None:
        """`new`: a scenario not yet saved, to be written at `path` (`hon design NEW --game m44`)."""
        super().__init__()
        self.path, self.seed, self.turns, self.simulating = path, seed, turns, simulating
        self.catalogue: Catalogue = load_catalogue()
        self.history: History[Scenario] = History(new if new is not None else load_scenario(path).scenario)
        self.record: GameRecord | None = None
        self.index = 0
        self.saved: Scenario | None = None if new is not None else self.history.present

    @property
    def scenario(self) -> Scenario:
        return self.history.present

    @property
    def board(self) -> Board:
        kind = self.catalogue.boards.get(self.scenario.board.type) or self.catalogue.boards["standard"]
        return kind.board()

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal():
            yield HexMapView(id="map")
            with Vertical(id="side-panel"):
                yield Static(id="details")
                yield Static(id="events")
        yield Footer()

    def on_mount(self) -> None:
        self.sub_title = self.scenario.title
        if self.simulating:
            self.action_simulate()
        self.redraw()
        self.query_one(HexMapView).focus()

    # --- drawing ------------------------------------------------------------------------------

    def redraw(self) -> None:
        self.query_one(HexMapView).show(self.board, self.cells())
        self.tell(self.query_one(HexMapView).cursor)
        self.query_one("#events", Static).update(self.events_text())

    def cells(self) -> dict[Hex, HexCell]:
        found: dict[Hex, HexCell] = {}
        for place in with_face(self.scenario, self.catalogue, self.board):
            terrain = place.terrain.id if place.terrain else ""
            label = [GLYPHS.get(terrain, "?" if terrain else " "), " ", " "]
            for layer in (place.feature, place.obstacle):
                if layer is not None:
                    label[2 if layer is place.obstacle else 1] = MARKS.get(layer.id, "?")
            if any(tag in self.catalogue.medal_tags for tag in place.tag_names):
                label[1] = "★"
            found[place.hex] = HexCell(COLOURS.get(terrain, OPEN), "".join(label))
        for unit in self.units():
            under = found.get(unit.place, HexCell())
            text = f"{unit.letter}{unit.figures}"
            found[unit.place] = HexCell(under.background, (text + under.label[2])[:3], SIDE_COLOUR[unit.side])
        return found

    def units(self) -> list[Shown]:
        """The units to draw: the scenario's, or, in the viewer, where the events so far left them."""
        if self.record is None:
            shown = []
            for place in self.scenario.hexes:
                if place.unit is None or not place.is_hex:
                    continue
                letter = next((LETTER[t] for t in UnitType if t.value == place.unit.type), "?")
                badge = self.catalogue.badges.get(place.unit.badge or "")
                kind = next((u for t, u in self.catalogue.units.items() if t.value == place.unit.type), None)
                figures = (
                    place.unit.figures
                    or (badge.figures if badge and badge.figures else None)
                    or (kind.figures if kind else 0)
                )
                shown.append(Shown(place.unit.side, letter, figures, place.hex))
            return shown
        state = start(self.scenario, self.catalogue)
        pieces = {k: Shown(p.side, LETTER[p.type], p.figures, p.place) for k, p in state.pieces.items()}
        for event in self.record.events[: self.index + 1]:
            if isinstance(event, MoveEvent | TakeGroundEvent | RetreatEvent):
                pieces[event.unit].place = Hex(*event.end)
            elif isinstance(event, LossEvent):
                pieces[event.unit].figures = event.left
            elif isinstance(event, EliminatedEvent):
                pieces.pop(event.unit, None)
        return list(pieces.values())

    def tell(self, place: Hex) -> None:
        """The hex under the cursor, in full."""
        lines = [Text(f"Hex {place}", style="bold")]
        entry = next((p for p in self.scenario.hexes if p.is_hex and p.hex == place), None)
        for layer in ("terrain", "feature", "obstacle"):
            tile = getattr(entry, layer) if entry is not None else None
            if tile is not None:
                kind = self.catalogue.terrain.get(tile.id)
                lines.append(Text(f"{layer}: {kind.name if kind else tile.id + ' (not modelled)'}"))
        if entry is not None and entry.unit is not None:
            unit = entry.unit
            badge = f" ({unit.badge})" if unit.badge else ""
            lines.append(Text(f"unit: {unit.side.value} {unit.type}{badge}", style=SIDE_COLOUR[unit.side]))
        for side in self.scenario.sides:
            sections = ", ".join(s.value for s in sorted(self.board.sections(place, side.edge)))
            lines.append(Text(f"{the_side(side.name, capital=True, possessive=True)} section: {sections}", style="dim"))
        issues = validate(self.scenario, self.catalogue)
        lines.append(
            Text(
                f"{len(issues)} issue(s)" + (f": {issues[0].message}" if issues else ""),
                style="yellow" if issues else "green",
            )
        )
        if self.history.present != self.saved:
            lines.append(Text("unsaved changes", style="bold yellow"))
        self.query_one("#details", Static).update(Text("\n").join(lines))

    def events_text(self) -> Text:
        if self.record is None:
            return Text("Designer: t terrain, o obstacle, u unit, ctrl+s save, f8 simulate.", style="dim")
        events = self.record.events
        current = events[self.index]
        text = Text(f"Event {self.index + 1} of {len(events)} — seed {self.record.seed}\n", style="bold")
        text.append_text(event_line(current))
        for roll in current.rolls:
            text.append("\n")
            text.append_text(roll_text(roll, indent=2))
        return text

    def on_hex_map_view_moved(self, message: HexMapView.Moved) -> None:
        self.tell(message.place)

    # --- designing ----------------------------------------------------------------------------

    def _cycle(self, layer: Layer, field: str) -> None:
        if self.record is not None:
            return
        at = self.query_one(HexMapView).cursor
        choices: list[str | None] = [None, *(t.id for t in self.catalogue.terrain.values() if t.layer is layer)]
        entry = next((p for p in self.scenario.hexes if p.is_hex and p.hex == at), None)
        tile = getattr(entry, field) if entry is not None else None
        current = tile.id if tile is not None else None
        following = choices[(choices.index(current) + 1) % len(choices)] if current in choices else None
        if self.history.apply(SetTerrain(at, following, field)):
            self.redraw()

    def action_terrain(self) -> None:
        self._cycle(Layer.TERRAIN, "terrain")

    def action_obstacle(self) -> None:
        self._cycle(Layer.OBSTACLE, "obstacle")

    def action_unit(self) -> None:
        if self.record is not None:
            return
        at = self.query_one(HexMapView).cursor
        entry = next((p for p in self.scenario.hexes if p.is_hex and p.hex == at), None)
        unit = entry.unit if entry is not None else None
        current = (unit.side, UnitType(unit.type)) if unit is not None and unit.type in set(UnitType) else None
        index = UNIT_CYCLE.index(current) if current in UNIT_CYCLE else 0
        chosen = UNIT_CYCLE[(index + 1) % len(UNIT_CYCLE)]
        made = Unit(type=chosen[1].value, side=chosen[0]) if chosen is not None else None
        if self.history.apply(SetUnit(at, made)):
            self.redraw()

    def action_undo(self) -> None:
        if self.record is None and self.history.undo() is not None:
            self.redraw()

    def action_redo(self) -> None:
        if self.record is None and self.history.redo() is not None:
            self.redraw()

    def action_save(self) -> None:
        try:
            save_scenario(self.scenario, self.path)
        except OSError as problem:
            self.notify(f"could not save: {problem}", severity="error", markup=False)
            return
        self.saved = self.scenario
        self.notify(f"saved {self.path}", markup=False)
        self.redraw()

    # --- the viewer ---------------------------------------------------------------------------

    def action_simulate(self) -> None:
        if any(i.severity.value == "error" for i in validate(self.scenario, self.catalogue)):
            self.notify("the scenario has errors: it cannot be played", severity="error")
            return
        self.record = simulate(self.scenario, self.catalogue, seed=self.seed, turns=self.turns)
        self.index = 0
        self.redraw()

    def action_step(self, step: int) -> None:
        if self.record is None:
            return
        self.index = min(max(self.index + step, 0), len(self.record.events) - 1)
        self.redraw()
