"""Benchmark: the printable roster of the largest example army, as a PDF.

Prints medians of several runs, with baselines measured in the same run (machines are
noisy, and a loaded machine slows everything alike):
- the whole PDF (roster model, HTML, WeasyPrint layout and PDF), target under one second;
- the roster model and HTML alone (what every format shares);
- WeasyPrint on a trivial page (its fixed cost), and the ratio of the roster to it.
Wall-clock and CPU times are both shown: on a busy machine the CPU time is the steadier.

Run: .venv/bin/python benchmarks/roster.py [runs]
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import weasyprint  # type: ignore[import-untyped]

from builder.export.roster import html_to_pdf, render_html, render_pdf
from builder.export.roster_model import build_roster
from builder.heroes.army.validate import check
from builder.io.army_files import LoadedArmy, load_army
from builder.io.catalogue_files import load_catalogue
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR

TRIVIAL = "<!doctype html><html><body><p>One line of text.</p></body></html>"


def timed(action: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU seconds of `runs` calls, after one warm-up call."""
    action()
    wall, cpu = [], []
    for _ in range(runs):
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        action()
        wall.append(time.perf_counter() - start_wall)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    catalogue, _ = load_catalogue()
    armies = sorted(EXAMPLE_ARMIES_DIR.glob("*.yaml")) + sorted((SCENARIOS_DIR / "armies").glob("*.yaml"))

    def size(loaded: LoadedArmy) -> tuple[int, int]:
        issues, summary = check(loaded.army, catalogue)
        return summary.points, len(build_roster(loaded.army, catalogue, issues).blocks)

    largest = max((load_army(path) for path in armies), key=size)
    issues, summary = check(largest.army, catalogue)

    def model_and_html() -> str:
        return render_html(build_roster(largest.army, catalogue, issues))

    def pdf() -> bytes:
        return render_pdf(build_roster(largest.army, catalogue, issues))

    pages = len(weasyprint.HTML(string=model_and_html()).render().pages)
    name = Path(largest.document.file).name
    print(f"largest example army: {name}, {summary.points} points, {size(largest)[1]} blocks, {pages} A4 pages")
    print(f"median of {runs} runs (wall / CPU):")
    trivial_wall, trivial_cpu = timed(lambda: html_to_pdf(TRIVIAL), runs)
    html_wall, html_cpu = timed(model_and_html, runs)
    pdf_wall, pdf_cpu = timed(pdf, runs)
    print(f"  WeasyPrint, trivial page:  {trivial_wall * 1000:7.1f} ms / {trivial_cpu * 1000:7.1f} ms")
    print(f"  roster model + HTML:       {html_wall * 1000:7.1f} ms / {html_cpu * 1000:7.1f} ms")
    verdict = "met" if pdf_wall < 1 else "NOT met"
    print(
        f"  roster PDF:                {pdf_wall * 1000:7.1f} ms / {pdf_cpu * 1000:7.1f} ms"
        f"  (target < 1000 ms wall: {verdict})"
    )
    print(
        f"ratios: PDF / trivial page {pdf_wall / trivial_wall:.0f}x wall, {pdf_cpu / max(trivial_cpu, 1e-6):.0f}x CPU;"
        f" PDF / HTML {pdf_wall / html_wall:.0f}x wall"
    )


if __name__ == "__main__":
    main()
