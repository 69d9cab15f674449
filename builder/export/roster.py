"""Rendering a roster: HTML from Jinja2 templates with a print stylesheet for screens and
browsers, PDF from a Typst template (`builder.export.pdf`), Markdown and plain text
(`roster_text`). No renderer computes a total: they all read `builder.export.roster_model.Roster`.

Where a roster is written, and how, is builder.io.outputs': the file is named after the
army (a slug that cannot climb out of the output folder) and written atomically."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import jinja2

from builder.export.formats import Format, Paper
from builder.export.pdf import typst_pdf
from builder.export.roster_model import Roster
from builder.export.roster_sheets import TARGETS
from builder.export.roster_text import render_markdown, render_text, sentence

TEMPLATES = Path(__file__).parent / "templates"


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
