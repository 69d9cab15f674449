"""Stripe colours drawn truly: each stripe as blocks of its catalogue colour."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text

from builder.heroes.catalogue.index import Catalogue

UNKNOWN = "#ff00ff"  # a stripe the catalogue lacks: loud on purpose


def stripe_bar(stripes: Iterable[str], catalogue: Catalogue, width: int = 2, pad_to: int = 0) -> Text:
    """`██▐██` — one block run per stripe colour, in order, padded to `pad_to` cells so
    that what follows lines up."""
    bar = Text()
    for stripe in stripes:
        entry = catalogue.stripes.get(stripe)
        bar.append("█" * width, style=entry.colour if entry else UNKNOWN)
    if bar.cell_len < pad_to:
        bar.append(" " * (pad_to - bar.cell_len))
    return bar
