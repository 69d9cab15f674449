"""How the front ends name what a balance run played (builder.services.balance): the
players and what the sides score."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from rich.table import Table
from rich.text import Text

from builder.export.balance_report import SCORES, players_said, report_said
from builder.services.balance import NONE, BalanceGame, Score, players_json

__all__ = ["control_table", "players", "report_said", "score_name"]

COLUMNS = 12  # turns in a control table at most: a terminal's width


def score_name(score: Score) -> str:
    """What the sides score: "victory points", or the hex game's "medals"."""
    return SCORES[score.value]


def players(game: BalanceGame) -> str:
    """Who played each side: "the greedy player for every side", or each side's player by
    the side's name; the Heroes System's greedy player at its temperature."""
    setting = game.setting
    return players_said({**players_json(setting, game), "temperature": setting.temperature})


def control_table(
    game: BalanceGame, sides: Sequence[str], objective: str, control: Sequence[Mapping[str, Mapping[str, float]]]
) -> Table:
    """Who held `objective` at the end of each turn, as shares of the games that played it;
    of a long game (the hex game counts each side's turn) every few turns and the last."""
    step = math.ceil(len(control) / COLUMNS)
    turns = sorted({*range(1, len(control) + 1, step), len(control)})
    table = Table(title=Text(f"{game.label(objective)}, held at the end of each turn"), show_edge=False)
    table.add_column("")
    for turn in turns:
        table.add_column(f"turn {turn}", justify="right")
    for side in (*sides, NONE):
        label = game.label(side) if side != NONE else "nobody"
        table.add_row(Text(label), *(f"{control[turn - 1][objective].get(side, 0.0):.0%}" for turn in turns))
    return table
