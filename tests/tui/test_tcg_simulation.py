"""Pilot tests of the Tactical Card Game's simulation viewer: the board shows the cards where
the rules core's frames put them, and stepping follows the events."""

from __future__ import annotations

from textual.widgets import Static

from builder.tcg.rules.events import MoveEvent
from builder.tui.app import HonApp
from builder.tui.screens.tcg_simulation import TcgSimulationScreen
from builder.tui.widgets.tcg_board import TcgBoard
from tests.tcg.conftest import HEDGEROW

SIZE = (140, 40)


async def test_stepping_moves_the_card_on_the_board() -> None:
    screen = TcgSimulationScreen(HEDGEROW, seed=7, turns=2)
    async with HonApp(opening=screen).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert pilot.app.screen is screen
        frames = screen.record.frames
        move = next(i for i, f in enumerate(frames) if isinstance(f.event, MoveEvent))
        event = frames[move].event
        assert isinstance(event, MoveEvent)
        for _ in range(move - 1):
            await pilot.press("right")
        assert screen.index == move - 1
        board = screen.query_one(TcgBoard)
        mover = next(p for p in frames[move - 1].pieces if p.key == event.piece)
        assert f"{mover.side}: " in board.box_lines(event.origin)[1]
        await pilot.press("n")
        assert screen.index == move
        assert event.text in str(screen.query_one("#tcg-event", Static).render())
        assert board.box_lines(event.origin)[1] == ""
        assert f"{mover.side}: " in board.box_lines(event.to)[1]
        await pilot.press("left")
        assert f"{mover.side}: " in board.box_lines(event.origin)[1]
        await pilot.press("end")
        assert screen.index == len(frames) - 1
        await pilot.press("left_square_bracket")
        assert frames[screen.index].event.kind == "turn"


async def test_a_hidden_card_shows_as_a_question_mark() -> None:
    screen = TcgSimulationScreen(HEDGEROW, seed=7, turns=1)
    async with HonApp(opening=screen).run_test(size=SIZE) as pilot:
        await pilot.pause()
        board = screen.query_one(TcgBoard)
        hidden = next(p for p in screen.record.frames[0].pieces if p.hidden)
        assert board.box_lines(hidden.box)[1] == f"{hidden.side}: ?"
        strip = board.render_line(0)
        assert strip.cell_length > 0
