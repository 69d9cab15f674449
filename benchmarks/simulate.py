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

Targets (issue 6): one turn <= 20 ms median; >= 50 play-outs per second.

Run: .venv/bin/python benchmarks/simulate.py
"""

from __future__ import annotations

import statistics
import time
from collections import deque
from collections.abc import Callable
from copy import copy
from pathlib import Path

from builder.heroes.ai.greedy import SimplePolicy, for_every_side
from builder.heroes.army.resolve import resolve
from builder.heroes.rules.cards import decks_for
from builder.heroes.rules.movement import reachable
from builder.heroes.rules.simulation import simulate, start
from builder.heroes.rules.state import Frame, GameState
from builder.heroes.rules.turn import activation_phase, end_of_turn, order_phase, supply_phase
from builder.heroes.rules.turn_context import Players
from builder.heroes.scenario.battlefield import assemble
from builder.io.army_files import load_army
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import load_scenario
from builder.kernel.dice import Dice, SeededDice

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
    resolved = {side: resolve(army, catalogue) for side, army in armies.items()}
    last = scenario.setup.turns.count
    decks = decks_for(scenario, catalogue)  # action cards are played as in `simulate`

    early: list[float] = []
    every: list[float] = []
    searches: list[float] = []
    baseline: list[float] = []
    units = 0
    for seed in range(1, SEEDS + 1):
        dice = SeededDice(seed)
        state, _ = start(scenario, battlefield, resolved, dice, decks=decks)
        units = len(state.pieces)
        policy = SimplePolicy()
        policies = {side: policy for side in state.sides}
        infantry = next(p for p in state.units() if p.is_infantry)
        for _ in range(20):
            # Fresh copies: new objects, so no mover kept for the very same pieces is reused.
            pieces = [copy(p) for p in state.pieces.values()]
            mover = next(p for p in pieces if p.key == infantry.key)
            searches.append(timed(reachable, battlefield, pieces, mover, state.ruleset))
            baseline.append(timed(flood, battlefield.squares))
        while not state.over:
            turn_number = state.turn
            spent = timed(play_turn, state, policies, dice, last)
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
            scenario, battlefield, armies, catalogue, seed=1000 + games, policies=for_every_side(scenario)
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


def play_turn(state: GameState, players: Players, dice: Dice, last: int) -> None:
    """One Game Turn in place, its phases one after the other (HoN core p.8-9, p.16), as the
    forward model steps through them (simulation.HeroesRules); `last`: the game's last turn."""
    frames: list[Frame] = []
    orders = order_phase(state, players, dice, frames)
    if state.over:
        return
    activation_phase(state, orders, players, dice)
    supply_phase(state, orders, players, dice)
    end_of_turn(state, last, dice)


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
