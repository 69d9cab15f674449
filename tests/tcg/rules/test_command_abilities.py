"""Fall Back!, Forward!, Fire! (TCG p.11), Fire Again! (TCG p.12), Engineers (TCG p.12) and
the manoeuvre's forced march (TCG p.6), each from a small state with its values asserted.

The board of `game_with` is 5 x 4; the Americans' reinforcement zone is column 0, the
Germans' column 3."""

from __future__ import annotations

from typing import Any

import pytest

from builder.tcg.cards import Ability, AbilityKind, Effect, EffectKind, Shooting, UnitType
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.activation import Activation, IllegalAction
from builder.tcg.rules.choices import ForcedMarch, GiveOrders, OrderFire, OrderMove, Shoot
from builder.tcg.rules.command_abilities import play_orders
from builder.tcg.rules.decisions import ActivationStep, OrderStep, TcgDecision
from builder.tcg.rules.events import AbilityEvent, MoveEvent, MoveKind, ShotEvent, ShotResult
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.state import Game
from builder.tcg.rules.tactics import manoeuvre
from builder.tcg.terrain import Terrain
from tests.tcg.rules.helpers import Scripted, game_with, table
from tests.tcg.rules.test_abilities import variant

HQ = "us-infantry-command-hq"
RIFLES_A, RIFLES_B = "us-rifle-company-a", "us-rifle-company-b"
GRENADIERS = "de-grenadier-gruppe-b"  # infantry, 2 hit points, no save
FAR = {"card": "de-grenadier-gruppe-a", "box": [4, 3]}


def with_ability(cards: CardCatalogue, ability: Ability, card: str = HQ) -> CardCatalogue:
    return variant(cards, card, abilities=[ability])


def hq_activation(game: Game) -> Activation:
    return Activation(game, game.pieces[HQ])


@pytest.mark.rule("forward")
def test_forward_moves_the_icon_type_one_box_toward_the_enemy_zone(cards: CardCatalogue) -> None:
    deck = with_ability(cards, Ability(kind=AbilityKind.FORWARD, uses=2, restriction=[UnitType.INFANTRY]))
    us = [
        {"card": HQ, "box": [0, 1]},
        {"card": RIFLES_A, "box": [1, 0]},
        {"card": RIFLES_B, "box": [1, 2]},
        {"card": "us-m10", "box": [0, 2]},  # a tank: not ordered
    ]
    game = game_with(deck, us, [FAR])
    orders = hq_activation(game).order(0)
    assert {p.key for p in orders.cards()} == {RIFLES_A, RIFLES_B}
    assert orders.boxes(game.pieces[RIFLES_A]) == [(2, 0)]  # toward column 3, orthogonal only
    orders.move(game.pieces[RIFLES_A], (2, 0))
    orders.move(game.pieces[RIFLES_B], (2, 2))
    assert game.pieces[RIFLES_A].box == (2, 0) and game.pieces[RIFLES_B].box == (2, 2)
    assert orders.left() == 0 and orders.cards() == []  # two icons, two cards
    moved = [e for e in game.events if isinstance(e, MoveEvent)]
    assert [e.how for e in moved] == [MoveKind.FORWARD, MoveKind.FORWARD] and moved[0].page == "TCG p.11"
    assert not game.pieces[RIFLES_A].activated  # an order is not an activation


@pytest.mark.rule("fall-back")
def test_fall_back_only_toward_the_own_zone_and_never_without_one(cards: CardCatalogue) -> None:
    deck = with_ability(cards, Ability(kind=AbilityKind.FALL_BACK))
    game = game_with(deck, [{"card": HQ, "box": [1, 0]}, {"card": RIFLES_A, "box": [2, 1]}], [FAR])
    orders = hq_activation(game).order(0)
    rifles = game.pieces[RIFLES_A]
    assert orders.boxes(rifles) == [(1, 1)]  # the only box nearer column 0
    with pytest.raises(ValueError):
        orders.move(rifles, (2, 2))  # sideways is not back
    orders.move(rifles, (1, 1))
    assert rifles.box == (1, 1) and orders.left() == 0
    game = game_with(deck, [{"card": HQ, "box": [1, 0]}, {"card": RIFLES_A, "box": [2, 1]}], [FAR])
    game.players["us"].side = game.players["us"].side.model_copy(update={"reinforcement_zone": []})
    assert hq_activation(game).order(0).boxes(game.pieces[RIFLES_A]) == []


@pytest.mark.rule("fire")
def test_fire_lets_every_card_of_the_type_shoot_once_activated_or_not(cards: CardCatalogue) -> None:
    fire = Ability(kind=AbilityKind.FIRE, uses="infinite", unlimited_range=True, restriction=[UnitType.INFANTRY])
    deck = with_ability(cards, fire)
    us = [{"card": HQ, "box": [0, 0]}, {"card": RIFLES_A, "box": [1, 1]}, {"card": RIFLES_B, "box": [3, 2]}]
    german = [{"card": GRENADIERS, "box": [2, 1]}, FAR]
    game = game_with(deck, us, german, faces=[5, 4, 1, 2])
    game.pieces[RIFLES_A].activated = True
    orders = hq_activation(game).order(0)
    target = game.pieces[GRENADIERS]
    first = orders.fire(game.pieces[RIFLES_A], 0, target, table(game))  # 9 against 8: a HIT
    second = orders.fire(game.pieces[RIFLES_B], 0, target, table(game))  # 3: missed
    assert (first.result, second.result) == (ShotResult.HIT, ShotResult.MISS) and target.hits == 1
    assert not game.pieces[RIFLES_B].activated
    with pytest.raises(ValueError):
        orders.fire(game.pieces[RIFLES_A], 0, target, table(game))  # a single Shooting attack each
    told = [e for e in game.events if isinstance(e, AbilityEvent)]
    assert told[0].ability == "fire" and told[0].page == "TCG p.11"


@pytest.mark.rule("fire")
def test_fire_one_icon_orders_one_card_within_range(cards: CardCatalogue) -> None:
    deck = with_ability(cards, Ability(kind=AbilityKind.FIRE))
    us = [{"card": HQ, "box": [0, 0]}, {"card": RIFLES_A, "box": [1, 1]}, {"card": RIFLES_B, "box": [3, 2]}]
    game = game_with(deck, us, [{"card": GRENADIERS, "box": [2, 1]}], faces=[1, 2])
    orders = hq_activation(game).order(0)
    assert [p.key for p in orders.cards()] == [RIFLES_A]  # adjacent only, without a range icon
    orders.fire(game.pieces[RIFLES_A], 0, game.pieces[GRENADIERS], table(game))
    assert orders.cards() == []


def fire_again(cards: CardCatalogue) -> CardCatalogue:
    weapon = Shooting(value=8, effects=[Effect(kind=EffectKind.FIRE_AGAIN)])
    return variant(cards, RIFLES_A, shooting=[weapon])


@pytest.mark.rule("fire-again")
def test_fire_again_second_attack_succeeds_on_the_same_target(cards: CardCatalogue) -> None:
    target_box = [{"card": GRENADIERS, "box": [2, 1]}]
    # One roll only: the second attack rolls none (the loaded dice would run out).
    game = game_with(fire_again(cards), [{"card": RIFLES_A, "box": [1, 1]}], target_box, faces=[4, 4])
    act = Activation(game, game.pieces[RIFLES_A])
    target = game.pieces[GRENADIERS]
    first = act.fire(0, target, table(game))
    assert first.success and act.weapons() == [0]
    second = act.fire(0, target, table(game))
    assert second.again and second.rolls == () and second.hits == 1 and second.page == "TCG p.12"
    assert GRENADIERS not in game.pieces  # two HITs on two hit points
    assert act.weapons() == []


@pytest.mark.rule("fire-again")
def test_fire_again_after_a_miss_or_on_another_card_rolls_normally(cards: CardCatalogue) -> None:
    german = [{"card": GRENADIERS, "box": [2, 1]}, {"card": "de-grenadier-gruppe-a", "box": [2, 2]}]
    game = game_with(fire_again(cards), [{"card": RIFLES_A, "box": [1, 1]}], german, faces=[1, 2, 3, 3])
    act = Activation(game, game.pieces[RIFLES_A])
    assert act.fire(0, game.pieces[GRENADIERS], table(game)).result is ShotResult.MISS
    second = act.fire(0, game.pieces[GRENADIERS], table(game))
    assert not second.again and second.result is ShotResult.SUPPRESSED  # 6 on a double: partial
    game = game_with(fire_again(cards), [{"card": RIFLES_A, "box": [1, 1]}], german, faces=[4, 4, 1, 2])
    act = Activation(game, game.pieces[RIFLES_A])
    assert act.fire(0, game.pieces[GRENADIERS], table(game)).success
    other = act.fire(0, game.pieces["de-grenadier-gruppe-a"], table(game))
    assert not other.again and other.result is ShotResult.MISS


@pytest.mark.rule("engineers")
def test_engineers_remove_a_marked_element_in_reach(cards: CardCatalogue) -> None:
    deck = variant(cards, RIFLES_A, abilities=[Ability(kind=AbilityKind.ENGINEERS)])
    markers: list[dict[str, Any]] = [
        {"box": [2, 1], "kind": "ford", "engineers": True},
        {"box": [1, 2], "kind": "depot"},  # not marked for engineers
        {"box": [1, 0], "kind": "objective", "id": "hill", "engineers": True},
    ]
    game = game_with(
        deck,
        [{"card": RIFLES_A, "box": [1, 1]}],
        [FAR],
        terrain=[{"box": [2, 1], "terrain": "water"}],
        markers=markers,
    )
    assert game.terrain((2, 1)) is Terrain.FLOODED
    act = Activation(game, game.pieces[RIFLES_A])
    with pytest.raises(ValueError):
        act.engineer(0, [(1, 0)])  # an objective is never removed
    act = Activation(game, game.pieces[RIFLES_A])
    act.engineer(0, [(2, 1)])
    assert game.terrain((2, 1)) is Terrain.WATER and game.removed == {0}
    with pytest.raises(IllegalAction):
        act.engineer(0, [(1, 2)])  # one use a activation


@pytest.mark.rule("bombardment", "engineers")
def test_a_bombardment_marker_stays_until_engineers_clear_it(cards: CardCatalogue) -> None:
    """TCG p.16: a Bombardment marker targets a box (its effect comes from Event Cards); marked
    with the Engineers icon, an Engineers card removes it (TCG p.12)."""
    deck = variant(cards, RIFLES_A, abilities=[Ability(kind=AbilityKind.ENGINEERS)])
    shelled = {"box": [2, 1], "kind": "bombardment", "engineers": True}
    game = game_with(deck, [{"card": RIFLES_A, "box": [1, 1]}], [FAR], markers=[shelled])
    assert game.removed == set()
    Activation(game, game.pieces[RIFLES_A]).engineer(0, [(2, 1)])
    assert game.removed == {0}


@pytest.mark.rule("manoeuvre")
def test_only_one_of_the_manoeuvring_cards_makes_a_forced_march(cards: CardCatalogue) -> None:
    """TCG p.6: "one of the two may use a DIRECTIVE marker to make a forced march": once the
    shooter has marched, its partner is offered none."""
    m10 = {"card": "us-m10", "box": [2, 1]}
    game = game_with(cards, [{"card": RIFLES_A, "box": [1, 1]}, m10], [{"card": GRENADIERS, "box": [3, 1]}], [1, 2])
    # After the swap the Rifle Company stands in [2, 1], the M10 in [1, 1].
    player = Scripted(steps={RIFLES_A: [Shoot(0, (3, 1)), ForcedMarch((2, 2))]})
    manoeuvre(game, game.pieces[RIFLES_A], game.pieces["us-m10"], game.pieces[RIFLES_A], table(game, player))
    marches = [e for e in game.events if isinstance(e, MoveEvent) and e.how is MoveKind.FORCED_MARCH]
    assert [e.piece for e in marches] == [RIFLES_A] and game.players["us"].directives == 1
    partner = [d for d in player.asked if isinstance(d, ActivationStep) and d.card == (1, 1)]
    assert len(partner) == 1 and list(partner[0].options) == [None]  # no march, no shot, no move
    assert sum(1 for e in game.events if isinstance(e, ShotEvent)) == 1


class Ordering(Scripted):
    """Uses the HQ's order ability, then gives the orders `orders` in turn."""

    def __init__(self, orders: list[OrderMove | OrderFire]) -> None:
        super().__init__(steps={HQ: [GiveOrders(0)]})
        self.orders = orders

    def choose(self, view: TcgView, decision: TcgDecision) -> object:
        if isinstance(decision, OrderStep):
            self.asked.append(decision)
            return self.orders.pop(0) if self.orders else None
        return super().choose(view, decision)


def test_orders_are_offered_card_by_card_and_only_legal_ones(cards: CardCatalogue) -> None:
    """Forward! with two icons: each order asked in turn, its options the moves toward the
    enemy zone of the cards of its type not ordered yet; a third is never asked."""
    deck = with_ability(cards, Ability(kind=AbilityKind.FORWARD, uses=2, restriction=[UnitType.INFANTRY]))
    us = [{"card": HQ, "box": [0, 1]}, {"card": RIFLES_A, "box": [1, 0]}, {"card": RIFLES_B, "box": [1, 2]}]
    game = game_with(deck, us, [FAR])
    player = Ordering([OrderMove((1, 2), (2, 2)), OrderMove((1, 0), (2, 0))])
    Activation(game, game.pieces[HQ]).run(table(game, player))
    asked = [d for d in player.asked if isinstance(d, OrderStep)]
    assert [d.ordered for d in asked] == [0, 1]
    assert set(asked[0].options) == {OrderMove((1, 0), (2, 0)), OrderMove((1, 2), (2, 2)), None}
    assert set(asked[1].options) == {OrderMove((1, 0), (2, 0)), None}
    assert (game.pieces[RIFLES_A].box, game.pieces[RIFLES_B].box) == ((2, 0), (2, 2))


def test_fire_orders_name_the_shooter_its_value_and_its_target(cards: CardCatalogue) -> None:
    deck = with_ability(cards, Ability(kind=AbilityKind.FIRE))
    us = [{"card": HQ, "box": [1, 0]}, {"card": RIFLES_A, "box": [1, 1]}]
    game = game_with(deck, us, [{"card": GRENADIERS, "box": [2, 1]}], faces=[1, 2])
    orders = hq_activation(game).order(0)
    assert list(orders.options()) == [OrderFire((1, 1), 0, (2, 1))]
    play_orders(orders, table(game, Ordering([OrderFire((1, 1), 0, (2, 1))])))
    assert [e.piece for e in game.events if isinstance(e, ShotEvent)] == [RIFLES_A]
