"""The Tactical Card Game as a game system (DESIGN.md 2): `game: tcg` files."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.kernel.system import Capability, GameId
from builder.tcg.base import GAME
from builder.tcg.catalogue import CARDS_FORMAT
from builder.tcg.scenario import FORCE_FORMAT, SCENARIO_FORMAT

if TYPE_CHECKING:
    from builder.kernel.coverage import Listing


@dataclass(frozen=True)
class TcgSystem:
    id: str = "tcg"
    name: str = "Tactical Card Game"
    games: tuple[GameId, ...] = (GameId(GAME, "Heroes of Normandie — The Tactical Card Game"),)
    formats: tuple[str, ...] = (SCENARIO_FORMAT, FORCE_FORMAT, CARDS_FORMAT)
    extensions: tuple[str, ...] = ()
    capabilities: frozenset[Capability] = frozenset(
        {
            Capability.FORCE_CHECK,
            Capability.SCENARIO_CHECK,
            Capability.DEPLOY,
            Capability.SIMULATE,
            Capability.BALANCE,
            Capability.ODDS,
            Capability.RULES,
            Capability.ROSTER,
            Capability.SHEET,
            Capability.SEARCH,
        }
    )

    def supports(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def listing(self) -> Listing:
        from builder.tcg.rules.coverage import LISTING

        return LISTING


TCG = TcgSystem()
