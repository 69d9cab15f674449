"""One simulation viewer for the three systems (issue 33): the game is played in a worker
thread behind a message, so the screen answers keys while it plays; then it is stepped
through event by event, with the system's map on the left and its legend under it, the
current event with the dice of each roll, a panel for what the map's cursor is on, and the
list of every event beside them. The keys, the layout and the title line are the same for
the Heroes System (screens/simulation.py), the Tactical Card Game (tcg_simulation.py) and
the hex game (hex_simulation.py); each says how its game is played and how an event is
drawn."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import ClassVar, Generic, TypeVar

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from builder.kernel.decisions import Policy
from builder.kernel.events import GameEvent, Modifier
from builder.tui.styles import SCREENS_CSS
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.tile_card import show_if_changed

G = TypeVar("G")


class NoGame(Exception):
    """The scenario cannot be simulated; the message tells the player why."""


class GameViewer(Screen[None], Generic[G]):
    """A game of type G played in a worker, then stepped through. Subclasses give the map
    (`compose_map`), play the game (`play`, in the worker thread) and draw it (`show_game`
    once, `show_event` at each step)."""

    CSS_PATH = SCREENS_CSS

    # Nothing takes focus before the game is ready: the hidden map would show its keys
    # ("" rather than None, which would fall back to the app's "*").
    AUTO_FOCUS = ""

    BINDINGS: ClassVar[list[BindingType]] = [
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

    def __init__(self, *, seed: int, turns: int | None, policy: Policy, id: str) -> None:
        super().__init__(id=id, classes="game-viewer")
        self.seed, self.turns, self.policy = seed, turns, policy
        self.game: G | None = None
        self.problem: str | None = None
        self.index = 0
        self.events: tuple[GameEvent, ...] = ()

    # --- what each system's viewer says -------------------------------------------------------

    @property
    def source_name(self) -> str:
        """What is played, for the message shown while it plays."""
        raise NotImplementedError

    def compose_map(self) -> Widget:
        """The system's map, with the id `sim-map`."""
        raise NotImplementedError

    def play(self, seed: int, policy: Policy) -> G:
        """The game of `seed` played by `policy`, or NoGame saying why not. Runs in a
        worker thread: it must not touch the screen."""
        raise NotImplementedError

    def events_of(self, game: G) -> tuple[GameEvent, ...]:
        raise NotImplementedError

    def list_lines(self, game: G) -> list[Text]:
        """The event list's lines, one an event (after `show_game`)."""
        raise NotImplementedError

    def show_game(self, game: G) -> None:
        """What stays while the player steps: the title line (`played_title`), the legend."""
        raise NotImplementedError

    def show_event(self) -> None:
        """The map and the panels at `self.index`."""
        raise NotImplementedError

    # --- layout ---------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield Static(id="sim-warnings")
        yield Static(id="sim-message")
        with Horizontal(id="sim-main"):
            with Vertical(id="sim-left"):
                yield self.compose_map()
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

    # --- playing --------------------------------------------------------------------------

    def run_simulation(self) -> None:
        """Play with the current seed and players behind a message."""
        self.game, self.events = None, ()
        self.remove_class("ready")
        message = f"Simulating {self.source_name} with seed {self.seed}…"
        self.query_one("#sim-message", Static).update(Text(message))
        self.query_one("#title", Static).update(Text(message, style="bold"))
        self._simulate(self.seed, self.policy)

    @work(thread=True, exclusive=True, group="simulate")
    def _simulate(self, seed: int, policy: Policy) -> None:
        # A thread: a game takes a fraction of a second to seconds, and the screen must answer.
        try:
            game = self.play(seed, policy)
        except NoGame as problem:
            self.app.call_from_thread(self._failed, str(problem))
            return
        except Exception as problem:  # a half-designed scenario can trip the rules anywhere
            self.app.call_from_thread(self._failed, f"The simulation stopped: {type(problem).__name__}: {problem}")
            return
        if not get_current_worker().is_cancelled:  # another seed or player was asked for meanwhile
            self.app.call_from_thread(self._ready, game, seed, policy)

    def _failed(self, message: str) -> None:
        self.problem = message
        self.query_one("#title", Static).update(Text(f"{self.source_name} — cannot simulate", style="bold"))
        self.query_one("#sim-message", Static).update(Text(message, style="bold red"))

    def _ready(self, game: G, seed: int, policy: Policy) -> None:
        if (seed, policy) != (self.seed, self.policy):
            return  # the game of a seed or player the player has since moved past
        self.game, self.problem = game, None
        self.events = self.events_of(game)
        self.show_game(game)
        log = self.query_one("#sim-log", OptionList)
        log.clear_options()
        log.add_options([Option(line) for line in self.list_lines(game)])
        self.add_class("ready")
        self.index = -1  # so that go(0) shows everything
        self.go(0)
        log.focus()

    # --- stepping -------------------------------------------------------------------------

    def go(self, index: int) -> None:
        """Show event `index` (clamped)."""
        if not self.events:
            return
        index = min(max(index, 0), len(self.events) - 1)
        if index == self.index:
            return
        self.index = index
        log = self.query_one("#sim-log", OptionList)
        if log.highlighted != index:
            log.highlighted = index
        self.show_event()

    def action_step(self, step: int) -> None:
        self.go(self.index + step)

    def action_turn(self, step: int) -> None:
        """The first event of the next turn, or of the previous one (set-up counts as turn 0)."""
        events = self.events
        if not events:
            return
        turn = events[self.index].turn
        if step > 0:
            later = (i for i in range(self.index + 1, len(events)) if events[i].turn > turn)
            self.go(next(later, len(events) - 1))
        else:
            wanted = max(turn - 1, 0)
            self.go(next((i for i, event in enumerate(events) if event.turn >= wanted), 0))

    def action_jump(self, where: str) -> None:
        self.go(0 if where == "first" else len(self.events) - 1)

    def action_rerun(self) -> None:
        self.seed += 1
        self.run_simulation()

    def action_players(self) -> None:
        """The same seed played again by the other player: greedy or random."""
        self.policy = Policy.RANDOM if self.policy is Policy.GREEDY else Policy.GREEDY
        self.run_simulation()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`m` only where the map has a cursor (not the Tactical Card Game's board)."""
        if action == "focus_map":
            return any(board.can_focus for board in self.query("#sim-map"))
        return True

    def action_focus_map(self) -> None:
        self.query_one("#sim-map").focus()

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

    def played_title(self, title: str, turns: int, outcome: str, decided: bool, score: str) -> Text:
        """`Title — greedy players, seed 7, 3 turns played: us wins · VP us 3, german 1`."""
        text = Text()
        text.append(title, style="bold")
        text.append(f" — {self.policy.value} players, seed {self.seed}, ")
        text.append(f"{turns} turn{'s' if turns != 1 else ''} played: ")
        text.append(outcome, style="green" if decided else "yellow")
        text.append(f" · {score}", style="dim")
        return text

    def show_title(self, text: Text) -> None:
        show_if_changed(self.query_one("#title", Static), text, layout=False)


def event_heading(event: GameEvent, index: int, count: int) -> Text:
    """`3/120  Turn 1 · move phase · allies`: where the event is in the game."""
    text = Text()
    text.append(f"{index + 1}/{count}  ", style="dim")
    when = "Set-up" if event.turn == 0 else f"Turn {event.turn}"
    text.append(f"{when} · {event.phase} phase", style="bold")
    if event.side:
        text.append(f" · {event.side}", style="bold")
    text.append("\n")
    return text


# --- the odds of a shot, as the three viewers show them -----------------------------------


def percent(name: str, probability: float) -> str:
    """`hit 41.7%`."""
    return f"{name} {probability * 100:.1f}%"


def outcome_line(outcomes: Mapping[str, float], note: str = "") -> Text:
    """`miss 58.3%  hit 41.7%  double 0.0%` in bold, then a dim note."""
    text = Text("  ".join(percent(name, p) for name, p in outcomes.items()), style="bold")
    if note:
        text.append(f" ({note})", style="dim")
    return text


def modifier_text(modifier: Modifier, against: bool = False) -> Text:
    """`    +3 Combat value vs infantry (HoN core p.15)`; what the roll must reach is
    `    against 6 Defense value (…)`."""
    text = Text("    ")
    if against:
        text.append("against ", style="dim")
    text.append(f"{modifier.value}" if against else f"{modifier.value:+d}", style="bold")
    text.append(f" {modifier.label}")
    text.append(f" ({modifier.page})", style="dim")
    return text


def odds_lines(
    outcomes: Mapping[str, float], modifiers: Iterable[Modifier], against: Iterable[Modifier] = (), note: str = ""
) -> Text:
    """A shot's odds (`outcome_line`), then each modifier of the roll and what it must reach,
    each with its page."""
    text = outcome_line(outcomes, note)
    for modifier in modifiers:
        text.append("\n").append_text(modifier_text(modifier))
    for modifier in against:
        text.append("\n").append_text(modifier_text(modifier, against=True))
    return text
