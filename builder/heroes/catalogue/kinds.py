"""The kinds of catalogue entry: the file section each lives in, and its model."""

from dataclasses import dataclass

from builder.heroes.catalogue.base import Entry
from builder.heroes.catalogue.cards import ActionCard
from builder.heroes.catalogue.glossary import Ability, Faction, Marker, Stripe, TerrainEffect
from builder.heroes.catalogue.recruitment import Hero, RecruitmentOption, RecruitmentTile
from builder.heroes.catalogue.terrain import Board, TerrainType
from builder.heroes.catalogue.units import Unit


@dataclass(frozen=True)
class Kind:
    """A kind of catalogue entry: the file section it lives in and its model."""

    section: str
    singular: str
    model: type[Entry]


# In dependency order: stripes and factions first, what refers to them after.
KINDS: tuple[Kind, ...] = (
    Kind("stripes", "stripe", Stripe),
    Kind("factions", "faction", Faction),
    Kind("abilities", "special ability", Ability),
    Kind("markers", "marker", Marker),
    Kind("terrain_effects", "terrain effect", TerrainEffect),
    Kind("terrain", "terrain type", TerrainType),
    Kind("boards", "terrain board", Board),
    Kind("units", "unit", Unit),
    Kind("tiles", "recruitment tile", RecruitmentTile),
    Kind("heroes", "hero", Hero),
    Kind("options", "recruitment option", RecruitmentOption),
    Kind("action_cards", "action card", ActionCard),
)
KIND_BY_SECTION = {kind.section: kind for kind in KINDS}
