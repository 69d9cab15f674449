"""The Typer application and the options every command shares."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer
from rich.console import Console

from builder.cli.lazy import HonGroup
from builder.io.paths import existing_user_catalogue

if TYPE_CHECKING:
    from builder.heroes.catalogue.index import Catalogue
    from builder.kernel.diagnostics import Issue

app = typer.Typer(
    name="hon",
    help="Army builder and scenario designer for the Heroes System wargames. `hon FILE` opens an army list in "
    "the army builder, a scenario in its designer.",
    no_args_is_help=False,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    cls=HonGroup,  # commands made on first use (builder.cli.lazy)
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


# Output that is not a terminal (a pipe, a file) is laid out this wide: as wide as its
# content, never cut or wrapped at 80 columns or at the width of a terminal elsewhere.
PIPE_WIDTH = 100_000


def _width(stream: TextIO) -> int | None:
    """None on a terminal (Rich then follows its width); otherwise PIPE_WIDTH."""
    isatty = getattr(stream, "isatty", None)
    return None if isatty is not None and isatty() else PIPE_WIDTH


# Markup off: what hon prints is full of the player's own text (army, tile and scenario
# names, labels, titles), and "[/]" or "[link=…]" in it must print as written, never be
# read as markup. Styles come from Text objects (builder.cli.render), not from strings.
console = Console(highlight=False, markup=False, width=_width(sys.stdout))
errors = Console(stderr=True, highlight=False, markup=False, width=_width(sys.stderr))
