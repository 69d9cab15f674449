"""Concealed markers (HoN core p.30): the Concealed order's 2 markers replace infantry units at
deployment and as a Supply Phase begins; a marker behaves as an infantry unit with Ambush until
spotted, then the unit counter comes back and the marker may be used again."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.actions import changes_of_state
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import ConcealEvent, Concealing, Phase, SpotEvent
from builder.heroes.rules.gear.concealed_markers import conceal, concealed, markers_free, may_conceal
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import IllegalAttack, Shot, aim
from builder.heroes.rules.resolution.firing_roll import fire
from builder.heroes.rules.resolution.spotting import inactive
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import JEEP, piece
from tests.fixtures.rules.games import game

pytestmark = pytest.mark.rule("concealed")

OPEN = """
..........
..........
..TT......
..TT......
"""


def _state(*pieces: Piece) -> GameState:
    state = game(OPEN, list(pieces))
    state.gear.append(GearPool("a", "concealed", 2, None, ("infantry",), "Concealed"))
    return state


def test_a_concealed_marker_replaces_an_infantry_unit_and_cannot_be_targeted() -> None:
    state = _state(piece("a1", (2, 2)), piece("a2", (3, 3)), piece("a3", (0, 0)), piece("jeep", (6, 0), kind=JEEP))
    state.pieces["b1"] = piece("b1", (9, 3), owner="b")
    assert markers_free(state, state.pieces["a1"]) == 2
    assert not may_conceal(state, state.pieces["jeep"])  # restricted to infantry
    turn = Turn(state, LoadedDice([]), Phase.SUPPLY)
    conceal(turn, ("a1", "a2"), Concealing.SUPPLY_PHASE)
    assert state.pieces["a1"].concealed and state.pieces["a1"].side_index == 0  # its counter is kept as it was
    assert [e.unit for e in turn.events if isinstance(e, ConcealEvent)] == ["a1", "a2"]
    assert markers_free(state, state.pieces["a3"]) == 0
    with pytest.raises(RulesError) as caught:
        conceal(turn, ("a3",), Concealing.SUPPLY_PHASE)  # both markers are in use
    assert caught.value.code is Code.MAY_NOT_CONCEAL
    assert caught.value.page == "HoN core p.30"
    with pytest.raises(IllegalAttack) as caught:
        aim(Shot(target=state.pieces["a1"], firer=state.pieces["b1"]))  # it behaves as an Ambush unit
    assert caught.value.code is Code.CONCEALED


def test_spotted_its_counter_comes_back_and_the_marker_is_free_again() -> None:
    state = _state(piece("a1", (2, 2)))
    hidden = concealed(state.pieces["a1"])
    state.pieces["a1"] = hidden
    assert markers_free(state, hidden) == 1
    shown = inactive(hidden)
    assert not shown.concealed and shown.side_index == 0
    state.pieces["a1"] = shown
    assert markers_free(state, shown) == 2


def test_a_concealed_unit_that_fires_is_revealed() -> None:
    firer = concealed(piece("a1", (2, 2)))
    result = fire(Shot(target=piece("b1", (4, 2), owner="b"), firer=firer), LoadedDice([1]))
    assert result.firer is not None and not result.firer.concealed and result.firer.side_index == 0


def test_the_policy_conceals_units_no_enemy_would_spot_at_once() -> None:
    # In the open with a clear LoS to the enemy it would be spotted at once; in the thicket it is not.
    state = _state(piece("open", (0, 0)), piece("wood", (2, 2)), piece("b1", (6, 0), owner="b"))
    assert SimplePolicy().conceal(state, "a") == ("wood",)


def test_spotted_at_the_end_of_an_enemy_move_the_marker_gives_way_to_its_counter() -> None:
    state = _state(piece("b1", (5, 0), owner="b"))
    state.pieces["a1"] = concealed(piece("a1", (7, 0)))  # in the open, clear LoS from b1
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    changes_of_state.spot_all(turn, except_key="b1")
    assert not state.pieces["a1"].concealed
    told = [e for e in turn.events if isinstance(e, SpotEvent)]
    assert told[0].unit == "a1" and told[0].marker and told[0].page == "HoN core p.30"
