"""`hon balance`: is this scenario fair? The scenario of any system played many times, each
side by its player (the greedy player, with seeded variety in the Heroes System; the random
one; the search agent where the system has one), each side's win rate with its 95 %
interval (builder.services.balance).

hon balance scenarios/way-of-the-cross.yaml --games 40 --workers 2 --temperature 0.5
hon balance scenarios/hon-first-contact.yaml --policy us=search --policy german=greedy --budget 8
hon balance scenarios/hon-first-contact.yaml --games 40 --policy compare
hon balance scenarios/tcg/orchard-at-dawn.yaml --handicap auto -o reports/
hon balance scenarios/tcg/orchard-at-dawn.yaml --games 40 --swap-initiative --json
hon balance scenarios/rush-on-maltot.yaml --precision 0.1 --backend ray --address ray://head:10001
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import StrEnum
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.text import Text

from builder.cli.app import CatalogueOption, ForceOption, JsonOption, app, console, errors, tell_written
from builder.cli.bounds import BUDGET, GAMES, PRECISION, SEEDS, TEMPERATURE, WORKERS, bounded, usable_cpus
from builder.cli.lazy import HonGroup
from builder.cli.simulate_commands import ArmiesOption, VariantsOption, armies_given, army_problems
from builder.cli.terminal import say, say_failed
from builder.kernel.decisions import Policy
from builder.kernel.search import BUDGET as DEFAULT_BUDGET
from builder.services.balance_handicap import HandicapKind
from builder.services.ray_address import CONNECT_SECONDS, FORMS, RayUnavailable

if TYPE_CHECKING:
    from rich.table import Table

    from builder.io.outputs import Output
    from builder.services.balance import (
        Backend,
        BalanceAsk,
        BalanceGame,
        BalancePlan,
        BalanceRun,
        Players,
        Prepared,
        Tally,
    )
    from builder.services.balance_trials import Trials

DEFAULT_GAMES = 100  # without --precision
COMPARE = "compare"  # --policy compare: the greedy player's verdict and the search agent's
MOST_GAMES = 10_000  # with --precision and no --games


class BackendChoice(StrEnum):
    LOCAL = "local"
    RAY = "ray"


# `--handicap` alone sweeps what the scenario counts (issue 34: `--handicap [auto|turns|vp]`).
HonGroup.optional_values["balance"] = {"--handicap": HandicapKind.AUTO.value}


@app.command("balance")
def balance_command(
    scenario: Annotated[
        Path, typer.Argument(help="A scenario: Heroes System, Tactical Card Game or hex game (YAML or .m44).")
    ],
    games: Annotated[
        int | None,
        bounded(
            "--games",
            within=GAMES,
            help=f"Games to play (at most, with --precision); {DEFAULT_GAMES} by default.",
        ),
    ] = None,
    precision: Annotated[
        float | None,
        bounded(
            "--precision",
            within=PRECISION,
            help="Stop once every side's 95 % interval is narrower than this (0.1: ten points).",
        ),
    ] = None,
    workers: Annotated[
        int | None,
        bounded(
            "--workers",
            within=WORKERS,
            help=f"Processes to play on, at most the CPUs hon may use here ({usable_cpus()}); 1 by default. "
            "With Ray, the CPUs to use, at most the cluster's; all of them by default.",
        ),
    ] = None,
    seed: Annotated[int, bounded("--seed", within=SEEDS, help="The first seed; the games play seeds S, S+1, …")] = 1,
    backend: Annotated[BackendChoice, typer.Option("--backend", help="Where to play.")] = BackendChoice.LOCAL,
    address: Annotated[
        str | None,
        typer.Option(
            "--address",
            help=f"The Ray cluster to join: {FORMS}. hon gives up on a cluster that does not answer "
            f"within {CONNECT_SECONDS} s.",
        ),
    ] = None,
    temperature: Annotated[
        float | None,
        bounded(
            "--temperature",
            within=TEMPERATURE,
            help="Heroes System: the greedy player's variety, 0.5 by default; 0 always takes its best-scored choice.",
        ),
    ] = None,
    swap_initiative: Annotated[
        bool,
        typer.Option(
            "--swap-initiative", help="Give the initiative (the first move) to each side in turn, seed by seed."
        ),
    ] = False,
    army: ArmiesOption = None,
    variant: VariantsOption = None,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy",
            metavar="[SIDE=]NAME",
            help="Who plays: greedy (the best-scored option at each decision), random (any legal option) or "
            "search (options weighed by play-outs; where the game has a search agent, see --budget). NAME for "
            "every side, SIDE=NAME for one side by the scenario's side id (repeat, one a side). compare: the "
            "verdict under the greedy player beside the search agent's, on the same seeds.",
        ),
    ] = None,
    budget: Annotated[
        int | None,
        bounded(
            "--budget",
            within=BUDGET,
            help=f"With a search agent: the play-outs it may make to weigh each action ({DEFAULT_BUDGET} by default).",
        ),
    ] = None,
    handicap: Annotated[
        HandicapKind | None,
        typer.Option(
            "--handicap",
            help="Sweep the scenario's turns or the victory points (medals) its victory conditions count, around "
            "its own, and tell the setting at which it is closest to even; auto (the kind when none is given) "
            "takes vp where they count points.",
        ),
    ] = None,
    given: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="Also write an HTML report with charts: this file, or <scenario-id>-balance.html in this folder "
            "(a new name without an extension is a folder).",
        ),
    ] = None,
    catalogue: CatalogueOption = None,
    as_json: JsonOption = False,
    force: ForceOption = False,
) -> None:
    """Play the scenario many times and tell each side's chance of winning."""
    from builder.services.balance import BalanceAsk, BalancePlan

    where = _backend(backend, workers, address)  # before anything is read: a bad option is said at once
    lineup = lineups(policy or [], budget)
    if handicap is not None and len(lineup) > 1:
        raise typer.BadParameter("a handicap is swept with one set of players, not compare", param_hint="--handicap")
    armies = armies_given(army or [])
    variants = _variants(variant or [])
    asks = [BalanceAsk(players, swap_initiative, temperature, armies, catalogue, variants) for players in lineup]
    prepared = _prepared(scenario, asks)
    trials = _trials(scenario, [each.game for each in prepared], handicap)
    report = _report(trials.games[0], given, prepared[0].inputs, force)
    plan = BalancePlan(games or (MOST_GAMES if precision is not None else DEFAULT_GAMES), seed, precision)
    runs = _play_all(trials.games, plan, where)
    data = trials.document(runs)
    if any(run.failed for run in runs):  # a bug, never a game left out: no verdict around it
        for run in runs:
            for seed, error in run.tally.failed:
                say_failed(seed, error)
        if as_json:
            print(json.dumps(data, indent=1))
        raise typer.Exit(1)
    if report is not None:
        tell_written(report.write(_page(trials, data).encode("utf-8")), beside_report=True)
    if as_json:
        print(json.dumps(data, indent=1))
    else:
        _show_all(trials, runs, data)
    if any(run.interrupted for run in runs):
        raise typer.Exit(130)


def _page(trials: Trials, data: dict[str, Any]) -> str:
    """The HTML page of what was played."""
    from builder.export.balance_report import render_comparison, render_handicap, render_report

    if trials.sweep is not None:
        return render_handicap(data)
    return render_comparison(data) if len(trials.games) > 1 else render_report(data)


def _show_all(trials: Trials, runs: list[BalanceRun], data: dict[str, Any]) -> None:
    if trials.sweep is not None:
        _show_handicap(trials.games, runs, data)
    elif len(trials.games) > 1:
        _show_comparison(trials.games, runs, data)
    else:
        _show(trials.games[0], runs[0])


def _variants(names: list[str]) -> tuple[str, ...]:
    """The TCG variant rules named, checked (an unknown name is one line, exit 2), each once."""
    if not names:
        return ()
    from builder.cli.tcg_play import variants_named

    return tuple(sorted(variants_named(names)))


def _trials(scenario: Path, games: list[BalanceGame], handicap: HandicapKind | None) -> Trials:
    """The games to play: those prepared, or the one prepared under each setting of the
    handicap asked for (a kind the scenario does not have is Unsupported, exit 2)."""
    from builder.kernel.system import Unsupported
    from builder.services.balance_handicap import NoHandicap
    from builder.services.balance_trials import Trials

    try:
        return Trials.of(games, handicap)
    except NoHandicap as problem:
        raise Unsupported(scenario, str(problem)) from None


def _prepared(scenario: Path, asks: list[BalanceAsk]) -> list[Prepared]:
    """The scenario ready for each lineup of players, its warnings told once."""
    from builder.services.balance_systems import prepare_balance

    with army_problems():
        prepared = [prepare_balance(scenario, ask) for ask in asks]
    for warning in prepared[0].warnings:
        say(f"warning: {warning}")
    return prepared


def _play_all(games: list[BalanceGame], plan: BalancePlan, where: Backend) -> list[BalanceRun]:
    """Each game's run of `plan`, one after the other under one progress bar; a run that
    failed or was stopped ends them."""
    runs: list[BalanceRun] = []
    with _progress(plan.games * len(games)) as progress:
        for game in games:
            runs.append(_run(game, plan, where, partial(_after, progress, sum(run.tally.games for run in runs))))
            if runs[-1].failed or runs[-1].interrupted:
                break
    return runs


def _after(progress: Callable[[int], None], done: int, tally: Tally) -> None:
    """Progress after a chunk: the games of the runs before and this run's."""
    progress(done + tally.games)


def lineups(given: list[str], budget: int | None) -> tuple[Players, ...]:
    """The players of each run `--policy` asks for: one lineup, or with `compare` the greedy
    player then the search agent for every side (the same seeds each)."""
    from builder.services.balance import Players

    if COMPARE not in (value.rpartition("=")[2] for value in given):
        return (seated(given, budget),)
    if given != [COMPARE]:
        raise typer.BadParameter(
            "compare plays every side by the greedy player, then by the search agent: give it alone",
            param_hint="--policy",
        )
    searched = budget or DEFAULT_BUDGET
    return Players(Policy.GREEDY, budget=searched), Players(Policy.SEARCH, budget=searched)


def seated(given: list[str], budget: int | None) -> Players:
    """The players `--policy` asks for (NAME for every side, SIDE=NAME for one), the search
    agent's `--budget` only with one; a name hon does not know, a side given twice or a
    budget without a search agent is a usage error (exit 2). The sides are checked against
    the scenario once it is read (builder.services.balance_systems)."""
    from builder.services.balance import Players

    default: Policy | None = None
    chosen: dict[str, Policy] = {}
    for value in given:
        side, _, name = value.rpartition("=")
        policy = _player(name)
        before = chosen.get(side) if side else default
        if before is not None:
            whom = side or "every side"
            raise typer.BadParameter(f"give one player for {whom}, not {before} and {policy}", param_hint="--policy")
        if side:
            chosen[side] = policy
        else:
            default = policy
    players = Players(default or Policy.GREEDY, tuple(chosen.items()), budget or DEFAULT_BUDGET)
    if budget is not None and Policy.SEARCH not in {players.default, *chosen.values()}:
        raise typer.BadParameter("it is the search agent's; give --policy search too", param_hint="--budget")
    return players


def _player(name: str) -> Policy:
    try:
        return Policy(name)
    except ValueError:
        known = ", ".join(policy.value for policy in Policy)
        raise typer.BadParameter(f"{name!r} is no player hon knows; it knows {known}", param_hint="--policy") from None


def _backend(choice: BackendChoice, workers: int | None, address: str | None) -> Backend:
    """Where to play, every option about it checked: the workers against this machine's
    CPUs, a Ray cluster's address by its form and by its answer (a cluster's CPUs are
    known once joined: RayCluster checks them then, before the first game)."""
    from builder.services.balance import Serial
    from builder.services.balance_local import LocalPool

    if choice is BackendChoice.LOCAL:
        if address is not None:
            raise typer.BadParameter(
                "--address joins a Ray cluster: give it with --backend ray", param_hint="--address"
            )
        workers = _on_this_machine(workers or 1)
        return LocalPool(workers) if workers > 1 else Serial()
    from builder.services.balance_ray import RayCluster, require_ray
    from builder.services.ray_address import RayUnavailable, check_address

    try:
        require_ray()
        if address is None:
            return RayCluster(None, None if workers is None else _on_this_machine(workers))
        return RayCluster(check_address(address), workers)
    except RayUnavailable as problem:
        raise typer.BadParameter(str(problem), param_hint=problem.option) from None


def _on_this_machine(workers: int) -> int:
    cpus = usable_cpus()
    if workers > cpus:
        raise typer.BadParameter(f"{workers} is more than the {cpus} CPUs hon may use here", param_hint="--workers")
    return workers


def _run(game: BalanceGame, plan: BalancePlan, backend: Backend, progress: Callable[[Tally], None]) -> BalanceRun:
    """The run; a Ray cluster found too small once joined is a usage error like the others."""
    from builder.services.balance import run_balance

    try:
        return run_balance(game, plan, backend, progress)
    except RayUnavailable as problem:
        raise typer.BadParameter(str(problem), param_hint=problem.option) from None


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None]]:
    """A progress bar on standard error with the rate and the time left (none when standard
    error is not a terminal); yields what to call after each chunk."""
    # Imported here: `hon --help` should not pay for the progress bar (issue 11, point 6).
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TaskProgressColumn,
        TextColumn,
        TimeRemainingColumn,
    )

    bar = Progress(
        TextColumn("playing"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,
    )
    with bar:
        task = bar.add_task("games", total=total, rate="")
        started = time.monotonic()

        def update(played: int) -> None:
            # The rate over the whole run, known from the first chunk on (Rich's own speed
            # needs two samples, so a run stopped after one chunk would show none).
            elapsed = time.monotonic() - started
            speed = played / elapsed if elapsed > 0 else 0.0
            bar.update(task, completed=played, rate=f"{speed:.1f} games/s" if played else "")

        yield update


def _report(game: BalanceGame, given: str | None, inputs: tuple[Path, ...], force: bool) -> Output | None:
    """Where -o writes the report, checked before a game is played; None without -o."""
    from builder.io.outputs import printout

    if given is None:
        return None
    # Not standard output: that carries the tallies.
    name = f"{game.setting.scenario}-balance"
    return printout(given, name, ".html", inputs=list(inputs), force=force, stdout=False)


def _show(game: BalanceGame, run: BalanceRun) -> None:
    from builder.cli.render import titled
    from builder.render.balance import players

    tally = run.tally
    setting = game.setting
    seeds = f"seeds {tally.first_seed}–{(tally.first_seed or 0) + tally.played - 1}" if tally.played else "no games"
    console.print(titled(setting.title, f" — {tally.games} games ({seeds}), {players(game)}."))
    if setting.swap_initiative:
        console.print(Text("The initiative went to each side in turn, seed by seed.", style="dim"))
    if setting.variants:
        console.print(Text(f"Variant rules (TCG p.21): {', '.join(setting.variants)}.", style="dim"))
    if run.interrupted:
        console.print(
            Text(f"Stopped after {tally.games} games: these are the tallies of the games played.", style="yellow")
        )
    if not tally.games:
        return
    console.print(_sides(game, tally))
    favoured = tally.favoured()
    verdict = (
        f"Favoured: {game.label(favoured)}, whose 95 % interval lies above every other side's."
        if favoured is not None
        else "No side is shown to be favoured: the 95 % intervals overlap."
    )
    if run.converged:
        verdict += f" Every interval is narrower than {run.plan.precision:g}."
    console.print(Text(verdict, style="bold"))
    _report_lines(game, tally)
    for objective in tally.objectives:
        held = tally.held.get(objective)
        if held:
            shares = ", ".join(f"{game.label(k) if k != 'none' else 'nobody'} {n}" for k, n in held.most_common())
            console.print(Text(f"{game.label(objective)}, held at the end: {shares}."))
    for side in tally.sides:
        units = tally.most_decisive(side, 3)
        if units:
            said = "; ".join(f"{game.label(unit)} in {n}" for unit, n in units)
            console.print(Text(f"Decisive for {game.label(side)} (of {tally.wins[side]} wins): {said}."))


def _report_lines(game: BalanceGame, tally: Tally) -> None:
    """The report after Ludii's: decisiveness, draws, the first player's advantage, game
    length, objective control by turn (builder.services.balance.report_json)."""
    from builder.render.balance import control_table, report_said
    from builder.services.balance import report_json

    report = report_json(tally)
    for line in report_said(report, tally.games):
        console.print(Text(line))
    if report["control"] is None:
        console.print(Text("The scenario has no objectives: no control by turn to tell.", style="dim"))
        return
    for objective in tally.objectives:
        console.print(control_table(game, tally.sides, objective, report["control"]))


def _show_comparison(games: list[BalanceGame], runs: list[BalanceRun], data: dict[str, Any]) -> None:
    """Both runs side by side (each side's wins, rate and interval under each player, the
    report's figures), then whether they agree."""
    from rich.table import Table

    from builder.cli.render import titled
    from builder.export.balance_report import agreement_said, player_name, report_said
    from builder.render.balance import players
    from builder.services.balance import report_json

    tally = runs[0].tally
    seeds = f"seeds {tally.first_seed}–{(tally.first_seed or 0) + tally.played - 1}"
    console.print(titled(games[0].setting.title, f" — {tally.games} games ({seeds}) under each player."))
    table = Table(show_edge=False, header_style="bold")
    table.add_column("side")
    for game in games:
        setting = game.setting
        budget = setting.players.budget if setting.players.default is Policy.SEARCH else None
        table.add_column(Text(player_name(setting.players.default.value, budget, setting.temperature)), justify="right")
    for side in tally.sides:
        cells = [_rate_said(run.tally, side) for run in runs]
        table.add_row(Text(games[0].label(side)), *cells)
    console.print(table)
    if len(runs) < len(games):  # stopped before the second player played
        return
    console.print(Text(agreement_said(data), style="bold"))
    for game, run in zip(games, runs, strict=True):
        said = " ".join(report_said(report_json(run.tally), run.tally.games))
        who = players(game)
        console.print(Text(f"{who[0].upper()}{who[1:]}: {said}"))


def _show_handicap(games: list[BalanceGame], runs: list[BalanceRun], data: dict[str, Any]) -> None:
    """Each setting of the sweep with each side's wins, rate and interval, then the
    setting closest to even."""
    from rich.table import Table

    from builder.cli.render import titled
    from builder.export.balance_report import handicap_said, setting_said
    from builder.render.balance import players

    tally, game = runs[0].tally, games[0]
    seeds = f"seeds {tally.first_seed}–{(tally.first_seed or 0) + tally.played - 1}"
    console.print(titled(game.setting.title, f" — {tally.games} games a setting ({seeds}), {players(game)}."))
    table = Table(show_edge=False, header_style="bold")
    table.add_column("setting")
    for side in tally.sides:
        table.add_column(Text(game.label(side)), justify="right")
    table.add_column("draws", justify="right")
    names = {side: game.label(side) for side in tally.sides}
    for setting, run in zip(data["settings"], runs, strict=False):
        row = [_rate_said(run.tally, side) for side in tally.sides]
        table.add_row(Text(setting_said(setting, names)), *row, str(run.tally.wins["draw"]))
    console.print(table)
    for line in handicap_said(data):
        console.print(Text(line, style="bold"))


def _rate_said(tally: Tally, side: str) -> str:
    rate = tally.rate(side)
    low, high = rate.interval
    return f"{rate.wins} ({rate.rate:.0%}, {low:.0%}–{high:.0%})"


def _sides(game: BalanceGame, tally: Tally) -> Table:
    from rich.table import Table  # here: `hon --help` should not load it

    from builder.render.balance import score_name

    table = Table(show_edge=False, header_style="bold")
    for heading in ("side", "wins", "win rate", "95 % interval", f"{score_name(game.setting.score)} (mean)"):
        table.add_column(heading, justify="left" if heading == "side" else "right")
    for side in tally.sides:
        rate = tally.rate(side)
        low, high = rate.interval
        points = tally.victory_points.get(side)
        mean = sum(vp * n for vp, n in points.items()) / tally.games if points else 0.0
        table.add_row(
            Text(game.label(side)), str(rate.wins), f"{rate.rate:.0%}", f"{low:.0%}–{high:.0%}", f"{mean:.1f}"
        )
    return table
