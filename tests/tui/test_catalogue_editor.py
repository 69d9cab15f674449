"""Pilot tests of the catalogue editor: entries made through forms, checked live, saved in
the user catalogue and used at once in the army builder; bundled files never change."""

from __future__ import annotations

import hashlib
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select, Static

from builder.io.catalogue_files import bundled_files, load_catalogue
from builder.tui.app import HonApp
from builder.tui.screens.catalogue_editor import CatalogueEditor

SIZE = (120, 40)


def bundled_digest() -> str:
    digest = hashlib.sha256()
    for path in bundled_files():
        digest.update(path.read_bytes())
    return digest.hexdigest()


def issues_text(editor: CatalogueEditor) -> str:
    return str(editor.query_one("#editor-issues", Static).render())


async def type_into(pilot: Pilot[None], editor: CatalogueEditor, field: str, text: str) -> None:
    editor.query_one(f"#f-{field}", Input).value = text
    await pilot.pause()


async def test_make_a_tile_then_use_it(app_on_file: HonApp, isolated_user_catalogue: Path) -> None:
    before = bundled_digest()
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        editor = app_on_file.screen
        assert isinstance(editor, CatalogueEditor)
        await type_into(pilot, editor, "id", "us-ranger-section")
        await type_into(pilot, editor, "name", "Ranger Section")
        await type_into(pilot, editor, "cost", "60")
        await type_into(pilot, editor, "composition", "us-rifle-squad x2, us-fire-teem")
        assert "us-fire-teem" in issues_text(editor)  # checked live, as `hon catalogue check` would
        await type_into(pilot, editor, "composition", "us-rifle-squad x2, us-fire-team")
        assert "Sound" in issues_text(editor)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert (isolated_user_catalogue / "hon-tiles.yaml").exists()
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("ctrl+f")
        await pilot.press(*"Ranger Section")
        await pilot.press("enter", "enter")
        await pilot.pause()
        assert app_on_file.session.army.tiles[-1].tile == "us-ranger-section"
        assert app_on_file.session.summary is not None and app_on_file.session.summary.points == 550 + 60
    assert bundled_digest() == before
    layered, issues = load_catalogue(isolated_user_catalogue)
    assert issues == []
    assert layered.tiles["us-ranger-section"].counter_count == 3


async def test_editing_a_bundled_tile_keeps_a_copy_and_rechecks_the_army(
    app_on_file: HonApp, isolated_user_catalogue: Path
) -> None:
    before = bundled_digest()
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        editor = app_on_file.screen
        assert isinstance(editor, CatalogueEditor)
        entries = editor.query_one("#entries", OptionList)
        editor.query_one("#entry-search", Input).value = "16th Inf. Reg. A"
        await pilot.pause()
        entries.highlighted = 1  # the first hit, after "+ new"
        entries.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert editor.entry_id == "us-16th-inf-reg-a"
        await type_into(pilot, editor, "cost", "100")
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        summary = app_on_file.session.summary
        assert summary is not None and summary.points == 565
        assert "points.over" in {i.code for i in app_on_file.session.issues}
    assert bundled_digest() == before


async def test_bad_values_are_shown_at_their_field_and_nothing_is_saved(
    app_on_file: HonApp, isolated_user_catalogue: Path
) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        editor = app_on_file.screen
        assert isinstance(editor, CatalogueEditor)
        await type_into(pilot, editor, "cost", "lots")
        assert "'lots' is not a whole number" in str(editor.query_one("#f-cost--error", Static).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not (isolated_user_catalogue / "hon-tiles.yaml").exists()


async def test_the_editor_undoes_and_redoes(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        editor = app_on_file.screen
        assert isinstance(editor, CatalogueEditor)
        await type_into(pilot, editor, "name", "First")
        await type_into(pilot, editor, "name", "Second")
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert editor.query_one("#f-name", Input).value == "First"
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert editor.query_one("#f-name", Input).value == "Second"


async def test_units_are_edited_on_both_sides(app_on_file: HonApp, isolated_user_catalogue: Path) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("f3")
        await pilot.pause()
        editor = app_on_file.screen
        assert isinstance(editor, CatalogueEditor)
        editor.query_one("#kind", Select).value = "units"
        await pilot.pause()
        await type_into(pilot, editor, "id", "us-my-sniper")
        await type_into(pilot, editor, "name", "Sniper")
        await type_into(pilot, editor, "sides-1-movement", "X")
        await type_into(pilot, editor, "sides-1-abilities", "sniper, limited-range 8")
        assert "Sound" in issues_text(editor)
        await pilot.press("ctrl+s")
        await pilot.pause()
    catalogue, _ = load_catalogue(isolated_user_catalogue)
    back = catalogue.units["us-my-sniper"].sides[1]
    assert back.movement is None
    assert back.ability_value("limited-range") == 8
