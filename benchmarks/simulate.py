"""Benchmark: simulated turns and whole play-outs for two 550-point armies.

The bundled US and German 550-point example armies (data/armies) meet on the Free Battle
scenario (two boards, six turns). Prints:

* the median time of one Game Turn (turns 1 to 3 of games with seeds 1..SEEDS), against a
  baseline measured in the same run: one Movement Action search (`reachable`) for one
  infantry unit on the same map, the policy's most frequent step (machines are noisy; the
  ratio is what to compare between runs);
* complete play-outs per second on one core (set-up and deployment included).

Targets (issue 6): one turn <= 20 ms median; >= 50 play-outs per second.

Run: .venv/bin/python benchmarks/simulate.py
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from builder.army.resolve import resolve
from builder.io.army_files import load_army
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import load_scenario
from builder.rules.dice import SeededDice
from builder.rules.movement import reachable
from builder.rules.policy import SimplePolicy
from builder.rules.simulation import simulate, start
from builder.rules.turn import play_turn
from builder.scenario.battlefield import assemble

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

    turn_times: list[float] = []
    baseline: list[float] = []
    units = 0
    for seed in range(1, SEEDS + 1):
        dice = SeededDice(seed)
        state, _ = start(scenario, battlefield, resolved, dice)
        units = len(state.pieces)
        policy = SimplePolicy()
        policies = {side: policy for side in state.sides}
        for _ in range(3):
            if state.over:
                break
            began = time.perf_counter()
            play_turn(state, policies, dice, last)
            turn_times.append(time.perf_counter() - began)
        infantry = next(p for p in state.units() if p.is_infantry)
        for _ in range(20):
            began = time.perf_counter()
            reachable(battlefield, state.pieces.values(), infantry, state.ruleset)
            baseline.append(time.perf_counter() - began)

    turn = statistics.median(turn_times)
    base = statistics.median(baseline)
    print(f"Free Battle, US 550 v German SS 550: {units} counters deployed, {len(turn_times)} turns timed")
    print(f"  one Game Turn      median {turn * 1000:8.2f} ms   (target <= 20 ms)")
    print(f"  baseline: one Movement Action search {base * 1000:6.3f} ms; a turn = {turn / base:6.1f}x the baseline")

    games = 0
    turns_played = 0
    began = time.perf_counter()
    while time.perf_counter() - began < PLAYOUT_SECONDS:
        record = simulate(scenario, battlefield, armies, catalogue, seed=1000 + games)
        games += 1
        turns_played += record.turns
    spent = time.perf_counter() - began
    print(
        f"  play-outs          {games / spent:8.2f} per second  (target >= 50; {games} games, "
        f"{turns_played / games:.1f} turns each, {spent:.1f} s)"
    )


if __name__ == "__main__":
    main()
