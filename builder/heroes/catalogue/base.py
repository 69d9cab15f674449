"""Building blocks shared by every catalogue entry.

Every entry has a kebab-case `id`, the `name` printed on the cardboard and a
`source`: a page of the rule books, or `example` when the books don't print the
value and it was chosen to make the data playable (DESIGN.md 3.1).
"""

import re
from enum import StrEnum
from typing import Annotated, Any, ClassVar

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    GetJsonSchemaHandler,
    PlainSerializer,
    WithJsonSchema,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import core_schema

ID_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
EXAMPLE = "example"
# "HoN core p.28", "BfC p.09", "SoN p.17-18", or several joined with "; ".
# Patterns are compiled when first matched (re caches them), not at import: starting hon
# on a cached catalogue matches none of them.
SOURCE_PATTERN = r"^(example|(HoN core|BfC|SoN) p\.\d+(-\d+)?(; (HoN core|BfC|SoN) p\.\d+(-\d+)?)*)$"

Id = Annotated[str, Field(pattern=ID_PATTERN, min_length=1, max_length=80)]
Name = Annotated[str, Field(min_length=1, max_length=120)]
Text = Annotated[str, Field(max_length=4000)]


class Game(StrEnum):
    """The Heroes System rule sets the catalogue holds."""

    HON = "hon"  # Heroes of Normandie, with Battle for Caen
    SON = "son"  # Shadows over Normandie
    COMMON = "common"  # entries shared by every game (special abilities both books print)

    @property
    def full_name(self) -> str:
        return _GAME_TITLES[self]


_GAME_TITLES = {
    Game.HON: "Heroes of Normandie",
    Game.SON: "Shadows over Normandie",
    Game.COMMON: "Heroes System",
}


def _x_to_none(value: Any) -> Any:
    if isinstance(value, str) and value.strip().upper() == "X":
        return None
    return value


# A value printed as a number or as an X ("cannot"): X is None in Python and "X" in YAML.
Rating = Annotated[
    int | None,
    BeforeValidator(_x_to_none),
    PlainSerializer(lambda v: "X" if v is None else v, return_type=Any),
    WithJsonSchema({"anyOf": [{"type": "integer"}, {"const": "X"}]}),
]


class Entry(BaseModel):
    """Fields every catalogue entry shares."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    id: Id
    name: Name
    # Missing sources load, so a player's half-made entry is never lost, but
    # `hon catalogue check` reports them.
    source: str | None = None
    # Which rule set the entry belongs to; a catalogue file's header sets it for
    # every entry that doesn't say.
    game: Game | None = None
    # Fields whose values were chosen for playability although the entry cites a
    # page: the page prints the entry, not these numbers.
    unprinted: list[str] = Field(default_factory=list)
    notes: Text = ""

    @field_validator("source")
    @classmethod
    def _source_is_page_or_example(cls, value: str | None) -> str | None:
        if value is not None and not re.match(SOURCE_PATTERN, value):
            raise ValueError(f"source must be a rule-book page such as 'HoN core p.28' or 'example', not {value!r}")
        return value

    @model_validator(mode="after")
    def _unprinted_names_fields(self) -> "Entry":
        unknown = [name for name in self.unprinted if name not in type(self).model_fields]
        if unknown:
            raise ValueError(f"unprinted names fields this entry doesn't have: {', '.join(unknown)}")
        return self

    @property
    def is_example(self) -> bool:
        return self.source == EXAMPLE


class _IdWithNumber(BaseModel):
    """An id with a number, written compactly in YAML: `id` alone when the number is its
    default, else `{id: number}`. Subclasses name the number field."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    NUMBER: ClassVar[str]
    id: Id

    @model_validator(mode="before")
    @classmethod
    def _compact(cls, data: Any) -> Any:
        if isinstance(data, str):
            return {"id": data}
        if isinstance(data, dict) and len(data) == 1 and "id" not in data:
            ((key, value),) = data.items()
            return {"id": key, cls.NUMBER: value}
        return data

    @model_serializer(mode="plain")
    def _dump(self) -> str | dict[str, int]:
        number = getattr(self, self.NUMBER)
        return self.id if number == type(self).model_fields[self.NUMBER].default else {self.id: number}

    @classmethod
    def __get_pydantic_json_schema__(
        cls, schema: core_schema.CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return {
            "title": cls.__name__,
            "description": f"An id, or {{id: {cls.NUMBER}}}.",
            "anyOf": [
                {"type": "string", "pattern": ID_PATTERN},
                {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": {"type": "integer"}},
            ],
        }


class AbilityRef(_IdWithNumber):
    """A special ability on a counter, weapon, tile or option, with its printed value.

    Written in YAML as `assault` or `{assault: 1}` (Assault +1, Order x2, Limited Range 4).
    """

    NUMBER: ClassVar[str] = "value"
    value: int | None = None


class Count(_IdWithNumber):
    """So many of one catalogue entry: `us-fire-team`, or `{us-rifle-squad: 2}`."""

    NUMBER: ClassVar[str] = "count"
    count: int = Field(default=1, ge=1, le=99)
