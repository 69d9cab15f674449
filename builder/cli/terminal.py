"""Where hon's text reaches the terminal: every control character in it written as an
escape, never sent raw (issue 31, point 6).

What hon prints is full of the player's text and of text quoted from files that may be
hostile (names, titles, labels, file names): an escape sequence in it would act on the
terminal, and a right-to-left override (U+202E) would show another name than the file's.
`one_line` (builder.io.errors) says which characters and how they are written. Standard
output and standard error are written by the two Consoles below and by `say`, and by
nothing else but JSON (which escapes them itself) and file contents asked for with `-o -`."""

from __future__ import annotations

import re
import sys
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Span, Text

from builder.io.errors import CONTROL_CHARACTERS, one_line, shown

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rich.console import ConsoleOptions, RenderableType
    from rich.segment import Segment


class Terminal(Console):
    """A Rich Console that escapes the control characters of every text it renders (but the
    newlines that lay it out). Markup, highlighting and emoji codes are off: a player's
    "[/]" or ":warning:" prints as written."""

    def __init__(self, **options: Any) -> None:
        super().__init__(highlight=False, markup=False, emoji=False, **options)

    def render_str(self, text: str, **options: Any) -> Text:
        return super().render_str(shown(text), **options)

    def render(self, renderable: RenderableType, options: ConsoleOptions | None = None) -> Iterable[Segment]:
        # Escaped before it is laid out, so that a table measures and wraps what is shown.
        return super().render(shown_text(renderable) if isinstance(renderable, Text) else renderable, options)


def shown_text(text: Text) -> Text:
    """`text` with its control characters escaped, its styles moved to where their
    characters now are. (Rich itself drops a few of them, CR and BS among them, when the
    Text is made: those never reach here.)"""
    plain = text.plain
    longer = {
        found.start(): len(one_line(found.group())) - 1
        for found in re.finditer(CONTROL_CHARACTERS, plain)
        if found.group() != "\n"
    }
    if not longer:
        return text
    # Where each character of `plain` starts in the escaped text.
    starts = list(accumulate((1 + longer.get(i, 0) for i in range(len(plain))), initial=0))
    escaped = text.blank_copy(shown(plain))
    escaped.spans = [Span(starts[span.start], starts[span.end], span.style) for span in text.spans]
    return escaped


def say(message: str) -> None:
    """One line of hon's on standard error ("hon: …"): a failed command's reason, a warning.
    Control characters in a path or a value quoted from a hostile file are written as
    escapes, the newline among them, so that it stays one line."""
    print(f"hon: {one_line(message)}", file=sys.stderr)


def say_failed(seed: int, error: str) -> None:
    """A game the rules core could not finish: a bug, told in one line with its seed."""
    say(f"the game of seed {seed} failed: {error}")


def tell(line: str) -> None:
    """One line on standard output, such as the file a command wrote (which a script may
    read), its control characters written as escapes."""
    print(one_line(line))
