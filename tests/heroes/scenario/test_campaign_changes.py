"""Campaign changes as data (BfC p.12-19): each kind made in the next scenario, told in
English from its data, checked against the scenario it changes, played by the rules core
(victory points carried over, objectives held), and the links the scenario check judges."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from builder.heroes.army.resolve import resolve
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.action_cards.deck import decks_for
from builder.heroes.rules.simulation import start
from builder.heroes.scenario.campaign import carry_over, change_problems, describe_change, describe_outcome
from builder.heroes.scenario.changes import (
    CarryVictoryPoints,
    Change,
    ChangePoints,
    DeploymentOrder,
    HoldObjective,
    PlaceObjective,
)
from builder.heroes.scenario.models import CampaignOutcome, Scenario
from builder.heroes.scenario.validate import validate_scenario
from builder.io.paths import SCENARIOS_DIR
from builder.io.scenario_files import LoadedScenario, load_scenario
from builder.kernel.dice import SeededDice
from builder.services.game import prepare_game
from tests.conftest import codes

FLAK = ["ge-flak-36", "ge-flak-kanoniere"]


@pytest.fixture(scope="module")
def maltot() -> LoadedScenario:
    return load_scenario(SCENARIOS_DIR / "rush-on-maltot.yaml")


@pytest.fixture(scope="module")
def welcome() -> Scenario:
    return load_scenario(SCENARIOS_DIR / "welcome-to-caen-carpiquet.yaml").scenario


def test_the_shipped_links_are_data_with_pages() -> None:
    carp = load_scenario(SCENARIOS_DIR / "carp-jump-in-carpiquet.yaml").scenario
    assert carp.campaign is not None
    by_result = {o.result: o.changes for o in carp.campaign.outcomes}
    assert by_result["commonwealth"] == [
        DeploymentOrder(
            type="deployment", side="german", units=FLAK, before="commonwealth", source="BfC p.12-13, p.14-15"
        )
    ]
    german = by_result["german"][0]
    assert isinstance(german, DeploymentOrder) and german.after == "commonwealth"
    cross = load_scenario(SCENARIOS_DIR / "way-of-the-cross.yaml").scenario
    assert cross.campaign is not None
    changes = {o.result: o.changes for o in cross.campaign.outcomes}
    assert [type(c) for c in changes["commonwealth"] + changes["german"]] == [PlaceObjective, PlaceObjective]
    assert all(
        "BfC p.16-17, p.18-19" in c.source and "example" in c.source
        for c in changes["commonwealth"] + changes["german"]
    )
    assert changes["draw"] == []  # the book is silent on a draw: nothing changes, said as an example
    sources = {o.result: o.source for o in cross.campaign.outcomes}
    assert sources == {"commonwealth": "BfC p.16-17", "german": "BfC p.16-17", "draw": "example"}


def test_a_deployment_change_moves_the_step_before_or_after_the_other_side(welcome: Scenario) -> None:
    outcome = CampaignOutcome(
        result="commonwealth",
        changes=[DeploymentOrder(type="deployment", side="german", units=FLAK, before="commonwealth")],
    )
    moved = carry_over(welcome, outcome, {}, "Carp Jump, won by the Canadians")
    assert [(s.side, s.units) for s in moved.setup.deployment] == [
        ("german", []),
        ("german", FLAK),
        ("commonwealth", []),
    ]
    back = CampaignOutcome(
        result="german", changes=[DeploymentOrder(type="deployment", side="german", units=FLAK, after="commonwealth")]
    )
    again = carry_over(moved, back, {}, "again")
    assert [(s.side, s.units) for s in again.setup.deployment] == [
        ("german", []),
        ("commonwealth", []),
        ("german", FLAK),
    ]
    assert moved.special_rules[-1].title == "Campaign: Carp Jump, won by the Canadians"
    assert "Flak 36" not in moved.special_rules[-1].text  # no catalogue names given: ids
    assert "ge-flak-36" in moved.special_rules[-1].text


def test_points_victory_points_and_held_objectives_are_carried(maltot: LoadedScenario) -> None:
    outcome = CampaignOutcome(
        result="german",
        changes=[
            ChangePoints(type="points", side="commonwealth", change=-70),
            CarryVictoryPoints(type="victory-points", side="german"),
            CarryVictoryPoints(type="victory-points", side="commonwealth", points=2),
            HoldObjective(type="hold", side="german", objective="church"),
        ],
    )
    carried = carry_over(maltot.scenario, outcome, {"german": 5, "commonwealth": 9}, "Way of the Cross")
    force = carried.force("commonwealth")
    assert force is not None and force.points == 700
    assert carried.setup.victory_points == {"german": 5, "commonwealth": 2}
    church = carried.objective("church")
    assert church is not None and church.held == "german"
    text = carried.special_rules[-1].text
    assert "70 points fewer" in text and "victory points it scored" in text and "from the start" in text


def test_the_rules_core_starts_with_the_carried_points_and_the_held_objective(
    maltot: LoadedScenario, bundled: Catalogue
) -> None:
    outcome = CampaignOutcome(
        result="german",
        changes=[
            CarryVictoryPoints(type="victory-points", side="german", points=4),
            HoldObjective(type="hold", side="german", objective="church"),
        ],
    )
    carried = carry_over(maltot.scenario, outcome, {}, "test")
    game = LoadedScenario(maltot.path, carried, maltot.document, maltot.fingerprint)
    prepared = prepare_game(game, bundled)
    resolved = {side: resolve(army, bundled) for side, army in prepared.armies.items()}
    state, _ = start(carried, prepared.battlefield, resolved, SeededDice(1), decks=decks_for(carried, bundled))
    assert state.victory_points == {"commonwealth": 0, "german": 4}
    assert state.control["church"] == "german" and state.control["field-barn"] is None
    assert prepared.simulate(seed=2).victory_points["german"] >= 4


def test_each_change_reads_as_a_sentence_from_its_data(maltot: LoadedScenario) -> None:
    name = maltot.scenario.namer()
    said = [
        describe_change(DeploymentOrder(type="deployment", side="german", units=["x"], after="commonwealth"), name),
        describe_change(PlaceObjective(type="objective", objective="cw-primary", at=(18, 6)), name),
        describe_change(PlaceObjective(type="objective", objective="cw-primary", name="Orange", element="e"), name),
        describe_change(ChangePoints(type="points", side="german", change=50), name),
        describe_change(CarryVictoryPoints(type="victory-points", side="german", points=1), name),
        describe_change(HoldObjective(type="hold", side="german", objective="church"), name),
    ]
    assert said == [
        "the 10. SS-Panzer-Division side deploys x after the 43rd Infantry Division side",
        "CW Primary Objective (the farm) is placed at square [18, 6] instead",
        "CW Primary Objective (the farm) is replaced by Orange",
        "the 10. SS-Panzer-Division side has 50 points more",
        "the 10. SS-Panzer-Division side starts with 1 victory point",
        "the 10. SS-Panzer-Division side controls Church from the start",
    ]
    last = describe_outcome(CampaignOutcome(result="draw"), name, "Operation Jupiter", last=True)
    assert last == "The campaign is a draw."


@pytest.mark.parametrize(
    "data",
    [
        {"type": "deployment", "side": "german", "before": "a", "after": "b"},
        {"type": "deployment", "side": "german"},
        {"type": "deployment", "side": "german", "before": "german"},
        {"type": "objective", "objective": "o"},
        {"type": "objective", "objective": "o", "at": [1, 1], "element": "e"},
        {"type": "points", "side": "german", "change": 0},
        {"type": "victory-points", "side": "german", "points": -1},
        {"type": "teleport", "side": "german"},
        {"type": "hold", "side": "german", "objective": "o", "extra": 1},
    ],
)
def test_a_change_that_says_nothing_or_two_things_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(ValidationError):
        CampaignOutcome.model_validate({"result": "german", "changes": [data]})


def test_changes_the_next_scenario_cannot_take_are_named(welcome: Scenario, bundled: Catalogue) -> None:
    changes: list[Change] = [
        DeploymentOrder(type="deployment", side="german", units=["ge-flak-36"], before="commonwealth"),
        DeploymentOrder(type="deployment", side="german", units=["no-such-unit"], before="commonwealth"),
        HoldObjective(type="hold", side="martians", objective="control-building"),
        PlaceObjective(type="objective", objective="hill-112", at=(1, 1)),
    ]
    problems = list(change_problems(changes, welcome, bundled.units))
    assert len(problems) == 4
    assert "no set-up step" in problems[0] and "'no-such-unit'" in problems[1]
    assert "'martians'" in problems[2] and "'hill-112'" in problems[3]
    fine = [DeploymentOrder(type="deployment", side="german", units=FLAK, before="commonwealth")]
    assert list(change_problems(fine, welcome, bundled.units)) == []


def test_the_scenario_check_judges_its_own_campaign_links(maltot: LoadedScenario, bundled: Catalogue) -> None:
    assert maltot.scenario.campaign is not None
    broken = maltot.scenario.campaign.model_copy(
        update={
            "part": 3,
            "outcomes": [
                CampaignOutcome(result="martians"),
                CampaignOutcome(result="german"),
                CampaignOutcome(
                    result="german",
                    changes=[DeploymentOrder(type="deployment", side="german", units=["nope"], before="commonwealth")],
                ),
            ],
        }
    )
    found = codes(validate_scenario(maltot.scenario.model_copy(update={"campaign": broken}), bundled).issues)
    assert found.count("campaign.part") == 1 and found.count("campaign.duplicate") == 1
    assert "campaign.no-next" in found and found.count("reference.unknown") == 2  # martians, nope


def test_with_the_next_scenario_the_check_judges_what_the_links_change(
    maltot: LoadedScenario, bundled: Catalogue
) -> None:
    cross = load_scenario(SCENARIOS_DIR / "way-of-the-cross.yaml").scenario
    assert codes(validate_scenario(cross, bundled, following=maltot.scenario).issues) == []
    renamed = [
        o.model_copy(update={"id": "german-main"}) if o.id == "german-primary" else o
        for o in maltot.scenario.objectives
    ]
    moved = maltot.scenario.model_copy(update={"objectives": renamed})
    issues = validate_scenario(cross, bundled, following=moved).issues
    assert [(i.code, i.path) for i in issues] == [("campaign.link", "campaign.outcomes[1].changes[0]")]
    assert "'german-primary'" in issues[0].message
