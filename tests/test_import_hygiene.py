"""The domain is pure (DESIGN.md 2): importing it pulls in no UI, output or I/O library.

Each system is imported module by module in a fresh interpreter, as tconbeer/harlequin does,
so that what another test imported cannot hide a leak."""

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


def modules_of(package: str) -> list[str]:
    """`package` and every module under it, subpackages' included (the rules core has packages)."""
    path = Path(builder.__file__).parent.joinpath(*package.split(".")[1:])
    if path.with_suffix(".py").exists():
        return [package]
    return [package, *(m.name for m in pkgutil.walk_packages([str(path)], prefix=f"{package}."))]


# Imports the modules one by one in a fresh interpreter and names, for each forbidden module,
# the first of them whose import pulled it in.
PROBE = """
import importlib, sys
forbidden, leaks = {forbidden!r}, []
for module in {modules!r}:
    before = set(sys.modules)
    importlib.import_module(module)
    bad = sorted(m for m in set(sys.modules) - before if any(m == f or m.startswith(f + ".") for f in forbidden))
    leaks += [f"{{module}} pulls in {{', '.join(bad)}}"] if bad else []
print("\\n".join(leaks))
"""


@pytest.mark.parametrize("package", DOMAIN)
def test_domain_package_imports_nothing_impure(package: str) -> None:
    modules = modules_of(package)
    probe = PROBE.format(forbidden=FORBIDDEN, modules=modules)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""


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
