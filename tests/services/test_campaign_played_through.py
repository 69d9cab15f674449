"""Battle for Caen's two mini-campaigns played through (BfC p.12-19): each result carried
into the next scenario's set-up exactly as the book says, whether recorded by hand or
played by simulation, and the next scenario still checks, deploys and plays."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.heroes.campaign.models import Result
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.campaign import CAMPAIGN_RULE
from builder.heroes.scenario.models import DRAW, Scenario
from builder.heroes.scenario.validate import validate_scenario
from builder.io.campaign_files import LoadedCampaign, load_campaign, save_campaign
from builder.io.paths import SCENARIOS_DIR
from builder.io.scenario_files import load_scenario, save_scenario
from builder.kernel.diagnostics import is_legal
from builder.services.campaign import (
    current_scenario,
    find_chain,
    play_current,
    record_result,
    simulate_campaign,
    start,
)
from builder.services.game import prepare_game

FLAK = ["ge-flak-36", "ge-flak-kanoniere"]


def started(campaign: str, folder: Path, catalogue: Catalogue) -> LoadedCampaign:
    path = folder / f"{campaign}.yaml"
    save_campaign(start(find_chain(campaign), {}, path, catalogue), path)
    return load_campaign(path)


def recorded(loaded: LoadedCampaign, result: Result, catalogue: Catalogue) -> LoadedCampaign:
    save_campaign(record_result(loaded, result, catalogue), loaded.path, loaded.fingerprint)
    return load_campaign(loaded.path)


def flak_before_canadians(scenario: Scenario) -> bool:
    steps = scenario.setup.deployment
    flak = next(i for i, s in enumerate(steps) if s.side == "german" and s.units == FLAK)
    canadians = next(i for i, s in enumerate(steps) if s.side == "commonwealth")
    return flak < canadians


def assert_windsor_effect(winner: str, welcome: Scenario) -> None:
    """BfC p.12-13, p.14-15: a Canadian victory makes the German player deploy his Flak 36 during
    set-up, before the Canadians; otherwise it comes after the Canadian deployment."""
    assert welcome.id == "welcome-to-caen-carpiquet"
    assert flak_before_canadians(welcome) is (winner == "commonwealth")


def assert_jupiter_effect(winner: str, maltot: Scenario) -> None:
    """BfC p.16-17, p.18-19: the winner's Primary Objective is placed where the marker with an outline
    in his colour is, instead of the white-outlined one."""
    printed = load_scenario(SCENARIOS_DIR / "rush-on-maltot.yaml").scenario
    cw, german = maltot.objective("cw-primary"), maltot.objective("german-primary")
    assert cw is not None and german is not None
    if winner == "commonwealth":
        assert (cw.element, cw.at) == ("village-ruined-house", None)
        assert german == printed.objective("german-primary")
    elif winner == "german":
        assert (german.element, german.at) == (None, (21, 3))
        assert cw == printed.objective("cw-primary")
    else:
        assert maltot.objectives == printed.objectives


EFFECTS = {"operation-windsor": assert_windsor_effect, "operation-jupiter": assert_jupiter_effect}


def assert_playable(loaded: LoadedCampaign, catalogue: Catalogue, folder: Path) -> None:
    """The next scenario, written out, passes the check and deploys both sides."""
    target = folder / "next" / "scenario.yaml"
    target.parent.mkdir(exist_ok=True)
    save_scenario(current_scenario(loaded, target), target)
    written = load_scenario(target)
    checked = validate_scenario(written.scenario, catalogue, written.armies())
    assert is_legal(checked.issues), [i.message for i in checked.issues]
    game = prepare_game(target, catalogue)
    assert game.simulate(seed=1, turns=1).turns == 1


@pytest.mark.parametrize(
    ("campaign", "winner"),
    [
        ("operation-windsor", "commonwealth"),
        ("operation-windsor", "german"),
        ("operation-jupiter", "commonwealth"),
        ("operation-jupiter", "german"),
        ("operation-jupiter", DRAW),
    ],
)
def test_every_result_of_the_first_game_changes_the_second_as_the_book_says(
    campaign: str, winner: str, tmp_path: Path, bundled: Catalogue
) -> None:
    loaded = started(campaign, tmp_path, bundled)
    first = loaded.campaign.current
    assert first is not None
    after = recorded(loaded, Result(scenario=first.id, winner=winner, victory_points={"german": 3}), bundled)
    current = after.campaign.current
    assert current is not None and after.campaign.results[0].winner == winner
    EFFECTS[campaign](winner, current)
    told = [r for r in current.special_rules if r.title.startswith(f"{CAMPAIGN_RULE}: {first.title}")]
    assert len(told) == 1
    assert_playable(after, bundled, tmp_path)


@pytest.mark.parametrize("campaign", ["operation-windsor", "operation-jupiter"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_each_campaign_played_through_by_simulation(
    campaign: str, seed: int, tmp_path: Path, bundled: Catalogue
) -> None:
    loaded = started(campaign, tmp_path, bundled)
    played = play_current(loaded, bundled, seed)
    assert played.result.seed == seed and played.result.winner == played.record.winner
    assert played.result.victory_points == played.record.victory_points
    loaded = recorded(loaded, played.result, bundled)
    assert loaded.campaign.current is not None
    EFFECTS[campaign](played.result.winner, loaded.campaign.current)
    finished, games = simulate_campaign(loaded, bundled, seed + 1)
    assert [g.result.seed for g in games] == [seed + 1]
    assert finished.finished and finished.current is None
    assert [r.scenario for r in finished.results] == [s.scenario for s in finished.stages]
    assert finished.winner == games[-1].record.winner


def test_simulating_a_whole_campaign_is_reproducible(tmp_path: Path, bundled: Catalogue) -> None:
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    first, _ = simulate_campaign(started("operation-jupiter", tmp_path / "a", bundled), bundled, 5)
    second, _ = simulate_campaign(started("operation-jupiter", tmp_path / "b", bundled), bundled, 5)
    assert first.results == second.results and len(first.results) == 2


def test_the_shipped_example_is_what_recording_its_result_gives(bundled: Catalogue) -> None:
    """scenarios/campaigns/operation-windsor.yaml (the README's) stays in step with the
    scenarios it names: started and recorded afresh, it comes out the same."""
    shipped = load_campaign(SCENARIOS_DIR / "campaigns" / "operation-windsor.yaml")
    fresh = start(find_chain("operation-windsor"), {}, shipped.path, bundled)
    opening = LoadedCampaign(shipped.path, fresh, shipped.document, shipped.fingerprint)
    again = record_result(opening, shipped.campaign.results[0], bundled)
    assert again == shipped.campaign
