"""`hon scenario check | sheet`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from builder.cli.app import (
    CatalogueOption,
    ForceOption,
    JsonOption,
    app,
    catalogue_inputs,
    console,
    errors,
    open_catalogue,
    tell_written,
)
from builder.cli.terminal import say

if TYPE_CHECKING:
    from builder.cli.fronts import SheetAsk
    from builder.export.formats import Paper, SheetFormat

scenario_app = typer.Typer(help="Check and print scenarios.", no_args_is_help=True)
app.add_typer(scenario_app, name="scenario")

ScenarioArgument = Annotated[Path, typer.Argument(help="A scenario (YAML).")]


@scenario_app.command("check")
def check_command(scenario: ScenarioArgument, catalogue: CatalogueOption = None, as_json: JsonOption = False) -> None:
    """Check a scenario: exit 0 when playable, 1 when not, 2 when it cannot be read."""
    from builder.cli.fronts import front
    from builder.kernel.system import Capability
    from builder.services.systems import require

    raise typer.Exit(front(require(scenario, Capability.SCENARIO_CHECK), catalogue).check(scenario, catalogue, as_json))


def check_heroes(scenario: Path, catalogue: Path | None, as_json: bool) -> int:
    """`hon scenario check` of a Heroes System scenario; the exit code."""
    from builder.cli.render import issues_table, judged, titled
    from builder.heroes.scenario.force_issues import NO_ARMY
    from builder.heroes.scenario.validate import validate_scenario
    from builder.io.scenario_files import load_scenario, scenario_beside
    from builder.kernel.diagnostics import is_legal, plural

    loaded_catalogue, _ = open_catalogue(catalogue)
    loaded = load_scenario(scenario)
    campaign = loaded.scenario.campaign
    following = scenario_beside(loaded, campaign.next) if campaign and campaign.next else None
    checked = validate_scenario(loaded.scenario, loaded_catalogue, loaded.armies(), following)
    issues = loaded.locate(checked.issues)
    ok = is_legal(issues)
    if as_json:
        print(json.dumps({"ok": ok, "issues": [i.model_dump(mode="json") for i in issues]}, indent=2))
        return 0 if ok else 1
    field = checked.battlefield
    boards = plural(len(loaded.scenario.map.boards), "board")
    # Legal, yet no game starts until every side has a list (force.no-army says which).
    wanting = any(issue.code == NO_ARMY for issue in issues)
    verdict = judged(issues, "playable once every side has an army list" if wanting else "playable", "not playable")
    console.print(titled(loaded.scenario.title, f" — {field.width}x{field.height} squares, {boards}: ", verdict))
    if issues:
        console.print(issues_table(issues))
    return 0 if ok else 1


@scenario_app.command("sheet")
def sheet_command(
    scenario: ScenarioArgument,
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="html, pdf or svg (the map alone); tcg: html, pdf or md.")
    ] = "html",
    # Text, not a Path: a Path would drop the trailing slash that says "a folder".
    given: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="A file, a folder to write <scenario-id>.<format> into (a new name without an extension is a "
            "folder), or - for standard output.",
        ),
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Refuse a scenario with errors (exit 1).")] = False,
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter (html and pdf).")] = "a4",
    catalogue: CatalogueOption = None,
    force: ForceOption = False,
) -> None:
    """Write a printable scenario sheet, into exports/ unless -o says otherwise.

    A scenario with errors still prints, under a "not playable" banner listing its issues."""
    from builder.cli.fronts import SheetAsk, front
    from builder.kernel.system import Capability
    from builder.services.systems import require

    # The file is read before the options are judged: a broken file's own problem is what
    # its player needs to hear, not that --format md is for another game's sheets.
    system = require(scenario, Capability.SHEET)
    raise typer.Exit(front(system, catalogue).sheet(SheetAsk(scenario, fmt, given, strict, paper, catalogue, force)))


def heroes_sheet(ask: SheetAsk) -> int:
    """`hon scenario sheet` of a Heroes System scenario; the exit code."""
    from builder.export.sheet import build_sheet, render
    from builder.io.outputs import printout
    from builder.io.scenario_files import load_scenario
    from builder.kernel.diagnostics import plural

    loaded_catalogue, _ = open_catalogue(ask.catalogue)
    loaded = load_scenario(ask.scenario)
    chosen, chosen_paper = sheet_choices(ask.fmt, ask.paper)
    inputs = [*loaded.files(), *catalogue_inputs(ask.catalogue)]
    target = printout(ask.output, loaded.scenario.id, chosen.extension, inputs=inputs, force=ask.force)
    sheet = build_sheet(loaded, loaded_catalogue)
    if ask.strict and not sheet.playable:
        count = plural(len(sheet.errors), "error")
        say(f"{sheet.scenario.title} is not playable ({count}); --strict writes no sheet.")
        for issue in sheet.errors:
            errors.print(f"  {issue.path}: {issue.message}", markup=False, highlight=False, soft_wrap=True)
        return 1
    tell_written(target.write(render(sheet, chosen, chosen_paper)))
    return 0


def sheet_choices(fmt: str, paper: str) -> tuple[SheetFormat, Paper]:
    """The sheet's format and paper as given, or a usage error naming the option."""
    from builder.export.formats import Paper, SheetFormat

    formats, papers = {f.value: f for f in SheetFormat}, {p.value: p for p in Paper}
    if fmt not in formats:
        raise typer.BadParameter(f"{fmt!r} is not one of html, pdf, svg.", param_hint="--format")
    if paper not in papers:
        raise typer.BadParameter(f"{paper!r} is not one of a4, letter.", param_hint="--paper")
    return formats[fmt], papers[paper]


@scenario_app.command("deck")
def deck_command(
    scenario: ScenarioArgument,
    side: Annotated[str, typer.Option("--side", help="The id of the side whose deck to print.")],
    fmt: Annotated[str, typer.Option("--format", "-f", help="html, pdf or md.")] = "html",
    given: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="A file, a folder to write <scenario-id>-<side>.<format> into (a new name without an extension "
            "is a folder), or - for stdout.",
        ),
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Refuse a scenario with errors (exit 1).")] = False,
    paper: Annotated[str, typer.Option("--paper", help="a4 or letter (html and pdf).")] = "a4",
    force: ForceOption = False,
) -> None:
    """Write a Tactical Card Game side's deck list (its set-up, deployment and deck), into
    exports/ unless -o says otherwise."""
    from builder.cli.tcg_report import scenario_deck
    from builder.kernel.system import Capability
    from builder.services.systems import require
    from builder.tcg.system import TCG

    if require(scenario, Capability.SHEET) is not TCG:
        raise typer.BadParameter("deck lists are for Tactical Card Game scenarios (game: tcg)", param_hint="SCENARIO")
    raise typer.Exit(scenario_deck(scenario, side, fmt, given, strict, paper, force))
