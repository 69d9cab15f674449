"""Vehicle weapons (HoN core p.14): "If a Vehicle fires more than one weapon, the attacks are
not resolved simultaneously: resolve each attack before you declare the next." The second
weapon's target is chosen once the first shot is resolved."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.actions.kinds import Fire
from builder.heroes.rules.events.game import FireEvent, Phase
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry, piece, tank

OPEN = "\n".join(["........"] * 6)
POLICY = SimplePolicy()


def board() -> tuple[Fire, GameState]:
    vehicle = piece(tank(), (3, 2), key="a-tank")
    near = piece(infantry(), (3, 0), key="b-near", owner="b", side_index=1)  # a hit destroys it
    far = piece(infantry(), (6, 2), key="b-far", owner="b")
    gun, mg = vehicle.side.weapons
    return Fire(((gun, "b-near"), (mg, "b-near"))), game(OPEN, [vehicle, near, far])


@pytest.mark.rule("vehicle-weapons")
def test_the_second_weapon_is_aimed_after_the_first_shot_is_resolved() -> None:
    action, state = board()
    turn = Turn(state, LoadedDice([6, 6]), Phase.ACTIVATION, {"a": POLICY, "b": POLICY})
    turn.perform("a-tank", action)
    shots = [e for e in turn.events if isinstance(e, FireEvent)]
    # The gun destroys b-near; the MG, planned at it too, is aimed at b-far instead.
    assert [s.target for s in shots] == ["b-near", "b-far"]
    assert "b-near" in state.destroyed


def test_a_side_not_asked_keeps_its_plan_and_a_target_gone_is_not_fired_at() -> None:
    action, state = board()
    turn = Turn(state, LoadedDice([6, 6]), Phase.ACTIVATION)
    turn.perform("a-tank", action)
    assert [e.target for e in turn.events if isinstance(e, FireEvent)] == ["b-near"]
