"""The scenario designer's Sides form gives each side a team (SoN p.10: a three-player game
is one player against a team of two), applied as one edit and saved."""

from __future__ import annotations

import shutil
from pathlib import Path

from textual.widgets import Button, Input

from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import load_scenario
from builder.services.scenario_session import ScenarioSession
from builder.tui.app import HonApp
from builder.tui.screens.designer import DesignerScreen
from builder.tui.screens.scenario_details import ScenarioDetails
from tests.conftest import FIXTURES, MINI
from tests.tui.steady import found, showing

SIZE = (120, 40)


async def test_a_third_side_joins_a_team_in_the_sides_form_and_is_saved(tmp_path: Path) -> None:
    target = tmp_path / "duel.yaml"
    shutil.copy(FIXTURES / "scenarios" / "duel.yaml", target)
    app = HonApp(None, None, scenario=ScenarioSession.open(target, load_catalogue(data_dir=MINI)[0]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f7")
        details = await showing(pilot, ScenarioDetails)
        team = details.query_one("#f-sides-1-team", Input)
        assert "SoN p.10" in team.placeholder
        details.query_one("#tab-sides").focus()
        details.query_one("#f-sides--add", Button).press()
        await found(pilot, "#f-sides-2-team")  # the new side's fields, mounted
        for field, value in (("id", "gamma"), ("name", "Gamma"), ("faction", "beta"), ("team", "pact")):
            details.query_one(f"#f-sides-2-{field}", Input).value = value
        details.query_one("#f-sides-1-team", Input).value = "pact"
        await pilot.pause()
        await pilot.press("ctrl+s")
        await showing(pilot, DesignerScreen)
        assert app.scenario is not None
        scenario = app.scenario.scenario
        assert [s.team for s in scenario.sides] == [None, "pact", "pact"]
        assert scenario.team_of("gamma") == scenario.team_of("beta") == "pact" != scenario.team_of("alpha")
        await pilot.press("ctrl+s")
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
    saved = load_scenario(target).scenario
    assert [s.team for s in saved.sides] == [None, "pact", "pact"]
