"""`hon scenario check`: every rule of builder/heroes/scenario/validate.py with a scenario that keeps
it and one that breaks it, on the hand-made mini catalogue and the duel fixture."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

import pytest
import yaml

from builder.heroes.army.models import ArmyList
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.models import Scenario
from builder.heroes.scenario.validate import validate_scenario
from builder.kernel.diagnostics import Issue, Severity, is_legal
from tests.conftest import FIXTURES, army

Data = dict[str, Any]
DUEL: Data = yaml.safe_load((FIXTURES / "scenarios" / "duel.yaml").read_text(encoding="utf-8"))


def base() -> Data:
    """The duel on one board's worth of clean rules: the farm objective sits on a square,
    because the duel's two boards both carry the element `farm` (see objective.ambiguous)."""
    data = copy.deepcopy(DUEL)
    data["objectives"][0] = {"id": "farm", "name": "The farm", "kind": "primary", "at": [3, 1]}
    for force in data["forces"]:  # lists named, not read: `armies` gives those a check reads
        force["army"] = f"{force['side']}.yaml"
    return data


def check(
    catalogue: Catalogue, change: Callable[[Data], Any] | None = None, armies: Mapping[str, ArmyList] | None = None
) -> list[Issue]:
    data = base()
    if change is not None:
        change(data)
    return validate_scenario(Scenario.model_validate(data), catalogue, armies).issues


def found(issues: list[Issue], code: str) -> list[Issue]:
    return [issue for issue in issues if issue.code == code]


def test_the_base_scenario_is_clean(mini: Catalogue) -> None:
    assert check(mini) == []


def test_the_duel_fixture_names_an_ambiguous_element(mini: Catalogue) -> None:
    scenario = Scenario.model_validate(DUEL)
    issues = validate_scenario(scenario, mini).issues
    assert [(i.code, i.path) for i in issues if i.severity is not Severity.INFO] == [
        ("objective.ambiguous", "objectives[0].element")
    ]
    assert "2 times" in issues[0].message


def put(path: str, value: Any) -> Callable[[Data], None]:
    """A change setting one field, addressed like an issue path: `zones[0].side`."""

    def change(data: Data) -> None:
        parts = [int(p) if p.isdigit() else p for p in path.replace("[", ".").replace("]", "").split(".")]
        target: Any = data  # then a node inside it: a mapping or a list, as the YAML has it
        for part in parts[:-1]:
            target = target[part]
        target[parts[-1]] = value

    return change


def add(section: str, value: Any) -> Callable[[Data], None]:
    return lambda data: data.setdefault(section, []).append(value)


def both(*changes: Callable[[Data], Any]) -> Callable[[Data], None]:
    def change(data: Data) -> None:
        for one in changes:
            one(data)

    return change


WELL = {"id": "well", "terrain": "pond", "area": {"squares": [[5, 1]]}}
WELL_OBJECTIVE = {"id": "hill", "name": "Well", "kind": "bonus"}

# (rule, code, paths of the issues, a change that keeps the rule, a change that breaks it)
# fmt: off
CASES: list[tuple[str, str, str, Callable[[Data], Any], Callable[[Data], Any]]] = [
    ("unknown board", "reference.unknown", "map.boards[1].board",
     put("map.boards[1].board", "field"), put("map.boards[1].board", "feild")),
    ("unknown terrain", "reference.unknown", "map.overlays[0].terrain",
     put("map.overlays", [WELL]), put("map.overlays", [{**WELL, "terrain": "lava"}])),
    ("unknown faction", "reference.unknown", "sides[1].faction",
     put("sides[1].faction", "alpha"), put("sides[1].faction", "gamma")),
    ("unknown side of a zone", "reference.unknown", "zones[1].side",
     put("zones[1].side", "beta"), put("zones[1].side", "gamma")),
    ("unknown side of an objective", "reference.unknown", "objectives[1].owner",
     put("objectives[1].owner", "beta"), put("objectives[1].owner", "gamma")),
    ("unknown initiative", "reference.unknown", "setup.initiative",
     put("setup.initiative", "random"), put("setup.initiative", "gamma")),
    ("unknown side with action cards", "reference.unknown", "setup.action_cards.gamma",
     put("setup.action_cards", {"alpha": 3, "beta": 5}), put("setup.action_cards", {"alpha": 4, "gamma": 4})),
    ("unknown deployment zone", "reference.unknown", "setup.deployment[1].zone",
     put("setup.deployment[1].zone", "beta-entry"), put("setup.deployment[1].zone", "beta-deploy")),
    ("unknown side of a force", "reference.unknown", "forces[2].side",
     put("forces[1].points", 300), add("forces", {"side": "gamma", "points": 100})),
    ("unknown winner", "reference.unknown", "victory.outcomes[1].winner",
     put("victory.outcomes[1].winner", "draw"), put("victory.outcomes[1].winner", "gamma")),
    ("unknown objective in a condition", "reference.unknown", "victory.outcomes[1].condition",
     put("victory.outcomes[1].condition.objectives", ["hill"]),
     put("victory.outcomes[1].condition.objectives", ["mill"])),
    ("unknown unit in a condition", "reference.unknown", "victory.outcomes[1].condition",
     put("victory.outcomes[1].condition", {"type": "capture", "side": "beta", "unit": "officer"}),
     put("victory.outcomes[1].condition", {"type": "capture", "side": "beta", "unit": "colonel"})),
    ("unknown zone of an event", "reference.unknown", "events[0].zone",
     put("events[0].zone", "alpha-deploy"), put("events[0].zone", "beta-deploy")),
    ("unknown unit of an event", "reference.unknown", "events[0].units",
     put("events[0].units", ["beta-rifles"]), put("events[0].units", ["beta-tank"])),
    ("unknown element of an objective", "reference.unknown", "objectives[1].element",
     both(put("map.overlays", [WELL]), put("objectives[1]", {**WELL_OBJECTIVE, "element": "well"})),
     both(put("map.overlays", [WELL]), put("objectives[1]", {**WELL_OBJECTIVE, "element": "mill"}))),
    ("boards overlap", "map.overlap", "map.boards[1]",
     put("map.boards[1].at", [6, 4]), put("map.boards[1].at", [5, 0])),
    ("overlay off the boards", "map.off", "map.overlays[0]",
     put("map.overlays", [{**WELL, "area": {"squares": [[11, 3]]}}]),
     put("map.overlays", [{**WELL, "area": {"squares": [[12, 3]]}}])),
    ("empty zone", "zone.empty", "zones[0].area",
     put("zones[0].area", {"squares": [[0, 2]]}), put("zones[0].area", {})),
    ("zone off the map", "zone.off-map", "zones[0].area",
     put("zones[0].area", {"rects": [[0, 2, 1, 3]]}), put("zones[0].area", {"rects": [[0, 2, 1, 4]]})),
    ("impassable zone", "zone.impassable", "zones[0].area",
     put("zones[0].area", {"squares": [[4, 3]]}), put("zones[0].area", {"squares": [[4, 3], [5, 3]]})),
    ("entry away from the edge", "zone.edge", "zones[1].area",
     put("zones[1].area", {"squares": [[11, 1]]}), put("zones[1].area", {"squares": [[10, 1]]})),
    ("side without a zone", "side.no-zone", "sides[1]",
     put("zones[1].kind", "deployment"), both(put("zones", [DUEL["zones"][0]]), put("events[0].zone", None))),
    ("opposing zones overlap", "zone.overlap", "zones",
     put("zones[1]", {"id": "beta-entry", "side": "beta", "kind": "deployment", "area": {"squares": [[2, 3]]}}),
     put("zones[1]", {"id": "beta-entry", "side": "beta", "kind": "deployment", "area": {"squares": [[1, 3]]}})),
    ("objective off the map", "objective.off-map", "objectives[1].at",
     put("objectives[1].at", [11, 3]), put("objectives[1].at", [12, 3])),
    ("tactical bonus off the map", "objective.off-map", "tactical_bonuses[0].at",
     add("tactical_bonuses", {"id": "tb", "at": [0, 0]}), add("tactical_bonuses", {"id": "tb", "at": [0, 4]})),
    ("search token off the map", "objective.off-map", "search_tokens[0]",
     add("search_tokens", [0, 0]), add("search_tokens", [0, 4])),
    ("objective nobody can enter", "objective.impassable", "objectives[1].at",
     put("objectives[1].at", [5, 2]), put("objectives[1].at", [5, 3])),
    ("ambiguous element", "objective.ambiguous", "objectives[0].element",
     both(put("map.boards", [DUEL["map"]["boards"][0]]), put("zones[1].area", {"squares": [[5, 0]]}),
          put("objectives[1].at", [2, 1]), put("objectives[0]", {**DUEL["objectives"][0]})),
     put("objectives[0]", {**DUEL["objectives"][0]})),
    ("two sides with one id", "side.duplicate", "sides[1].id",
     put("sides[1].name", "Alpha"), put("sides[1].id", "alpha")),
    ("faction of another game", "side.game", "sides[0].faction sides[1].faction",
     put("game", "hon"), put("game", "son")),
    ("side without a force", "forces.missing", "forces",
     put("forces[1].points", 1), put("forces", [{"side": "alpha", "points": 200}])),
    ("impossible count", "victory.impossible", "victory.outcomes[0].condition",
     put("victory.outcomes[0].condition.count", 2), put("victory.outcomes[0].condition.count", 3)),
    ("impossible range", "victory.impossible", "victory.end.early[0]",
     put("victory.end", {"early": [{"type": "exited", "side": "beta", "at_least": 2, "at_most": 2}]}),
     put("victory.end", {"early": [{"type": "not", "condition": {"type": "any", "of": [
         {"type": "exited", "side": "beta", "at_least": 3, "at_most": 2}]}}]})),
    ("side that cannot win", "victory.one-sided", "victory",
     put("victory.outcomes[1].winner", "beta"), put("victory.outcomes[1].winner", "alpha")),
    ("event after the last turn", "event.turn", "events[0].turn",
     both(put("events[0].turn", 8), put("setup.turns", {"count": 6, "at_least": True})), put("events[0].turn", 7)),
]
# fmt: on


@pytest.mark.parametrize(("code", "path", "keep", "breaks"), [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_rule_has_a_passing_and_a_failing_case(
    mini: Catalogue, code: str, path: str, keep: Callable[[Data], Any], breaks: Callable[[Data], Any]
) -> None:
    kept = check(mini, keep)
    assert [i for i in kept if i.code == code] == [], kept
    broken = found(check(mini, breaks), code)
    assert [i.path for i in broken] == path.split(), broken
    issue = broken[0]
    assert issue.message.endswith((".", "?", ")")) and "\n" not in issue.message
    expected = Severity.WARNING if code in {"zone.edge", "victory.one-sided", "event.turn"} else Severity.ERROR
    assert issue.severity is expected
    assert issue.hint


def test_an_unknown_board_suggests_the_close_one(mini: Catalogue) -> None:
    [issue] = found(check(mini, put("map.boards[1].board", "feild")), "reference.unknown")
    assert issue.message == "The catalogue has no terrain board 'feild'."
    assert issue.hint == "Did you mean 'field'?"


def test_missing_references_name_what_the_scenario_has(mini: Catalogue) -> None:
    [issue] = found(check(mini, put("zones[1].side", "gamma")), "reference.unknown")
    assert issue.message == "The scenario has no side 'gamma'."
    assert issue.hint == "Its sides are alpha or beta."


@pytest.mark.parametrize(
    ("code", "keep", "breaks"),
    [
        ("force.faction", army(tiles=["squad"]), army(tiles=["beta-platoon"], faction="beta")),
        ("force.points", army(tiles=["platoon", "platoon", "squad"]), army(tiles=["platoon", "platoon", "platoon"])),
        ("force.illegal", army(tiles=["platoon"]), army(tiles=["platoon"], points_limit=50)),
    ],
    ids=["faction", "points", "illegal"],
)
def test_a_named_army_list_must_fit_its_force(mini: Catalogue, code: str, keep: ArmyList, breaks: ArmyList) -> None:
    assert found(check(mini, armies={"alpha": keep}), code) == []
    broken = found(check(mini, armies={"alpha": breaks}), code)
    assert [(i.path, i.severity) for i in broken] == [("forces[0].army", Severity.ERROR)], broken


def test_a_force_naming_no_army_list_says_a_game_needs_one(mini: Catalogue) -> None:
    """Playable on the table, but `hon simulate` and the app's f8 refuse it until the side
    has a list: the check says so, as a note that leaves it playable."""

    def unnamed(data: Data) -> None:
        del data["forces"][1]["army"]

    [issue] = found(check(mini, unnamed), "force.no-army")
    assert (issue.path, issue.severity) == ("forces[1]", Severity.INFO)
    assert is_legal(check(mini, unnamed))
    # A list for the side (given for a game, or read from the file the force names) says it all.
    assert found(check(mini, unnamed, armies={"beta": army(tiles=[], faction="beta")}), "force.no-army") == []
    assert found(check(mini), "force.no-army") == []


def test_the_points_message_gives_both_numbers(mini: Catalogue) -> None:
    [issue] = found(check(mini, armies={"alpha": army(tiles=["platoon", "platoon", "platoon"])}), "force.points")
    assert issue.message == "The army list for Alpha costs 240 points; the scenario gives 200."


def test_deployment_steps_name_real_units(mini: Catalogue) -> None:
    from builder.heroes.scenario.validate import validate_scenario
    from builder.io.scenario_files import load_scenario
    from tests.conftest import FIXTURES

    duel = load_scenario(FIXTURES / "scenarios" / "duel.yaml").scenario
    step = duel.setup.deployment[0]
    named = duel.model_copy(
        update={"setup": duel.setup.model_copy(update={"deployment": [step.model_copy(update={"units": ["rifles"]})]})}
    )
    assert "reference.unknown" not in {
        i.code for i in validate_scenario(named, mini).issues if i.path.startswith("setup")
    }
    wrong = duel.model_copy(
        update={"setup": duel.setup.model_copy(update={"deployment": [step.model_copy(update={"units": ["riffles"]})]})}
    )
    found = [i for i in validate_scenario(wrong, mini).issues if i.path == "setup.deployment[0].units"]
    assert found and found[0].code == "reference.unknown" and "rifles" in (found[0].hint or "")


def test_a_team_may_win_and_be_named_but_not_take_a_sides_id(mini: Catalogue) -> None:
    """SoN p.10: one player against a team of two; the team wins together."""

    def teamed(data: Data) -> None:
        for side in data["sides"]:
            side["team"] = "allies" if side["id"] == "alpha" else None
        data["victory"]["outcomes"][0] = {
            "winner": "allies",
            "label": "Allied victory",
            "condition": {"type": "control", "side": "allies", "objectives": ["farm"]},
        }

    issues = check(mini, teamed)
    assert found(issues, "reference.unknown") == [] and found(issues, "victory.one-sided") == []
    assert found(issues, "side.team") == []

    def clash(data: Data) -> None:
        data["sides"][0]["team"] = data["sides"][1]["id"]

    assert "sides[0].team" in [i.path for i in found(check(mini, clash), "side.team")]

    def one_team(data: Data) -> None:
        for side in data["sides"]:
            side["team"] = "everyone"

    assert [i.path for i in found(check(mini, one_team), "side.team")] == ["sides"]
