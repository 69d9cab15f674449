"""The Heroes System's simulation viewer (screens/viewer.py): a scenario played by the rules
core's players, stepped through event by event on the scenario's map. Every roll is shown with its dice, each
modifier with its rule-book page, and its total; picking a firer and then an enemy on the
map shows the exact odds of that shot. The screen renders what the rules core says and
computes no rule itself (builder.heroes.rules.simulation, builder.heroes.rules.preview)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from rich.text import Text
from textual import on
from textual.binding import Binding
from textual.geometry import Region
from textual.widget import Widget
from textual.widgets import OptionList, Static

from builder.kernel.decisions import Policy
from builder.kernel.events import GameEvent
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
from builder.tui.screens.viewer import GameViewer, NoGame
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


class SimulationScreen(GameViewer[Game]):
    """A simulated game stepped through on the map, with the odds of a shot on demand."""

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
        super().__init__(seed=seed, turns=turns, policy=policy, id="simulation")
        self.source, self.catalogue, self.armies = source, catalogue, armies
        self.firer: str | None = None  # piece keys picked on the map
        self.target: str | None = None
        self.sentences: list[str] = []  # each event's, told once the game is played
        self.letters: dict[tuple[str, str], str] = {}

    def compose_map(self) -> Widget:
        return SimulationMap(id="sim-map")

    @property
    def source_name(self) -> str:
        return self.source.name if isinstance(self.source, Path) else self.source.scenario.title

    # --- playing --------------------------------------------------------------------------

    def play(self, seed: int, policy: Policy) -> Game:
        return play(self.source, self.catalogue, seed, self.turns, self.armies, policy)

    def events_of(self, game: Game) -> tuple[GameEvent, ...]:
        return tuple(frame.event for frame in game.record.frames)

    def list_lines(self, game: Game) -> list[Text]:
        return [list_line(frame.event, told) for frame, told in zip(game.record.frames, self.sentences, strict=True)]

    def show_game(self, game: Game) -> None:
        self.sentences = Narrator.of(game.record).sentences()
        self.letters = unit_letters(piece for frame in game.record.frames for piece in frame.pieces)
        record = game.record
        points = ", ".join(f"{side} {vp}" for side, vp in record.victory_points.items())
        self.show_title(
            self.played_title(game.scenario.title, record.turns, record.outcome, bool(record.winner), f"VP {points}")
        )
        self._show_warnings(game.warnings)
        show_if_changed(self.query_one("#sim-legend", Static), legend(game.scenario, self.letters))

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

    # --- showing --------------------------------------------------------------------------

    def _pieces(self) -> dict[str, Piece]:
        frame = self.frame
        return {p.key: p for p in frame.pieces} if frame is not None else {}

    def show_event(self) -> None:
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
        self.show_event()

    @on(MapView.Moved)
    def cursor_moved(self, message: MapView.Moved) -> None:
        self._show_odds()
