"""The balance screen, from a scenario designer: the scenario played many times
(builder.services.balance), in a worker thread, with a progress bar, each side's win rate
with its 95 % interval, the report after Ludii's and a terminal chart of the rates
converging (textual-plotext). A Heroes System scenario is played as it stands in the
designer (unsaved edits included), by the policy with seeded variety at a temperature `t`
cycles through; a scenario of another system is played from its file.

`p` cycles the players: the greedy player, the random one, the search agent (where the
system has one) for every side, then each side by the random player or the search agent
against the greedy one. `c` compares the greedy player's verdict with the search agent's
on the same seeds (`hon balance --policy compare`); `h` cycles the handicap swept (auto,
turns, vp, none: `hon balance --handicap`), each setting a run under one progress bar; `v`
cycles the variant rules of a system that has them (the Tactical Card Game's, TCG p.21: none,
then each alone, as `hon balance --variant`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

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

from builder.export.balance_report import agreement_said, handicap_said, report_said
from builder.heroes.catalogue.index import Catalogue
from builder.io.scenario_files import LoadedScenario
from builder.kernel.decisions import Policy
from builder.kernel.search import BUDGET
from builder.render.balance import players
from builder.services.balance import BalanceAsk, BalanceGame, BalancePlan, BalanceRun, Players, Tally, report_json
from builder.services.balance_handicap import HandicapKind
from builder.services.balance_heroes import DEFAULT_TEMPERATURE, HeroesBalance
from builder.tui.styles import SCREENS_CSS
from builder.tui.widgets.footer import KeysFooter

GAMES = 40  # a quick look on one core: about ten to twenty seconds on a small scenario
TEMPERATURES = (0.5, 1.0, 0.25, 0.0)  # t cycles through them (the Heroes System's)

SEARCH_BUDGET = BUDGET  # the search agent's play-outs a decision, as hon balance's default
HANDICAPS = (None, HandicapKind.AUTO, HandicapKind.TURNS, HandicapKind.VP)  # h cycles through them

# The game to play at a temperature, by these players, under these variant rules.
Prepare = Callable[[float | None, Players, tuple[str, ...]], BalanceGame]


def _heroes(
    loaded: LoadedScenario, catalogue: Catalogue, temperature: float | None, players: Players, _: tuple[str, ...]
) -> BalanceGame:
    from builder.services.game import prepare_game

    game = prepare_game(loaded, catalogue)
    return HeroesBalance(game, DEFAULT_TEMPERATURE if temperature is None else temperature, players=players)


def _from_file(path: Path, temperature: float | None, players: Players, variants: tuple[str, ...]) -> BalanceGame:
    from builder.services.balance_systems import prepare_balance

    return prepare_balance(path, BalanceAsk(players, temperature=temperature, variants=variants)).game


def _offers(path: Path) -> tuple[bool, tuple[str, ...]]:
    """Whether the file's system has a search agent (Capability.SEARCH), and its variant rules."""
    from builder.kernel.system import Capability
    from builder.services.balance_systems import variants_of
    from builder.services.systems import read_head, system_for

    system = system_for(read_head(path), Capability.BALANCE)
    return system.supports(Capability.SEARCH), variants_of(system)


def lineups(seats: tuple[str, ...], searching: bool) -> list[Players]:
    """The players `p` cycles through (module docs)."""
    names = [Policy.GREEDY, Policy.RANDOM, *([Policy.SEARCH] if searching else [])]
    every = [Players(name) for name in names]
    each = [Players(Policy.GREEDY, ((seat, name),)) for seat in seats for name in names[1:]]
    return every + each


class BalanceScreen(Screen[None]):
    """Each side's chance of winning the scenario, measured while you watch."""

    CSS_PATH = SCREENS_CSS

    BINDINGS = [
        Binding("t", "temperature", "Temperature"),
        Binding("p", "players", "Players"),
        Binding("c", "compare", "Compare"),
        Binding("h", "handicap", "Handicap"),
        Binding("v", "variant", "Variant"),
        Binding("r", "rerun", "Next seeds"),
        Binding("escape", "back", "Back"),
    ]

    def __init__(
        self,
        heading: str,
        prepare: Prepare,
        temperatures: tuple[float | None, ...] = (None,),
        games: int | None = None,
        searching: bool = False,
        variants: tuple[str, ...] = (),
    ) -> None:
        super().__init__(id="balance")
        self.scenario_title, self.prepare, self.games = heading, prepare, games or GAMES
        self.temperatures = temperatures
        self.temperature = temperatures[0]
        self.searching = searching  # the system has a search agent: `c` and the search lineups
        self.offered_variants = variants  # the system's variant rules, which `v` cycles through
        self.variants: tuple[str, ...] = ()  # those played: none, or one
        self.players = Players()
        self.compare = False
        self.handicap: HandicapKind | None = None
        self.seed = 1
        self.game: BalanceGame | None = None
        self.tally: Tally | None = None
        self.runs: list[BalanceRun] = []  # the runs finished, of this request
        self.data: dict[str, Any] | None = None  # the JSON form once finished (builder.services.balance_trials)
        self.problem: str | None = None
        self.done = False

    @classmethod
    def heroes(cls, loaded: LoadedScenario, catalogue: Catalogue, games: int | None = None) -> BalanceScreen:
        """A Heroes System scenario as it stands in the designer; `t` another temperature."""
        from builder.heroes.system import HEROES
        from builder.kernel.system import Capability

        searching = HEROES.supports(Capability.SEARCH)
        return cls(loaded.scenario.title, partial(_heroes, loaded, catalogue), TEMPERATURES, games, searching)

    @classmethod
    def of_file(cls, path: Path, heading: str, games: int | None = None) -> BalanceScreen:
        """A scenario file of any system, as saved."""
        from builder.io.errors import HonFileError
        from builder.kernel.system import Unsupported

        try:
            searching, variants = _offers(path)
        except (HonFileError, Unsupported):  # said once the screen tries to play it
            searching, variants = False, ()
        return cls(heading, partial(_from_file, path), (None,), games, searching, variants)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`t` only where there is a temperature to change, `c` where there is a search agent,
        `v` where there are variant rules."""
        if action == "temperature":
            return len(self.temperatures) > 1
        if action == "variant":
            return bool(self.offered_variants)
        return self.searching if action == "compare" else True

    def compose(self) -> ComposeResult:
        yield Static(id="title")
        yield ProgressBar(id="balance-progress", total=self.games, show_eta=True)
        yield Static(id="balance-table")
        yield PlotextPlot(id="balance-chart")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.run_balance()

    def run_balance(self) -> None:
        self.done, self.tally, self.runs, self.data, self.problem = False, None, [], None, None
        self.query_one(ProgressBar).update(total=self.games, progress=0)
        title = f"Balance of {self.scenario_title}: {self.games} games from seed {self.seed}"
        at = f", temperature {self.temperature:g}" if self.temperature is not None else ""
        self.query_one("#title", Static).update(Text(f"{title}{at}{self._variants_said()}…", style="bold"))
        self._play(self.seed, self.temperature)

    def lineup(self) -> list[Players]:
        """The players of each run asked for: the comparison's two, or the players chosen."""
        if self.compare:
            return [Players(Policy.GREEDY, budget=SEARCH_BUDGET), Players(Policy.SEARCH, budget=SEARCH_BUDGET)]
        return [replace(self.players, budget=SEARCH_BUDGET)]

    @work(thread=True, exclusive=True, group="balance")
    def _play(self, seed: int, temperature: float | None) -> None:
        # A thread: the games take seconds, the screen stays live; a newer run cancels this one.
        from builder.io.errors import HonFileError
        from builder.kernel.system import Unsupported
        from builder.services.balance import run_balance
        from builder.services.balance_handicap import NoHandicap
        from builder.services.balance_trials import Trials

        worker = get_current_worker()
        try:
            games = [self.prepare(temperature, players, self.variants) for players in self.lineup()]
            trials = Trials.of(games, self.handicap)
        except (HonFileError, Unsupported, NoHandicap) as problem:  # GameNotReady included: the first error
            self.app.call_from_thread(self._failed, str(problem))
            return
        total = self.games * len(trials.games)
        self.app.call_from_thread(self.query_one(ProgressBar).update, total=total)
        runs: list[BalanceRun] = []
        for game in trials.games:
            self.game, done = game, len(runs) * self.games
            plan = BalancePlan(games=self.games, seed=seed)
            run = run_balance(game, plan, progress=partial(self._progress, done), stop=lambda: worker.is_cancelled)
            runs.append(run)
            if worker.is_cancelled or run.failed:
                break
        if not worker.is_cancelled:
            self.app.call_from_thread(self._finished, runs, trials.document(runs), trials.games[0])

    def _progress(self, done: int, tally: Tally) -> None:
        """After a chunk, from the worker: the run's tally on screen (`done` games before it)."""
        self.app.call_from_thread(self._show, tally, done)

    def _failed(self, message: str) -> None:
        self.problem = message
        self.query_one("#title", Static).update(Text(f"{self.scenario_title} — cannot play", style="bold"))
        self.query_one("#balance-table", Static).update(Text(message, style="bold red"))

    def _finished(self, runs: list[BalanceRun], data: dict[str, Any], first: BalanceGame) -> None:
        self.done, self.runs, self.data = True, runs, data
        tally = runs[-1].tally
        self._show(tally, 0)
        self.query_one(ProgressBar).update(progress=sum(run.tally.played for run in runs))
        if tally.failed:
            return
        who = "the greedy player, then the search agent" if self.compare else players(first)
        seeds = f"seeds {self.seed}–{self.seed + tally.played - 1}"
        played = f"{tally.games} games a run, {seeds}, {who}{self._variants_said()}"
        self.query_one("#title", Static).update(Text(f"Balance of {self.scenario_title}: {played}", style="bold"))
        self.query_one("#balance-table", Static).update(Group(*self._summary(runs, data, first)))

    def _summary(self, runs: list[BalanceRun], data: dict[str, Any], first: BalanceGame) -> list[Table | Text]:
        """What the request found: the sweep's settings or each run's table, then the
        report after Ludii's, whether the players agree, the setting closest to even."""
        if "settings" in data:
            shown: list[Table | Text] = [self._sweep_table(first, runs, data)]
            return shown + [Text(line, style="bold") for line in handicap_said(data)]
        shown = [self._table(first, run.tally) for run in runs]
        if "agreement" in data and data["agreement"] is not None:
            shown.append(Text(agreement_said(data), style="bold"))
        else:
            shown.append(self._verdict(first, runs[0].tally))
        for run in runs:
            shown.extend(Text(line) for line in report_said(report_json(run.tally), run.tally.games))
        return shown

    def _sweep_table(self, game: BalanceGame, runs: list[BalanceRun], data: dict[str, Any]) -> Table:
        from builder.export.balance_report import setting_said

        table = Table(show_edge=False, header_style="bold")
        table.add_column("setting")
        for side in runs[0].tally.sides:
            table.add_column(Text(game.label(side)), justify="right")
        names = {side: game.label(side) for side in runs[0].tally.sides}
        for setting, run in zip(data["settings"], runs, strict=False):
            cells = [f"{run.tally.rate(side).rate:.0%}" for side in run.tally.sides]
            table.add_row(Text(setting_said(setting, names)), *cells)
        return table

    def _show(self, tally: Tally, done: int) -> None:
        """The run being played: its table and verdict (or the game that failed), the chart;
        `done` the games of the runs before it."""
        game = self.game
        if game is None:
            return
        self.tally = tally
        self.query_one(ProgressBar).update(progress=done + tally.played)
        notes: list[Text] = [self._verdict(game, tally)]
        if tally.failed:  # a bug: the run stopped there, and no verdict stands
            notes = [Text(f"The game of seed {seed} failed: {error}", style="bold red") for seed, error in tally.failed]
        self.query_one("#balance-table", Static).update(Group(self._table(game, tally), *notes))
        self._chart(tally, game)

    def _table(self, game: BalanceGame, tally: Tally) -> Table:
        table = Table(title=Text(players(game)), show_edge=False, header_style="bold")
        for heading in ("side", "wins", "win rate", "95 % interval"):
            table.add_column(heading, justify="left" if heading == "side" else "right")
        for side in tally.sides:
            rate = tally.rate(side)
            low, high = rate.interval
            table.add_row(Text(game.label(side)), str(rate.wins), f"{rate.rate:.0%}", f"{low:.0%}–{high:.0%}")
        return table

    def _variants_said(self) -> str:
        return f", variant rules (TCG p.21): {', '.join(self.variants)}" if self.variants else ""

    def _verdict(self, game: BalanceGame, tally: Tally) -> Text:
        favoured = tally.favoured()
        if favoured is None:
            return Text("No side is shown to be favoured: the intervals overlap.", style="bold")
        return Text(f"Favoured: {game.label(favoured)}.", style="bold")

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

    def action_players(self) -> None:
        """The next players (module docs), and the games played again."""
        seats = (self.game.setting.seats or self.game.sides) if self.game is not None else ()
        cycle = lineups(seats, self.searching)
        at = cycle.index(self.players) if self.players in cycle else -1
        self.players, self.compare = cycle[(at + 1) % len(cycle)], False
        self.run_balance()

    def action_compare(self) -> None:
        """The greedy player's verdict beside the search agent's, or back to the players chosen."""
        self.compare = not self.compare
        self.run_balance()

    def action_handicap(self) -> None:
        """The next handicap to sweep (auto, turns, vp, none)."""
        self.handicap = HANDICAPS[(HANDICAPS.index(self.handicap) + 1) % len(HANDICAPS)]
        self.run_balance()

    def action_variant(self) -> None:
        """The next variant rules: none, then each alone (module docs), and the games played again."""
        cycle: list[tuple[str, ...]] = [(), *((name,) for name in self.offered_variants)]
        at = cycle.index(self.variants) if self.variants in cycle else -1
        self.variants = cycle[(at + 1) % len(cycle)]
        self.run_balance()

    def action_rerun(self) -> None:
        """The next seeds: another sample of the same size."""
        self.seed += self.games
        self.run_balance()

    def action_back(self) -> None:
        self.workers.cancel_group(self, "balance")
        self.app.pop_screen()
