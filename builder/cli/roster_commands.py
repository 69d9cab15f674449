"""`hon roster ARMY.yaml --format html|pdf|md|txt [-o PATH]`: the printable roster."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from builder.cli.app import CatalogueOption, ForceOption, app, catalogue_inputs, errors, open_catalogue, tell_written
from builder.cli.terminal import say
from builder.export.formats import Format, Paper


@app.command()
def roster(
    army: Annotated[Path, typer.Argument(help="An army list (YAML).")],
    fmt: Annotated[Format, typer.Option("--format", "-f", help="html, pdf, md or txt.")] = Format.HTML,
    # Text, not a Path: a Path would drop the trailing slash that says "a folder".
    given: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            help="A file, a folder to write <army-name>.<format> into (a new name without an extension is a "
            "folder), or - for standard output.",
        ),
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help="Refuse an illegal army (exit 1, nothing written).")] = False,
    paper: Annotated[Paper, typer.Option("--paper", help="a4 or letter (html and pdf).")] = Paper.A4,
    catalogue: CatalogueOption = None,
    force: ForceOption = False,
) -> None:
    """Write a printable roster of an army list, into exports/ unless -o says otherwise.

    An illegal army still prints, under a "not legal" banner listing its issues."""
    from builder.cli.tcg_report import deck_list, is_tcg
    from builder.export.roster import render
    from builder.export.roster_build import build_roster
    from builder.heroes.army.validate import check
    from builder.io.army_files import load_army
    from builder.io.outputs import printout
    from builder.kernel.diagnostics import plural
    from builder.kernel.system import Capability
    from builder.services.systems import require

    if is_tcg(army, Capability.ROSTER):
        raise typer.Exit(deck_list(army, fmt.value, given, strict, paper.value, force))
    require(army, Capability.ROSTER)
    loaded_catalogue, _ = open_catalogue(catalogue)
    loaded = load_army(army)
    inputs = [army, *catalogue_inputs(catalogue)]
    target = printout(given, loaded.army.name, fmt.extension, inputs=inputs, force=force)
    issues, _ = check(loaded.army, loaded_catalogue)
    sheet = build_roster(loaded.army, loaded_catalogue, loaded.locate(issues))
    if strict and not sheet.legal:
        say(f"{sheet.name} is not legal ({plural(len(sheet.errors), 'error')}); --strict writes no roster.")
        for issue in sheet.errors:
            errors.print(f"  {issue.path}: {issue.message}", markup=False, highlight=False)
        raise typer.Exit(1)
    tell_written(target.write(render(sheet, fmt, paper)))
