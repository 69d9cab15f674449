"""The scenario and force checks (TCG p.4-6, p.10, p.16-17), keyed on Issue codes."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from builder.kernel.diagnostics import Severity
from builder.tcg.cards import EventCard, EventEffect, EventEffectKind, HeroCard
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.check import check_cards, check_scenario
from builder.tcg.scenario import Scenario
from builder.tcg.terrain import Terrain
from tests.tcg.conftest import small, small_data

RATIONS = EventEffect(kind=EventEffectKind.DIRECTIVES, value=1)


def codes(scenario: Scenario, cards: CardCatalogue) -> set[str]:
    return {issue.code for issue in check_scenario(scenario, cards) if issue.severity is Severity.ERROR}


def test_the_small_scenario_is_playable(cards: CardCatalogue) -> None:
    assert codes(small(), cards) == set()


def test_a_battle_lasts_four_to_eight_turns(cards: CardCatalogue) -> None:
    assert "tcg.turns.range" in codes(small(turns=3), cards)
    assert "tcg.turns.range" in codes(small(turns=9), cards)
    assert "tcg.turns.range" not in codes(small(turns=8), cards)


@pytest.mark.rule("directive-cap")
def test_never_more_than_six_directives(cards: CardCatalogue) -> None:
    data = small_data()
    data["sides"][0]["directives"] = 7
    assert "tcg.directives.cap" in codes(Scenario.model_validate(data), cards)
    data["sides"][0]["directives"] = 6
    assert "tcg.directives.cap" not in codes(Scenario.model_validate(data), cards)


def test_each_unique_card_once_per_side(cards: CardCatalogue) -> None:
    data = small_data()
    data["sides"][0]["force"]["deck"].append({"card": "us-rifle-company-a"})
    assert "tcg.force.unique" in codes(Scenario.model_validate(data), cards)


def test_decoys_repeat_but_deploy_hidden(cards: CardCatalogue) -> None:
    data = small_data()
    data["sides"][0]["force"]["deck"].append({"card": "us-decoy", "count": 3})
    data["sides"][0]["force"]["deployment"].append({"card": "us-decoy", "box": [0, 0], "hidden": True})
    assert codes(Scenario.model_validate(data), cards) == set()
    data["sides"][0]["force"]["deployment"][-1]["hidden"] = False
    assert "tcg.decoy.visible" in codes(Scenario.model_validate(data), cards)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"card": "de-grenadier-gruppe-a", "box": [0, 2]}, "tcg.force.insignia"),
        ({"card": "no-such-card", "box": [0, 2]}, "tcg.card.unknown"),
        ({"card": "us-m10", "box": [1, 1]}, "tcg.deploy.occupied"),
        ({"card": "us-m10", "box": [9, 9]}, "tcg.board.box"),
        ({"card": "us-clint", "box": [0, 2]}, "tcg.deploy.not-unit"),
    ],
)
def test_deployment_errors(cards: CardCatalogue, change: dict[str, Any], code: str) -> None:
    data = small_data()
    data["sides"][0]["force"]["deck"] = [{"card": "us-supply-drop"}]
    data["sides"][0]["force"]["deployment"].append(change)
    assert code in codes(Scenario.model_validate(data), cards)


def test_an_event_card_of_one_army_goes_into_that_armys_deck_only(cards: CardCatalogue) -> None:
    """Field Supplies is a German card: in the Americans' deck it is refused like a German
    Unit Card would be (TCG p.4); an Event Card of no army fits either deck (p.9)."""
    data = small_data()
    data["sides"][0]["force"]["deck"].append({"card": "de-field-supplies"})
    issues = check_scenario(Scenario.model_validate(data), cards)
    refused = [(i.code, i.path) for i in issues if i.severity is Severity.ERROR]
    assert refused == [("tcg.force.insignia", "sides[0].force.deck[2].card")]
    both = CardCatalogue({**cards.cards, "any-ration": EventCard(id="any-ration", name="Rations", effect=RATIONS)})
    for side in (0, 1):
        data = small_data()
        data["sides"][side]["force"]["deck"].append({"card": "any-ration"})
        assert codes(Scenario.model_validate(data), both) == set()


def test_each_shipped_event_card_is_of_the_army_whose_file_holds_it(cards: CardCatalogue) -> None:
    """The two Historical Event cards, and every other, say their army: a deck can take only
    its own (the data is an example: the book prints no Event Card)."""
    events = [card for card in cards.cards.values() if isinstance(card, EventCard)]
    assert {(card.id.split("-")[0], card.insignia) for card in events} == {("us", "us"), ("de", "german")}
    historical = sorted((card.insignia, card.id) for card in events if card.historical)
    assert historical == [("german", "de-historical-event"), ("us", "us-historical-event")]


@pytest.mark.rule("hero-cards")
def test_a_hero_goes_only_where_its_condition_allows(cards: CardCatalogue) -> None:
    """Clint: an infantry unit, mechanised or not, but not a paratrooper (TCG p.10)."""
    clint = cards.get("us-clint")
    rifle, paras, halftrack, m10 = (
        cards.unit(i) for i in ("us-rifle-company-a", "us-parachute-rifle-section", "us-m3-half-track", "us-m10")
    )
    assert isinstance(clint, HeroCard)
    assert rifle and paras and halftrack and m10
    condition = clint.condition
    assert condition.admits(rifle) and condition.admits(halftrack)
    assert not condition.admits(paras) and not condition.admits(m10)
    data = small_data()
    data["sides"][0]["force"]["deployment"][0]["hero"] = "us-clint"
    assert codes(Scenario.model_validate(data), cards) == set()
    data["sides"][0]["force"]["deployment"][0]["card"] = "us-parachute-rifle-section"
    assert "tcg.hero.condition" in codes(Scenario.model_validate(data), cards)


def test_a_hero_nobody_can_carry_is_a_warning(cards: CardCatalogue) -> None:
    data = small_data()
    data["sides"][0]["force"] = {"deployment": [{"card": "us-m10", "box": [1, 1]}], "deck": [{"card": "us-clint"}]}
    found = {i.code: i.severity for i in check_scenario(Scenario.model_validate(data), cards)}
    assert found["tcg.hero.no-carrier"] is Severity.WARNING


def test_a_historical_event_card_needs_historical_events(cards: CardCatalogue) -> None:
    data = small_data()
    data["sides"][0]["force"]["deck"].append({"card": "us-historical-event"})
    assert "tcg.deck.historical" in codes(Scenario.model_validate(data), cards)
    data["sides"][0]["historical_events"] = [
        {"id": "drop", "name": "Drop zone", "effect": {"kind": "directives", "value": 1}}
    ]
    assert "tcg.deck.historical" not in codes(Scenario.model_validate(data), cards)


def test_victory_conditions_name_real_sides_and_objectives(cards: CardCatalogue) -> None:
    assert "tcg.victory.objective" in codes(
        small(victory=[{"kind": "control", "side": "us", "objectives": ["mill"]}]), cards
    )
    assert "tcg.victory.side" in codes(small(victory=[{"kind": "destroy", "side": "soviets", "count": 2}]), cards)
    assert "tcg.first-player.unknown" in codes(small(first_player="soviets"), cards)


@pytest.mark.rule("ford")
def test_a_ford_goes_in_water(cards: CardCatalogue) -> None:
    markers = [*small_data()["markers"], {"box": [1, 0], "kind": "ford"}]
    assert "tcg.marker.ford" in codes(small(markers=markers), cards)
    terrain = [*small_data()["terrain"], {"box": [1, 0], "terrain": "water"}]
    assert "tcg.marker.ford" not in codes(small(markers=markers, terrain=terrain), cards)


def test_units_cannot_stand_in_water(cards: CardCatalogue) -> None:
    terrain = [*small_data()["terrain"], {"box": [1, 1], "terrain": "water"}]
    assert "tcg.deploy.water" in codes(small(terrain=terrain), cards)


@pytest.mark.rule("trench", "fortified-hill")
def test_the_seven_terrain_types_and_no_trench() -> None:
    assert len([t for t in Terrain if t is not Terrain.OPEN]) == 7
    with pytest.raises(ValidationError):
        small(terrain=[{"box": [1, 1], "terrain": "trench"}])
    assert Terrain.URBAN.save == 6 and Terrain.FORTIFIED_HILL.save == 6 and Terrain.FOREST.save is None
    assert Terrain.FORTIFIED_HILL.range_bonus == 1 and Terrain.FORTIFIED_POSITION.tanks_only_seize


def test_tanks_are_always_armoured(cards: CardCatalogue) -> None:
    m10 = cards.unit("us-m10")
    assert m10 is not None
    soft = CardCatalogue({**cards.cards, "x": m10.model_copy(update={"id": "x", "armoured": False})})
    assert "tcg.card.tank-armour" in {i.code for i in check_cards(soft)}
    assert check_cards(cards) == []


@pytest.mark.rule("victory")
def test_victory_conditions_read_as_english() -> None:
    text = small(
        victory=[
            {"kind": "control", "side": "us", "objectives": ["farm"]},
            {"kind": "destroy", "side": "german", "count": 2, "when": "end-of-game"},
        ]
    ).victory_text()
    assert text == [
        "The Americans side wins when it controls the farm at the end of a turn.",
        "The Germans side wins when it has destroyed 2 enemy Unit Cards at the end of the game.",
        "Otherwise the Germans side wins at the end of turn 4.",
    ]
