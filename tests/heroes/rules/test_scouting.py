"""The Scout move (HoN core p.26): after deployment, a Movement Action of the number in the
symbol that disregards difficult passages and never ends adjacent to an objective or in its area."""

from __future__ import annotations

import pytest

from builder.heroes.rules.activation import Turn
from builder.heroes.rules.events import MoveEvent, Phase
from builder.heroes.rules.movement import Position, reachable_squares
from builder.heroes.rules.pieces import NORTH
from builder.heroes.rules.policy import SimplePolicy
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.scouting import scout_moves, scout_refusal
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import RIFLES, piece, unit
from tests.fixtures.rules.games import game

HEDGE = """
..D.......
..D.......
..D.......
"""
HILL = [{"id": "hill", "name": "Hill", "kind": "secondary", "at": [8, 1]}]
SCOUTS = unit("scouts", abilities=[{"scout": 3}])


def test_a_scout_move_disregards_difficult_passages() -> None:
    state = game(HEDGE, [piece("s1", (0, 1), kind=SCOUTS)], objectives=HILL)
    moves = scout_moves(state, state.pieces["s1"])
    assert moves is not None and Position(((3, 1),), NORTH) in moves  # through the hedge, 3 squares
    walking = reachable_squares(state.battlefield, state.pieces.values(), state.pieces["s1"], HON)
    assert (3, 1) not in walking  # a Movement Action stops in the hedge
    assert scout_moves(state, piece("r1", (0, 0), kind=RIFLES)) is None  # no Scout ability


def test_a_scout_move_never_ends_by_an_objective_and_says_so() -> None:
    state = game(HEDGE, [piece("s1", (4, 1), kind=SCOUTS)], objectives=HILL)
    moves = scout_moves(state, state.pieces["s1"])
    assert moves is not None
    by_the_hill = moves[Position(((7, 1),), NORTH)]
    assert "objective" in (scout_refusal(state, state.pieces["s1"], by_the_hill) or "")
    turn = Turn(state, LoadedDice([]), Phase.ORDER)
    with pytest.raises(ValueError, match=r"HoN core p\.26"):
        turn.scout("s1", by_the_hill)
    turn.scout("s1", moves[Position(((6, 1),), NORTH)])
    assert state.pieces["s1"].square == (6, 1)
    told = [e for e in turn.events if isinstance(e, MoveEvent)]
    assert "Scout move (HoN core p.26)" in told[0].text


def test_the_policy_scouts_towards_the_objective_but_not_beside_it() -> None:
    state = game(HEDGE, [piece("s1", (4, 1), kind=SCOUTS), piece("b1", (9, 2), owner="b")], objectives=HILL)
    path = SimplePolicy().scout(state, state.pieces["s1"])
    assert path is not None and path.destination.square[0] == 6
