"""Rendering a roster: HTML from Jinja2 templates with a print stylesheet for screens and
browsers, PDF from a Typst template (`builder.export.pdf`), Markdown and plain text
(`roster_text`). No renderer computes a total: they all read `builder.export.roster_model.Roster`.

Output files are named after the army (a slug that cannot climb out of the output folder)
and written atomically."""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from functools import cache
from pathlib import Path
from typing import overload

import jinja2

from builder.export.formats import Format, Paper
from builder.export.pdf import typst_pdf
from builder.export.roster_model import Roster
from builder.export.roster_sheets import TARGETS
from builder.export.roster_text import render_markdown, render_text, sentence
from builder.io.save import atomic_write

TEMPLATES = Path(__file__).parent / "templates"
DEFAULT_FOLDER = "exports"
SLUG_LIMIT = 60
# Names Windows refuses for a file whatever its extension.
_RESERVED = {"con", "prn", "aux", "nul"} | {f"{p}{n}" for p in ("com", "lpt") for n in range(1, 10)}


# The heading shields of the combat value columns, in the colours the counters print.
_TARGET_HEADINGS = tuple(
    {"colour": t.value, "shield_colour": t.display, "short": {"infantry": "inf"}.get(t.value, t.value)} for t in TARGETS
)


@cache
def environment() -> jinja2.Environment:
    """The export templates' environment, shared by rosters and scenario sheets."""
    # autoescape everywhere: every name and text in a roster or sheet comes from user files.
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.do"],
    )
    environment.filters["sentence"] = sentence
    return environment


def render_html(roster: Roster, paper: Paper = Paper.A4) -> str:
    template = environment().get_template("roster.html.j2")
    return template.render(r=roster, paper=paper, targets=_TARGET_HEADINGS)


def render_pdf(roster: Roster, paper: Paper = Paper.A4) -> bytes:
    """The PDF of the same model, laid out by Typst (templates/roster.typ)."""
    return typst_pdf("roster.typ", {"roster": roster, "paper": paper.value, "targets": _TARGET_HEADINGS})


def render(roster: Roster, fmt: Format, paper: Paper = Paper.A4) -> bytes:
    """The roster in `fmt`, as the bytes of the file."""
    if fmt is Format.PDF:
        return render_pdf(roster, paper)
    if fmt is Format.HTML:
        text = render_html(roster, paper)
    elif fmt is Format.MD:
        text = render_markdown(roster)
    else:
        text = render_text(roster)
    return text.encode("utf-8")


def slug(name: str, limit: int = SLUG_LIMIT) -> str:
    """A file name stem from an army name: ASCII letters, digits and dashes only, so no dot,
    slash or backslash can lead out of the output folder; "army" when nothing is left."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    stem = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name).strip("-").lower()
    stem = stem[:limit].rstrip("-")
    if not stem:
        return "army"
    return f"army-{stem}" if stem in _RESERVED else stem


def output_path(name: str, extension: str, output: str | Path | None = None) -> Path:
    """Where to write a roster or a sheet: `exports/<slug><extension>` under the current
    folder by default; `output` names a file, or a folder when it is one or ends with a slash."""
    file_name = slug(name) + extension
    if output is None:
        return Path.cwd() / DEFAULT_FOLDER / file_name
    text = str(output)
    folder = Path(text)
    if folder.is_dir() or text.endswith(("/", os.sep)):
        return folder / file_name
    return folder


# `-o -` is standard output, as everywhere. `-o /dev/stdout` says the same and is taken at
# its word: the name is a link (to /proc/self/fd/1), and exports never write through links.
STDOUT = ("-", "/dev/stdout")


def to_stdout(output: str | Path | None) -> bool:
    """Whether `-o output` asks for standard output rather than a file."""
    return output is not None and str(output) in STDOUT


@overload
def write_roster(roster: Roster, fmt: Format, path: Path, paper: Paper = ...) -> Path: ...
@overload
def write_roster(roster: Roster, fmt: Format, path: None, paper: Paper = ...) -> None: ...
def write_roster(roster: Roster, fmt: Format, path: Path | None, paper: Paper = Paper.A4) -> Path | None:
    """Render the roster and write it to `path` atomically: an existing file is replaced in
    one step and no temporary file is left behind. Return the path written; with None,
    write to standard output and return None."""
    return write_export(render(roster, fmt, paper), path)


@overload
def write_export(data: bytes, path: Path) -> Path: ...
@overload
def write_export(data: bytes, path: None) -> None: ...
@overload
def write_export(data: bytes, path: Path | None) -> Path | None: ...
def write_export(data: bytes, path: Path | None) -> Path | None:
    """Write a roster's or a sheet's bytes to `path` (None: standard output, as bytes, so a
    PDF arrives intact); return the path written.

    An export never follows a symbolic link at `path` and never replaces what is not a
    regular file (a FIFO, a device such as /dev/full): either is refused with a
    RefusedWrite naming the path. A planted `exports/army.html -> ~/.bashrc` must not
    become a way to overwrite the file it points to; replacing the link instead would
    silently undo what whoever made it meant, so it is refused rather than replaced."""
    if path is None:
        sys.stdout.flush()
        stream = getattr(sys.stdout, "buffer", None)
        if stream is None:  # a text-only stream put in place of standard output
            sys.stdout.write(data.decode("utf-8", "replace"))
        else:
            stream.write(data)
            stream.flush()
        return None
    atomic_write(path, data, backup=False, follow_links=False)
    return path.parent.resolve() / path.name
