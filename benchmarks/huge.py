"""Benchmark: huge input (issue 31.4). Each command on three inputs: the bundled example
(the baseline, measured in the same run), the same grown to every limit a file has (README:
Limits), and the 13,788-tile list of the issue (or a scenario of 20,000 boards), which is
refused in one line. Before the limits, that list took 20 s in `hon validate` and 45 s in
`hon roster`.

Machines are noisy and a loaded machine slows everything alike, so the figures to read are
the ratios against the baseline. Each command runs in this process, as `hon` would (output
thrown away), after one warm-up run: the median of the runs, wall-clock. Targets: at the
limits, a few seconds at most; a refusal, no slower than the baseline.

Run: .venv/bin/python benchmarks/huge.py [runs]
"""

from __future__ import annotations

import contextlib
import io
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the generators are the tests' (tests/huge.py)

from builder.cli import main as hon  # noqa: E402
from builder.heroes.army.models import MAX_TILES  # noqa: E402
from builder.io.paths import DEFAULT_ARMY, SCENARIOS_DIR  # noqa: E402
from tests.huge import HUGE, army_text, scenario_at_the_limits, scenario_text  # noqa: E402

ARMY_COMMANDS = {
    "validate": ["validate", "{}"],
    **{f"roster {fmt}": ["roster", "{}", "--format", fmt, "-o", "{out}/"] for fmt in ("txt", "md", "html", "pdf")},
}
SCENARIO_COMMANDS = {
    "scenario check": ["scenario", "check", "{}"],
    **{f"sheet {fmt}": ["scenario", "sheet", "{}", "--format", fmt, "-o", "{out}/"] for fmt in ("html", "pdf", "svg")},
    "deploy": ["deploy", "{}", "--side", "german"],
}


def timed(command: list[str], path: Path, runs: int) -> tuple[float, int]:
    """The median wall-clock seconds of `command` on `path`, and its exit code."""
    words = [word.format(path, out=path.parent / "out") for word in command]
    samples, code = [], 0
    for _ in range(runs + 1):  # the first run warms up: imports, caches, Typst's fonts
        start = time.perf_counter()
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = hon(words)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples[1:]), code


def table(title: str, commands: dict[str, list[str]], inputs: dict[str, Path], runs: int) -> None:
    print(f"{title} (median of {runs}; exit code in brackets; ratio to the example)")
    print(f"  {'':<15}" + "".join(f"{name:>24}" for name in inputs))
    for name, command in commands.items():
        figures = [timed(command, path, runs) for path in inputs.values()]
        base = figures[0][0]
        cells = [f"{seconds * 1000:8.0f} ms [{code}] {seconds / base:5.1f}x" for seconds, code in figures]
        print(f"  {name:<15}" + "".join(f"{cell:>24}" for cell in cells))


def written(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copytree(SCENARIOS_DIR / "armies", folder / "armies", dirs_exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder / name


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        armies = {
            f"example ({DEFAULT_ARMY.stem})": written(folder / "a", "army.yaml", army_text(5)),
            f"limit ({MAX_TILES} tiles)": written(folder / "b", "army.yaml", army_text(MAX_TILES)),
            f"refused ({HUGE:,} tiles)": written(folder / "c", "army.yaml", army_text(HUGE)),
        }
        table("Army lists", ARMY_COMMANDS, armies, runs)
        maltot = (SCENARIOS_DIR / "rush-on-maltot.yaml").read_text(encoding="utf-8")
        scenarios = {
            "example (Rush on Maltot)": written(folder / "d", "scenario.yaml", maltot),
            "at every limit": written(folder / "e", "scenario.yaml", scenario_at_the_limits()),
            "refused (20,000 boards)": written(folder / "f", "scenario.yaml", scenario_text("map.boards", 20_000)),
        }
        table("Scenarios", SCENARIO_COMMANDS, scenarios, runs)


if __name__ == "__main__":
    main()
