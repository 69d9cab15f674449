"""The Tactical Card Game's simulation viewer (screens/viewer.py; f8 in its designer, or
`hon simulate SCENARIO --tui` on a tcg scenario): the game played by the players of
`--policy`, stepped through event by event on the board of boxes, each event with its
rolls and page, a Shooting attack with its odds as it stood before the dice, and the legend
of the board's markers and sides. It renders the rules core's frames and odds; it never
recomputes them."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from builder.io.errors import HonFileError
from builder.kernel.decisions import Policy
from builder.kernel.events import GameEvent, Modifier
from builder.render.tcg_narration import event_line, roll_text
from builder.services.tcg_game import open_cards, ready
from builder.tcg.base import Box, page
from builder.tcg.rules.events import Aim, MoveEvent, ReinforcementEvent, ShotEvent
from builder.tcg.rules.odds import ShotOdds, aim_odds
from builder.tcg.rules.simulation import TcgRecord
from builder.tcg.rules.state import Frame
from builder.tcg.rules.variants import Variant
from builder.tcg.scenario import Scenario
from builder.tui.screens.viewer import GameViewer, NoGame, event_heading, odds_lines, percent
from builder.tui.widgets.tcg_board import TcgBoard
from builder.tui.widgets.tcg_box_text import legend


@dataclass(frozen=True)
class TcgGame:
    """What the worker hands back: the scenario as played and the record, with its frames."""

    scenario: Scenario
    record: TcgRecord


def event_text(frame: Frame, index: int, count: int) -> Text:
    """The current event: where it is in the game, what happened with its page, every roll
    and the DIRECTIVE markers each side has after it."""
    event = frame.event
    text = event_heading(event, index, count)
    text.append(event.text, style="bold")
    text.append(f"  ({event.page})", style="dim")
    for roll in event.rolls:
        text.append("\n")
        text.append_text(roll_text(roll, indent=2))
    directives = ", ".join(f"{side} {count}" for side, count in frame.directives)
    text.append(f"\nDIRECTIVE markers: {directives}", style="dim")
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


def odds_text(aim: Aim, odds: ShotOdds) -> Text:
    """A Shooting attack's odds before its dice, as the Heroes viewer shows a shot's: the four
    outcomes, double 1s apart (they give a DIRECTIVE marker whatever the outcome), each bonus
    and what the dice and the save must reach, with their pages (TCG p.8)."""
    text = Text("The odds of this shot\n", style="bold")
    armour = "armoured target" + (", armour-piercing" if aim.armour_piercing else "") if aim.armoured else ""
    directive = percent("double 1s", float(odds.directive)) + ": a DIRECTIVE marker"
    outcomes = {name: float(p) for name, p in odds.outcomes().items()}
    save = [] if aim.save is None else [Modifier(f"save, {aim.save.label}", aim.save.value, aim.save.page)]
    against = [Modifier("Shooting value", aim.value, page(8)), *save]
    text.append_text(odds_lines(outcomes, aim.bonuses, against, "; ".join(filter(None, (directive, armour)))))
    return text


class TcgSimulationScreen(GameViewer[TcgGame]):
    def __init__(
        self,
        path: Path,
        seed: int = 1,
        turns: int | None = None,
        policy: Policy = Policy.GREEDY,
        variants: frozenset[Variant] = frozenset(),
    ) -> None:
        """`path`: a scenario file, read and checked in the worker with the game; `variants`:
        the variant rules played (TCG p.21)."""
        super().__init__(seed=seed, turns=turns, policy=policy, id="tcg-simulation")
        self.path, self.variants = path, variants
        self.odds: ShotOdds | None = None  # the current event's, a Shooting attack's

    @property
    def source_name(self) -> str:
        return self.path.name

    def compose_map(self) -> Widget:
        return TcgBoard(id="sim-map")

    def on_mount(self) -> None:
        # The board has no cursor: the panel shows only the odds of a Shooting attack.
        self.query_one("#sim-odds").display = False
        super().on_mount()

    def play(self, seed: int, policy: Policy) -> TcgGame:
        try:
            checked = ready(self.path, open_cards())
        except HonFileError as problem:  # TcgNotReady included: the scenario's first error
            raise NoGame(problem.sentence()) from problem
        record = checked.simulate(seed=seed, turns=self.turns, policy=policy, frames=True, variants=self.variants)
        return TcgGame(checked.scenario, record)

    @property
    def frames(self) -> tuple[Frame, ...]:
        return self.game.record.frames if self.game is not None else ()

    def events_of(self, game: TcgGame) -> tuple[GameEvent, ...]:
        return tuple(frame.event for frame in game.record.frames)

    def list_lines(self, game: TcgGame) -> list[Text]:
        return [event_line(frame.event) for frame in game.record.frames]

    def show_game(self, game: TcgGame) -> None:
        record = game.record
        points = ", ".join(f"{side} {vp}" for side, vp in record.victory_points.items())
        variants = "".join(f" · {variant.value}" for variant in sorted(record.variants))  # TCG p.21
        decided = record.winner not in (None, "draw")
        score = f"VP {points}{variants}"
        self.show_title(self.played_title(game.scenario.title, record.turns, record.outcome, decided, score))
        self.query_one("#sim-legend", Static).update(legend(game.scenario, forces=False))

    def show_event(self) -> None:
        if self.game is None:
            return
        frame = self.frames[self.index]
        self.query_one(TcgBoard).show(self.game.scenario, frame.pieces, highlighted(frame))
        self.query_one("#sim-event", Static).update(event_text(frame, self.index, len(self.frames)))
        self._show_odds(frame.event)

    def _show_odds(self, event: GameEvent) -> None:
        """The odds of the Shooting attack the event is, when its red dice were rolled."""
        aim = event.aim if isinstance(event, ShotEvent) else None
        self.odds = odds = None if aim is None else aim_odds(aim)
        panel = self.query_one("#sim-odds", Static)
        panel.display = odds is not None
        if aim is not None and odds is not None:
            panel.update(odds_text(aim, odds))
