"""`hon campaign list | start | record | show | next | simulate | sheet`: a Battle for Caen
campaign from the command line, the next scenario it writes checked, deployed and simulated
by the other commands, and bad campaign files refused in one line, exit 2, untouched."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.io.campaign_files import load_campaign
from builder.io.paths import SCENARIOS_DIR
from builder.io.scenario_files import load_scenario
from tests.io.hostile import run_hon

CARP_ARMY = SCENARIOS_DIR / "armies" / "carp-jump-commonwealth-550.yaml"


def hon(*args: str | Path) -> tuple[int | None, str, str]:
    outcome = run_hon(list(args))
    assert outcome.escaped is None, outcome.escaped
    return outcome.code, outcome.out, outcome.err


def one_line(err: str, *names: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hon: "), err
    assert all(name in lines[0] for name in names), lines[0]


@pytest.fixture
def windsor(tmp_path: Path) -> Path:
    path = tmp_path / "windsor.yaml"
    code, out, err = hon("campaign", "start", "operation-windsor", "-o", path)
    assert (code, err) == (0, "") and out.strip() == str(path)
    return path


def test_list_names_both_campaigns_with_their_scenarios_in_order() -> None:
    code, out, _ = hon("campaign", "list", "--json")
    assert code == 0
    found = {c["id"]: c["scenarios"] for c in json.loads(out)}
    assert found == {
        "operation-windsor": ["carp-jump-in-carpiquet", "welcome-to-caen-carpiquet"],
        "operation-jupiter": ["way-of-the-cross", "rush-on-maltot"],
    }


def test_start_record_show_and_next(windsor: Path, tmp_path: Path) -> None:
    code, out, _ = hon("campaign", "show", windsor, "--json")
    shown = json.loads(out)
    assert (code, shown["next"], shown["results"], shown["winner"]) == (0, "carp-jump-in-carpiquet", [], None)
    assert {o["result"] for o in shown["outlook"]} == {"commonwealth", "german"}  # Carp Jump has no draw
    code, _, err = hon(
        "campaign", "record", windsor, "--winner", "commonwealth", "--vp", "commonwealth=6", "--vp", "german=2",
        "--lost", "german=Willi Herold", "--lost", "german=MG42", "--note", "Herold taken",
    )  # fmt: skip
    assert code == 0
    one_line(err, str(windsor))  # where it wrote: the campaign file itself
    campaign = load_campaign(windsor).campaign
    result = campaign.results[0]
    assert (result.winner, result.victory_points, result.lost, result.notes) == (
        "commonwealth",
        {"commonwealth": 6, "german": 2},
        {"german": ["Willi Herold", "MG42"]},
        "Herold taken",
    )
    assert campaign.current is not None and campaign.current.id == "welcome-to-caen-carpiquet"
    scenario = tmp_path / "out" / "welcome.yaml"
    code, out, err = hon("campaign", "next", windsor, "-o", scenario)
    assert (code, err) == (0, "")
    steps = load_scenario(scenario).scenario.setup.deployment
    assert [(s.side, bool(s.units)) for s in steps] == [("german", False), ("german", True), ("commonwealth", False)]
    assert hon("scenario", "check", scenario)[0] == 0
    german = SCENARIOS_DIR / "armies" / "welcome-german-510.yaml"
    assert hon("deploy", scenario, "--side", "german", "--army", f"german={german}")[0] == 0
    assert hon("simulate", scenario, "--turns", "1", "--json")[0] == 0
    code, out, _ = hon("campaign", "simulate", windsor, "--seed", "4", "--json")
    played = json.loads(out)
    assert code == 0 and len(played["games"]) == 1 and played["games"][0]["seed"] == 4
    finished = load_campaign(windsor).campaign
    assert finished.finished and finished.winner == played["winner"] == finished.results[-1].winner
    code, out, _ = hon("campaign", "show", windsor)
    assert code == 0 and "Campaign over" in out


def test_the_players_own_army_is_fielded_in_every_scenario(tmp_path: Path) -> None:
    mine = tmp_path / "lists" / "mine.yaml"
    mine.parent.mkdir()
    shutil.copy(CARP_ARMY, mine)
    path = tmp_path / "campaigns" / "w.yaml"
    path.parent.mkdir()
    assert hon("campaign", "start", "operation-windsor", "--army", f"commonwealth={mine}", "-o", path)[0] == 0
    assert load_campaign(path).campaign.armies == {"commonwealth": "../lists/mine.yaml"}
    assert hon("campaign", "record", path, "--winner", "german")[0] == 0
    current = load_campaign(path).campaign.current
    assert current is not None
    force = current.force("commonwealth")
    assert force is not None and force.army == "../lists/mine.yaml"
    code, out, _ = hon("campaign", "next", path, "-o", "-")
    assert code == 0 and "army: lists/mine.yaml" not in out and "mine.yaml" in out


def test_writing_elsewhere_keeps_naming_the_same_files(windsor: Path, tmp_path: Path) -> None:
    moved = tmp_path / "deep" / "er" / "copy.yaml"
    moved.parent.mkdir(parents=True)
    code, _, err = hon("campaign", "record", windsor, "--winner", "german", "-o", moved)
    assert code == 0
    one_line(err, str(moved))
    assert load_campaign(windsor).campaign.results == []  # the original is untouched
    assert hon("campaign", "simulate", moved, "--seed", "1")[0] == 0
    assert load_campaign(moved).campaign.finished


@pytest.mark.parametrize(
    ("args", "names"),
    [
        (["--winner", "martians"], ["'martians'", "is not a side"]),
        (["--winner", "german", "--vp", "german=lots"], ["--vp"]),
        (["--winner", "german", "--vp", "nobody=3"], ["'nobody'"]),
        (["--winner", "german", "--lost", "german"], ["--lost"]),
    ],
)
def test_a_result_that_does_not_fit_is_refused_and_the_file_untouched(
    windsor: Path, args: list[str], names: list[str]
) -> None:
    before = windsor.read_bytes()
    code, _, err = hon("campaign", "record", windsor, *args)
    assert code == 2
    one_line(err, *names)
    assert windsor.read_bytes() == before


def test_a_finished_campaign_has_nothing_to_record_or_write(windsor: Path) -> None:
    assert hon("campaign", "simulate", windsor, "--seed", "2")[0] == 0
    before = windsor.read_bytes()
    commands: list[list[str | Path]] = [
        ["record", windsor, "--winner", "german"],
        ["next", windsor],
        ["simulate", windsor],
    ]
    for command in commands:
        code, _, err = hon("campaign", *command)
        assert code == 2
        one_line(err, str(windsor), "over")
    assert windsor.read_bytes() == before


def test_unknown_campaigns_and_sides_are_one_line(tmp_path: Path) -> None:
    code, _, err = hon("campaign", "start", "operation-goodwood", "-o", tmp_path / "x.yaml")
    assert code == 2
    one_line(err, "operation-windsor")
    code, _, err = hon(
        "campaign", "start", "operation-windsor", "--army", f"martians={CARP_ARMY}", "-o", tmp_path / "x.yaml"
    )
    assert code == 2
    one_line(err, "'martians'")
    code, _, err = hon("campaign", "start", SCENARIOS_DIR / "free-battle.yaml", "-o", tmp_path / "x.yaml")
    assert code == 2
    one_line(err, "not part of a campaign")
    assert not (tmp_path / "x.yaml").exists()


def test_a_chain_whose_link_the_next_scenario_cannot_take_is_refused(tmp_path: Path) -> None:
    for name in ("way-of-the-cross.yaml", "rush-on-maltot.yaml"):
        shutil.copy(SCENARIOS_DIR / name, tmp_path / name)
    (tmp_path / "armies").symlink_to(SCENARIOS_DIR / "armies")
    maltot = tmp_path / "rush-on-maltot.yaml"
    maltot.write_text(maltot.read_text(encoding="utf-8").replace("id: cw-primary", "id: cw-main"), encoding="utf-8")
    code, _, err = hon("campaign", "start", tmp_path / "way-of-the-cross.yaml", "-o", tmp_path / "j.yaml")
    assert code == 2
    one_line(err, "way-of-the-cross.yaml", "campaign.outcomes[0].changes", "'cw-primary'")
    maltot.write_text((SCENARIOS_DIR / "rush-on-maltot.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    assert hon("campaign", "start", tmp_path / "way-of-the-cross.yaml", "-o", tmp_path / "j.yaml")[0] == 0


def _bad_files(good: str) -> dict[str, str]:
    lines = good.splitlines(keepends=True)
    return {
        "malformed": good.replace("stages:", "stages: [", 1),
        "truncated": "".join(lines[: len(lines) // 3]),
        "newer": good.replace("version: 1", "version: 2", 1),
        "no-version": good.replace("version: 1\n", "", 1),
        "wrong-format": good.replace("format: hon-campaign", "format: hon-scenario", 1),
        "army-format": good.replace("format: hon-campaign", "format: hon-army", 1),
        "typo": good.replace("results:", "resluts:", 1) if "results:" in good else good + "resluts: []\n",
        "empty": "",
        "list": "- 1\n- 2\n",
        "laughs": "a: &a [x, x, x, x, x, x, x, x, x]\n"
        + "".join(f"{c}: &{c} [{', '.join(['*' + p] * 9)}]\n" for p, c in zip("abcdefgh", "bcdefghi", strict=True))
        + good,
        "control-name": good.replace("file: ", 'file: "\\e[2Jx\\n', 1).replace(".yaml\n", '.yaml"\n', 1),
        "deep": "format: hon-campaign\nversion: 1\nnotes: " + "[" * 200 + "]" * 200 + "\n",
        "wrong-result": good + "results:\n- {scenario: rush-on-maltot, winner: german}\n",
        "game": good.replace("game: hon", "game: chess", 1),
        "binary": "\x00\x01format: hon-campaign",
    }


@pytest.mark.parametrize("command", ["show", "record", "next", "simulate", "sheet"])
def test_bad_campaign_files_are_one_line_exit_2_and_untouched(windsor: Path, tmp_path: Path, command: str) -> None:
    good = windsor.read_text(encoding="utf-8")
    extra = {"record": ["--winner", "german"], "sheet": ["-o", str(tmp_path / "sheets") + "/"]}.get(command, [])
    for name, text in _bad_files(good).items():
        bad = tmp_path / f"{name}.yaml"
        bad.write_text(text, encoding="utf-8")
        before = bad.read_bytes()
        outcome = run_hon(["campaign", command, str(bad), *extra])
        assert outcome.problems([str(bad)]) == [], (name, outcome)
        assert outcome.code == 2, (name, outcome.out)
        assert bad.read_bytes() == before, name
        assert not (tmp_path / "sheets").exists()


def test_a_campaign_whose_scenario_file_is_gone_is_refused_untouched(tmp_path: Path) -> None:
    for name in ("carp-jump-in-carpiquet.yaml", "welcome-to-caen-carpiquet.yaml"):
        shutil.copy(SCENARIOS_DIR / name, tmp_path / name)
    (tmp_path / "armies").symlink_to(SCENARIOS_DIR / "armies")
    path = tmp_path / "w.yaml"
    assert hon("campaign", "start", tmp_path / "carp-jump-in-carpiquet.yaml", "-o", path)[0] == 0
    (tmp_path / "welcome-to-caen-carpiquet.yaml").unlink()
    before = path.read_bytes()
    code, _, err = hon("campaign", "record", path, "--winner", "german")
    assert code == 2
    one_line(err, "welcome-to-caen-carpiquet.yaml", "no such file")
    assert path.read_bytes() == before


def test_the_campaign_schema_is_written(tmp_path: Path) -> None:
    assert hon("schema", "-o", tmp_path)[0] == 0
    schema = json.loads((tmp_path / "campaign.schema.json").read_text(encoding="utf-8"))
    assert schema["title"] == "hon campaign" and schema["additionalProperties"] is False
