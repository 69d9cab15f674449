"""The Tactical Card Game's simulation viewer (`hon simulate SCENARIO --tui` on a tcg
scenario): the game played by the simple policy, stepped through event by event on the
board, each event with its rolls and page, and the legend of the board's markers and sides.
It renders the rules core's frames; it never recomputes them."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Static

from builder.services.tcg_game import open_cards, ready
from builder.tcg.base import Box
from builder.tcg.rules.events import MoveEvent, ReinforcementEvent, TurnEvent
from builder.tcg.rules.simulation import TcgRecord
from builder.tcg.rules.state import Frame
from builder.tcg.scenario import Scenario
from builder.tui.styles import SCREENS_CSS
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.tcg_board import TcgBoard
from builder.tui.widgets.tcg_box_text import legend


def event_text(frame: Frame, index: int, count: int) -> Text:
    event = frame.event
    text = Text.assemble((f"{index + 1}/{count}  turn {event.turn}, {event.phase}\n", "dim"))
    text.append(event.text, style="bold")
    text.append(f"  ({event.page})\n", style="dim")
    for roll in event.rolls:
        text.append(f"  {roll.kind}: [{' '.join(map(str, roll.dice))}]")
        for modifier in roll.modifiers:
            text.append(f" {modifier.value:+d} {modifier.label} ({modifier.page})")
        text.append(f" = {roll.total}\n", style="bold")
    directives = ", ".join(f"{side} {count}" for side, count in frame.directives)
    text.append(f"DIRECTIVE markers: {directives}", style="dim")
    return text


def highlighted(frame: Frame) -> set[Box]:
    """The boxes an event is about: where a card moved from and to, or arrived."""
    event = frame.event
    if isinstance(event, MoveEvent):
        return {event.origin, event.to}
    if isinstance(event, ReinforcementEvent):
        return {event.to}
    keys = {getattr(event, "piece", None), getattr(event, "target", None)}
    return {piece.box for piece in frame.pieces if piece.key in keys}


class TcgSimulationScreen(Screen[None]):
    CSS_PATH = SCREENS_CSS

    # The event beside the board takes a third of the screen at most, so that the board,
    # which sizes its boxes from the room left, shows whole at 120 columns.
    DEFAULT_CSS = """
    TcgSimulationScreen #tcg-side { width: 30%; min-width: 34; max-width: 56; }
    TcgSimulationScreen #tcg-event, TcgSimulationScreen #tcg-legend { height: auto; padding: 0 1; }
    TcgSimulationScreen #tcg-title { height: auto; text-style: bold; padding: 0 1; }
    """
    BINDINGS = [
        Binding("right,n", "step(1)", "Next"),
        Binding("left,p", "step(-1)", "Previous"),
        Binding("right_square_bracket", "turn(1)", "Next turn"),
        Binding("left_square_bracket", "turn(-1)", "Previous turn"),
        Binding("end", "jump(-1)", "Last", show=False),
        Binding("home", "jump(0)", "First", show=False),
        Binding("escape", "back", "Back"),
    ]

    def __init__(self, path: Path, seed: int = 1, turns: int | None = None) -> None:
        super().__init__(id="tcg-simulation")
        checked = ready(path, open_cards())
        self.scenario: Scenario = checked.scenario
        self.record: TcgRecord = checked.simulate(seed=seed, turns=turns, frames=True)
        self.index = 0

    def compose(self) -> ComposeResult:
        yield Static(id="tcg-title")
        with Horizontal():
            yield TcgBoard(id="tcg-board")
            with Vertical(id="tcg-side"):
                yield Static(id="tcg-event")
                yield Static(id="tcg-legend")
        yield KeysFooter()

    def on_mount(self) -> None:
        outcome = self.record.outcome
        self.query_one("#tcg-title", Static).update(Text(f"{self.scenario.title} — seed {self.record.seed}: {outcome}"))
        self.query_one("#tcg-legend", Static).update(legend(self.scenario, forces=False))
        self.go(0)

    def go(self, index: int) -> None:
        frames = self.record.frames
        self.index = max(0, min(index, len(frames) - 1))
        frame = frames[self.index]
        self.query_one(TcgBoard).show(self.scenario, frame.pieces, highlighted(frame))
        self.query_one("#tcg-event", Static).update(event_text(frame, self.index, len(frames)))

    def action_step(self, step: int) -> None:
        self.go(self.index + step)

    def action_turn(self, step: int) -> None:
        frames = self.record.frames
        found = range(self.index + 1, len(frames)) if step > 0 else range(self.index - 1, -1, -1)
        target = next((i for i in found if isinstance(frames[i].event, TurnEvent)), None)
        self.go(target if target is not None else (len(frames) - 1 if step > 0 else 0))

    def action_jump(self, index: int) -> None:
        self.go(index if index >= 0 else len(self.record.frames) - 1)

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 2:
            self.app.pop_screen()
        else:
            self.app.exit()
