"""`make bench` runs every script in benchmarks/ (the README's command); the suite cannot time
them (timings belong in the benchmarks, not in tests), but it can load each one, so that a
script broken by a move or a rename (an import that no longer resolves) fails here, not
the first time somebody runs the benchmarks. Loading runs no benchmark: each script does
its work under `if __name__ == "__main__"`."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

BENCHMARKS = sorted((Path(__file__).resolve().parents[1] / "benchmarks").glob("*.py"))


def test_there_are_benchmarks() -> None:
    assert len(BENCHMARKS) >= 5


@pytest.mark.parametrize("script", BENCHMARKS, ids=lambda path: path.name)
def test_benchmark_script_loads(script: Path) -> None:
    spec = importlib.util.spec_from_file_location(f"benchmark_{script.stem}", script)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert callable(getattr(module, "main", None)), f"{script.name} has no main()"
