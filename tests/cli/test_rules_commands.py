"""`hon rules`: what the rules core plays, as text grouped by kind or as JSON."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from builder.cli import main
from builder.heroes.catalogue.base import Game
from builder.heroes.rules.coverage import BOOKS, LISTING, entry
from builder.kernel.coverage import Played
from builder.render.rules_core import summary


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_text_is_grouped_by_kind_one_line_each_with_page_and_state(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    lines = out.splitlines()
    headings = [line for line in lines if line in ("Special abilities", "Markers", "Mechanics")]
    assert headings == ["Special abilities", "Markers", "Mechanics"]
    dual = next(line for line in lines if line.strip().startswith("Dual Weapon "))
    assert "HoN core p.22" in dual and dual.rstrip().endswith("played") and "SoN" not in dual
    aviation = next(line for line in lines if line.strip().startswith("Anti-aircraft "))
    unplayed = entry("anti-aircraft")
    assert unplayed is not None and unplayed.played is not Played.PLAYED
    assert summary(unplayed, BOOKS[Game.HON])[:60] in aviation  # its state and the start of why, on its line
    assert any(line.startswith("Special abilities: ") and "partly played" in line for line in lines)
    # Every entry of the game is on a line of its own, however long its note.
    for listed_entry in LISTING.of(Game.HON):
        assert sum(1 for line in lines if line.startswith(f"  {listed_entry.name} ")) >= 1, listed_entry.id


def test_json_lists_the_games_entries_with_their_state(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--game", "son", "--json")
    assert code == 0
    found = json.loads(out)
    assert [e["id"] for e in found] == [e.id for e in LISTING.of(Game.SON)]
    assert all({"id", "name", "kind", "page", "played", "partial", "note", "tests"} <= set(e) for e in found)
    by_id = {e["id"]: e for e in found}
    assert by_id["hawkeye"]["played"] is True and by_id["hawkeye"]["page"] == "SoN p.17"
    assert by_id["ambush"]["page"] == "SoN p.17"  # the SoN page of an ability both books print
    for state in found:  # whatever is not played says why
        if state["played"] is False:
            assert state["note"], state["id"]
    assert by_id["terror-checks"]["played"] is True and by_id["terror-checks"]["tests"]
    partial = by_id["wrecks"]  # its printed symbols are not in the text
    assert partial["played"] is False and partial["partial"] is True and partial["tests"]
    assert by_id["son-mud"]["played"] is True and by_id["son-hedgerow"]["played"] is True  # SoN p.12
    assert by_id["three-player-initiative"]["played"] is True  # SoN p.10
    assert "charge" not in by_id  # a Battle for Caen ability


def test_one_rule_by_its_id_with_the_tests_marked_with_it(capsys: pytest.CaptureFixture[str]) -> None:
    knife = entry("knife")
    code, out, _ = run(capsys, "rules", "knife", "--json")
    assert code == 0 and knife is not None and json.loads(out) == LISTING.json(knife, Game.HON)
    tests = json.loads(out)["tests"]
    assert tests and all(test.startswith("tests/") for test in tests)
    code, out, _ = run(capsys, "rules", "knife")
    assert code == 0 and [line.strip() for line in out.splitlines()[-len(tests) :]] == tests
    assert out.splitlines()[0].startswith("Knife ") and "knife" in out.splitlines()[0]
    for game, rule_id in (("son", "son-fog"), ("tcg", "defenceless-passive"), ("m44", "retreat")):
        code, out, _ = run(capsys, "rules", rule_id, "--game", game, "--json")
        assert code == 0 and json.loads(out)["id"] == rule_id and json.loads(out)["tests"], rule_id


@pytest.mark.parametrize(
    ("args", "meant"),
    [(["knfie"], "knife"), (["son-fog"], "--game son"), (["x[bold]\x1by", "--game", "tcg"], "")],
)
def test_a_rule_the_game_does_not_list_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], meant: str
) -> None:
    code, out, err = run(capsys, "rules", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and repr(args[0]) in err and meant in err.replace(repr(args[0]), "")
    assert "Traceback" not in err and "\x1b" not in err


@pytest.mark.parametrize("game", ["chess", "common"])
def test_a_game_hon_does_not_play_is_one_line_and_exit_2(game: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "--game", game)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and repr(game) in err and "Traceback" not in err


def test_catalogue_show_says_whether_the_rules_core_plays_an_ability(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "catalogue", "show", "bridge")
    bridge = entry("bridge")
    assert bridge is not None and bridge.played is not Played.PLAYED
    assert code == 0 and f"Rules core: {summary(bridge, BOOKS[Game.HON])}" in " ".join(out.split())
    code, out, _ = run(capsys, "catalogue", "show", "charge")  # played since i13-scenario
    assert code == 0 and "Rules core: played (BfC p.08): a Firing Action at the target before moving" in out
    code, out, _ = run(capsys, "catalogue", "show", "piercing")
    assert code == 0 and "Rules core: played (HoN core p.24)" in out
    code, out, _ = run(capsys, "catalogue", "show", "piercing", "--json")
    (shown,) = json.loads(out)
    assert shown["rules_core"] == {"played": True, "partial": False, "page": "HoN core p.24", "note": ""}
    code, out, _ = run(capsys, "catalogue", "show", "us-lt-blean", "--json")
    assert all("rules_core" not in e for e in json.loads(out))  # a unit: no such line
    code, out, _ = run(capsys, "catalogue", "show", "us-lt-blean")
    assert "Rules core" not in out


def test_hon_help_still_loads_no_game_system() -> None:
    probe = (
        "import sys\n"
        "from builder.cli import main\n"
        "main(['--help'])\n"
        "print(sorted(m for m in sys.modules if m.startswith(('builder.heroes', 'builder.render', 'pydantic'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip().splitlines()[-1] == "[]"
