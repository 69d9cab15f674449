"""Pilot tests of the catalogue editor's pickers: fields that name other entries suggest the
catalogue's ids as the player types, and f2 opens a searchable list that fills the field."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from builder.heroes.catalogue.base import Entry
from builder.heroes.catalogue.index import LATER, Catalogue, Sections
from builder.heroes.catalogue.recruitment import RecruitmentTile
from builder.io.catalogue_files import load_catalogue
from builder.tui.app import HonApp
from builder.tui.forms.form import ModelForm
from builder.tui.forms.pickers import IdAutoComplete, IdSuggester, PickerScreen
from builder.tui.screens.catalogue_editor import CatalogueEditor

SIZE = (120, 40)


async def open_editor(app: HonApp, pilot: Pilot[None]) -> CatalogueEditor:
    await pilot.press("f3")
    await pilot.pause()
    editor = app.screen
    assert isinstance(editor, CatalogueEditor)
    return editor


async def test_typing_a_prefix_suggests_a_catalogue_id(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        editor = await open_editor(app_on_file, pilot)
        field = editor.query_one("#f-composition", Input)
        field.focus()
        await pilot.pause()
        field.value = "us-rifle-squad x2, "
        await pilot.press("end")
        await pilot.press(*"us-fire-t")
        await pilot.pause()
        await pilot.press("right")  # takes the suggestion, as in any Textual input
        await pilot.pause()
        assert field.value == "us-rifle-squad x2, us-fire-team"
        stripes = editor.query_one("#f-stripes", Input)
        stripes.focus()
        await pilot.press(*"us-1id")
        await pilot.pause()
        await pilot.press("right")
        await pilot.pause()
        assert stripes.value == "us-1id-16ir"


async def test_the_picker_filters_by_name_and_the_saved_entry_holds_the_id(
    app_on_file: HonApp, isolated_user_catalogue: Path
) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        editor = await open_editor(app_on_file, pilot)
        editor.query_one("#f-id", Input).value = "us-picked-section"
        editor.query_one("#f-name", Input).value = "Picked Section"
        editor.query_one("#f-cost", Input).value = "60"
        composition = editor.query_one("#f-composition", Input)
        composition.value = "us-rifle-squad x2"
        await pilot.pause()
        composition.focus()
        await pilot.press("f2")
        await pilot.pause()
        picker = app_on_file.screen
        assert isinstance(picker, PickerScreen)
        await pilot.press(*"fire team")
        await pilot.pause()
        listed = picker.query_one("#picker-options", OptionList)
        ids = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
        assert set(ids) == {"us-fire-team", "son-maj-ranger-fire-team"}  # by name, from the catalogue
        listed.highlighted = ids.index("us-fire-team")
        await pilot.press("enter")
        await pilot.pause()
        assert app_on_file.screen is editor
        assert composition.value == "us-rifle-squad x2, us-fire-team"  # appended to the list

        stripes = editor.query_one("#f-stripes", Input)
        stripes.focus()
        await pilot.press("f2")
        await pilot.pause()
        await pilot.press(*"16th Inf")
        await pilot.press("enter")
        await pilot.pause()
        assert stripes.value == "us-1id-16ir"
        await pilot.press("ctrl+s")
        await pilot.pause()
    catalogue, issues = load_catalogue(isolated_user_catalogue)
    assert issues == []
    tile = catalogue.tiles["us-picked-section"]
    assert tile.stripes == ["us-1id-16ir"]
    assert [c.id for c in tile.composition] == ["us-rifle-squad", "us-fire-team"]


async def test_escape_closes_the_picker_and_leaves_the_field(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        editor = await open_editor(app_on_file, pilot)
        markers = editor.query_one("#f-markers", Input)
        markers.value = "speed"
        markers.focus()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app_on_file.screen, PickerScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert editor.is_active
        assert markers.value == "speed"


def dropdown_ids(editor: CatalogueEditor, field: Input) -> list[str]:
    """The ids the drop-down of `field` lists, best first; [] while it is hidden."""
    found = next(c for c in editor.query(IdAutoComplete) if c.target is field)
    if not found.display:
        return []
    listed = found.option_list
    return [str(listed.get_option_at_index(i).id) for i in range(listed.option_count)]


async def test_suggestions_match_a_substring_or_fuzzily_in_any_case(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        editor = await open_editor(app_on_file, pilot)
        field = editor.query_one("#f-composition", Input)
        field.focus()
        await pilot.pause()
        field.value = "us-rifle-squad x2, "
        await pilot.press("end", *"FIRE-T")  # the middle of the id, in capitals
        await pilot.pause()
        listed = dropdown_ids(editor, field)
        assert listed[0] == "us-fire-team" and "son-maj-ranger-fire-team" in listed
        shown = next(c for c in editor.query(IdAutoComplete) if c.target is field).option_list
        assert shown.size.height == len(listed)  # every match on its own line, not cut to the row
        assert all("fire" in i for i in listed[:2])
        await pilot.press("tab")  # takes the highlighted one, in place of what was typed
        await pilot.pause()
        assert field.value == "us-rifle-squad x2, us-fire-team"
        draft = editor.query_one("#entry-form", ModelForm).draft  # the form heard the completion
        assert draft["composition"] == [{"us-rifle-squad": 2}, "us-fire-team"]
        stripes = editor.query_one("#f-stripes", Input)
        stripes.focus()
        await pilot.press(*"16thinf")  # letters of a stripe's name, in order (fuzzy)
        await pilot.pause()
        assert dropdown_ids(editor, stripes)[0] == "us-1id-16ir"
        await pilot.press("enter")
        await pilot.pause()
        assert stripes.value == "us-1id-16ir"


async def test_the_picker_falls_back_to_letters_in_order(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        editor = await open_editor(app_on_file, pilot)
        editor.query_one("#f-composition", Input).focus()
        await pilot.press("f2")
        await pilot.pause()
        picker = app_on_file.screen
        assert isinstance(picker, PickerScreen)
        await pilot.press(*"USFIRTM")  # no word of any entry; its letters in order, in capitals
        await pilot.pause()
        listed = picker.query_one("#picker-options", OptionList)
        assert listed.option_count > 0 and listed.get_option_at_index(0).id == "us-fire-team"


async def test_a_form_reads_only_the_catalogue_sections_its_fields_name(bundled: Catalogue) -> None:
    # A catalogue from the cache reads its LATER sections when first asked for: a tile's form
    # names none of them (fails if the form asks the catalogue for its length).
    asked: list[str] = []

    def reader(section: str) -> Callable[[], dict[str, Entry]]:
        def read() -> dict[str, Entry]:
            asked.append(section)
            return bundled.entries[section]

        return read

    ready = {section: entries for section, entries in bundled.entries.items() if section not in LATER}
    lazy = replace(bundled, entries=Sections(ready, {section: reader(section) for section in LATER}))
    form = ModelForm(RecruitmentTile, {}, catalogue=lazy)

    class FormApp(App[None]):
        def compose(self) -> ComposeResult:
            yield form

    app = FormApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(form.query_one("#f-composition", Input).suggester, IdSuggester)
    assert asked == []
