"""Fall Back!, Forward!, Fire! (TCG p.11), Fire Again! (TCG p.12), Engineers (TCG p.12) and
the manoeuvre's forced march (TCG p.6), each from a small state with its values asserted.

The board of `game_with` is 5 x 4; the Americans' reinforcement zone is column 0, the
Germans' column 3."""

from __future__ import annotations

from typing import Any

import pytest

from builder.io.tcg_files import load_tcg_scenario
from builder.tcg.cards import Ability, AbilityKind, Effect, EffectKind, Shooting, UnitType
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.activation import Activation, Commander, IllegalAction
from builder.tcg.rules.events import AbilityEvent, MoveEvent, MoveKind, ShotEvent, ShotResult
from builder.tcg.rules.policy import SimplePolicy
from builder.tcg.rules.simulation import simulate
from builder.tcg.rules.state import Game
from builder.tcg.rules.tactics import command, manoeuvre
from builder.tcg.terrain import Terrain
from tests.tcg.conftest import HEDGEROW
from tests.tcg.rules.helpers import Scripted, game_with
from tests.tcg.rules.test_abilities import variant

HQ = "us-infantry-command-hq"
RIFLES_A, RIFLES_B = "us-rifle-company-a", "us-rifle-company-b"
GRENADIERS = "de-grenadier-gruppe-b"  # infantry, 2 hit points, no save
FAR = {"card": "de-grenadier-gruppe-a", "box": [4, 3]}


def with_ability(cards: CardCatalogue, ability: Ability, card: str = HQ) -> CardCatalogue:
    return variant(cards, card, abilities=[ability])


def hq_activation(game: Game, policy: Commander | None = None) -> Activation:
    return Activation(game, game.pieces[HQ], policy or SimplePolicy())


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
    first = orders.fire(game.pieces[RIFLES_A], 0, target)  # 9 against 8: a HIT
    second = orders.fire(game.pieces[RIFLES_B], 0, target)  # 3: missed
    assert (first.result, second.result) == (ShotResult.HIT, ShotResult.MISS) and target.hits == 1
    assert not game.pieces[RIFLES_B].activated
    with pytest.raises(ValueError):
        orders.fire(game.pieces[RIFLES_A], 0, target)  # a single Shooting attack each
    told = [e for e in game.events if isinstance(e, AbilityEvent)]
    assert told[0].ability == "fire" and told[0].page == "TCG p.11"


@pytest.mark.rule("fire")
def test_fire_one_icon_orders_one_card_within_range(cards: CardCatalogue) -> None:
    deck = with_ability(cards, Ability(kind=AbilityKind.FIRE))
    us = [{"card": HQ, "box": [0, 0]}, {"card": RIFLES_A, "box": [1, 1]}, {"card": RIFLES_B, "box": [3, 2]}]
    game = game_with(deck, us, [{"card": GRENADIERS, "box": [2, 1]}], faces=[1, 2])
    orders = hq_activation(game).order(0)
    assert [p.key for p in orders.cards()] == [RIFLES_A]  # adjacent only, without a range icon
    orders.fire(game.pieces[RIFLES_A], 0, game.pieces[GRENADIERS])
    assert orders.cards() == []


def fire_again(cards: CardCatalogue) -> CardCatalogue:
    weapon = Shooting(value=8, effects=[Effect(kind=EffectKind.FIRE_AGAIN)])
    return variant(cards, RIFLES_A, shooting=[weapon])


@pytest.mark.rule("fire-again")
def test_fire_again_second_attack_succeeds_on_the_same_target(cards: CardCatalogue) -> None:
    target_box = [{"card": GRENADIERS, "box": [2, 1]}]
    # One roll only: the second attack rolls none (the loaded dice would run out).
    game = game_with(fire_again(cards), [{"card": RIFLES_A, "box": [1, 1]}], target_box, faces=[4, 4])
    act = Activation(game, game.pieces[RIFLES_A], Scripted())
    target = game.pieces[GRENADIERS]
    first = act.fire(0, target)
    assert first.success and act.weapons() == [0]
    second = act.fire(0, target)
    assert second.again and second.rolls == () and second.hits == 1 and second.page == "TCG p.12"
    assert GRENADIERS not in game.pieces  # two HITs on two hit points
    assert act.weapons() == []


@pytest.mark.rule("fire-again")
def test_fire_again_after_a_miss_or_on_another_card_rolls_normally(cards: CardCatalogue) -> None:
    german = [{"card": GRENADIERS, "box": [2, 1]}, {"card": "de-grenadier-gruppe-a", "box": [2, 2]}]
    game = game_with(fire_again(cards), [{"card": RIFLES_A, "box": [1, 1]}], german, faces=[1, 2, 3, 3])
    act = Activation(game, game.pieces[RIFLES_A], Scripted())
    assert act.fire(0, game.pieces[GRENADIERS]).result is ShotResult.MISS
    second = act.fire(0, game.pieces[GRENADIERS])
    assert not second.again and second.result is ShotResult.SUPPRESSED  # 6 on a double: partial
    game = game_with(fire_again(cards), [{"card": RIFLES_A, "box": [1, 1]}], german, faces=[4, 4, 1, 2])
    act = Activation(game, game.pieces[RIFLES_A], Scripted())
    assert act.fire(0, game.pieces[GRENADIERS]).success
    other = act.fire(0, game.pieces["de-grenadier-gruppe-a"])
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
    act = Activation(game, game.pieces[RIFLES_A], SimplePolicy())
    with pytest.raises(ValueError):
        act.engineer(0, [(1, 0)])  # an objective is never removed
    act = Activation(game, game.pieces[RIFLES_A], SimplePolicy())
    act.engineer(0, [(2, 1)])
    assert game.terrain((2, 1)) is Terrain.WATER and game.removed == {0}
    with pytest.raises(IllegalAction):
        act.engineer(0, [(1, 2)])  # one use a activation


@pytest.mark.rule("bombardment", "engineers")
def test_a_bombardment_marker_stays_until_engineers_clear_it(cards: CardCatalogue) -> None:
    """TCG p.16: a Bombardment marker targets a box (its effect comes from Event Cards); marked
    with the Engineers icon, an Engineers card removes it (TCG p.12), and the policy does."""
    ability = Ability(kind=AbilityKind.ENGINEERS)
    deck = variant(cards, RIFLES_A, abilities=[ability])
    shelled = {"box": [2, 1], "kind": "bombardment", "engineers": True}
    game = game_with(deck, [{"card": RIFLES_A, "box": [1, 1]}], [FAR], markers=[shelled])
    rifles = game.pieces[RIFLES_A]
    assert game.removed == set() and SimplePolicy().demolitions(game, rifles, ability) == [(2, 1)]
    Activation(game, rifles, SimplePolicy()).engineer(0, [(2, 1)])
    assert game.removed == {0}


@pytest.mark.rule("manoeuvre")
def test_only_one_of_the_manoeuvring_cards_makes_a_forced_march(cards: CardCatalogue) -> None:
    class MarchingPartner(SimplePolicy):
        def __init__(self) -> None:
            super().__init__()
            self.shooter_could_march: list[tuple[int, int]] = [(-1, -1)]

        def play_activation(self, act: Activation) -> None:
            if act.shoots:
                act.fire(0, act.targets(0)[0])
            else:
                act.march(act.forced_marches()[0])
                assert act.partner is not None
                self.shooter_could_march = act.partner.forced_marches()

    m10 = {"card": "us-m10", "box": [2, 1]}
    game = game_with(cards, [{"card": RIFLES_A, "box": [1, 1]}, m10], [{"card": GRENADIERS, "box": [3, 1]}], [1, 2])
    policy = MarchingPartner()
    manoeuvre(game, game.pieces[RIFLES_A], game.pieces["us-m10"], game.pieces[RIFLES_A], policy)
    marches = [e for e in game.events if isinstance(e, MoveEvent) and e.how is MoveKind.FORCED_MARCH]
    assert [e.piece for e in marches] == ["us-m10"] and game.players["us"].directives == 1
    assert policy.shooter_could_march == []
    assert sum(1 for e in game.events if isinstance(e, ShotEvent)) == 1


@pytest.mark.rule("fire", "forward")
def test_the_policy_orders_forward_and_fire_sensibly(cards: CardCatalogue) -> None:
    forward = with_ability(cards, Ability(kind=AbilityKind.FORWARD, uses=2))
    us = [{"card": HQ, "box": [0, 1]}, {"card": RIFLES_A, "box": [1, 1]}]
    game = game_with(forward, us, [FAR], markers=[{"box": [3, 1], "kind": "objective", "id": "farm"}])
    command(game, game.pieces[HQ], SimplePolicy())
    moved = [e for e in game.events if isinstance(e, MoveEvent) and e.how is MoveKind.FORWARD]
    assert [(e.piece, e.to) for e in moved] == [(RIFLES_A, (2, 1))]  # toward the objective
    fire = with_ability(cards, Ability(kind=AbilityKind.FIRE))
    us = [{"card": HQ, "box": [1, 0]}, {"card": RIFLES_A, "box": [1, 1]}, {"card": RIFLES_B, "box": [2, 0]}]
    game = game_with(fire, us, [{"card": GRENADIERS, "box": [2, 1]}], faces=[1, 2] * 4)
    game.pieces[RIFLES_A].activated = True  # its shot would be lost: Fire! orders it first
    command(game, game.pieces[HQ], SimplePolicy())
    shots = [e for e in game.events if isinstance(e, ShotEvent)]
    assert [e.piece for e in shots] == [RIFLES_A]  # one icon, one card: the ACTIVATED one


@pytest.mark.rule("fall-back")
def test_the_policy_falls_back_a_battered_card(cards: CardCatalogue) -> None:
    deck = with_ability(cards, Ability(kind=AbilityKind.FALL_BACK))
    us = [{"card": HQ, "box": [1, 0]}, {"card": RIFLES_A, "box": [2, 1]}]
    game = game_with(deck, us, [{"card": GRENADIERS, "box": [3, 1]}], faces=[1, 2] * 10)
    game.pieces[RIFLES_A].suppressed = 1
    command(game, game.pieces[HQ], SimplePolicy())
    moved = [e for e in game.events if isinstance(e, MoveEvent) and e.how is MoveKind.FALL_BACK]
    assert [(e.piece, e.to) for e in moved] == [(RIFLES_A, (1, 1))]


def test_the_shipped_hedgerow_plays_forward_fire_and_fire_again(cards: CardCatalogue) -> None:
    """The example cards with these abilities are in Hedgerow Crossroads' decks: over ten
    seeds the simple policy orders Forward! and Fire! and makes a sure second attack."""
    scenario = load_tcg_scenario(HEDGEROW).scenario
    seen: set[str] = set()
    for seed in range(1, 11):
        for event in simulate(scenario, cards, seed=seed).events:
            if isinstance(event, AbilityEvent):
                seen.add(event.ability)
            if isinstance(event, ShotEvent) and event.again:
                seen.add("fire-again")
    assert {"forward", "fire", "fire-again"} <= seen
