"""The catalogue browser's list of hits (a widget drawing its own lines): the keys, the mouse
and the search box do with it what they did with the OptionList it replaced."""

from __future__ import annotations

import pytest
from textual.content import Content

from builder.heroes.catalogue.recruitment import RecruitmentTile
from builder.tui.app import HonApp
from builder.tui.widgets.browser import TAG_WIDTH, TAGS, CatalogueBrowser
from builder.tui.widgets.catalogue_list import CatalogueList, Prompt, wrap
from tests.tui.test_builder import SIZE
from tests.tui.test_seen_on_screen import drawn


def the_list(app: HonApp) -> tuple[CatalogueList, CatalogueBrowser]:
    screen = app.builder
    return screen.query_one("#results", CatalogueList), screen.query_one("#browser", CatalogueBrowser)


def starts(line: str, name: str) -> bool:
    """Whether a line of the list starts a hit of that name (its tag, then its name and cost,
    or as much of its name as fits)."""
    return bool(line[5:]) and (line[5:].startswith(name) or name.startswith(line[5:]))


def shown(results: CatalogueList, browser: CatalogueBrowser, index: int) -> bool:
    """Whether hit `index` is drawn."""
    return any(starts(line, browser.hits[index][1].name) for line in drawn(results))


def row_of(results: CatalogueList, browser: CatalogueBrowser, index: int) -> int:
    """The line of the list where hit `index` starts."""
    return next(y for y, line in enumerate(drawn(results)) if starts(line, browser.hits[index][1].name))


async def test_the_keys_move_the_highlight_and_keep_it_in_view(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results, browser = the_list(app_on_file)
        results.focus()
        await pilot.pause()
        last = results.count - 1
        assert results.count == len(browser.hits) > results.size.height  # it scrolls
        assert results.highlighted == 0
        await pilot.press("down")
        assert results.highlighted == 1
        await pilot.press("up", "up")  # up from the first is the last, as in an OptionList
        await pilot.pause()
        assert results.highlighted == last and shown(results, browser, last)
        await pilot.press("down")  # and down from the last the first
        await pilot.pause()
        assert results.highlighted == 0 and results.scroll_y == 0
        await pilot.press("end")
        await pilot.pause()
        assert results.highlighted == last and shown(results, browser, last)
        await pilot.press("home", "pagedown")
        await pilot.pause()
        paged = results.highlighted
        assert paged is not None and results.size.height - 3 <= paged < last and shown(results, browser, paged)
        await pilot.press("pageup")
        assert results.highlighted == 0


async def test_enter_and_a_click_pick_the_hit(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results, browser = the_list(app_on_file)
        tiles = app_on_file.session.army.tiles
        assert all(isinstance(entry, RecruitmentTile) for _, entry in browser.hits[:3])
        results.focus()
        await pilot.press("down", "enter")
        await pilot.pause()
        assert app_on_file.session.army.tiles[-1].tile == browser.hits[1][1].id
        assert len(app_on_file.session.army.tiles) == len(tiles) + 1
        await pilot.click(results, offset=(0, row_of(results, browser, 2)))  # the padding: nothing
        await pilot.pause()
        assert len(app_on_file.session.army.tiles) == len(tiles) + 1
        await pilot.click(results, offset=(3, row_of(results, browser, 2)))
        await pilot.pause()
        assert results.highlighted == 2
        assert app_on_file.session.army.tiles[-1].tile == browser.hits[2][1].id


async def test_the_hit_under_the_mouse_is_drawn_hovered(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results, browser = the_list(app_on_file)
        row = row_of(results, browser, 3)
        plain = results.render_line(row).text, list(results.render_line(row))[-1].style
        await pilot.hover(results, offset=(3, row))
        await pilot.pause()
        hovered = list(results.render_line(row))[-1].style
        assert results.render_line(row).text == plain[0]
        assert hovered is not None and plain[1] is not None and hovered.bgcolor != plain[1].bgcolor
        await pilot.hover("#army")
        await pilot.pause()
        assert list(results.render_line(row))[-1].style == plain[1]


async def test_hits_listed_anew_are_not_drawn_hovered_under_a_resting_mouse(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results, browser = the_list(app_on_file)
        row = row_of(results, browser, 3)
        plain = list(results.render_line(row))[-1].style
        await pilot.hover(results, offset=(3, row))
        await pilot.pause()
        assert list(results.render_line(row))[-1].style != plain
        browser.refill("")  # the same hits, listed anew; the mouse has not moved
        await pilot.pause()
        assert list(results.render_line(row))[-1].style == plain


async def test_a_search_lists_its_hits_from_the_first_and_none_when_nothing_matches(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results, browser = the_list(app_on_file)
        results.focus()
        await pilot.press("end")
        await pilot.pause()
        assert results.scroll_y > 0
        await pilot.press("ctrl+f", *"sherman")
        await pilot.pause()
        assert (results.highlighted, results.scroll_y) == (0, 0)
        assert browser.hits[0][1].id == "us-sherman-platoon" and shown(results, browser, 0)
        await pilot.press(*"qqqq")
        await pilot.pause()
        assert results.count == 0 and results.highlighted is None
        assert not any(drawn(results))
        await pilot.press("enter")  # nothing to go to: the search keeps the focus
        assert app_on_file.focused is not None and app_on_file.focused.id == "search"


LONG: Prompt = (("tile ", "bold cyan"), ("Panzergrenadier Platoon (10. SS)", ""), (" 90", "dim"))
FOLDED: Prompt = (("abil ", "dim"), ("Supercalifragilisticexpialidocious", ""))
BROKEN: Prompt = (("opt  ", "green"), ("Two\nlines   ", ""), (" 5", "dim"))
TABBED: Prompt = (("unit ", "bold"), ("Tab\tin its\tname\n\tand after", ""), ("\t7", "dim"))


@pytest.mark.parametrize("prompt", [LONG, FOLDED, BROKEN, TABBED], ids=["words", "folded", "line-break", "tabs"])
@pytest.mark.parametrize("width", [8, 12, 21, 25])
def test_a_hit_wider_than_the_list_wraps_as_content_wraps(prompt: Prompt, width: int) -> None:
    text = "".join(run for run, _ in prompt)
    lines = wrap(prompt, width)
    assert ["".join(run for run, _ in line) for line in lines] == [line.plain for line in Content(text).wrap(width)]
    # Every character keeps the style of its run (the spaces that end a line are dropped).
    styled = [(char, style) for run, style in prompt for char in run if not char.isspace()]
    assert [(char, style) for line in lines for run, style in line for char in run if not char.isspace()] == styled


@pytest.mark.parametrize("prompt", [LONG, FOLDED, BROKEN, TABBED], ids=["words", "folded", "line-break", "tabs"])
@pytest.mark.parametrize("width", [8, 12, 21, 25])
def test_a_hit_wraps_beside_its_tag_each_line_after_the_first_indented(prompt: Prompt, width: int) -> None:
    tag, *_ = prompt
    rest = "".join(run for run, _ in prompt)[TAG_WIDTH:]
    column = [line.plain for line in Content(rest).wrap(width - TAG_WIDTH)]
    lines = ["".join(run for run, _ in line) for line in wrap(prompt, width, TAG_WIDTH)]
    assert lines == [tag[0] + column[0], *(" " * TAG_WIDTH + line for line in column[1:])]
    # Every character keeps the style of its run, the tag's included.
    styled = [(char, style) for run, style in prompt for char in run if not char.isspace()]
    assert [
        (c, s) for line in wrap(prompt, width, TAG_WIDTH) for run, s in line for c in run if not c.isspace()
    ] == styled


async def test_the_lines_of_a_long_hit_after_its_first_are_under_its_name(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.pause()
        results, _ = the_list(app_on_file)
        lines = drawn(results)
        starts = [y for y, line in enumerate(lines) if line[:TAG_WIDTH] in {f"{t:<{TAG_WIDTH}}" for t in TAGS.values()}]
        following = [line for y, line in enumerate(lines) if y not in starts and line]
        assert following, "no hit wraps at this size: the test would show nothing"
        for line in following:
            assert line[:TAG_WIDTH] == " " * TAG_WIDTH and line[TAG_WIDTH] != " ", line
