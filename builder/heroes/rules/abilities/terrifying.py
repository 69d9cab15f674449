"""Terrifying told (SoN p.19): "when this unit wins an assault, in addition to damage, it
places two Suppressed markers on the victim, assuming it was not eliminated during the
assault. If it loses the fight, it still puts one Suppressed marker on his opponent."
The assault's resolution asks for the markers (resolution/assault_roll.py) and its event for the note."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.abilities.ability import Ability, Source
from builder.heroes.rules.events.combat import AssaultNote
from builder.heroes.rules.resolution import assault_roll  # by module: it asks this ability for markers

if TYPE_CHECKING:
    from builder.heroes.rules.resolution.assault_roll import AssaultResult
    from builder.heroes.rules.ruleset import Ruleset

WIN_MARKERS, LOSS_MARKERS = 2, 1  # Suppressed markers put on the opponent (SoN p.19)


class Terrifying(Ability):
    id = "terrifying"
    name = "Terrifying"
    page = "SoN p.19"
    source = Source.COUNTER

    def assault_markers(self, won: bool, opponent_destroyed: bool) -> int:
        if not won:
            return LOSS_MARKERS
        return 0 if opponent_destroyed else WIN_MARKERS

    def assault_note(self, result: AssaultResult, ruleset: Ruleset) -> tuple[AssaultNote, ...]:
        """The markers each terrifying side of a won or lost assault put on its opponent."""
        if result.outcome is assault_roll.AssaultOutcome.TIE:
            return ()
        attacker, defender = result.assault.attacker, result.engagement.defender
        won = result.outcome is assault_roll.AssaultOutcome.WIN
        page = ruleset.cite(self.id)
        return tuple(
            AssaultNote(ability=self.id, unit=side.key, other=other.key, markers=markers, page=page)
            for side, other, survivor, markers in (
                (attacker, defender, result.defender, WIN_MARKERS if won else LOSS_MARKERS),
                (defender, attacker, result.attacker, LOSS_MARKERS if won else WIN_MARKERS),
            )
            if side.side.has(self.id) and survivor is not None and not survivor.is_wreck
        )
