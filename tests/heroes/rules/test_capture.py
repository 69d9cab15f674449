"""Capturing a unit (BfC p.12): won by an assault, the captive stays with its captor, freed
when the captor is destroyed, still captured when the captor leaves the battlefield."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.actions.kinds import AssaultAction, Leave, Move
from builder.heroes.rules.events.combat import Displaced, RetreatEvent
from builder.heroes.rules.events.game import EnterEvent, Entering, Phase
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.orders.tokens import tokens_for
from builder.heroes.rules.pieces import NORTH
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.state import Facts, GameState
from builder.heroes.rules.turn import end_of_turn
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.models import Zone
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game

pytestmark = pytest.mark.rule("capture")

BOARD = "\n".join(["......"] * 4)
STORMERS = unit("stormers", abilities=["assault"])
HEROLD = unit("herold", abilities=[{"id": "order", "value": 2}])
WIN = {"winner": "a", "label": "Captured", "condition": {"type": "capture", "side": "a", "unit": "herold"}}


def carpiquet() -> GameState:
    return game(BOARD, [piece("a1", (2, 2), kind=STORMERS), piece("b1", (2, 1), "b", HEROLD)], outcomes=[WIN])


def assault(state: GameState, dice: list[int]) -> Turn:
    turn = Turn(state, LoadedDice(dice), Phase.ACTIVATION)
    turn.perform("a1", AssaultAction(Path((Position(((2, 2),), NORTH), Position(((2, 1),), NORTH)), 1), "b1"))
    return turn


def test_a_unit_the_victory_names_is_captured_by_winning_an_assault_and_stays_with_its_captor() -> None:
    """BfC p.12: "To capture Willi Herold, the Canadian player must win an Assault against him.
    Once captured, Willi Herold remains with the Unit that defeated him"."""
    state = carpiquet()
    turn = assault(state, [6, 6, 1])
    assert "b1" not in state.pieces and state.captives["b1"].captor == "a1"
    assert state.pieces["a1"].squares == ((2, 1),)  # the captor takes his square
    assert Facts(state).captured("a", "herold")
    assert any(
        isinstance(e, RetreatEvent) and (e.why, e.by, e.page) == (Displaced.CAPTURED, "a1", "BfC p.12")
        for e in turn.events
    )
    assert tokens_for(state, "b").numbered == 0  # his order stars are lost while he is held (HoN core p.8)
    end_of_turn(state, 1, LoadedDice([]))
    assert state.winner == "a"
    # A tie captures nobody.
    state = carpiquet()
    assault(state, [2, 1, 2])
    assert state.captives == {} and "b1" in state.pieces


def test_the_captive_is_liberated_when_its_captor_is_destroyed() -> None:
    """BfC p.12: "If the German player destroys that Unit (by a Firing Action, an Assault, or
    any other method), Willi Herold is liberated and the Canadian player must capture him again"."""
    state = carpiquet()
    assault(state, [6, 6, 1])
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    captor = state.pieces["a1"]
    hits.hurt(turn, captor, None, Effect.DESTROYED)
    assert state.captives == {} and state.pieces["b1"].squares == ((2, 1),)  # where his captor stood
    assert not Facts(state).captured("a", "herold")
    assert tokens_for(state, "b").numbered == 2  # freed, he gives his orders again
    assert any(isinstance(e, EnterEvent) and (e.how, e.vehicle) == (Entering.LIBERATED, "a1") for e in turn.events)


def test_the_policy_takes_a_captor_off_by_the_exit_and_the_captive_stays_captured() -> None:
    """BfC p.12: "The Canadian player may remove the Unit holding Willi Herold from one of the
    squares marked with an arrow to prevent Herold from being liberated. The 2 Units are set
    aside until the end of the game": the policy heads for the exit with its captor."""
    state = carpiquet()
    exit_zone = {"id": "a-exit", "side": "a", "kind": "exit", "edge": "north", "area": {"rects": [[0, 0, 5, 0]]}}
    state.scenario = state.scenario.model_copy(update={"zones": [Zone.model_validate(exit_zone)]})
    assault(state, [6, 6, 1])
    policy = SimplePolicy()
    captor = state.pieces["a1"]
    first = policy.activate(state, captor)
    assert isinstance(first, Move) and first.path.destination.square[1] == 0
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", first)
    assert policy.activate(state, state.pieces["a1"]) == Leave()
    turn.perform("a1", Leave())
    assert "a1" in state.exited and Facts(state).captured("a", "herold")


def test_the_policy_assaults_the_unit_it_must_capture_first() -> None:
    """Of two assaults, the policy takes the one on the unit its victory asks it to capture
    (BfC p.12), though the other is an officer (worth more otherwise)."""
    pieces = [piece("a1", (2, 2), kind=STORMERS), piece("b1", (3, 2), "b", HEROLD), piece("b2", (1, 2), "b")]
    wants_rifles = {**WIN, "condition": {"type": "capture", "side": "a", "unit": "rifles"}}
    state = game(BOARD, pieces, outcomes=[wants_rifles])
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert isinstance(action, AssaultAction) and action.defender == "b2"
    plain = game(BOARD, pieces)  # nobody to capture: the officer first
    action = SimplePolicy().activate(plain, plain.pieces["a1"])
    assert isinstance(action, AssaultAction) and action.defender == "b1"
