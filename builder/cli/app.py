"""The Typer application and the options every command shares."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console

from builder.io.paths import existing_user_catalogue

if TYPE_CHECKING:
    from builder.heroes.catalogue.index import Catalogue
    from builder.kernel.diagnostics import Issue

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


def open_catalogue(explicit: Path | None) -> tuple[Catalogue, list[Issue]]:
    """The bundled catalogue with the player's own layered over it: the folder given with
    --catalogue, else the catalogue editor's folder when it exists."""
    from builder.io.catalogue_files import load_catalogue

    return load_catalogue(existing_user_catalogue(explicit))


# Markup off: what hon prints is full of the player's own text (army, tile and scenario
# names, labels, titles), and "[/]" or "[link=…]" in it must print as written, never be
# read as markup. Styles come from Text objects (builder.cli.render), not from strings.
console = Console(highlight=False, markup=False)
errors = Console(stderr=True, highlight=False, markup=False)
