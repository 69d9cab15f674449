"""Who is activated, for Opportunity Fire (HoN core p.24: "a non-activated unit"): HoN core
8.2, Keywords, "Activated Unit: A unit that has already acted. It is indicated by a revealed
Numbered Order or Special counter, or by the presence of an Activated marker". The players
here answer with explicit choices, never the simple policy's."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from builder.heroes.rules.actions.activation import STAYS
from builder.heroes.rules.actions.kinds import Action, Fire, Move
from builder.heroes.rules.decisions import (
    ActivationAction,
    BattleEvent,
    Dynamic,
    HeroesDecision,
    HeroicAgain,
    OpportunityFire,
    OrderTokens,
    SpecialOrder,
)
from builder.heroes.rules.events.game import FireEvent, RevealEvent
from builder.heroes.rules.orders.tokens import Orders
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import Frame
from builder.heroes.rules.turn import activation_phase, order_phase
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules.gear_helpers import east, pool
from tests.heroes.rules.test_battle_events import DYNAMIC, holding

OPEN = "\n".join(["........"] * 5)
WATCHERS = unit("watchers", abilities=["opportunity-fire"])


@dataclass
class Script:
    """A side's player with explicit answers: each unit's action (it holds otherwise), every
    Opportunity Fire offered taken (when `fires`), a special token played at once, a Heroic
    token spent, the first unit Dynamic offers, no other card played, no order token placed. `offered`: (firer,
    target) of each Opportunity Fire it was offered."""

    actions: dict[str, Action] = field(default_factory=dict)
    fires: bool = True
    offered: list[tuple[str, str]] = field(default_factory=list)

    def choose(self, view: HeroesView, decision: HeroesDecision) -> object:
        if isinstance(decision, ActivationAction):
            return self.actions.get(decision.unit.key, STAYS)
        if isinstance(decision, OpportunityFire):
            self.offered.append((decision.firer.key, decision.target.key))
            return next((option for option in decision.options if option is not None and self.fires), None)
        if isinstance(decision, Dynamic):
            return next(option for option in decision.options if option is not None)
        if isinstance(decision, SpecialOrder | HeroicAgain):
            return True
        if isinstance(decision, OrderTokens):
            return Orders(decision.side)
        if isinstance(decision, BattleEvent):
            return None
        raise AssertionError(f"{decision.kind} is not asked in these tests")


def _fired(frames: list[Frame]) -> list[tuple[str | None, str]]:
    return [(f.event.firer, f.event.target) for f in frames if isinstance(f.event, FireEvent)]


@pytest.mark.rule("opportunity-fire", "activated")
@pytest.mark.parametrize(
    "orders",
    [
        Orders("b", numbered=("b1", "b2")),  # b1's order 1 is revealed before a2 moves, b2's 2 after
        Orders("b", special=("b1",)),  # b1's special token is played as order 0; b2 has none
    ],
    ids=["numbered", "special"],
)
def test_a_unit_whose_order_token_is_revealed_takes_no_opportunity_fire(orders: Orders) -> None:
    """a1 (order 1) holds, b1 is revealed and holds, then a2 (order 2) moves past both
    watchers: b1 is activated and is never offered the shot; b2, not activated, takes it and
    is activated by it (HoN core p.24)."""
    a1, a2 = piece("a1", (0, 4)), piece("a2", (0, 2))
    b1, b2 = piece("b1", (2, 0), "b", WATCHERS), piece("b2", (4, 0), "b", WATCHERS)
    state = game(OPEN, [a1, a2, b1, b2])
    able, baker = Script({"a2": Move(east((0, 2), 4))}), Script()
    placed = {"a": Orders("a", numbered=("a1", "a2")), "b": orders}
    frames = activation_phase(state, placed, {"a": able, "b": baker}, LoadedDice([1] * 4))
    assert [key for key, _ in baker.offered] == ["b2"]
    assert _fired(frames) == [("b2", "a2")]
    assert state.pieces["b1"].activated and state.pieces["b2"].activated
    assert state.pieces["a2"].squares == ((4, 2),)


@pytest.mark.rule("son-heroic")
def test_a_heroic_second_activation_leaves_the_unit_activated() -> None:
    """SoN p.16: a Heroic token re-activates "the unit you just activated" without an Order;
    once it has acted twice it is still activated, and b1's move draws no shot from it."""
    a1, b1 = piece("a1", (2, 0), kind=WATCHERS), piece("b1", (0, 2), "b")
    state = game(OPEN, [a1, b1])
    state.ruleset = SON
    heroic = pool(state, "son-heroic", 2)
    able, baker = Script(), Script({"b1": Move(east((0, 2), 4))})
    placed = {"a": Orders("a", numbered=("a1",)), "b": Orders("b", numbered=("b1",))}
    frames = activation_phase(state, placed, {"a": able, "b": baker}, LoadedDice([1]))
    assert heroic.count == 1 and able.offered == [] and _fired(frames) == []
    assert state.pieces["a1"].activated and state.pieces["b1"].squares == ((4, 2),)


@pytest.mark.rule("activated")
def test_a_token_passed_on_by_dynamic_activates_its_new_holder_when_revealed() -> None:
    """HoN core p.17, Dynamic: a destroyed unit's unrevealed numbered token goes to a unit of its
    side with none; revealed, it activates that unit as any token does. b1 destroys a1 (6 + 2
    against 4), whose order 2 goes to a3; a3 is revealed on it and holds, then b2 moves past
    it: a3 was offered the shot after b1's fire, never at b2."""
    a1, a2, a3 = piece("a1", (2, 2)), piece("a2", (0, 0)), piece("a3", (0, 4), kind=WATCHERS)
    b1, b2 = piece("b1", (4, 2), "b"), piece("b2", (3, 4), "b")
    state = game(OPEN, [a1, a2, a3, b1, b2])
    deck = holding(state, "a", DYNAMIC)
    able = Script(fires=False)
    baker = Script({"b1": Fire(((None, "a1"),)), "b2": Move(east((3, 4), 4))})
    placed = {"a": Orders("a", numbered=("a2", "a1")), "b": Orders("b", numbered=("b1", "b2"))}
    frames = activation_phase(state, placed, {"a": able, "b": baker}, LoadedDice([6]))
    assert "a1" not in state.pieces and deck.hand == [] and state.passed_orders == {"a1": "a3"}
    assert [f.event.unit for f in frames if isinstance(f.event, RevealEvent)] == ["a2", "b1", "a3", "b2"]
    assert able.offered == [("a3", "b1")] and state.pieces["a3"].activated
    assert state.pieces["b2"].squares == ((7, 4),)


@pytest.mark.rule("activated")
def test_a_unit_revealed_in_reserve_is_not_activated_next_turn() -> None:
    """A unit whose token is revealed while it waits off the battlefield is activated for that
    turn only: the next Order Phase clears it, and its next token is no longer void (HoN core p.9)."""
    a1, b1 = piece("a1", (0, 0)), piece("b1", (7, 4), "b")
    state = game(OPEN, [a1, b1])
    state.reserve["a1"] = state.pieces.pop("a1").moved((), a1.facing)
    players = {"a": Script(), "b": Script()}
    placed = {"a": Orders("a", numbered=("a1",)), "b": Orders("b")}
    frames = activation_phase(state, placed, players, LoadedDice([]))
    assert [f.event.unit for f in frames if isinstance(f.event, RevealEvent)] == ["a1"]
    assert state.reserve["a1"].activated
    order_phase(state, players, LoadedDice([]), [])
    assert not state.reserve["a1"].activated
