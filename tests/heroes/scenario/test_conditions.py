"""Victory conditions read as English: `describe` renders every condition type, and a few
exact sentences from the shipped scenarios are pinned down."""

from __future__ import annotations

from functools import partial
from typing import get_args

import pytest
from pydantic import TypeAdapter

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.conditions import Condition, describe, references
from builder.io.paths import SCENARIOS_DIR
from builder.io.scenario_files import load_scenario

NAMES = {
    ("side", "cw"): "the Commonwealth player",
    ("side", "ge"): "the German player",
    ("objective", "hill"): "Hill 112",
    ("objective", "farm"): "the farm",
    ("objective", "church"): "the church",
    ("unit", "herold"): "Willi Herold",
    ("unit", "plane"): "Messerschmitt",
}
CONDITION: TypeAdapter[Condition] = TypeAdapter(Condition)


def name(kind: str, entry_id: str) -> str:
    return NAMES[(kind, entry_id)]


def said(data: dict[str, object]) -> str:
    return describe(CONDITION.validate_python(data), name)


CONTROL_ALL: dict[str, object] = {"type": "control", "side": "cw", "objectives": ["hill", "farm", "church"]}
EXACT: list[tuple[dict[str, object], str]] = [
    ({"type": "control", "side": "cw", "objectives": ["hill"]}, "the Commonwealth player controls Hill 112"),
    (CONTROL_ALL, "the Commonwealth player controls all of Hill 112, the farm and the church"),
    ({**CONTROL_ALL, "count": 2}, "the Commonwealth player controls 2 of Hill 112, the farm and the church"),
    ({**CONTROL_ALL, "count": 3}, "the Commonwealth player controls all of Hill 112, the farm and the church"),
    ({"type": "capture", "side": "cw", "unit": "herold"}, "the Commonwealth player has captured Willi Herold"),
    ({"type": "destroy", "unit": "plane"}, "Messerschmitt has been destroyed"),
    ({"type": "exited", "side": "ge"}, "at least 1 unit of the German player has left the battlefield"),
    (
        {"type": "exited", "side": "ge", "units": ["plane"], "at_least": 0, "at_most": 0, "verb": "taken off"},
        "no Messerschmitt of the German player has taken off",
    ),
    (
        {"type": "exited", "side": "ge", "units": ["plane"], "at_least": 1, "at_most": 1, "verb": "taken off"},
        "exactly 1 Messerschmitt of the German player has taken off",
    ),
    (
        {"type": "exited", "side": "ge", "units": ["plane", "herold"], "at_least": 2, "at_most": 4},
        "2 to 4 Messerschmitt or Willi Herold of the German player have left the battlefield",
    ),
    ({"type": "victory-points", "side": "ge", "at_least": 10}, "the German player has at least 10 victory points"),
    (
        {"type": "victory-points", "side": "ge", "more_than_opponent": True},
        "the German player has more victory points than the opponent",
    ),
    ({"type": "victory-points", "side": "ge"}, "the German player scores victory points"),
    (
        {
            "type": "all",
            "of": [{"type": "destroy", "unit": "plane"}, {"type": "capture", "side": "cw", "unit": "herold"}],
        },
        "Messerschmitt has been destroyed and the Commonwealth player has captured Willi Herold",
    ),
    (
        {"type": "any", "of": [{"type": "destroy", "unit": "plane"}, {"type": "destroy", "unit": "herold"}]},
        "Messerschmitt has been destroyed or Willi Herold has been destroyed",
    ),
    (
        {"type": "not", "condition": {"type": "capture", "side": "cw", "unit": "herold"}},
        "it is not the case that the Commonwealth player has captured Willi Herold",
    ),
]


@pytest.mark.parametrize(("data", "sentence"), EXACT, ids=[f"{d['type']}-{i}" for i, (d, _) in enumerate(EXACT)])
def test_exact_sentences(data: dict[str, object], sentence: str) -> None:
    assert said(data) == sentence


def test_every_condition_type_has_a_sentence() -> None:
    """Each member of the Condition union is covered by the table above."""
    union, _ = get_args(Condition)  # Annotated[the union, its discriminator]
    types = {get_args(model.model_fields["type"].annotation)[0] for model in get_args(union)}
    assert types == {data["type"] for data, _ in EXACT}


def test_a_missing_tag_is_filled_in_when_the_type_is_known() -> None:
    from builder.heroes.scenario.conditions import Destroy

    assert Destroy.model_validate({"unit": "plane"}).type == "destroy"


def test_shipped_conditions_read_as_english(bundled: Catalogue) -> None:
    """Every condition of every shipped scenario reads without ids, braces or doubled spaces,
    and the scenario's namer names every side, objective and unit by its printed name."""
    seen = 0
    for path in sorted(SCENARIOS_DIR.glob("*.yaml")):
        scenario = load_scenario(path).scenario
        sides = {s.id: s.name for s in scenario.sides}
        # A team (SoN p.10) is named by its players.
        sides |= {t: " and ".join(s.name for s in scenario.sides if s.team == t) for t in scenario.teams}
        objectives = {o.id: o.name for o in scenario.objectives}

        def printed(
            kind: str, entry_id: str, sides: dict[str, str] = sides, objectives: dict[str, str] = objectives
        ) -> str:
            found = {"side": sides, "objective": objectives}.get(kind)
            return found[entry_id] if found is not None else bundled.name_of("units", entry_id)

        conditions = [o.condition for o in scenario.victory.outcomes] + list(scenario.victory.end.early)
        conditions += [e.trigger for e in scenario.events if e.trigger is not None]
        for condition in conditions:
            text = describe(condition, scenario.namer(partial(bundled.name_of, "units")))
            assert text and "{" not in text and "  " not in text and not text.endswith("."), text
            for kind, entry_id in references(condition):
                assert printed(kind, entry_id) in text
            seen += 1
    assert seen >= 15


def test_the_sentences_of_rush_on_maltot(bundled: Catalogue) -> None:
    scenario = load_scenario(SCENARIOS_DIR / "rush-on-maltot.yaml").scenario
    assert describe(scenario.victory.outcomes[0].condition, scenario.namer()) == (
        "the 43rd Infantry Division side controls CW Primary Objective (the farm) or the 43rd Infantry Division side "
        "controls 2 of Field barn, Church and Bend of the forest track"
    )
