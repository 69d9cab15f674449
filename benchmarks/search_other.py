"""Benchmark: the search agents of the Tactical Card Game and the hex game (`hon simulate
--policy search --budget N`), their strength against the greedy player and their cost.

Over every shipped scenario of the game (scenarios/tcg/, scenarios/m44/), GAMES seeds (from
--seed) played with the search agent as each side in turn against the greedy player. Prints,
for each scenario and side, the search agent's wins among the decisive games beside the
greedy player's on the same seeds (the baseline: greedy against greedy), then the search
agent's wins over all, each side in turn, with a 95 % Wilson interval; and its cost: the CPU
time (this process's) of one searched decision (a COMMAND marker's tactic; a turn's card or
orders) and the play-outs made a second.

Run: .venv/bin/python benchmarks/search_other.py [--game tcg|m44] [--games N] [--budget N] [--seed FIRST]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from builder.kernel.decisions import Player
from builder.kernel.match import Rules, play
from builder.memoir.ai import greedy as hex_greedy
from builder.memoir.ai import search as hex_search
from builder.memoir.catalogue import Catalogue, Side
from builder.memoir.rules.decisions import OrderUnits, PlayCard
from builder.memoir.rules.simulation import RULES as HEX_RULES
from builder.memoir.rules.simulation import MemoirGame
from builder.memoir.rules.simulation import new_game as new_hex_game
from builder.memoir.scenario import Scenario as HexScenario
from builder.services import memoir_game, tcg_game
from builder.services.balance import wilson
from builder.tcg.ai import greedy as tcg_greedy
from builder.tcg.ai import search as tcg_search
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.decisions import TacticChoice
from builder.tcg.rules.simulation import RULES as TCG_RULES
from builder.tcg.rules.simulation import TcgGame
from builder.tcg.rules.simulation import new_game as new_tcg_game
from builder.tcg.scenario import Scenario as TcgScenario

ROOT = Path(__file__).resolve().parent.parent
SEARCHED = (TacticChoice, PlayCard, OrderUnits)  # the decisions the agents search


class Timed:
    """A search agent, the CPU time of each of its searched decisions kept."""

    def __init__(self, player: Any) -> None:
        self.player = player
        self.searched: list[float] = []

    def choose(self, view: Any, decision: Any) -> object:
        began = time.process_time()
        choice = self.player.choose(view, decision)
        if isinstance(decision, SEARCHED):
            self.searched.append(time.process_time() - began)
        return choice


class Scenario(NamedTuple):
    """A shipped scenario: its name, its sides, and a game of it from a seed played by players
    by side to its end, giving the winner (a side, "draw" or None)."""

    name: str
    sides: tuple[str, ...]
    rules: Rules[Any, Any]
    start: Callable[[int], Any]
    greedy: Callable[[int], Mapping[str, Player[Any, Any]]]
    search: Callable[[int, str, int], Any]
    winner: Callable[[Any], str | None]

    def game(self, seed: int, players: Mapping[str, Player[Any, Any]]) -> str | None:
        return self.winner(play(self.rules, self.start(seed), players, sampled=True))


def tcg_scenarios() -> list[Scenario]:
    cards = tcg_game.open_cards()
    found = []
    for path in sorted((ROOT / "scenarios" / "tcg").glob("*.yaml")):
        scenario = tcg_game.ready(path, cards).scenario
        sides = tuple(side.id for side in scenario.sides)
        start = partial(_tcg_start, scenario, cards)
        greedy = partial(_tcg_greedy, scenario)
        found.append(Scenario(path.stem, sides, TCG_RULES, start, greedy, partial(_tcg_search, sides), _tcg_winner))
    return found


def _tcg_start(scenario: TcgScenario, cards: CardCatalogue, seed: int) -> TcgGame:
    return new_tcg_game(scenario, cards, seed=seed)


def _tcg_greedy(scenario: TcgScenario, seed: int) -> Mapping[str, Player[Any, Any]]:
    return tcg_greedy.for_every_side(scenario, seed)


def _tcg_search(sides: tuple[str, ...], seed: int, side: str, budget: int) -> tcg_search.SearchPlayer:
    return tcg_search.for_every_side(sides, seed, budget)[side]


def _tcg_winner(end: TcgGame) -> str | None:
    return end.game.winner


def hex_scenarios() -> list[Scenario]:
    found = []
    for path in sorted((ROOT / "scenarios" / "m44").glob("*.yaml")):
        checked = memoir_game.prepare_game(path).checked
        sides = tuple(side.id for side in checked.scenario.sides)
        start = partial(_hex_start, checked.scenario, checked.catalogue)
        names = tuple(side.value for side in sides)
        greedy, search = partial(_hex_greedy, sides), partial(_hex_search, sides)
        found.append(Scenario(path.stem, names, HEX_RULES, start, greedy, search, _hex_winner))
    return found


def _hex_start(scenario: HexScenario, catalogue: Catalogue, seed: int) -> MemoirGame:
    return new_hex_game(scenario, catalogue, seed=seed)


def _hex_greedy(sides: tuple[Side, ...], seed: int) -> Mapping[str, Player[Any, Any]]:
    return {side.value: player for side, player in hex_greedy.for_every_side(sides, seed).items()}


def _hex_search(sides: tuple[Side, ...], seed: int, side: str, budget: int) -> hex_search.SearchPlayer:
    return hex_search.for_every_side(sides, seed, budget)[Side(side)]


def _hex_winner(end: MemoirGame) -> str | None:
    return end.winner.value if end.winner is not None else None


class Tally:
    """Wins among the decisive games (a draw, or a game stopped unfinished, is not one)."""

    def __init__(self) -> None:
        self.wins = self.decisive = 0

    def add(self, winner: str | None, side: str, sides: tuple[str, ...]) -> None:
        self.decisive += winner in sides
        self.wins += winner == side

    def __str__(self) -> str:
        low, high = wilson(self.wins, self.decisive)
        share = self.wins / self.decisive if self.decisive else 0.0
        return f"{self.wins} of {self.decisive} decisive games, {share:.0%} (95 % interval {low:.0%}-{high:.0%})"


def duel(scenarios: list[Scenario], budget: int, games: int, first: int) -> None:
    overall, baseline = Tally(), Tally()
    searched: list[float] = []
    played, spent = 0, 0.0
    for scenario in scenarios:
        seeds = range(first, first + games)
        greedy = [scenario.game(seed, scenario.greedy(seed)) for seed in seeds]
        for side in scenario.sides:
            won, base = Tally(), Tally()
            for seed, plain in zip(seeds, greedy, strict=True):
                agent = Timed(scenario.search(seed, side, budget))
                began = time.process_time()
                winner = scenario.game(seed, {**scenario.greedy(seed), side: agent})
                spent += time.process_time() - began
                played += agent.player.search.played
                searched += agent.searched
                for tally, who in ((won, winner), (overall, winner), (base, plain), (baseline, plain)):
                    tally.add(who, side, scenario.sides)
            print(f"  {scenario.name}, search as {side}: {won}; the greedy player as {side}: {base}", flush=True)
    print(f"  search, each side in turn (budget {budget}): {overall}")
    print(f"  the greedy player on the same seeds: {baseline}")
    decision = sum(searched) / max(len(searched), 1)
    print(f"  a searched decision {decision * 1000:.0f} ms CPU; {played / max(spent, 1e-9):.0f} play-outs a second")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=("tcg", "m44"), default=None, help="one game (both by default)")
    parser.add_argument("--games", type=int, default=2, help="seeds a scenario and side")
    parser.add_argument("--budget", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    asked = parser.parse_args()
    games = {"tcg": ("the Tactical Card Game", tcg_scenarios), "m44": ("the hex game", hex_scenarios)}
    for game in [asked.game] if asked.game else list(games):
        title, scenarios = games[game]
        print(f"{title}: the search agent against the greedy player")
        duel(scenarios(), asked.budget, asked.games, asked.seed)


if __name__ == "__main__":
    main()
