"""The simulation viewer: a scenario played by the rules core's simple policy, stepped
through event by event on the scenario's map. Every roll is shown with its dice, each
modifier with its rule-book page, and its total; picking a firer and then an enemy on the
map shows the exact odds of that shot. The screen renders what the rules core says and
computes no rule itself (builder.heroes.rules.simulation, builder.heroes.rules.preview)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.geometry import Region
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from builder.kernel.decisions import Policy
from builder.render.heroes_events import Narrator
from builder.tui.screens.simulation_text import (
    EVENT_TINT,
    FIRER_TINT,
    PATH_GLYPH,
    PIECE_COLOURS,
    TARGET_TINT,
    WRECK_COLOUR,
    Square,
    event_squares,
    event_text,
    legend,
    list_line,
    previews_text,
)
from builder.tui.styles import SCREENS_CSS
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.letters import letter_of, unit_letters
from builder.tui.widgets.map_view import MapView, Marks, marks_of
from builder.tui.widgets.tile_card import show_if_changed

if TYPE_CHECKING:
    from builder.heroes.army.models import ArmyList
    from builder.heroes.catalogue.index import Catalogue
    from builder.heroes.rules.pieces import Piece
    from builder.heroes.rules.simulation import GameRecord
    from builder.heroes.rules.state import Frame
    from builder.heroes.scenario.battlefield import Battlefield
    from builder.heroes.scenario.models import Scenario
    from builder.io.scenario_files import LoadedScenario
    from builder.kernel.diagnostics import Issue


@dataclass(frozen=True)
class Game:
    """What the worker hands back: the scenario as played, its map, the record, and what
    does not fit the scenario in the army lists played (PreparedGame.army_warnings)."""

    scenario: Scenario
    battlefield: Battlefield
    record: GameRecord
    warnings: tuple[Issue, ...] = ()


class NoGame(Exception):
    """The scenario cannot be simulated; the message tells the player why."""


def play(
    source: Path | LoadedScenario,
    catalogue: Catalogue,
    seed: int,
    turns: int | None,
    armies: Mapping[str, ArmyList] | None = None,
    policy: Policy = Policy.GREEDY,
) -> Game:
    """The game `prepare_game` gets ready, simulated. Slow for big scenarios, so it runs in
    a worker thread."""
    from builder.io.errors import HonFileError
    from builder.services.game import prepare_game

    try:
        game = prepare_game(source, catalogue, armies)
    except HonFileError as problem:  # GameNotReady included: the scenario's first error
        raise NoGame(str(problem)) from problem
    record = game.simulate(seed=seed, turns=turns, policy=policy)
    return Game(game.scenario, game.battlefield, record, game.army_warnings)


class SimulationMap(MapView):
    """The map with a binding described for what Enter does here."""

    BINDINGS = [Binding("enter,space", "apply", "Pick unit")]


class SimulationScreen(Screen[None]):
    """A simulated game stepped through on the map, with the odds of a shot on demand."""

    CSS_PATH = SCREENS_CSS

    # Nothing takes focus before the game is ready: the hidden map would show its keys
    # ("" rather than None, which would fall back to the app's "*").
    AUTO_FOCUS = ""

    BINDINGS = [
        Binding("right,n", "step(1)", "Next"),
        Binding("left,p", "step(-1)", "Previous"),
        Binding("shift+right,right_square_bracket", "turn(1)", "Next turn"),
        Binding("shift+left,left_square_bracket", "turn(-1)", "Previous turn"),
        Binding("home", "jump('first')", "First", show=False),
        Binding("end", "jump('last')", "Last", show=False),
        Binding("r", "rerun", "New seed"),
        Binding("g", "players", "Greedy/random"),
        Binding("m", "focus_map", "Map"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(
        self,
        source: Path | LoadedScenario,
        catalogue: Catalogue,
        *,
        seed: int = 1,
        turns: int | None = None,
        armies: Mapping[str, ArmyList] | None = None,
        policy: Policy = Policy.GREEDY,
    ) -> None:
        """`source` is a scenario file or a scenario already read (the designer's, with its
        unsaved changes); `armies` replaces the army lists the scenario names; `policy`
        plays every side."""
        super().__init__(id="simulation")
        self.source, self.catalogue = source, catalogue
        self.seed, self.turns, self.armies = seed, turns, armies
        self.policy = policy
        self.game: Game | None = None
        self.index = 0
        self.firer: str | None = None  # piece keys picked on the map
        self.target: str | None = None
        self.problem: str | None = None
        self.sentences: list[str] = []  # each event's, told once the game is played
        self.letters: dict[tuple[str, str], str] = {}

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="sim-warnings")
        yield Static(id="sim-message")
        with Horizontal(id="sim-main"):
            with Vertical(id="sim-left"):
                yield SimulationMap(id="sim-map")
                yield Static(id="sim-legend")
            with Vertical(id="sim-side"):
                with VerticalScroll(id="sim-detail"):
                    yield Static(id="sim-event")
                    yield Static(id="sim-odds")
                yield OptionList(id="sim-log")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.run_simulation()

    def on_resize(self, event: Resize) -> None:
        self.set_class(event.size.width < 100, "narrow")

    @property
    def name_of_source(self) -> str:
        return self.source.name if isinstance(self.source, Path) else self.source.scenario.title

    # --- running --------------------------------------------------------------------------

    def run_simulation(self) -> None:
        """Simulate with the current seed behind a loading message."""
        self.remove_class("ready")
        message = f"Simulating {self.name_of_source} with seed {self.seed}…"
        self.query_one("#sim-message", Static).update(Text(message))
        self.query_one("#title", Static).update(Text(message, style="bold"))
        self._simulate(self.seed)

    @work(thread=True, exclusive=True, group="simulate")
    def _simulate(self, seed: int) -> None:
        # A thread: a big scenario takes a second or more, and the screen must stay live.
        try:
            game = play(self.source, self.catalogue, seed, self.turns, self.armies, self.policy)
        except NoGame as problem:
            self.app.call_from_thread(self._failed, str(problem))
            return
        except Exception as problem:  # a half-designed scenario can trip the rules anywhere
            self.app.call_from_thread(self._failed, f"The simulation stopped: {type(problem).__name__}: {problem}")
            return
        if not get_current_worker().is_cancelled:  # a newer seed was asked for meanwhile
            self.app.call_from_thread(self._ready, game)

    def _failed(self, message: str) -> None:
        self.problem = message
        self.query_one("#title", Static).update(Text(f"{self.name_of_source} — cannot simulate", style="bold"))
        self.query_one("#sim-message", Static).update(Text(message, style="bold red"))

    def _ready(self, game: Game) -> None:
        if game.record.seed != self.seed:
            return  # the result of a seed the player has since moved past
        self.game, self.problem = game, None
        self.sentences = Narrator.of(game.record).sentences()
        self.letters = unit_letters(piece for frame in game.record.frames for piece in frame.pieces)
        log = self.query_one("#sim-log", OptionList)
        log.clear_options()
        frames = game.record.frames
        log.add_options(
            [Option(list_line(frame.event, told)) for frame, told in zip(frames, self.sentences, strict=True)]
        )
        self.add_class("ready")
        self._show_title()
        self._show_warnings(game.warnings)
        show_if_changed(self.query_one("#sim-legend", Static), legend(game.scenario, self.letters))
        self.index = -1  # so that go(0) shows everything
        self.go(0)
        log.focus()

    def _show_title(self) -> None:
        assert self.game is not None
        record, scenario = self.game.record, self.game.scenario
        text = Text()
        text.append(scenario.title, style="bold")
        text.append(f" — {self.policy.value} players, seed {record.seed}, ")
        text.append(f"{record.turns} turn{'s' if record.turns != 1 else ''} played: ")
        text.append(record.outcome, style="green" if record.winner else "yellow")
        points = ", ".join(f"{side} {vp}" for side, vp in record.victory_points.items())
        text.append(f" · VP {points}", style="dim")
        show_if_changed(self.query_one("#title", Static), text, layout=False)

    def _show_warnings(self, warnings: tuple[Issue, ...]) -> None:
        """The army lists' warnings, as `hon simulate` prints them, above the game."""
        shown = self.query_one("#sim-warnings", Static)
        shown.display = bool(warnings)
        text = Text("\n").join(Text(f"{issue.severity.value}: {issue.message}") for issue in warnings)
        show_if_changed(shown, text)

    # --- stepping -------------------------------------------------------------------------

    @property
    def frames(self) -> tuple[Frame, ...]:
        return self.game.record.frames if self.game is not None else ()

    @property
    def frame(self) -> Frame | None:
        return self.frames[self.index] if self.frames else None

    def go(self, index: int) -> None:
        """Show frame `index` (clamped): the map, the event and its rolls, the odds."""
        if not self.frames:
            return
        index = min(max(index, 0), len(self.frames) - 1)
        if index == self.index:
            return
        self.index = index
        log = self.query_one("#sim-log", OptionList)
        if log.highlighted != index:
            log.highlighted = index
        self._show_frame()

    def action_step(self, step: int) -> None:
        self.go(self.index + step)

    def action_turn(self, step: int) -> None:
        """The first event of the next turn, or of the previous one (set-up counts as turn 0)."""
        frames, frame = self.frames, self.frame
        if frame is None:
            return
        turn = frame.event.turn
        if step > 0:
            later = (i for i in range(self.index + 1, len(frames)) if frames[i].event.turn > turn)
            self.go(next(later, len(frames) - 1))
        else:
            wanted = max(turn - 1, 0)
            self.go(next((i for i, f in enumerate(frames) if f.event.turn >= wanted), 0))

    def action_jump(self, where: str) -> None:
        self.go(0 if where == "first" else len(self.frames) - 1)

    def action_rerun(self) -> None:
        self.seed += 1
        self.game = None
        self.run_simulation()

    def action_players(self) -> None:
        """The same seed played again by the other player: greedy or random."""
        self.policy = Policy.RANDOM if self.policy is Policy.GREEDY else Policy.GREEDY
        self.game = None
        self.run_simulation()

    def action_focus_map(self) -> None:
        self.query_one(MapView).focus()

    def action_back(self) -> None:
        if len(self.app.screen_stack) <= 2:
            self.notify("This is the first screen: ctrl+q quits.")
            return
        self.app.pop_screen()

    @on(OptionList.OptionHighlighted, "#sim-log")
    def picked_in_log(self, message: OptionList.OptionHighlighted) -> None:
        # go() moves the highlight too, and its message arrives later: one that no longer
        # matches the highlight is stale and must not pull the game back.
        if message.option_index == message.option_list.highlighted:
            self.go(message.option_index)

    # --- showing --------------------------------------------------------------------------

    def _pieces(self) -> dict[str, Piece]:
        frame = self.frame
        return {p.key: p for p in frame.pieces} if frame is not None else {}

    def _show_frame(self) -> None:
        game, frame = self.game, self.frame
        if game is None or frame is None:
            return
        pieces = self._pieces()
        # A firer or target destroyed by now cannot be picked any more.
        self.firer = self.firer if self.firer in pieces else None
        self.target = self.target if self.target in pieces and self.firer else None
        map_view = self.query_one(MapView)
        marks, touched = self._marks(frame, pieces)
        map_view.show(game.battlefield, marks)
        if touched:
            # A big map scrolls: bring what the event is about into view (the cursor stays
            # where the player left it).
            width, height = map_view.cell_size
            column, row = min(touched)
            map_view.scroll_to_region(Region(column * width, row * height, width, height), animate=False)
        text = event_text(frame.event, self.sentences[self.index], self.index, len(self.frames))
        show_if_changed(self.query_one("#sim-event", Static), text)
        self._show_odds()

    def _marks(self, frame: Frame, pieces: Mapping[str, Piece]) -> tuple[Marks, set[Square]]:
        """Terrain marks with the frame's pieces, the squares its event touches and the
        picks; and the squares the event touches."""
        assert self.game is not None
        scenario = self.game.scenario
        colours = {side.id: PIECE_COLOURS[i % len(PIECE_COLOURS)] for i, side in enumerate(scenario.sides)}
        glyphs: dict[Square, tuple[str, str]] = {}
        for piece in frame.pieces:
            if piece.embarked_in is not None:
                continue  # carried: the transport's counter shows
            colour = WRECK_COLOUR if piece.is_wreck else colours.get(piece.owner, "#ffffff")
            glyph = letter_of(piece, self.letters)
            for n, square in enumerate(piece.squares):
                glyphs[square] = (glyph if n == 0 else glyph.lower(), colour)  # a vehicle's rear in lower case
        marks = marks_of(scenario, self.game.battlefield, glyphs)
        # Pieces gone after the event (destroyed) are still found where they stood.
        before = {p.key: p for p in self.frames[self.index - 1].pieces} if self.index > 0 else {}
        touched, path = event_squares(frame.event, {**before, **pieces})
        for square in path:
            marks.glyphs.setdefault(square, PATH_GLYPH)
        for square in touched | path:
            marks.zones[square] = EVENT_TINT
        for key, tint in ((self.firer, FIRER_TINT), (self.target, TARGET_TINT)):
            if key is not None and key in pieces:
                for square in pieces[key].squares:
                    marks.zones[square] = tint
        return marks, touched

    def _show_odds(self) -> None:
        """The picks on the map and, with a firer and an enemy target, the shot's odds."""
        from builder.heroes.rules.preview import board, preview_fire

        game, frame = self.game, self.frame
        if game is None or frame is None:
            return
        pieces = self._pieces()
        text = Text()
        cursor = self.query_one(MapView).cursor
        under = next((p for p in frame.pieces if cursor in p.squares and p.embarked_in is None), None)
        text.append(f"Cursor {list(cursor)}: ", style="dim")
        text.append(self._describe(under) if under else "no unit", style="dim")
        text.append("\n")
        firer = pieces.get(self.firer or "")
        target = pieces.get(self.target or "")
        if firer is None:
            text.append("Pick a firer: click a unit, or m for the map and Enter on one.", style="italic")
        elif target is None:
            text.append("Firer: ", style="bold")
            text.append(self._describe(firer))
            text.append("\nNow an enemy unit for the odds.", style="italic")
        else:
            state = board(game.scenario, game.battlefield, frame.pieces)
            text.append_text(previews_text(firer, target, preview_fire(state, firer, target)))
        show_if_changed(self.query_one("#sim-odds", Static), text)
        # The odds can grow the panel above the event list and push its highlight out of
        # sight: scroll to it again once the new layout is known.
        self.call_after_refresh(self.query_one("#sim-log", OptionList).scroll_to_highlight)

    @staticmethod
    def _describe(piece: Piece) -> str:
        where = " ".join(str(list(square)) for square in piece.squares)
        state = " (wreck)" if piece.is_wreck else f", {piece.suppressed} suppressed" if piece.suppressed else ""
        return f"{piece.unit.name} ({piece.owner}) at {where}{state}"

    # --- picking --------------------------------------------------------------------------

    @on(MapView.Applied)
    def pick(self, message: MapView.Applied) -> None:
        """A unit becomes the firer; then an enemy unit becomes its target. The same unit
        again, or an empty square, clears the picks."""
        if message.dragging or self.frame is None:
            return
        here = next(
            (p for p in self.frame.pieces if message.square in p.squares and p.embarked_in is None),
            None,
        )
        firer = self._pieces().get(self.firer or "")
        if here is None or (firer is not None and here.key == firer.key):
            self.firer = self.target = None
        elif firer is None or here.owner == firer.owner:
            self.firer, self.target = here.key, None
        else:
            self.target = here.key
        self._show_frame()

    @on(MapView.Moved)
    def cursor_moved(self, message: MapView.Moved) -> None:
        self._show_odds()
