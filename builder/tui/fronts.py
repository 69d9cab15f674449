"""What the app opens for each game system: one `ScreenFront` per system, found by the id
of the system that reads a file (`screens_for`), as builder/cli/fronts.py is for the
command line. The app's actions ask the registry (builder.services.systems) which system a
scenario file is, and hand it to that system's front, so no action asks which system it
holds."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.kernel.system import Capability
    from builder.tui.app import HonApp


class ScreenFront:
    """A game system's screens. A system overrides what its capabilities promise
    (tests/tui/test_one_app.py checks both agree)."""

    def design(self, app: HonApp, path: Path) -> None:
        """The system's designer on the scenario file `path`; HonFileError when it cannot
        read it."""
        raise NotImplementedError

    async def simulate(self, app: HonApp, path: Path) -> None:
        """What a game of the scenario file `path` needs asked, then the simulation viewer."""
        raise NotImplementedError


class HeroesScreens(ScreenFront):
    def design(self, app: HonApp, path: Path) -> None:
        """The designer in place of the scenario designed until now (HonApp.scenario)."""
        from builder.services.scenario_session import ScenarioSession
        from builder.tui.opening import design

        design(app, ScenarioSession.open(path, app.catalogue))

    async def simulate(self, app: HonApp, path: Path) -> None:
        """Who plays which side (the scenario's army lists, or others), then the viewer."""
        from builder.services.recent_files import remember
        from builder.tui.screens.simulation import SimulationScreen
        from builder.tui.screens.simulation_setup import SimulationSetup, scenario_sides

        sides = scenario_sides(path)
        if sides is None:
            app.push_screen(SimulationScreen(path, app.catalogue))  # the viewer tells what is wrong with it
            return
        remember(path, "scenario")
        armies = await app.push_screen_wait(SimulationSetup(path, sides, app.session.army, app.catalogue))
        if armies is not None:
            app.push_screen(SimulationScreen(path, app.catalogue, armies=armies))


class TcgScreens(ScreenFront):
    def design(self, app: HonApp, path: Path) -> None:
        from builder.services.tcg_game import open_cards
        from builder.services.tcg_scenario_session import TcgScenarioSession
        from builder.tui.screens.tcg_designer import TcgDesignerScreen

        app.push_screen(TcgDesignerScreen(TcgScenarioSession.open(path, open_cards())))

    async def simulate(self, app: HonApp, path: Path) -> None:
        """A TCG scenario plays its own forces: nothing to choose."""
        from builder.services.recent_files import remember
        from builder.tui.screens.tcg_simulation import TcgSimulationScreen

        remember(path, "scenario")
        app.push_screen(TcgSimulationScreen(path))


class HexScreens(ScreenFront):
    def design(self, app: HonApp, path: Path) -> None:
        from builder.services.hex_scenario_session import HexScenarioSession
        from builder.tui.screens.hex_designer import HexDesignerScreen

        app.push_screen(HexDesignerScreen(HexScenarioSession.open(path)))

    async def simulate(self, app: HonApp, path: Path) -> None:
        """A hex-game scenario plays its own units: nothing to choose."""
        from builder.services.recent_files import remember
        from builder.tui.screens.hex_simulation import HexSimulationScreen

        remember(path, "scenario")
        app.push_screen(HexSimulationScreen(path))


HEROES_SCREENS = HeroesScreens()
SCREENS: dict[str, ScreenFront] = {"heroes": HEROES_SCREENS, "tcg": TcgScreens(), "memoir": HexScreens()}


def screens_for(path: Path, capability: Capability) -> ScreenFront:
    """The front of the system that reads `path` (services.systems.require); the Heroes
    System's when the file cannot tell, for its loader to say what is wrong with it."""
    from builder.io.errors import HonFileError
    from builder.kernel.system import Unsupported
    from builder.services.systems import require

    try:
        return SCREENS[require(path, capability).id]
    except (HonFileError, Unsupported):
        return HEROES_SCREENS
