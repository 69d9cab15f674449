"""Benchmark: the printable roster of the largest example army (the 770-point Wessex Division),
as a PDF laid out by Typst, against the same roster as HTML measured in the same run.

Machines are noisy and a loaded machine slows everything alike, so the figure to read is
the ratio PDF / HTML. Prints medians (wall-clock and CPU):
- cold: the first PDF and the first HTML in a fresh Python process (Typst finds its fonts,
  nothing is cached), each process timing only the rendering, not the imports;
- warm: one more PDF in a running process (as in the app, printing again), the army renamed
  every run so that Typst cannot hand back the previous document.
The target: a PDF in well under a second, cold.

Run: .venv/bin/python benchmarks/roster.py [runs]
"""

from __future__ import annotations

import dataclasses
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from builder.export.roster import render_html, render_pdf
from builder.export.roster_build import build_roster
from builder.export.roster_model import Roster
from builder.heroes.army.validate import check
from builder.io.army_files import load_army
from builder.io.catalogue_files import load_catalogue
from builder.io.paths import EXAMPLE_ARMIES_DIR

ARMY = EXAMPLE_ARMIES_DIR / "commonwealth-43rd-770.yaml"
ROOT = Path(__file__).resolve().parent.parent

# What a fresh process runs: build the roster, then time one rendering of it.
COLD = """
import json, sys, time
from benchmarks.roster import roster
from builder.export.roster import render_html, render_pdf
sheet = roster()
render = render_pdf if sys.argv[1] == "pdf" else render_html
wall, cpu = time.perf_counter(), time.process_time()
render(sheet)
print(json.dumps([time.perf_counter() - wall, time.process_time() - cpu]))
"""


def roster() -> Roster:
    catalogue, _ = load_catalogue()
    loaded = load_army(ARMY)
    issues, _ = check(loaded.army, catalogue)
    return build_roster(loaded.army, catalogue, loaded.locate(issues))


def cold(kind: str) -> tuple[float, float]:
    env = os.environ | {"PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", COLD, kind], capture_output=True, text=True, check=True, cwd=ROOT, env=env
    ).stdout
    wall, cpu = json.loads(out)
    return float(wall), float(cpu)


def median(samples: list[tuple[float, float]]) -> tuple[float, float]:
    return statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples)


def timed(action: Callable[[int], object], runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of `runs` calls, after one warm-up call."""
    action(-1)
    samples = []
    for run in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        action(run)
        samples.append((time.perf_counter() - wall, time.process_time() - cpu))
    return median(samples)


def line(name: str, figures: tuple[float, float]) -> str:
    return f"  {name:<12}{figures[0] * 1000:8.1f} ms / {figures[1] * 1000:8.1f} ms"


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    sheet = roster()
    print(f"{ARMY.name}: {sheet.points} points, {len(sheet.blocks)} blocks")
    print(f"median of {runs} runs (wall / CPU)")

    print("cold, a fresh process each run:")
    cold_html = median([cold("html") for _ in range(runs)])
    cold_pdf = median([cold("pdf") for _ in range(runs)])
    print(line("HTML", cold_html))
    print(line("PDF", cold_pdf))

    def renamed(run: int) -> Roster:
        return dataclasses.replace(sheet, name=f"{sheet.name} ({run})")

    print("warm, in a running process:")
    warm_html = timed(lambda run: render_html(renamed(run)), runs)
    warm_pdf = timed(lambda run: render_pdf(renamed(run)), runs)
    print(line("HTML", warm_html))
    print(line("PDF", warm_pdf))

    verdict = "met" if cold_pdf[0] < 1 else "NOT met"
    cold_ratio, warm_ratio = cold_pdf[0] / cold_html[0], warm_pdf[0] / warm_html[0]
    print(f"ratios PDF / HTML: cold {cold_ratio:.1f}x wall, warm {warm_ratio:.1f}x wall")
    print(f"target, a cold PDF under 1000 ms wall: {verdict}")


if __name__ == "__main__":
    main()
