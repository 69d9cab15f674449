"""The catalogue model holds what the books say and refuses what they don't allow."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import ValidationError

from builder.heroes.catalogue.base import AbilityRef
from builder.heroes.catalogue.recruitment import RecruitmentOption, Shape
from builder.heroes.catalogue.units import CombatValues, DefenseColour, Unit

INFANTRY_SIDE = {
    "state": "unharmed",
    "defense": {"value": 4},
    "movement": 4,
    "combat": {"infantry": 2, "light": 0, "heavy": "X"},
    "on_hit": "flip",
}


def unit(**fields: Any) -> Unit:
    data: dict[str, Any] = {
        "id": "u",
        "name": "U",
        "faction": "us",
        "type": "infantry",
        "sides": [INFANTRY_SIDE, {**INFANTRY_SIDE, "on_hit": "destroyed"}],
        "source": "example",
    }
    data.update(fields)
    return Unit.model_validate(data)


def test_x_means_cannot_attack_that_colour() -> None:
    values = unit().front.combat
    assert values is not None
    assert values.heavy is None
    assert values.against(DefenseColour.INFANTRY) == 2
    assert values.model_dump() == {"infantry": 2, "light": 0, "heavy": "X"}


def test_against_a_large_creature_any_combat_value_may_be_used() -> None:
    assert CombatValues(infantry=2, light=4, heavy=None).against(DefenseColour.CREATURE) == 4


def test_a_heavy_vehicle_has_front_side_and_rear_defense() -> None:
    side = {
        "state": "unharmed",
        "defense": {"value": 8},
        "movement": 5,
        "weapons": [{"name": "gun", "role": "both", "combat": {"infantry": 1, "light": 1, "heavy": 1}}],
        "on_hit": "damage",
    }
    with pytest.raises(ValidationError, match="front, side and rear"):
        unit(type="heavy-vehicle", footprint=2, sides=[side, {"state": "wreck"}])
    side["defense"] = {"front": 9, "side": 7, "rear": 6}
    tank = unit(type="heavy-vehicle", footprint=2, sides=[side, {"state": "wreck"}])
    assert tank.front.defense is not None and tank.front.defense.label() == "9/7/6"


def test_only_large_creatures_take_four_squares() -> None:
    with pytest.raises(ValidationError, match="four squares"):
        unit(footprint=4)


def test_a_usable_side_says_what_a_hit_does() -> None:
    with pytest.raises(ValidationError, match="on_hit"):
        unit(sides=[{k: v for k, v in INFANTRY_SIDE.items() if k != "on_hit"}, INFANTRY_SIDE])


def test_abilities_read_compact_and_write_compact() -> None:
    assert AbilityRef.model_validate("assault") == AbilityRef(id="assault")
    assert AbilityRef.model_validate({"order": 2}) == AbilityRef(id="order", value=2)
    assert AbilityRef(id="order", value=2).model_dump() == {"order": 2}
    # pydantic types model_dump as a dict; the plain model_serializer (_IdWithNumber._dump) returns the bare id.
    assert AbilityRef(id="assault").model_dump() == "assault"  # type: ignore[comparison-overlap]


def test_side_ability_values() -> None:
    side = unit(sides=[{**INFANTRY_SIDE, "abilities": [{"order": 2}, "assault"]}, INFANTRY_SIDE]).front
    assert side.ability_value("order") == 2
    assert side.ability_value("assault") == 0
    assert side.ability_value("scout") is None


def test_shapes_match_exactly() -> None:
    assert Shape.model_validate("2x1").fits_in(Shape.model_validate("2x1"))
    assert not Shape.model_validate("1x1").fits_in(Shape.model_validate("2x1"))
    with pytest.raises(ValidationError, match="WxH"):
        Shape.model_validate("big")


@pytest.mark.parametrize("source", ["HoN core p.28", "BfC p.09", "SoN p.17-18", "HoN core p.21; SoN p.17", "example"])
def test_sources_are_pages_or_example(source: str) -> None:
    assert unit(source=source).source == source


@pytest.mark.parametrize("source", ["p.28", "the core book", "HoN core page 3", ""])
def test_vague_sources_are_refused(source: str) -> None:
    with pytest.raises(ValidationError, match="rule-book page"):
        unit(source=source)


def test_unprinted_must_name_real_fields() -> None:
    with pytest.raises(ValidationError, match="unprinted"):
        unit(source="HoN core p.4", unprinted=["price"])


def option(**fields: Any) -> RecruitmentOption:
    data: dict[str, Any] = {
        "id": "o",
        "name": "O",
        "kind": "gear",
        "faction": "us",
        "cost": 5,
        "stripes": ["a", "a"],
        "source": "example",
    }
    data.update(fields)
    return RecruitmentOption.model_validate(data)


def test_support_options_bring_counters_and_others_do_not() -> None:
    with pytest.raises(ValidationError, match="composition"):
        option(kind="support")
    with pytest.raises(ValidationError, match="only support options"):
        option(composition=["u"])


def test_only_free_options_may_lack_stripes() -> None:
    with pytest.raises(ValidationError, match="stripes"):
        option(stripes=[])
    assert option(stripes=[], free=True).free


def test_typos_are_errors_not_ignored() -> None:
    with pytest.raises(ValidationError, match="extra"):
        option(costs=5)
