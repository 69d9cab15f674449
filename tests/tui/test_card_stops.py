"""The tile cards' stops, each card being one widget: a title and a slot row per slot, which
Tab, shift+Tab, up and down visit in the list's order, each with its own keys, and a click on
a slot row chooses for that slot."""

from __future__ import annotations

from textual.pilot import Pilot

from builder.heroes.army.resolve import resolve
from builder.tui.app import HonApp
from builder.tui.screens.builder import ArmyBuilderScreen
from builder.tui.screens.slot_picker import SlotPicker
from builder.tui.widgets.footer import shown_keys
from builder.tui.widgets.tile_card import TileCard

SIZE = (120, 40)
TITLE_KEYS = {"details", "remove", "label"}
SLOT_KEYS = {"choose", "empty"}


def every_stop(app: HonApp) -> list[str]:
    """Each tile and hero of the list, then each of its slots, in the list's order."""
    session = app.session
    stops = []
    for group in resolve(session.army, session.catalogue).groups:
        stops.append(group.path)
        slots = group.recruit.slots if group.recruit is not None else []
        stops.extend(f"{group.path}.slots.{slot.id}" for slot in slots)
    return stops


def focused_path(app: HonApp) -> str | None:
    return getattr(app.focused, "path", None)


async def walk(app: HonApp, pilot: Pilot[None], key: str, steps: int) -> list[str | None]:
    seen = []
    for _ in range(steps):
        await pilot.press(key)
        await pilot.pause()
        seen.append(focused_path(app))
    return seen


async def test_tab_and_the_arrows_visit_every_title_and_slot_in_order(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        stops = every_stop(app_on_file)
        assert len(stops) > len(app_on_file.session.army.tiles) + 2  # slots among the titles
        builder = app_on_file.builder
        assert builder.focus_path(stops[0])
        await pilot.pause()
        assert await walk(app_on_file, pilot, "tab", len(stops) - 1) == stops[1:]
        assert await walk(app_on_file, pilot, "shift+tab", len(stops) - 1) == stops[-2::-1]
        assert await walk(app_on_file, pilot, "down", len(stops) - 1) == stops[1:]
        assert await walk(app_on_file, pilot, "down", 1) == stops[-1:]  # the last stays
        assert await walk(app_on_file, pilot, "up", len(stops) - 1) == stops[-2::-1]
        # Tab past the last stop leaves the list; shift+Tab comes back to its last slot.
        assert builder.focus_path(stops[-1])
        await pilot.pause()
        await pilot.press("tab")
        await pilot.pause()
        assert not isinstance(app_on_file.focused, TileCard)
        await pilot.press("shift+tab")
        await pilot.pause()
        assert focused_path(app_on_file) == stops[-1]


async def test_a_title_and_a_slot_show_their_own_keys(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        builder = app_on_file.builder
        for path, wanted, unwanted in (
            ("tiles[1]", TITLE_KEYS, SLOT_KEYS),
            ("tiles[1].slots.left", SLOT_KEYS, TITLE_KEYS),
        ):
            assert builder.focus_path(path)
            await pilot.pause()
            active = [b.binding for b in builder.active_bindings.values()]
            bound = {b.action for b in active if b.action in TITLE_KEYS | SLOT_KEYS}
            assert bound == wanted, path
            assert not bound & unwanted
            shown = {key.description for key in shown_keys(app_on_file.screen).keys}
            assert {b.description for b in active if b.action in wanted} <= shown  # in the footer
        # delete on a slot empties that slot, not the tile
        tiles = len(app_on_file.session.army.tiles)
        await pilot.press("delete")
        await pilot.pause()
        assert len(app_on_file.session.army.tiles) == tiles
        assert "left" not in app_on_file.session.army.tiles[1].slots


async def test_a_click_on_a_slot_row_chooses_for_that_slot(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app_on_file.builder
        assert isinstance(screen, ArmyBuilderScreen)
        card = screen.cards[1]
        body_lines = card.get_content_height(card.size, card.size, card.size.width) - 1 - len(card.rows)
        top = card.content_region.y - card.region.y  # the border above the title
        # the body is not a stop: a click there focuses nothing new
        focused = app_on_file.focused
        await pilot.click(card, offset=(4, top + 1))
        await pilot.pause()
        assert app_on_file.focused is focused
        await pilot.click(card, offset=(4, top + 1 + body_lines + 1))  # the second slot row
        await pilot.pause()
        assert isinstance(app_on_file.screen, SlotPicker)
        assert focused_path(app_on_file) is None  # the picker has the focus
        await pilot.press("escape")
        await pilot.pause()
        assert focused_path(app_on_file) == card.rows[1].path


async def test_a_drag_over_a_card_selects_its_text_as_drawn(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        card = app_on_file.builder.cards[0]
        group = card.group
        assert group.recruit is not None
        # A drag from the title's first cell to the last cell of the card's last line.
        gutter, inside = card.styles.gutter, card.content_region
        end = (gutter.left + inside.width - 1, gutter.top + inside.height - 1)
        await pilot.mouse_down(card, offset=(gutter.left, gutter.top))
        await pilot.hover(card, offset=end)
        await pilot.mouse_up(card, offset=end)
        await pilot.pause()
        selected = app_on_file.screen.get_selected_text()
        assert selected is not None
        lines = selected.splitlines()
        assert lines[0].startswith(group.recruit.name) or group.recruit.name in lines[0]
        assert all(any(slot.id in line for line in lines) for slot in group.recruit.slots), selected
        # The selected part is drawn in the selection's colours.
        lit = app_on_file.screen.get_component_rich_style("screen--selection")
        strip = card.render_line(0)
        assert any(segment.style is not None and segment.style.bgcolor == lit.bgcolor for segment in strip)
