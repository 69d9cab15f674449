"""How the front ends name what a balance run played (builder.services.balance): the
players and what the sides score."""

from __future__ import annotations

from builder.export.balance_report import SCORES
from builder.kernel.decisions import Policy
from builder.services.balance import Score, Setting


def score_name(score: Score) -> str:
    """What the sides score: "victory points", or the hex game's "medals"."""
    return SCORES[score.value]


def players(setting: Setting) -> str:
    """Who played every side: "the greedy player", "the random player", or the Heroes
    System's simple policy at its temperature."""
    if setting.policy is Policy.RANDOM:
        return "the random player"
    if setting.temperature is None:
        return "the greedy player"
    if setting.temperature == 0:
        return "the simple policy, greedy (temperature 0)"
    return f"the simple policy with seeded variety (temperature {setting.temperature:g})"
