"""Benchmark: loading the bundled catalogue, and validating the largest example army.

Prints figures as ratios against a baseline measured in the same run (machines are noisy):
- catalogue load vs a raw libyaml safe-loader parse of the same files (target <= 1.5x),
  with the cache of validated files off (every file parsed) and filled;
- validation of the largest example army, median in milliseconds (target <= 2 ms).

Run: .venv/bin/python benchmarks/catalogue.py
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import yaml

from builder.heroes.army.validate import check
from builder.io import cache
from builder.io.army_files import load_army
from builder.io.catalogue_files import bundled_files, load_catalogue
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR


def timings(action: Callable[[], object], runs: int) -> list[float]:
    action()  # warm up
    found = []
    for _ in range(runs):
        start = time.perf_counter()
        action()
        found.append(time.perf_counter() - start)
    return found


def raw_parse(files: list[Path]) -> None:
    for path in files:
        yaml.load(path.read_bytes().decode("utf-8"), Loader=yaml.CSafeLoader)


def main() -> None:
    warm_cache = tempfile.mkdtemp(prefix="hon-bench-cache-")
    os.environ["HON_CACHE"] = warm_cache
    files = bundled_files()
    size = sum(path.stat().st_size for path in files)
    catalogue, _ = load_catalogue()
    print(f"bundled catalogue: {len(files)} files, {size / 1024:.0f} KiB, {len(catalogue)} entries")

    rounds = 15
    raw: list[float] = []
    cold: list[float] = []
    warm: list[float] = []
    for _ in range(rounds):  # interleaved, so all see the same machine
        raw.extend(timings(lambda: raw_parse(files), 1))
        os.environ["HON_CACHE"] = cache.OFF  # every file parsed and validated
        cold.extend(timings(load_catalogue, 1))
        os.environ["HON_CACHE"] = warm_cache
        warm.extend(timings(load_catalogue, 1))
    raw_ms = statistics.median(raw) * 1000
    cold_ms, warm_ms = statistics.median(cold) * 1000, statistics.median(warm) * 1000
    print(f"raw safe-loader parse:            median {raw_ms:.1f} ms")
    print(
        f"hon catalogue load, no cache:     median {cold_ms:.1f} ms -> {cold_ms / raw_ms:.2f}x the raw parse "
        "(target <= 1.50x)"
    )
    print(f"hon catalogue load, cache filled: median {warm_ms:.1f} ms -> {warm_ms / raw_ms:.2f}x the raw parse")

    armies = sorted(EXAMPLE_ARMIES_DIR.glob("*.yaml")) + sorted((SCENARIOS_DIR / "armies").glob("*.yaml"))
    loaded = {path: load_army(path) for path in armies}
    largest_path = max(loaded, key=lambda path: check(loaded[path].army, catalogue)[1].points)
    largest = loaded[largest_path]
    points = check(largest.army, catalogue)[1].points
    runs = timings(lambda: check(largest.army, catalogue), 400)
    median_ms = statistics.median(runs) * 1000
    baseline = timings(lambda: largest.army.model_copy(deep=True), 400)
    print(
        f"validate {largest_path.name} ({points} points): median {median_ms:.3f} ms "
        f"(target <= 2 ms); {median_ms / (statistics.median(baseline) * 1000):.0f}x a deep copy of the list"
    )


if __name__ == "__main__":
    main()
