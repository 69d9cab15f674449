"""The app in a browser (`hon serve`). Textual starts it unfocused until the page has focus:
a screen shown meanwhile must still get its focus once the page has it, or the first keys
the player types go nowhere. What the app writes for the player to print is delivered to
the browser. (tests/cli/test_serve.py drives the whole of it in a real Chromium.)"""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
from textual import events
from textual.widgets import Input

from builder.heroes.catalogue.index import Catalogue
from builder.io.campaign_files import save_campaign
from builder.io.paths import DEFAULT_ARMY
from builder.services.army_session import ArmySession
from builder.services.campaign import find_chain, start
from builder.tui.app import HonApp
from builder.tui.screens.campaign import CampaignScreen


async def test_the_builder_shown_while_the_page_is_unfocused_gets_focus_with_the_page(
    bundled: Catalogue, isolated_user_catalogue: Path
) -> None:
    # As `hon serve` starts it: a loading screen, then the builder once the army is read.
    page_unfocused = threading.Event()

    def load() -> ArmySession:
        page_unfocused.wait(timeout=30)
        return ArmySession.open(DEFAULT_ARMY, bundled)

    app = HonApp(None, isolated_user_catalogue, loader=load)
    async with app.run_test() as pilot:
        app.post_message(events.AppBlur())  # what Textual's web driver sends at start
        await pilot.pause()
        page_unfocused.set()  # the army is read while the page has no focus
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert (app.screen.id, app.focused) == ("builder", None)

        app.post_message(events.AppFocus())  # the player clicks into the page
        await pilot.pause()
        assert isinstance(app.focused, Input) and app.focused.id == "search"
        await pilot.press(*"Sherman")
        assert app.focused.value == "Sherman"


async def test_what_was_focused_comes_back_with_the_page(app_on_file: HonApp) -> None:
    async with app_on_file.run_test() as pilot:
        await pilot.pause()
        app_on_file.screen.query_one("#results").focus()
        await pilot.pause()
        app_on_file.post_message(events.AppBlur())
        await pilot.pause()
        app_on_file.post_message(events.AppFocus())
        await pilot.pause()
        assert app_on_file.focused is not None and app_on_file.focused.id == "results"


async def test_the_campaign_sheet_downloads_in_a_browser(
    bundled: Catalogue, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    campaign = tmp_path / "windsor.yaml"
    save_campaign(start(find_chain("operation-windsor"), {}, campaign, bundled), campaign)
    monkeypatch.chdir(tmp_path)
    delivered: list[tuple[Path, dict[str, object]]] = []
    monkeypatch.setattr(HonApp, "is_web", property(lambda app: True))
    monkeypatch.setattr(HonApp, "deliver_binary", lambda app, path, **how: delivered.append((path, how)))
    app = HonApp(opening=CampaignScreen(campaign, bundled))
    async with app.run_test(size=(120, 40)) as pilot:
        for _ in range(100):
            await pilot.pause()
            if isinstance(app.screen, CampaignScreen) and app.screen.loaded is not None:
                break
        await pilot.press("f5")
        await pilot.pause()
    sheet = tmp_path / "exports" / "operation-windsor-campaign.html"
    assert delivered == [(sheet, {"save_filename": sheet.name})]
