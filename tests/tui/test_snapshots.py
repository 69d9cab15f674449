"""Snapshots of the main screens at 80x24 and 120x40, grouped by feature. The apps are
built from the hand-made fixture catalogue so that bundled data can grow without churning
these pictures. Update after a deliberate change with `pytest --snapshot-update` and look
at the report."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from builder.io.catalogue_files import load_catalogue
from builder.services.army_session import ArmySession
from builder.tui.app import HonApp
from tests.conftest import FIXTURES, MINI

SIZES = [(80, 24), (120, 40)]


class SteadyApp(HonApp):
    """The app with text cursors that don't blink, so a picture doesn't depend on when
    it was taken."""

    def on_descendant_mount(self, event: object) -> None:
        for text_input in self.query(Input):
            text_input.cursor_blink = False


def fixture_app(user_catalogue: Path) -> HonApp:
    catalogue, _ = load_catalogue(data_dir=MINI)
    return SteadyApp(ArmySession.open(FIXTURES / "armies" / "mini-army.yaml", catalogue), user_catalogue)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
class TestArmyBuilder:
    def test_builder(self, snap_compare, size: tuple[int, int], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(fixture_app(tmp_path), terminal_size=size)

    def test_slot_picker_with_reasons(self, snap_compare, size: tuple[int, int], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        async def open_picker(pilot: Pilot[None]) -> None:
            app = pilot.app
            assert isinstance(app, HonApp)
            app.builder.focus_path("tiles[1].slots.right")
            await pilot.press("enter")
            await pilot.pause()

        assert snap_compare(fixture_app(tmp_path), terminal_size=size, run_before=open_picker)

    def test_issues_panel(self, snap_compare, size: tuple[int, int], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(fixture_app(tmp_path), terminal_size=size, press=["f4"])

    def test_counter_details(self, snap_compare, size: tuple[int, int], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        async def open_counters(pilot: Pilot[None]) -> None:
            app = pilot.app
            assert isinstance(app, HonApp)
            app.builder.focus_path("tiles[2]")
            await pilot.press("d")
            await pilot.pause()

        assert snap_compare(fixture_app(tmp_path), terminal_size=size, run_before=open_counters)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
class TestCatalogueEditor:
    def test_new_tile_form(self, snap_compare, size: tuple[int, int], tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
        assert snap_compare(fixture_app(tmp_path), terminal_size=size, press=["f3"])
