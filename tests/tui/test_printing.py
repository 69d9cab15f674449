"""Printing from the app: the roster from the army builder and the scenario sheet from the
designer, by key and by the command palette, in every format; where the file went, opening
it (a terminal) or downloading it (a browser), and a folder that cannot be written."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Input, RadioButton, Static

from builder.heroes.catalogue.index import Catalogue
from builder.io.outputs import slug
from builder.io.paths import SCENARIOS_DIR
from builder.services.scenario_session import ScenarioSession
from builder.tui.app import HonApp
from builder.tui.screens.printing import PrintDialog

SIZE = (120, 40)


async def print_with(pilot: Pilot[None], fmt: str, folder: Path) -> PrintDialog:
    """In the open print dialog: pick `fmt`, type the folder, press Print, wait for the file."""
    dialog = pilot.app.screen
    assert isinstance(dialog, PrintDialog)
    dialog.query_one(f"#format-{fmt}", RadioButton).value = True
    dialog.query_one("#folder", Input).value = str(folder)
    await pilot.click("#print")
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    return dialog


def shown(dialog: PrintDialog, widget: str) -> str:
    return str(dialog.query_one(widget, Static).render())


ROSTER_STARTS = [("pdf", b"%PDF"), ("html", b"<!doctype html>"), ("md", b"# "), ("txt", b"")]


@pytest.mark.parametrize(("fmt", "start"), ROSTER_STARTS)
async def test_the_builder_prints_the_roster_in_each_format(
    app_on_file: HonApp, tmp_path: Path, fmt: str, start: bytes
) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        dialog = await print_with(pilot, fmt, tmp_path / "prints")
        name = app_on_file.session.army.name
        written = tmp_path / "prints" / f"{slug(name)}.{fmt}"
        assert dialog.written == written
        data = written.read_bytes()
        assert data.startswith(start)
        if fmt != "pdf":
            assert name in data.decode("utf-8")
        assert str(written) in shown(dialog, "#written")
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app_on_file.screen, PrintDialog)


async def test_unsaved_changes_are_printed(app_on_file: HonApp, tmp_path: Path) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        session = app_on_file.session
        session.history.replace(session.army.model_copy(update={"name": "Renamed, not saved"}), "rename")
        session.refresh()
        await pilot.press("ctrl+r")
        await pilot.pause()
        dialog = await print_with(pilot, "txt", tmp_path)
        assert dialog.written == tmp_path / "renamed-not-saved.txt"
        assert "Renamed, not saved" in dialog.written.read_text(encoding="utf-8")


async def test_open_shows_the_file_in_the_system_viewer(
    app_on_file: HonApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    opened: list[str] = []
    monkeypatch.setattr(app_on_file, "open_url", lambda url, **_: opened.append(url))
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        dialog = await print_with(pilot, "html", tmp_path)
        assert opened == []  # only when asked
        await pilot.click("#open")
        await pilot.pause()
        assert dialog.written is not None and opened == [dialog.written.as_uri()]


async def test_in_a_browser_the_file_is_downloaded(
    app_on_file: HonApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    delivered: list[tuple[Path, str | None]] = []
    monkeypatch.setattr(HonApp, "is_web", property(lambda self: True))
    monkeypatch.setattr(
        app_on_file, "deliver_binary", lambda path, save_filename=None, **_: delivered.append((path, save_filename))
    )
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        dialog = await print_with(pilot, "pdf", tmp_path)
        assert dialog.written is not None and dialog.written.read_bytes().startswith(b"%PDF")
        assert delivered == [(dialog.written, dialog.written.name)]  # at once, without asking
        assert str(dialog.query_one("#open").render()).strip() == "Download"


async def test_a_folder_that_cannot_be_written_is_one_sentence(app_on_file: HonApp, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder", encoding="utf-8")
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        dialog = await print_with(pilot, "md", blocker / "inside")
        assert dialog.written is None
        problem = shown(dialog, "#problem")
        assert str(blocker / "inside") in problem
        assert "Traceback" not in problem and "\n" not in problem.strip()
        assert blocker.read_text(encoding="utf-8") == "not a folder"


async def test_the_palette_finds_print(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause()
        await pilot.press(*"print")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app_on_file.screen, PrintDialog)
        assert app_on_file.screen.what == "the roster"


@pytest.mark.parametrize(("fmt", "start"), [("pdf", b"%PDF"), ("svg", b"<?xml"), ("html", b"<!doctype html>")])
async def test_the_designer_prints_the_scenario_sheet(
    bundled: Catalogue, tmp_path: Path, fmt: str, start: bytes
) -> None:
    folder = tmp_path / "scenarios"
    shutil.copytree(SCENARIOS_DIR, folder)  # with the army lists its forces name
    session = ScenarioSession.open(folder / "rush-on-maltot.yaml", bundled)
    app = HonApp(None, None, scenario=session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+r")
        await pilot.pause()
        dialog = await print_with(pilot, fmt, tmp_path / "out")
        assert dialog.written == tmp_path / "out" / f"rush-on-maltot.{fmt}"
        data = dialog.written.read_bytes()
        assert data.startswith(start)
        if fmt == "html":
            assert "Rush on Maltot" in data.decode("utf-8") and "Playable" in data.decode("utf-8")
