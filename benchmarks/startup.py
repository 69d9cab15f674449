"""Benchmark: how long `hon` takes to start.

`hon --help` against `python -c "import typer, rich"` (the libraries it cannot start
without), each in a fresh interpreter, alternated so that both see the same machine; the
figure is the ratio of the medians (target: <= 2x). The command modules import the domain
only inside their commands, so `--help` loads no game system; and each command is made into
a Click command only when it is used (builder.cli.lazy), so `--help` makes none.

Run: .venv/bin/python benchmarks/startup.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 15
# Bytecode caches are written as on a player's machine (see benchmarks/tui.py).
CHILD_ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def seconds(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, cwd=ROOT, capture_output=True, env=CHILD_ENV)
    return time.perf_counter() - start


def main() -> None:
    hon = [str(Path(sys.executable).with_name("hon")), "--help"]
    baseline = [sys.executable, "-c", "import typer, rich"]
    seconds(hon), seconds(baseline)  # warm the file cache for both
    helps, bases = [], []
    for _ in range(ROUNDS):
        helps.append(seconds(hon))
        bases.append(seconds(baseline))
    help_ms, base_ms = statistics.median(helps) * 1000, statistics.median(bases) * 1000
    print(
        f"hon --help: median {help_ms:.0f} ms; import typer, rich: {base_ms:.0f} ms "
        f"-> {help_ms / base_ms:.2f}x (target <= 2.00x; {ROUNDS} alternated runs)"
    )


if __name__ == "__main__":
    main()
