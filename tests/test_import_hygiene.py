"""The domain is pure (DESIGN.md 2): importing it pulls in no UI, output or I/O library.

Each module is imported in a fresh interpreter, as tconbeer/harlequin does, so that what
another test imported cannot hide a leak."""

from __future__ import annotations

import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest

import builder

# The shared kernel and every game system (DESIGN.md 2): whatever package is not one of
# the layers above them is a system, so a new one is checked without being listed here.
LAYERS_ABOVE = {"io", "export", "services", "render", "tui", "cli"}
SYSTEMS = sorted(
    f"builder.{info.name}"
    for info in pkgutil.iter_modules([str(Path(builder.__file__).parent)])
    if info.ispkg and info.name not in LAYERS_ABOVE | {"kernel"}
)
DOMAIN = ["builder.kernel", *SYSTEMS]
FORBIDDEN = [
    "textual",
    "rich",
    "typer",
    "jinja2",
    "typst",
    "yaml",
    "markupsafe",
    "builder.io",
    "builder.cli",
    "builder.tui",
    "builder.export",
    "builder.services",
    "builder.render",
]


def domain_modules() -> list[str]:
    root = Path(builder.__file__).parent
    found = []
    for package in DOMAIN:
        path = root.joinpath(*package.split(".")[1:])
        if path.with_suffix(".py").exists():
            found.append(package)
        elif path.is_dir():
            found.append(package)
            found.extend(f"{package}.{m.name}" for m in pkgutil.walk_packages([str(path)]))
    return found


@pytest.mark.parametrize("module", domain_modules())
def test_domain_module_imports_nothing_impure(module: str) -> None:
    probe = (
        f"import sys, {module}\n"
        f"forbidden = {FORBIDDEN!r}\n"
        "bad = sorted(m for m in sys.modules if any(m == f or m.startswith(f + '.') for f in forbidden))\n"
        "print(','.join(bad))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "", f"{module} pulls in {done.stdout.strip()}"


def test_the_probe_would_catch_a_leak() -> None:
    """The check itself works: the CLI does import rich and typer."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys, builder.cli; print('rich' in sys.modules, 'typer' in sys.modules)"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert done.stdout.split() == ["True", "True"]


def test_every_game_system_is_checked() -> None:
    assert "builder.heroes" in DOMAIN and "builder.kernel" in DOMAIN
