"""One Textual app for the three systems (issue 33, point 4): hon has a single App class, and
its screens open any system's scenario — `hon design` and `hon simulate --tui` choose the
screen by the file's system, as f6 and f8 in the army builder do."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import shutil
from pathlib import Path

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Input

import builder
from builder.cli import main
from builder.io.memoir_files import load_scenario
from builder.io.paths import SCENARIOS_DIR
from builder.kernel.decisions import Policy
from builder.kernel.system import Capability, GameSystem
from builder.services.systems import SYSTEMS
from builder.tcg.rules.variants import Variant
from builder.tui.app import HonApp
from builder.tui.fronts import SCREENS, ScreenFront
from builder.tui.screens.dialogs import Ask
from builder.tui.screens.hex_designer import HexDesignerScreen
from builder.tui.screens.hex_simulation import HexSimulationScreen
from builder.tui.screens.tcg_designer import TcgDesignerScreen
from builder.tui.screens.tcg_simulation import TcgSimulationScreen
from tests.tui.steady import showing

SIZE = (120, 40)
HEX = SCENARIOS_DIR / "m44" / "hedgerow-lanes.yaml"
TCG = SCENARIOS_DIR / "tcg" / "hedgerow-crossroads.yaml"


def test_hon_has_one_app_class() -> None:
    """Every module of builder imported (but `python -m builder.cli`, which runs hon), the
    subclasses of Textual's App defined in them."""
    for module in pkgutil.walk_packages(builder.__path__, "builder."):
        if not module.name.endswith(".__main__"):
            importlib.import_module(module.name)
    found: list[type[App[object]]] = []
    pending: list[type[App[object]]] = [App]
    while pending:
        for subclass in pending.pop().__subclasses__():
            pending.append(subclass)
            if subclass.__module__.startswith("builder."):
                found.append(subclass)
    assert found == [HonApp], [f"{c.__module__}.{c.__qualname__}" for c in found]
    assert inspect.getmodule(HonApp) is importlib.import_module("builder.tui.app")


@pytest.mark.parametrize("system", SYSTEMS, ids=lambda system: system.id)
def test_a_systems_screens_answer_what_its_capabilities_promise(system: GameSystem) -> None:
    """The app opens a scenario through its system's ScreenFront: one for every system, with a
    designer where hon checks its scenarios and a viewer where it simulates them."""
    screens = type(SCREENS[system.id])
    assert (screens.design is not ScreenFront.design) == system.supports(Capability.SCENARIO_CHECK)
    assert (screens.simulate is not ScreenFront.simulate) == system.supports(Capability.SIMULATE)


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[HonApp]:
    """The apps a command would run, caught before they take the terminal."""
    ran: list[HonApp] = []
    monkeypatch.setattr(HonApp, "run", lambda self, *args, **kwargs: ran.append(self))
    return ran


def opening(app: HonApp) -> Screen[None] | None:
    return app._opening


def test_hon_design_opens_each_systems_designer_in_the_app(started: list[HonApp]) -> None:
    assert main(["design", str(HEX)]) == 0
    assert main(["design", str(TCG)]) == 0
    assert [type(opening(app)) for app in started] == [HexDesignerScreen, TcgDesignerScreen]


def test_hon_simulate_tui_opens_each_systems_viewer_in_the_app(started: list[HonApp]) -> None:
    assert main(["simulate", str(HEX), "--tui", "--seed", "4", "--policy", "random"]) == 0
    assert main(["simulate", str(TCG), "--tui", "--seed", "2", "--variant", "more-casualties"]) == 0
    hexes, cards = (opening(app) for app in started)
    assert isinstance(hexes, HexSimulationScreen) and (hexes.seed, hexes.policy) == (4, Policy.RANDOM)
    assert isinstance(cards, TcgSimulationScreen) and (cards.seed, cards.variants) == (
        2,
        frozenset({Variant.MORE_CASUALTIES}),
    )


def test_hon_simulate_tui_refuses_a_scenario_with_errors_before_the_app(
    tmp_path: Path, started: list[HonApp], capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(TCG.read_text(encoding="utf-8").replace("first_player: us", "first_player: nobody"), "utf-8")
    assert main(["simulate", str(broken), "--tui"]) == 2
    err = capsys.readouterr().err
    assert str(broken) in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not started


async def open_from_the_builder(pilot: Pilot[None], app: HonApp, key: str, path: Path) -> None:
    """`key` (f6 or f8) in the builder, then `path` chosen in the file dialog."""
    await pilot.press(key)
    await pilot.pause()
    if key == "f6":
        await pilot.click("#open")  # rather than start a new scenario
        await pilot.pause()
    app.screen.query_one("#path", Input).value = str(path)
    await pilot.click("#choose")


async def test_the_builder_opens_a_hex_file_in_the_hex_designer_and_escape_asks(
    app_on_file: HonApp, tmp_path: Path
) -> None:
    """f6, Open a scenario… on a hex-game file: its designer over the builder; escape back
    to the builder asks about its unsaved changes first."""
    path = tmp_path / "lanes.yaml"
    shutil.copyfile(HEX, path)
    async with app_on_file.run_test(size=SIZE) as pilot:
        await open_from_the_builder(pilot, app_on_file, "f6", path)
        screen = await showing(pilot, HexDesignerScreen)
        assert screen.session.path == path.absolute()
        await pilot.press("u", "escape")
        await showing(pilot, Ask)
        await pilot.click("#cancel")
        assert await showing(pilot, HexDesignerScreen) is screen
        await pilot.press("escape")
        await showing(pilot, Ask)
        await pilot.click("#save")
        for _ in range(50):
            await pilot.pause()
            if app_on_file.screen is app_on_file.builder:
                break
        assert app_on_file.screen is app_on_file.builder
    assert load_scenario(path).scenario == screen.session.scenario != load_scenario(HEX).scenario


@pytest.mark.parametrize(("scenario", "viewer"), [(TCG, TcgSimulationScreen), (HEX, HexSimulationScreen)])
async def test_f8_in_the_builder_plays_a_scenario_of_any_system(
    app_on_file: HonApp, scenario: Path, viewer: type[Screen[None]]
) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await open_from_the_builder(pilot, app_on_file, "f8", scenario)
        screen = await showing(pilot, viewer)
        for _ in range(100):
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            if getattr(screen, "game", None) is not None:
                break
        assert getattr(screen, "game", None) is not None
        await pilot.press("escape")
        await pilot.pause()
        assert app_on_file.screen is app_on_file.builder
