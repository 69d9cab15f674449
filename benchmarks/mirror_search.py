"""Benchmark: the search agents against the greedy player on the mirrors (issue 34): a
point-symmetric field with the same army on both sides (tests/fixtures/mirror/), for every
game (HoN, SoN, the Tactical Card Game, the hex game), played as `hon balance FILE --policy
SIDE=search --policy OTHER=greedy` plays it, the search agent as each side in turn.

Prints, for each game and side, the search agent's wins among the decisive games (a draw or
a game stopped unfinished is not one), then both sides together with a 95 % Wilson interval,
and the CPU time (this process's) of a game. The TCG and the hex game pass the initiative to
each side in turn, seed by seed (--swap-initiative); the Heroes games are played at
temperature 0, the greedy player's best-scored choice (the mirrors' own measure), as the
search agent's play-outs are.

Run: .venv/bin/python benchmarks/mirror_search.py [--game hon|son|tcg|m44] [--games N]
     [--budget N] [--seed FIRST]
(--games: seeds a side; 2 by default, so that `make bench` takes a few minutes; 60 or more
for a figure to act on.)
"""

from __future__ import annotations

import argparse
import sys
import time
from functools import partial
from pathlib import Path

from builder.kernel.decisions import Policy
from builder.services.balance import BalanceAsk, BalancePlan, Players, Tally, run_balance, wilson
from builder.services.balance_systems import prepare_balance

ROOT = Path(__file__).resolve().parent.parent
MIRRORS = ROOT / "tests" / "fixtures" / "mirror"
GAMES = ("hon", "son", "tcg", "m44")
HEROES = ("hon", "son")
CHUNK = 5  # games between two progress lines  # the Heroes System's: a temperature, and the initiative by its own rules


def ask(game: str, side: str, budget: int) -> BalanceAsk:
    """The search agent on `side`, the greedy player on every other."""
    players = Players(Policy.GREEDY, ((side, Policy.SEARCH),), budget)
    if game in HEROES:
        return BalanceAsk(players, temperature=0.0)
    return BalanceAsk(players, swap_initiative=True)


def rate(wins: int, decisive: int) -> str:
    low, high = wilson(wins, decisive)
    share = wins / decisive if decisive else 0.0
    return f"{wins} of {decisive} decisive games, {share:.0%} (95 % interval {low:.0%}-{high:.0%})"


def tell(side: str, tally: Tally) -> None:
    """How far a long run has come, on stderr."""
    print(f"    search as {side}: {tally.played} games played", file=sys.stderr, flush=True)


def mirror(game: str, budget: int, games: int, first: int) -> None:
    path = MIRRORS / f"mirror-{game}.yaml"
    sides = prepare_balance(path, BalanceAsk()).game.sides
    won = decided = 0
    for side in sides:
        prepared = prepare_balance(path, ask(game, side, budget))
        began = time.process_time()
        tally = run_balance(prepared.game, BalancePlan(games, first, chunk=CHUNK), progress=partial(tell, side)).tally
        spent = (time.process_time() - began) / max(tally.played, 1)
        wins = tally.rate(side).wins
        decisive = sum(tally.rate(one).wins for one in sides)
        won, decided = won + wins, decided + decisive
        print(f"  search as {side}: {rate(wins, decisive)}; a game {spent:.1f} s CPU", flush=True)
    print(f"  search, each side in turn (budget {budget}): {rate(won, decided)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=GAMES, default=None, help="one game (all four by default)")
    parser.add_argument("--games", type=int, default=2, help="seeds a side")
    parser.add_argument("--budget", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    asked = parser.parse_args()
    for game in [asked.game] if asked.game else GAMES:
        print(f"mirror-{game}: the search agent against the greedy player")
        mirror(game, asked.budget, asked.games, asked.seed)


if __name__ == "__main__":
    main()
