"""Shared fixtures: the bundled catalogue, a small hand-made one, and army builders."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from builder.heroes.army.models import ArmyList
from builder.heroes.catalogue.index import Catalogue
from builder.io.catalogue_files import load_catalogue
from builder.kernel.diagnostics import Issue

FIXTURES = Path(__file__).parent / "fixtures"
MINI = FIXTURES / "mini"

# Tests key on behaviour, never on timing: Hypothesis's per-example deadline and its check
# on how fast examples are made fail at random on a loaded machine or in a parallel run.
settings.register_profile("hon", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("hon")


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


# Isolation, so that tests may run in any order and in parallel (`make test` runs one
# pytest-xdist worker per core): each test has its own folders, and each worker process its
# own catalogue cache. A test writes only under tmp_path (or a folder of its own from
# tmp_path_factory), never into the checkout, the current folder or $HOME.


@pytest.fixture(autouse=True)
def isolated_user_catalogue(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """No test reads or writes the player's own catalogue folder."""
    folder = tmp_path_factory.mktemp("user-catalogue") / "catalogue"
    monkeypatch.setenv("HON_CATALOGUE", str(folder))
    return folder


@pytest.fixture(autouse=True)
def isolated_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty home folder: what the programs a test starts keep there (chromium its
    profile and crash reports, dconf its settings) is neither shared between tests
    running at once nor left for the next."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(home / ".cache"))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / ".local" / "share"))
    return home


@pytest.fixture(autouse=True, scope="session")
def isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The catalogue cache of the test run lives in a temporary folder, one per worker
    process (tmp_path_factory's base folder is the worker's own under pytest-xdist)."""
    folder = tmp_path_factory.mktemp("cache")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setenv("HON_CACHE", str(folder))
        yield folder


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish() -> None:
    """The session's garbage collected now, and what survives frozen. After this hook
    pytest-xdist tells the controller the worker is done, and the controller ends the run;
    the worker then has 5 s (execnet) before it is sent SIGINT, printed as a KeyboardInterrupt
    traceback. In those 5 s pytest's unraisable-exception cleanup runs five full collections:
    over the heap of a worker that ran hundreds of app tests (their apps are cycles, left for
    the oldest generation), seconds each on a busy machine. Collected here, the garbage's
    finalizers still report to pytest; frozen, the survivors are left out of those five."""
    gc.collect()
    gc.freeze()
