"""`hon scenario sheet`: what the HTML says (metadata, English victory conditions, forces
with their points, events, campaign), where files land, --strict, bad and hostile input."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from builder.cli import main
from builder.io.paths import SCENARIOS_DIR
from tests.export.helpers import html_tags, html_text

MALTOT = SCENARIOS_DIR / "rush-on-maltot.yaml"
HOSTILE = "<script>alert(1)</script>"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def sheet(capsys: pytest.CaptureFixture[str], scenario: Path, folder: Path, *options: str) -> str:
    code, out, err = run(capsys, "scenario", "sheet", str(scenario), "-o", f"{folder}/", *options)
    assert (code, err) == (0, ""), err
    return Path(out.strip()).read_text(encoding="utf-8")


@pytest.fixture(scope="module")
def maltot(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("maltot")
    assert main(["scenario", "sheet", str(MALTOT), "-o", f"{folder}/"]) == 0
    return (folder / "rush-on-maltot.html").read_text(encoding="utf-8")


def test_the_heading_gives_the_metadata(maltot: str) -> None:
    text = html_text(maltot)
    assert text.startswith("Rush on Maltot Heroes of Normandie · scenario sheet Playable")
    for fact in (
        "Front Normandy",
        "Operation Jupiter",
        "Place Maltot",
        "Date July 11, 1944",
        "Armies CW / German",
        "Sides 43rd Infantry Division (Commonwealth) vs 10. SS-Panzer-Division (Germany)",
        "Players 2",
        "Source BfC p.18-19",
    ):
        assert fact in text
    assert "At dawn the horns sound and both armies set off" in text
    assert "<title>Rush on Maltot — scenario sheet</title>" in maltot


def test_the_map_is_inline_with_its_legend_boards_and_note(maltot: str) -> None:
    assert maltot.count("<svg") > 20 and 'class="map"' in maltot  # the map and a swatch per legend entry
    text = html_text(maltot)
    assert "Map 42 × 10 squares" in text
    assert "B2: Village street and church (hon-village), top-left square at [14, 0]" in text
    assert "About this map. The book's map is a picture missing from the text" in text
    for entry in (
        "Bocage / Hedgerow",
        "A: 43rd Infantry Division, deployment zone",
        "1: CW Primary Objective (the farm)",
    ):
        assert entry in text
    assert "Building A house, farm, church or hangar." in text  # the terrain table with its effects


def test_set_up_and_forces(maltot: str) -> None:
    text = html_text(maltot)
    assert "Initiative Random (determined at random)" in text
    assert "Action cards 43rd Infantry Division 4 · 10. SS-Panzer-Division 4" in text
    assert "Turns 8 turns" in text
    step = "43rd Infantry Division : deploy in zone A (commonwealth-deployment). The player with the Initiative"
    assert step in text
    assert "43rd Infantry Division Commonwealth 770 points Army list Rush on Maltot — 43rd Infantry Division" in text
    assert "770 / 770 points: legal" in text


def test_victory_is_in_english(maltot: str) -> None:
    text = html_text(maltot)
    assert (
        "Commonwealth victory The 43rd Infantry Division side controls CW Primary Objective (the farm) or the 43rd "
        "Infantry Division side controls 2 of Field barn, Church and Bend of the forest track." in text
    )
    assert "Otherwise Draw." in text
    assert (
        "The game ends at the end of Turn 8, or sooner, at the end of any Supply Phase, when one of these holds:"
        in text
    )
    assert "The 10. SS-Panzer-Division side controls German Primary Objective (the house) or" in text


def test_the_campaign_and_the_source(maltot: str) -> None:
    text = html_text(maltot)
    assert "Campaign: Operation Jupiter part 2 of 2" in text
    assert "Previous scenario: Way of the Cross" in text
    assert "The 43rd Infantry Division side wins the Operation Jupiter campaign." in text
    assert "Draw The campaign is a draw." in text
    assert "Source: BfC p.18-19. Scenario id rush-on-maltot." in text


def test_events_and_at_least_turns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    welcome = html_text(sheet(capsys, SCENARIOS_DIR / "welcome-to-caen-carpiquet.yaml", tmp_path))
    # html_text puts a space after each closing tag, here after the side's name in bold.
    assert "Turn 3, at the end of the Supply Phase — 12. SS-PzDiv. + 16. L-F-Div. , entry squares D" in welcome
    assert "Turn 4, at the start of the Supply Phase — 3rd Canadian Inf. Division , entry squares C" in welcome
    assert "(carrier-entry): Universal Carrier." in welcome
    assert "Next scenario" not in welcome and "Previous scenario: Carp Jump in Carpiquet!" in welcome
    cross = html_text(sheet(capsys, SCENARIOS_DIR / "way-of-the-cross.yaml", tmp_path))
    assert "Turns At least 4 turns" in cross
    assert (
        "Each time the 43rd Infantry Division side controls Secondary Objective 1 (west slope), at the start of the "
        "Activation Phase" in cross
    )
    assert "It is not the case that the 43rd Infantry Division side controls all of Secondary Objective 1" in cross
    chapel = html_text(sheet(capsys, SCENARIOS_DIR / "son-the-drowned-chapel.yaml", tmp_path))
    assert "Shadows over Normandie" in chapel and "Conditions Fog" in chapel
    assert "Source an example made for hon, not from the books" in chapel
    assert "B1: The drowned chapel (son-drowned-chapel), top-left square at [0, 0], turned 180° clockwise" in chapel


@pytest.mark.parametrize("fmt", ["html", "pdf", "svg"])
def test_writes_into_exports_named_after_the_id(
    fmt: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "scenario", "sheet", str(MALTOT), "--format", fmt)
    assert (code, err) == (0, "")
    written = tmp_path / "exports" / f"rush-on-maltot.{fmt}"
    assert out.strip() == str(written)
    data = written.read_bytes()
    if fmt == "pdf":
        assert data.startswith(b"%PDF")
    elif fmt == "svg":
        assert data.startswith(b'<?xml version="1.0" encoding="UTF-8"?>\n<svg ')
        assert b"Set-up" not in data and b"Bocage / Hedgerow" in data  # the map and its legend only
    else:
        assert data.startswith(b"<!doctype html>")
    assert sorted(p.name for p in written.parent.iterdir()) == [written.name]  # no temporary file left


def test_output_may_name_a_file_or_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "mine.html"
    assert run(capsys, "scenario", "sheet", str(MALTOT), "-o", str(target))[0] == 0
    assert "Rush on Maltot" in target.read_text(encoding="utf-8")
    assert run(capsys, "scenario", "sheet", str(MALTOT), "-o", str(target))[0] == 0  # replaced in place
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.html"]
    folder = tmp_path / "new" / "folder"
    assert run(capsys, "scenario", "sheet", str(MALTOT), "-f", "svg", "-o", f"{folder}/")[0] == 0
    assert (folder / "rush-on-maltot.svg").is_file()
    assert run(capsys, "scenario", "sheet", str(MALTOT), "--paper", "letter", "-o", str(folder))[0] == 0
    assert "@page { size: letter; }" in (folder / "rush-on-maltot.html").read_text(encoding="utf-8")


def broken(tmp_path: Path) -> Path:
    """A copy of Rush on Maltot with an objective off the map and an unknown faction."""
    data = yaml.safe_load(MALTOT.read_text(encoding="utf-8"))
    data["objectives"][4]["at"] = [50, 3]
    data["sides"][1]["faction"] = "germans"
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


def test_an_unplayable_scenario_prints_under_a_banner_unless_strict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = html_text(sheet(capsys, broken(tmp_path), tmp_path / "out"))
    assert "NOT PLAYABLE" in text and "NOT PLAYABLE — this scenario has 2 errors" in text
    assert "Objective 'Bend of the forest track' is off the map at [50, 3]. objective.off-map" in text
    assert "The catalogue has no faction 'germans'." in text
    assert "cannot be read" in text  # the copy's army lists are not beside it
    strict = tmp_path / "strict"
    code, out, err = run(capsys, "scenario", "sheet", str(broken(tmp_path)), "--strict", "-o", f"{strict}/")
    assert (code, out) == (1, "")
    assert err.startswith("hon: Rush on Maltot is not playable (2 errors); --strict writes no sheet.")
    assert "objectives[4].at: Objective 'Bend of the forest track' is off the map at [50, 3]." in err
    assert not strict.exists()


def test_strict_accepts_a_playable_scenario(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenario", "sheet", str(MALTOT), "--strict", "-o", f"{tmp_path}/")
    assert code == 0 and Path(out.strip()).is_file()
    assert "NOT PLAYABLE" not in Path(out.strip()).read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["missing.yaml"], "no such file"),
        ([str(MALTOT), "--format", "docx"], "--format"),
        ([str(MALTOT), "--paper", "a3"], "--paper"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    args: list[str], words: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, err = run(capsys, "scenario", "sheet", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("hon: ") and words in err.lower()
    assert not (tmp_path / "exports").exists()


def hostile(tmp_path: Path) -> Path:
    data = yaml.safe_load((SCENARIOS_DIR / "carp-jump-in-carpiquet.yaml").read_text(encoding="utf-8"))
    data["title"] = HOSTILE
    data["story"] = "</p><img src=x onerror=alert(2)> & friends"
    data["sides"][0]["name"] = "<b>Canadians</b>"
    data["objectives"][0]["name"] = '"><script>alert(3)</script>'
    data["special_rules"][0]["title"] = "</style><script>alert(4)</script>"
    path = tmp_path / "hostile.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    shutil.copytree(SCENARIOS_DIR / "armies", tmp_path / "armies")
    return path


def test_hostile_titles_and_names_print_as_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    html = sheet(capsys, hostile(tmp_path), tmp_path / "out")
    assert "script" not in html_tags(html) and "img" not in html_tags(html)
    assert "&lt;b&gt;Canadians&lt;/b&gt;" in html
    assert f"<title>{HOSTILE.replace('<', '&lt;').replace('>', '&gt;')} — scenario sheet</title>" in html
    text = html_text(html)
    assert text.startswith(f"{HOSTILE} Heroes of Normandie")
    assert "</p><img src=x onerror=alert(2)> & friends" in text
    assert '"><script>alert(3)</script>' in text and "<b>Canadians</b> (Commonwealth)" in text
    # The file is named after the id, never the title.
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["carp-jump-in-carpiquet.html"]


def test_an_id_cannot_climb_out_of_the_output_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = yaml.safe_load(MALTOT.read_text(encoding="utf-8"))
    data["id"] = "../../escaped"
    path = tmp_path / "deep" / "climb.yaml"
    path.parent.mkdir()
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    code, out, err = run(capsys, "scenario", "sheet", str(path), "-o", f"{tmp_path}/deep/out/")
    assert code == 2 and out == "" and err.count("\n") == 1 and "id" in err
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["climb.yaml", "deep"]


STRESS = """
format: hon-scenario
version: 1
id: stress
title: Stress
game: hon
sides: [{id: a, name: A, faction: nobody}, {id: a, name: A again, faction: us}]
map: {boards: [{board: nowhere}]}
zones:
  - {id: z, side: q, kind: entry, area: {squares: [[3, 3]]}}
  - {id: z, side: a, kind: deployment, area: {}}
objectives:
  - {id: o, name: O, kind: bonus, owner: q, element: ghost}
  - {id: p, name: P, kind: primary, at: [100, 100]}
tactical_bonuses: [{id: t, at: [5, 5]}]
setup:
  initiative: q
  action_cards: {q: 3}
  turns: {count: 2}
  deployment: [{side: q, zone: nope, units: [ghost-unit]}]
forces: [{side: q, points: 10, army: missing/army.yaml}]
victory:
  outcomes: [{winner: q, label: Q wins, condition: {type: control, side: q, objectives: [zz], count: 5}}]
  otherwise: q
events:
  - {turn: 9, phase: order, side: q, zone: nope, units: [ghost], what: Nothing.}
  - {phase: supply, trigger: {type: destroy, unit: ghost}, what: Something.}
  - {phase: activation, what: Every turn.}
campaign: {name: C, part: 1, of: 1, previous: nowhere, outcomes: [{result: q, effect: E}, {result: draw, effect: D}]}
"""


@pytest.mark.parametrize("fmt", ["html", "pdf", "svg"])
def test_a_scenario_full_of_errors_still_prints(fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Unknown boards, sides, zones, units and objectives, an empty map: the sheet says so."""
    path = tmp_path / "stress.yaml"
    path.write_text(STRESS, encoding="utf-8")
    code, out, err = run(capsys, "scenario", "sheet", str(path), "-f", fmt, "-o", f"{tmp_path}/out/")
    assert (code, err) == (0, "")
    written = Path(out.strip())
    assert written.name == f"stress.{fmt}" and written.stat().st_size > 1000
    if fmt == "html":
        text = html_text(written.read_text(encoding="utf-8"))
        assert "NOT PLAYABLE — this scenario has 28 errors" in text  # the campaign outcome for side q too
        assert "Map 0 × 0 squares" in text and "nowhere (not in the catalogue)" in text
        assert "Each time ghost has been destroyed, at the start of the Supply Phase" in text
        assert "Every turn, at the start of the Activation Phase" in text
        assert "zone nope (not in the scenario)" in text
        assert "Sides A (nobody) vs A again (United States)" in text
        assert "q not a side of this scenario 10 points Army list missing/army.yaml" in text
