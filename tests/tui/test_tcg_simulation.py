"""Pilot tests of the Tactical Card Game's simulation viewer: the board shows the cards where
the rules core's frames put them, and stepping follows the events."""

from __future__ import annotations

import pytest
from rich.color import Color
from textual.widgets import Static

from builder.kernel.decisions import Policy
from builder.services.tcg_game import open_cards, ready
from builder.tcg.base import Box
from builder.tcg.rules.events import MoveEvent, ShotEvent
from builder.tcg.rules.odds import ShotOdds, aim_odds
from builder.tui.app import HonApp
from builder.tui.screens.tcg_simulation import TcgSimulationScreen
from builder.tui.screens.viewer import percent
from builder.tui.widgets.short_names import shortened
from builder.tui.widgets.tcg_board import SIDE_COLOURS, TcgBoard
from tests.tcg.conftest import HEDGEROW
from tests.tui.steady import hold, played

SIZE = (140, 40)


def shown_name(board: TcgBoard, box: Box) -> str:
    """The card line of a box as drawn on screen (its cells, padding stripped)."""
    return "".join(segment.text for segment in board.box_segments(box, 1)).strip()


async def test_stepping_moves_the_card_on_the_board() -> None:
    screen = TcgSimulationScreen(HEDGEROW, seed=7, turns=2)
    async with HonApp(opening=screen).run_test(size=SIZE) as pilot:
        assert pilot.app.screen is screen
        frames = (await played(pilot, screen)).record.frames
        move = next(i for i, f in enumerate(frames) if isinstance(f.event, MoveEvent))
        event = frames[move].event
        assert isinstance(event, MoveEvent)
        for _ in range(move - 1):
            await pilot.press("right")
        assert screen.index == move - 1
        board = screen.query_one(TcgBoard)
        mover = next(p for p in frames[move - 1].pieces if p.key == event.piece)
        card = "?" if mover.hidden else shortened(mover.name, board.text_width)
        assert shown_name(board, event.origin) == card
        await pilot.press("n")
        assert screen.index == move
        assert event.text in str(screen.query_one("#sim-event", Static).render())
        assert shown_name(board, event.origin) == ""
        assert shown_name(board, event.to) == card
        await pilot.press("left")
        assert shown_name(board, event.origin) == card
        await pilot.press("end")
        assert screen.index == len(frames) - 1
        await pilot.press("left_square_bracket")
        assert frames[screen.index].event.kind == "turn"


async def test_a_hidden_card_shows_as_a_question_mark_in_its_sides_colour() -> None:
    screen = TcgSimulationScreen(HEDGEROW, seed=7, turns=1)
    async with HonApp(opening=screen).run_test(size=SIZE) as pilot:
        game = await played(pilot, screen)
        board = screen.query_one(TcgBoard)
        hidden = next(p for p in game.record.frames[0].pieces if p.hidden)
        assert board.box_lines(hidden.box)[1] == "?"
        index = [side.id for side in game.scenario.sides].index(hidden.side)
        (segment,) = board.box_segments(hidden.box, 1)
        assert segment.style is not None and segment.style.color == Color.parse(SIDE_COLOURS[index])
        strip = board.render_line(0)
        assert strip.cell_length > 0


async def test_the_whole_board_is_beside_the_event_at_120_columns() -> None:
    """Issue 30.5: the event panel covered the board's fifth column at 120 columns."""
    screen = TcgSimulationScreen(HEDGEROW, seed=7, turns=1)
    async with HonApp(opening=screen).run_test(size=(120, 40)) as pilot:
        game = await played(pilot, screen)
        await pilot.pause()
        board, side = screen.query_one(TcgBoard), screen.query_one("#sim-side")
        columns = game.scenario.board.columns
        assert board.region.right <= side.region.x
        assert board.virtual_size.width == columns * board.box_width <= board.scrollable_content_region.width
        assert board.max_scroll_x == 0 and board.max_scroll_y == 0
        # The last column's box is on screen, its terrain written where it starts.
        start = (columns - 1) * board.box_width + 1
        assert board.render_line(0).text[start:].startswith(board.box_lines((columns - 1, 0))[0])


@pytest.mark.parametrize("width", [120, 160])
async def test_card_names_are_whole_when_they_fit_and_shortened_otherwise(width: int) -> None:
    """Issue 30.5: names were cut to a few letters even at 160 columns."""
    screen = TcgSimulationScreen(HEDGEROW, seed=7, turns=1)
    async with HonApp(opening=screen).run_test(size=(width, 40)) as pilot:
        game = await played(pilot, screen)
        await pilot.pause()
        board = screen.query_one(TcgBoard)
        room = board.text_width
        assert room >= (16 if width == 160 else 12)
        for piece in game.record.frames[0].pieces:
            if piece.hidden:
                continue
            drawn = shown_name(board, piece.box)
            if len(piece.name) <= room:
                assert drawn == piece.name
            else:
                assert drawn == shortened(piece.name, room) and len(drawn) <= room
                assert drawn[0] == piece.name[0] and "…" not in drawn


async def test_the_game_plays_in_a_worker_and_the_screen_answers_meanwhile(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33: the game was played inside the screen's constructor, the app frozen until
    it ended. Here the game cannot end before the test lets it: `g` (the other player) is
    handled while it plays, and the game shown is the one `g` asked for."""
    held = hold(monkeypatch, TcgSimulationScreen, "play")
    screen = TcgSimulationScreen(HEDGEROW, seed=7, turns=1)
    async with HonApp(opening=screen).run_test(size=SIZE) as pilot:
        assert held.started.wait(timeout=30)
        assert screen.game is None and not screen.has_class("ready")
        await pilot.press("g")
        assert screen.policy is Policy.RANDOM and screen.game is None  # handled while the game plays
        held.release.set()
        game = await played(pilot, screen)
    expected = ready(HEDGEROW, open_cards()).simulate(seed=7, turns=1, policy=Policy.RANDOM)
    assert game.record.to_json() == expected.to_json()


def odds_shown(screen: TcgSimulationScreen) -> tuple[ShotOdds | None, bool]:
    """The odds the viewer holds for its event, and whether its panel is shown."""
    return screen.odds, screen.query_one("#sim-odds", Static).display


async def test_a_shooting_attack_shows_its_odds_before_the_dice() -> None:
    """Issue 33.4: the odds of a shot in every viewer. On a Shooting attack whose red dice
    were rolled, the panel beside the board shows the TCG's odds of it (aim_odds of the
    event's facts: hit, saved, suppressed, miss); on any other event it is not shown."""
    screen = TcgSimulationScreen(HEDGEROW, seed=7, turns=2)
    async with HonApp(opening=screen).run_test(size=SIZE) as pilot:
        frames = (await played(pilot, screen)).record.frames
        shot = next(i for i, f in enumerate(frames) if isinstance(f.event, ShotEvent) and f.event.aim is not None)
        event = frames[shot].event
        assert isinstance(event, ShotEvent) and event.aim is not None and shot > 0
        panel = screen.query_one("#sim-odds", Static)
        assert not isinstance(frames[0].event, ShotEvent)
        assert screen.index == 0 and odds_shown(screen) == (None, False)
        screen.go(shot - 1)
        await pilot.press("n")
        odds = aim_odds(event.aim)
        assert screen.index == shot and odds_shown(screen) == (odds, True)
        shown = str(panel.render())
        assert all(percent(name, float(p)) in shown for name, p in odds.outcomes().items())
        assert f"{event.aim.value} " in shown
