"""Test apps built from fixture files (as darrenburns/posting does): the bundled catalogue
and copies of the example armies in a temporary folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.heroes.catalogue.index import Catalogue
from builder.io.paths import DEFAULT_ARMY, SCENARIOS_DIR
from builder.services.army_session import ArmySession
from builder.tui.app import HonApp


@pytest.fixture
def army_file(tmp_path: Path) -> Path:
    target = tmp_path / "omaha.yaml"
    shutil.copy(DEFAULT_ARMY, target)
    return target


@pytest.fixture
def app_on_file(army_file: Path, bundled: Catalogue, isolated_user_catalogue: Path) -> HonApp:
    return HonApp(ArmySession.open(army_file, bundled), isolated_user_catalogue)


@pytest.fixture
def app_on_example(bundled: Catalogue, isolated_user_catalogue: Path) -> HonApp:
    return HonApp.on_file(None, bundled, isolated_user_catalogue, template=DEFAULT_ARMY)


@pytest.fixture
def orchard(tmp_path: Path) -> Path:
    """A copy of the Tactical Card Game example scenario that tests may edit and save."""
    target = tmp_path / "orchard.yaml"
    shutil.copy(SCENARIOS_DIR / "tcg" / "orchard-at-dawn.yaml", target)
    return target
