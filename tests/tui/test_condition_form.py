"""Pilot tests of the details screen's victory-condition form: a condition built from
fields (no YAML), its English read live, added to an outcome as an undoable edit."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import Checkbox, Input, Select, SelectionList, Static, TabbedContent, TextArea

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.conditions import AllOf, AnyOf, Control, Not, VictoryPoints
from builder.io.catalogue_files import load_catalogue
from builder.services.scenario_session import ScenarioSession
from builder.tui.app import HonApp
from builder.tui.forms.condition_form import ConditionForm
from builder.tui.screens.designer import DesignerScreen
from builder.tui.screens.scenario_details import ScenarioDetails
from tests.conftest import FIXTURES, MINI

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
        assert "Beta controls The hill" in english(details)
        details.query_one("#cond-join", Select).value = "any"
        await pilot.pause()
        assert "either" not in english(details)  # the outcome reads as the domain words it
        assert "Beta controls The farm or Beta controls The hill" in english(details)
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
        assert not details.query_one("#cond-objectives", SelectionList).parent.display  # type: ignore[union-attr]
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
        assert "it is not the case that Alpha has at least 5 victory points" in english(details)
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
            shown = {w.id for w in form.query("Select, Input, SelectionList, Checkbox, Button") if w.parent.display}  # type: ignore[union-attr]
            details.query_one("#cond-outcome", Select).focus()
            await pilot.pause()
            reached = set()
            for _ in range(len(shown) + 2):
                reached.add(app.focused.id if app.focused else None)
                await pilot.press("tab")
            assert shown <= reached, kind
