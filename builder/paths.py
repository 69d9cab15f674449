"""Where the bundled data lives: beside the package in a checkout, inside it in a wheel."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def _pick(checkout: Path, wheel: Path) -> Path:
    return checkout if checkout.is_dir() else wheel


DATA_DIR = _pick(_PACKAGE.parent / "data", _PACKAGE / "_data")
SCENARIOS_DIR = _pick(_PACKAGE.parent / "scenarios", _PACKAGE / "_scenarios")
EXAMPLE_ARMIES_DIR = DATA_DIR / "armies"
SCHEMAS_DIR = DATA_DIR / "schemas"
# The folders of the bundled catalogue, read in this order.
CATALOGUE_FOLDERS = ("common", "hon", "son")
DEFAULT_ARMY = EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml"
