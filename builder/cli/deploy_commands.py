"""`hon deploy`: the deployment dry-run of one side's army on a scenario's map."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from builder.cli.app import CatalogueOption, ForceOption, JsonOption, app, errors
from builder.io.errors import one_line

ScenarioArgument = Annotated[Path, typer.Argument(help="A scenario (YAML).")]
SideOption = Annotated[str, typer.Option("--side", help="The scenario side that deploys (its id).")]
ArmyOption = Annotated[
    str | None,
    typer.Option("--army", help="SIDE=FILE: the side's army list; by default the one the scenario names."),
]
PositionsOption = Annotated[
    Path | None, typer.Option("--positions", help="A positions file to check; without it, deploy automatically.")
]
# Text, not a Path: a Path would drop the trailing slash that says "a folder".
SaveOption = Annotated[
    str | None,
    typer.Option(
        "--save",
        help="Write the placements to this positions file, or to <scenario-id>-<side>-positions.yaml in this "
        "folder (a new name without an extension is a folder).",
    ),
]


@app.command("deploy")
def deploy_command(
    scenario: ScenarioArgument,
    side: SideOption,
    army: ArmyOption = None,
    positions: PositionsOption = None,
    save: SaveOption = None,
    catalogue: CatalogueOption = None,
    as_json: JsonOption = False,
    force: ForceOption = False,
) -> None:
    """Dry-run a deployment: check a positions file, or deploy the army automatically.
    Exit 0 when legal, 1 when not, 2 when something cannot be read."""
    from builder.cli.fronts import DeployAsk, front
    from builder.kernel.system import Capability
    from builder.services.systems import require

    system = require(scenario, Capability.DEPLOY)
    ask = DeployAsk(scenario, side, army, positions, save, catalogue, as_json, force)
    raise typer.Exit(front(system, ask.catalogue).deploy(ask))


def army_of(given: str | None, side: str) -> Path | None:
    """--army SIDE=FILE, as `hon simulate` and `hon balance` take it, for the side that
    deploys. The older --army FILE still works, with a line on stderr saying so."""
    if given is None:
        return None
    named, sep, file = given.partition("=")
    if sep and named == side and file:
        return Path(file)
    if sep and not Path(given).exists():
        raise typer.BadParameter(f"{given!r} is not {side}=FILE, for --side {side}", param_hint="--army")
    if Path(given).exists():  # a missing file's own error is the one line to read
        errors.print(f"hon: warning: --army FILE is deprecated; write --army {side}={one_line(given)}", soft_wrap=True)
    return Path(given)
