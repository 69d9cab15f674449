"""Pilot tests of the details screen's victory-condition form: a condition built from
fields (no YAML), its English read live, added to an outcome as an undoable edit."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select, SelectionList, Static, TabbedContent, TextArea

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.conditions import AllOf, AnyOf, Capture, Control, Not, VictoryPoints
from builder.io.catalogue_files import load_catalogue
from builder.services.scenario_session import ScenarioSession
from builder.tui.app import HonApp
from builder.tui.forms.condition_form import ConditionForm
from builder.tui.screens.designer import DesignerScreen
from builder.tui.screens.scenario_details import ScenarioDetails
from tests.conftest import FIXTURES, MINI
from tests.tui.keys import tab_through

SIZE = (120, 40)


@pytest.fixture
def duel_session(tmp_path: Path) -> ScenarioSession:
    target = tmp_path / "duel.yaml"
    shutil.copy(FIXTURES / "scenarios" / "duel.yaml", target)
    catalogue: Catalogue = load_catalogue(data_dir=MINI)[0]
    return ScenarioSession.open(target, catalogue)


async def open_form(pilot: Pilot[None]) -> ScenarioDetails:
    await pilot.press("f7")
    await pilot.pause()
    details = pilot.app.screen
    assert isinstance(details, ScenarioDetails)
    details.query_one("#details-tabs", TabbedContent).active = "tab-condition"
    await pilot.pause()
    return details


def english(details: ScenarioDetails) -> str:
    return " ".join(str(details.query_one("#cond-english", Static).content).split())


async def test_a_condition_built_in_the_form_is_added_and_undone(duel_session: ScenarioSession) -> None:
    app = HonApp(None, None, scenario=duel_session)
    before = duel_session.scenario.victory.outcomes[1].condition
    async with app.run_test(size=SIZE) as pilot:
        details = await open_form(pilot)
        details.query_one("#cond-outcome", Select).value = 1  # Beta victory
        details.query_one("#cond-side", Select).value = "beta"
        objectives = details.query_one("#cond-objectives", SelectionList)
        objectives.select("hill")
        await pilot.pause()
        assert "the Beta side controls The hill" in english(details)
        details.query_one("#cond-join", Select).value = "any"
        await pilot.pause()
        assert "either" not in english(details)  # the outcome reads as the domain words it
        assert "the Beta side controls The farm or the Beta side controls The hill" in english(details)
        details.query_one("#cond-add").focus()
        await pilot.press("enter")
        await pilot.pause()
        condition = duel_session.scenario.victory.outcomes[1].condition
        assert condition == AnyOf(type="any", of=[before, Control(type="control", side="beta", objectives=["hill"])])
        assert "hill" in details.query_one("#victory-yaml", TextArea).text.split("Beta victory")[1]
        await pilot.press("ctrl+z")  # undone on the details screen: the YAML follows
        await pilot.pause()
        assert duel_session.scenario.victory.outcomes[1].condition == before
        assert "hill" not in details.query_one("#victory-yaml", TextArea).text.split("Beta victory")[1]
        await pilot.press("enter")  # Add again, then undo from the designer
        await pilot.pause()
        assert duel_session.scenario.victory.outcomes[1].condition != before
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, DesignerScreen)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert duel_session.scenario.victory.outcomes[1].condition == before


async def test_counts_and_not_are_read_live(duel_session: ScenarioSession) -> None:
    app = HonApp(None, None, scenario=duel_session)
    async with app.run_test(size=SIZE) as pilot:
        details = await open_form(pilot)
        details.query_one("#cond-type", Select).value = "victory-points"
        await pilot.pause()
        around = details.query_one("#cond-objectives", SelectionList).parent
        assert around is not None and not around.display
        assert "Not yet a condition" in english(details)
        details.query_one("#cond-count", Input).value = "x"
        await pilot.pause()
        assert "Not yet a condition" in english(details)
        details.query_one("#cond-type", Select).value = "destroy"
        details.query_one("#cond-units", Input).value = "no-such-unit"
        await pilot.pause()
        assert "Not yet a condition" in english(details)
        details.query_one("#cond-units", Input).value = "tank"
        await pilot.pause()
        name = duel_session.catalogue.name_of("units", "tank")
        assert f"The condition: {name} has been destroyed." in english(details)
        details.query_one("#cond-type", Select).value = "victory-points"
        details.query_one("#cond-count", Input).value = "5"
        details.query_one("#cond-not", Checkbox).value = True
        await pilot.pause()
        assert "it is not the case that the Alpha side has at least 5 victory points" in english(details)
        await pilot.click("#cond-add")
        await pilot.pause()
    condition = duel_session.scenario.victory.outcomes[0].condition
    assert isinstance(condition, AllOf)
    assert condition.of[-1] == Not(type="not", condition=VictoryPoints(type="victory-points", side="alpha", at_least=5))


async def test_tab_reaches_every_field(duel_session: ScenarioSession) -> None:
    app = HonApp(None, None, scenario=duel_session)
    async with app.run_test(size=SIZE) as pilot:
        details = await open_form(pilot)
        for kind in ("control", "exited", "victory-points"):
            details.query_one("#cond-type", Select).value = kind
            await pilot.pause()
            form = details.query_one(ConditionForm)
            fields = form.query("Select, Input, SelectionList, Checkbox, Button")
            shown = {w.id for w in fields if w.parent is not None and w.parent.display}
            details.query_one("#cond-outcome", Select).focus()
            await pilot.pause()
            reached = await tab_through(pilot, len(shown) + 2)
            assert shown <= reached, kind


@pytest.fixture
def carp_session(tmp_path: Path) -> ScenarioSession:
    """Carp Jump in Carpiquet! (BfC p.12-13) beside the army lists it names."""
    from builder.io.paths import SCENARIOS_DIR

    target = tmp_path / "carp.yaml"
    shutil.copy(SCENARIOS_DIR / "carp-jump-in-carpiquet.yaml", target)
    (tmp_path / "armies").symlink_to(SCENARIOS_DIR / "armies")
    return ScenarioSession.open(target, load_catalogue()[0])


def test_the_units_offered_are_the_armies_first_then_the_sides_factions(carp_session: ScenarioSession) -> None:
    from builder.heroes.army.resolve import resolve
    from builder.io.army_files import load_army

    choices = [ident for ident, _ in carp_session.unit_choices()]
    assert len(choices) == len(set(choices))
    fielded: list[str] = []
    for force in carp_session.scenario.forces:
        assert force.army is not None and carp_session.path is not None
        army = load_army(carp_session.path.parent / force.army).army
        fielded += [f.unit.id for f in resolve(army, carp_session.catalogue).fielded()]
    fielded = list(dict.fromkeys(fielded))
    assert choices[: len(fielded)] == fielded and "ge-willi-herold" in fielded
    factions = {s.faction for s in carp_session.scenario.sides}
    rest = choices[len(fielded) :]
    assert rest and all(carp_session.catalogue.units[u].faction in factions for u in rest)


async def test_a_unit_is_picked_from_the_scenarios_units_not_typed(carp_session: ScenarioSession) -> None:
    from textual.widgets import OptionList

    from builder.tui.forms.pickers import IdAutoComplete, PickerScreen

    app = HonApp(None, None, scenario=carp_session)
    async with app.run_test(size=SIZE) as pilot:
        details = await open_form(pilot)
        details.query_one("#cond-type", Select).value = "capture"
        await pilot.pause()
        details.query_one("#cond-units", Input).focus()
        await pilot.press("f2")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        listed = picker.query_one("#picker-options", OptionList)
        first = [listed.get_option_at_index(i).id for i in range(listed.option_count)]
        assert first[:3] == [ident for ident, _ in carp_session.unit_choices()[:3]]
        await pilot.press(*"herold", "enter")
        await pilot.pause()
        assert app.screen is details
        units = details.query_one("#cond-units", Input)
        assert units.value == "ge-willi-herold"
        built = details.query_one(ConditionForm).build()
        assert built == Capture(type="capture", side="commonwealth", unit="ge-willi-herold")
        # Typed instead: a piece of the name, in any case, and the drop-down offers the unit.
        units.value = ""
        details.query_one("#cond-outcome", Select).value = 1  # German victory
        details.query_one("#cond-side", Select).value = "german"
        units.focus()
        await pilot.press(*"MACKENZ")
        await pilot.pause()
        dropdown = details.query_one(ConditionForm).completion
        assert isinstance(dropdown, IdAutoComplete)
        assert dropdown.display
        assert dropdown.option_list.get_option_at_index(0).id == "cw-lt-mackenzie"
        assert dropdown.option_list.size.height == dropdown.option_list.option_count  # not cut to one line
        await pilot.press("tab")
        await pilot.pause()
        assert units.value == "cw-lt-mackenzie"
        details.query_one("#cond-add").focus()
        await pilot.press("enter")
        await pilot.pause()
    condition = carp_session.scenario.victory.outcomes[1].condition
    assert isinstance(condition, AllOf)
    assert condition.of[-1] == Capture(type="capture", side="german", unit="cw-lt-mackenzie")
