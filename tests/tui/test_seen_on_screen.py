"""What a player saw on screen that did not match the list (issue 15, point 4): each test
drives the app as the player did and reads what is drawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Input, OptionList, Select, Static

from builder.heroes.catalogue.index import Catalogue
from builder.services.army_session import ArmySession
from builder.tui.app import HonApp
from builder.tui.screens.catalogue_editor import CatalogueEditor
from builder.tui.widgets.catalogue_list import CatalogueList
from builder.tui.widgets.footer import KeysFooter
from builder.tui.widgets.free_option import FreeOptionRow
from builder.tui.widgets.side_tabs import SideTabs
from builder.tui.widgets.tile_card import TileCard
from tests.tui.test_builder import SIZE, index_of, open_slot, select

SS_ARMY = Path("data/armies/german-ss-550.yaml")


def drawn(widget: Widget) -> list[str]:
    """The lines `widget` draws, as plain text."""
    return [widget.render_line(y).text.rstrip() for y in range(widget.size.height)]


async def new_army(app: HonApp, pilot: Pilot[None], faction: str) -> None:
    await pilot.press("ctrl+n")
    await pilot.pause()
    dialog = app.screen
    dialog.query_one("#faction", Select).value = faction
    dialog.query_one("#name", Input).value = "Fresh"
    await pilot.click("#create")
    await pilot.pause()


async def test_a_new_army_shows_no_cards_of_the_previous_one_but_the_empty_hint(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await new_army(app_on_file, pilot, "us")
        screen = app_on_file.builder
        pane = screen.query_one("#army")
        assert app_on_file.session.army.tiles == []
        assert screen.cards == []
        assert list(pane.query("TileCard")) == []
        (hint,) = pane.query(".hint")
        assert "The army is empty" in str(hint.render())
        assert hint.region.height > 0  # drawn, not only mounted


async def test_after_a_change_of_faction_catalogue_rows_keep_their_cost_and_sub_faction(
    app_on_file: HonApp,
) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await new_army(app_on_file, pilot, "german")
        results = app_on_file.builder.query_one("#results", CatalogueList)
        text = " ".join(drawn(results))
        # The two platoons differ only by their sub-faction and cost, drawn on a second line.
        assert "(HJ) 95" in text
        assert "(10. SS) 90" in text


async def test_catalogue_rows_opened_directly_are_whole(bundled: Catalogue, isolated_user_catalogue: Path) -> None:
    app = HonApp(ArmySession.open(SS_ARMY, bundled), isolated_user_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        text = " ".join(drawn(app.builder.query_one("#results", CatalogueList)))
        assert "(HJ) 95" in text


async def test_the_footer_palette_key_reaches_the_right_edge(app_on_file: HonApp) -> None:
    # At 80 columns the keys overflow under the palette key; nothing may show beside it.
    async with app_on_file.run_test(size=(80, 30)) as pilot:
        await pilot.pause()
        footer = app_on_file.screen.query_one(KeysFooter)
        line = footer.render_line(0).text
        assert footer.region.right == 80 and len(line) == 80
        assert line.endswith("▏^p palette") and "Save" in line


async def test_a_footer_key_clicked_is_pressed(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        line = app_on_file.screen.query_one(KeysFooter).render_line(0).text
        await pilot.click(KeysFooter, offset=(line.index("f4 Issues"), 0))
        await pilot.pause()
        assert app_on_file.builder.query_one("#side-tabs", SideTabs).active == "issues"
        await pilot.click(KeysFooter, offset=(line.index("^p palette"), 0))
        await pilot.pause()
        assert isinstance(app_on_file.screen, CommandPalette)


@pytest.mark.parametrize("width", [66, 100, 110])
async def test_a_footer_key_cut_short_leaves_the_palettes_columns_to_the_palette(
    app_on_file: HonApp, width: int
) -> None:
    """Where the keys run into the palette's key, a click on `^p palette` opens the palette
    (never the key cut short behind it, which at 110 columns was ctrl+q)."""
    async with app_on_file.run_test(size=(width, 30)) as pilot:
        await pilot.pause()
        line = app_on_file.screen.query_one(KeysFooter).render_line(0).text
        for column in range(line.index("^p palette"), len(line)):
            await pilot.click(KeysFooter, offset=(column, 0))
            await pilot.pause()
            assert app_on_file.is_running and isinstance(app_on_file.screen, CommandPalette), column
            await pilot.press("escape")
            await pilot.pause()


async def open_editor(app: HonApp, pilot: Pilot[None]) -> CatalogueEditor:
    await pilot.press("f3")
    await pilot.pause()
    assert isinstance(app.screen, CatalogueEditor)
    return app.screen


def field_error(editor: CatalogueEditor, field: str) -> str:
    return str(editor.query_one(f"#f-{field}--error", Static).render())


async def test_a_field_error_keeps_the_brackets_of_what_was_typed(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        editor = await open_editor(app_on_file, pilot)
        editor.query_one("#f-composition", Input).value = "us-rifle-squad [x2]"
        await pilot.pause()
        assert "'us-rifle-squad [x2]'" in field_error(editor, "composition")


async def test_a_refused_id_is_told_in_one_plain_sentence(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        editor = await open_editor(app_on_file, pilot)
        editor.query_one("#f-id", Input).value = "Ranger Section"
        await pilot.pause()
        said = field_error(editor, "id")
        assert "String should" not in said and "pattern" not in said  # not pydantic's wording
        assert "lowercase" in said and said.count(".") == 1 and said.endswith(".")
        editor.query_one("#f-name", Input).value = ""
        await pilot.pause()
        assert field_error(editor, "name") == "This field is required."


async def test_undo_and_redo_toasts_name_what_changed_as_printed(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        picker = await open_slot(app_on_file, pilot, "tiles[1].slots.left")
        await select(app_on_file, pilot, picker, "knife")
        await pilot.press("ctrl+z")
        await pilot.press("ctrl+y")
        await pilot.pause()
        toasts = [n.message for n in app_on_file._notifications if n.message.startswith(("Undone", "Redone"))]
        knife = app_on_file.session.catalogue.options["knife"].name
        entry = app_on_file.session.army.tiles[1]
        tile = f"{app_on_file.session.catalogue.tiles[entry.tile].name} ({entry.label})"
        assert toasts == [
            f"Undone: put {knife} in the left slot of {tile}.",
            f"Redone: put {knife} in the left slot of {tile}.",
        ]


async def test_f4_then_enter_jumps_to_the_first_issue(bundled: Catalogue, isolated_user_catalogue: Path) -> None:
    app = HonApp(ArmySession.open(Path("data/armies/illegal/slot-stripes.yaml"), bundled), isolated_user_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        first = app.builder.query_one("#issues", OptionList).highlighted
        assert first == 0
        await pilot.press("enter")
        await pilot.pause()
        issue = app.session.issues[0]
        focused = app.focused
        assert isinstance(focused, TileCard | FreeOptionRow) and issue.path.startswith(focused.path)


async def test_the_slot_picker_on_a_filled_slot_highlights_what_is_in_it(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        picker = await open_slot(app_on_file, pilot, "tiles[1].slots.left")
        options = picker.query_one("#candidates", OptionList)
        assert options.highlighted == index_of(picker, "ammo")  # what the slot holds, not "empty the slot"
        await pilot.press("enter")
        await pilot.pause()
        assert app_on_file.session.army.tiles[1].slots["left"].option == "ammo"


async def test_ctrl_t_brings_the_totals_back_after_the_issues(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        tabs = app_on_file.builder.query_one("#side-tabs", SideTabs)
        await pilot.press("f4")
        assert tabs.active == "issues"
        await pilot.press("ctrl+t")
        await pilot.pause()
        assert tabs.active == "totals-tab"
        assert app_on_file.builder.query_one("#totals").region.width > 0


async def test_the_side_tabs_change_by_click_and_by_arrow(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        builder = app_on_file.builder
        tabs = builder.query_one("#side-tabs", SideTabs)
        await pilot.click(SideTabs, offset=(len(" Totals  I"), 0))
        await pilot.pause()
        assert tabs.active == "issues" and tabs.has_focus
        assert builder.query_one("#issues").region.height > 0 and builder.query_one("#totals").region.height == 0
        await pilot.press("left")
        await pilot.pause()
        assert tabs.active == "totals-tab" and builder.query_one("#totals").region.height > 0
        assert builder.query_one("#issues").region.height == 0


async def test_the_untouched_example_is_not_modified(app_on_example: HonApp) -> None:
    async with app_on_example.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = str(app_on_example.builder.query_one("#title", Static).render())
        assert "not saved yet" in title and "modified" not in title
        picker = await open_slot(app_on_example, pilot, "tiles[1].slots.left")
        await select(app_on_example, pilot, picker, "knife")
        assert "modified" in str(app_on_example.builder.query_one("#title", Static).render())
