"""The bounds of every number a command takes (issue 31, point 2). A value outside them is
refused while the command line is read, in one line with exit 2, before any file is opened
or any game played; `--help` shows each range. tests/cli/test_argument_bounds.py holds
every int and float option of every command to having both ends.

Why these ends:
* seeds: the 4,294,967,296 of a 32-bit number, from 0 (Python folds a negative seed onto
  the positive one, so -5 would replay 5's dice).
* turns: 100, more than any scenario lasts (a Heroes System scenario at most 30 turns and
  the END marker's moves, BfC p.16; the Tactical Card Game at most 20; the hex game stops
  itself at 80).
* games: 1,000,000. A side's 95 % interval is then at most 0.2 points wide, a fifth of the
  whole percent hon prints: more games could not change a figure shown. At 0.2-1 s a game
  it is already 55-280 CPU-hours, days on one machine, minutes on a large Ray cluster.
* precision: from 0.002, the narrowest interval those games can reach (1.96/sqrt(n) at an
  even chance: 0.00196 at a million), to 0.5, an interval half the scale wide.
* budget: 1 to 10,000 play-outs for each action the search agent weighs. At some 10 ms a
  play-out, 10,000 are over a minute and a half a decision, an hour or more a game.
* temperature: up to 100, where a choice a step worse is e^(-1/100) = 0.99 times as likely
  as the best: every choice as likely as the next; higher changes nothing.
* workers: at most MOST_WORKERS while the command line is read; the local backend then
  takes at most the CPUs this process may run on, and Ray at most its cluster's CPUs
  (builder.cli.balance_commands).
* the odds' values: a counter's, a card's or terrain's values are single figures; from -50
  to 50 (0 to 50 for markers and penalties) holds any sum of them, and a d6 roll cannot
  tell such values apart beyond a dozen."""

from __future__ import annotations

import os
from typing import Any, NamedTuple

import typer


class Bounds(NamedTuple):
    low: int | float
    high: int | float


SEEDS = Bounds(0, 2**32 - 1)
TURNS = Bounds(1, 100)
GAMES = Bounds(1, 1_000_000)
PRECISION = Bounds(0.002, 0.5)
TEMPERATURE = Bounds(0.0, 100.0)
BUDGET = Bounds(1, 10_000)
MOST_WORKERS = 10_000  # beyond, the most games (100,000 chunks of 10) give a CPU under ten chunks
WORKERS = Bounds(1, MOST_WORKERS)
PORTS = Bounds(1, 65535)
ODDS_VALUES = Bounds(-50, 50)
ODDS_COUNTS = Bounds(0, 50)
DEFENDER_DICE = Bounds(1, 2)  # one die, two with the Assault ability
SHOOTING_VALUES = Bounds(2, 12)  # what 2d6 can reach (TCG p.8)
SAVES = Bounds(2, 6)  # a save a d6 can make
BATTLE_DICE = Bounds(0, 30)  # the hex game's odds have always taken 0 to 30 battle dice


def bounded(*flags: str, within: Bounds, help: str) -> Any:
    """A Typer option for a number, refused outside `within` (both ends included)."""
    return typer.Option(*flags, min=within.low, max=within.high, help=help)


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity, which a container or `taskset`
    narrows), or the machine's where the system cannot tell."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
