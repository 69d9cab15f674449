"""Text selection over a widget that draws its own lines (Textual's Line API): the text a
drag over it selects, and its lines with the selected span highlighted, as Textual does
for its own text widgets (a Static, a Log)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from rich.style import Style
from textual.selection import Selection
from textual.strip import Strip


def selected_text(lines: Sequence[Strip], selection: Selection) -> tuple[str, str]:
    """The text of `lines` under `selection`, and what ends it (a new line)."""
    return selection.extract("\n".join(line.text.rstrip() for line in lines)), "\n"


def highlighted(line: Strip, y: int, selection: Selection | None, style: Style) -> Strip:
    """Line `y` with the part `selection` covers drawn in `style` over its own styles."""
    span = selection.get_span(y) if selection is not None else None
    if span is None:
        return line
    length = line.cell_length
    start, end = span
    end = length if end == -1 else min(end, length)
    if start >= end:
        return line
    middle = line.crop(start, end)
    lit = Strip(Segment.apply_style(list(middle), post_style=style), middle.cell_length)
    return Strip.join([line.crop(0, start), lit, line.crop(end, length)])
