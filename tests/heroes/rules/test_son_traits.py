"""Shadows over Normandie's Character traits in play (SoN p.16): Hardboiled tokens take
Suppressed markers off a unit, Heroic tokens activate a unit a second time without an Order."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.abilities import hardboiled
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import FireEvent, GearEvent, Phase, TerrorEvent
from builder.heroes.rules.mythos import terror
from builder.heroes.rules.orders.tokens import Orders
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.turn import activation_phase
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules.gear_helpers import OPEN, pool

POLICIES = {"a": SimplePolicy(), "b": SimplePolicy()}
ORDERS = {"a": Orders("a", ("a1",)), "b": Orders("b")}


@pytest.mark.rule("son-hardboiled")
def test_hardboiled_tokens_take_suppressed_markers_off_a_unit_about_to_act() -> None:
    """SoN p.16: "Discard a Hardboiled token to remove a Suppressed marker from one of your
    units. You can play several Hardboiled tokens at the same time": two markers, two tokens,
    and its shot is taken without the Suppressed markers' -4: 6 + 2 = 8, not 4."""
    state = game(OPEN, [piece("a1", (1, 1), suppressed=2), piece("b1", (3, 1), "b")])
    state.ruleset = SON
    tokens = pool(state, "son-hardboiled", 3)
    frames = activation_phase(state, ORDERS, POLICIES, LoadedDice([6]))
    spent = [f.event for f in frames if isinstance(f.event, GearEvent)]
    assert [(e.marker, e.unit, e.spent, e.left) for e in spent] == [("son-hardboiled", "a1", 2, 1)]
    assert spent[0].page == "SoN p.16" and spent[0].use is GearUse.HARDBOILED and tokens.count == 1
    fired = [f.event for f in frames if isinstance(f.event, FireEvent)]
    assert fired and fired[0].rolls[0].total == 8  # 6 + 2, no Suppressed penalty left


@pytest.mark.rule("son-hardboiled")
def test_without_hardboiled_tokens_the_markers_stay() -> None:
    state = game(OPEN, [piece("a1", (1, 1), suppressed=2), piece("b1", (3, 1), "b")])
    state.ruleset = SON
    activation_phase(state, ORDERS, POLICIES, LoadedDice([6] * 3))
    assert state.pieces["a1"].suppressed == 2


@pytest.mark.rule("son-heroic")
def test_a_heroic_token_activates_the_unit_again_once_without_an_order() -> None:
    """SoN p.16: "Each token permits you to re-activate the unit you just activated. For the
    second action, the unit does not need an additional Order. You cannot activate the unit a
    third time": two shots from one Order, one token spent of three."""
    state = game(OPEN, [piece("a1", (1, 1)), piece("b1", (3, 1), "b")])
    state.ruleset = SON
    tokens = pool(state, "son-heroic", 3)
    frames = activation_phase(state, ORDERS, POLICIES, LoadedDice([1, 1, 1]))
    fired = [f.event for f in frames if isinstance(f.event, FireEvent)]
    assert [e.firer for e in fired] == ["a1", "a1"] and tokens.count == 2
    (spent,) = [f.event for f in frames if isinstance(f.event, GearEvent)]
    assert spent.marker == "son-heroic" and spent.page == "SoN p.16" and spent.use is GearUse.HEROIC


@pytest.mark.rule("son-heroic")
def test_the_policy_spends_a_heroic_token_only_on_a_unit_with_an_attack() -> None:
    alone = game(OPEN, [piece("a1", (1, 1))])
    alone.ruleset = SON
    tokens = pool(alone, "son-heroic", 3)
    frames = activation_phase(alone, ORDERS, POLICIES, LoadedDice([]))
    assert not [f for f in frames if isinstance(f.event, GearEvent)] and tokens.count == 3
    near = game(OPEN, [piece("a1", (1, 1)), piece("b1", (3, 1), "b")])
    assert SimplePolicy().heroic(near, near.pieces["a1"])


@pytest.mark.rule("son-hardboiled")
def test_hardboiled_tokens_spare_a_suppressed_unit_its_terror_check() -> None:
    """SoN p.16 (Hardboiled, any moment) with SoN p.11 ("if a unit that received at least one
    Suppressed marker sees a Mythos Manifestation, it must make a saving throw"): the marker
    taken off before the Supply Phase's Terror step, no check is made."""
    dread = unit("dread", abilities=[{"id": "mythos-manifestation", "value": 5}])
    state = game(OPEN, [piece("a1", (1, 1), suppressed=1), piece("b1", (4, 1), "b", dread)])
    state.ruleset = SON
    tokens = pool(state, "son-hardboiled", 3)
    turn = Turn(state, LoadedDice([]), Phase.SUPPLY, POLICIES)
    hardboiled.hardboiled_before_terror(turn)
    terror.terror_checks(turn)
    assert state.pieces["a1"].suppressed == 0 and tokens.count == 2
    assert not [e for e in turn.events if isinstance(e, TerrorEvent)]
