"""Pilot tests of the scenario designer: painting, zones, objectives, boards, details,
undo and saving; and snapshots of the designer."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import TextArea

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.models import ObjectiveKind, ZoneKind
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import load_scenario
from builder.services.scenario_session import ScenarioSession
from builder.tui.app import HonApp
from builder.tui.screens.designer import DesignerScreen
from builder.tui.screens.scenario_details import ScenarioDetails
from builder.tui.widgets.map_view import MapView
from tests.conftest import FIXTURES, MINI
from tests.tui.steady import SnapCompare, snapshot

SIZE = (120, 40)


@pytest.fixture
def duel_file(tmp_path: Path) -> Path:
    target = tmp_path / "duel.yaml"
    shutil.copy(FIXTURES / "scenarios" / "duel.yaml", target)
    return target


@pytest.fixture
def mini_catalogue() -> Catalogue:
    return load_catalogue(data_dir=MINI)[0]


def designer_app(path: Path, catalogue: Catalogue) -> HonApp:
    return HonApp(None, None, scenario=ScenarioSession.open(path, catalogue))


async def at(pilot: Pilot[None], square: tuple[int, int]) -> DesignerScreen:
    screen = pilot.app.screen
    assert isinstance(screen, DesignerScreen)
    screen.query_one(MapView).cursor = square
    await pilot.pause()
    return screen


async def test_painting_with_keys_and_undo(duel_file: Path, mini_catalogue: Catalogue) -> None:
    app = designer_app(duel_file, mini_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, (2, 3))
        await pilot.press("p")
        while screen.terrains[screen.tools.terrain_index] != "pond":
            await pilot.press("t")
        await pilot.press("enter")
        assert app.scenario is not None and app.scenario.battlefield is not None
        assert app.scenario.battlefield.element_at[(2, 3)].terrain.id == "pond"
        await pilot.press("ctrl+z")
        assert (2, 3) not in app.scenario.battlefield.element_at
        await pilot.press("ctrl+y")
        assert app.scenario.battlefield.element_at[(2, 3)].terrain.id == "pond"


async def test_painting_by_dragging_the_mouse(duel_file: Path, mini_catalogue: Catalogue) -> None:
    app = designer_app(duel_file, mini_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        screen = await at(pilot, (0, 0))
        screen.action_tool("paint")
        terrain = screen.terrains[screen.tools.terrain_index]
        await pilot.mouse_down(MapView, offset=(4, 2))  # square (2, 2): two columns per square
        await pilot.hover(MapView, offset=(6, 2))
        await pilot.hover(MapView, offset=(8, 2))
        await pilot.mouse_up(MapView, offset=(8, 2))
        await pilot.pause()
        assert app.scenario is not None and app.scenario.battlefield is not None
        painted = {s for s, e in app.scenario.battlefield.element_at.items() if e.id == f"painted-{terrain}"}
        assert {(2, 2), (3, 2), (4, 2)} <= painted


async def test_drawing_a_zone_and_an_entry(duel_file: Path, mini_catalogue: Catalogue) -> None:
    app = designer_app(duel_file, mini_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await at(pilot, (6, 0))
        await pilot.press("z", "s")  # zone tool, second side (beta)
        await pilot.press("enter")
        await pilot.press("right", "enter")
        assert app.scenario is not None
        zone = next(z for z in app.scenario.scenario.zones if z.side == "beta" and z.kind is ZoneKind.DEPLOYMENT)
        assert zone.area.cells() == {(6, 0), (7, 0)}
        await at(pilot, (0, 0))
        await pilot.press("n", "enter")
        entry = next(z for z in app.scenario.scenario.zones if z.kind is ZoneKind.ENTRY and z.side == "beta")
        assert (0, 0) in entry.area.cells()


async def test_placing_an_objective_and_seeing_it_checked(duel_file: Path, mini_catalogue: Catalogue) -> None:
    app = designer_app(duel_file, mini_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await at(pilot, (6, 0))  # the rocks of the turned board: no unit can enter
        await pilot.press("o", "k", "k")  # objective tool, bonus kind
        await pilot.press("enter")
        assert app.scenario is not None
        objective = app.scenario.scenario.objectives[-1]
        assert (objective.kind, objective.at) == (ObjectiveKind.BONUS, (6, 0))
        assert "objective.impassable" in {i.code for i in app.scenario.issues}
        await pilot.press("enter")  # again: the objective comes off
        assert objective not in app.scenario.scenario.objectives
        assert "objective.impassable" not in {i.code for i in app.scenario.issues}


async def test_turning_a_board(duel_file: Path, mini_catalogue: Catalogue) -> None:
    app = designer_app(duel_file, mini_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await at(pilot, (8, 1))
        await pilot.press("r")
        assert app.scenario is not None
        assert app.scenario.scenario.map.boards[1].rotation == 270


async def open_details(pilot: Pilot[None]) -> ScenarioDetails:
    await pilot.press("f7")
    await pilot.pause()
    details = pilot.app.screen
    assert isinstance(details, ScenarioDetails)
    return details


async def test_details_are_applied_as_one_edit_and_saved(duel_file: Path, mini_catalogue: Catalogue) -> None:
    app = designer_app(duel_file, mini_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        details = await open_details(pilot)
        area = details.query_one("#victory-yaml", TextArea)
        area.text = area.text.replace("Alpha victory", "Alpha holds the farm")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, DesignerScreen)
        assert app.scenario is not None
        assert app.scenario.scenario.victory.outcomes[0].label == "Alpha holds the farm"
        await pilot.press("ctrl+s")
        await pilot.pause()
    saved = load_scenario(duel_file).scenario
    assert saved.victory.outcomes[0].label == "Alpha holds the farm"
    assert duel_file.with_name("duel.yaml.bak").exists()


async def test_every_details_tab_is_reached_by_its_key_from_any_field(
    duel_file: Path, mini_catalogue: Catalogue
) -> None:
    from textual.widgets import TabbedContent, TabPane, Tabs

    from builder.tui.palette import ActionsProvider
    from builder.tui.widgets.footer import shown_keys

    app = designer_app(duel_file, mini_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        details = await open_details(pilot)
        tabs = details.query_one("#details-tabs", TabbedContent)
        panes = [str(pane.id) for pane in tabs.query(TabPane)]
        victory = details.query_one("#victory-yaml", TextArea).text
        # From the last tab back to the first: each key pressed in the field the one before focused.
        for number, pane in reversed(list(enumerate(panes, 1))):
            await pilot.press(f"alt+{number}")
            await pilot.pause()
            assert tabs.active == pane
            assert app.focused is not None and details.query_one(f"#{pane}") in app.focused.ancestors, number
        assert details.query_one("#victory-yaml", TextArea).text == victory  # nothing typed into the YAML
        await pilot.press("alt+0", "right")  # the tab bar, then its next tab
        await pilot.pause()
        assert isinstance(app.focused, Tabs) and tabs.active == panes[1]
        # Shown: the tab keys in the footer, each tab by its key in the palette.
        assert "alt+0" in {key.key for key in shown_keys(app.screen).keys}
        commands = {(action, key) for _, action, key in ActionsProvider(details)._commands()}
        assert {(f"show_tab('{pane}')", f"alt+{n}") for n, pane in enumerate(panes, 1)} <= commands


async def test_quitting_with_unsaved_changes_asks(duel_file: Path, mini_catalogue: Catalogue) -> None:
    from builder.tui.screens.dialogs import Ask

    app = designer_app(duel_file, mini_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await at(pilot, (2, 3))
        await pilot.press("x", "p", "enter")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, Ask)
        await pilot.click("#cancel")
        await pilot.pause()
        assert app.is_running


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_designer_snapshot(
    snap_compare: SnapCompare, size: tuple[int, int], duel_file: Path, mini_catalogue: Catalogue
) -> None:
    assert snapshot(snap_compare, designer_app(duel_file, mini_catalogue), size)


async def test_the_designer_opens_from_the_army_builder(app_on_file: HonApp, tmp_path: Path) -> None:
    from textual.widgets import Input

    target = tmp_path / "new-scenario.yaml"
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        await pilot.click("#new")  # rather than open a scenario file
        await pilot.pause()
        app_on_file.screen.query_one("#scenario-title", Input).value = "Night at the Mill"
        await pilot.click("#create")
        await pilot.pause()
        assert isinstance(app_on_file.screen, DesignerScreen)
        assert app_on_file.scenario is not None and app_on_file.scenario.path is None
        await pilot.press("ctrl+s")  # the first save asks where
        await pilot.pause()
        app_on_file.screen.query_one("#path", Input).value = str(target)
        await pilot.press("enter")
        await pilot.pause()
        session = app_on_file.scenario
        assert session.path == target
        await pilot.press("escape")
        await pilot.pause()
        assert app_on_file.builder.is_active
    saved = load_scenario(target).scenario
    assert (saved.game.value, saved.title, saved.id) == ("hon", "Night at the Mill", "night-at-the-mill")
