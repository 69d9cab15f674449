"""Pilot tests of the balance screen: opened from the scenario designer, it plays the
scenario as it stands in a worker, shows each side's win rate with its interval and a
terminal chart, plays again at another temperature, and escape returns to the designer."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import ProgressBar, Static
from textual_plotext import PlotextPlot

from builder.heroes.catalogue.index import Catalogue
from builder.services.scenario_session import ScenarioSession
from builder.tui.app import HonApp
from builder.tui.screens import balance
from builder.tui.screens.balance import BalanceScreen
from builder.tui.screens.designer import DesignerScreen

SIZE = (120, 40)
SHORT = Path(__file__).parents[2] / "scenarios" / "way-of-the-cross.yaml"  # four turns


async def finished(pilot: Pilot[None]) -> BalanceScreen:
    for _ in range(100):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        screen = pilot.app.screen
        if isinstance(screen, BalanceScreen) and (screen.done or screen.problem is not None):
            return screen
    raise AssertionError(f"no balance shown; the screen is {pilot.app.screen!r}")


async def test_the_designer_measures_its_scenarios_balance(bundled: Catalogue, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(balance, "GAMES", 3)
    app = HonApp(None, None, scenario=ScenarioSession.open(SHORT, bundled))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        screen = await finished(pilot)
        tally = screen.tally
        assert screen.problem is None and tally is not None and tally.played == 3
        assert sum(tally.wins.values()) == 3 and tally.first_seed == 1
        assert screen.query_one(ProgressBar).progress == 3
        console = Console(width=120, record=True, file=io.StringIO())
        console.print(screen.query_one("#balance-table", Static).content)
        table = console.export_text()
        assert "43rd Infantry Division" in table and "10. SS-Panzer-Division" in table
        drawn = screen.query_one(PlotextPlot).plt.build()
        assert "win rate" in drawn and "43rd Infantry Division" in drawn  # the chart and its legend
        assert screen.temperature == 0.5
        await pilot.press("t")
        screen = await finished(pilot)
        assert screen.temperature == 1.0 and screen.tally is not None and screen.tally.played == 3
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DesignerScreen)
