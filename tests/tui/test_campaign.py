"""Pilot tests of the campaign screen: the chain and what each result would change, a result
recorded by hand and one from a game played in the simulation viewer (each saved and carried
into the next scenario), the next scenario and the sheet written, and the screen opened from
the army builder, the designer and the command palette."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Input, Select, Static

from builder.heroes.catalogue.index import Catalogue
from builder.io.campaign_files import load_campaign, save_campaign
from builder.io.scenario_files import load_scenario
from builder.services.campaign import find_chain, start
from builder.tui.app import HonApp
from builder.tui.screens.campaign import CampaignScreen, RecordResult
from builder.tui.screens.designer import DesignerScreen
from builder.tui.screens.dialogs import Ask, AskText
from builder.tui.screens.file_dialog import FileDialog
from builder.tui.screens.simulation import SimulationScreen

SIZE = (120, 40)
FLAK = ["ge-flak-36", "ge-flak-kanoniere"]


@pytest.fixture
def windsor(tmp_path: Path, bundled: Catalogue) -> Path:
    path = tmp_path / "windsor.yaml"
    save_campaign(start(find_chain("operation-windsor"), {}, path, bundled), path)
    return path


def shown(screen: CampaignScreen, widget: str) -> str:
    """What the widget shows, as plain text (a Rich table or text)."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(screen.query_one(widget, Static).content)
    return " ".join(console.export_text().split())


async def until(pilot: Pilot[None], kind: type, tries: int = 100) -> object:
    for _ in range(tries):
        await pilot.pause()
        if isinstance(pilot.app.screen, kind):
            return pilot.app.screen
        await pilot.app.workers.wait_for_complete()
    raise AssertionError(f"no {kind.__name__}; the screen is {pilot.app.screen!r}")


async def test_the_screen_shows_the_chain_and_what_each_result_would_change(windsor: Path, bundled: Catalogue) -> None:
    app = HonApp(opening=CampaignScreen(windsor, bundled))
    async with app.run_test(size=SIZE) as pilot:
        screen = await until(pilot, CampaignScreen)
        assert isinstance(screen, CampaignScreen)
        chain = shown(screen, "#campaign-chain")
        assert "Carp Jump in Carpiquet!" in chain and "Welcome to Caen-Carpiquet..." in chain and "next" in chain
        outlook = shown(screen, "#campaign-outlook")
        assert "Next: Carp Jump in Carpiquet!" in outlook
        assert "commonwealth wins: In the next scenario" in outlook
        assert "before the 3rd Canadian Inf. Division side" in outlook


async def test_a_result_recorded_by_hand_is_saved_and_carried(windsor: Path, bundled: Catalogue) -> None:
    app = HonApp(opening=CampaignScreen(windsor, bundled))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, CampaignScreen)
        await pilot.press("w")
        dialog = await until(pilot, RecordResult)
        assert isinstance(dialog, RecordResult)
        dialog.query_one("#winner", Select).value = "commonwealth"
        dialog.query_one("#vp-commonwealth", Input).value = "6"
        dialog.query_one("#lost-german", Input).value = "Willi Herold, MG42"
        dialog.query_one("#notes", Input).value = "Herold taken"
        await pilot.click("#record")
        screen = await until(pilot, CampaignScreen)
        await pilot.pause()
        campaign = load_campaign(windsor).campaign
        result = campaign.results[0]
        assert (result.winner, result.victory_points, result.lost, result.notes) == (
            "commonwealth",
            {"commonwealth": 6},
            {"german": ["Willi Herold", "MG42"]},
            "Herold taken",
        )
        assert campaign.current is not None
        steps = [(s.side, s.units) for s in campaign.current.setup.deployment]
        assert steps.index(("german", FLAK)) < steps.index(("commonwealth", []))
        assert isinstance(screen, CampaignScreen) and "commonwealth won" in shown(screen, "#campaign-chain")
        assert "Campaign: Carp Jump in Carpiquet!, won by" in shown(screen, "#campaign-outlook")


async def test_a_game_played_in_the_viewer_can_be_recorded(windsor: Path, bundled: Catalogue) -> None:
    app = HonApp(opening=CampaignScreen(windsor, bundled))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, CampaignScreen)
        await pilot.press("f8")
        viewer = await until(pilot, SimulationScreen)
        assert isinstance(viewer, SimulationScreen)
        for _ in range(200):
            await pilot.app.workers.wait_for_complete()
            await pilot.pause()
            if viewer.game is not None:
                break
        assert viewer.game is not None
        winner = viewer.game.record.winner
        await pilot.press("escape")
        ask = await until(pilot, Ask)
        assert isinstance(ask, Ask)
        await pilot.click("#record")
        await until(pilot, CampaignScreen)
        await pilot.pause()
        result = load_campaign(windsor).campaign.results[0]
        assert (result.scenario, result.winner, result.seed) == ("carp-jump-in-carpiquet", winner, 1)


async def test_the_next_scenario_and_the_sheet_are_written(
    windsor: Path, bundled: Catalogue, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    app = HonApp(opening=CampaignScreen(windsor, bundled))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, CampaignScreen)
        await pilot.press("n")
        await pilot.press("f5")
        await pilot.pause()
    assert load_scenario(tmp_path / "carp-jump-in-carpiquet.yaml").scenario.id == "carp-jump-in-carpiquet"
    assert "Operation Windsor" in (tmp_path / "exports" / "operation-windsor-campaign.html").read_text(encoding="utf-8")


async def start_by_id(pilot: Pilot[None], campaign: str) -> FileDialog:
    """f10, the id typed: the dialog that asks where to keep the new campaign."""
    await pilot.pause()
    await pilot.press("f10")
    ask = await until(pilot, AskText)
    assert isinstance(ask, AskText)
    ask.query_one("#text", Input).value = campaign
    await pilot.press("enter")
    dialog = await until(pilot, FileDialog)
    assert isinstance(dialog, FileDialog)
    return dialog


async def test_started_by_its_id_where_the_player_says_exports_by_default(
    app_on_file: HonApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    async with app_on_file.run_test(size=SIZE) as pilot:
        dialog = await start_by_id(pilot, "operation-jupiter")
        suggested = work / "exports" / "operation-jupiter-campaign.yaml"
        assert dialog.query_one("#path", Input).value == str(suggested)
        await pilot.press("enter")  # the folder hon proposes is made on saving
        screen = await until(pilot, CampaignScreen)
        assert isinstance(screen, CampaignScreen) and screen.path == suggested
    assert load_campaign(suggested).campaign.id == "operation-jupiter"
    assert sorted(p.name for p in work.iterdir()) == ["exports"]  # nothing else in the folder hon runs in


async def test_a_campaign_is_never_started_over_a_file_of_another_kind(
    app_on_file: HonApp, army_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    before = army_file.read_bytes()
    async with app_on_file.run_test(size=SIZE) as pilot:
        dialog = await start_by_id(pilot, "operation-windsor")
        dialog.query_one("#path", Input).value = str(army_file)
        await pilot.press("enter")
        for _ in range(20):
            await pilot.pause()
        assert not isinstance(pilot.app.screen, CampaignScreen)
    assert army_file.read_bytes() == before and list(work.iterdir()) == []


def test_the_designer_offers_it_and_the_palette_lists_its_actions() -> None:
    # The palette lists every described binding of the screen (builder.tui.palette).
    assert any(isinstance(b, Binding) and b.action == "app.open_campaign" for b in DesignerScreen.BINDINGS)
    actions = {binding.action for binding in CampaignScreen.BINDINGS if isinstance(binding, Binding)}
    assert {"record", "play", "write_next", "sheet"} <= actions


async def test_the_designer_edits_a_scenarios_campaign_links_as_data(bundled: Catalogue, tmp_path: Path) -> None:
    from textual.widgets import TextArea

    from builder.io.paths import SCENARIOS_DIR
    from builder.services.scenario_session import ScenarioSession
    from builder.tui.screens.scenario_details import ScenarioDetails

    path = tmp_path / "carp.yaml"
    path.write_text((SCENARIOS_DIR / "carp-jump-in-carpiquet.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    app = HonApp(None, None, scenario=ScenarioSession.open(path, bundled))
    async with app.run_test(size=SIZE) as pilot:
        await until(pilot, DesignerScreen)
        await pilot.press("f7")
        details = await until(pilot, ScenarioDetails)
        assert isinstance(details, ScenarioDetails)
        english = " ".join(str(details.query_one("#campaign-english", Static).content).split())
        assert "The 3rd Canadian Inf. Division side wins: In the next scenario," in english
        assert "deploys Flak 36 and Flak-Kanoniere before the 3rd Canadian Inf. Division side" in english
        area = details.query_one("#campaign-yaml", TextArea)
        area.text = area.text.replace("before: commonwealth", "after: commonwealth", 1)
        await pilot.pause()
        await pilot.press("ctrl+s")
        await until(pilot, DesignerScreen)
        assert app.scenario is not None and app.scenario.scenario.campaign is not None
        first = app.scenario.scenario.campaign.outcomes[0].changes[0]
        assert (first.type, getattr(first, "after", None), getattr(first, "before", None)) == (
            "deployment",
            "commonwealth",
            None,
        )


async def test_the_screen_tells_the_units_a_result_added_or_removed(tmp_path: Path, bundled: Catalogue) -> None:
    """A campaign of one's own whose first result gives the Canadians a PIAT team and takes
    an MG42 from the Germans (tests/services/test_campaign_units.py)."""
    from builder.heroes.campaign.models import Result
    from builder.io.campaign_files import load_campaign as read
    from builder.services.campaign import record_result
    from tests.services.test_campaign_units import own_windsor

    first = own_windsor(tmp_path / "scenarios")
    path = tmp_path / "mine.yaml"
    save_campaign(start(find_chain(str(first)), {}, path, bundled), path)
    loaded = read(path)
    result = Result(scenario="carp-jump-in-carpiquet", winner="commonwealth")
    save_campaign(record_result(loaded, result, bundled), path, loaded.fingerprint)
    app = HonApp(opening=CampaignScreen(path, bundled))
    async with app.run_test(size=SIZE) as pilot:
        screen = await until(pilot, CampaignScreen)
        assert isinstance(screen, CampaignScreen)
        outlook = shown(screen, "#campaign-outlook")
        forces = [line for line in outlook.split("Forces: ")[1:]]
        assert len(forces) == 2
        assert bundled.name_of("units", "cw-piat-team") in forces[0]
        assert bundled.name_of("units", "ge-mg42-team") in forces[1]
