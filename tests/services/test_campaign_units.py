"""Campaign changes that add units to a side or take them from it (issue 19.1, "extra or
removed units"). Battle for Caen prints none (BfC p.12-19), so a campaign of one's own is
made here from copies of Operation Windsor's two scenarios, each result of the first game
changing the units of the second; the campaign is played through by simulation for several
seeds and the change checked in the next scenario's set-up and in the game that follows."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from builder.heroes.army.resolve import resolve
from builder.heroes.campaign.models import Result
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.events.game import DeployEvent
from builder.heroes.scenario.campaign import carry_over, change_problems, describe_change, force_changes
from builder.heroes.scenario.changes import ChangeUnits
from builder.heroes.scenario.models import CampaignOutcome, Scenario
from builder.heroes.scenario.validate import validate_scenario
from builder.io.army_files import load_army
from builder.io.campaign_files import LoadedCampaign, load_campaign, save_campaign
from builder.io.paths import SCENARIOS_DIR
from builder.io.scenario_files import load_scenario
from builder.kernel.diagnostics import capitalised, is_legal
from builder.services.campaign import find_chain, play_current, record_result, simulate_campaign, start
from builder.services.game import prepare_game
from tests.io.hostile import run_hon

# What each result of Carp Jump does to the units of Welcome to Caen-Carpiquet (example).
UNITS = {
    "commonwealth": [
        {"type": "units", "side": "commonwealth", "add": ["cw-piat-team"]},
        {"type": "units", "side": "german", "remove": ["ge-mg42-team"]},
    ],
    "german": [{"type": "units", "side": "german", "add": ["ge-mg42-team"], "remove": []}],
}
ADDED = {"commonwealth": ("commonwealth", "cw-piat-team"), "german": ("german", "ge-mg42-team")}


def own_windsor(folder: Path) -> Path:
    """Copies of the Windsor scenarios, Carp Jump's outcomes given the unit changes above."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("carp-jump-in-carpiquet.yaml", "welcome-to-caen-carpiquet.yaml"):
        shutil.copy(SCENARIOS_DIR / name, folder / name)
    (folder / "armies").symlink_to(SCENARIOS_DIR / "armies")
    first = folder / "carp-jump-in-carpiquet.yaml"
    data: dict[str, Any] = yaml.safe_load(first.read_text(encoding="utf-8"))
    for outcome in data["campaign"]["outcomes"]:
        outcome["changes"] += UNITS[outcome["result"]]
    first.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return first


@pytest.fixture
def campaign(tmp_path: Path, bundled: Catalogue) -> LoadedCampaign:
    first = own_windsor(tmp_path / "scenarios")
    path = tmp_path / "mine.yaml"
    save_campaign(start(find_chain(str(first)), {}, path, bundled), path)
    return load_campaign(path)


def fielded(scenario: Scenario, side: str, bundled: Catalogue) -> Counter[str]:
    force = scenario.force(side)
    assert force is not None and force.army is not None
    army = load_army(SCENARIOS_DIR / "armies" / Path(force.army).name).army
    return Counter(f.unit.id for f in resolve(army, bundled).fielded())


def test_a_units_change_says_what_it_does_and_is_made_in_the_next_set_up(bundled: Catalogue) -> None:
    welcome = load_scenario(SCENARIOS_DIR / "welcome-to-caen-carpiquet.yaml").scenario
    change = ChangeUnits(type="units", side="german", add=["ge-mg42-team", "ge-mg42-team"], remove=["ge-flak-36"])
    assert list(change_problems([change], welcome, bundled.units)) == []
    name = welcome.namer(lambda unit: bundled.name_of("units", unit))
    said = describe_change(change, name)
    assert "MG42" in said and "Flak 36" in said and "12. SS-PzDiv." in said
    after = carry_over(welcome, CampaignOutcome(result="commonwealth", changes=[change]), {}, "Carp Jump")
    german = after.force("german")
    assert german is not None and (german.extra, german.removed) == (["ge-mg42-team"] * 2, ["ge-flak-36"])
    assert after.force("commonwealth") == welcome.force("commonwealth")
    assert force_changes(after, name) == [capitalised(said) + "."]


def test_a_units_change_must_name_units_the_catalogue_has(bundled: Catalogue) -> None:
    welcome = load_scenario(SCENARIOS_DIR / "welcome-to-caen-carpiquet.yaml").scenario
    bad = ChangeUnits(type="units", side="german", remove=["ge-nothing"])
    assert [p for p in change_problems([bad], welcome, bundled.units)] == ["the catalogue has no unit 'ge-nothing'."]
    with pytest.raises(ValueError, match="adds units"):
        ChangeUnits(type="units", side="german")


def test_no_battle_for_caen_campaign_changes_units() -> None:
    """BfC p.12-19 print deployment and objective changes only: nothing here is invented."""
    for name in ("carp-jump-in-carpiquet", "welcome-to-caen-carpiquet", "way-of-the-cross", "rush-on-maltot"):
        scenario = load_scenario(SCENARIOS_DIR / f"{name}.yaml").scenario
        assert scenario.campaign is not None
        changes = [c for o in scenario.campaign.outcomes for c in o.changes]
        assert not any(isinstance(c, ChangeUnits) for c in changes)
        assert all(c.source.startswith("BfC p.") for c in changes)


@pytest.mark.rule("campaign-units")
@pytest.mark.parametrize(
    ("seed", "by_hand"), [(1, None), (2, None), (3, None), (4, "commonwealth"), (5, "commonwealth")]
)
def test_played_through_by_simulation_the_units_change_is_in_the_next_set_up(
    seed: int, by_hand: str | None, campaign: LoadedCampaign, bundled: Catalogue
) -> None:
    """The simple policy wins Carp Jump for the Germans with these seeds; a Canadian victory
    is recorded by hand, and the second game is played by simulation either way."""
    if by_hand is None:
        result = play_current(campaign, bundled, seed).result
    else:
        result = Result(scenario="carp-jump-in-carpiquet", winner=by_hand, victory_points={by_hand: 6})
    winner = result.winner
    save_campaign(record_result(campaign, result, bundled), campaign.path, campaign.fingerprint)
    loaded = load_campaign(campaign.path)
    welcome = loaded.campaign.current
    assert welcome is not None and welcome.id == "welcome-to-caen-carpiquet"
    side, unit = ADDED[winner]
    force = welcome.force(side)
    assert force is not None and force.extra == [unit]
    if winner == "commonwealth":
        german_force = welcome.force("german")
        assert german_force is not None and german_force.removed == ["ge-mg42-team"]
    assert is_legal(validate_scenario(welcome, bundled).issues)
    # The second game fields the change: the added counter deploys, the removed one does not.
    finished, games = simulate_campaign(loaded, bundled, seed + 10)
    assert finished.finished and len(games) == 1
    deployed = [e for e in games[0].record.events if isinstance(e, DeployEvent)]
    keys = [key for event in deployed for key in event.units]
    assert any(key.startswith(f"{side}/campaign/{unit}/1") for key in keys), keys
    german = Counter(key.split("/")[-2] for key in keys if key.startswith("german/"))
    printed = fielded(welcome, "german", bundled)
    # Every German counter deploys at set-up (the Flak 36 too) in this scenario.
    expected = printed["ge-mg42-team"] + (1 if winner == "german" else -1)
    assert german["ge-mg42-team"] == expected


def test_the_next_scenario_written_out_shows_the_units_and_deploys_them(
    campaign: LoadedCampaign, bundled: Catalogue, tmp_path: Path
) -> None:
    result = Result(scenario="carp-jump-in-carpiquet", winner="german")
    save_campaign(record_result(campaign, result, bundled), campaign.path, campaign.fingerprint)
    target = tmp_path / "next" / "welcome.yaml"
    target.parent.mkdir()
    outcome = run_hon(["campaign", "next", str(campaign.path), "-o", str(target)])
    assert outcome.code == 0, outcome.err
    written = yaml.safe_load(target.read_text(encoding="utf-8"))
    german = next(f for f in written["forces"] if f["side"] == "german")
    assert german["extra"] == ["ge-mg42-team"]
    game = prepare_game(target, bundled)
    record = game.simulate(seed=2, turns=1)
    keys = [k for e in record.events if isinstance(e, DeployEvent) for k in e.units]
    assert "german/campaign/ge-mg42-team/1" in keys
    deploy = run_hon(["deploy", str(target), "--side", "german", "--json"])
    assert deploy.code == 0 and "german/campaign/ge-mg42-team/1" in deploy.out


def _bad(good: dict[str, Any]) -> dict[str, tuple[dict[str, Any], str]]:
    """Campaign files whose current scenario names a unit the catalogue has not, or a change
    of a kind there is none of, with the field the refusal must name."""

    def changed(edit: Any) -> dict[str, Any]:
        data: dict[str, Any] = yaml.safe_load(yaml.safe_dump(good))
        edit(data["current"])
        return data

    def unknown_added(current: dict[str, Any]) -> None:
        current["campaign"]["outcomes"][0]["changes"][-1]["add"] = ["cw-nobody"]

    def wrong_kind(current: dict[str, Any]) -> None:
        current["campaign"]["outcomes"][1]["changes"][0]["type"] = "reinforcements"

    def unknown_extra(current: dict[str, Any]) -> None:
        current["forces"][1]["extra"] = ["ge-mg42-team", "ge-ghost"]

    return {
        "unknown-added": (changed(unknown_added), "current.campaign.outcomes[0].changes[1].add[0]"),
        "wrong-kind": (changed(wrong_kind), "current.campaign.outcomes[1].changes[0]"),
        "unknown-extra": (changed(unknown_extra), "current.forces[1].extra[1]"),
    }


@pytest.mark.parametrize("command", ["show", "record", "next", "simulate", "sheet"])
def test_bad_unit_changes_in_a_campaign_file_are_one_line_exit_2(
    command: str, campaign: LoadedCampaign, tmp_path: Path
) -> None:
    good = yaml.safe_load(campaign.path.read_text(encoding="utf-8"))
    good["current"]["campaign"]["outcomes"][0]["changes"] = [
        good["current"]["campaign"]["outcomes"][0]["changes"][0],
        {"type": "units", "side": "commonwealth", "add": ["cw-piat-team"]},
    ]
    extra = {"record": ["--winner", "german"], "sheet": ["-o", str(tmp_path / "sheets") + "/"]}.get(command, [])
    for name, (data, field) in _bad(good).items():
        bad = campaign.path.parent / f"{name}.yaml"
        bad.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
        before = bad.read_bytes()
        outcome = run_hon(["campaign", command, str(bad), *extra])
        assert outcome.escaped is None and outcome.code == 2, (name, outcome.out, outcome.err)
        lines = outcome.err.splitlines()
        assert len(lines) == 1 and str(bad) in lines[0] and field in lines[0], (name, lines)
        assert bad.read_bytes() == before
        assert not (tmp_path / "sheets").exists()


def test_a_scenario_whose_units_change_names_an_unknown_unit_fails_its_check(tmp_path: Path) -> None:
    first = own_windsor(tmp_path)
    first.write_text(first.read_text(encoding="utf-8").replace("cw-piat-team", "cw-nobody"), encoding="utf-8")
    outcome = run_hon(["scenario", "check", str(first), "--json"])
    assert outcome.code == 1, outcome.err
    issues = json.loads(outcome.out)["issues"]
    assert [(i["code"], i["path"]) for i in issues] == [("reference.unknown", "campaign.outcomes[0].changes[1].add")]


def test_the_campaign_sheet_lists_the_units_carried_into_the_next_scenario(
    campaign: LoadedCampaign, bundled: Catalogue
) -> None:
    from builder.export.campaign_sheet import build_campaign_sheet

    result = Result(scenario="carp-jump-in-carpiquet", winner="commonwealth")
    save_campaign(record_result(campaign, result, bundled), campaign.path, campaign.fingerprint)
    sheet = build_campaign_sheet(load_campaign(campaign.path), bundled)
    forces = [line for line in sheet.carried if line.startswith("Forces: ")]
    assert len(forces) == 2
    assert bundled.name_of("units", "cw-piat-team") in forces[0]
    assert bundled.name_of("units", "ge-mg42-team") in forces[1]


def test_the_check_warns_of_a_removed_unit_the_army_does_not_field_so_often(bundled: Catalogue) -> None:
    loaded = load_scenario(SCENARIOS_DIR / "welcome-to-caen-carpiquet.yaml")
    german = loaded.scenario.force("german")
    assert german is not None
    changed = german.model_copy(update={"removed": ["ge-flak-36", "ge-flak-36"], "extra": ["ge-nothing"]})
    forces = [changed if f.side == "german" else f for f in loaded.scenario.forces]
    scenario = loaded.scenario.model_copy(update={"forces": forces})
    issues = validate_scenario(scenario, bundled, loaded.armies()).issues
    index = scenario.forces.index(changed)
    found = {(i.code, i.path, i.severity.value) for i in issues}
    assert ("force.removed", f"forces[{index}].removed", "warning") in found  # one Flak 36 fielded, two removed
    assert ("reference.unknown", f"forces[{index}].extra", "error") in found
