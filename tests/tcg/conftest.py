"""Shared fixtures: the bundled cards and a small scenario to vary."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from builder.io.paths import SCENARIOS_DIR
from builder.io.tcg_files import load_cards
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.scenario import Scenario

TCG_SCENARIOS = sorted((SCENARIOS_DIR / "tcg").glob("*.yaml"))
HEDGEROW = SCENARIOS_DIR / "tcg" / "hedgerow-crossroads.yaml"
VIRE = SCENARIOS_DIR / "tcg" / "vire-aid-post.yaml"

SMALL: dict[str, Any] = {
    "format": "tcg-scenario",
    "version": 1,
    "game": "tcg",
    "id": "small",
    "title": "Small",
    "board": {"columns": 4, "rows": 3},
    "terrain": [{"box": [2, 1], "terrain": "urban"}],
    "markers": [{"box": [2, 1], "kind": "objective", "id": "farm", "name": "the farm"}],
    "turns": 4,
    "first_player": "us",
    "sides": [
        {
            "id": "us",
            "name": "Americans",
            "insignia": "us",
            "command": 2,
            "directives": 2,
            "reinforcement_zone": [[0, 0], [0, 1], [0, 2]],
            "force": {
                "deployment": [{"card": "us-rifle-company-a", "box": [1, 1]}],
                "deck": [{"card": "us-m10"}, {"card": "us-supply-drop"}],
            },
        },
        {
            "id": "german",
            "name": "Germans",
            "insignia": "german",
            "command": 2,
            "reinforcement_zone": [[3, 0], [3, 1], [3, 2]],
            "force": {
                "deployment": [{"card": "de-grenadier-gruppe-b", "box": [2, 1]}],
                "deck": [{"card": "de-field-supplies"}],
            },
        },
    ],
    "victory": [{"kind": "control", "side": "us", "objectives": ["farm"]}],
    "otherwise": "german",
}


def small(**changes: Any) -> Scenario:
    data = copy.deepcopy(SMALL)
    data.update(changes)
    return Scenario.model_validate(data)


def small_data() -> dict[str, Any]:
    return copy.deepcopy(SMALL)


@pytest.fixture(scope="session")
def cards() -> CardCatalogue:
    catalogue, issues = load_cards()
    assert issues == []
    return catalogue


def path_of(name: str) -> Path:
    return SCENARIOS_DIR / "tcg" / name
