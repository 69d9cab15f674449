"""Abilities, shooting effects, markers and terrain in play (TCG p.10-12, p.16-17)."""

from __future__ import annotations

from typing import Any

import pytest

from builder.tcg.cards import Ability, AbilityKind, Effect, EffectKind, Shooting
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.activation import Activation, IllegalAction, end
from builder.tcg.rules.events import DestroyedEvent, DirectiveEvent, MarkersEvent, RevealEvent, ShotResult
from builder.tcg.rules.saves import save_against, visible_save
from builder.tcg.rules.shooting import bonuses, shoot
from builder.tcg.rules.turn import open_phase
from tests.tcg.rules.helpers import Scripted, game_with, table

RIFLES = {"card": "us-rifle-company-a", "box": [1, 1]}
TARGET = {"card": "de-grenadier-gruppe-b", "box": [2, 1]}  # infantry, 2 hit points, no save


def variant(cards: CardCatalogue, card_id: str, **update: Any) -> CardCatalogue:
    """The catalogue with one card changed."""
    card = cards.cards[card_id]
    return CardCatalogue({**cards.cards, card_id: card.model_copy(update=update)})


def effects(*found: Effect, value: int = 8) -> list[Shooting]:
    return [Shooting(value=value, effects=list(found))]


@pytest.mark.rule("double-hits")
def test_double_hits(cards: CardCatalogue) -> None:
    deck = variant(cards, "us-rifle-company-a", shooting=effects(Effect(kind=EffectKind.DOUBLE_HITS)))
    game = game_with(deck, [RIFLES], [TARGET], faces=[4, 5])
    event = shoot(game, game.pieces["us-rifle-company-a"], 0, game.pieces["de-grenadier-gruppe-b"], table(game))
    assert event.hits == 2 and "de-grenadier-gruppe-b" not in game.pieces


@pytest.mark.rule("relentless-assault", "sustained-fire")
def test_relentless_assault_and_sustained_fire_add_to_the_roll(cards: CardCatalogue) -> None:
    weapon = effects(
        Effect(kind=EffectKind.RELENTLESS_ASSAULT, value=1), Effect(kind=EffectKind.SUSTAINED_FIRE, value=1)
    )
    deck = variant(cards, "us-rifle-company-a", shooting=weapon)
    game = game_with(deck, [RIFLES], [TARGET])
    target = game.pieces["de-grenadier-gruppe-b"]
    target.suppressed = 2
    found = bonuses(game, game.pieces["us-rifle-company-a"], weapon[0], target)
    assert sum(m.value for m in found) == 3


@pytest.mark.rule("defenceless-passive", "defenceless")
def test_defenceless_weapon_and_passive_ability(cards: CardCatalogue) -> None:
    deck = variant(cards, "de-grenadier-gruppe-b", save=4)
    game = game_with(deck, [RIFLES], [TARGET])
    rifles, target = game.pieces["us-rifle-company-a"], game.pieces["de-grenadier-gruppe-b"]
    assert save_against(game, target, rifles.shooting[0], rifles) is not None
    assert save_against(game, target, effects(Effect(kind=EffectKind.DEFENCELESS))[0], rifles) is None
    deck = variant(deck, "us-rifle-company-a", abilities=[Ability(kind=AbilityKind.DEFENCELESS)])
    game = game_with(deck, [RIFLES], [TARGET])
    assert save_against(game, game.pieces["de-grenadier-gruppe-b"], rifles.shooting[0], rifles) is None


@pytest.mark.rule("lumbering")
def test_lumbering_uses_the_other_value_after_moving(cards: CardCatalogue) -> None:
    weapon = effects(Effect(kind=EffectKind.LUMBERING, value=10), value=7)
    deck = variant(cards, "us-rifle-company-a", shooting=weapon)
    game = game_with(deck, [{"card": "us-rifle-company-a", "box": [1, 2]}], [TARGET], faces=[4, 4])
    act = Activation(game, game.pieces["us-rifle-company-a"])
    act.move((1, 1))
    event = act.fire(0, game.pieces["de-grenadier-gruppe-b"], table(game))
    assert "needing 10" in event.text and event.result is ShotResult.SUPPRESSED  # 8 < 10, a double


@pytest.mark.rule("encouragement", "support", "defenders", "resistance")
def test_encouragement_support_resistance_defenders(cards: CardCatalogue) -> None:
    deck = variant(
        cards,
        "us-infantry-command-hq",
        abilities=[
            Ability(kind=AbilityKind.ENCOURAGEMENT, restriction=["infantry"]),
            Ability(kind=AbilityKind.SUPPORT, value=4),
        ],
    )
    hq = {"card": "us-infantry-command-hq", "box": [0, 1]}
    game = game_with(deck, [hq, RIFLES], [TARGET])
    rifles = game.pieces["us-rifle-company-a"]
    assert any(
        m.label == "Encouragement"
        for m in bonuses(game, rifles, rifles.shooting[0], game.pieces["de-grenadier-gruppe-b"])
    )
    save = visible_save(game, rifles)
    assert save is not None and save.value == 4
    deck = variant(
        cards, "de-grenadier-gruppe-b", abilities=[Ability(kind=AbilityKind.RESISTANCE, value=5, terrain=["forest"])]
    )
    game = game_with(deck, [RIFLES], [TARGET])
    assert visible_save(game, game.pieces["de-grenadier-gruppe-b"]) is None
    game = game_with(deck, [RIFLES], [TARGET], terrain=[{"box": [2, 1], "terrain": "forest"}])
    save = visible_save(game, game.pieces["de-grenadier-gruppe-b"])
    assert save is not None and save.value == 5
    deck = variant(cards, "de-grenadier-gruppe-b", abilities=[Ability(kind=AbilityKind.DEFENDERS, value=1)])
    game = game_with(deck, [RIFLES], [TARGET], terrain=[{"box": [2, 1], "terrain": "urban"}])
    save = visible_save(game, game.pieces["de-grenadier-gruppe-b"])
    assert save is not None and save.value == 5


@pytest.mark.rule("fragile")
def test_fragile_goes_back_to_the_reserve(cards: CardCatalogue) -> None:
    deck = variant(cards, "de-grenadier-gruppe-b", abilities=[Ability(kind=AbilityKind.FRAGILE, value=1)])
    game = game_with(deck, [RIFLES], [TARGET], faces=[2, 2])
    rifles = game.pieces["us-rifle-company-a"]
    shoot(game, rifles, 0, game.pieces["de-grenadier-gruppe-b"], table(game))
    assert "de-grenadier-gruppe-b" not in game.pieces
    assert [c.id for c in game.players["german"].reserve] == ["de-grenadier-gruppe-b"]
    gone = [e for e in game.events if isinstance(e, DestroyedEvent)]
    assert [(e.piece, e.fragile) for e in gone] == [("de-grenadier-gruppe-b", True)]
    assert game.players["us"].destroyed == 0  # back to the reserve, not destroyed


@pytest.mark.rule("elan", "medics", "reinforcements", "rally")
def test_elan_reinforcements_rally_medics(cards: CardCatalogue) -> None:
    abilities = [
        Ability(kind=AbilityKind.ELAN, uses=2),
        Ability(kind=AbilityKind.RALLY),
        Ability(kind=AbilityKind.MEDICS, value=3),
    ]
    deck = variant(cards, "us-infantry-command-hq", abilities=abilities)
    game = game_with(
        deck, [{"card": "us-infantry-command-hq", "box": [0, 1]}, RIFLES], [TARGET], faces=[5], directives=(0, 0)
    )
    rifles = game.pieces["us-rifle-company-a"]
    rifles.suppressed, rifles.hits = 1, 0
    act = Activation(game, game.pieces["us-infantry-command-hq"])
    act.use(0)
    act.use(1, rifles)
    assert game.players["us"].directives == 2 and rifles.suppressed == 0
    rifles.hits = 1
    enemy = game.pieces["de-grenadier-gruppe-b"]
    enemy.hits = 1
    with pytest.raises(IllegalAction):
        act.use(2, enemy)  # in reach, but an enemy: Medics tend friendly cards
    assert enemy.hits == 1
    act.use(2, rifles)
    assert rifles.hits == 0
    told = [(e.ability, e.hits, e.suppressed) for e in game.events if isinstance(e, MarkersEvent)]
    assert told == [("rally", 0, -1), ("medics", -1, 0)]
    deck = variant(cards, "us-infantry-command-hq", abilities=[Ability(kind=AbilityKind.REINFORCEMENTS, uses=2)])
    game = game_with(deck, [{"card": "us-infantry-command-hq", "box": [0, 1]}], [TARGET])
    m10 = cards.unit("us-m10")
    assert m10 is not None
    game.players["us"].reserve = [m10, m10, m10]
    Activation(game, game.pieces["us-infantry-command-hq"]).use(0)
    assert len(game.players["us"].hand) == 2 and len(game.players["us"].reserve) == 1


@pytest.mark.rule("amphibious", "disorientated")
def test_disorientated_and_amphibious(cards: CardCatalogue) -> None:
    game = game_with(cards, [RIFLES], [{"card": "de-ost-bataillon", "box": [2, 1]}])
    assert not game.can_use_directive(game.pieces["de-ost-bataillon"])
    deck = variant(cards, "us-rifle-company-a", abilities=[Ability(kind=AbilityKind.AMPHIBIOUS)])
    game = game_with(deck, [RIFLES], [TARGET], terrain=[{"box": [1, 2], "terrain": "water"}])
    assert (1, 2) in Activation(game, game.pieces["us-rifle-company-a"]).moves()


@pytest.mark.rule("depot", "shooting-bonus", "defence-bonus")
def test_markers_depot_bonus_and_defence(cards: CardCatalogue) -> None:
    markers: list[dict[str, Any]] = [
        {"box": [1, 1], "kind": "depot"},
        {"box": [1, 1], "kind": "shooting-bonus", "value": 2},
        {"box": [2, 1], "kind": "defence-bonus", "value": 4},
    ]
    game = game_with(cards, [RIFLES], [TARGET], markers=markers, directives=(0, 0))
    rifles, target = game.pieces["us-rifle-company-a"], game.pieces["de-grenadier-gruppe-b"]
    assert sum(m.value for m in bonuses(game, rifles, rifles.shooting[0], target)) == 2
    save = visible_save(game, target)
    assert save is not None and save.value == 4
    open_phase(game, table(game))
    depot = [e for e in game.events if isinstance(e, DirectiveEvent) and e.page == "TCG p.16"]
    assert [(e.side, e.change) for e in depot] == [("us", 1)]


@pytest.mark.rule("forest")
def test_a_card_hides_in_a_forest_after_its_activation(cards: CardCatalogue) -> None:
    game = game_with(
        cards,
        [{"card": "us-rifle-company-a", "box": [0, 0]}],
        [{"card": "de-bunker", "box": [4, 3]}],
        terrain=[{"box": [0, 0], "terrain": "forest"}],
    )
    end(game, game.pieces["us-rifle-company-a"], table(game, Scripted(hide=True)))
    assert game.pieces["us-rifle-company-a"].hidden
    assert [(e.piece, e.hidden) for e in game.events if isinstance(e, RevealEvent)] == [("us-rifle-company-a", True)]


def test_a_card_in_a_forest_stays_visible_when_its_player_says_so(cards: CardCatalogue) -> None:
    """TCG p.17: it "can turn face-down" — its player's choice, asked at the end of the
    activation; never next to an enemy, when nothing is asked."""
    forest = [{"box": [0, 0], "terrain": "forest"}]
    game = game_with(
        cards, [{"card": "us-rifle-company-a", "box": [0, 0]}], [{"card": "de-bunker", "box": [4, 3]}], terrain=forest
    )
    player = Scripted(hide=False)
    end(game, game.pieces["us-rifle-company-a"], table(game, player))
    assert not game.pieces["us-rifle-company-a"].hidden and [d.kind for d in player.asked] == ["hide-in-forest"]
    game = game_with(
        cards, [{"card": "us-rifle-company-a", "box": [0, 0]}], [{"card": "de-bunker", "box": [1, 1]}], terrain=forest
    )
    player = Scripted(hide=True)
    end(game, game.pieces["us-rifle-company-a"], table(game, player))
    assert not game.pieces["us-rifle-company-a"].hidden and player.asked == []


@pytest.mark.rule("suppressive-fire-seven", "suppressive-fire-infantry", "suppressive-fire-hit-tank")
def test_the_other_suppressive_fires(cards: CardCatalogue) -> None:
    """TCG p.12: exactly 7 suppresses any type; 7 or more suppresses infantry; a HIT on a
    tank also suppresses it."""
    seven = variant(
        cards, "us-rifle-company-a", shooting=effects(Effect(kind=EffectKind.SUPPRESSIVE_ON_SEVEN), value=9)
    )
    game = game_with(seven, [RIFLES], [{"card": "de-panzer-iv", "box": [2, 1]}], faces=[3, 4])
    rifles = game.pieces["us-rifle-company-a"]
    assert shoot(game, rifles, 0, game.pieces["de-panzer-iv"], table(game)).suppressed == 1
    infantry = variant(
        cards, "us-rifle-company-a", shooting=effects(Effect(kind=EffectKind.SUPPRESSIVE_INFANTRY), value=10)
    )
    game = game_with(infantry, [RIFLES], [TARGET, {"card": "de-panzer-iv", "box": [2, 2]}], faces=[3, 5, 3, 5])
    rifles = game.pieces["us-rifle-company-a"]
    assert shoot(game, rifles, 0, game.pieces["de-grenadier-gruppe-b"], table(game)).suppressed == 1
    assert shoot(game, rifles, 0, game.pieces["de-panzer-iv"], table(game)).suppressed == 0
    tank = variant(
        cards,
        "us-m10",
        shooting=effects(Effect(kind=EffectKind.ARMOUR_PIERCING), Effect(kind=EffectKind.SUPPRESSIVE_HIT_TANK)),
    )
    game = game_with(
        tank, [{"card": "us-m10", "box": [1, 1]}], [{"card": "de-panzer-iv", "box": [2, 1]}], faces=[5, 5, 1]
    )
    m10 = game.pieces["us-m10"]
    event = shoot(game, m10, 0, game.pieces["de-panzer-iv"], table(game))
    assert event.hits == 1 and event.suppressed == 1


def test_a_heros_shooting_effect_applies_to_every_attack(cards: CardCatalogue) -> None:
    """Clint's Sustained Fire +1 on the Rifle Company: 7 on the dice against 8 hits (TCG p.10)."""
    game = game_with(cards, [{**RIFLES, "hero": "us-clint"}], [TARGET], faces=[3, 4])
    rifles = game.pieces["us-rifle-company-a"]
    event = shoot(game, rifles, 0, game.pieces["de-grenadier-gruppe-b"], table(game))
    assert event.result is ShotResult.HIT and event.rolls[0].total == 8


def test_a_scenario_event_happens_on_its_turn(cards: CardCatalogue) -> None:
    from builder.tcg.scenario import ScenarioEvent

    game = game_with(cards, [RIFLES], [TARGET], directives=(5, 0), faces=[2, 3] * 30)
    event = ScenarioEvent.model_validate({"turn": 1, "side": "us", "effect": {"kind": "directives", "value": 2}})
    game.scenario = game.scenario.model_copy(update={"events": [event]})
    open_phase(game, table(game))
    told = next(e for e in game.events if isinstance(e, DirectiveEvent) and "scenario event" in e.text)
    assert told.change == 1 and told.total == 6  # compulsory, and capped at six


@pytest.mark.rule("amphibious")
def test_an_amphibious_card_in_water_uses_no_directive(cards: CardCatalogue) -> None:
    """TCG p.12, Amphibious: "counts Water boxes as flooded boxes"; p.17: "A Unit Card in a
    flooded box cannot use DIRECTIVE markers" — no forced march, no +1 on its shots."""
    deck = variant(cards, "us-rifle-company-a", abilities=[Ability(kind=AbilityKind.AMPHIBIOUS)])
    game = game_with(
        deck, [RIFLES], [{**TARGET, "box": [2, 2]}], faces=[3, 4], terrain=[{"box": [1, 2], "terrain": "water"}]
    )
    rifles = game.pieces["us-rifle-company-a"]
    act = Activation(game, rifles)
    assert game.can_use_directive(rifles) and act.forced_marches()  # on dry land
    act.move((1, 2))
    assert not game.can_use_directive(rifles) and act.forced_marches() == []
    event = act.fire(
        0, game.pieces["de-grenadier-gruppe-b"], table(game, Scripted(sustain=True))
    )  # 7 against 8: +1 would hit
    assert event.result is ShotResult.MISS and event.directives == () and game.players["us"].directives == 2


@pytest.mark.rule("lumbering")
def test_lumbering_moving_value_after_a_forced_march_or_a_seize(cards: CardCatalogue) -> None:
    """TCG p.12, Lumbering: "If it moves, it uses the shooting value next to the blue arrow" —
    any move: a forced march (p.14) or seize their position! (p.9) as well as its move."""
    lumbering = Shooting(value=7, effects=[Effect(kind=EffectKind.LUMBERING, value=10)])
    deck = variant(cards, "us-rifle-company-a", shooting=[lumbering])
    game = game_with(deck, [RIFLES], [TARGET], faces=[3, 5])  # 8: a HIT on 7, a miss on 10
    act = Activation(game, game.pieces["us-rifle-company-a"])
    assert act.fire(0, game.pieces["de-grenadier-gruppe-b"], table(game)).success  # standing: 7
    game = game_with(deck, [{**RIFLES, "box": [1, 2]}], [TARGET], faces=[3, 5])
    act = Activation(game, game.pieces["us-rifle-company-a"])
    act.march((1, 1))
    assert not act.fire(0, game.pieces["de-grenadier-gruppe-b"], table(game)).success
    deck = variant(cards, "us-rifle-company-a", shooting=[Shooting(value=7), lumbering])
    german = [{"card": "de-grenadier-gruppe-a", "box": [2, 1]}, {**TARGET, "box": [3, 1]}]
    game = game_with(deck, [RIFLES], german, faces=[3, 5, 3, 5])
    act = Activation(game, game.pieces["us-rifle-company-a"])
    act.fire(0, game.pieces["de-grenadier-gruppe-a"], table(game))  # destroyed: one hit point
    act.seize()
    assert not act.fire(1, game.pieces["de-grenadier-gruppe-b"], table(game)).success


@pytest.mark.rule("lumbering")
def test_lumbering_after_a_standing_shot_makes_no_move(cards: CardCatalogue) -> None:
    """TCG p.12, Lumbering: "If the Unit Card does not move during its activation, it uses the
    shooting value next to the stop sign" — a card that has shot at that value stays put for
    the rest of its activation: no move, forced march or seize after (as Fire or Move)."""
    lumbering = Shooting(value=7, effects=[Effect(kind=EffectKind.LUMBERING, value=10)])
    deck = variant(cards, "us-rifle-company-a", shooting=[lumbering])
    german = [{"card": "de-grenadier-gruppe-a", "box": [2, 1]}]  # one hit point, no save
    game = game_with(deck, [RIFLES], german, faces=[3, 5])  # 8: a HIT on 7
    act = Activation(game, game.pieces["us-rifle-company-a"])
    assert act.moves() and act.forced_marches()
    assert act.fire(0, game.pieces["de-grenadier-gruppe-a"], table(game)).success  # standing: 7
    assert (act.moves(), act.forced_marches(), act.can_seize()) == ([], [], False)
    with pytest.raises(IllegalAction):
        act.move((1, 2))
    assert game.pieces["us-rifle-company-a"].box == (1, 1) and game.players["us"].directives == 2
    # Moved first, it shoots at its moving value and may still make its forced march.
    game = game_with(deck, [{**RIFLES, "box": [1, 2]}], german, faces=[6, 6])
    act = Activation(game, game.pieces["us-rifle-company-a"])
    act.move((1, 1))
    assert act.fire(0, game.pieces["de-grenadier-gruppe-a"], table(game)).success  # 12 against 10
    assert act.forced_marches()
