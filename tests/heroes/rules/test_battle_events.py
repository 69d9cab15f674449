"""Battle Events played at a moment of the game (HoN core p.17, "Selected card explanations"):
Second Chance on an assault roll, Initiative, Desertion and Dynamic - each as the book's
explanation says, the rest of the card the project's reading (builder.heroes.rules.action_cards.battle_events)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.cards import ActionCard, CardTiming
from builder.heroes.rules.action_cards import battle_events
from builder.heroes.rules.action_cards import played as cards_played
from builder.heroes.rules.action_cards.deck import CardPlay
from builder.heroes.rules.actions.kinds import AssaultAction, Move
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import (
    AssaultEvent,
    CardEvent,
    CardUse,
    DestroyedEvent,
    FireEvent,
    MineEvent,
    OrdersEvent,
    Phase,
    TemplateEvent,
)
from builder.heroes.rules.gear.markers import GearThrow
from builder.heroes.rules.geometry.reach import assault_path, reachable
from builder.heroes.rules.orders.tokens import SPECIAL, Orders, Reveal, activation_sequence
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.state import Deck, GameState
from builder.heroes.rules.turn import activation_phase, end_of_turn, order_phase, passed_on, supply_phase
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from builder.kernel.events import Roll
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry, tank
from tests.heroes.rules import piece as counter
from tests.heroes.rules.gear_helpers import pool

OPEN = "\n".join(["........"] * 3)
WALLED = "\n".join(["....#..."] * 3)
STORMERS = unit("stormers", abilities=[{"id": "assault", "value": 2}])
POLICY = SimplePolicy()
BOTH = {"a": POLICY, "b": POLICY}


def card(card_id: str, **fields: Any) -> ActionCard:
    return ActionCard.model_validate(
        {
            "id": card_id,
            "name": card_id.replace("-", " ").title(),
            "faction": "common",
            "text": "…",
            "source": "example",
        }
        | fields
    )


SECOND_CHANCE = card("second-chance", timing="after-roll", effect={"kind": "reroll"})
INITIATIVE = card("initiative", timing="order-start", effect={"kind": "take-initiative"})
DESERTION = card("desertion", timing="suppressed", effect={"kind": "desertion"})
DYNAMIC = card("dynamic", timing="destroyed", effect={"kind": "pass-order"})


def holding(state: GameState, side: str, *cards: ActionCard) -> Deck:
    deck = state.decks[side] = Deck(4, [], list(cards))
    return deck


@pytest.mark.rule("action-cards")
def test_second_chance_rolls_a_lost_assault_roll_again() -> None:
    """HoN core p.17: "If you rolled several dice, re-roll them all" - the attacker's two dice."""
    state = game(OPEN, [piece("a1", (2, 1), kind=STORMERS), piece("b1", (3, 1), "b")])
    deck = holding(state, "a", SECOND_CHANCE)
    turn = Turn(state, LoadedDice([1, 1, 6, 6, 5]), Phase.ACTIVATION, BOTH)
    path = assault_path(state.battlefield, state.pieces.values(), state.pieces["a1"], state.pieces["b1"], state.ruleset)
    assert path is not None
    turn.perform("a1", AssaultAction(path, "b1"))
    (played,) = [e for e in turn.events if isinstance(e, CardEvent)]
    assert played.card == "second-chance" and played.use is CardUse.BATTLE_EVENT and played.unit == "a1"
    assert [r.dice for r in played.rolls] == [(1, 1)] and played.page == "HoN core p.17"
    (assault,) = [e for e in turn.events if isinstance(e, AssaultEvent)]
    attack = assault.rolls[0]
    assert attack.dice == (6, 5) and assault.outcome.value == "win"
    assert deck.discards == [SECOND_CHANCE] and state.pieces["a1"].square == (3, 1)


def test_the_policy_keeps_second_chance_for_a_roll_it_can_save() -> None:
    state = game(OPEN, [])
    holding(state, "a", SECOND_CHANCE)
    low = Roll("assault-attack", (1, 1), 1, (), 1, "HoN core p.25")
    three = Roll("assault-defence", (3,), 3, (), 3, "HoN core p.25")
    assert POLICY.second_chance_assault(state, "a", low, three, True) == "second-chance"
    # A 6 on one of two dice cannot beat a total of 9: no use rolling again.
    nine = Roll("assault-defence", (6,), 6, (), 9, "HoN core p.25")
    assert POLICY.second_chance_assault(state, "a", low, nine, True) is None


@pytest.mark.rule("action-cards")
def test_initiative_gives_the_turn_but_not_the_special_orders_and_the_marker_passes_on() -> None:
    state = game(OPEN, [piece("a1", (0, 1)), piece("b1", (7, 1), "b")])
    state.initiative = "b"
    holding(state, "a", INITIATIVE)
    frames: list[Any] = []
    order_phase(state, BOTH, LoadedDice([]), frames)
    played = frames[1].event
    assert isinstance(played, CardEvent) and played.card == "initiative" and played.side == "a"
    placed = [f.event.side for f in frames if isinstance(f.event, OrdersEvent)]
    assert placed == ["a", "b"] and state.initiative == "a" and state.initiative_marker == "b"
    # Special tokens keep the marker's order; the numbered ones then start after the last special.
    orders = {"a": Orders("a", numbered=("a1",), special=("a2",)), "b": Orders("b", numbered=("b1",), special=("b2",))}
    sequence = activation_sequence(["a", "b"], orders, {}, None, ["b", "a"])
    assert [(r.side, r.token) for r in sequence[:2]] == [("b", SPECIAL), ("a", SPECIAL)]
    assert [(r.side, r.token) for r in activation_sequence(["a", "b"], orders, {})[:2]] == [
        ("a", SPECIAL),
        ("b", SPECIAL),
    ]
    end_of_turn(state, last=5, dice=LoadedDice([]))
    assert state.initiative == "a" and state.initiative_marker is None  # on from b, the side the marker named


def test_the_initiative_card_has_the_sides_number_one_revealed_first() -> None:
    state = game(WALLED, [piece("a1", (0, 1)), piece("b1", (7, 1), "b")])
    state.initiative = "b"
    holding(state, "a", INITIATIVE)
    orders = order_phase(state, BOTH, LoadedDice([]), [])
    frames = activation_phase(state, orders, BOTH, LoadedDice([1] * 20))
    reveals = [f.event.side for f in frames if f.event.kind == "reveal"]
    assert reveals[0] == "a"


@pytest.mark.rule("action-cards")
def test_desertion_removes_an_enemy_unit_given_a_second_suppressed_marker() -> None:
    state = game(OPEN, [piece("a1", (0, 1)), piece("b1", (5, 1), "b", suppressed=1)])
    deck = holding(state, "a", DESERTION)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    before = state.pieces["b1"]
    hits.hurt(turn, before, replace(before, suppressed=2), Effect.SUPPRESSED)
    assert "b1" not in state.pieces and "b1" in state.destroyed and deck.discards == [DESERTION]
    played, gone = turn.events[:2]
    assert isinstance(played, CardEvent) and played.side == "a" and played.unit == "b1"
    assert isinstance(gone, DestroyedEvent) and gone.unit == "b1"


def test_desertion_needs_a_unit_that_already_had_a_suppressed_marker() -> None:
    state = game(OPEN, [piece("a1", (0, 1)), piece("b1", (5, 1), "b")])
    deck = holding(state, "a", DESERTION)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    before = state.pieces["b1"]
    hits.hurt(turn, before, replace(before, suppressed=1), Effect.SUPPRESSED)
    assert state.pieces["b1"].suppressed == 1 and deck.hand == [DESERTION]


@pytest.mark.rule("action-cards")
def test_dynamic_passes_a_destroyed_units_unrevealed_order_token_on() -> None:
    state = game(OPEN, [piece("a1", (2, 1)), piece("a2", (0, 0)), piece("a3", (1, 2)), piece("b1", (6, 1), "b")])
    holding(state, "a", DYNAMIC)
    state.ordered, state.unrevealed = {"a1", "a2"}, {"a1": "2"}
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    hits.hurt(turn, state.pieces["a1"], None, Effect.DESTROYED)
    # a2 has a token already: a3, the only unit without one, takes it.
    assert state.unrevealed == {"a3": "2"} and state.passed_orders == {"a1": "a3"}
    assert passed_on(state, Reveal("a", "2", "a1")).key == "a3"
    (played,) = [e for e in turn.events if isinstance(e, CardEvent)]
    assert played.card == "dynamic" and played.unit == "a3"


def test_dynamic_never_takes_the_token_of_an_activated_unit() -> None:
    state = game(OPEN, [piece("a1", (2, 1)), piece("a3", (1, 2)), piece("b1", (6, 1), "b")])
    state.pieces["a1"] = replace(state.pieces["a1"], activated=True)
    deck = holding(state, "a", DYNAMIC)
    state.ordered, state.unrevealed = {"a1"}, {"a1": "1"}
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    hits.hurt(turn, state.pieces["a1"], None, Effect.DESTROYED)
    assert deck.hand == [DYNAMIC] and not state.passed_orders


BURST = card("burst-into-action", timing="after-action", effect={"kind": "move-and-fire"})


@pytest.mark.rule("action-cards")
def test_burst_into_action_lets_a_vehicle_that_moved_fire_every_weapon_without_penalty() -> None:
    """HoN core p.17: "A Heavy Vehicle can fire all its weapons without any penalty." """
    vehicle = counter(tank(), (3, 5), key="a-tank")
    state = game("\n".join(["........"] * 8), [vehicle, counter(infantry(), (3, 0), key="b-rifles", owner="b")])
    deck = holding(state, "a", BURST)
    turn = Turn(state, LoadedDice([1] * 10), Phase.ACTIVATION, BOTH)
    with pytest.raises(RulesError) as caught:
        cards_played.play_battle_events(turn, "a", (CardPlay("burst-into-action", "a-tank"),), CardTiming.AFTER_ACTION)
    assert caught.value.code is Code.MAY_NOT_PLAY
    paths = reachable(state.battlefield, state.pieces.values(), vehicle, state.ruleset)
    step = next(p for pos, p in paths.items() if pos.squares == ((3, 4), (3, 5)))
    turn.perform("a-tank", Move(step))
    plays = POLICY.action_cards(state, state.pieces["a-tank"], CardTiming.AFTER_ACTION)
    assert [p.card for p in plays] == ["burst-into-action"]
    # The Firing Action played with the card is the one the side would choose once it is played.
    hand, state.decks["a"].hand = state.decks["a"].hand, []
    assert plays[0].fire is not None and plays[0].fire == POLICY.burst_fire(state, state.pieces["a-tank"])
    state.decks["a"].hand = hand
    cards_played.play_battle_events(turn, "a", plays, CardTiming.AFTER_ACTION)
    fired = [e for e in turn.events if isinstance(e, FireEvent)]
    assert len(fired) == 2 and all(e.firer == "a-tank" for e in fired)  # the gun and the MG
    assert not any(e.on_the_move_page for e in fired) and deck.discards == [BURST]


MINE = card("mine", timing="supply", effect={"kind": "place-mine"})


@pytest.mark.rule("action-cards")
def test_mine_places_a_mine_marker_in_the_supply_phase_in_front_of_the_enemy() -> None:
    """HoN core p.17: Mine "can be used during the Supply Phase"; its marker as BfC p.09's."""
    state = game(WALLED, [piece("a1", (1, 1)), piece("b1", (7, 1), "b")])
    holding(state, "a", MINE)
    orders = {"a": Orders("a", numbered=("a1",)), "b": Orders("b", numbered=("b1",))}
    frames = supply_phase(state, orders, BOTH, LoadedDice([]))
    (placed,) = [f.event for f in frames if isinstance(f.event, MineEvent)]
    assert (
        placed.side == "a" and placed.unit == "a1" and placed.what == "placed" and placed.card_page == "HoN core p.17"
    )
    assert state.mines == {(2, 1): "a"}  # the square of its ZoC nearest b1; the card drawn back at step 7
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    holding(state, "a", MINE)
    battle_events.mine_cards(turn, "a")  # not offered out of the Supply Phase
    assert state.mines == {(2, 1): "a"} and state.decks["a"].holds(MINE.id) is not None


FALL_BACK = card("fall-back", timing="after-action", effect={"kind": "fall-back"})
HIDDEN = unit("hidden", movement=4, back_movement=2, states=("active", "inactive"))


@pytest.mark.rule("action-cards")
def test_fall_back_flips_the_unit_and_moves_it_away_ignoring_its_suppressed_markers() -> None:
    """HoN core p.17: flipped to its Inactive Side first, a Forced Move, terrain penalties
    counted but not those of its Suppressed markers."""
    state = game(OPEN, [piece("a1", (3, 1), kind=HIDDEN, suppressed=2), piece("b1", (5, 1), "b")])
    holding(state, "a", FALL_BACK)
    plays = POLICY.action_cards(state, state.pieces["a1"], CardTiming.AFTER_ACTION)
    assert [p.card for p in plays] == ["fall-back"]
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    cards_played.play_battle_events(turn, "a", plays, CardTiming.AFTER_ACTION)
    moved = state.pieces["a1"]
    assert moved.side.state.value == "inactive" and moved.square[0] == 1  # 2 squares, its inactive side's value
    assert [e.kind for e in turn.events][:2] == ["card", "move"]


def test_fall_back_never_moves_nearer_the_enemy() -> None:
    state = game(OPEN, [piece("a1", (3, 1), kind=HIDDEN), piece("b1", (6, 1), "b")])
    holding(state, "a", FALL_BACK)
    paths = reachable(state.battlefield, state.pieces.values(), state.pieces["a1"], state.ruleset, points=2)
    forward = next(p for pos, p in paths.items() if pos.square == (5, 1))
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    with pytest.raises(RulesError) as caught:
        cards_played.play_battle_events(turn, "a", (CardPlay("fall-back", "a1", forward),), CardTiming.AFTER_ACTION)
    assert caught.value.code is Code.MAY_NOT_PLAY


# An MG42 team's active side: Movement X, its inactive side 2 (as the German SS list's).
PINNED = unit("pinned", movement=None, back_movement=2, states=("active", "inactive"))


@pytest.mark.rule("action-cards")
def test_no_fall_back_is_planned_for_a_unit_showing_movement_x() -> None:
    """HoN core p.9, p.17: a side with Movement X is moved by no card, so Fall Back is not
    offered for it, and the greedy player plans none (it weighed the inactive side's 2 and
    played a card the rules then refused, inside a search's play-out)."""
    state = game(OPEN, [piece("a1", (3, 1), kind=PINNED, suppressed=1), piece("b1", (5, 1), "b")])
    holding(state, "a", FALL_BACK)
    pinned = state.pieces["a1"]
    assert POLICY.action_cards(state, pinned, CardTiming.AFTER_ACTION) == ()
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, BOTH)
    cards_played.battle_events_at(turn, "a", CardTiming.AFTER_ACTION, pinned)
    assert not [e for e in turn.events if isinstance(e, CardEvent)] and state.pieces["a1"].square == (3, 1)


RETURN = card("return-to-sender", timing="grenade", effect={"kind": "throw-back"})


@pytest.mark.rule("action-cards")
def test_return_to_sender_throws_a_grenade_back_at_its_thrower() -> None:
    """HoN core p.17: "This card enables you to throw back any type of grenade"."""
    board = "\n".join(["........"] * 5)
    thrower = piece("a1", (1, 1))
    state = game(board, [thrower, piece("b1", (2, 2), "b"), piece("b2", (3, 2), "b"), piece("b3", (3, 3), "b")])
    pool(state, "grenade", 3, "infantry")
    deck = holding(state, "b", RETURN)
    turn = Turn(state, LoadedDice([6, 6, 6]), Phase.ACTIVATION, BOTH)
    turn.perform("a1", GearThrow("grenade", (3, 3)))
    played = next(e for e in turn.events if isinstance(e, CardEvent))
    assert played.side == "b" and played.card == "return-to-sender" and played.unit == "a1"
    (template,) = [e for e in turn.events if isinstance(e, TemplateEvent)]
    # A corner of the thrower's square with only it under the template (of three alike, one
    # drawn), never [2, 2], under which b1 stands too.
    assert template.lands in {(1, 1), (2, 1), (1, 2)}
    assert [e.target for e in turn.events if isinstance(e, FireEvent)] == ["a1"]
    assert deck.discards == [RETURN] and {"b1", "b2", "b3"} <= set(state.pieces)
