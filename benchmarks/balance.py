"""Benchmark: what a balance run's backends cost beyond the games themselves.

A game that costs nothing (a seeded coin) is played in TASKS chunks of one game, so what is
timed is the backend alone: starting it (a process pool, Ray on this machine) and sending
each chunk and its result. Then one chunk of real games (the shortest shipped scenario) on
each backend, to set the overhead beside a game's own time. Prints:

* the start-up time of each backend;
* the overhead per chunk (round trip of a task and its results), in milliseconds;
* the time of one real game, in this process.

Run: PYTHONPATH=. .venv/bin/python benchmarks/balance.py [--ray]
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from builder.io.catalogue_files import load_catalogue
from builder.services.balance import Backend, BalancePlan, GameResult, Serial, run_balance
from builder.services.balance_heroes import HeroesBalance
from builder.services.balance_local import LocalPool
from builder.services.game import prepare_game

TASKS = 200
WORKERS = 2
SHORT = Path(__file__).resolve().parents[1] / "scenarios" / "way-of-the-cross.yaml"


@dataclass(frozen=True)
class Coin:
    @property
    def sides(self) -> tuple[str, ...]:
        return ("a", "b")

    @property
    def objectives(self) -> tuple[str, ...]:
        return ()

    def label(self, key: str) -> str:
        return key

    def play(self, seed: int) -> GameResult:
        winner = "a" if random.Random(seed).random() < 0.5 else "b"
        return GameResult(seed, winner, {winner: 1}, 1, {}, ({},))


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
    catalogue, _ = load_catalogue(None)
    game = HeroesBalance(prepare_game(SHORT, catalogue), temperature=0.5)
    start = time.perf_counter()
    for seed in range(1, 6):
        game.play(seed)
    print(f"one game of {SHORT.stem}: {(time.perf_counter() - start) / 5 * 1000:.0f} ms")


if __name__ == "__main__":
    main()
