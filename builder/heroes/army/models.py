"""The army list file (DESIGN.md 3.2): which tiles, which options in which slots."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer, model_validator

from builder.heroes.catalogue.base import Game, Id

ARMY_FORMAT: Literal["hon-army"] = "hon-army"
ARMY_VERSION: Literal[1] = 1

# How much a list may hold: far beyond any real army, so that a list no one could field is
# refused in one line instead of keeping every command busy for minutes (the README's
# "Limits"). The largest armies the books field are of 770 points (Rush on Maltot, BfC
# p.18-19), about a dozen tiles; 770 points buy at most 22 of the bundled cheapest tile.
MAX_TILES = 100
MAX_HEROES = 50
MAX_FREE_OPTIONS = 50
MAX_SLOTS = 12  # a tile prints at most a handful of slots
MAX_CHOICES = 12  # an option's picks ("grenade, piat, piat")


class OptionPick(BaseModel):
    """An option in a slot or fielded free, with the choice made for it when the army was
    built. Written `left: cw-piat-team`, or `{option: cw-gear, choice: [grenade, knife, knife]}`."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    option: Id
    choice: list[Id] = Field(default_factory=list, max_length=MAX_CHOICES)

    @model_validator(mode="before")
    @classmethod
    def _compact(cls, data: Any) -> Any:
        return {"option": data} if isinstance(data, str) else data

    @model_serializer(mode="plain")
    def _dump(self) -> str | dict[str, Any]:
        if not self.choice:
            return self.option
        return {"option": self.option, "choice": list(self.choice)}

    @classmethod
    def __get_pydantic_json_schema__(cls, schema: Any, handler: Any) -> dict[str, Any]:
        return {
            "title": "OptionPick",
            "anyOf": [
                {"type": "string"},
                {
                    "type": "object",
                    "properties": {
                        "option": {"type": "string"},
                        "choice": {"type": "array", "items": {"type": "string"}},
                    },
                    "required": ["option"],
                    "additionalProperties": False,
                },
            ],
        }


class Recruited(BaseModel):
    """A recruitment tile or hero in the list, with the options in its slots."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    label: str | None = Field(default=None, max_length=80)
    slots: dict[Id, OptionPick] = Field(default_factory=dict, max_length=MAX_SLOTS)


class TileEntry(Recruited):
    tile: Id

    @model_validator(mode="before")
    @classmethod
    def _compact(cls, data: Any) -> Any:
        return {"tile": data} if isinstance(data, str) else data


class HeroEntry(Recruited):
    hero: Id

    @model_validator(mode="before")
    @classmethod
    def _compact(cls, data: Any) -> Any:
        return {"hero": data} if isinstance(data, str) else data


class CatalogueStamp(BaseModel):
    """The catalogue revision a list was last saved against (stamped on save)."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    revision: str
    date: str = ""


class ArmyList(BaseModel):
    """A player's army list. Illegal lists are still valid files: legality is the
    validator's business, not the loader's."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    format: Literal["hon-army"] = ARMY_FORMAT
    version: Literal[1] = ARMY_VERSION
    name: str = Field(min_length=1, max_length=120)
    game: Game
    faction: Id
    points_limit: int | None = Field(default=None, ge=1, le=10000)
    catalogue: CatalogueStamp | None = None
    tiles: list[TileEntry] = Field(default_factory=list, max_length=MAX_TILES)
    heroes: list[HeroEntry] = Field(default_factory=list, max_length=MAX_HEROES)
    free_options: list[OptionPick] = Field(default_factory=list, max_length=MAX_FREE_OPTIONS)
    notes: str = Field(default="", max_length=20000)
