"""The hex game in the terminal (`hon design` and `hon simulate --tui` on a `game: m44`
scenario): the board drawn hex by hex with the Line API, the hex under the cursor told in
full (terrain, unit, sections from each side), a designer that lays terrain, obstacles and
units through an undo history and saves atomically, and a viewer that steps through a
simulated game event by event, a details panel with the scenario's texts (historical
background, briefing, special rules, victory, bibliography) in each of its languages, and a
legend of the board's letters and colours. Its title line and footer are those of hon's
other editors. It renders the rules core's events; it recomputes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static

from builder.export.hex_texts import LanguageTexts, texts_of
from builder.io.errors import one_line
from builder.io.memoir_files import load_catalogue, load_scenario, save_scenario
from builder.kernel.decisions import Policy
from builder.kernel.diagnostics import Issue, the_side
from builder.kernel.history import History
from builder.memoir.catalogue import Catalogue, Layer, Side, UnitType
from builder.memoir.edits import SetTerrain, SetUnit
from builder.memoir.hexes import Board, Hex
from builder.memoir.rules.events import EliminatedEvent, LossEvent, MoveEvent, RetreatEvent, TakeGroundEvent
from builder.memoir.rules.simulation import GameRecord
from builder.memoir.rules.state import start
from builder.memoir.rules.terrain import with_face
from builder.memoir.scenario import Scenario, Unit
from builder.memoir.validate import validate
from builder.render.memoir_narration import event_line, roll_text
from builder.services.memoir_game import play
from builder.tui.screens.editing import title_bar
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.hex_map import SECTION, HexCell, HexMapView

COLOURS = {
    "woods": "#2f6b2f",
    "hill": "#8a6d3b",
    "town": "#7a6a5a",
    "hedgerow": "#4d7a2a",
    "river": "#2f5f9a",
    "fordable-stream": "#4f7fb0",
    "forded-river": "#4f7fb0",
    "beach": "#a89a5a",
    "ocean": "#1f3f7a",
    "marsh": "#4f7a6a",
}
GLYPHS = {
    "clear": " ",  # countryside: the open ground a hex without terrain is too
    "woods": "W",
    "hill": "h",
    "town": "T",
    "hedgerow": "H",
    "river": "~",
    "fordable-stream": "s",
    "forded-river": "F",
    "beach": ".",
    "ocean": "≈",
    "marsh": ",",
}
MARKS = {"bridge": "=", "ford": "f", "bunker": "B", "sandbags": "s", "wire": "x", "hedgehogs": "#"}
UNKNOWN = "?"  # a terrain, feature or obstacle of the file that hon does not model
MEDAL = "★"
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
    # app.tcss first: the title line drawn as on hon's other screens.
    CSS_PATH = [Path(__file__).parent / "app.tcss", Path(__file__).parent / "hex_app.tcss"]
    TITLE = "hon — hex game"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t", "terrain", "Terrain"),
        Binding("o", "obstacle", "Obstacle"),
        Binding("u", "unit", "Unit"),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+y", "redo", "Redo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("i", "texts", "Texts"),
        Binding("l", "language", "Language"),
        Binding("question_mark", "legend", "Legend"),
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
        policy: Policy = Policy.GREEDY,
        new: Scenario | None = None,
    ) -> None:
        """`new`: a scenario not yet saved, to be written at `path` (`hon design NEW --game m44`);
        `policy`: the player of every side of a simulated game."""
        super().__init__()
        self.path, self.seed, self.turns, self.simulating = path, seed, turns, simulating
        self.policy = policy
        self.catalogue: Catalogue = load_catalogue()
        self.history: History[Scenario] = History(new if new is not None else load_scenario(path).scenario)
        self.record: GameRecord | None = None
        self.index = 0
        self.saved: Scenario | None = None if new is not None else self.history.present
        self.language = 0  # which of the scenario's languages the details panel shows
        self.issues: list[Issue] = []  # what validate says of the present scenario

    @property
    def scenario(self) -> Scenario:
        return self.history.present

    @property
    def modified(self) -> bool:
        """Whether the player changed something the file does not hold (a new scenario only
        once edited), as hon's other editors say it."""
        return self.history.can_undo if self.saved is None else self.scenario != self.saved

    @property
    def board(self) -> Board:
        kind = self.catalogue.boards.get(self.scenario.board.type) or self.catalogue.boards["standard"]
        return kind.board()

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        with Horizontal():
            yield HexMapView(id="map")
            with Vertical(id="side-panel"):
                yield Static(id="details")
                yield Static(id="events")
                with VerticalScroll(id="texts-panel"):
                    yield Static(id="texts")
                with VerticalScroll(id="legend-panel"):
                    yield Static(legend(self.catalogue, self.scenario), id="legend")
        yield KeysFooter()

    def on_mount(self) -> None:
        if self.simulating:
            self.action_simulate()
        self.redraw()
        self.query_one(HexMapView).focus()

    # --- drawing ------------------------------------------------------------------------------

    def redraw(self) -> None:
        self.issues = validate(self.scenario, self.catalogue)
        self.query_one("#title", Static).update(self.title_text())
        self.query_one(HexMapView).show(self.board, self.cells())
        self.tell(self.query_one(HexMapView).cursor)
        self.query_one("#events", Static).update(self.events_text())

    def cells(self) -> dict[Hex, HexCell]:
        found: dict[Hex, HexCell] = {}
        for place in with_face(self.scenario, self.catalogue, self.board):
            terrain = place.terrain.id if place.terrain else ""
            label = [GLYPHS.get(terrain, UNKNOWN if terrain else " "), " ", " "]
            for layer in (place.feature, place.obstacle):
                if layer is not None:
                    label[2 if layer is place.obstacle else 1] = MARKS.get(layer.id, UNKNOWN)
            if any(tag in self.catalogue.medal_tags for tag in place.tag_names):
                label[1] = MEDAL
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

    def title_text(self) -> Text:
        board, kind = self.board, self.scenario.board.type
        size = f"{board.columns}x{board.rows} hexes, {kind} board"
        return title_bar(one_line(self.scenario.title), size, self.path, self.modified, self.issues)

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
        issues = self.issues
        lines.append(
            Text(
                f"{len(issues)} issue(s)" + (f": {issues[0].message}" if issues else ""),
                style="yellow" if issues else "green",
            )
        )
        self.query_one("#details", Static).update(Text("\n").join(lines))

    def events_text(self) -> Text:
        if self.record is None:
            return Text(
                "Designer: t terrain, o obstacle, u unit, ctrl+s save, f8 simulate, i texts, ? legend.", style="dim"
            )
        events = self.record.events
        current = events[self.index]
        text = Text(f"Event {self.index + 1} of {len(events)} — seed {self.record.seed}\n", style="bold")
        text.append_text(event_line(current))
        for roll in current.rolls:
            text.append("\n")
            text.append_text(roll_text(roll, indent=2))
        return text

    def texts_text(self) -> Text:
        """The details panel: the scenario's texts in the language chosen with `l`."""
        languages = texts_of(self.scenario)
        shown: LanguageTexts = languages[self.language % len(languages)]
        text = Text(f"{_plain(shown.name)}\n", style="bold")
        if shown.subtitle:
            text.append(f"{_plain(shown.subtitle)}\n", style="italic")
        names = ", ".join(t.language for t in languages)
        text.append(f"{shown.language} ({names}; l next language, i close)\n", style="dim")
        for heading, said in shown.parts:
            text.append(f"\n{heading}\n", style="bold")
            text.append(_plain(said) + "\n")
        if not shown.parts:
            text.append("\nNo texts in this language.\n", style="dim")
        return text

    def show_panel(self, shown: str) -> None:
        """The lower part of the side panel: the events, the scenario's texts or the legend."""
        for panel in ("events", "texts-panel", "legend-panel"):
            self.query_one(f"#{panel}").display = panel == shown

    def action_texts(self) -> None:
        opening = not self.query_one("#texts-panel").display
        self.show_panel("texts-panel" if opening else "events")
        if opening:
            self.query_one("#texts", Static).update(self.texts_text())

    def action_legend(self) -> None:
        self.show_panel("events" if self.query_one("#legend-panel").display else "legend-panel")

    def action_language(self) -> None:
        if not self.query_one("#texts-panel").display:
            return
        self.language += 1
        self.query_one("#texts", Static).update(self.texts_text())

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
        if any(i.severity.value == "error" for i in self.issues):
            self.notify("the scenario has errors: it cannot be played", severity="error")
            return
        self.record = play(self.scenario, self.catalogue, seed=self.seed, turns=self.turns, policy=self.policy)
        self.index = 0
        self.redraw()

    def action_step(self, step: int) -> None:
        if self.record is None:
            return
        self.index = min(max(self.index + step, 0), len(self.record.events) - 1)
        self.redraw()


def legend(catalogue: Catalogue, scenario: Scenario) -> Text:
    """What the board's letters and colours mean, each shown as a hex shows it, from the
    tables that draw the board: its terrain's letter on its colour, then its feature (or a
    medal), then its obstacle; a unit's letter and figures over the first two, in the colour
    of its side."""
    text = Text("Legend\n", style="bold")
    text.append("A hex: terrain, feature, obstacle; a unit over the first two.\n", style="dim")
    headings = {Layer.TERRAIN: "Terrain", Layer.FEATURE: "Features", Layer.OBSTACLE: "Obstacles"}
    for layer, heading in headings.items():
        text.append(f"\n{heading}\n", style="bold")
        for tile in (t for t in catalogue.terrain.values() if t.layer is layer):
            if layer is Layer.TERRAIN:
                _key(text, HexCell(COLOURS.get(tile.id, OPEN), GLYPHS.get(tile.id, UNKNOWN)), tile.name)
            else:
                label = MARKS.get(tile.id, UNKNOWN)
                _key(text, HexCell(label=f" {label}" if layer is Layer.FEATURE else f"  {label}"), tile.name)
        if layer is Layer.FEATURE:
            _key(text, HexCell(label=f" {MEDAL}"), "medal objective")
    text.append("\nUnits (letter, then figures)\n", style="bold")
    for kind, unit in catalogue.units.items():
        _key(text, HexCell(label=f"{LETTER[kind]}{unit.figures}"), unit.name)
    text.append("\nSides (a unit's colour)\n", style="bold")
    infantry = f"{LETTER[UnitType.INFANTRY]}{catalogue.units[UnitType.INFANTRY].figures}"
    for side in scenario.sides:
        _key(text, HexCell(label=infantry, colour=SIDE_COLOUR[side.id]), one_line(side.name))
    text.append("\n")
    _key(text, HexCell(label=UNKNOWN), "what hon does not model")
    text.append(" |┊ ", style=SECTION)
    text.append(" a section line\n")
    return text


def _key(text: Text, cell: HexCell, name: str) -> None:
    """One line of the legend: three cells as the board draws them, and what they mean."""
    text.append(" ")
    text.append(f"{cell.label:<3}", style=Style(bgcolor=cell.background, color=cell.colour, bold=True))
    text.append(f" {name}\n")


def _plain(text: str) -> str:
    """A text from the scenario file as lines of plain text: its line breaks kept, tabs
    as spaces, and any other control character shown escaped, never sent to the terminal."""
    lines = text.replace("\r\n", "\n").replace("\t", " ").split("\n")
    return "\n".join(one_line(line) for line in lines)
