"""The balance screen, from a scenario designer: the scenario played many times
(builder.services.balance), in a worker thread, with a progress bar, each side's win rate
with its 95 % interval and a terminal chart of the rates converging (textual-plotext). A
Heroes System scenario is played as it stands in the designer (unsaved edits included), by
the policy with seeded variety at a temperature `t` cycles through; a scenario of another
system is played from its file by the greedy player."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import ProgressBar, Static
from textual.worker import get_current_worker
from textual_plotext import PlotextPlot

from builder.heroes.catalogue.index import Catalogue
from builder.io.scenario_files import LoadedScenario
from builder.render.balance import players
from builder.services.balance import BalanceAsk, BalanceGame, BalancePlan, Tally
from builder.services.balance_heroes import DEFAULT_TEMPERATURE, HeroesBalance
from builder.tui.styles import SCREENS_CSS
from builder.tui.widgets.footer import KeysFooter

GAMES = 40  # a quick look on one core: about ten to twenty seconds on a small scenario
TEMPERATURES = (0.5, 1.0, 0.25, 0.0)  # t cycles through them (the Heroes System's)

Prepare = Callable[[float | None], BalanceGame]  # the game to play at a temperature


def _heroes(loaded: LoadedScenario, catalogue: Catalogue, temperature: float | None) -> BalanceGame:
    from builder.services.game import prepare_game

    return HeroesBalance(prepare_game(loaded, catalogue), DEFAULT_TEMPERATURE if temperature is None else temperature)


def _from_file(path: Path, temperature: float | None) -> BalanceGame:
    from builder.services.balance_systems import prepare_balance

    return prepare_balance(path, BalanceAsk(temperature=temperature)).game


class BalanceScreen(Screen[None]):
    """Each side's chance of winning the scenario, measured while you watch."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("t", "temperature", "Temperature"),
        Binding("r", "rerun", "Next seeds"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(
        self,
        heading: str,
        prepare: Prepare,
        temperatures: tuple[float | None, ...] = (None,),
        games: int | None = None,
    ) -> None:
        super().__init__(id="balance")
        self.scenario_title, self.prepare, self.games = heading, prepare, games or GAMES
        self.temperatures = temperatures
        self.temperature = temperatures[0]
        self.seed = 1
        self.game: BalanceGame | None = None
        self.tally: Tally | None = None
        self.problem: str | None = None
        self.done = False

    @classmethod
    def heroes(cls, loaded: LoadedScenario, catalogue: Catalogue, games: int | None = None) -> BalanceScreen:
        """A Heroes System scenario as it stands in the designer; `t` another temperature."""
        return cls(loaded.scenario.title, partial(_heroes, loaded, catalogue), TEMPERATURES, games)

    @classmethod
    def of_file(cls, path: Path, heading: str, games: int | None = None) -> BalanceScreen:
        """A scenario file of any system, as saved, played by the greedy player."""
        return cls(heading, partial(_from_file, path), (None,), games)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`t` only where there is a temperature to change."""
        return len(self.temperatures) > 1 if action == "temperature" else True

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield ProgressBar(id="balance-progress", total=self.games, show_eta=True)
        yield Static(id="balance-table")
        yield PlotextPlot(id="balance-chart")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.run_balance()

    def run_balance(self) -> None:
        self.done, self.tally = False, None
        self.query_one(ProgressBar).update(total=self.games, progress=0)
        title = f"Balance of {self.scenario_title}: {self.games} games from seed {self.seed}"
        at = f", temperature {self.temperature:g}" if self.temperature is not None else ""
        self.query_one("#title", Static).update(Text(f"{title}{at}…", style="bold"))
        self._play(self.seed, self.temperature)

    @work(thread=True, exclusive=True, group="balance")
    def _play(self, seed: int, temperature: float | None) -> None:
        # A thread: the games take seconds, the screen stays live; a newer run cancels this one.
        from builder.io.errors import HonFileError
        from builder.kernel.system import Unsupported
        from builder.services.balance import run_balance

        worker = get_current_worker()
        try:
            game = self.prepare(temperature)
        except (HonFileError, Unsupported) as problem:  # GameNotReady included: the scenario's first error
            self.app.call_from_thread(self._failed, str(problem))
            return
        self.game = game
        plan = BalancePlan(games=self.games, seed=seed)
        run = run_balance(
            game,
            plan,
            progress=lambda tally: self.app.call_from_thread(self._show, tally),
            stop=lambda: worker.is_cancelled,
        )
        if not worker.is_cancelled:
            self.app.call_from_thread(self._finished, run.tally)

    def _failed(self, message: str) -> None:
        self.problem = message
        self.query_one("#title", Static).update(Text(f"{self.scenario_title} — cannot play", style="bold"))
        self.query_one("#balance-table", Static).update(Text(message, style="bold red"))

    def _finished(self, tally: Tally) -> None:
        self.done = True
        self._show(tally)
        who = players(self.game) if self.game is not None else ""
        played = f"{tally.games} games, seeds {self.seed}–{self.seed + tally.played - 1}, {who}"
        self.query_one("#title", Static).update(Text(f"Balance of {self.scenario_title}: {played}", style="bold"))

    def _show(self, tally: Tally) -> None:
        game = self.game
        if game is None:
            return
        self.tally = tally
        self.query_one(ProgressBar).update(progress=tally.played)
        table = Table(show_edge=False, header_style="bold")
        for heading in ("side", "wins", "win rate", "95 % interval"):
            table.add_column(heading, justify="left" if heading == "side" else "right")
        for side in tally.sides:
            rate = tally.rate(side)
            low, high = rate.interval
            table.add_row(Text(game.label(side)), str(rate.wins), f"{rate.rate:.0%}", f"{low:.0%}–{high:.0%}")
        favoured = tally.favoured()
        verdict = (
            f"Favoured: {game.label(favoured)}."
            if favoured is not None
            else "No side is shown to be favoured: the intervals overlap."
        )
        notes = [Text(verdict, style="bold")]
        if tally.failed:  # a bug: the run stopped there, and no verdict stands
            notes = [Text(f"The game of seed {seed} failed: {error}", style="bold red") for seed, error in tally.failed]
        self.query_one("#balance-table", Static).update(Group(table, *notes))
        self._chart(tally, game)

    def _chart(self, tally: Tally, game: BalanceGame) -> None:
        chart = self.query_one(PlotextPlot)
        plt = chart.plt
        plt.clear_data()
        plt.clear_figure()
        games = [m.games for m in tally.history]
        for side in tally.sides:
            rates = [m.rates[side] for m in tally.history]
            plt.plot(games, [r.rate for r in rates], label=game.label(side), marker="braille")
            plt.plot(games, [r.interval[0] for r in rates], marker="dot")
            plt.plot(games, [r.interval[1] for r in rates], marker="dot")
        plt.ylim(0, 1)
        plt.title("win rate and its 95 % interval, by games played")
        chart.refresh()

    def action_temperature(self) -> None:
        """The next temperature, and the games played again."""
        at = TEMPERATURES.index(self.temperature) if self.temperature in TEMPERATURES else -1
        self.temperature = TEMPERATURES[(at + 1) % len(TEMPERATURES)]
        self.run_balance()

    def action_rerun(self) -> None:
        """The next seeds: another sample of the same size."""
        self.seed += self.games
        self.run_balance()

    def action_back(self) -> None:
        self.workers.cancel_group(self, "balance")
        self.app.pop_screen()
