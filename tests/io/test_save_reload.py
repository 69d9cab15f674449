"""Reloading a document whose file was deleted or broken since changes nothing: the
sessions read the file first and only then replace what they hold (the app's "Reload
theirs" relies on it to keep the player's edits)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.heroes.catalogue.index import Catalogue
from builder.io.errors import HonFileError
from builder.io.paths import DEFAULT_ARMY
from builder.services.army_session import ArmySession
from builder.services.scenario_session import ScenarioSession

SCENARIO = Path(__file__).resolve().parents[2] / "scenarios" / "rush-on-maltot.yaml"


def spoil(path: Path, how: str) -> None:
    if how == "deleted":
        path.unlink()
    else:
        path.write_text("format: [broken\n", encoding="utf-8")


@pytest.mark.parametrize("how", ["deleted", "broken"])
def test_an_army_that_cannot_be_reloaded_is_left_as_it_was(tmp_path: Path, bundled: Catalogue, how: str) -> None:
    path = tmp_path / "army.yaml"
    shutil.copy(DEFAULT_ARMY, path)
    session = ArmySession.open(path, bundled)
    session.history.replace(session.army.model_copy(update={"name": "Ours"}), "rename")
    before = (session.history.present, list(session.history.done), session.fingerprint, session.saved)
    spoil(path, how)
    with pytest.raises(HonFileError) as problem:
        session.reload()
    assert str(path) in str(problem.value)
    assert (session.history.present, session.history.done, session.fingerprint, session.saved) == before


@pytest.mark.parametrize("how", ["deleted", "broken"])
def test_a_scenario_that_cannot_be_reloaded_is_left_as_it_was(tmp_path: Path, bundled: Catalogue, how: str) -> None:
    path = tmp_path / "scenario.yaml"
    shutil.copy(SCENARIO, path)
    session = ScenarioSession.open(path, bundled)
    session.history.replace(session.scenario.model_copy(update={"title": "Ours"}), "retitle")
    before = (session.history.present, list(session.history.done), session.fingerprint, session.loaded)
    spoil(path, how)
    with pytest.raises(HonFileError):
        session.reload()
    assert (session.history.present, session.history.done, session.fingerprint, session.loaded) == before
