"""What a game's events refer to by key or id, kept once with the game's record so that front
ends can name it (builder.render.heroes_events): an event carries keys, never names."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import CombatGroup
from builder.heroes.scenario.models import Scenario


@dataclass(frozen=True)
class Names:
    """The scenario (its sides, objectives, victory conditions and events), every unit the game
    had by key (as last seen: on the battlefield, in reserve, destroyed, exited, captive), the
    combat groups' titles and the groups themselves by group key ("german/tiles[0]"), the
    action cards' names by id, the terrain elements' names by key, and the names of the
    recruitment options the game brought in by id (spells cast, what a search found)."""

    scenario: Scenario
    pieces: Mapping[str, Piece]
    titles: Mapping[str, str]
    groups: Mapping[str, CombatGroup]
    cards: Mapping[str, str]
    elements: Mapping[str, str]
    options: Mapping[str, str]

    def title(self, piece: Piece) -> str:
        """The combat group's title, or the counter's name when it has none."""
        return self.titles.get(f"{piece.owner}/{piece.group}") or piece.unit.name
