"""The hex game as a game system (DESIGN.md 2): the Memoir '44-style rules summary of the
rule books (`game: m44`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.kernel.system import Capability, GameId
from builder.memoir.scenario import SCENARIO_FORMAT

if TYPE_CHECKING:
    from builder.kernel.coverage import Listing


@dataclass(frozen=True)
class MemoirSystem:
    id: str = "memoir"
    name: str = "Memoir '44-style hex game"
    games: tuple[GameId, ...] = (GameId("m44", "Memoir '44-style hex game (rules summary)"),)
    formats: tuple[str, ...] = (SCENARIO_FORMAT,)
    extensions: tuple[str, ...] = (".m44",)
    capabilities: frozenset[Capability] = frozenset(
        {
            Capability.SCENARIO_CHECK,
            Capability.DEPLOY,
            Capability.SIMULATE,
            Capability.BALANCE,
            Capability.ODDS,
            Capability.SHEET,
            Capability.RULES,
            Capability.SEARCH,
        }
    )

    def supports(self, capability: Capability) -> bool:
        return capability in self.capabilities

    def listing(self) -> Listing:
        from builder.memoir.rules.coverage import LISTING

        return LISTING


MEMOIR = MemoirSystem()
