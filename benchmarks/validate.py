"""Benchmark: validation is linear in the size of the list.

`hon validate`'s work (read, check, locate every issue on its line) for lists of a tenth of
the most tiles a list may hold and of the most (`MAX_TILES`, 100: hon refuses longer lists
while reading them), each tile with one unknown option (so an issue a tile to locate): the
ratio of the two times is about 10 when the work is linear, 100 when quadratic. A 400-tile
list once took 30 s. Target: the longest list validates in under a second.

Run: .venv/bin/python benchmarks/validate.py
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from builder.heroes.army.models import MAX_TILES
from builder.heroes.army.validate import check
from builder.io.army_files import load_army
from builder.io.catalogue_files import load_catalogue
from builder.io.paths import EXAMPLE_ARMIES_DIR

SHORT = MAX_TILES // 10
HEAD = (EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml").read_text().split("tiles:")[0]


def write_list(folder: Path, tiles: int) -> Path:
    body = [
        f"  - tile: us-16th-inf-reg-a\n    label: p{i}\n    slots:\n      left: ammo\n      right: no-such-option-{i}"
        for i in range(tiles)
    ]
    path = folder / f"army-{tiles}.yaml"
    path.write_text(HEAD + "tiles:\n" + "\n".join(body) + "\n")
    return path


def main() -> None:
    catalogue, _ = load_catalogue()
    with tempfile.TemporaryDirectory() as folder:
        times: dict[int, float] = {}
        for tiles in (SHORT, MAX_TILES):
            path = write_list(Path(folder), tiles)
            runs = []
            for _ in range(3):
                start = time.perf_counter()
                loaded = load_army(path)
                issues, _summary = check(loaded.army, catalogue)
                loaded.locate(issues)
                runs.append(time.perf_counter() - start)
            times[tiles] = statistics.median(runs)
            print(f"{tiles:>5} tiles, {len(issues)} issues: {times[tiles] * 1000:.0f} ms")
    ratio = times[MAX_TILES] / times[SHORT]
    verdict = "linear" if ratio < 20 else "NOT linear"
    print(
        f"{MAX_TILES} tiles / {SHORT} tiles: {ratio:.1f}x ({verdict}; 10x is linear, 100x quadratic); "
        f"target < 1 s: {'met' if times[MAX_TILES] < 1 else 'NOT met'}"
    )


if __name__ == "__main__":
    main()
