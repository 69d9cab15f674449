"""The hex game (`game: m44`) on the command line: `hon scenario import | export`, and what
`hon scenario check`, `hon deploy`, `hon simulate`, `hon odds --game m44` and
`hon rules --game m44` do for it (the shared commands dispatch here on the file's game)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from builder.cli.app import ForceOption, catalogue_inputs, console, tell_written
from builder.cli.bounds import BATTLE_DICE
from builder.cli.scenario_commands import scenario_app
from builder.cli.terminal import say

if TYPE_CHECKING:
    from builder.kernel.decisions import Policy
    from builder.memoir.rules.simulation import GameRecord


def _tell(severity: str, message: str) -> None:
    """One line on standard error; names and keys quoted from the file are shown escaped."""
    say(f"{severity}: {message}")


@scenario_app.command("import")
def import_command(
    source: Annotated[Path, typer.Argument(help="A .m44 file (the official editor's JSON).")],
    given: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="The scenario YAML to write, or a folder to write <scenario-id>.yaml into; - or none: standard "
            "output.",
        ),
    ] = None,
    force: ForceOption = False,
) -> None:
    """Read a .m44 file into a hex-game scenario. Every field of the file is kept and written
    back on export; standard error says, one line per kind, what hon plays, what it only
    keeps and what it does not model."""
    from builder.io.memoir_files import load_catalogue, read_m44, scenario_yaml
    from builder.io.outputs import Kind, output
    from builder.memoir.scenario import SCENARIO_FORMAT

    catalogue = load_catalogue()
    scenario, report = read_m44(source, catalogue)
    inputs = [source, *catalogue_inputs(None)]
    target = output(given, f"{scenario.id}.yaml", None, Kind.tagged(SCENARIO_FORMAT), inputs=inputs, force=force)
    written = target.write(scenario_yaml(scenario, target.path or Path.cwd() / "scenario.yaml").encode("utf-8"))
    # Said once the scenario is written: a refused output is one line, as for every command.
    for issue in report:
        _tell(issue.severity.value, f"{source}, {issue.path}: {issue.message}")
    tell_written(written)


@scenario_app.command("export")
def export_command(
    scenario: Annotated[Path, typer.Argument(help="A hex-game scenario (YAML).")],
    fmt: Annotated[str, typer.Option("--format", "-f", help="m44: the official editor's JSON.")] = "m44",
    given: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="The file to write, or a folder to write <scenario-id>.m44 into; - or none: standard output.",
        ),
    ] = None,
    force: ForceOption = False,
) -> None:
    """Write a hex-game scenario as a .m44 file; names hon keeps unmodelled are given back."""
    from builder.io.memoir_files import load_catalogue, load_scenario, m44_text
    from builder.io.outputs import Kind, output
    from builder.kernel.system import Capability
    from builder.services.systems import require

    # The .m44 format is the one its system reads besides its own: only that system writes it.
    if ".m44" not in require(scenario, Capability.SCENARIO_CHECK).extensions:
        raise typer.BadParameter(
            f"{scenario} is not a hex-game (game: m44) scenario; only those export to .m44", param_hint="SCENARIO"
        )
    catalogue = load_catalogue()
    loaded = load_scenario(scenario)
    if fmt != "m44":
        raise typer.BadParameter(f"{fmt!r} is not a format scenarios export to; use m44.", param_hint="--format")
    inputs = [scenario, *catalogue_inputs(None)]
    target = output(given, f"{loaded.scenario.id}.m44", None, Kind.extension(".m44"), inputs=inputs, force=force)
    tell_written(target.write(m44_text(loaded.scenario, catalogue).encode("utf-8")))


def sheet(path: Path, fmt: str, paper: str, given: str | None, strict: bool, force: bool) -> int:
    """`hon scenario sheet` for a hex-game scenario: HTML, PDF or the map alone as SVG."""
    from builder.cli.scenario_commands import sheet_choices
    from builder.export.hex_sheet import build, render
    from builder.io.memoir_files import load_catalogue, load_scenario
    from builder.io.outputs import printout

    loaded = load_scenario(path)
    chosen, chosen_paper = sheet_choices(fmt, paper)
    inputs = [path, *catalogue_inputs(None)]
    target = printout(given, loaded.scenario.id, chosen.extension, inputs=inputs, force=force)
    made = build(loaded.scenario, load_catalogue())
    if strict and not made.playable:
        say(f"{made.scenario.title} is not playable; --strict writes no sheet.")
        return 1
    tell_written(target.write(render(made, chosen, chosen_paper)))
    return 0


def check(path: Path, as_json: bool) -> int:
    """`hon scenario check` for a hex-game scenario: 0 playable, 1 not."""
    from builder.cli.render import issues_table, judged, titled
    from builder.kernel.diagnostics import is_legal, plural
    from builder.services.memoir_game import check as check_scenario

    checked = check_scenario(path)
    issues = list(checked.issues)
    ok = is_legal(issues)
    if as_json:
        print(json.dumps({"ok": ok, "issues": [i.model_dump(mode="json") for i in issues]}, indent=2))
        return 0 if ok else 1
    board = checked.catalogue.boards.get(checked.scenario.board.type)
    size = f"{board.columns}x{board.rows} hexes" if board is not None else "unknown board"
    units = plural(sum(1 for p in checked.scenario.hexes if p.unit is not None), "unit")
    console.print(titled(checked.scenario.title, f" — {size}, {units}: ", judged(issues, "playable", "not playable")))
    if issues:
        console.print(issues_table(issues))
    return 0 if ok else 1


def deploy(path: Path, side: str, as_json: bool) -> int:
    """`hon deploy` for a hex-game scenario: the side's set-up as the scenario deploys it,
    each unit with its hex, sections and ground, and the scenario's issues."""
    from builder.cli.render import issues_table, judged, titled
    from builder.kernel.diagnostics import is_legal, the_side
    from builder.memoir.rules.state import start
    from builder.services.memoir_game import check as check_scenario
    from builder.services.memoir_game import side_named

    checked = check_scenario(path)
    chosen = side_named(checked.scenario, side)
    if chosen is None:
        known = ", ".join(s.id.value for s in checked.scenario.sides)
        raise typer.BadParameter(f"the scenario has no side {side!r}; its sides are {known}", param_hint="--side")
    issues = list(checked.issues)
    ok = is_legal(issues)
    rows: list[dict[str, Any]] = []
    if ok:
        state = start(checked.scenario, checked.catalogue)
        board, edge = state.battlefield.board, state.edge(chosen)
        for piece in state.units(chosen):
            sections = sorted(s.value for s in board.sections(piece.place, edge))
            ground = list(state.battlefield.ground(piece.place).names)
            rows.append(
                {
                    "unit": piece.key,
                    "name": piece.rules.name,
                    "figures": piece.figures,
                    "row": piece.place.row,
                    "col": piece.place.col,
                    "sections": sections,
                    "ground": ground,
                }
            )
    if as_json:
        print(
            json.dumps(
                {"ok": ok, "side": chosen.value, "units": rows, "issues": [i.model_dump(mode="json") for i in issues]},
                indent=2,
            )
        )
        return 0 if ok else 1
    setup = checked.scenario.side(chosen)
    console.print(
        titled(
            checked.scenario.title,
            f" — {the_side(setup.name)} deploys from the {setup.edge.value} edge: ",
            judged(issues, "legal", "not legal"),
        )
    )
    table = Table(header_style="bold", box=None, pad_edge=False)
    for column in ("unit", "figures", "hex", "sections", "ground"):
        table.add_column(column)
    for row in rows:
        table.add_row(
            Text(f"{row['name']} {row['unit']}"),
            str(row["figures"]),
            f"({row['row']},{row['col']})",
            "+".join(row["sections"]),
            Text(", ".join(row["ground"]) or "countryside"),
        )
    console.print(table)
    if issues:
        console.print(issues_table(issues))
    return 0 if ok else 1


def simulate_tui(path: Path, seed: int, turns: int | None, policy: Policy) -> None:
    """`hon simulate --tui`: the game stepped through in the app's viewer."""
    from builder.services.memoir_game import prepare_game
    from builder.tui.app import HonApp
    from builder.tui.screens.hex_simulation import HexSimulationScreen

    prepare_game(path)  # a scenario with errors is refused here, in one line
    HonApp(opening=HexSimulationScreen(path, seed=seed, turns=turns, policy=policy)).run()


def simulate(path: Path, seed: int, turns: int | None, as_json: bool, policy: Policy, budget: int) -> None:
    """`hon simulate` of a hex-game scenario, every side played by `policy` (a search agent
    with `budget` play-outs a choice)."""
    from builder.cli.render import titled
    from builder.cli.simulate_commands import played, players_named
    from builder.services.memoir_game import prepare_game

    game = prepare_game(path)
    with played(seed):
        record = game.simulate(seed=seed, turns=turns, policy=policy, budget=budget)
    player = players_named(policy, budget, "a choice")
    if as_json:
        print(json.dumps(record.to_json(), indent=1))
        return
    console.print(titled(game.checked.scenario.title, f" — simulated with seed {seed}, {player} for both sides."))
    narrate(record)


def narrate(record: GameRecord) -> None:
    from builder.cli.render import titled
    from builder.memoir.rules.events import TurnEvent
    from builder.render.memoir_narration import event_line, roll_text

    for event in record.events:
        if isinstance(event, TurnEvent):
            console.print()
        console.print(event_line(event))
        for roll in event.rolls:
            console.print(roll_text(roll))
    console.print()
    medals = ", ".join(f"{side} {count}" for side, count in record.medals.items())
    console.print(titled("Result:", f" {record.outcome} — medals: {medals}; seed {record.seed}."))


def odds(dice: int | None, target: str | None, as_json: bool) -> None:
    """`hon odds --game m44 --dice N --target T`: the exact chances of each number of hits
    and of flags."""
    from builder.memoir.catalogue import UnitType
    from builder.memoir.rules.battle_dice import distribution

    if dice is None:
        raise typer.BadParameter(
            f"the hex game's odds need --dice N ({BATTLE_DICE.low} to {BATTLE_DICE.high} battle dice)",
            param_hint="--dice",
        )
    types = {t.value: t for t in UnitType}
    if target is None:
        raise typer.BadParameter(
            "the hex game's odds need --target infantry, armor or artillery", param_hint="--target"
        )
    if target not in types:
        raise typer.BadParameter(f"{target!r} is not infantry, armor or artillery", param_hint="--target")
    found = distribution(dice, types[target])
    if as_json:
        print(json.dumps(found.as_dict()))
        return
    console.print(Text(f"{dice} battle dice against {target}: {float(found.expected_hits()):.2f} hits expected"))
    table = Table(header_style="bold")
    for column in ("count", "hits", "flags"):
        table.add_column(column, justify="right")
    for count in range(dice + 1):
        table.add_row(str(count), f"{float(found.hits[count]) * 100:.1f}%", f"{float(found.flags[count]) * 100:.1f}%")
    console.print(table)
