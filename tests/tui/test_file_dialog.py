"""The open and save dialog (issue 15, point 2): a folder tree with the bundled armies and
scenarios, the files opened lately first, and a clear start of a new scenario."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, OptionList

from builder.io.paths import EXAMPLE_ARMIES_DIR
from builder.tui.app import HonApp
from builder.tui.screens.designer import DesignerScreen
from builder.tui.screens.file_dialog import FileDialog, YamlTree
from builder.tui.screens.new_scenario import NewScenario
from tests.tui.test_builder import SIZE


def place_labels(dialog: FileDialog) -> list[str]:
    options = dialog.query_one("#places", OptionList)
    return [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]


async def choose_place(pilot: Pilot[None], dialog: FileDialog, label: str) -> None:
    options = dialog.query_one("#places", OptionList)
    options.highlighted = next(i for i, text in enumerate(place_labels(dialog)) if label in text)
    options.focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_open_a_bundled_army_from_the_tree_then_find_it_among_recent_files(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        dialog = app_on_file.screen
        assert isinstance(dialog, FileDialog)
        await choose_place(pilot, dialog, "Bundled armies")
        tree = dialog.query_one("#tree", YamlTree)
        assert Path(tree.path) == EXAMPLE_ARMIES_DIR
        for _ in range(50):  # the tree reads the folder in a worker
            names = {str(n.label): n for n in tree.root.children}
            if "german-ss-550.yaml" in names:
                break
            await pilot.pause(0.05)
        node = names["german-ss-550.yaml"]
        tree.move_cursor(node)
        tree.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert app_on_file.session.path == (EXAMPLE_ARMIES_DIR / "german-ss-550.yaml").absolute()
        assert app_on_file.session.army.faction == "german"
        await pilot.press("ctrl+o")
        await pilot.pause()
        dialog = app_on_file.screen
        assert isinstance(dialog, FileDialog)
        assert place_labels(dialog)[0].endswith("german-ss-550.yaml  (" + str(EXAMPLE_ARMIES_DIR) + ")")


async def test_a_typed_path_that_is_not_a_file_is_refused_in_the_dialog(app_on_file: HonApp, tmp_path: Path) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+o")
        await pilot.pause()
        dialog = app_on_file.screen
        assert isinstance(dialog, FileDialog)
        dialog.query_one("#path", Input).value = str(tmp_path / "nowhere.yaml")
        await pilot.click("#choose")
        await pilot.pause()
        assert app_on_file.screen is dialog  # still open, saying why
        assert "no such file" in str(dialog.query_one("#problem").render())


async def test_save_as_in_a_folder_chosen_in_the_tree_keeps_the_name(app_on_example: HonApp, tmp_path: Path) -> None:
    async with app_on_example.run_test(size=SIZE) as pilot:
        await pilot.press("f2")
        await pilot.pause()
        dialog = app_on_example.screen
        assert isinstance(dialog, FileDialog)
        assert "Bundled armies" not in " ".join(place_labels(dialog))  # the bundled files are never overwritten
        name = Path(dialog.query_one("#path", Input).value).name
        tree = dialog.query_one("#tree", YamlTree)
        tree.post_message(YamlTree.DirectorySelected(tree.root, tmp_path))
        await pilot.pause()
        assert dialog.query_one("#path", Input).value == str(tmp_path / name)
        await pilot.click("#choose")
        await pilot.pause()
    assert (tmp_path / name).is_file()


async def test_a_new_scenario_from_the_builder_opposes_the_chosen_factions(app_on_file: HonApp) -> None:
    async with app_on_file.run_test(size=SIZE) as pilot:
        await pilot.press("f6")
        await pilot.pause()
        await pilot.click("#new")
        await pilot.pause()
        dialog = app_on_file.screen
        assert isinstance(dialog, NewScenario)
        dialog.query_one("#scenario-title", Input).value = "Hill 112"
        dialog.query_one("#points", Input).value = "550"
        await pilot.click("#create")
        await pilot.pause()
        assert isinstance(app_on_file.screen, DesignerScreen)
        assert app_on_file.scenario is not None
        scenario = app_on_file.scenario.scenario
        assert scenario.title == "Hill 112" and [f.points for f in scenario.forces] == [550, 550]
        assert len({s.faction for s in scenario.sides}) == 2
        assert "not saved yet" in str(app_on_file.screen.query_one("#title").render())
