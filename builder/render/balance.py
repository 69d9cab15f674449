"""How the front ends name what a balance run played (builder.services.balance): the
players and what the sides score."""

from __future__ import annotations

from builder.export.balance_report import SCORES, players_said
from builder.services.balance import BalanceGame, Score, players_json


def score_name(score: Score) -> str:
    """What the sides score: "victory points", or the hex game's "medals"."""
    return SCORES[score.value]


def players(game: BalanceGame) -> str:
    """Who played each side: "the greedy player for every side", or each side's player by
    the side's name; the Heroes System's greedy player at its temperature."""
    setting = game.setting
    return players_said({**players_json(setting, game), "temperature": setting.temperature})
