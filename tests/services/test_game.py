"""`prepare_game`: one pipeline from files to a game ready to deploy or simulate, so that a
scenario `hon scenario check` rejects is refused the same way by every front end."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.cli import main
from builder.heroes.catalogue.index import Catalogue
from builder.io.memoir_files import scenario_yaml as hex_scenario_yaml
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR
from builder.io.scenario_files import scenario_yaml
from builder.io.tcg_files import tcg_scenario_yaml
from builder.kernel.diagnostics import Severity, is_legal
from builder.services.game import GameNotReady, MissingArmies, UnknownSide, prepare_game
from builder.services.memoir_game import blank_scenario as blank_hex_scenario
from builder.services.scenario_session import blank_scenario
from builder.services.tcg_game import open_cards
from builder.services.tcg_scenario_session import blank_scenario as blank_tcg_scenario

FIRST_CONTACT = SCENARIOS_DIR / "hon-first-contact.yaml"
FREE_BATTLE = SCENARIOS_DIR / "free-battle.yaml"
US = EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml"
SS = EXAMPLE_ARMIES_DIR / "german-ss-550.yaml"


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """First Contact with its initiative given to a side it does not have, beside its armies."""
    shutil.copytree(SCENARIOS_DIR / "armies", tmp_path / "armies")
    text = FIRST_CONTACT.read_text()
    assert "initiative: us" in text
    target = tmp_path / "first-contact.yaml"
    target.write_text(text.replace("initiative: us", "initiative: nobody"))
    return target


def test_a_shipped_scenario_is_ready_with_the_armies_it_names(bundled: Catalogue) -> None:
    game = prepare_game(FIRST_CONTACT, bundled)
    assert set(game.armies) == {side.id for side in game.scenario.sides}
    assert is_legal(game.issues)
    record = game.simulate(seed=3, turns=1)
    assert record.turns == 1 and record.events


def test_a_scenario_with_an_error_is_refused_with_its_first_error(bundled: Catalogue, broken: Path) -> None:
    with pytest.raises(GameNotReady) as refused:
        prepare_game(broken, bundled)
    assert refused.value.issues[0].code == "reference.unknown"
    assert refused.value.issues[0].path == "setup.initiative"
    assert refused.value.line is not None  # the line of setup.initiative in the file


@pytest.mark.parametrize("command", [["simulate"], ["deploy", "--side", "us"]])
def test_the_command_line_refuses_it_in_one_line(
    broken: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    code = main([command[0], str(broken), *command[1:]])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err and "setup.initiative" in err


def test_every_side_needs_an_army_list(bundled: Catalogue) -> None:
    with pytest.raises(MissingArmies) as refused:
        prepare_game(FREE_BATTLE, bundled)
    assert refused.value.sides == ["allies", "axis"]
    game = prepare_game(FREE_BATTLE, bundled, {"allies": US, "axis": SS})
    assert game.armies["allies"].faction == "us" and game.armies["axis"].faction == "german"


def test_a_dry_run_needs_only_the_deploying_side(bundled: Catalogue) -> None:
    game = prepare_game(FREE_BATTLE, bundled, {"allies": US}, sides=["allies"])
    assert list(game.armies) == ["allies"]
    assert "force.no-army" not in {issue.code for issue in game.issues}  # the Axis list is not this game's


def test_what_simulate_refuses_for_want_of_lists_the_check_announces(
    bundled: Catalogue, capsys: pytest.CaptureFixture[str]
) -> None:
    """Free Battle names no army list: `hon scenario check` says playable, and says which
    sides a game still needs a list for, before `hon simulate` refuses it."""
    assert main(["scenario", "check", str(FREE_BATTLE), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    noted = [(i["code"], i["path"], i["severity"]) for i in report["issues"]]
    assert noted == [("force.no-army", "forces[0]", "info"), ("force.no-army", "forces[1]", "info")]
    assert main(["simulate", str(FREE_BATTLE)]) == 2
    game = prepare_game(FREE_BATTLE, bundled, {"allies": US, "axis": SS})
    assert "force.no-army" not in {issue.code for issue in game.issues}


def test_an_army_for_a_side_the_scenario_lacks_is_refused(bundled: Catalogue) -> None:
    with pytest.raises(UnknownSide) as refused:
        prepare_game(FREE_BATTLE, bundled, {"allies": US, "axis": SS, "russia": US})
    assert refused.value.side == "russia"


def test_a_list_the_player_gives_that_breaks_the_force_is_a_warning(bundled: Catalogue) -> None:
    """Free Battle gives 500 points: a 550-point German list for the US side is a house rule
    the player chose, said but played."""
    game = prepare_game(FREE_BATTLE, bundled, {"allies": SS, "axis": SS})
    said = {(issue.code, issue.path) for issue in game.issues if issue.severity is Severity.WARNING}
    assert ("force.faction", "forces[0].army") in said and ("force.points", "forces[1].army") in said
    assert is_legal(game.issues)


def test_a_list_the_scenario_names_that_breaks_its_force_is_refused(bundled: Catalogue, tmp_path: Path) -> None:
    shutil.copy(US, tmp_path / "us.yaml")
    shutil.copy(SS, tmp_path / "ss.yaml")
    text = FREE_BATTLE.read_text()
    text = text.replace("{side: allies, points: 500}", "{side: allies, points: 500, army: us.yaml}")
    text = text.replace("{side: axis, points: 500}", "{side: axis, points: 500, army: ss.yaml}")
    (tmp_path / "free-battle.yaml").write_text(text)
    with pytest.raises(GameNotReady) as refused:
        prepare_game(tmp_path / "free-battle.yaml", bundled)
    assert [issue.code for issue in refused.value.issues] == ["force.points", "force.points"]


def test_a_new_scenario_of_each_game_is_refused_by_simulate_only_for_what_its_check_says(
    bundled: Catalogue, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whatever `hon simulate` refuses, `hon scenario check` has said: an error (exit 1), or
    a note of what the game still needs. A new scenario of each game, as the designer makes it."""
    hon, tcg, hex_game = tmp_path / "hon.yaml", tmp_path / "tcg.yaml", tmp_path / "m44.yaml"
    hon.write_text(scenario_yaml(blank_scenario(bundled), hon))
    tcg.write_text(tcg_scenario_yaml(blank_tcg_scenario(open_cards()), tcg))
    hex_game.write_text(hex_scenario_yaml(blank_hex_scenario(), hex_game))
    for path in (hon, tcg, hex_game):
        checked = main(["scenario", "check", str(path), "--json"])
        issues = json.loads(capsys.readouterr().out)["issues"]
        simulated = main(["simulate", str(path), "--turns", "1"])
        capsys.readouterr()
        assert (checked, simulated) in {(0, 0), (1, 2), (0, 2)}, path.name
        if simulated == 2:
            assert issues, path.name
    assert main(["scenario", "check", str(hon), "--json"]) == 0
    assert {i["code"] for i in json.loads(capsys.readouterr().out)["issues"]} == {"force.no-army"}
