"""Ferocious, a Character Trait (BfC p.09): the defender is pushed back win or lose."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.rules.abilities.traits import Trait
from builder.heroes.rules.actions.kinds import AssaultAction
from builder.heroes.rules.events.combat import Displaced, RetreatEvent
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.pieces import NORTH, Piece
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import JEEP, piece, unit
from tests.fixtures.rules.games import game

pytestmark = pytest.mark.rule("ferocious")

BOARD = "\n".join(["......"] * 4)
STORMERS = unit("stormers", abilities=["assault"])


def fierce(defender: Piece, tile: str = "tiles[0]", attacker_tile: str = "tiles[0]") -> GameState:
    attacker = replace(piece("a1", (2, 2), kind=STORMERS), group=attacker_tile)
    state = game(BOARD, [attacker, defender])
    state.traits = [Trait("a", "ferocious", tile)]  # the trait on tile 0 (HoN core p.28)
    return state


def assault(state: GameState, dice: list[int]) -> Turn:
    turn = Turn(state, LoadedDice(dice), Phase.ACTIVATION)
    path = Path((Position(((2, 2),), NORTH), Position(((2, 1),), NORTH)), 1)
    turn.perform("a1", AssaultAction(path, "b1"))
    return turn


def test_a_ferocious_attacker_pushes_back_a_defender_that_wins() -> None:
    """BfC p.09: "an attacking Ferocious unit always pushes back defenders whether they win or
    lose, provided the attacking unit has not been Destroyed"."""
    state = fierce(piece("b1", (2, 1), "b"))
    turn = assault(state, [1, 1, 6])  # 1 + 2 against 6 + 2: the defender wins
    assert state.pieces["a1"].side_index == 1 and state.pieces["a1"].squares == ((2, 2),)  # hit, falls back
    assert state.pieces["b1"].square[1] == 0  # pushed back, away from the attacker
    assert any(
        isinstance(e, RetreatEvent) and (e.why, e.ability, e.page) == (Displaced.PUSHED_BACK, "ferocious", "BfC p.09")
        for e in turn.events
    )


def test_without_the_trait_or_against_a_vehicle_the_winner_stays() -> None:
    # The trait is on another tile: its units do not benefit (HoN core p.28).
    state = fierce(piece("b1", (2, 1), "b"), tile="tiles[1]")
    assault(state, [1, 1, 6])
    assert state.pieces["b1"].squares == ((2, 1),)
    # "This Character Trait does not apply to an Assault against a vehicle."
    state = fierce(piece("b1", (2, 1), "b", JEEP))
    assault(state, [1, 1, 6])
    assert state.pieces["b1"].squares == ((2, 1),)


def test_a_ferocious_attacker_destroyed_pushes_nobody_back() -> None:
    reduced = replace(piece("a1", (2, 2), kind=STORMERS, side_index=1), group="tiles[0]")
    state = game(BOARD, [reduced, piece("b1", (2, 1), "b")])
    state.traits = [Trait("a", "ferocious", "tiles[0]")]
    assault(state, [1, 1, 6])
    assert "a1" not in state.pieces and state.pieces["b1"].squares == ((2, 1),)
