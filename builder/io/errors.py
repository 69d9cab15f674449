"""The one error type for a file hon cannot read, kept free of heavy imports so that the
command line can catch it without loading a parser (start-up time, DESIGN.md 5)."""

from __future__ import annotations

import re
from pathlib import Path

# Characters that would break the one line a message is (newlines, the Unicode line and
# paragraph separators) or act on the terminal (escapes, other controls): a file name or a
# value quoted from a hostile file may hold any of them. Compiled when first used (re caches
# it): most runs of hon never report a file.
CONTROL_CHARACTERS = "[\x00-\x1f\x7f-\x9f\u2028\u2029]"


def one_line(text: str) -> str:
    """`text` with every control character written as an escape (\\n, \\x1b)."""
    return re.sub(CONTROL_CHARACTERS, lambda found: repr(found.group())[1:-1], text)


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
