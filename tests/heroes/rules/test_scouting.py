"""The Scout move (HoN core p.26): after deployment, a Movement Action of the number in the
symbol that disregards difficult passages and never ends adjacent to an objective or in its area."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions import scouting
from builder.heroes.rules.actions.scouting import scout_moves, scout_refusal
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import MoveEvent, Phase
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.reach import reachable_squares
from builder.heroes.rules.pieces import NORTH
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.state import Frame
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import RIFLES, piece, unit
from tests.fixtures.rules.games import game

pytestmark = pytest.mark.rule("scout")

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
    refused = scout_refusal(state, state.pieces["s1"], by_the_hill)
    assert refused is not None and refused.code is Code.NEAR_AN_OBJECTIVE
    turn = Turn(state, LoadedDice([]), Phase.ORDER)
    with pytest.raises(RulesError) as caught:
        scouting.scout(turn, "s1", by_the_hill)
    assert caught.value.code is Code.MAY_NOT_SCOUT and caught.value.refusal == refused
    assert caught.value.page == "HoN core p.26"
    scouting.scout(turn, "s1", moves[Position(((6, 1),), NORTH)])
    assert state.pieces["s1"].square == (6, 1)
    told = [e for e in turn.events if isinstance(e, MoveEvent)]
    assert told[0].scout_page == "HoN core p.26"


def test_the_policy_scouts_towards_the_objective_but_not_beside_it() -> None:
    state = game(HEDGE, [piece("s1", (4, 1), kind=SCOUTS), piece("b1", (9, 2), owner="b")], objectives=HILL)
    path = SimplePolicy().scout(state, state.pieces["s1"])
    assert path is not None and path.destination.square[0] == 6


JEEP_SCOUT = unit("jeep", UnitType.LIGHT_VEHICLE, movement=6, abilities=[{"transport": 3}, {"scout": 3}])


@pytest.mark.rule("transport")
def test_a_scout_transport_scouts_with_scouts_only_aboard_and_carries_them() -> None:
    """HoN core p.27: "A vehicle that has the Transport special ability and wishes to use its
    Scout special ability can only embark troops that have the Scout special ability. Embarked
    units cannot use their own Scout special ability"."""
    jeep = piece("jeep", (0, 1), kind=JEEP_SCOUT)
    scouts = replace(piece("s1", (0, 1), kind=SCOUTS), embarked_in="jeep")
    state = game(HEDGE, [jeep, scouts], objectives=HILL)
    assert scout_moves(state, scouts) is None  # aboard, it does not scout on its own
    moves = scout_moves(state, jeep)
    assert moves is not None
    turn = Turn(state, LoadedDice([]), Phase.ORDER)
    scouting.scout(turn, "jeep", moves[Position(((1, 1),), NORTH)])
    assert state.pieces["s1"].squares == state.pieces["jeep"].squares == ((1, 1),)  # carried along
    state.pieces["r1"] = replace(piece("r1", (1, 1), kind=RIFLES), embarked_in="jeep")
    assert scout_moves(state, state.pieces["jeep"]) is None  # riflemen aboard: no Scout move


def test_units_waiting_off_the_battlefield_make_no_scout_move() -> None:
    """hon's reading: the Scout move follows deployment (HoN core p.26; SoN p.18: a Scout
    deploys outside the deployment zone); a unit waiting to enter through the entry squares is
    not deployed, so it makes none - it enters in play, as its Movement Action."""
    from builder.heroes.rules.turn import order_phase

    state = game(HEDGE, [piece("b1", (9, 2), owner="b")], objectives=HILL)
    waiting = piece("s1", (0, 1), kind=SCOUTS).moved(())
    state.reserve["s1"] = waiting
    assert SimplePolicy().scout(state, waiting) is None and scout_moves(state, waiting) is None
    frames: list[Frame] = []
    order_phase(state, {"a": SimplePolicy(), "b": SimplePolicy()}, LoadedDice([]), frames)
    assert "s1" in state.reserve and not any(isinstance(f.event, MoveEvent) and f.event.scout_page for f in frames)
