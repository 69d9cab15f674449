"""Substitute (BfC p.08): any hit but one destroying the weapon in an assault, and the choice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import Role
from builder.heroes.rules.actions.kinds import AssaultAction, Fire
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.events.mythos import SubstituteEvent
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.pieces import NORTH, Piece
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game

pytestmark = pytest.mark.rule("substitute")

BOARD = "\n".join(["......"] * 5)
GUN = unit("mg-team").model_copy(update={"role": Role.HEAVY_WEAPON})
LOADERS = unit("loaders", abilities=["substitute"])
STORMERS = unit("stormers", abilities=["assault"])


def battery(*, gun_side: int = 0, loaders_side: int = 0) -> GameState:
    pieces = [
        piece("gun", (2, 1), "b", GUN, side_index=gun_side),
        piece("crew", (3, 0), "b", LOADERS, side_index=loaders_side),
        piece("a1", (2, 2), kind=STORMERS),
        piece("firer", (0, 3), kind=unit("riflemen")),
    ]
    return game(BOARD, pieces)


def assault(state: GameState, turn: Turn) -> None:
    turn.perform("a1", AssaultAction(Path((Position(((2, 2),), NORTH), Position(((2, 1),), NORTH)), 1), "gun"))


def test_a_substitute_takes_a_hit_in_an_assault_but_not_one_destroying_the_weapon() -> None:
    """BfC p.08: "This Special Ability does not work if the Heavy Weapon was Destroyed during an
    Assault" - a hit that only turns it over may be taken."""
    state = battery()
    turn = Turn(state, LoadedDice([6, 6, 1]), Phase.ACTIVATION)
    assault(state, turn)
    assert state.pieces["gun"].side_index == 0 and state.pieces["crew"].side_index == 1
    said = next(e for e in turn.events if isinstance(e, SubstituteEvent))
    assert isinstance(said, SubstituteEvent) and said.page == "BfC p.08" and said.unit == "crew"
    assert said.effect is Effect.FLIPPED
    state = battery(gun_side=1)  # reduced: the hit destroys it
    assault(state, Turn(state, LoadedDice([6, 6, 1]), Phase.ACTIVATION))
    assert "gun" not in state.pieces and state.pieces["crew"].side_index == 0


def test_a_hit_outside_a_firing_action_is_substituted_too() -> None:
    """Substitute: "can suffer Hits in place of a Heavy Weapon" - any hit, a mine's, a
    template's; a hit that destroys the weapon at full strength is read as a double hit."""
    state = battery()
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    gun = state.pieces["gun"]
    hits.hurt(turn, gun, replace(gun, side_index=1), Effect.FLIPPED)
    assert state.pieces["gun"].side_index == 0 and state.pieces["crew"].side_index == 1
    hits.hurt(turn, gun, None, Effect.DESTROYED)
    assert state.pieces["gun"] == gun and "crew" not in state.pieces


def keeps(state: GameState, firer: Piece) -> Turn:
    turn = Turn(state, LoadedDice([3]), Phase.ACTIVATION, {"a": SimplePolicy(), "b": SimplePolicy()})
    turn.perform(firer.key, Fire(((None, "gun"),)))
    return turn


def test_the_choice_is_the_players_and_the_policy_spares_a_substitute_a_needless_loss() -> None:
    """The book says "can": the owner chooses. The simple policy lets a Substitute take a hit
    it survives, or one that would destroy the weapon, never its own loss for a mere hit."""
    state = battery()
    keeps(state, state.pieces["firer"])  # a hit the Substitute survives: taken
    assert state.pieces["gun"].side_index == 0 and state.pieces["crew"].side_index == 1
    state = battery(loaders_side=1)  # a reduced Substitute would be destroyed: the gun flips
    keeps(state, state.pieces["firer"])
    assert state.pieces["gun"].side_index == 1 and state.pieces["crew"].side_index == 1
    state = battery(gun_side=1, loaders_side=1)  # to save the reduced gun, it gives itself
    keeps(state, state.pieces["firer"])
    assert state.pieces["gun"].side_index == 1 and "crew" not in state.pieces
