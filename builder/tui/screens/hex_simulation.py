"""The hex game's simulation viewer (screens/viewer.py; f8 in the hex designer, or `hon
simulate SCENARIO --tui` on a `game: m44` scenario): the game played by the players of
`--policy`, stepped through event by event on the board drawn hex by hex, each battle roll
with its dice faces, modifiers and pages and its odds before the dice, the hexes the event
is about tinted, and the hex under the map's cursor told in full. The units are where the rules core's events put them:
it renders the events; it recomputes no rule."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from rich.text import Text
from textual import on
from textual.widget import Widget
from textual.widgets import Static

from builder.io.errors import HonFileError
from builder.io.memoir_files import load_catalogue
from builder.kernel.decisions import Policy
from builder.kernel.events import GameEvent
from builder.memoir.catalogue import Catalogue, UnitType
from builder.memoir.hexes import Board, Hex
from builder.memoir.rules.battle_dice import Distribution, distribution
from builder.memoir.rules.events import (
    BattleEvent,
    EliminatedEvent,
    LossEvent,
    MemoirEvent,
    MoveEvent,
    RetreatEvent,
    TakeGroundEvent,
)
from builder.memoir.rules.simulation import GameRecord
from builder.memoir.rules.state import start
from builder.memoir.scenario import Scenario
from builder.memoir.validate import validate
from builder.render.memoir_narration import STYLE, event_line, roll_text
from builder.services.memoir_game import play, prepare_game, refuse_errors
from builder.tui.screens.viewer import GameViewer, NoGame, event_heading, odds_lines, outcome_line
from builder.tui.widgets.hex_map import HexMapView
from builder.tui.widgets.hex_text import LETTER, SIDE_COLOUR, Shown, board_cells, compact_legend, hex_lines, with_units
from builder.tui.widgets.tile_card import show_if_changed

Units = Mapping[str, Shown]  # by the rules core's unit key ("allies-3")


@dataclass(frozen=True)
class HexGame:
    """What the worker hands back: the scenario as played, its board, the record, and
    where the units stand after each event."""

    scenario: Scenario
    catalogue: Catalogue
    board: Board
    record: GameRecord
    units: tuple[Units, ...]
    kinds: Mapping[str, UnitType]  # each unit's type, by key: what battle dice hit


def unit_frames(scenario: Scenario, catalogue: Catalogue, events: Iterable[MemoirEvent]) -> tuple[Units, ...]:
    """The units after each event: the rules core's set-up, then each move, retreat, taken
    ground, loss and elimination the events tell."""
    pieces = {
        key: Shown(p.side, LETTER[p.type], p.figures, p.place, p.label)
        for key, p in start(scenario, catalogue).pieces.items()
    }
    frames: list[Units] = []
    for event in events:
        pieces = dict(pieces)
        if isinstance(event, MoveEvent | TakeGroundEvent | RetreatEvent):
            pieces[event.unit] = replace(pieces[event.unit], place=Hex(*event.end))
        elif isinstance(event, LossEvent):
            pieces[event.unit] = replace(pieces[event.unit], figures=event.left)
        elif isinstance(event, EliminatedEvent):
            pieces.pop(event.unit, None)
        frames.append(pieces)
    return tuple(frames)


def touched(event: MemoirEvent, units: Units) -> set[Hex]:
    """The hexes an event is about, `units` holding its units before and after it: a move's
    two ends, a battle's firer and target, the unit that lost figures or was eliminated."""
    if isinstance(event, MoveEvent | TakeGroundEvent | RetreatEvent):
        return {Hex(*event.start), Hex(*event.end)}
    keys: tuple[str, ...] = ()
    if isinstance(event, BattleEvent):
        keys = (event.unit, event.target)
    elif isinstance(event, LossEvent | EliminatedEvent):
        keys = (event.unit,)
    return {units[key].place for key in keys if key in units}


def event_text(event: MemoirEvent, index: int, count: int) -> Text:
    """The current event: where it is in the game, what happened, every roll's dice."""
    text = event_heading(event, index, count)
    text.append(event.text, style=STYLE.get(type(event), ""))
    for roll in event.rolls:
        text.append("\n")
        text.append_text(roll_text(roll, indent=2))
    return text


def odds_text(event: BattleEvent, found: Distribution) -> Text:
    """A battle roll's odds before the dice, as the Heroes viewer shows a shot's: the chance
    of each number of hits and of flags against the target's type, then what made the number
    of dice, with pages (M44 summary, "Resolving battles")."""
    text = Text(f"The odds of this battle: {event.dice} dice against {found.target.value}\n", style="bold")
    expected = f"{float(found.expected_hits()):.2f} hits expected"
    text.append_text(outcome_line({_count(k, "hit"): float(p) for k, p in found.hits.items()}, expected))
    text.append("\n")
    modifiers = [m for roll in event.rolls for m in roll.modifiers]  # what the number of dice is made of
    text.append_text(odds_lines({_count(k, "flag"): float(p) for k, p in found.flags.items()}, modifiers))
    return text


def _count(number: int, what: str) -> str:
    return f"{number} {what}{'' if number == 1 else 's'}"


class HexSimulationScreen(GameViewer[HexGame]):
    def __init__(
        self,
        path: Path,
        scenario: Scenario | None = None,
        *,
        seed: int = 1,
        turns: int | None = None,
        policy: Policy = Policy.GREEDY,
    ) -> None:
        """`path`: the scenario's file, read in the worker unless `scenario` is given (the
        designer's, unsaved changes included)."""
        super().__init__(seed=seed, turns=turns, policy=policy, id="hex-simulation")
        self.path, self.scenario = path, scenario
        self.odds: Distribution | None = None  # the current event's, a battle's

    @property
    def source_name(self) -> str:
        return self.path.name

    def compose_map(self) -> Widget:
        return HexMapView(id="sim-map")

    def play(self, seed: int, policy: Policy) -> HexGame:
        try:
            scenario, catalogue = self._playable()
        except HonFileError as problem:  # GameNotReady included: the scenario's first error
            raise NoGame(str(problem)) from problem
        record = play(scenario, catalogue, seed=seed, turns=self.turns, policy=policy)
        board = catalogue.boards[scenario.board.type].board()
        kinds = {key: piece.type for key, piece in start(scenario, catalogue).pieces.items()}
        return HexGame(scenario, catalogue, board, record, unit_frames(scenario, catalogue, record.events), kinds)

    def _playable(self) -> tuple[Scenario, Catalogue]:
        if self.scenario is None:
            checked = prepare_game(self.path).checked
            return checked.scenario, checked.catalogue
        catalogue = load_catalogue()
        refuse_errors(self.path, validate(self.scenario, catalogue))
        return self.scenario, catalogue

    def events_of(self, game: HexGame) -> tuple[GameEvent, ...]:
        return game.record.events

    def list_lines(self, game: HexGame) -> list[Text]:
        lines = [event_line(event) for event in game.record.events]
        for line in lines:
            line.no_wrap, line.overflow = True, "ellipsis"
        return lines

    def show_game(self, game: HexGame) -> None:
        record = game.record
        medals = ", ".join(f"{side} {count}" for side, count in record.medals.items())
        decided = record.winner is not None
        self.show_title(
            self.played_title(game.scenario.title, record.turns, record.outcome, decided, f"medals {medals}")
        )
        show_if_changed(self.query_one("#sim-legend", Static), compact_legend(game.catalogue, game.scenario))

    def _units(self) -> tuple[Units, Units]:
        """The units before and after the current event."""
        assert self.game is not None
        frames = self.game.units
        return (frames[self.index - 1] if self.index > 0 else frames[0]), frames[self.index]

    def show_event(self) -> None:
        game = self.game
        if game is None:
            return
        before, after = self._units()
        event = game.record.events[self.index]
        cells = board_cells(game.scenario, game.catalogue, game.board)
        tinted = touched(event, {**before, **after})
        self.query_one(HexMapView).show(game.board, with_units(cells, after.values(), tinted))
        show_if_changed(self.query_one("#sim-event", Static), event_text(event, self.index, len(game.record.events)))
        self.odds = self._battle_odds(event)
        self._show_hex(self.query_one(HexMapView).cursor)

    def _battle_odds(self, event: MemoirEvent) -> Distribution | None:
        """The odds of the battle the event is: its dice against its target's type."""
        if self.game is None or not isinstance(event, BattleEvent):
            return None
        return distribution(event.dice, self.game.kinds[event.target])

    def _show_hex(self, place: Hex) -> None:
        """The hex under the map's cursor: its ground, and its unit at this event."""
        game = self.game
        if game is None:
            return
        entry = next((p for p in game.scenario.hexes if p.is_hex and p.hex == place), None)
        lines = hex_lines(game.scenario, game.catalogue, game.board, place, entry)
        unit = next((u for u in self._units()[1].values() if u.place == place), None)
        if unit is not None:
            lines.insert(1, Text(f"unit: {unit.name}, {unit.figures} figures", style=SIDE_COLOUR[unit.side]))
        event = game.record.events[self.index]
        if self.odds is not None and isinstance(event, BattleEvent):
            lines[:0] = [odds_text(event, self.odds), Text()]  # the battle's odds first, then the hex
        show_if_changed(self.query_one("#sim-odds", Static), Text("\n").join(lines))

    @on(HexMapView.Moved)
    def cursor_moved(self, message: HexMapView.Moved) -> None:
        self._show_hex(message.place)
