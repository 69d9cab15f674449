"""`hon scenario check | sheet`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from builder.cli.app import CatalogueOption, JsonOption, app, console, open_catalogue

scenario_app = typer.Typer(help="Check and print scenarios.", no_args_is_help=True)
app.add_typer(scenario_app, name="scenario")

ScenarioArgument = Annotated[Path, typer.Argument(help="A scenario (YAML).")]


@scenario_app.command("check")
def check_command(scenario: ScenarioArgument, catalogue: CatalogueOption = None, as_json: JsonOption = False) -> None:
    """Check a scenario: exit 0 when playable, 1 when not, 2 when it cannot be read."""
    from builder.cli.render import issues_table
    from builder.diagnostics import Severity, is_legal
    from builder.io.scenario_files import load_scenario
    from builder.scenario.validate import validate_scenario

    loaded_catalogue, _ = open_catalogue(catalogue)
    loaded = load_scenario(scenario)
    checked = validate_scenario(loaded.scenario, loaded_catalogue, loaded.armies())
    issues = loaded.locate(checked.issues)
    ok = is_legal(issues)
    if as_json:
        print(json.dumps({"ok": ok, "issues": [i.model_dump(mode="json") for i in issues]}, indent=2))
        raise typer.Exit(0 if ok else 1)
    field = checked.battlefield
    errors = sum(1 for i in issues if i.severity is Severity.ERROR)
    verdict = (
        "[bold green]playable[/]" if ok else f"[bold red]not playable ({errors} error{'s' if errors != 1 else ''})[/]"
    )
    console.print(
        f"[bold]{loaded.scenario.title}[/] — {field.width}x{field.height} squares, "
        f"{len(loaded.scenario.map.boards)} boards: {verdict}"
    )
    if issues:
        console.print(issues_table(issues))
    raise typer.Exit(0 if ok else 1)
