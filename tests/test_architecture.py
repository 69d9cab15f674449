"""The layers of DESIGN.md 2 hold: import-linter's contracts (pyproject.toml) are kept, and
the contracts would catch a module that breaks them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    program = Path(sys.executable).with_name("lint-imports")
    return subprocess.run([str(program), "--no-cache"], cwd=root, capture_output=True, text=True, check=False)


def test_the_import_contracts_are_kept() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "0 broken" in done.stdout


@pytest.mark.parametrize(
    ("module", "line"),
    [
        ("builder/heroes/probe.py", "import builder.services.game\n"),  # a system reaching up a layer
        ("builder/kernel/probe.py", "import rich\n"),  # the kernel printing
    ],
)
def test_a_module_crossing_a_layer_breaks_a_contract(tmp_path: Path, module: str, line: str) -> None:
    copy = tmp_path / "hon"
    shutil.copytree(ROOT / "builder", copy / "builder", ignore=shutil.ignore_patterns("__pycache__", "_data"))
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    (copy / module).write_text(line)
    done = lint_imports(copy)
    assert done.returncode != 0 and "BROKEN" in done.stdout
