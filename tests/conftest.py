"""Shared fixtures: the bundled catalogue, a small hand-made one, and army builders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from builder.heroes.army.models import ArmyList
from builder.heroes.catalogue.index import Catalogue
from builder.io.catalogue_files import load_catalogue
from builder.kernel.diagnostics import Issue

FIXTURES = Path(__file__).parent / "fixtures"
MINI = FIXTURES / "mini"


@pytest.fixture(scope="session")
def bundled() -> Catalogue:
    catalogue, issues = load_catalogue()
    assert issues == []
    return catalogue


@pytest.fixture(scope="session")
def mini() -> Catalogue:
    catalogue, issues = load_catalogue(data_dir=MINI)
    assert issues == []
    return catalogue


def army(tiles: list[Any] | None = None, **fields: Any) -> ArmyList:
    """An Alpha army list of the mini catalogue; keyword arguments override any field."""
    data: dict[str, Any] = {
        "name": "Test army",
        "game": "hon",
        "faction": "alpha",
        "points_limit": 1000,
        "tiles": tiles if tiles is not None else [],
    }
    data.update(fields)
    return ArmyList.model_validate(data)


def codes(issues: list[Issue]) -> list[str]:
    return [issue.code for issue in issues]


def errors(issues: list[Issue]) -> list[str]:
    return [issue.code for issue in issues if issue.severity == "error"]


@pytest.fixture(autouse=True)
def isolated_user_catalogue(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test reads or writes the player's own catalogue folder."""
    folder = tmp_path_factory.mktemp("user-catalogue") / "catalogue"
    monkeypatch.setenv("HON_CATALOGUE", str(folder))
    return folder


@pytest.fixture(autouse=True, scope="session")
def isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The catalogue cache of the test run lives in a temporary folder."""
    import os

    folder = tmp_path_factory.mktemp("cache")
    os.environ["HON_CACHE"] = str(folder)
    return folder
