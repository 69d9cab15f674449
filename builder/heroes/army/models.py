"""The army list file (DESIGN.md 3.2): which tiles, which options in which slots."""

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer, model_validator

from builder.heroes.catalogue.base import Game, Id

ARMY_FORMAT: Literal["hon-army"] = "hon-army"
ARMY_VERSION: Literal[1] = 1


class OptionPick(BaseModel):
    """An option in a slot or fielded free, with the choice made for it when the army was
    built. Written `left: cw-piat-team`, or `{option: cw-gear, choice: [grenade, knife, knife]}`."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)

    option: Id
    choice: list[Id] = Field(default_factory=list)

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
    slots: dict[Id, OptionPick] = Field(default_factory=dict)


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
    tiles: list[TileEntry] = Field(default_factory=list)
    heroes: list[HeroEntry] = Field(default_factory=list)
    free_options: list[OptionPick] = Field(default_factory=list)
    notes: str = Field(default="", max_length=20000)
