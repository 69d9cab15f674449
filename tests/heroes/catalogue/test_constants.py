"""The catalogue's shared values, built without validation so that importing the models
builds no validator, are the values validation gives."""

from builder.heroes.catalogue.recruitment import SMALL, Shape
from builder.heroes.catalogue.terrain import NO_EFFECTS, TerrainEffects


def test_the_small_shape_is_a_validated_one_by_one() -> None:
    validated = Shape.model_validate("1x1")
    assert SMALL == validated == Shape(width=1, height=1)
    assert str(SMALL) == "1x1" and SMALL.area == 1
    assert SMALL.model_fields_set == Shape(width=1, height=1).model_fields_set


def test_no_effects_are_the_defaults_validated() -> None:
    validated = TerrainEffects()
    assert validated == NO_EFFECTS
    assert NO_EFFECTS.model_dump() == validated.model_dump()
    assert NO_EFFECTS.model_fields_set == validated.model_fields_set == set()
