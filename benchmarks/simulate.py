"""Benchmark: simulated turns and whole play-outs for two 550-point armies.

The bundled US and German 550-point example armies (data/armies) meet on the Free Battle
scenario (two boards, six turns). Prints:

* the median time of one Game Turn (turns 1 to 3 of games with seeds 1..SEEDS, the busiest:
  every unit still in play), and of every turn of those games;
* a baseline measured in the same run, independent of the project's code so that ratios
  compare between commits: a plain breadth-first flood over the map's squares (machines are
  noisy; the ratio is what to compare between runs). One Movement Action search
  (`reachable`, one infantry unit), the policy's most frequent step, is shown beside it:
  a cold search, on copies of the pieces, so that no search kept from an earlier call
  (`movement._mover` keeps them by the pieces' identity) answers it;
* complete play-outs per second on one core (set-up and deployment included), and one
  play-out as a multiple of the baseline.

* the forward model's costs: a copy of the state, one choice applied to a match, a side's
  view made and read at a decision (what every player is given, builder.heroes.rules.views),
  and one game sampled from a view for a search agent (builder.heroes.rules.sampling).

Targets (issue 6): one turn <= 20 ms median; >= 50 play-outs per second.

Run: .venv/bin/python benchmarks/simulate.py
"""

from __future__ import annotations

import random
import statistics
import time
from collections import deque
from collections.abc import Callable
from copy import copy
from pathlib import Path
from typing import Any

from builder.heroes.ai.greedy import for_every_side
from builder.heroes.army.models import ArmyList
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.geometry.reach import reachable
from builder.heroes.rules.players import HeroesPlayer, HeroesView
from builder.heroes.rules.simulation import RULES, HeroesGame, Stage, new_game, simulate
from builder.heroes.rules.state import copy_state
from builder.heroes.scenario.battlefield import Battlefield, assemble
from builder.heroes.scenario.models import Scenario
from builder.io.army_files import load_army
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import load_scenario
from builder.kernel.decisions import Player
from builder.kernel.match import Course, Match, Table

ROOT = Path(__file__).resolve().parent.parent
SEEDS = 15
PLAYOUT_SECONDS = 10.0


def main() -> None:
    catalogue, _ = load_catalogue()
    loaded = load_scenario(ROOT / "scenarios" / "free-battle.yaml")
    scenario = loaded.scenario
    battlefield, _ = assemble(scenario.map, catalogue)
    armies = {
        "allies": load_army(ROOT / "data" / "armies" / "us-16th-infantry-550.yaml").army,
        "axis": load_army(ROOT / "data" / "armies" / "german-ss-550.yaml").army,
    }

    early: list[float] = []
    every: list[float] = []
    searches: list[float] = []
    baseline: list[float] = []
    copies: list[float] = []
    units = 0
    for seed in range(1, SEEDS + 1):
        policies: dict[str, HeroesPlayer] = dict(for_every_side(scenario, seed))
        game = new_game(scenario, battlefield, armies, catalogue, seed=seed)
        RULES.step(game, Table(viewer(game), policies))  # the set-up
        state = game.state
        units = len(state.pieces)
        infantry = next(p for p in state.units() if p.is_infantry)
        for _ in range(20):
            # Fresh copies: new objects, so no mover kept for the very same pieces is reused.
            pieces = [copy(p) for p in state.pieces.values()]
            mover = next(p for p in pieces if p.key == infantry.key)
            searches.append(timed(reachable, battlefield, pieces, mover, state.ruleset))
            baseline.append(timed(flood, battlefield.squares))
        while not RULES.over(game):
            turn_number, spent = state.turn, 0.0
            while game.stage is not Stage.OVER and (game.stage is not Stage.ORDER or not spent):
                spent += timed(RULES.step, game, Table(viewer(game), policies))  # a phase
            copies.append(timed(copy_state, state))
            every.append(spent)
            if turn_number <= 3:
                early.append(spent)

    turn, whole = statistics.median(early), statistics.median(every)
    base, search = statistics.median(baseline), statistics.median(searches)
    print(f"Free Battle, US 550 v German SS 550: {units} counters deployed, {len(early)}/{len(every)} turns timed")
    print(f"  one Game Turn, turns 1-3   median {turn * 1000:7.2f} ms  (target <= 20 ms: {verdict(turn <= 0.020)})")
    print(f"  one Game Turn, all turns   median {whole * 1000:7.2f} ms")
    print(f"  baseline: flood of the map's {len(battlefield.squares)} squares {base * 1000:6.3f} ms;")
    print(f"    a turn (1-3) = {turn / base:6.1f}x the baseline; one Movement Action search = {search / base:4.2f}x")

    games = 0
    turns_played = 0
    began = time.perf_counter()
    while time.perf_counter() - began < PLAYOUT_SECONDS:
        record = simulate(
            scenario, battlefield, armies, catalogue, seed=1000 + games, policies=for_every_side(scenario, 1000 + games)
        )
        games += 1
        turns_played += record.turns
    spent = time.perf_counter() - began
    rate = games / spent
    print(
        f"  play-outs {rate:8.2f} per second (target >= 50: {verdict(rate >= 50)}; {games} games, "
        f"{turns_played / games:.1f} turns each, {spent:.1f} s)"
    )
    print(f"    one play-out = {spent / games / base:.0f}x the baseline")
    forward_model(scenario, battlefield, armies, catalogue, statistics.median(copies), base)


def forward_model(
    scenario: Scenario,
    battlefield: Battlefield,
    armies: dict[str, ArmyList],
    catalogue: Catalogue,
    copied: float,
    base: float,
) -> None:
    """What a search agent pays: a copy of the state, and one choice applied to a match (the
    step replayed from its start up to the next decision, builder.kernel.match)."""
    policies: dict[str, Player[HeroesView, Any]] = dict(for_every_side(scenario, SEEDS))
    match = Match(RULES, new_game(scenario, battlefield, armies, catalogue, seed=SEEDS, turns=1))
    applied: list[float] = []
    viewed: list[float] = []
    sampled: list[float] = []
    while match.pending is not None:
        decision = match.pending
        viewed.append(timed(lambda side=decision.side: match.view(side).state))
        sampled.append(timed(RULES.sample, match.view(decision.side), random.Random(len(applied))))
        choice = policies[decision.side].choose(match.view(decision.side), decision)
        applied.append(timed(match.apply, choice))
    print(f"  forward model: a copy of the state {copied * 1000:6.3f} ms = {copied / base:5.2f}x the baseline;")
    apply, view, sample = statistics.median(applied), statistics.median(viewed), statistics.median(sampled)
    told = f"median {apply * 1000:6.2f} ms = {apply / base:5.1f}x the baseline"
    print(f"    one choice applied (turn 1, {len(applied)} decisions) {told}")
    print(f"    a view made and its state read: median {view * 1e6:6.1f} us = {view / base:5.3f}x the baseline")
    print(f"    a game sampled from a view: median {sample * 1000:6.2f} ms = {sample / base:5.1f}x the baseline")


def viewer(game: HeroesGame) -> Callable[[str, Course[Any]], HeroesView]:
    """Each side's view of `game`, as the forward model makes it for a Table."""
    return lambda side, course: RULES.view(game, side, course)


def timed(action: Callable[..., object], *arguments: object) -> float:
    began = time.perf_counter()
    action(*arguments)
    return time.perf_counter() - began


def flood(squares: frozenset[tuple[int, int]]) -> int:
    """The baseline: visit every square from the first, eight neighbours at a time."""
    first = min(squares)
    seen = {first}
    queue = deque([first])
    while queue:
        c, r = queue.popleft()
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                near = (c + dc, r + dr)
                if near in squares and near not in seen:
                    seen.add(near)
                    queue.append(near)
    return len(seen)


def verdict(met: bool) -> str:
    return "met" if met else "NOT met"


if __name__ == "__main__":
    main()
