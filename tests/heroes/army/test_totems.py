"""Army composition in SoN: never more than two Totems at once (SoN p.16)."""

from __future__ import annotations

from typing import Any

from builder.heroes.army.models import ArmyList
from builder.heroes.army.validate import validate
from builder.heroes.catalogue.index import Catalogue
from tests.conftest import errors


def deep_ones(free: list[Any]) -> ArmyList:
    return ArmyList.model_validate(
        {
            "name": "Deep Ones",
            "game": "son",
            "faction": "son-deep-ones",
            "points_limit": 1000,
            "tiles": [{"tile": "son-do-shamans"}],
            "free_options": free,
        }
    )


def test_two_totems_are_legal_three_are_not(bundled: Catalogue) -> None:
    assert "markers.too-many" not in errors(validate(deep_ones(["son-totem"]), bundled))
    assert "markers.too-many" not in errors(validate(deep_ones(["son-totems"]), bundled))
    issues = validate(deep_ones(["son-totems", "son-totem"]), bundled)
    found = [i for i in issues if i.code == "markers.too-many"]
    assert len(found) == 1 and found[0].severity == "error"
    assert "3 Totem" in found[0].message and "2" in found[0].message and "SoN p.16" in found[0].message
    assert found[0].path == "free_options[1]"
