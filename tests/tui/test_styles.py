"""Start-up parses only the styles of what it shows (app.tcss); the other screens' styles
(screens.tcss) are read when the first of them is shown, and style it as they did when
app.tcss held them all (builder/tui/styles.py)."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.color import Color
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

import builder.tui
from builder.tui.app import HonApp
from builder.tui.screens.builder import ArmyBuilderScreen
from builder.tui.screens.dialogs import Ask
from builder.tui.styles import SCREENS_CSS, read_screen_css
from tests.tui.test_builder import SIZE

# The screens start-up shows, and the bases of screens (never shown themselves).
STARTING = {"StartScreen", "LoadingScreen", "ArmyBuilderScreen", "FirstShowing", "CardStops", "DocumentScreen"}


def read_sheets(app: HonApp) -> set[Path]:
    return {Path(path) for path, _ in app.stylesheet.source if path.endswith(".tcss")}


async def test_the_first_dialog_over_the_builder_is_styled_by_the_screens_sheet(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app_on_file.screen, ArmyBuilderScreen)
        assert SCREENS_CSS not in read_sheets(app_on_file)
        app_on_file.push_screen(Ask("Unsaved changes", "Save?", [("save", "Save", "primary")]))
        await pilot.pause()
        assert SCREENS_CSS in read_sheets(app_on_file)
        dialog = app_on_file.screen.query_one(".dialog")
        # .dialog-screen centres the dialog; .dialog is at most 100 cells wide, thick-bordered.
        assert app_on_file.screen.styles.align == ("center", "middle")
        assert dialog.styles.max_width is not None and dialog.styles.max_width.value == 100
        assert dialog.styles.border_top[0] == "thick"
        assert dialog.region.x > 0 and dialog.region.right < SIZE[0]
        assert dialog.query_one(Button).styles.margin.right == 1  # .dialog-buttons Button
        # The builder under it keeps its own styles.
        assert app_on_file.builder.query_one("#browser").outer_size.width == 30


def test_every_screen_shown_after_the_builder_reads_the_screens_sheet_first() -> None:
    for module in pkgutil.walk_packages(builder.tui.__path__, "builder.tui."):
        importlib.import_module(module.name)
    screens = [cls for cls in _subclasses(Screen) if cls.__module__.startswith("builder.tui.")]
    assert len(screens) > 20
    for screen in screens:
        if screen.__name__ in STARTING:
            continue
        css_path = screen.CSS_PATH if isinstance(screen.CSS_PATH, list) else [screen.CSS_PATH]
        assert css_path[0] == SCREENS_CSS, screen.__qualname__


def _subclasses(cls: type[Screen[Any]]) -> set[type[Screen[Any]]]:
    found: set[type[Screen[Any]]] = set()
    for sub in cls.__subclasses__():
        found |= {sub} | _subclasses(sub)
    return found


class _Shown(Screen[None]):
    def compose(self) -> ComposeResult:
        with Vertical(id="box"):
            yield Static("inherits its colour", id="child")


async def test_a_new_sheet_restyles_the_descendants_of_what_it_styles(tmp_path: Path) -> None:
    # The new rule names #box alone; #child takes the colour from it (fails if only #box is
    # restyled: #child's visual style, drawn before, stays cached).
    sheet = tmp_path / "later.tcss"
    sheet.write_text("#box { color: rgb(255, 0, 0); }\n", encoding="utf-8")
    later = type("Later", (Screen,), {"CSS_PATH": sheet})
    app: App[None] = App()
    async with app.run_test() as pilot:
        await app.push_screen(_Shown())
        await pilot.pause()
        child = app.screen.query_one("#child", Static)
        assert child.visual_style.foreground != Color(255, 0, 0)
        read_screen_css(app, later())
        assert child.visual_style.foreground == Color(255, 0, 0)


async def test_a_dialog_shows_a_players_text_as_written(app_on_file: HonApp) -> None:
    """A file named `[bold]x[/bold].yaml` or `[link=…]`: the question shows the name as it is,
    never reads it as markup (which would also fail on a stray `[/]`)."""
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        name = "[bold]army[/bold] [/].yaml"
        app_on_file.push_screen(Ask(f"Read-only file {name}", f"{name} is read-only.", [("ok", "OK", "primary")]))
        await pilot.pause()
        shown = [str(widget.render()) for widget in app_on_file.screen.query(".dialog-title, .dialog-message")]
        assert shown == [f"Read-only file {name}", f"{name} is read-only."]
