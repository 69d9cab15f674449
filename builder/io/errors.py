"""The one error type for a file hon cannot read, kept free of heavy imports so that the
command line can catch it without loading a parser (start-up time, DESIGN.md 5)."""

from __future__ import annotations

import re
from pathlib import Path

# Characters that would break the one line a message is (newlines, the Unicode line and
# paragraph separators), act on the terminal (escapes, other controls), or show other text
# than is there: the bidirectional marks, embeddings, overrides and isolates that reorder
# what follows them (a file name "evil\u202egpj.exe" shows as "evilexe.jpg"), and the lone
# surrogates a file name that is not UTF-8 is read with. A file name or a value quoted from
# a hostile file may hold any of them. Compiled when first used (re caches it): most runs
# of hon never report a file.
CONTROL_CHARACTERS = "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff]"


def one_line(text: str) -> str:
    """`text` with every control character written as an escape (\\n, \\x1b, \\u202e)."""
    return re.sub(CONTROL_CHARACTERS, lambda found: repr(found.group())[1:-1], text)


def shown(text: str) -> str:
    """`text` as a terminal may show it: every control character written as an escape but
    the newline, which lays out what hon prints over several lines."""
    return "\n".join(one_line(line) for line in text.split("\n"))


class HonFileError(Exception):
    """A file hon cannot read. `str()` is one sentence naming file, line and field."""

    def __init__(self, file: str | Path, message: str, line: int | None = None, field: str | None = None):
        self.file = str(file)
        self.line = line
        self.field = field
        self.reason = message
        super().__init__(self.sentence())

    def sentence(self) -> str:
        where = self.file
        if self.line is not None:
            where += f", line {self.line}"
        if self.field:
            where += f", {self.field}"
        return one_line(f"{where}: {self.reason}")


class ChangedOnDisk(Exception):
    """The file was changed by someone else since it was read."""

    def __init__(self, path: Path):
        self.path = path
        super().__init__(f"{path} was changed on disk since it was opened; not overwriting it.")
