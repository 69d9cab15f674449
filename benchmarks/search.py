"""Benchmark: the Heroes search agent (`hon simulate --policy search --budget N`), its cost and
its strength against the greedy player.

Cost: for each budget, games of SCENARIO with the search agent on one side and the greedy
player on the other, each side in turn. Prints the CPU time (this process's, so another
job on the machine does not count) of one searched decision (an activated unit's action)
and of one game, the play-outs made, and a game as a multiple of a greedy game timed in the
same run.

Strength (--duel GAMES): GAMES seeds (from --seed) played with the search agent as each side in turn
against the greedy player, on the same seeds as GAMES greedy games (the baseline). Prints
each side's wins among the decisive games with a 95 % Wilson interval, beside the greedy
player's on those seeds.

Run: .venv/bin/python benchmarks/search.py [--scenario NAME] [--budgets 4,16,64]
     [--duel GAMES --budget N --seed FIRST]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.ai.search import SearchPlayer
from builder.heroes.ai.search import for_every_side as searching
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.decisions import ActivationAction, HeroesDecision
from builder.heroes.rules.players import HeroesPlayer, HeroesView
from builder.heroes.rules.simulation import GameRecord, simulate
from builder.heroes.scenario.battlefield import Battlefield, assemble
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import LoadedScenario, load_scenario
from builder.services.balance import wilson

ROOT = Path(__file__).resolve().parent.parent


class Timed:
    """The search agent, the CPU time of each of its searched decisions kept."""

    def __init__(self, player: SearchPlayer) -> None:
        self.player = player
        self.searched: list[float] = []

    def choose(self, view: HeroesView, decision: HeroesDecision) -> object:
        began = time.process_time()
        choice = self.player.choose(view, decision)
        if isinstance(decision, ActivationAction) and not decision.supply:
            self.searched.append(time.process_time() - began)
        return choice


class Game(NamedTuple):
    """A shipped scenario on its map. Not a dataclass: tests/test_benchmarks.py loads this
    script outside sys.modules, where a dataclass cannot read its annotations."""

    loaded: LoadedScenario
    battlefield: Battlefield
    catalogue: Catalogue

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(side.id for side in self.loaded.scenario.sides)

    def play(self, seed: int, players: Mapping[str, HeroesPlayer], sampled: bool = True) -> GameRecord:
        scenario = self.loaded.scenario
        armies = self.loaded.armies()
        return simulate(
            scenario, self.battlefield, armies, self.catalogue, seed=seed, policies=players, sampled=sampled
        )

    def against_greedy(self, seed: int, side: str, budget: int) -> tuple[GameRecord, Timed]:
        """The game of `seed`, the search agent playing `side`, the greedy player the rest."""
        agent = Timed(searching(self.sides, seed, budget)[side])
        players: dict[str, HeroesPlayer] = {other: SimplePolicy() for other in self.sides}
        players[side] = agent
        return self.play(seed, players), agent


def costs(game: Game, budgets: list[int], seeds: int) -> None:
    began = time.process_time()
    for seed in range(1, seeds + 1):
        game.play(seed, dict.fromkeys(game.sides, SimplePolicy()), sampled=False)
    greedy = (time.process_time() - began) / seeds
    print(f"  a greedy game: {greedy:.2f} s CPU ({seeds} games)")
    for budget in budgets:
        per_game: list[float] = []
        searched: list[float] = []
        played = 0
        for seed in range(1, seeds + 1):
            for side in game.sides:
                began = time.process_time()
                _, agent = game.against_greedy(seed, side, budget)
                per_game.append(time.process_time() - began)
                searched += agent.searched
                played += agent.player.search.played
        decision, one = statistics.mean(searched), statistics.mean(per_game)
        print(
            f"  budget {budget:3}: a searched decision {decision * 1000:7.1f} ms, a game {one:6.1f} s "
            f"= {one / greedy:5.1f}x a greedy game; {len(searched) / len(per_game):.0f} decisions "
            f"and {played / len(per_game):.0f} play-outs a game ({played / sum(per_game):.0f} a second)"
        )


def duel(game: Game, budget: int, games: int, first: int) -> None:
    """The search agent as each side in turn against the greedy player, beside the greedy
    player itself on the same seeds: wins among the decisive games (a draw is not one)."""
    seeds = range(first, first + games)
    greedy = [game.play(seed, dict.fromkeys(game.sides, SimplePolicy()), sampled=False).winner for seed in seeds]
    won = decided = 0
    for side in game.sides:
        winners = [game.against_greedy(seed, side, budget)[0].winner for seed in seeds]
        wins, decisive = winners.count(side), sum(w in game.sides for w in winners)
        won, decided = won + wins, decided + decisive
        base, base_decisive = greedy.count(side), sum(w in game.sides for w in greedy)
        print(f"  search as {side}: {rate(wins, decisive)}; the greedy player as {side}: {rate(base, base_decisive)}")
    print(f"  search, each side in turn (budget {budget}): {rate(won, decided)}")


def rate(wins: int, decisive: int) -> str:
    low, high = wilson(wins, decisive)
    share = wins / decisive if decisive else 0.0
    return f"{wins} of {decisive} decisive games, {share:.0%} (95 % interval {low:.0%}-{high:.0%})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scenario", default="hon-first-contact")
    parser.add_argument("--budgets", default="4,16,64")
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--duel", type=int, default=0, metavar="GAMES")
    parser.add_argument("--budget", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1, help="the duel's first seed")
    asked = parser.parse_args()
    catalogue, _ = load_catalogue()
    loaded = load_scenario(ROOT / "scenarios" / f"{asked.scenario}.yaml")
    game = Game(loaded, assemble(loaded.scenario.map, catalogue)[0], catalogue)
    print(f"{loaded.scenario.title}: the search agent against the greedy player")
    costs(game, [int(b) for b in asked.budgets.split(",")], asked.seeds)
    if asked.duel:
        duel(game, asked.budget, asked.duel, asked.seed)


if __name__ == "__main__":
    main()
