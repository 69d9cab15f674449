"""Shadows over Normandie's Assault variants (SoN p.17): Brutal, Long Distance and on the Move,
resolved with the Assault rules (p.7), with loaded dice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.kinds import AssaultOnTheMove, ChainAssault
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.reach import assault_path
from builder.heroes.rules.pieces import EAST, NORTH, Piece
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game

OPEN = "\n".join(["........"] * 5)
BRUTE = unit("brute", UnitType.LARGE_CREATURE, footprint=2, abilities=[{"id": "assault-brutal", "value": 2}])
SPITTERS = unit("spitters", abilities=[{"id": "assault", "value": 1}, {"id": "assault-long-distance", "value": 2}])
LOBBERS = unit("lobbers", abilities=[{"id": "assault-long-distance", "value": 2}])
TROOPERS = unit("troopers", abilities=[{"id": "assault", "value": 2}, {"id": "assault-on-the-move", "value": -1}])


def son(pieces: list[Piece], objectives: Sequence[dict[str, Any]] = ()) -> GameState:
    state = game(OPEN, pieces, objectives=objectives)
    state.ruleset = SON
    return state


def sideways() -> Path:
    return Path((Position(((3, 2), (2, 2)), EAST), Position(((3, 1), (2, 1)), EAST)), 1)


@pytest.mark.rule("assault-brutal")
def test_brutal_assault_beats_every_covered_enemy_in_turn_then_takes_the_ground() -> None:
    brute = piece("c", [(3, 2), (2, 2)], kind=BRUTE, facing=EAST)
    state = son([brute, piece("b1", (3, 1), "b"), piece("b2", (2, 1), "b")])
    turn = Turn(state, LoadedDice([6, 6, 1, 6, 6, 1]), Phase.ACTIVATION)
    turn.perform("c", ChainAssault(sideways(), ("b1", "b2")))
    fights = [e for e in turn.events if e.kind == "assault"]
    assert [f.defender for f in fights] == ["b1", "b2"] and all(f.outcome == "win" for f in fights)
    # Brutal 2 in place of Assault: 6 + combat 2 + 2 (SoN p.17).
    assert any(m.label == "Assault +2" for m in fights[0].rolls[0].modifiers)
    assert state.pieces["b1"].side_index == 1 and state.pieces["b1"].square[1] == 0  # hit, retreated
    assert state.pieces["c"].squares == ((3, 1), (2, 1))


@pytest.mark.rule("assault-brutal")
def test_brutal_assault_stops_at_the_first_loss_and_goes_back() -> None:
    brute = piece("c", [(3, 2), (2, 2)], kind=BRUTE, facing=EAST)
    state = son([brute, piece("b1", (3, 1), "b"), piece("b2", (2, 1), "b")])
    turn = Turn(state, LoadedDice([1, 1, 6]), Phase.ACTIVATION)
    turn.perform("c", ChainAssault(sideways(), ("b1", "b2")))
    assert [e.defender for e in turn.events if e.kind == "assault"] == ["b1"]  # its activation ends
    assert state.pieces["c"].squares == ((3, 2), (2, 2)) and state.pieces["c"].side_index == 1


@pytest.mark.rule("assault-long-distance")
def test_long_distance_assault_reaches_2_squares_and_never_takes_the_place() -> None:
    state = son([piece("a1", (1, 2), kind=SPITTERS), piece("b1", (3, 2), "b")])
    here = Path((Position(((1, 2),), NORTH),), 0)
    turn = Turn(state, LoadedDice([6, 6, 1]), Phase.ACTIVATION)
    turn.perform("a1", ChainAssault(here, ("b1",), from_afar=True))
    assert [e.outcome for e in turn.events if e.kind == "assault"] == ["win"]
    assert state.pieces["a1"].square == (1, 2) and state.pieces["b1"].square[0] == 4  # it retreated, no advance


@pytest.mark.rule("assault-on-the-move")
def test_assault_on_the_move_takes_its_penalty_and_moves_on_after_winning() -> None:
    state = son([piece("a1", (0, 2), kind=TROOPERS), piece("b1", (2, 2), "b")])
    path = assault_path(state.battlefield, state.pieces.values(), state.pieces["a1"], state.pieces["b1"], SON)
    assert path is not None and path.cost == 2
    turn = Turn(state, LoadedDice([6, 6, 1]), Phase.ACTIVATION)
    turn.perform("a1", AssaultOnTheMove(path, "b1", goal=(7, 2)))
    (fight,) = [e for e in turn.events if e.kind == "assault"]
    assert any(m.label == "Assault on the Move" and m.value == -1 for m in fight.rolls[0].modifiers)
    assert state.pieces["a1"].square[0] == 4  # into b1's square, then its 2 points left (SoN p.17)


@pytest.mark.rule("assault-on-the-move")
def test_assault_on_the_move_stops_when_it_loses() -> None:
    state = son([piece("a1", (0, 2), kind=TROOPERS), piece("b1", (2, 2), "b")])
    path = assault_path(state.battlefield, state.pieces.values(), state.pieces["a1"], state.pieces["b1"], SON)
    assert path is not None
    turn = Turn(state, LoadedDice([1, 1, 6]), Phase.ACTIVATION)
    turn.perform("a1", AssaultOnTheMove(path, "b1", goal=(7, 2)))
    assert state.pieces["a1"].square[0] == 1  # stopped where it assaulted from


@pytest.mark.rule("assault-long-distance", "assault-brutal")
def test_the_policy_uses_brutal_long_distance_and_on_the_move_assaults() -> None:
    brute = piece("c", [(3, 3), (3, 4)], kind=BRUTE)
    state = son([brute, piece("b1", (3, 1), "b")])
    chosen = SimplePolicy().activate(state, state.pieces["c"])
    assert isinstance(chosen, ChainAssault) and chosen.defenders == ("b1",) and not chosen.from_afar
    state = son([piece("a1", (1, 2), kind=LOBBERS), piece("b1", (3, 2), "b")])
    chosen = SimplePolicy().activate(state, state.pieces["a1"])
    assert isinstance(chosen, ChainAssault) and chosen.from_afar
    hill = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [7, 2]}]
    state = son([piece("a1", (0, 2), kind=TROOPERS), piece("b1", (1, 2), "b")], objectives=hill)
    chosen = SimplePolicy().activate(state, state.pieces["a1"])
    assert isinstance(chosen, AssaultOnTheMove) and chosen.goal == (7, 2)


@pytest.mark.rule("assault-brutal")
def test_with_brutal_assault_several_assaults_are_made_on_the_move() -> None:
    raiders = unit(
        "raiders",
        abilities=[
            {"id": "assault", "value": 2},
            {"id": "assault-brutal", "value": 2},
            {"id": "assault-on-the-move", "value": -1},
        ],
    )
    state = son([piece("a1", (0, 2), kind=raiders), piece("b1", (1, 2), "b"), piece("b2", (3, 2), "b")])
    path = assault_path(state.battlefield, state.pieces.values(), state.pieces["a1"], state.pieces["b1"], SON)
    assert path is not None
    turn = Turn(state, LoadedDice([6, 6, 1, 6, 6, 1]), Phase.ACTIVATION)
    turn.perform("a1", AssaultOnTheMove(path, "b1", goal=None, then=("b2",)))
    fights = [e for e in turn.events if e.kind == "assault"]
    assert [f.defender for f in fights] == ["b1", "b2"] and all(f.outcome == "win" for f in fights)  # SoN p.17
    plain = son([piece("a1", (0, 2), kind=TROOPERS), piece("b1", (1, 2), "b"), piece("b2", (3, 2), "b")])
    with pytest.raises(IllegalAttack) as caught:
        Turn(plain, LoadedDice([]), Phase.ACTIVATION).perform("a1", AssaultOnTheMove(path, "b1", then=("b2",)))
    assert caught.value.code is Code.NO_ABILITY
