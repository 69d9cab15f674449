"""Where the bundled data lives: beside the package in a checkout, inside it in a wheel."""

from __future__ import annotations

import os
from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _pick(checkout: Path, wheel: Path) -> Path:
    return checkout if checkout.is_dir() else wheel


DATA_DIR = _pick(_PACKAGE.parent / "data", _PACKAGE / "_data")
SCENARIOS_DIR = _pick(_PACKAGE.parent / "scenarios", _PACKAGE / "_scenarios")
EXAMPLE_ARMIES_DIR = DATA_DIR / "armies"
SCHEMAS_DIR = DATA_DIR / "schemas"
# The folders of the bundled catalogue, read in this order.
CATALOGUE_FOLDERS = ("common", "hon", "son")
TCG_DATA = DATA_DIR / "tcg"  # the Tactical Card Game's cards
MEMOIR_DIR = DATA_DIR / "m44"  # the hex game's units, terrain and command cards
DEFAULT_ARMY = EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml"


def user_catalogue_dir() -> Path:
    """Where the catalogue editor keeps a player's own entries: $HON_CATALOGUE, or the
    XDG data folder. Layered over the bundled catalogue whenever it exists."""
    if os.environ.get("HON_CATALOGUE"):
        return Path(os.environ["HON_CATALOGUE"]).expanduser()
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "hon" / "catalogue"


def existing_user_catalogue(explicit: Path | None) -> Path | None:
    """The user catalogue to layer: the one asked for, else the default one if it exists."""
    if explicit is not None:
        return explicit
    default = user_catalogue_dir()
    return default if default.is_dir() else None
