"""Rules that `hon rules` lists as played (builder/heroes/rules/coverage/) and that no other
rules test reached: each is shown here on a hand-made board, with a move the rule allows and
one it forbids."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.events.game import RevealEvent
from builder.heroes.rules.geometry.reach import reachable_squares
from builder.heroes.rules.orders.tokens import AUTONOMOUS, Orders
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.turn import activation_phase, supply_phase
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import JEEP, SNIPERS, element, field, piece, unit
from tests.fixtures.rules.games import game


@pytest.mark.rule("all-terrain")
def test_all_terrain_crosses_a_difficult_passage_without_stopping() -> None:
    board = field("""
    .DD...
    """)
    walker = piece("w", (0, 0))
    assert reachable_squares(board, [walker], walker, SON)[(1, 0)].stopped == "difficult passage"
    crawler = piece("c", (0, 0), kind=unit("crawler", abilities=["all-terrain"]))  # SoN p.18
    found = reachable_squares(board, [crawler], crawler, SON)
    assert found[(2, 0)].stopped is None and found[(4, 0)].cost == 4


@pytest.mark.rule("amphibious", "son-swamp")
def test_a_swamp_suppresses_infantry_bars_vehicles_and_is_open_ground_to_amphibious_units() -> None:
    swamp = element("Swamp", [(1, 0)], {"water": True, "suppresses": True})  # SoN p.12
    board = field("...", extra=[swamp])
    rifles = piece("r", (0, 0))
    assert reachable_squares(board, [rifles], rifles, SON)[(1, 0)].suppressed == 1
    jeep = piece("j", (0, 0), kind=JEEP)
    assert (1, 0) not in reachable_squares(board, [jeep], jeep, SON)
    frogs = piece("f", (0, 0), kind=unit("frogmen", abilities=["amphibious"]))
    assert reachable_squares(board, [frogs], frogs, SON)[(1, 0)].suppressed == 0


@pytest.mark.rule("autonomous", "activated", "son-activated")
def test_an_autonomous_unit_acts_without_a_token_and_then_stays_put_in_the_supply_phase() -> None:
    loner = piece("a-auto", (0, 1), kind=unit("loner", abilities=["autonomous"]))
    hidden = piece("b1", (7, 1), "b", SNIPERS)  # concealed: nothing to fire at, so it moves
    state = game("\n".join(["........"] * 3), [loner, hidden])
    policy = SimplePolicy()
    orders = {"a": Orders("a"), "b": Orders("b")}
    frames = activation_phase(state, orders, {"a": policy, "b": policy}, LoadedDice([]))
    assert any(isinstance(f.event, RevealEvent) and f.event.token == AUTONOMOUS for f in frames)  # HoN core p.26
    moved = state.pieces["a-auto"]
    assert moved.square != (0, 1) and moved.activated  # it acted, and an Activated marker says so
    supply_phase(state, orders, {"a": policy, "b": policy}, LoadedDice([]))
    assert state.pieces["a-auto"].square == moved.square  # no Supply Phase move (HoN core p.16)
