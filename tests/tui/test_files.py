"""Saving from the app when the file on disk fights back: "Reload theirs" on a file deleted
or broken since, and a read-only file. The app must say what happened in one sentence
naming the file, keep running, and keep the player's edits and their history."""

from __future__ import annotations

import stat
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot

from builder.heroes.catalogue.index import Catalogue
from builder.io.army_files import load_army
from builder.tui.app import HonApp
from builder.tui.screens.builder import ArmyBuilderScreen
from builder.tui.screens.dialogs import Ask
from tests.huge import HUGE, army_text
from tests.tui.steady import showing
from tests.tui.test_builder import SIZE, open_slot, select


async def edit(app: HonApp, pilot: Pilot[None]) -> None:
    picker = await open_slot(app, pilot, "tiles[1].slots.left")
    await select(app, pilot, picker, "knife")
    assert app.session.army.tiles[1].slots["left"].option == "knife"


def errors(app: HonApp) -> list[str]:
    return [n.message for n in app._notifications if n.severity == "error"]


def broken(path: Path) -> None:
    path.write_text("format: hon-army\nversion: 1\nname: [unclosed\n", encoding="utf-8")


def deleted(path: Path) -> None:
    path.unlink()


def not_text(path: Path) -> None:
    path.write_bytes(b"\xff\xfe\x00garbage\x80")


def huge(path: Path) -> None:
    """Far more tiles than a list may hold (README: Limits): refused, not read for seconds."""
    path.write_text(army_text(HUGE), encoding="utf-8")


@pytest.mark.parametrize("spoil", [deleted, broken, not_text, huge], ids=lambda f: f.__name__)
async def test_reload_theirs_on_a_file_that_cannot_be_read_keeps_the_edits(
    app_on_file: HonApp, army_file: Path, spoil: Callable[[Path], None]
) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await edit(app_on_file, pilot)
        history = app_on_file.session.history
        before = (history.present, list(history.done), list(history.undone))
        spoil(army_file)
        await pilot.press("ctrl+s")
        await showing(pilot, Ask)
        await pilot.click("#reload")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()

        assert app_on_file.is_running
        assert isinstance(app_on_file.screen, ArmyBuilderScreen)
        assert (history.present, history.done, history.undone) == before
        assert app_on_file.session.dirty
        [message] = errors(app_on_file)
        assert str(army_file) in message and "your edits are kept" in message
        assert message.endswith(".") and ". " not in message

        # The edits are still there to be saved elsewhere.
        elsewhere = army_file.with_name("mine.yaml")
        app_on_file.session.save(elsewhere)
    assert load_army(elsewhere).army.tiles[1].slots["left"].option == "knife"


async def test_reload_theirs_on_a_readable_file_still_reloads(app_on_file: HonApp, army_file: Path) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await edit(app_on_file, pilot)
        army_file.write_text(
            army_file.read_text(encoding="utf-8").replace("Omaha, the morning after", "Theirs"), encoding="utf-8"
        )
        await pilot.press("ctrl+s")
        await showing(pilot, Ask)
        await pilot.click("#reload")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert app_on_file.session.army.name == "Theirs" and not app_on_file.session.dirty
        assert errors(app_on_file) == []


async def test_a_read_only_file_asks_and_cancel_keeps_everything(app_on_file: HonApp, army_file: Path) -> None:
    army_file.chmod(0o444)
    original = army_file.read_bytes()
    async with app_on_file.run_test(size=SIZE) as pilot:
        await edit(app_on_file, pilot)
        await pilot.press("ctrl+s")
        ask = await showing(pilot, Ask)
        assert "read-only" in ask.message and str(army_file) in ask.message
        await pilot.click("#cancel")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert app_on_file.session.dirty
        assert app_on_file.session.army.tiles[1].slots["left"].option == "knife"
    assert army_file.read_bytes() == original
    assert not army_file.with_name("omaha.yaml.bak").exists()


async def test_a_read_only_file_saved_anyway_stays_read_only(app_on_file: HonApp, army_file: Path) -> None:
    army_file.chmod(0o444)
    async with app_on_file.run_test(size=SIZE) as pilot:
        await edit(app_on_file, pilot)
        await pilot.press("ctrl+s")
        await showing(pilot, Ask)
        await pilot.click("#save-anyway")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert not app_on_file.session.dirty
    assert load_army(army_file).army.tiles[1].slots["left"].option == "knife"
    assert stat.S_IMODE(army_file.stat().st_mode) == 0o444


async def test_a_file_replaced_by_a_fifo_is_refused_with_a_notification(app_on_file: HonApp, army_file: Path) -> None:
    import os

    async with app_on_file.run_test(size=SIZE) as pilot:
        await edit(app_on_file, pilot)
        await pilot.press("ctrl+s")  # saved once: the session now expects its own version
        await pilot.pause()
        army_file.unlink()
        os.mkfifo(army_file)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app_on_file.is_running and isinstance(app_on_file.screen, ArmyBuilderScreen)
        [message] = errors(app_on_file)
        assert str(army_file) in message and "FIFO" in message
    assert stat.S_ISFIFO(os.lstat(army_file).st_mode)


async def test_a_file_name_with_markup_is_told_as_written(
    army_file: Path, bundled: Catalogue, isolated_user_catalogue: Path
) -> None:
    """The player's file name is their text: "[red]" in it was read as markup, so the
    notification hid part of the name (and a closing tag would have broken it)."""
    from builder.services.army_session import ArmySession

    named = army_file.with_name("able [red] company.yaml")
    army_file.rename(named)
    app = HonApp(ArmySession.open(named, bundled), isolated_user_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await edit(app, pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.is_running and not app.session.dirty
        told = [n for n in app._notifications if "able [red] company.yaml" in n.message]
        assert told and not any(n.markup for n in told)
