"""Pilot tests of the army builder's flows, asserting on app state and on saved files."""

from __future__ import annotations

import gc
import re
from pathlib import Path

from rich.color import Color
from textual.pilot import Pilot
from textual.strip import Strip
from textual.widgets import Input, OptionList, Select, Static

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import DefenseColour
from builder.io.army_files import load_army
from builder.io.paths import DEFAULT_ARMY
from builder.tui.app import HonApp
from builder.tui.screens.builder import ArmyBuilderScreen
from builder.tui.screens.counters import SHIELD, CounterDetails
from builder.tui.screens.dialogs import Ask, NewArmy
from builder.tui.screens.file_dialog import FileDialog
from builder.tui.screens.slot_picker import SlotPicker
from builder.tui.widgets.issues import IssuesPanel

SIZE = (120, 40)
TARGETS = (DefenseColour.INFANTRY, DefenseColour.LIGHT, DefenseColour.HEAVY)


def builder(app: HonApp) -> ArmyBuilderScreen:
    return app.builder


async def open_slot(app: HonApp, pilot: Pilot[None], path: str) -> SlotPicker:
    assert builder(app).focus_path(path)
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, SlotPicker)
    return app.screen


def index_of(picker: SlotPicker, option_id: str) -> int:
    ids = [c.option.id for c in picker.candidates]
    return ids.index(option_id) + (1 if picker.filled else 0)


async def select(app: HonApp, pilot: Pilot[None], picker: SlotPicker, option_id: str) -> None:
    options = picker.query_one("#candidates", OptionList)
    options.highlighted = index_of(picker, option_id)
    await pilot.press("enter")
    await pilot.pause()


async def test_the_app_opens_on_the_example_army(app_on_example: HonApp) -> None:
    async with app_on_example.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = builder(app_on_example)
        assert len(screen.cards) == 5
        assert app_on_example.session.path is None  # the bundled example is never overwritten
        status = str(screen.query_one("#status").render())
        assert "550/550 pts" in status and "legal" in status


async def test_a_new_army_starts_from_a_faction_and_a_points_limit(app_on_example: HonApp) -> None:
    async with app_on_example.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+n")
        await pilot.pause()
        assert isinstance(app_on_example.screen, NewArmy)
        dialog = app_on_example.screen
        dialog.query_one("#faction", Select).value = "german"
        dialog.query_one("#name", Input).value = "Hill 112"
        dialog.query_one("#limit", Input).value = "375"
        await pilot.click("#create")
        await pilot.pause()
        army = app_on_example.session.army
        assert (army.name, army.faction, army.points_limit, army.tiles) == ("Hill 112", "german", 375, [])
        assert "orders.none" in {i.code for i in app_on_example.session.issues}


async def test_add_a_tile_from_the_catalogue_search(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        before = len(app_on_file.session.army.tiles)
        await pilot.press("ctrl+f")
        await pilot.press(*"sherman")
        await pilot.press("enter")  # to the results
        await pilot.press("enter")  # pick the best hit
        await pilot.pause()
        tiles = app_on_file.session.army.tiles
        assert len(tiles) == before + 1
        assert tiles[-1].tile == "us-sherman-platoon"
        assert len(builder(app_on_file).cards) == before + 1


async def test_an_ability_from_the_catalogue_says_whether_the_rules_core_plays_it(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        before = len(app_on_file.session.army.tiles)
        await pilot.press("ctrl+f")
        await pilot.press(*"dual weapon")
        await pilot.press("enter")  # to the results
        await pilot.press("enter")  # pick the best hit: the ability
        await pilot.pause()
        (said,) = [n for n in app_on_file._notifications if n.title == "Dual Weapon"]
        assert "HoN core p.22" in said.message
        assert said.message.splitlines()[-1] == "Rules core: played (HoN core p.22)"  # hon rules says the same
        assert len(app_on_file.session.army.tiles) == before  # an ability is shown, never added


async def test_fill_a_slot_and_undo_and_redo(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        picker = await open_slot(app_on_file, pilot, "tiles[1].slots.left")
        await select(app_on_file, pilot, picker, "knife")
        assert app_on_file.session.army.tiles[1].slots["left"].option == "knife"
        assert app_on_file.session.dirty
        await pilot.press("ctrl+z")
        assert app_on_file.session.army.tiles[1].slots["left"].option == "ammo"
        await pilot.press("ctrl+y")
        assert app_on_file.session.army.tiles[1].slots["left"].option == "knife"


async def test_an_illegal_fill_is_refused_with_its_reason(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        picker = await open_slot(app_on_file, pilot, "tiles[1].slots.left")
        unfit = next(c for c in picker.candidates if c.option.id == "us-bazooka-squad")
        assert not unfit.fits
        await select(app_on_file, pilot, picker, "us-bazooka-squad")
        assert isinstance(app_on_file.screen, SlotPicker), "the picker stays open"
        messages = [n.message for n in app_on_file._notifications]
        assert unfit.errors[0].message in messages
        assert "too large for the left slot" in unfit.errors[0].message
        await pilot.press("escape")
        assert app_on_file.session.army.tiles[1].slots["left"].option == "ammo"


async def test_a_choice_is_recorded(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        index = 1
        picker = await open_slot(app_on_file, pilot, f"tiles[{index}].slots.right")
        await select(app_on_file, pilot, picker, "recce-gear")
        screen = app_on_file.screen
        screen.query_one("#pick-0", Select).value = "fuel"
        screen.query_one("#pick-1", Select).value = "fuel"
        screen.query_one("#pick-2", Select).value = "additional-shielding"
        await pilot.click("#ok")
        await pilot.pause()
        pick = app_on_file.session.army.tiles[index].slots["right"]
        assert (pick.option, pick.choice) == ("recce-gear", ["fuel", "fuel", "additional-shielding"])


async def test_save_and_reload(app_on_file: HonApp, army_file: Path) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        picker = await open_slot(app_on_file, pilot, "tiles[1].slots.left")
        await select(app_on_file, pilot, picker, "knife")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not app_on_file.session.dirty
    reloaded = load_army(army_file).army
    assert reloaded.tiles[1].slots["left"].option == "knife"
    assert reloaded.catalogue is not None
    assert army_file.with_name("omaha.yaml.bak").exists()
    assert load_army(army_file.with_name("omaha.yaml.bak")).army.tiles[1].slots["left"].option == "ammo"


async def test_save_as_an_untitled_army(app_on_example: HonApp, tmp_path: Path) -> None:
    target = tmp_path / "mine.yaml"
    async with app_on_example.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app_on_example.screen, FileDialog)
        app_on_example.screen.query_one("#path", Input).value = str(target)
        await pilot.press("enter")
        await pilot.pause()
    assert load_army(target).army.name == "Omaha, the morning after"


async def test_an_illegal_list_can_still_be_saved(app_on_file: HonApp, army_file: Path) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        picker = await open_slot(app_on_file, pilot, "tiles[1].slots.bottom")
        await select(app_on_file, pilot, picker, "us-m3-halftrack")  # 5 points over the limit
        assert "points.over" in {i.code for i in app_on_file.session.issues}
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert load_army(army_file).army.tiles[1].slots["bottom"].option == "us-m3-halftrack"


async def test_a_file_changed_on_disk_is_not_overwritten_silently(app_on_file: HonApp, army_file: Path) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        picker = await open_slot(app_on_file, pilot, "tiles[1].slots.left")
        await select(app_on_file, pilot, picker, "knife")
        theirs = army_file.read_text(encoding="utf-8").replace("Omaha, the morning after", "Theirs")
        army_file.write_text(theirs, encoding="utf-8")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app_on_file.screen, Ask)
        await pilot.click("#cancel")
        await pilot.pause()
        assert army_file.read_text(encoding="utf-8") == theirs
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.click("#overwrite")
        await pilot.pause()
    assert load_army(army_file).army.tiles[1].slots["left"].option == "knife"


async def test_quitting_with_unsaved_changes_asks(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        picker = await open_slot(app_on_file, pilot, "tiles[1].slots.left")
        await select(app_on_file, pilot, picker, "knife")
        await pilot.press("ctrl+q")
        await pilot.pause()
        assert isinstance(app_on_file.screen, Ask)
        await pilot.click("#cancel")
        await pilot.pause()
        assert app_on_file.is_running
        await pilot.press("ctrl+q")
        await pilot.pause()
        await pilot.click("#discard")
        await pilot.pause()
    assert app_on_file.return_code == 0


async def test_an_issue_jumps_to_its_place(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        picker = await open_slot(app_on_file, pilot, "tiles[2].slots.right")
        await select(app_on_file, pilot, picker, "recce-gear")  # fits, but nobody there drives a light vehicle
        await pilot.click("#ok")  # the three markers it offers
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        issues = app_on_file.screen.query_one("#issues", IssuesPanel)
        assert issues.has_focus
        codes = [i.code for i in issues._issues]
        issues.highlighted = codes.index("option.unusable")
        await pilot.press("enter")
        await pilot.pause()
        focused = app_on_file.focused
        assert getattr(focused, "path", None) == "tiles[2].slots.right"


async def open_counters(app: HonApp, pilot: Pilot[None], path: str) -> CounterDetails:
    assert builder(app).focus_path(path)
    await pilot.press("d")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, CounterDetails)
    return screen


async def test_counter_details_show_both_sides(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        screen = await open_counters(app_on_file, pilot, "tiles[1]")
        # The tile's own counters, then those of the .30 Cal Squad in its bottom slot.
        assert [u.id for u in screen.units] == [
            "us-lt-blean",
            "us-recon-team",
            "us-fire-team",
            "us-support-team",
            "us-30-cal",
        ]
        shown = app_on_file.export_screenshot().replace("&#160;", " ")
        for text in ("Lt. Blean", "unharmed", "reduced", "Order(s) 2", "Limited Range 4"):
            assert text in shown


def chips(strip: Strip) -> list[tuple[str, int, int, str]]:
    """The runs of a drawn line on a shield's colour, as (colour, first cell, end, text)."""
    shields = {Color.parse(SHIELD[colour]).triplet: colour.value for colour in DefenseColour}
    found, x = [], 0
    for segment in strip:
        colour = segment.style.bgcolor.triplet if segment.style and segment.style.bgcolor else None
        if colour in shields:
            found.append((shields[colour], x, x + segment.cell_length, segment.text))
        x += segment.cell_length
    return found


async def test_counter_details_head_each_column_of_combat_values_with_its_target(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        screen = await open_counters(app_on_file, pilot, "tiles[1]")
        rows = [chips(static.render_line(y)) for static in screen.query(Static) for y in range(static.size.height)]
        heads = values = 0
        header: list[tuple[str, int, int]] | None = None
        for row in rows:
            columns = [(colour, x, end) for colour, x, end, _ in row]
            text = "".join(text for *_, text in row)
            if {colour for colour, _, _ in columns} != {target.value for target in TARGETS}:
                # A defense shield: its colour on its value alone, not across its column.
                assert all(end - x == len(text.strip()) + 2 for _, x, end, text in row), text
            elif re.fullmatch(r"(\s*([+-]\d+|0|X)\s*)+", text) is None:
                header, heads = columns, heads + 1  # the targets, over the values below them
            else:
                assert columns == header, text
                values += 1
        assert heads and values >= heads  # each side's header over its combat and weapons' values


async def test_every_action_is_in_the_palette(app_on_file: HonApp) -> None:
    from builder.tui.palette import ActionsProvider

    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        provider = ActionsProvider(app_on_file.screen)
        commands = {description for description, _, _ in provider._commands()}
        for needed in ("Undo", "Redo", "Save", "Save as", "New", "Open", "Catalogue", "Quit"):
            assert needed in commands


async def test_the_builder_follows_the_terminal_as_it_narrows_and_widens(app_on_example: HonApp) -> None:
    async with app_on_example.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = builder(app_on_example)
        side = screen.query_one("#side")
        wide_card = screen.cards[0].region.width
        assert side.display and not screen.has_class("narrow")

        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen.has_class("narrow") and not side.region
        assert screen.cards[0].region.right <= 80 and screen.cards[0].region.width != wide_card

        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        assert not screen.has_class("narrow") and side.region.width > 0
        assert screen.cards[0].region.width == wide_card


async def test_hon_shows_what_it_reads_then_the_example_army_laid_out_for_a_narrow_terminal(
    isolated_user_catalogue: Path,
) -> None:
    app = HonApp.starting(None, None, isolated_user_catalogue, template=DEFAULT_ARMY)
    async with app.run_test(size=(80, 24)) as pilot:
        first = app.screen_stack[0]  # the app's own screen, under the builder once it is shown
        assert "reading the catalogue" in str(first.query_one("#loading", Static).render())
        # Screen's and Widget's CSS, parsed for the loading screen, is not parsed again for
        # the builder (it would be, were they deeper among the builder's bases).
        depths = {
            where: source.tie_breaker
            for where, source in app.stylesheet.source.items()
            if where[1] in ("Screen.DEFAULT_CSS", "Widget.DEFAULT_CSS")
        }
        assert len(depths) == 2
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = builder(app)
        assert {where: app.stylesheet.source[where].tie_breaker for where in depths} == depths
        assert app.screen is screen and screen.has_class("narrow") and not screen.query_one("#side").region
        assert len(screen.cards) == 5 and screen.cards[0].region.right <= 80
        # The collector is off only while starting (and, by Textual, while a scroll is
        # animated); what starting made is left out of it while the app runs, and handed
        # back when it ends.
        await pilot.wait_for_scheduled_animations()
        assert gc.isenabled() and gc.get_freeze_count() > 0
    assert gc.isenabled() and gc.get_freeze_count() == 0


async def test_hon_leaves_a_collector_it_did_not_pause_as_it_found_it(isolated_user_catalogue: Path) -> None:
    # An embedder (or a test runner) that turned the cycle collector off keeps it off: hon
    # turns it back on only when it turned it off itself.
    gc.disable()
    try:
        app = HonApp.starting(None, None, isolated_user_catalogue, template=DEFAULT_ARMY)
        async with app.run_test(size=SIZE) as pilot:
            await app.workers.wait_for_complete()
            await pilot.pause()
            await pilot.wait_for_scheduled_animations()
            assert not gc.isenabled() and gc.get_freeze_count() == 0
        assert not gc.isenabled()
    finally:
        gc.enable()


async def test_a_free_option_is_listed_found_by_its_path_and_removed_with_delete(
    bundled: Catalogue, isolated_user_catalogue: Path
) -> None:
    # The Deep Ones' free Totem needs no slot (SoN p.16): a row of its own under the cards.
    army = DEFAULT_ARMY.parent / "son-deep-ones-770.yaml"
    app = HonApp.on_file(army, bundled, isolated_user_catalogue)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = builder(app)
        rows = screen.query("#army FreeOptionRow")
        assert len(rows) == 1 and "Totem" in str(rows.first().render())
        assert screen.focus_path("free_options[0]")
        await pilot.pause()
        assert getattr(screen.focused, "path", None) == "free_options[0]"
        await pilot.press("delete")
        await pilot.pause()
        assert app.session.army.free_options == [] and not screen.query("#army FreeOptionRow")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.session.army.free_options != [] and len(screen.query("#army FreeOptionRow")) == 1
