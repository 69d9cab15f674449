"""The Heroes System as a game system (DESIGN.md 2): Heroes of Normandie with Battle for
Caen (`game: hon`) and Shadows over Normandie (`game: son`), one engine, two rule sets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.heroes.army.models import ARMY_FORMAT
from builder.heroes.campaign.models import CAMPAIGN_FORMAT
from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.document import CATALOGUE_FORMAT
from builder.heroes.rules.setup.positions import POSITIONS_FORMAT
from builder.heroes.scenario.models import SCENARIO_FORMAT
from builder.kernel.system import Capability, GameId

if TYPE_CHECKING:
    from builder.kernel.coverage import Listing


@dataclass(frozen=True)
class HeroesSystem:
    id: str = "heroes"
    name: str = "Heroes System"
    games: tuple[GameId, ...] = (
        GameId(Game.HON.value, Game.HON.full_name),
        GameId(Game.SON.value, Game.SON.full_name),
    )
    formats: tuple[str, ...] = (ARMY_FORMAT, SCENARIO_FORMAT, CATALOGUE_FORMAT, POSITIONS_FORMAT, CAMPAIGN_FORMAT)
    extensions: tuple[str, ...] = ()
    capabilities: frozenset[Capability] = frozenset(
        {
            Capability.FORCE_CHECK,
            Capability.SCENARIO_CHECK,
            Capability.DEPLOY,
            Capability.SIMULATE,
            Capability.BALANCE,
            Capability.ODDS,
            Capability.ROSTER,
            Capability.SHEET,
            Capability.RULES,
            Capability.CAMPAIGN,
            Capability.SEARCH,
        }
    )

    def supports(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def listing(self) -> Listing:
        from builder.heroes.rules.coverage import LISTING

        return LISTING


HEROES = HeroesSystem()
