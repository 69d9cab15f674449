"""Order tokens (HoN core p.8-9): how many, how they are placed, the order they are revealed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.army.summary import OrderTokens
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import OrderDuty, OrdersEvent, RevealEvent, SuddenDeathEvent
from builder.heroes.rules.orders.personal_order import check_duties
from builder.heroes.rules.orders.special_orders import LATER, Chooser, opening, played_now
from builder.heroes.rules.orders.tokens import (
    AUTONOMOUS,
    SPECIAL,
    Orders,
    Reveal,
    Tokens,
    activation_sequence,
    tokens_for,
)
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import Frame, GameState
from builder.heroes.rules.turn import activation_phase, order_phase
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game

OFFICER = unit("leutnant", abilities=[{"id": "order", "value": 2}])
BOARD = "......\n......\n......"


@pytest.mark.rule("order", "son-order-token", "order-tokens")
def test_tokens_are_the_stars_less_those_of_destroyed_officers() -> None:
    officer = piece("b-officer", (5, 0), "b", OFFICER)
    state = game(BOARD, [piece("a1", (0, 0)), officer], stars={"a": 3, "b": 4})
    assert tokens_for(state, "b") == Tokens(numbered=4, special=0, bluff=1)
    # Losing an officer loses his order tokens from the next Order Phase (HoN core p.8).
    del state.pieces[officer.key]
    state.destroyed[officer.key] = officer
    assert tokens_for(state, "b").numbered == 2
    state.orders["a"] = OrderTokens(state.orders["a"].stars * 5, (), ())  # 15 stars
    assert tokens_for(state, "a").numbered == 10  # never more than 10 numbered tokens


@pytest.mark.rule("sudden-death")
def test_a_side_without_order_tokens_loses_at_once() -> None:
    state = game(BOARD, [piece("a1", (0, 0)), piece("b1", (5, 0), "b")], stars={"a": 2, "b": 0})
    policy = SimplePolicy()
    frames: list[Frame] = []
    order_phase(state, {"a": policy, "b": policy}, LoadedDice([]), frames)
    assert state.over and state.winner == "a"
    last = frames[-1].event
    assert isinstance(last, SuddenDeathEvent) and last.page == "HoN core p.8"


@pytest.mark.rule("autonomous", "son-order-token", "activation-phase")
def test_reveals_alternate_from_the_initiative_and_the_longer_side_goes_on() -> None:
    orders = {
        "a": Orders("a", numbered=("a1", "a2", "a3"), special=("a9",)),
        "b": Orders("b", numbered=("b1",)),
    }
    sequence = activation_sequence(["b", "a"], orders, {"a": ["a-auto"]})
    assert [(r.side, r.token, r.key) for r in sequence] == [
        ("a", SPECIAL, "a9"),  # a special token is played as order 0 (HoN core p.8)…
        ("b", "1", "b1"),  # …and the other player reveals his #1 next (p.9)
        ("a", "1", "a1"),
        ("a", "2", "a2"),
        ("a", "3", "a3"),
        ("a", AUTONOMOUS, "a-auto"),
    ]


def reveals(sides: list[str], orders: dict[str, Orders]) -> list[tuple[str, str]]:
    return [(r.side, r.token) for r in activation_sequence(sides, orders, {})]


@pytest.mark.rule("son-special-order-token", "special-order-tokens")
def test_a_special_order_token_is_order_0_and_the_opponents_1_follows_it() -> None:
    """HoN core p.8: Special Order Tokens "can take precedence and be played as Order number
    0"; "If several players want to activate Special Order Tokens at the same time, the player
    who has the Initiative reveals and plays his Special Order first. His opponent plays his
    next." p.9: "When the Activated unit's action is complete, the other player reveals his #1
    Order Token"."""
    plain = {"a": Orders("a", numbered=("a1", "a2")), "b": Orders("b", numbered=("b1", "b2"))}
    assert reveals(["a", "b"], plain) == [("a", "1"), ("b", "1"), ("a", "2"), ("b", "2")]
    # The initiative player's special token: order 0, then the opponent's #1.
    mine = {**plain, "a": Orders("a", numbered=("a1", "a2"), special=("a0",))}
    assert reveals(["a", "b"], mine) == [("a", SPECIAL), ("b", "1"), ("a", "1"), ("b", "2"), ("a", "2")]
    # The other player's special token is order 0 too: before the initiative player's #1.
    theirs = {**plain, "b": Orders("b", numbered=("b1", "b2"), special=("b0",))}
    assert reveals(["a", "b"], theirs) == [("b", SPECIAL), ("a", "1"), ("b", "1"), ("a", "2"), ("b", "2")]
    # Both: the initiative player's first, his opponent's next, then the #1s from the first.
    both = {"a": mine["a"], "b": theirs["b"]}
    assert reveals(["a", "b"], both) == [
        ("a", SPECIAL),
        ("b", SPECIAL),
        ("a", "1"),
        ("b", "1"),
        ("a", "2"),
        ("b", "2"),
    ]


@pytest.mark.rule("son-special-order-token", "special-order-tokens")
def test_a_revealed_special_token_is_narrated_as_order_0_with_its_page() -> None:
    state = game(BOARD, [piece("a1", (0, 0)), piece("b1", (5, 0), "b")], stars={"a": 1, "b": 1})
    orders = {"a": Orders("a", special=("a1",)), "b": Orders("b", numbered=("b1",))}
    policy = SimplePolicy()
    frames = activation_phase(state, orders, {"a": policy, "b": policy}, LoadedDice([1, 1, 1, 1]))
    shown = [f.event for f in frames if isinstance(f.event, RevealEvent)]
    assert [e.side for e in shown] == ["a", "b"]
    assert (shown[0].token, shown[0].special_page) == (SPECIAL, "HoN core p.8")


@pytest.mark.rule("order-phase")
def test_placements_are_checked() -> None:
    tokens = Tokens(numbered=2, special=0, bluff=1)
    Orders("a", numbered=("x", "y"), bluffs=("z",)).check(tokens)
    with pytest.raises(RulesError) as caught:
        Orders("a", numbered=("x", "y"), bluffs=("x",)).check(tokens)
    assert caught.value.code is Code.TWO_TOKENS
    with pytest.raises(RulesError) as caught:
        Orders("a", numbered=("x", "y", "z")).check(tokens)
    assert caught.value.code is Code.TOKEN_COUNT


@pytest.mark.rule("order-phase")
def test_the_policy_gives_tokens_to_units_near_the_enemy_and_a_bluff_to_the_next() -> None:
    near, middle, far = piece("a-near", (3, 0)), piece("a-middle", (2, 0)), piece("a-far", (0, 0))
    state = game(BOARD, [near, middle, far, piece("b1", (5, 0), "b")], stars={"a": 1, "b": 1})
    orders = SimplePolicy().assign(state, "a", tokens_for(state, "a"))
    assert orders.numbered == ("a-near",) and orders.bluffs == ("a-middle",)
    assert orders.ordered == frozenset({"a-near"})


@pytest.mark.rule("order", "order-tokens")
def test_son_a_hit_officer_gives_the_stars_of_its_damaged_side() -> None:
    """SoN p.18 (Order(s)): "If the unit is hit or eliminated, adjust your number of Order
    tokens at the beginning of the next Order phase". HoN core p.8 only when it is lost."""
    from dataclasses import replace as copy

    from builder.heroes.rules.ruleset import SON

    captain = unit("captain", abilities=[{"id": "order", "value": 2}], back=[{"id": "order", "value": 1}])
    officer = piece("b-captain", (5, 0), "b", captain)
    state = game(BOARD, [piece("a1", (0, 0)), officer], stars={"a": 3, "b": 4})
    state.pieces[officer.key] = copy(officer, side_index=1)  # hit: its damaged side up
    assert tokens_for(state, "b").numbered == 4  # HoN: a hit officer keeps his stars
    state.ruleset = SON
    assert tokens_for(state, "b").numbered == 3  # SoN: 2 stars on the front, 1 on the back
    frames: list[Frame] = []
    policy = SimplePolicy()
    order_phase(state, {"a": policy, "b": policy}, LoadedDice([]), frames)
    told = next(f.event for f in frames if isinstance(f.event, OrdersEvent) and f.event.side == "b")
    assert isinstance(told, OrdersEvent)
    assert told.stars_lost == ((officer.key, 1),) and told.stars_page == "SoN p.18"
    # Eliminated: all its front stars are gone.
    del state.pieces[officer.key]
    state.destroyed[officer.key] = officer
    assert tokens_for(state, "b").numbered == 2


@pytest.mark.rule("three-player-initiative")
def test_one_player_against_two_activates_two_units_for_their_one_each() -> None:
    """SoN p.10: "The Majestic player deploys his Order 1 / The Deep Ones player deploys his
    Order 1 / The Majestic player deploys his Order 2 / The Black Sun player deploys his
    Order 1 / … Order 3 / Deep Ones 2 / Majestic 4 / Black Sun 2"."""
    orders = {
        "m": Orders("m", numbered=("m1", "m2", "m3", "m4", "m5")),
        "d": Orders("d", numbered=("d1", "d2")),
        "b": Orders("b", numbered=("b1", "b2", "b3")),
    }
    teams = {"m": "m", "d": "deep", "b": "deep"}
    sequence = [(r.side, r.token) for r in activation_sequence(["m", "d", "b"], orders, {}, teams)]
    assert sequence == [
        ("m", "1"),
        ("d", "1"),
        ("m", "2"),
        ("b", "1"),
        ("m", "3"),
        ("d", "2"),
        ("m", "4"),
        ("b", "2"),
        ("m", "5"),
        ("b", "3"),  # the Deep Ones have no token left: the Black Sun goes on for the team
    ]
    # With the initiative on the team's side, the team's first player starts.
    later = [(r.side, r.token) for r in activation_sequence(["d", "b", "m"], orders, {}, teams)]
    assert later[:4] == [("d", "1"), ("m", "1"), ("b", "1"), ("m", "2")]
    # Each side its own team: the plain alternation of HoN core p.9, three players round the table.
    alone = [(r.side, r.token) for r in activation_sequence(["m", "d", "b"], orders, {})]
    assert alone[:4] == [("m", "1"), ("d", "1"), ("b", "1"), ("m", "2")]


PERSONAL = unit("corporal", abilities=["personal-order"])


@pytest.mark.rule("personal-order")
def test_a_placement_leaving_a_personal_order_unit_without_a_token_is_refused() -> None:
    """HoN core p.26, Personal Order: "this unit must be given an Order Token (numbered,
    special or bluff) every turn"."""
    corporal = replace(piece("a-corporal", (0, 2), kind=PERSONAL), group="tiles[0]")
    state = game(BOARD, [piece("a1", (0, 0)), corporal, piece("b1", (5, 0), "b")], stars={"a": 1})
    tokens = tokens_for(state, "a")
    with pytest.raises(RulesError) as caught:
        check_duties(state, Orders("a", numbered=("a1",)), tokens)
    assert caught.value.code is Code.PERSONAL_ORDER
    check_duties(state, Orders("a", numbered=("a1",), bluffs=("a-corporal",)), tokens)  # a bluff will do
    # The policy gives it a token first, though the rifles stand nearer the enemy.
    placed = SimplePolicy().assign(state, "a", tokens)
    assert placed.token_of("a-corporal") == "1"


@pytest.mark.rule("hardened")
def test_a_hardened_tile_must_give_one_of_its_units_a_token_every_turn() -> None:
    """BfC p.09, Hardened: "each turn you must assign an Order Token (Numbered, Special, or
    Bluff) to one of this Recruitment Tile's units"."""
    far = [replace(piece(f"a-far{n}", (0, n)), group="tiles[1]") for n in (1, 2)]
    near = replace(piece("a-near", (4, 0)), group="tiles[0]")
    state = game(BOARD, [near, *far, piece("b1", (5, 0), "b")], stars={"a": 1})
    state.hardened["a"] = ("tiles[1]",)
    tokens = tokens_for(state, "a")  # 1 numbered, 1 bluff
    with pytest.raises(RulesError) as caught:
        check_duties(state, Orders("a", numbered=("a-near",)), tokens)
    assert caught.value.code is Code.HARDENED
    check_duties(state, Orders("a", numbered=("a-near",), bluffs=("a-far2",)), tokens)
    placed = SimplePolicy().assign(state, "a", tokens)
    assert placed.token_of("a-far1") is not None or placed.token_of("a-far2") is not None
    # The turn refuses a player's placement that breaks it, and plays the policy's.
    frames: list[Frame] = []
    orders = order_phase(state, {"a": SimplePolicy(), "b": SimplePolicy()}, LoadedDice([]), frames)
    assert {"a-far1", "a-far2"} & {*orders["a"].numbered, *orders["a"].bluffs}
    told = next(f.event for f in frames if isinstance(f.event, OrdersEvent) and f.event.side == "a")
    assert isinstance(told, OrdersEvent)
    assert [(d.duty, d.page) for d in told.duties] == [(OrderDuty.HARDENED, "BfC p.09")]


@pytest.mark.rule("personal-order")
def test_a_side_short_of_tokens_owes_only_what_it_can_give() -> None:
    """hon's reading where the books are silent: with fewer tokens than duties, every token
    placed must meet one, and the rest are excused."""
    corporals = [replace(piece(f"a-c{n}", (0, n), kind=PERSONAL), group="tiles[0]") for n in (0, 1, 2)]
    state = game(BOARD, [*corporals, piece("b1", (5, 0), "b")], stars={"a": 1})
    tokens = tokens_for(state, "a")  # 1 numbered, 1 bluff for 3 duties
    check_duties(state, Orders("a", numbered=("a-c0",), bluffs=("a-c1",)), tokens)
    with pytest.raises(RulesError) as caught:
        check_duties(state, Orders("a", numbered=("a-c0",)), tokens)  # the bluff was spare
    assert caught.value.code is Code.PERSONAL_ORDER


@pytest.mark.rule("son-special-order-token", "special-order-tokens")
def test_a_special_token_may_be_held_and_played_before_any_later_token() -> None:
    """HoN core p.8: "Special Order Tokens can be activated before or after any other Order
    Token ... However, they cannot interrupt an ongoing activation." Held at first, it is
    slotted between two activations when its side says so; the numbered tokens alternate as
    before (hon's reading), and one never chosen is played once every other is revealed."""
    state = game(BOARD, [piece("a9", (0, 0)), piece("b1", (5, 0), "b")])
    orders = {"a": Orders("a", numbered=("a1", "a2"), special=("a9",)), "b": Orders("b", numbered=("b1", "b2"))}
    asked: list[int] = []

    def third_time(state: GameState, piece: Piece) -> bool:
        asked.append(1)
        return len(asked) == 3  # not as order 0, not before a1: before b1

    at_zero, held = opening(state, orders, {"a": third_time})
    assert at_zero["a"].special == () and held == {"a": ["a9"], "b": []}
    sequence = activation_sequence(["a", "b"], at_zero, {})
    found = [(r.side, r.token) for r in revealed(state, sequence, held, {"a": third_time})]
    assert found == [("a", "1"), ("a", LATER), ("b", "1"), ("a", "2"), ("b", "2")]
    never: dict[str, Chooser] = {"a": lambda state, piece: False}
    at_zero, held = opening(state, orders, never)
    sequence = activation_sequence(["a", "b"], at_zero, {})
    found = [(r.side, r.token) for r in revealed(state, sequence, held, never)]
    assert found[-1] == ("a", LATER) and len(found) == 5


def revealed(
    state: GameState, sequence: list[Reveal], held: dict[str, list[str]], choosers: Mapping[str, Chooser]
) -> list[Reveal]:
    """The tokens in the order the Activation Phase reveals them (turn.activate_next): before
    each of `sequence`, the held special tokens played now; after the last, those still held."""
    found: list[Reveal] = []
    for reveal in sequence:
        found += played_now(state, held, choosers, at_end=False)
        found.append(reveal)
    return found + list(played_now(state, held, choosers, at_end=True))


@pytest.mark.rule("son-special-order-token", "special-order-tokens")
def test_the_policy_holds_a_special_token_until_an_enemy_comes_near_and_says_so() -> None:
    far = piece("a1", (0, 0))
    state = game("." * 12 + "\n" + "." * 12, [far, piece("b1", (11, 0), "b")], stars={"a": 1, "b": 1})
    policy = SimplePolicy()
    assert not policy.play_special(state, far)  # 11 squares away: nothing to strike first
    assert policy.play_special(state, far.moved(((6, 0),)))  # within its 4 squares and one
    orders = {"a": Orders("a", special=("a1",)), "b": Orders("b", numbered=("b1",))}
    frames = activation_phase(state, orders, {"a": policy, "b": policy}, LoadedDice([1] * 8))
    shown = [f.event for f in frames if isinstance(f.event, RevealEvent)]
    assert [e.side for e in shown] == ["b", "a"]  # held, then played once b1 has acted
    assert (shown[1].token, shown[1].special_page) == (LATER, "HoN core p.8")
