"""What every Tactical Card Game file and card shares: ids, names, sources and boxes."""

from __future__ import annotations

import re
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, field_validator

GAME = "tcg"
BOOK = "TCG"
EXAMPLE = "example"
ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
# "TCG p.18", "TCG p.16-17", or several joined with "; ".
SOURCE_PATTERN = re.compile(r"^(example|TCG p\.\d+(-\d+)?(; TCG p\.\d+(-\d+)?)*)$")

Id = Annotated[str, Field(pattern=ID_PATTERN, min_length=1, max_length=80)]
Name = Annotated[str, Field(min_length=1, max_length=120)]
Text = Annotated[str, Field(max_length=4000)]
# A column or row of the battlefield; boards are small (TCG p.4: a box is a little larger
# than a card), so hon reads at most 30 by 30 boxes.
Coordinate = Annotated[int, Field(ge=0, le=29)]
Box = tuple[Coordinate, Coordinate]


def page(number: int | str) -> str:
    """A citation of the rule book: page(14) -> "TCG p.14"."""
    return f"{BOOK} p.{number}"


class Part(BaseModel):
    """A piece of a file: unknown keys are refused (DESIGN.md 3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Sourced(Part):
    """A card or scenario: a page of the rule book that prints it, or `example` when its
    values were chosen to make the data playable (the book prints almost no card data)."""

    source: str = EXAMPLE
    # Fields whose values the book prints although the card as a whole is an example,
    # with their page: {"shooting": "TCG p.18"}.
    printed: dict[str, str] = Field(default_factory=dict)

    @field_validator("source")
    @classmethod
    def _source_is_page_or_example(cls, value: str) -> str:
        if not SOURCE_PATTERN.match(value):
            raise ValueError(f"source must be a page of the rule book such as 'TCG p.18' or 'example', not {value!r}")
        return value

    @field_validator("printed")
    @classmethod
    def _printed_pages(cls, value: dict[str, str]) -> dict[str, str]:
        for name, where in value.items():
            if where == EXAMPLE or not SOURCE_PATTERN.match(where):
                raise ValueError(f"printed.{name} must be a page such as 'TCG p.18', not {where!r}")
            if name not in cls.model_fields:
                raise ValueError(f"printed names a field this card doesn't have: {name}")
        return value

    @property
    def is_example(self) -> bool:
        return self.source == EXAMPLE
