"""`hon validate`."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from builder.cli.app import CatalogueOption, JsonOption, app

ArmyArgument = Annotated[Path, typer.Argument(help="An army list (YAML).")]


@app.command()
def validate(army: ArmyArgument, catalogue: CatalogueOption = None, as_json: JsonOption = False) -> None:
    """Check an army list: exit 0 when legal, 1 when not, 2 when it cannot be read."""
    from builder.cli.fronts import front
    from builder.kernel.system import Capability
    from builder.services.systems import require

    raise typer.Exit(front(require(army, Capability.FORCE_CHECK), catalogue).validate(army, catalogue, as_json))
