"""The new scenario dialog (f6, then New scenario; issue 30, point 2): every field labelled
and showing its value, and the army's faction as the first side."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, Label, Select

from builder.heroes.catalogue.index import Catalogue
from builder.io.paths import EXAMPLE_ARMIES_DIR
from builder.services.army_session import ArmySession
from builder.tui.app import HonApp
from builder.tui.screens.new_scenario import NewScenario
from tests.tui.test_builder import SIZE
from tests.tui.test_seen_on_screen import drawn

FIELDS = ("#scenario-title", "#game", "#first", "#second", "#points")


async def open_dialog(pilot: Pilot[None]) -> NewScenario:
    await pilot.press("f6")
    await pilot.pause()
    await pilot.click("#new")
    await pilot.pause()
    dialog = pilot.app.screen
    assert isinstance(dialog, NewScenario)
    return dialog


async def test_the_title_typed_is_drawn_and_every_field_has_a_label_beside_it(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(pilot)
        title = dialog.query_one("#scenario-title", Input)
        title.value = "Hill 112"
        await pilot.pause()
        assert any("Hill 112" in line for line in drawn(title))
        for selector in FIELDS:
            field = dialog.query_one(selector)
            assert field.parent is not None
            labels = [label for label in field.parent.query(Label) if str(label.render()).strip()]
            assert len(labels) == 1, selector
            label = labels[0].region
            assert label.y == field.region.y and label.right <= field.region.x, selector
            assert field.region.bottom <= dialog.query_one("#create").region.y  # all above the buttons, on screen


async def test_the_first_side_is_the_armys_faction_and_the_second_another(
    bundled: Catalogue, isolated_user_catalogue: Path
) -> None:
    for army in ("us-16th-infantry-550.yaml", "commonwealth-43rd-770.yaml", "son-black-sun-550.yaml"):
        session = ArmySession.open(EXAMPLE_ARMIES_DIR / army, bundled)
        app = HonApp(session, isolated_user_catalogue)
        async with app.run_test(size=SIZE) as pilot:
            dialog = await open_dialog(pilot)
            first, second = (dialog.query_one(wid, Select).value for wid in ("#first", "#second"))
            assert dialog.query_one("#game", Select).value == session.army.game.value
            assert first == session.army.faction, army
            assert second != first and bundled.factions[str(second)].game is session.army.game, army
