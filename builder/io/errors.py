"""The one error type for a file hon cannot read, kept free of heavy imports so that the
command line can catch it without loading a parser (start-up time, DESIGN.md 5)."""

from __future__ import annotations

from pathlib import Path


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
        return f"{where}: {self.reason}"


class ChangedOnDisk(Exception):
    """The file was changed by someone else since it was read."""

    def __init__(self, path: Path):
        self.path = path
        super().__init__(f"{path} was changed on disk since it was opened; not overwriting it.")
