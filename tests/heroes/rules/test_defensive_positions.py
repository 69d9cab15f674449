"""Defensive positions (HoN core p.19): "Some enable Infantry Units to take Opportunistic Fire
(see p.24) during the Activation Phase. Opportunistic Fire provided by Defensive Position
cannot target units that are also inside the Terrain Element." Board: a firing position on
[1, 1] and [2, 1] ("P")."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.actions.kinds import Move
from builder.heroes.rules.events.game import FireEvent, Phase
from builder.heroes.rules.geometry.reach import reachable
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece
from tests.fixtures.rules.games import game

pytestmark = pytest.mark.rule("defensive-positions")

BOARD = "\n".join(["........", ".PP.....", "........"])
POLICY = SimplePolicy()
BOTH = {"a": POLICY, "b": POLICY}


def walk(pieces: list[Piece], mover: str, to: tuple[int, int]) -> tuple[Turn, GameState]:
    state = game(BOARD, pieces)
    paths = reachable(state.battlefield, state.pieces.values(), state.pieces[mover], state.ruleset)
    path = next(p for pos, p in paths.items() if pos.square == to)
    turn = Turn(state, LoadedDice([6] * 10), Phase.ACTIVATION, BOTH)
    turn.perform(mover, Move(path))
    return turn, state


def test_infantry_in_a_firing_position_takes_opportunity_fire() -> None:
    turn, state = walk([piece("a1", (1, 1)), piece("b1", (6, 0), "b")], "b1", (5, 0))
    fired = [e for e in turn.events if isinstance(e, FireEvent)]
    assert fired and fired[0].side == "a" and fired[0].opportunity is not None
    assert fired[0].opportunity.page == "HoN core p.24"
    assert state.pieces["a1"].activated


def test_outside_the_position_or_at_a_unit_inside_it_there_is_none() -> None:
    turn, _ = walk([piece("a1", (1, 0)), piece("b1", (6, 0), "b")], "b1", (5, 0))
    assert not [e for e in turn.events if isinstance(e, FireEvent)]
    turn, _ = walk([piece("a1", (1, 1)), piece("b1", (3, 1), "b")], "b1", (2, 1))
    assert not [e for e in turn.events if isinstance(e, FireEvent)]
