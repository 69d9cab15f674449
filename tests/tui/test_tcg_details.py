"""Pilot tests of the Tactical Card Game scenario's details (f7 in its designer), driven as a
player: the turns, the first player and a side's COMMAND markers changed; a Control victory
condition added on an objective marker, undone, redone, saved and read back; values the
file cannot hold (COMMAND 9) or the book forbids (a ninth turn, a seventh DIRECTIVE marker,
TCG p.5-6) refused with the reason and the scenario unchanged."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input, OptionList, Select, SelectionList, Static, TabbedContent

from builder.io.tcg_files import load_tcg_scenario
from builder.kernel.history import History
from builder.services.tcg_game import open_cards
from builder.services.tcg_scenario_session import TcgScenarioSession
from builder.tcg.conditions import Control, Destroy, VictoryPoints, When
from builder.tui.app import HonApp
from builder.tui.screens.tcg_designer import TcgDesignerScreen
from builder.tui.screens.tcg_details import TcgDetailsScreen
from tests.tui.keys import tab_through
from tests.tui.steady import SnapCompare, showing, snapshot

SIZE = (130, 42)


def designer(session: TcgScenarioSession) -> tuple[HonApp, TcgDesignerScreen]:
    screen = TcgDesignerScreen(session)
    return HonApp(opening=screen), screen


async def open_details(pilot: Pilot[None], tab: str) -> TcgDetailsScreen:
    await pilot.pause()
    await pilot.press("f7")
    details: TcgDetailsScreen = await showing(pilot, TcgDetailsScreen)
    details.query_one("#tcg-details-tabs", TabbedContent).active = tab
    await pilot.pause()
    return details


async def type_into(pilot: Pilot[None], details: TcgDetailsScreen, field: str, value: str) -> None:
    """Put `value` in the field and press enter there, as a player would."""
    box = details.query_one(f"#{field}", Input)
    box.value = value
    box.focus()
    await pilot.press("enter")
    await pilot.pause()


async def test_turns_first_player_and_command_are_edited_undone_and_saved(orchard: Path) -> None:
    session = TcgScenarioSession.open(orchard, open_cards())
    app, screen = designer(session)
    async with app.run_test(size=SIZE) as pilot:
        details = await open_details(pilot, "tcg-tab-scenario")
        assert details.query_one("#d-turns", Input).value == "6"
        details.query_one("#d-first_player", Select).value = "us"
        details.query_one("#d-otherwise", Select).value = "draw"
        await type_into(pilot, details, "d-turns", "8")
        scenario = session.scenario
        assert (scenario.turns, scenario.first_player, scenario.otherwise) == (8, "us", "draw")
        details.query_one("#tcg-details-tabs", TabbedContent).active = "tcg-tab-sides"
        await pilot.pause()
        await type_into(pilot, details, "s0-command", "4")
        await type_into(pilot, details, "s1-destroyed_victory_points", "2")
        us, german = session.scenario.sides
        assert (us.command, german.destroyed_victory_points) == (4, 2)
        assert german.command == 3 and us.directives == 1  # the rest of each side kept
        await pilot.press("ctrl+z")  # the Germans' victory points back to 1
        await pilot.pause()
        assert session.scenario.sides[1].destroyed_victory_points == 1
        assert details.query_one("#s1-destroyed_victory_points", Input).value == "1"
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert "8 turns" in str(screen.query_one("#title", Static).render())
        await pilot.press("ctrl+s")
        await pilot.pause()
    saved = load_tcg_scenario(orchard).scenario
    assert (saved.turns, saved.first_player, saved.otherwise) == (8, "us", "draw")
    assert [side.command for side in saved.sides] == [4, 3]
    assert [side.destroyed_victory_points for side in saved.sides] == [0, 1]


async def test_a_control_condition_is_added_undone_redone_and_read_back(orchard: Path) -> None:
    session = TcgScenarioSession.open(orchard, open_cards())
    app, screen = designer(session)
    before = list(session.scenario.victory)
    async with app.run_test(size=SIZE) as pilot:
        details = await open_details(pilot, "tcg-tab-victory")
        details.query_one("#vc-kind", Select).value = "control"
        details.query_one("#vc-side", Select).value = "us"
        details.query_one("#vc-objectives", SelectionList).select("farm")
        await pilot.pause()
        assert "Not yet" not in str(details.query_one("#vc-english", Static).render())
        await pilot.click("#victory-add")
        await pilot.pause()
        added = Control(side="us", objectives=["farm"], when=When.END_OF_TURN)
        assert session.scenario.victory == [*before, added]
        listed = details.query_one("#victory-list", OptionList)
        assert listed.option_count == 3
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert session.scenario.victory == before
        assert listed.option_count == 2
        await pilot.press("ctrl+y")
        await pilot.pause()
        assert session.scenario.victory == [*before, added]
        await pilot.press("escape")
        await pilot.pause()
        # The designer's side panel says the new condition, as the scenario words it.
        said = str(screen.query_one("#tcg-victory", Static).render())
        assert session.scenario.victory_text()[2] in " ".join(said.split())
        await pilot.press("ctrl+s")
        await pilot.pause()
    assert load_tcg_scenario(orchard).scenario.victory == [*before, added]


async def test_a_condition_is_changed_and_removed(orchard: Path) -> None:
    session = TcgScenarioSession.open(orchard, open_cards())
    app, _ = designer(session)
    async with app.run_test(size=SIZE) as pilot:
        details = await open_details(pilot, "tcg-tab-victory")
        listed = details.query_one("#victory-list", OptionList)
        listed.focus()
        listed.highlighted = 1
        await pilot.press("enter")  # the victory-points condition, into the form
        await pilot.pause()
        assert details.query_one("#vc-kind", Select).value == "victory-points"
        assert details.query_one("#vc-count", Input).value == "6"
        details.query_one("#vc-count", Input).value = "8"
        await pilot.pause()
        await pilot.click("#victory-replace")
        await pilot.pause()
        assert session.scenario.victory[1] == VictoryPoints(side="german", points=8)
        details.query_one("#vc-kind", Select).value = "destroy"
        details.query_one("#vc-count", Input).value = "4"
        await pilot.pause()
        await pilot.click("#victory-add")
        await pilot.pause()
        # The form keeps what it holds: the side and "when" of the condition loaded.
        assert session.scenario.victory[2] == Destroy(side="german", count=4, when=When.END_OF_GAME)
        listed.highlighted = 0
        await pilot.click("#victory-remove")
        await pilot.pause()
        kinds = [c.kind for c in session.scenario.victory]
        assert kinds == ["victory-points", "destroy"]


async def test_a_new_scenario_gets_its_first_victory_condition(tmp_path: Path) -> None:
    session = TcgScenarioSession.new(tmp_path / "new.yaml", open_cards())
    assert "tcg.victory.none" in {issue.code for issue in session.issues}
    app, _ = designer(session)
    async with app.run_test(size=SIZE) as pilot:
        details = await open_details(pilot, "tcg-tab-victory")
        details.query_one("#vc-kind", Select).value = "destroy"
        details.query_one("#vc-count", Input).value = "3"
        await pilot.pause()
        await pilot.click("#victory-add")
        await pilot.pause()
        assert "tcg.victory.none" not in {issue.code for issue in session.issues}
        await pilot.press("ctrl+s")
        await pilot.pause()
    saved = load_tcg_scenario(tmp_path / "new.yaml").scenario
    assert saved.victory == [Destroy(side=saved.sides[0].id, count=3)]


async def test_bad_values_are_refused_with_the_reason_and_change_nothing(orchard: Path) -> None:
    session = TcgScenarioSession.open(orchard, open_cards())
    app, _ = designer(session)
    before = session.scenario
    async with app.run_test(size=SIZE) as pilot:
        details = await open_details(pilot, "tcg-tab-sides")
        await type_into(pilot, details, "s0-command", "9")  # 1 to 6 COMMAND markers (TCG p.5)
        assert details.refused is not None and details.refused.path == "sides[0].command"
        assert details.query_one("#s0-command", Input).value == "9"  # what was typed is kept
        assert details.query_one("#s0-command", Input).has_class("refused")
        await type_into(pilot, details, "s1-directives", "7")  # six in play at most (TCG p.5)
        assert details.refused is not None and details.refused.code == "tcg.directives.cap"
        assert "tcg.directives.cap" in str(details.query_one("#tcg-details-problem", Static).render())
        details.query_one("#tcg-details-tabs", TabbedContent).active = "tcg-tab-scenario"
        await pilot.pause()
        await type_into(pilot, details, "d-turns", "9")  # four to eight turns (TCG p.6)
        assert details.refused is not None and details.refused.code == "tcg.turns.range"
        assert details.query_one("#d-turns", Input).has_class("refused")
        assert not details.query_one("#s0-command", Input).has_class("refused")
        details.query_one("#d-turns", Input).value = "6"
        await type_into(pilot, details, "d-title", "   ")
        assert details.refused is not None and details.refused.path == "title"
        details.query_one("#tcg-details-tabs", TabbedContent).active = "tcg-tab-victory"
        await pilot.pause()
        details.query_one("#vc-kind", Select).value = "control"
        details.query_one("#vc-objectives", SelectionList).select("farm")
        details.query_one("#vc-count", Input).value = "2"  # two of one objective named
        await pilot.pause()
        await pilot.click("#victory-add")
        await pilot.pause()
        assert details.refused is not None and details.refused.code == "tcg.victory.count"
        assert details.query_one("#vc-count", Input).has_class("refused")
        details.query_one("#vc-kind", Select).value = "victory-points"
        details.query_one("#vc-count", Input).value = ""
        await pilot.pause()
        await pilot.click("#victory-add")  # no points given
        await pilot.pause()
        assert details.refused is not None and details.refused.path == "victory"
    assert session.scenario == before
    assert not session.history.can_undo


def test_details_snapshot(snap_compare: SnapCompare, orchard: Path) -> None:
    app, _ = designer(TcgScenarioSession.open(orchard, open_cards()))

    async def victory_tab(pilot: Pilot[None]) -> None:
        await open_details(pilot, "tcg-tab-victory")

    assert snapshot(snap_compare, app, (120, 40), run_before=victory_tab)


async def test_tab_reaches_every_field_of_the_condition(orchard: Path) -> None:
    app, _ = designer(TcgScenarioSession.open(orchard, open_cards()))
    async with app.run_test(size=SIZE) as pilot:
        details = await open_details(pilot, "tcg-tab-victory")
        for kind, fields in (
            ("control", {"vc-objectives", "vc-count"}),
            ("destroy", {"vc-count"}),
            ("victory-points", {"vc-count"}),
        ):
            details.query_one("#vc-kind", Select).value = kind
            await pilot.pause()
            details.query_one("#vc-kind", Select).focus()
            await pilot.pause()
            reached = await tab_through(pilot, 12)
            wanted = {"vc-side", "vc-when", "victory-add", "victory-replace", "victory-remove", *fields}
            assert wanted <= reached, kind
            assert kind == "control" or "vc-objectives" not in reached


async def test_names_with_brackets_are_shown_as_typed_not_read_as_markup(orchard: Path) -> None:
    # A side and an objective named with square brackets: words the player typed, which
    # must neither crash the lists nor vanish as styling.
    session = TcgScenarioSession.open(orchard, open_cards())
    side = session.scenario.sides[0]
    objective = next(m for m in session.scenario.objectives() if m.id == "farm")
    markers = [m.model_copy(update={"name": "[b]farm[/x]"}) if m is objective else m for m in session.scenario.markers]
    renamed = session.scenario.model_copy(
        update={
            "sides": [side.model_copy(update={"name": "GIs [/x] of [b]Easy"}), *session.scenario.sides[1:]],
            "markers": markers,
            "victory": [Control(side=side.id, objectives=["farm"])],
        }
    )
    session = TcgScenarioSession(session.catalogue, History(renamed), orchard)
    app, _ = designer(session)
    async with app.run_test(size=SIZE) as pilot:
        details = await open_details(pilot, "tcg-tab-victory")
        listed = details.query_one("#victory-list", OptionList)
        shown = str(listed.get_option_at_index(0).prompt)
        assert "GIs [/x] of [b]Easy" in shown and "[b]farm[/x]" in shown
        picked = details.query_one("#vc-objectives", SelectionList)
        assert any("[b]farm[/x]" in str(picked.get_option_at_index(i).prompt) for i in range(picked.option_count))
