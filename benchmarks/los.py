"""Benchmark: line of sight between every pair of squares of a four-board map.

The map is four bundled terrain boards in a 2x2 square (data/hon/boards.yaml), or four copies
of the test fixtures' board when the bundled catalogue has no boards. A few units stand on it
so that unit obstacles are part of the work. Prints pairs per second for `line_of_sight` (the
public call, one Sight per pair) and for `trace` (one pair of squares on a compiled map), and
their ratio against a baseline measured in the same run: the Chebyshev distance over the same
pairs (machines are noisy; the ratio is what to compare between runs).

Run: .venv/bin/python benchmarks/los.py
"""

from __future__ import annotations

import itertools
import time
from collections import Counter
from pathlib import Path

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import Unit, UnitType
from builder.heroes.rules.geometry.grid import distance
from builder.heroes.rules.geometry.los import line_of_sight, trace
from builder.heroes.rules.geometry.sightmap import Occupancy, sight_map
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.ruleset import HON
from builder.heroes.scenario.battlefield import Battlefield, assemble
from builder.heroes.scenario.models import MapLayout
from builder.io.catalogue_files import load_catalogue

FIXTURES = Path(__file__).resolve().parent.parent / "tests" / "fixtures" / "mini"


def four_boards() -> tuple[Battlefield, str, Catalogue]:
    catalogue, _ = load_catalogue()
    boards = [b for b in catalogue.boards.values() if b.width == 14 and b.height == 10]
    if len(boards) < 4:
        catalogue, _ = load_catalogue(data_dir=FIXTURES)
        boards = list(catalogue.boards.values())
    chosen = [boards[i % len(boards)] for i in range(4)]
    width, height = chosen[0].width, chosen[0].height
    layout = MapLayout.model_validate(
        {
            "boards": [
                {"board": board.id, "at": [width * (i % 2), height * (i // 2)], "rotation": 180 if i == 3 else 0}
                for i, board in enumerate(chosen)
            ]
        }
    )
    battlefield, issues = assemble(layout, catalogue)
    assert not issues, issues
    return battlefield, ", ".join(b.id for b in chosen), catalogue


def soldiers(battlefield: Battlefield, catalogue: Catalogue) -> list[Piece]:
    """A unit on every seventh open square: infantry, and a vehicle now and then."""
    infantry = next(u for u in catalogue.units.values() if u.type is UnitType.INFANTRY and u.footprint == 1)
    vehicle: Unit = next((u for u in catalogue.units.values() if u.type.is_vehicle and u.footprint == 1), infantry)
    open_squares = sorted(sq for sq in battlefield.squares if sq not in battlefield.element_at)
    return [
        Piece(key=f"u{i}", unit=vehicle if i % 5 == 0 else infantry, owner="ab"[i % 2], squares=(sq,))
        for i, sq in enumerate(open_squares[::7])
    ]


def best_of(runs: int, action: object) -> float:
    assert callable(action)
    return min(_timed(action) for _ in range(runs))


def _timed(action: object) -> float:
    assert callable(action)
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def main() -> None:
    battlefield, names, catalogue = four_boards()
    squares = sorted(battlefield.squares)
    pairs = list(itertools.combinations(squares, 2))
    pieces = soldiers(battlefield, catalogue)
    occupancy = Occupancy(pieces)
    smap = sight_map(battlefield)
    print(f"map: {battlefield.width}x{battlefield.height} squares ({names}), {len(pieces)} units")
    print(f"pairs: {len(pairs):,}")

    def baseline() -> None:
        for a, b in pairs:
            distance(a, b)

    def public() -> None:
        for a, b in pairs:
            line_of_sight(smap, occupancy, a, b, HON)

    def traced() -> None:
        for a, b in pairs:
            trace(smap, occupancy, a, b, smap.ends(a, b, (a,), (b,), None, None, HON))

    results = Counter(line_of_sight(smap, occupancy, a, b, HON).visibility.value for a, b in pairs)
    base = best_of(3, baseline)
    whole = best_of(2, public)
    inner = best_of(2, traced)
    print(f"results: {dict(results)}")
    print(f"baseline (Chebyshev distance): {len(pairs) / base:>12,.0f} pairs/s")
    print(f"line_of_sight:                 {len(pairs) / whole:>12,.0f} pairs/s  ({whole / base:.1f}x the baseline)")
    print(f"trace on the compiled map:     {len(pairs) / inner:>12,.0f} pairs/s  ({inner / base:.1f}x the baseline)")


if __name__ == "__main__":
    main()
