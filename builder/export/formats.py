"""The formats and paper sizes exports are written in: kept apart from the renderers so
that the command line can offer them as choices without loading a template engine."""

from __future__ import annotations

from enum import StrEnum


class Format(StrEnum):
    HTML = "html"
    PDF = "pdf"
    MD = "md"
    TXT = "txt"

    @property
    def extension(self) -> str:
        return f".{self.value}"


class Paper(StrEnum):
    """Paper sizes for `@page`: A4 by default, US Letter on request."""

    A4 = "a4"
    LETTER = "letter"

    @property
    def css(self) -> str:
        return {Paper.A4: "A4", Paper.LETTER: "letter"}[self]


class SheetFormat(StrEnum):
    HTML = "html"
    PDF = "pdf"
    SVG = "svg"

    @property
    def extension(self) -> str:
        return f".{self.value}"
