"""Transport (HoN core p.27): an assault launched from a transport, a retreat into one, the
capacity chart and Scout transports."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.kinds import AssaultAction
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.combat import AdvanceEvent, Displaced, RetreatEvent
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.pieces import NORTH, Piece
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game

pytestmark = pytest.mark.rule("transport")

BOARD = "\n".join(["......"] * 6)
HALFTRACK = unit("halftrack", UnitType.LIGHT_VEHICLE, movement=6, abilities=[{"transport": 4}])
STORMERS = unit("stormers", abilities=[{"assault": 2}])


def riding(rider: Piece, transport: Piece) -> Piece:
    return replace(rider.moved(transport.squares), embarked_in=transport.key)


def from_the_halftrack(defender_at: tuple[int, int] = (2, 1)) -> GameState:
    halftrack = piece("ht", (2, 2), kind=HALFTRACK)
    return game(
        BOARD, [halftrack, riding(piece("a1", (2, 2), kind=STORMERS), halftrack), piece("b1", defender_at, "b")]
    )


def launch(state: GameState, dice: list[int]) -> Turn:
    turn = Turn(state, LoadedDice(dice), Phase.ACTIVATION)
    path = Path((Position(((2, 2),), NORTH), Position(((2, 1),), NORTH)), 1)
    turn.perform("a1", AssaultAction(path, "b1"))
    return turn


@pytest.mark.rule("assault-launch")
def test_an_assault_is_launched_from_a_transport_and_the_winner_gets_off_onto_the_ground() -> None:
    """HoN core p.27: "It is possible to launch an assault from a vehicle that has the Transport
    special ability" (p.25: from "a square occupied by an allied vehicle that has the Transport
    special ability")."""
    state = from_the_halftrack()
    action = SimplePolicy().activate(state, state.pieces["a1"])  # the policy launches it too
    assert isinstance(action, AssaultAction) and action.defender == "b1"
    turn = launch(state, [6, 6, 1])
    rider = state.pieces["a1"]
    assert rider.embarked_in is None and rider.squares == ((2, 1),)
    assert any(isinstance(e, AdvanceEvent) and e.unit == "a1" and e.transport is not None for e in turn.events)


def test_a_beaten_attacker_falls_back_into_its_transport_and_a_far_one_may_not_launch() -> None:
    state = from_the_halftrack()
    launch(state, [1, 1, 6])  # the defender wins: the attacker falls back where it came from
    assert state.pieces["a1"].embarked_in == "ht"
    with pytest.raises(IllegalAttack) as caught:
        launch(from_the_halftrack(defender_at=(2, 0)), [6, 6, 1])  # not next to the transport
    assert caught.value.code is Code.NO_LAUNCH
    assert caught.value.page == "HoN core p.27"


def test_a_beaten_defender_retreats_into_an_allied_transport() -> None:
    """HoN core p.27: "it is also possible to retreat into a transport after being defeated in
    assault, whether as attacker or defender"."""
    halftrack = piece("ht", (2, 0), "b", HALFTRACK)
    state = game(BOARD, [halftrack, piece("b1", (2, 1), "b"), piece("a1", (2, 2), kind=STORMERS)])
    turn = Turn(state, LoadedDice([6, 6, 1]), Phase.ACTIVATION)
    turn.perform("a1", AssaultAction(Path((Position(((2, 2),), NORTH), Position(((2, 1),), NORTH)), 1), "b1"))
    assert state.pieces["b1"].embarked_in == "ht" and state.pieces["a1"].squares == ((2, 1),)
    assert any(
        isinstance(e, RetreatEvent) and (e.why, e.by, e.page) == (Displaced.SHELTERS, "ht", "HoN core p.27")
        for e in turn.events
    )
