"""Where every command that writes a file writes it (builder/io/outputs.py, DESIGN.md 5):
never over one of its inputs (the file it reads, the army lists a scenario names, a
campaign's files, a catalogue file), however the path is spelled, not even with --force;
never over a file of another format unless --force; `-o` a file or a folder the same way
for every command; the path written printed. A refusal is exit 2 and leaves every file as
it was. And a broken file's own problem is said before a --format usage error."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

from builder.cli import main
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR

M44_FIXTURE = Path(__file__).resolve().parents[1] / "memoir" / "fixtures" / "hedgerow-crossroads.m44"
MARKER = {"id": "knife", "name": "Knife", "effect": "Cuts.", "source": "example"}


class Work:
    """Copies of every file the commands read, in a folder of the test's own."""

    def __init__(self, root: Path):
        self.root = root
        shutil.copytree(SCENARIOS_DIR, root / "scenarios")
        self.army = root / "army.yaml"
        shutil.copy(EXAMPLE_ARMIES_DIR / "german-ss-550.yaml", self.army)
        self.maltot = root / "scenarios" / "rush-on-maltot.yaml"
        self.maltot_army = root / "scenarios" / "armies" / "maltot-commonwealth-770.yaml"
        self.carp = root / "scenarios" / "carp-jump-in-carpiquet.yaml"
        self.welcome = root / "scenarios" / "welcome-to-caen-carpiquet.yaml"
        self.welcome_army = root / "scenarios" / "armies" / "welcome-german-510.yaml"
        self.campaign = root / "scenarios" / "campaigns" / "operation-windsor.yaml"
        self.tcg = root / "scenarios" / "tcg" / "hedgerow-crossroads.yaml"
        self.hex = root / "scenarios" / "m44" / "hedgerow-lanes.yaml"
        self.m44 = root / "crossroads.m44"
        shutil.copy(M44_FIXTURE, self.m44)
        self.force = root / "force.yaml"
        self.force.write_text(
            "format: tcg-force\nversion: 1\ngame: tcg\nname: Baker Company\n"
            "scenario: scenarios/tcg/hedgerow-crossroads.yaml\nside: us\nforce:\n"
            "  deployment:\n    - {card: us-m10, box: [0, 1]}\n",
            encoding="utf-8",
        )
        self.catalogue = root / "catalogue"
        self.catalogue.mkdir()
        self.catalogue_file = self.catalogue / "mine.yaml"
        document = {"format": "hon-catalogue", "version": 1, "game": "hon", "markers": [MARKER]}
        self.catalogue_file.write_text(yaml.safe_dump(document), encoding="utf-8")

    def snapshot(self) -> dict[str, bytes | None]:
        """Every entry under the folder, with the bytes of its files."""
        return {
            str(path.relative_to(self.root)): None if path.is_dir() else path.read_bytes()
            for path in sorted(self.root.rglob("*"))
        }


@pytest.fixture
def work(tmp_path: Path) -> Work:
    return Work(tmp_path / "w")


def hon(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main([str(arg) for arg in args])
    out, err = capsys.readouterr()
    return code, out, err


def refused(err: str, option: str, *paths: Path) -> None:
    """One line on stderr naming the file (one of `paths`) and the option."""
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("hon: ") and option in lines[0], err
    assert any(path.name in lines[0] for path in paths), err


# --- Never over an input ----------------------------------------------------------------

Case = Callable[[Work, pytest.CaptureFixture[str]], tuple[list[str | Path], Path]]


def _over_a_hard_link(w: Work, capsys: pytest.CaptureFixture[str]) -> tuple[list[str | Path], Path]:
    os.link(w.army, w.root / "same.yaml")
    return ["roster", w.army, "-o", w.root / "same.yaml"], w.army


def _over_a_symbolic_link(w: Work, capsys: pytest.CaptureFixture[str]) -> tuple[list[str | Path], Path]:
    (w.root / "link.yaml").symlink_to(w.army)
    return ["roster", w.army, "-f", "md", "-o", w.root / "link.yaml"], w.army


def _next_beside_its_scenarios(w: Work, capsys: pytest.CaptureFixture[str]) -> tuple[list[str | Path], Path]:
    """A campaign kept beside its scenarios: the next one's default file is the stage's own."""
    mine = w.root / "scenarios" / "windsor.yaml"
    assert hon(capsys, "campaign", "start", w.carp, "-o", mine)[0] == 0
    return ["campaign", "next", mine], w.carp


def _save_over_its_positions(w: Work, capsys: pytest.CaptureFixture[str]) -> tuple[list[str | Path], Path]:
    positions = w.root / "positions.yaml"
    assert hon(capsys, "deploy", w.carp, "--side", "german", "--save", positions, "--json")[0] == 0
    return ["deploy", w.carp, "--side", "german", "--positions", positions, "--save", positions], positions


def _in_the_players_catalogue(w: Work, capsys: pytest.CaptureFixture[str]) -> tuple[list[str | Path], Path]:
    folder = Path(os.environ["HON_CATALOGUE"])  # the catalogue editor's folder, read unless told
    folder.mkdir(parents=True)
    shutil.copy(w.catalogue_file, folder / "mine.yaml")
    return ["roster", w.army, "-f", "md", "-o", folder / "mine.yaml"], folder / "mine.yaml"


INPUTS: dict[str, Case] = {
    "roster, its army": lambda w, _: (["roster", w.army, "-o", w.army], w.army),
    "roster, by another spelling": lambda w, _: (
        ["roster", w.army, "-o", w.root / "scenarios" / ".." / "army.yaml"],
        w.army,
    ),
    "roster, a hard link to it": _over_a_hard_link,
    "roster, a link to it": _over_a_symbolic_link,
    "roster, a file of --catalogue": lambda w, _: (
        ["roster", w.army, "--catalogue", w.catalogue, "-o", w.catalogue_file],
        w.catalogue_file,
    ),
    "roster, a file of the player's catalogue": _in_the_players_catalogue,
    "roster, a tcg force": lambda w, _: (["roster", w.force, "-f", "md", "-o", w.force], w.force),
    "roster, the scenario of a tcg force": lambda w, _: (["roster", w.force, "-f", "md", "-o", w.tcg], w.tcg),
    "scenario sheet, its scenario": lambda w, _: (["scenario", "sheet", w.maltot, "-o", w.maltot], w.maltot),
    "scenario sheet, an army list it names": lambda w, _: (
        ["scenario", "sheet", w.maltot, "-f", "svg", "-o", w.maltot_army],
        w.maltot_army,
    ),
    "scenario sheet, hex game": lambda w, _: (["scenario", "sheet", w.hex, "-f", "svg", "-o", w.hex], w.hex),
    "scenario sheet, tcg": lambda w, _: (["scenario", "sheet", w.tcg, "-f", "md", "-o", w.tcg], w.tcg),
    "scenario deck": lambda w, _: (["scenario", "deck", w.tcg, "--side", "us", "-f", "md", "-o", w.tcg], w.tcg),
    "scenario export": lambda w, _: (["scenario", "export", w.hex, "-o", w.hex], w.hex),
    "scenario import": lambda w, _: (["scenario", "import", w.m44, "-o", w.m44], w.m44),
    "campaign start, a scenario of the chain": lambda w, _: (
        ["campaign", "start", w.carp, "-o", w.welcome],
        w.welcome,
    ),
    "campaign start, an army given": lambda w, _: (
        ["campaign", "start", w.carp, "--army", f"german={w.army}", "-o", w.army],
        w.army,
    ),
    "campaign record, a scenario of the campaign": lambda w, _: (
        ["campaign", "record", w.campaign, "--winner", "german", "-o", w.welcome],
        w.welcome,
    ),
    "campaign next, the campaign": lambda w, _: (["campaign", "next", w.campaign, "-o", w.campaign], w.campaign),
    "campaign next, by default beside its scenarios": _next_beside_its_scenarios,
    "campaign simulate, an army list it names": lambda w, _: (
        ["campaign", "simulate", w.campaign, "-o", w.welcome_army],
        w.welcome_army,
    ),
    "campaign sheet": lambda w, _: (["campaign", "sheet", w.campaign, "-f", "md", "-o", w.campaign], w.campaign),
    "balance, its scenario": lambda w, _: (["balance", w.maltot, "--games", "1", "-o", w.maltot], w.maltot),
    "balance, an army list it names": lambda w, _: (
        ["balance", w.maltot, "--games", "1", "-o", w.maltot_army],
        w.maltot_army,
    ),
    "deploy --save, its scenario": lambda w, _: (["deploy", w.carp, "--side", "german", "--save", w.carp], w.carp),
    "deploy --save, the army given": lambda w, _: (
        ["deploy", w.carp, "--side", "german", "--army", f"german={w.army}", "--save", w.army],
        w.army,
    ),
    "deploy --save, its positions": _save_over_its_positions,
}


@pytest.mark.parametrize("case", INPUTS.values(), ids=INPUTS.keys())
def test_no_command_writes_over_one_of_its_inputs(
    case: Case, work: Work, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(work.root)
    args, victim = case(work, capsys)
    before = work.snapshot()
    # --force lets an output replace a file of another format, never an input.
    code, out, err = hon(capsys, *args, "--force")
    assert code == 2, out + err
    refused(err, "--save" if "--save" in args else "-o", Path(args[-1]), victim)
    assert work.snapshot() == before  # the input's bytes, and nothing written: no .bak, no exports/


# --- Never over a file of another format, unless --force ----------------------------------

Other = Callable[[Work], tuple[list[str | Path], Path]]


def _existing(w: Work, name: str, text: str) -> Path:
    path = w.root / "out" / name
    path.parent.mkdir(exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


ARMY_TEXT = (EXAMPLE_ARMIES_DIR / "us-16th-infantry-550.yaml").read_text(encoding="utf-8")
SCENARIO_TEXT = (SCENARIOS_DIR / "free-battle.yaml").read_text(encoding="utf-8")
CAMPAIGN_TEXT = (SCENARIOS_DIR / "campaigns" / "operation-jupiter.yaml").read_text(encoding="utf-8")

OTHER_FORMAT: dict[str, Other] = {
    "roster over an army list": lambda w: (["roster", w.army, "-f", "md"], _existing(w, "list.yaml", ARMY_TEXT)),
    "roster over a file with no extension": lambda w: (["roster", w.army], _existing(w, "notes", "my notes\n")),
    "roster md over a txt": lambda w: (["roster", w.army, "-f", "md"], _existing(w, "roster.txt", "old\n")),
    "scenario sheet svg over an html": lambda w: (
        ["scenario", "sheet", w.maltot, "-f", "svg"],
        _existing(w, "page.html", "<p>mine</p>\n"),
    ),
    "scenario export over a scenario": lambda w: (["scenario", "export", w.hex], _existing(w, "s.yaml", SCENARIO_TEXT)),
    "scenario import over an army list": lambda w: (["scenario", "import", w.m44], _existing(w, "a.yaml", ARMY_TEXT)),
    "campaign start over an army list": lambda w: (["campaign", "start", w.carp], _existing(w, "c.yaml", ARMY_TEXT)),
    "campaign record over a scenario": lambda w: (
        ["campaign", "record", w.campaign, "--winner", "german"],
        _existing(w, "s.yaml", SCENARIO_TEXT),
    ),
    "campaign next over a campaign": lambda w: (
        ["campaign", "next", w.campaign],
        _existing(w, "c.yaml", CAMPAIGN_TEXT),
    ),
    "campaign sheet over a scenario": lambda w: (
        ["campaign", "sheet", w.campaign, "-f", "md"],
        _existing(w, "s.yaml", SCENARIO_TEXT),
    ),
    "balance report over a markdown file": lambda w: (
        ["balance", w.maltot, "--games", "1"],
        _existing(w, "report.md", "# mine\n"),
    ),
    "deploy --save over a scenario": lambda w: (
        ["deploy", w.carp, "--side", "german", "--save"],
        _existing(w, "p.yaml", SCENARIO_TEXT),
    ),
}


@pytest.mark.parametrize("case", OTHER_FORMAT.values(), ids=OTHER_FORMAT.keys())
def test_a_file_of_another_format_is_replaced_only_with_force(
    case: Other, work: Work, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(work.root)
    args, target = case(work)
    option = [] if "--save" in args else ["-o"]
    before = work.snapshot()
    code, out, err = hon(capsys, *args, *option, target)
    assert code == 2, out + err
    refused(err, "--save" if "--save" in args else "-o", target)
    assert work.snapshot() == before
    code, out, err = hon(capsys, *args, *option, target, "--force")
    assert code == 0, err
    assert target.read_bytes() != before[str(target.relative_to(work.root))]


def test_an_empty_file_holds_nothing_to_lose(work: Work, capsys: pytest.CaptureFixture[str]) -> None:
    target = work.root / "empty.md"
    target.touch()
    assert hon(capsys, "roster", work.army, "-f", "md", "-o", target)[0] == 0
    assert target.read_text(encoding="utf-8").startswith("# ")


def test_a_file_of_the_same_format_is_replaced_keeping_a_bak_for_a_document(
    work: Work, capsys: pytest.CaptureFixture[str]
) -> None:
    target = work.root / "next.yaml"
    target.write_text(SCENARIO_TEXT, encoding="utf-8")
    code, out, _ = hon(capsys, "campaign", "next", work.campaign, "-o", target)
    assert code == 0 and out.strip() == str(target)
    assert target.with_name("next.yaml.bak").read_text(encoding="utf-8") == SCENARIO_TEXT


# --- -o a folder or a file, the same everywhere; the path written printed -------------------

FOLDER: dict[str, Callable[[Work], list[str | Path]]] = {
    "roster": lambda w: ["roster", w.army, "-f", "md", "-o"],
    "roster, tcg force": lambda w: ["roster", w.force, "-f", "md", "-o"],
    "scenario sheet": lambda w: ["scenario", "sheet", w.maltot, "-f", "svg", "-o"],
    "scenario deck": lambda w: ["scenario", "deck", w.tcg, "--side", "us", "-f", "md", "-o"],
    "scenario import": lambda w: ["scenario", "import", w.m44, "-o"],
    "scenario export": lambda w: ["scenario", "export", w.hex, "-o"],
    "campaign start": lambda w: ["campaign", "start", "operation-jupiter", "-o"],
    "campaign record": lambda w: ["campaign", "record", w.campaign, "--winner", "german", "-o"],
    "campaign next": lambda w: ["campaign", "next", w.campaign, "-o"],
    "campaign simulate": lambda w: ["campaign", "simulate", w.campaign, "--seed", "2", "-o"],
    "campaign sheet": lambda w: ["campaign", "sheet", w.campaign, "-f", "md", "-o"],
    "balance": lambda w: ["balance", w.maltot, "--games", "1", "-o"],
    "deploy --save": lambda w: ["deploy", w.carp, "--side", "german", "--save"],
    "schema": lambda w: ["schema", "-o"],
}


def written(out: str, err: str) -> list[Path]:
    """The paths a command said it wrote: alone on a line of standard output, or after
    `hon: wrote` on standard error."""
    lines = [*out.splitlines(), *(line.removeprefix("hon: wrote ") for line in err.splitlines())]
    return [Path(line) for line in lines if line.startswith("/")]


@pytest.mark.parametrize("command", FOLDER.values(), ids=FOLDER.keys())
def test_a_new_name_without_an_extension_is_a_folder_and_the_path_is_printed(
    command: Callable[[Work], list[str | Path]], work: Work, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = work.root / "new" / "campaigns"
    code, out, err = hon(capsys, *command(work), folder)
    assert code == 0, err
    paths = written(out, err)
    assert paths and all(path.parent == folder and path.is_file() for path in paths), (out, err)
    assert sorted(path.name for path in folder.iterdir()) == sorted(path.name for path in paths)


def test_the_campaign_commands_no_longer_replace_one_another(
    work: Work, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The README's sequence on a fresh clone (issue 30.2.1): `-o campaigns` made a file,
    which each command then replaced with its own."""
    monkeypatch.chdir(work.root)
    assert hon(capsys, "campaign", "start", "operation-jupiter", "-o", "campaigns")[0] == 0
    assert hon(capsys, "campaign", "record", work.campaign, "--winner", "german", "-o", "campaigns")[0] == 0
    assert hon(capsys, "campaign", "next", work.campaign, "-o", "campaigns")[0] == 0
    names = sorted(path.name for path in (work.root / "campaigns").iterdir())
    assert names == ["operation-jupiter-campaign.yaml", "operation-windsor.yaml", "welcome-to-caen-carpiquet.yaml"]


def test_a_campaign_starts_in_exports_by_default(
    work: Work, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(work.root)
    code, out, _ = hon(capsys, "campaign", "start", "operation-jupiter")
    assert code == 0 and out.strip() == str(work.root / "exports" / "operation-jupiter-campaign.yaml")
    assert not (work.root / "operation-jupiter-campaign.yaml").exists()


@pytest.mark.parametrize(
    "command",
    [
        lambda w: ["campaign", "start", "operation-jupiter", "-o", "-"],
        lambda w: ["campaign", "record", w.campaign, "--winner", "german", "-o", "-"],
        lambda w: ["campaign", "simulate", w.campaign, "-o", "-"],
        lambda w: ["balance", w.maltot, "--games", "1", "-o", "-"],
        lambda w: ["deploy", w.carp, "--side", "german", "--save", "-"],
    ],
    ids=["campaign start", "campaign record", "campaign simulate", "balance", "deploy --save"],
)
def test_a_command_that_writes_only_files_refuses_standard_output(
    command: Callable[[Work], list[str | Path]],
    work: Work,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(work.root)
    before = work.snapshot()
    code, out, err = hon(capsys, *command(work))
    assert code == 2 and len(err.splitlines()) == 1, out + err
    assert work.snapshot() == before


# --- The file's own problem before the options (issue 31.7) -----------------------------------

GOOD_TCG = (SCENARIOS_DIR / "tcg" / "hedgerow-crossroads.yaml").read_text(encoding="utf-8")
BROKEN_TCG = {
    "not yaml": GOOD_TCG + "  bad: [\n",
    "unknown game": GOOD_TCG.replace("game: tcg", "game: tcgx", 1),
    "empty": "",
    "binary": "\x00\x01format: tcg-scenario",
    "truncated": GOOD_TCG[: len(GOOD_TCG) // 3],
    "wrong field": GOOD_TCG.replace("version: 1", "version: one", 1),
}


@pytest.mark.parametrize("text", BROKEN_TCG.values(), ids=BROKEN_TCG.keys())
@pytest.mark.parametrize(
    "options",
    [["scenario", "sheet", "--format", "md"], ["scenario", "sheet", "--format", "docx"]],
    ids=["md", "docx"],
)
def test_a_broken_file_is_said_before_the_format(
    text: str, options: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text(text, encoding="utf-8")
    code, _, err = hon(capsys, *options[:2], broken, *options[2:])
    assert code == 2
    assert err.startswith(f"hon: {broken}"), err  # the file named first, not --format


def test_a_broken_campaign_is_said_before_the_format(work: Work, capsys: pytest.CaptureFixture[str]) -> None:
    work.campaign.write_text("format: hon-campaign\nversion: 1\nstages: [\n", encoding="utf-8")
    code, _, err = hon(capsys, "campaign", "sheet", work.campaign, "--format", "docx")
    assert code == 2 and err.startswith(f"hon: {work.campaign}"), err
