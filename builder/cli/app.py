"""The Typer application and the options every command shares."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer
from rich.console import Console, ConsoleOptions, ConsoleRenderable, RenderHook
from rich.segment import Segment

from builder.cli.lazy import HonGroup
from builder.cli.terminal import Terminal, say, tell
from builder.io.paths import existing_user_catalogue
from builder.kernel.decisions import Policy

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
PolicyOption = Annotated[
    Policy,
    typer.Option(
        "--policy",
        help="Who plays every side: greedy (the best-scored option at each decision), random "
        "(any legal option, each as likely) or search (each action weighed by play-outs on games drawn from "
        "what its side knows; Heroes System games, see --budget).",
    ),
]
ForceOption = Annotated[
    bool,
    typer.Option("--force", help="Replace an existing file of another format where the output goes (never an input)."),
]


def open_catalogue(explicit: Path | None) -> tuple[Catalogue, list[Issue]]:
    """The bundled catalogue with the player's own layered over it: the folder given with
    --catalogue, else the catalogue editor's folder when it exists."""
    from builder.io.catalogue_files import load_catalogue

    return load_catalogue(existing_user_catalogue(explicit))


def catalogue_inputs(explicit: Path | None) -> list[Path]:
    """The files of the catalogues a command reads, which its output never replaces."""
    from builder.io.catalogue_files import catalogue_inputs as files

    return files(existing_user_catalogue(explicit))


def tell_written(path: Path | None, beside_report: bool = False) -> None:
    """Say where the file went (builder.io.outputs): alone on standard output when the file
    is what the command makes, on standard error when standard output carries its report.
    Nothing when the file itself went to standard output (None)."""
    if path is None:
        return
    if beside_report:
        say(f"wrote {path}")
    else:
        tell(str(path))


# Output that is not a terminal (a pipe, a file) is laid out this wide: as wide as its
# content, never cut or wrapped at 80 columns or at the width of a terminal elsewhere.
PIPE_WIDTH = 100_000


def _width(stream: TextIO) -> int | None:
    """None on a terminal (Rich then follows its width); otherwise PIPE_WIDTH."""
    isatty = getattr(stream, "isatty", None)
    return None if isatty is not None and isatty() else PIPE_WIDTH


class _Trimmed:
    """A renderable printed without the blanks that end its lines: Rich pads a table's
    cells to their column's width, and in a pipe, laid out PIPE_WIDTH wide, a short line
    of a table with a long one came out padded to the long one's length."""

    def __init__(self, renderable: ConsoleRenderable) -> None:
        self.renderable = renderable

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[Segment]:
        for line, ended in Segment.split_lines_terminator(console.render(self.renderable, options)):
            if ended:  # a line still being written (print's end="") keeps its blanks
                while line and not line[-1].control and not line[-1].text.strip(" "):
                    line.pop()
                if line and not line[-1].control:
                    last = line[-1]
                    line[-1] = Segment(last.text.rstrip(" "), last.style)
            yield from line
            if ended:
                yield Segment.line()


class _TrimLines(RenderHook):
    def process_renderables(self, renderables: list[ConsoleRenderable]) -> list[ConsoleRenderable]:
        return [_Trimmed(renderable) for renderable in renderables]


def _console(stream: TextIO, stderr: bool) -> Console:
    # Markup off: what hon prints is full of the player's own text (army, tile and scenario
    # names, labels, titles), and "[/]" or "[link=…]" in it must print as written, never be
    # read as markup; nor may its control characters reach the terminal (builder.cli.terminal).
    # Styles come from Text objects (builder.cli.render), not from strings.
    width = _width(stream)
    made = Terminal(stderr=stderr, width=width)
    if width == PIPE_WIDTH:
        made.push_render_hook(_TrimLines())
    return made


console = _console(sys.stdout, stderr=False)
errors = _console(sys.stderr, stderr=True)
