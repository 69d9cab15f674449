"""Pilot tests of the Tactical Card Game's designer and deck composer, driven as a player:
the cursor, a box's terrain, markers, zones, hidden cards, undo, the atomic save read back;
in the composer, a card refused with the force check's reason and a legal one added."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from builder.io.paths import SCENARIOS_DIR
from builder.io.tcg_files import load_tcg_scenario
from builder.kernel.diagnostics import is_legal
from builder.services.tcg_game import open_cards
from builder.services.tcg_scenario_session import TcgScenarioSession
from builder.tcg.check import check_scenario
from builder.tcg.scenario import MarkerKind
from builder.tcg.terrain import Terrain
from builder.tui.app import HonApp
from builder.tui.screens.tcg_deck import TcgDeckScreen
from builder.tui.screens.tcg_designer import TcgDesignerScreen
from builder.tui.widgets.tcg_board import BOX_HEIGHT
from builder.tui.widgets.tcg_design_board import TcgDesignBoard
from tests.tui.steady import SnapCompare, snapshot

SIZE = (130, 42)


def designer(path: Path) -> tuple[HonApp, TcgDesignerScreen]:
    screen = TcgDesignerScreen(TcgScenarioSession.open(path, open_cards()))
    return HonApp(opening=screen), screen


async def choose(pilot: Pilot[None], screen: TcgDesignerScreen, key: str, done: object) -> None:
    """Press `key` (a tool's next choice) until the tool offers `done`."""
    for _ in range(12):
        if done in (screen.tools.terrain, screen.tools.kind):
            return
        await pilot.press(key)
    raise AssertionError(f"{key} never offered {done}")


async def test_terrain_marker_undo_and_save_read_back(orchard: Path) -> None:
    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen.query_one(TcgDesignBoard)
        assert board.has_focus
        await pilot.press("right", "right", "right", "right", "down", "left")
        assert board.cursor == (3, 1)
        assert screen.session.scenario.terrain_at((3, 1)) is Terrain.FOREST
        await pilot.press("p")
        await choose(pilot, screen, "t", Terrain.HILL)
        await pilot.press("enter")
        assert screen.session.scenario.terrain_at((3, 1)) is Terrain.HILL
        assert "hill" in board.box_lines((3, 1))[0]
        await pilot.press("m")
        await choose(pilot, screen, "k", MarkerKind.DEPOT)
        await pilot.press("enter")
        kinds = {m.kind for m in screen.session.scenario.markers if m.box == (3, 1)}
        assert kinds == {MarkerKind.OBJECTIVE, MarkerKind.DEPOT}
        # A ford outside water is refused by the check, live, in the issues panel.
        await choose(pilot, screen, "k", MarkerKind.FORD)
        await pilot.press("enter")
        assert "tcg.marker.ford" in {i.code for i in screen.session.issues}
        assert "not playable" in str(screen.query_one("#title", Static).render())
        await pilot.press("ctrl+z")
        assert "tcg.marker.ford" not in {i.code for i in screen.session.issues}
        assert MarkerKind.FORD not in {m.kind for m in screen.session.scenario.markers if m.box == (3, 1)}
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not screen.session.dirty
        edited = screen.session.scenario
    saved = load_tcg_scenario(orchard).scenario
    assert saved == edited
    assert saved.terrain_at((3, 1)) is Terrain.HILL
    assert [(m.kind, m.box) for m in saved.markers if m.kind is MarkerKind.DEPOT] == [(MarkerKind.DEPOT, (3, 1))]
    assert orchard.with_name("orchard.yaml.bak").exists()
    assert load_tcg_scenario(orchard.with_name("orchard.yaml.bak")).scenario.terrain_at((3, 1)) is Terrain.FOREST


async def test_zones_hidden_cards_and_the_mouse(orchard: Path) -> None:
    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen.query_one(TcgDesignBoard)
        await pilot.click("#tcg-map", offset=(2 * board.box_width + 3, 4 * BOX_HEIGHT + 1))
        assert board.cursor == (2, 4)
        # The Americans' zone box [2, 0] given to the Germans: it leaves the Americans'.
        await pilot.click("#tcg-map", offset=(2 * board.box_width + 3, 1))
        assert board.cursor == (2, 0)
        await pilot.press("z", "s", "enter")
        us, german = screen.session.scenario.sides
        assert (2, 0) in german.reinforcement_zone and (2, 0) not in us.reinforcement_zone
        assert screen.session.box_view((2, 0)).zone == 1
        # The German HQ at [1, 4] deployed face up is turned face down, then up again.
        board.cursor = (1, 4)
        await pilot.press("h")
        hq = next(p for p in screen.session.scenario.sides[1].force.deployment if p.box == (1, 4))
        assert hq.hidden and "hidden" in board.box_lines((1, 4))[2]
        await pilot.press("h")
        hq = next(p for p in screen.session.scenario.sides[1].force.deployment if p.box == (1, 4))
        assert not hq.hidden


async def test_quitting_with_unsaved_changes_asks(orchard: Path) -> None:
    from builder.tui.screens.dialogs import Ask

    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p", "enter", "ctrl+q")
        await pilot.pause()
        assert isinstance(app.screen, Ask)
        await pilot.click("#cancel")
        await pilot.pause()
        assert app.is_running and screen.is_active


async def open_deck(pilot: Pilot[None], side_key_presses: int = 0) -> TcgDeckScreen:
    await pilot.press(*(["s"] * side_key_presses), "d")
    await pilot.pause()
    deck = pilot.app.screen
    assert isinstance(deck, TcgDeckScreen)
    return deck


def pick(deck: TcgDeckScreen, card_id: str) -> int:
    index = next(i for i, c in enumerate(deck.choices) if c.card.id == card_id)
    deck.query_one("#tcg-catalogue", OptionList).highlighted = index
    return index


async def test_the_composer_refuses_a_second_copy_and_adds_a_legal_card(orchard: Path) -> None:
    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        deck = await open_deck(pilot)
        assert deck.side == "us"
        before = screen.session.scenario.side("us")
        assert before is not None
        # The M10 is deployed: a second copy breaks the unique-number rule (TCG p.4).
        index = pick(deck, "us-m10")
        assert deck.choices[index].reasons[0].code == "tcg.force.unique"
        assert "[tcg.force.unique]" in str(
            deck.query_one("#tcg-catalogue", OptionList).get_option_at_index(index).prompt
        )
        await pilot.press("enter")
        refused = deck.refused
        assert refused is not None and refused.code == "tcg.force.unique"
        assert "tcg.force.unique" in str(deck.query_one("#tcg-deck-status", Static).render())
        after = screen.session.scenario.side("us")
        assert after is not None and after.force.deck == before.force.deck
        # Collins is in neither the deployment nor the deck: he goes in.
        index = pick(deck, "us-collins-hq")
        assert deck.choices[index].fits
        await pilot.press("a")
        assert deck.refused is None
        side = screen.session.scenario.side("us")
        assert side is not None and "us-collins-hq" in side.force.deck_cards()
        assert is_legal(screen.session.side_issues("us"))
        assert next(c for c in deck.choices if c.card.id == "us-collins-hq").reasons[0].code == "tcg.force.unique"
        # One decoy fewer, from the deck list.
        decoys = side.force.deck_cards().count("us-decoy")
        deck.query_one("#tcg-deck-list", OptionList).focus()
        deck.query_one("#tcg-deck-list", OptionList).highlighted = [e.card for e in side.force.deck].index("us-decoy")
        await pilot.press("delete")
        side = screen.session.scenario.side("us")
        assert side is not None and side.force.deck_cards().count("us-decoy") == decoys - 1
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
    saved = load_tcg_scenario(orchard).scenario
    saved_us = saved.side("us")
    assert saved_us is not None and "us-collins-hq" in saved_us.force.deck_cards()
    assert "us-decoy" not in saved_us.force.deck_cards()
    assert is_legal(check_scenario(saved, open_cards()))


async def test_a_historical_event_needs_the_scenarios_events(orchard: Path) -> None:
    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        deck = await open_deck(pilot, side_key_presses=1)
        assert deck.side == "german"  # the Germans have no historical events (TCG p.9)
        index = pick(deck, "de-historical-event")
        assert [r.code for r in deck.choices[index].reasons] == ["tcg.deck.historical"]
        await pilot.press("enter")
        assert deck.refused is not None and deck.refused.code == "tcg.deck.historical"
        german = screen.session.scenario.side("german")
        assert german is not None and "de-historical-event" not in german.force.deck_cards()
        await pilot.press("ctrl+z")  # nothing was added: nothing to undo
        assert not screen.session.history.can_undo


def test_designer_snapshot(snap_compare: SnapCompare, orchard: Path) -> None:
    app, _ = designer(orchard)
    assert snapshot(snap_compare, app, (120, 40), press=["right", "down"])


def test_deck_composer_snapshot(snap_compare: SnapCompare, orchard: Path) -> None:
    app, _ = designer(orchard)
    assert snapshot(snap_compare, app, (120, 40), press=["d"])


def test_hon_design_dispatches_on_the_game(orchard: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from builder.cli import tui_commands

    ran: list[HonApp] = []
    monkeypatch.setattr(HonApp, "run", lambda self, *args, **kwargs: ran.append(self))
    tui_commands.launch_designer(orchard, None)
    assert len(ran) == 1 and isinstance(ran[0]._opening, TcgDesignerScreen)


def test_hon_design_on_a_broken_scenario_is_one_sentence(orchard: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from builder.cli import main

    orchard.write_text(orchard.read_text().replace("turns: 6", "turns: six"))
    assert main(["design", str(orchard)]) == 2
    err = capsys.readouterr().err
    assert "orchard.yaml" in err and "turns" in err and "Traceback" not in err


async def test_deploying_a_card_moves_it_and_refuses_one_from_the_deck(orchard: Path) -> None:
    from builder.tui.screens.tcg_deck import CardPicker

    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen.query_one(TcgDesignBoard)
        board.cursor = (2, 3)
        await pilot.press("c")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, CardPicker)
        options = picker.query_one("#candidates", OptionList)
        # The Mortar Platoon is in the reserve: it cannot start on the battlefield too.
        options.highlighted = next(i for i, c in enumerate(picker.choices) if c.card.id == "us-mortar-platoon")
        await pilot.press("enter")
        assert picker.refused is not None and picker.refused.code == "tcg.force.unique"
        assert picker.is_active
        # The M10, deployed hidden at [4, 2], moves to [2, 3] and stays hidden.
        options.highlighted = next(i for i, c in enumerate(picker.choices) if c.card.id == "us-m10")
        await pilot.press("enter")
        await pilot.pause()
        assert screen.is_active
        us = screen.session.scenario.side("us")
        assert us is not None
        m10 = [p for p in us.force.deployment if p.card == "us-m10"]
        assert [(p.box, p.hidden) for p in m10] == [((2, 3), True)]
        assert board.box_lines((2, 3))[1] == "M10" and board.box_lines((4, 2))[1] == ""
        # And taken off again.
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("home", "enter")
        await pilot.pause()
        us = screen.session.scenario.side("us")
        assert us is not None and "us-m10" not in {p.card for p in us.force.deployment}
        await pilot.press("ctrl+z", "ctrl+z")
        assert screen.session.scenario == TcgScenarioSession.open(orchard, open_cards()).scenario


async def test_an_issue_jumps_to_its_box(orchard: Path) -> None:
    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen.query_one(TcgDesignBoard)
        board.cursor = (0, 1)
        await pilot.press("m")
        await choose(pilot, screen, "k", MarkerKind.FORD)
        await pilot.press("enter")  # a ford on open ground: an error about box [0, 1]
        board.cursor = (4, 4)
        await pilot.press("f4")
        await pilot.pause()
        issues = [i.code for i in screen.session.issues]
        assert issues == ["tcg.marker.ford"]
        await pilot.press("enter")
        await pilot.pause()
        assert board.cursor == (0, 1) and board.has_focus


async def test_a_scenario_event_goes_on_the_turn_track_and_off(orchard: Path) -> None:
    from textual.widgets import Select

    from builder.tcg.cards import EventEffectKind
    from builder.tui.screens.tcg_event_form import ScenarioEventForm

    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert screen.session.scenario.events == []
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("enter")  # + add a scenario event
        await pilot.pause()
        form = app.screen
        assert isinstance(form, ScenarioEventForm)
        form.query_one("#turn", Select).value = 3
        form.query_one("#side", Select).value = "german"
        form.query_one("#effect", Select).value = EventEffectKind.BOMBARDMENT.value
        form.query_one("#value", Select).value = 2
        await pilot.click("#ok")
        await pilot.pause()
        events = screen.session.scenario.events
        assert [(e.turn, e.side, e.effect.kind, e.effect.value) for e in events] == [
            (3, "german", EventEffectKind.BOMBARDMENT, 2)
        ]
        assert "✦ turn 3" in str(screen.query_one("#tcg-track", Static).render())
        await pilot.press("e")
        await pilot.pause()
        await pilot.press("down", "enter")  # take it off
        await pilot.pause()
        assert screen.session.scenario.events == []


async def test_a_second_click_applies_the_tool_and_objectives_are_named(orchard: Path) -> None:
    from textual.widgets import Input

    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen.query_one(TcgDesignBoard)
        await pilot.press("m")
        where = (3 * board.box_width + 4, 2 * BOX_HEIGHT + 1)  # box [3, 2]
        await pilot.click("#tcg-map", offset=where)
        assert board.cursor == (3, 2) and screen.session.box_view((3, 2)).markers == ()
        await pilot.click("#tcg-map", offset=where)
        markers = screen.session.box_view((3, 2)).markers
        assert [(m.kind, m.id) for m in markers] == [(MarkerKind.OBJECTIVE, "objective-3-2")]
        await pilot.press("n")
        await pilot.pause()
        app.screen.query_one("#text", Input).value = "the east hedge"
        await pilot.press("enter")
        await pilot.pause()
        assert [m.name for m in screen.session.box_view((3, 2)).markers] == ["the east hedge"]
        assert "the east hedge" in str(screen.query_one("#tcg-box", Static).render())


async def test_the_deck_option_opens_the_sides_composer(orchard: Path) -> None:
    screen = TcgDesignerScreen(TcgScenarioSession.open(orchard, open_cards()), deck="german")
    async with HonApp(opening=screen).run_test(size=SIZE) as pilot:
        await pilot.pause()
        deck = pilot.app.screen
        assert isinstance(deck, TcgDeckScreen) and deck.side == "german"
        await pilot.press("escape")
        await pilot.pause()
        assert pilot.app.screen is screen


def test_hon_design_deck_names_a_side(orchard: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from builder.cli import main

    assert main(["design", str(orchard), "--deck", "french"]) == 2
    err = capsys.readouterr().err
    assert "french" in err and "us, german" in err
    assert main(["design", str(SCENARIOS_DIR / "hon-first-contact.yaml"), "--deck", "us"]) == 2
    assert main(["design", str(SCENARIOS_DIR / "m44" / "hedgerow-lanes.yaml"), "--deck", "axis"]) == 2  # no decks


async def test_the_directive_cap_refuses_a_seventh_marker(orchard: Path) -> None:
    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        deck = await open_deck(pilot, side_key_presses=1)

        def german() -> tuple[int, int]:
            side = screen.session.scenario.side("german")
            assert side is not None
            return side.command, side.directives

        assert german() == (3, 2)
        await pilot.press("plus", "plus", "plus", "plus")
        assert (german(), deck.refused) == ((3, 6), None)
        await pilot.press("plus")  # never more than six DIRECTIVE markers (TCG p.5)
        assert german() == (3, 6)
        refused = deck.refused
        assert refused is not None and refused.code == "tcg.directives.cap"
        assert "tcg.directives.cap" in str(deck.query_one("#tcg-deck-status", Static).render())
        await pilot.press("right_square_bracket", "minus")
        assert german() == (4, 5)
        # Down to one COMMAND marker; none at all is refused, said, and changes nothing.
        await pilot.press("left_square_bracket", "left_square_bracket", "left_square_bracket")
        assert (german(), deck.refused) == ((1, 5), None)
        await pilot.press("left_square_bracket")
        assert german() == (1, 5)
        assert deck.refused is not None and deck.refused.code == "tcg.side.markers-range"
        assert "tcg.side.markers-range" in str(deck.query_one("#tcg-deck-status", Static).render())


async def test_a_file_changed_on_disk_is_not_overwritten_silently(orchard: Path) -> None:
    from builder.tui.screens.dialogs import Ask

    app, screen = designer(orchard)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("p", "enter")  # urban at [0, 0]
        theirs = orchard.read_text().replace("title: Orchard at Dawn", "title: Orchard at Noon")
        orchard.write_text(theirs)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, Ask)
        await pilot.click("#cancel")
        await pilot.pause()
        assert orchard.read_text() == theirs and screen.session.dirty


async def test_a_new_board_is_whole_at_120_columns_and_unmodified_until_edited(tmp_path: Path) -> None:
    """Issue 30.5: a new 6x4 board hid its sixth column until scrolled, and the title said
    the scenario was modified before any edit."""
    session = TcgScenarioSession.new(tmp_path / "new.yaml", open_cards())
    screen = TcgDesignerScreen(session)
    async with HonApp(opening=screen).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = screen.query_one(TcgDesignBoard)
        assert (session.scenario.board.columns, session.scenario.board.rows) == (6, 4)
        assert board.region.right <= screen.query_one("#tcg-designer-side").region.x
        assert board.virtual_size.width <= board.scrollable_content_region.width
        assert board.virtual_size.height <= board.scrollable_content_region.height
        await pilot.press(*["right"] * 5, *["down"] * 3)
        assert board.cursor == (5, 3) and board.scroll_offset == (0, 0)
        edits = [session.has_edits]
        await pilot.press("enter")  # the terrain tool: the corner box becomes urban
        edits.append(session.has_edits)
        await pilot.press("ctrl+z")
        edits.append(session.has_edits)
        assert edits == [False, True, False]  # none before the edit, one after, none once undone
