"""The Typer application and the options every command shares."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

app = typer.Typer(
    name="hon",
    help="Army builder and scenario designer for the Heroes System wargames.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)

CatalogueOption = Annotated[
    Path | None,
    typer.Option(
        "--catalogue",
        help="A user catalogue folder layered over the bundled one.",
        file_okay=False,
        dir_okay=True,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Machine-readable output.")]

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)
