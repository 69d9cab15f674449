"""Terrifying told (SoN p.19): "when this unit wins an assault, in addition to damage, it
places two Suppressed markers on the victim, assuming it was not eliminated during the
assault. If it loses the fight, it still puts one Suppressed marker on his opponent."
assault.py applies the markers; this says so in the assault's narration, with the page."""

from __future__ import annotations

from builder.heroes.rules.assault import TERRIFYING_LOSS, TERRIFYING_WIN, AssaultOutcome, AssaultResult
from builder.heroes.rules.combat import name
from builder.heroes.rules.ruleset import Ruleset


def terrifying_note(result: AssaultResult, ruleset: Ruleset) -> str:
    """ " Terrifying (SoN p.19): …" for each terrifying side of a won or lost assault, else ""."""
    if result.outcome is AssaultOutcome.TIE:
        return ""
    attacker, defender = result.assault.attacker, result.engagement.defender
    won = result.outcome is AssaultOutcome.WIN
    notes = []
    for side, other, survivor, wins in (
        (attacker, defender, result.defender, won),
        (defender, attacker, result.attacker, not won),
    ):
        if side.side.has("terrifying") and survivor is not None and not survivor.is_wreck:
            markers = TERRIFYING_WIN if wins else TERRIFYING_LOSS
            notes.append(f"{name(side)} puts {markers} Suppressed marker(s) on {name(other)}")
    return f" Terrifying ({ruleset.cite('terrifying')}): {'; '.join(notes)}." if notes else ""
