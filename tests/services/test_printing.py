"""Printing the document being edited: as it stands, unsaved changes included, into
`exports/` under the current folder unless another folder is given."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.export.formats import Format, SheetFormat
from builder.heroes.catalogue.index import Catalogue
from builder.io.paths import DEFAULT_ARMY, SCENARIOS_DIR
from builder.services.army_session import ArmySession
from builder.services.printing import print_roster, print_sheet
from builder.services.scenario_session import ScenarioSession
from tests.export.helpers import html_text


def test_a_roster_goes_to_exports_under_the_current_folder(
    bundled: Catalogue, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    session = ArmySession.open(DEFAULT_ARMY, bundled)
    written = print_roster(session, Format.MD)
    assert written == tmp_path / "exports" / "omaha-the-morning-after.md"
    assert written.read_text(encoding="utf-8").startswith(f"# {session.army.name}")


def test_an_edited_scenario_prints_as_it_stands_with_its_army_lists(bundled: Catalogue, tmp_path: Path) -> None:
    folder = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS_DIR, folder)
    session = ScenarioSession.open(folder / "rush-on-maltot.yaml", bundled)
    session.history.replace(session.scenario.model_copy(update={"title": "Maltot, again"}), "retitle")
    session.refresh()
    written = print_sheet(session, SheetFormat.HTML, tmp_path / "out")
    text = html_text(written.read_text(encoding="utf-8"))
    assert text.startswith("Maltot, again")
    assert "Army list Rush on Maltot — 43rd Infantry Division" in text  # read from beside the file
    assert (folder / "rush-on-maltot.yaml").read_text(encoding="utf-8").count("Maltot, again") == 0


def test_a_new_scenario_prints_before_it_is_saved(bundled: Catalogue, tmp_path: Path) -> None:
    session = ScenarioSession.new(tmp_path / "mine.yaml", bundled)
    written = print_sheet(session, SheetFormat.PDF, tmp_path)
    assert written == tmp_path / "new-scenario.pdf" and written.read_bytes().startswith(b"%PDF")
    assert not (tmp_path / "mine.yaml").exists()
