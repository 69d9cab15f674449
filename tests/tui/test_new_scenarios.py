"""`hon design NEW.yaml --game G`: a new scenario of any game hon plays, saved where the
command line says, in a file its own loader reads back."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main
from builder.heroes.catalogue.base import Game
from builder.io import memoir_files, tcg_files
from builder.io.paths import SCENARIOS_DIR
from builder.memoir.catalogue import Side
from builder.tui.app import HonApp
from builder.tui.screens.designer import DesignerScreen
from builder.tui.screens.hex_designer import HexDesignerScreen
from builder.tui.screens.tcg_designer import TcgDesignerScreen


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[HonApp]:
    """The apps `hon design` would run, caught before they take the terminal."""
    ran: list[HonApp] = []
    monkeypatch.setattr(HonApp, "run", lambda self, *args, **kwargs: ran.append(self))
    return ran


async def test_a_new_card_game_scenario_is_saved_and_read_back(tmp_path: Path, started: list[HonApp]) -> None:
    path = tmp_path / "new-cards.yaml"
    assert main(["design", str(path), "--game", "tcg"]) == 0
    (app,) = started
    assert isinstance(app, HonApp)
    async with app.run_test(size=(130, 42)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TcgDesignerScreen)
        assert not app.screen.session.has_edits  # issue 30.5: not "modified" before an edit
        await pilot.press("ctrl+s")
        await pilot.pause()
    scenario = tcg_files.load_tcg_scenario(path).scenario
    assert scenario.game == "tcg" and len(scenario.sides) == 2
    assert {side.insignia for side in scenario.sides} == {"us", "german"}
    assert all(side.reinforcement_zone for side in scenario.sides)


async def test_a_new_hex_scenario_is_saved_and_read_back(tmp_path: Path, started: list[HonApp]) -> None:
    path = tmp_path / "new-hexes.yaml"
    assert main(["design", str(path), "--game", "m44"]) == 0
    (app,) = started
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HexDesignerScreen)
        modified = [screen.session.has_edits]  # issue 30.5: not "modified" before an edit
        await pilot.press("u")  # a unit on the first hex
        modified.append(screen.session.has_edits)
        await pilot.press("ctrl+s")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        modified.append(screen.session.has_edits)
        assert modified == [False, True, False]
    scenario = memoir_files.load_scenario(path).scenario
    assert [side.id for side in scenario.sides] == [Side.AXIS, Side.ALLIES]
    assert len(scenario.hexes) == 1 and scenario.hexes[0].unit is not None


async def test_a_new_shadows_scenario_opens_the_designer_on_that_game(tmp_path: Path, started: list[HonApp]) -> None:
    assert main(["design", str(tmp_path / "new-son.yaml"), "--game", "son"]) == 0
    (app,) = started
    assert isinstance(app, HonApp)
    async with app.run_test(size=(130, 42)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DesignerScreen)
        assert screen.session.scenario.game is Game.SON
        assert not screen.session.has_edits  # issue 30.5: not "modified" before an edit


def test_game_on_an_existing_scenario_or_an_unknown_game_is_refused(
    tmp_path: Path, started: list[HonApp], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["design", str(SCENARIOS_DIR / "free-battle.yaml"), "--game", "son"]) == 2
    assert "--game" in capsys.readouterr().err
    assert main(["design", str(tmp_path / "x.yaml"), "--game", "chess"]) == 2
    err = capsys.readouterr().err
    assert "chess" in err and "Traceback" not in err
    assert not started and not (tmp_path / "x.yaml").exists()
