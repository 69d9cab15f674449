"""Benchmark: what a balance run's backends cost beyond the games themselves.

A game that costs nothing (a seeded coin) is played in TASKS chunks of one game, so what is
timed is the backend alone: starting it (a process pool, Ray on this machine) and sending
each chunk and its result. Then real games of a short shipped scenario of each game system
in this process, to set the overhead beside a game's own time. Prints:

* the start-up time of each backend;
* the overhead per chunk (round trip of a task and its results), in milliseconds;
* the games a second of each system on one worker (the greedy player, its default).

Run: PYTHONPATH=. .venv/bin/python benchmarks/balance.py [--ray]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from builder.services.balance import Backend, BalanceAsk, BalancePlan, Serial, run_balance
from builder.services.balance_local import LocalPool
from builder.services.balance_systems import prepare_balance
from tests.services.balance_games import Coin  # a game that costs nothing

TASKS = 200
WORKERS = 2
GAMES = 10  # of each system, timed
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"
SHORT = {  # a short shipped scenario of each system
    "heroes": SCENARIOS / "way-of-the-cross.yaml",
    "tcg": SCENARIOS / "tcg" / "orchard-at-dawn.yaml",
    "memoir": SCENARIOS / "m44" / "orchard-crossing.yaml",
}


def timed(backend: Backend, tasks: int = TASKS) -> float:
    start = time.perf_counter()
    run_balance(Coin(), BalancePlan(games=tasks, chunk=1), backend)
    return time.perf_counter() - start


def main() -> None:
    serial = timed(Serial())
    print(f"in this process: {serial / TASKS * 1000:.2f} ms a chunk (the tally's own cost)")
    start_up = timed(LocalPool(WORKERS), tasks=1)
    pooled = timed(LocalPool(WORKERS))
    per_chunk = (pooled - start_up) / TASKS * 1000
    print(f"process pool, {WORKERS} workers: start {start_up:.2f} s; {per_chunk:.2f} ms a chunk")
    if "--ray" in sys.argv:
        import ray

        from builder.services.balance_ray import RayCluster

        start = time.perf_counter()
        ray.init(num_cpus=WORKERS, include_dashboard=False, log_to_driver=False)
        print(f"ray.init on this machine: {time.perf_counter() - start:.1f} s")
        first = timed(RayCluster(), tasks=WORKERS)  # the workers start and import hon
        again = timed(RayCluster())
        print(f"ray, {WORKERS} CPUs: first tasks {first:.1f} s; then {again / TASKS * 1000:.2f} ms a chunk")
        ray.shutdown()
    for system, path in SHORT.items():
        game = prepare_balance(path, BalanceAsk()).game
        start = time.perf_counter()
        run_balance(game, BalancePlan(games=GAMES), Serial())
        seconds = (time.perf_counter() - start) / GAMES
        print(f"{path.stem} ({system}): {1 / seconds:.1f} games/s on one worker, {seconds * 1000:.0f} ms a game")


if __name__ == "__main__":
    main()
