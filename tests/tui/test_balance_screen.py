"""Pilot tests of the balance screen: opened from the scenario designer, it plays the
scenario as it stands in a worker, shows each side's win rate with its interval and a
terminal chart, plays again at another temperature, and escape returns to the designer.
`p` cycles the players, `c` compares greedy with search, `h` sweeps a handicap.
The same screen plays a Tactical Card Game scenario and a hex-game scenario (f9 in their
designers), and says why a scenario cannot be played."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import ProgressBar, Static
from textual_plotext import PlotextPlot

from builder.heroes.catalogue.index import Catalogue
from builder.io.paths import SCENARIOS_DIR
from builder.services.hex_scenario_session import HexScenarioSession
from builder.services.scenario_session import ScenarioSession
from builder.services.tcg_game import open_cards
from builder.services.tcg_scenario_session import TcgScenarioSession
from builder.tui.app import HonApp
from builder.tui.screens import balance
from builder.tui.screens.balance import BalanceScreen
from builder.tui.screens.designer import DesignerScreen
from builder.tui.screens.hex_designer import HexDesignerScreen
from builder.tui.screens.tcg_designer import TcgDesignerScreen
from tests.services.balance_games import Faulty

SIZE = (120, 40)
SHORT = SCENARIOS_DIR / "way-of-the-cross.yaml"  # four turns
HEDGEROW = SCENARIOS_DIR / "tcg" / "hedgerow-crossroads.yaml"
HEX = SCENARIOS_DIR / "m44" / "orchard-crossing.yaml"


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
        table = shown_table(screen)
        assert "43rd Infantry Division" in table and "10. SS-Panzer-Division" in table
        drawn = screen.query_one(PlotextPlot).plt.build()
        assert "win rate" in drawn and "43rd Infantry Division" in drawn  # the chart and its legend
        assert screen.temperature == 0.5
        offered = {binding.action for _, binding, _, _ in screen.active_bindings.values()}
        assert "variant" not in offered  # the Heroes System has no variant rules to cycle
        await pilot.press("t")
        screen = await finished(pilot)
        assert screen.temperature == 1.0 and screen.tally is not None and screen.tally.played == 3
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DesignerScreen)


def shown_table(screen: BalanceScreen) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(screen.query_one("#balance-table", Static).content)
    return console.export_text()


async def test_the_card_games_designer_measures_its_saved_scenarios_balance(monkeypatch: pytest.MonkeyPatch) -> None:
    """f9 in the Tactical Card Game's designer: the saved file played by the greedy player;
    there is no temperature to change, so `t` is not offered."""
    monkeypatch.setattr(balance, "GAMES", 3)
    designer = TcgDesignerScreen(TcgScenarioSession.open(HEDGEROW, open_cards()))
    app = HonApp(opening=designer)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        screen = await finished(pilot)
        tally = screen.tally
        assert screen.problem is None and tally is not None and tally.played == 3 and not tally.failed
        assert sum(tally.wins.values()) == 3 and screen.game is not None and screen.game.setting.system == "tcg"
        assert "Americans" in shown_table(screen) and "Germans" in shown_table(screen)
        offered = {binding.action for _, binding, _, _ in screen.active_bindings.values()}
        assert screen.temperature is None and "temperature" not in offered and "rerun" in offered
        await pilot.press("r")  # the next seeds
        screen = await finished(pilot)
        assert screen.seed == 4 and screen.tally is not None and screen.tally.first_seed == 4
        assert "variant" in offered and screen.data is not None and screen.data["variants"] == []
        await pilot.press("v")  # the first variant rule of TCG p.21, as `hon balance --variant`
        screen = await finished(pilot)
        assert screen.data is not None and screen.data["variants"] == ["no-event-cards"]
        await pilot.press(*"vvvvv")  # each of the other four alone, then none again
        screen = await finished(pilot)
        assert screen.variants == () and screen.data is not None and screen.data["variants"] == []
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is designer


async def test_the_hex_designer_measures_its_saved_scenarios_balance(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """f9 in the hex designer plays the file as saved; with edits unsaved it says to save first."""
    monkeypatch.setattr(balance, "GAMES", 2)
    copy = tmp_path / "orchard.yaml"
    copy.write_text(HEX.read_text(encoding="utf-8"), encoding="utf-8")
    designer = HexDesignerScreen(HexScenarioSession.open(copy))
    app = HonApp(opening=designer)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")  # an edit: the file no longer holds the scenario shown
        await pilot.press("f9")
        await pilot.pause()
        assert app.screen is designer
        await pilot.press("ctrl+z", "f9")
        shown = await finished(pilot)
        assert shown.problem is None and shown.tally is not None and shown.tally.played == 2
        assert shown.game is not None and shown.game.setting.system == "memoir"
        assert "Axis" in shown_table(shown) and "Allies" in shown_table(shown)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is designer


async def test_a_scenario_that_cannot_be_played_is_said(tmp_path: Path) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(HEX.read_text(encoding="utf-8").replace("medals: 5", "medals: 0", 1), encoding="utf-8")
    screen = BalanceScreen.of_file(broken, "Broken", games=2)
    async with HonApp(opening=screen).run_test(size=SIZE) as pilot:
        shown = await finished(pilot)
        assert shown.problem is not None and str(broken) in shown.problem and shown.tally is None


async def test_a_game_that_fails_is_shown_with_its_seed_in_place_of_a_verdict() -> None:
    screen = BalanceScreen("A coin", lambda *_: Faulty(), games=6)
    async with HonApp(opening=screen).run_test(size=SIZE) as pilot:
        shown = await finished(pilot)
        assert shown.tally is not None and shown.tally.games == 5
        assert [seed for seed, _ in shown.tally.failed] == [4]
        assert "ValueError" in shown_table(shown) and "A" in shown_table(shown)


async def test_p_plays_the_next_players_and_c_compares_greedy_with_search(
    bundled: Catalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Heroes System has a search agent: `p` cycles every side's player, then each side's
    against the greedy one; `c` plays the greedy player's games and the search agent's and
    says whether they agree (the JSON form of `hon balance --policy compare`)."""
    monkeypatch.setattr(balance, "GAMES", 2)
    monkeypatch.setattr(balance, "SEARCH_BUDGET", 4)
    app = HonApp(None, None, scenario=ScenarioSession.open(SHORT, bundled))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        screen = await finished(pilot)
        assert screen.data is not None and screen.data["policy"] == "greedy"
        await pilot.press("p")
        screen = await finished(pilot)
        assert screen.data is not None and screen.data["policy"] == "random" and screen.tally is not None
        await pilot.press("p", "p")  # search for every side, then the first side's random player
        screen = await finished(pilot)
        assert screen.data is not None and screen.data["policy"] is None
        chosen = {seat: p["player"] for seat, p in screen.data["players"].items()}
        assert chosen == {"commonwealth": "random", "german": "greedy"}
        await pilot.press("c")
        screen = await finished(pilot)
        data = screen.data
        assert data is not None and data["agreement"] in {"agree", "one-favours", "opposed"}
        assert data["greedy"]["policy"] == "greedy" and data["search"]["policy"] == "search"
        assert data["greedy"]["first_seed"] == data["search"]["first_seed"] == 1
        assert screen.query_one(ProgressBar).total == screen.query_one(ProgressBar).progress == 4


async def test_h_sweeps_a_handicap_and_says_when_one_does_not_apply(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the hex designer, `h` sweeps the medals a side needs (auto: the game counts
    medals), every setting under one progress bar; turns do not apply to the hex game."""
    monkeypatch.setattr(balance, "GAMES", 1)
    designer = HexDesignerScreen(HexScenarioSession.open(HEX))
    app = HonApp(opening=designer)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f9")
        screen = await finished(pilot)
        offered = {binding.action for _, binding, _, _ in screen.active_bindings.values()}
        assert {"compare", "handicap", "players"} <= offered  # the hex game has a search agent too
        await pilot.press("h")
        screen = await finished(pilot)
        data = screen.data
        assert data is not None and data["kind"] == "vp" and data["reason"] == "counts-points"
        assert {s["measure"] for s in data["settings"]} == {"medals-needed"} and len(data["settings"]) == 9
        assert screen.query_one(ProgressBar).total == screen.query_one(ProgressBar).progress == 9
        assert data["closest"] is not None
        await pilot.press("h")  # turns: the hex game has no turn limit
        screen = await finished(pilot)
        assert screen.problem is not None and screen.data is None
