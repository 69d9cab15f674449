"""What the scenario designer showed that did not fit a scenario (issue 15, point 4)."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from builder.heroes.catalogue.index import Catalogue
from builder.services.scenario_session import ScenarioSession
from builder.tui.app import HonApp
from builder.tui.screens.designer import DesignerScreen
from builder.tui.widgets.issues import IssuesPanel
from builder.tui.widgets.map_view import MapView
from tests.tui.test_designer import SIZE

WAY_OF_THE_CROSS = Path("scenarios/way-of-the-cross.yaml")


def designer(app: HonApp) -> DesignerScreen:
    screen = app.screen
    assert isinstance(screen, DesignerScreen)
    return screen


def panel_lines(screen: DesignerScreen) -> list[str]:
    panel = screen.query_one("#designer-issues", IssuesPanel)
    return [str(option.prompt) for option in panel.options]


async def test_a_sound_scenario_is_not_called_a_legal_list(bundled: Catalogue) -> None:
    app = HonApp(None, None, scenario=ScenarioSession.open(WAY_OF_THE_CROSS, bundled))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        (said,) = panel_lines(designer(app))
        assert "scenario" in said and "list" not in said


async def test_one_board_is_one_board(bundled: Catalogue, tmp_path: Path) -> None:
    app = HonApp(None, None, scenario=ScenarioSession.new(tmp_path / "new.yaml", bundled))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = str(designer(app).query_one("#title", Static).render())
        assert "squares, 1 board " in title


async def test_a_removed_objective_is_reported_once_per_place_that_names_it(bundled: Catalogue) -> None:
    app = HonApp(None, None, scenario=ScenarioSession.open(WAY_OF_THE_CROSS, bundled))
    async with app.run_test(size=SIZE) as pilot:
        screen = designer(app)
        screen.query_one(MapView).cursor = (6, 17)  # the Croix des Filandriers
        await pilot.pause()
        await pilot.press("o", "enter")
        await pilot.pause()
        assert app.scenario is not None
        missing = [i for i in app.scenario.issues if i.code == "reference.unknown"]
        assert {i.path for i in missing} == {"victory.outcomes[0].condition", "victory.end.early[0]"}
        outcome = app.scenario.scenario.victory.outcomes[0].label
        shown = [line for line in panel_lines(screen) if "croix-des-filandriers" in line]
        assert len(shown) == len(set(shown)) == 2  # no line twice
        assert any(outcome in line for line in shown)  # which outcome counts on it


async def test_a_new_scenario_says_a_game_needs_army_lists(bundled: Catalogue, tmp_path: Path) -> None:
    """f8 refuses a game for want of army lists: f4 says so before, never "No issues"."""
    app = HonApp(None, None, scenario=ScenarioSession.new(tmp_path / "new.yaml", bundled))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.scenario is not None
        noted = [i.path for i in app.scenario.issues if i.code == "force.no-army"]
        assert noted == ["forces[0]", "forces[1]"]
        assert len(panel_lines(designer(app))) == len(app.scenario.issues)
