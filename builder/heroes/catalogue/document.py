"""The shape of one catalogue file: a versioned header and a list per kind of entry.

Read only when a catalogue is read from its YAML files: a catalogue read before comes
from the cache (builder/io/cache.py) without these models."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from builder.heroes.catalogue.base import Entry, Game
from builder.heroes.catalogue.cards import ActionCard
from builder.heroes.catalogue.glossary import Ability, Faction, Marker, Stripe, TerrainEffect
from builder.heroes.catalogue.kinds import Kind
from builder.heroes.catalogue.recruitment import Hero, RecruitmentOption, RecruitmentTile
from builder.heroes.catalogue.terrain import Board, TerrainType
from builder.heroes.catalogue.units import Unit

CATALOGUE_FORMAT: Literal["hon-catalogue"] = "hon-catalogue"
CATALOGUE_VERSION: Literal[1] = 1


class CatalogueFile(BaseModel):
    """One YAML file of a catalogue folder."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: Literal["hon-catalogue"] = CATALOGUE_FORMAT
    version: Literal[1] = CATALOGUE_VERSION
    game: Game
    stripes: list[Stripe] = Field(default_factory=list)
    factions: list[Faction] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)
    markers: list[Marker] = Field(default_factory=list)
    terrain_effects: list[TerrainEffect] = Field(default_factory=list)
    terrain: list[TerrainType] = Field(default_factory=list)
    boards: list[Board] = Field(default_factory=list)
    units: list[Unit] = Field(default_factory=list)
    tiles: list[RecruitmentTile] = Field(default_factory=list)
    heroes: list[Hero] = Field(default_factory=list)
    options: list[RecruitmentOption] = Field(default_factory=list)
    action_cards: list[ActionCard] = Field(default_factory=list)

    def entries(self, kind: Kind) -> list[Entry]:
        """This file's entries of one kind, each stamped with the file's game."""
        found: list[Entry] = getattr(self, kind.section)
        return [e if e.game is not None else e.model_copy(update={"game": self.game}) for e in found]


class Manifest(BaseModel):
    """`catalogue.yaml` at the top of a catalogue folder: its name and date."""

    model_config = ConfigDict(extra="forbid", defer_build=True)

    format: Literal["hon-catalogue-manifest"] = "hon-catalogue-manifest"
    version: Literal[1] = 1
    name: str
    date: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    notes: str = ""
