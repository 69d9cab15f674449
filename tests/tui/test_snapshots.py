"""Snapshots of the main screens at 80x24 and 120x40, grouped by feature. The apps are
built from the hand-made fixture catalogue so that bundled data can grow without churning
these pictures; `snapshot` stills the text cursors so that a picture doesn't depend on
when it was taken (tests/tui/steady.py). Update after a deliberate change with
`pytest --snapshot-update` and look at the report."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot

from builder.io.catalogue_files import load_catalogue
from builder.services.army_session import ArmySession
from builder.tui.app import HonApp
from tests.conftest import FIXTURES, MINI
from tests.tui.steady import SnapCompare, snapshot

SIZES = [(80, 24), (120, 40)]


def fixture_app(user_catalogue: Path) -> HonApp:
    catalogue, _ = load_catalogue(data_dir=MINI)
    return HonApp(ArmySession.open(FIXTURES / "armies" / "mini-army.yaml", catalogue), user_catalogue)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
class TestArmyBuilder:
    def test_builder(self, snap_compare: SnapCompare, size: tuple[int, int], tmp_path: Path) -> None:
        assert snapshot(snap_compare, fixture_app(tmp_path), size)

    def test_slot_picker_with_reasons(self, snap_compare: SnapCompare, size: tuple[int, int], tmp_path: Path) -> None:
        async def open_picker(pilot: Pilot[None]) -> None:
            app = pilot.app
            assert isinstance(app, HonApp)
            app.builder.focus_path("tiles[1].slots.right")
            await pilot.press("enter")
            await pilot.pause()

        assert snapshot(snap_compare, fixture_app(tmp_path), size, run_before=open_picker)

    def test_issues_panel(self, snap_compare: SnapCompare, size: tuple[int, int], tmp_path: Path) -> None:
        assert snapshot(snap_compare, fixture_app(tmp_path), size, press=["f4"])

    def test_counter_details(self, snap_compare: SnapCompare, size: tuple[int, int], tmp_path: Path) -> None:
        async def open_counters(pilot: Pilot[None]) -> None:
            app = pilot.app
            assert isinstance(app, HonApp)
            app.builder.focus_path("tiles[2]")
            await pilot.press("d")
            await pilot.pause()

        assert snapshot(snap_compare, fixture_app(tmp_path), size, run_before=open_counters)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
class TestCatalogueEditor:
    def test_new_tile_form(self, snap_compare: SnapCompare, size: tuple[int, int], tmp_path: Path) -> None:
        assert snapshot(snap_compare, fixture_app(tmp_path), size, press=["f3"])
