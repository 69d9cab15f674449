"""The kinds of catalogue entry: the file section each lives in, and its model."""

from dataclasses import dataclass
from importlib import import_module

from builder.heroes.catalogue.base import Entry


@dataclass(frozen=True)
class Kind:
    """A kind of catalogue entry: the file section it lives in and its model."""

    section: str
    singular: str
    # Where the model is defined ("module.Class"), imported when first asked for: the army
    # builder starts without the terrain and card models (see LATER in index.py).
    model_path: str

    @property
    def model(self) -> type[Entry]:
        module, name = self.model_path.rsplit(".", 1)
        model: type[Entry] = getattr(import_module(f"builder.heroes.catalogue.{module}"), name)
        return model


# In dependency order: stripes and factions first, what refers to them after.
KINDS: tuple[Kind, ...] = (
    Kind("stripes", "stripe", "glossary.Stripe"),
    Kind("factions", "faction", "glossary.Faction"),
    Kind("abilities", "special ability", "glossary.Ability"),
    Kind("markers", "marker", "glossary.Marker"),
    Kind("terrain_effects", "terrain effect", "glossary.TerrainEffect"),
    Kind("terrain", "terrain type", "terrain.TerrainType"),
    Kind("boards", "terrain board", "terrain.Board"),
    Kind("units", "unit", "units.Unit"),
    Kind("tiles", "recruitment tile", "recruitment.RecruitmentTile"),
    Kind("heroes", "hero", "recruitment.Hero"),
    Kind("options", "recruitment option", "recruitment.RecruitmentOption"),
    Kind("action_cards", "action card", "cards.ActionCard"),
)
KIND_BY_SECTION = {kind.section: kind for kind in KINDS}
