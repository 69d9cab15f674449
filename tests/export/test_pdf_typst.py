"""The PDFs Typst lays out: user text prints as written (never as Typst markup or code), the
roster shows what a player reads at the table (order tokens, breaking points, stripes in
colour), and the data handed to the templates is plain JSON of the models."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from builder.cli import main
from builder.export.pdf import plain
from builder.export.roster_model import Roster
from builder.heroes.catalogue.index import Catalogue
from builder.io.paths import EXAMPLE_ARMIES_DIR, SCENARIOS_DIR
from tests.export.helpers import Example, largest, squash
from tests.export.test_roster_print import (
    POPPLER_SUSPECTS_BUG,
    assert_pictures,
    has_colour,
    needs_poppler,
    page_texts,
    pdf_info,
)

# Typst code and markup in every shape a name could take: a function call, strong and
# emphasis, maths, a label, a reference, a heading, a raw block, an import.
HOSTILE = "#panic() *x* $y$ <z> @w"
HOSTILE_NOTES = '= Not a heading\n#import "/etc/passwd": *\n```raw``` _under_ \\ #{1 + 1}'
ALARM_RED = (0xB7, 0x1C, 0x1C)


@pytest.fixture(scope="module")
def big(bundled: Catalogue) -> Example:
    return largest(bundled)


def print_roster(army: Path, folder: Path, *options: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    assert main(["roster", str(army), "-f", "pdf", "-o", f"{folder}/", *options]) == 0
    [written] = [p for p in folder.iterdir() if p.suffix == ".pdf"]
    return written


def hostile_army(folder: Path) -> Path:
    data = yaml.safe_load((EXAMPLE_ARMIES_DIR / "commonwealth-43rd-770.yaml").read_text(encoding="utf-8"))
    data["name"] = HOSTILE
    data["notes"] = HOSTILE_NOTES
    data["tiles"][1]["label"] = "$x^2$ #emph[label]"
    army = folder / "hostile.yaml"
    army.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return army


@pytest.mark.poppler
@needs_poppler
def test_a_hostile_army_prints_its_names_as_written(bundled: Catalogue, tmp_path: Path) -> None:
    folder = tmp_path / "catalogue"
    folder.mkdir()
    unit = bundled.units["cw-43-riflemen"].model_dump(mode="json", exclude_defaults=True)
    unit["name"] = '#read("/etc/passwd") <unit> @ref'
    (folder / "evil.yaml").write_text(
        yaml.safe_dump({"format": "hon-catalogue", "version": 1, "game": "hon", "units": [unit]}), encoding="utf-8"
    )
    pdf = print_roster(hostile_army(tmp_path), tmp_path / "out", "--catalogue", str(folder))
    texts = page_texts(pdf)
    everything = " ".join(texts)
    # The title, and the footer of every page.
    assert [text.count(HOSTILE) for text in texts] == [2] + [1] * (len(texts) - 1)
    assert "$x^2$ #emph[label]" in everything
    assert '#read("/etc/passwd")<unit>@ref' in everything.replace(" ", "")  # wrapped in its column
    assert squash(HOSTILE_NOTES) in everything
    assert "root:" not in everything


@pytest.mark.poppler
@needs_poppler
def test_a_hostile_scenario_prints_its_texts_as_written(tmp_path: Path) -> None:
    data = yaml.safe_load((SCENARIOS_DIR / "free-battle.yaml").read_text(encoding="utf-8"))
    data["title"] = HOSTILE
    data["objectives"][0]["name"] = "*bold* _it_ `raw`"
    data["special_rules"] = [{"title": "#set page(width: 1cm)", "text": '#image("/etc/hostname") #{"x" * 3}'}]
    scenario = tmp_path / "hostile.yaml"
    scenario.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    assert main(["scenario", "sheet", str(scenario), "-f", "pdf", "-o", f"{tmp_path}/out/"]) == 0
    pdf = tmp_path / "out" / "free-battle.pdf"
    _, size = pdf_info(pdf)
    assert size == pytest.approx((595.3, 841.9), abs=1)  # `#set page` did not run
    everything = " ".join(page_texts(pdf))
    assert HOSTILE in everything
    for text in ("*bold* _it_ `raw`", "#set page(width: 1cm).", '#image("/etc/hostname") #{"x" * 3}'):
        assert text in everything


@pytest.mark.poppler
@needs_poppler
def test_the_roster_shows_what_a_player_needs_at_the_table(big: Example, tmp_path: Path) -> None:
    roster = big.roster
    pdf = print_roster(big.path, tmp_path)
    pages, _ = pdf_info(pdf)
    texts = page_texts(pdf)
    everything = " ".join(texts)
    orders = roster.orders
    # The three order tokens, each its count over its name.
    assert f"{orders.numbered} {orders.bluff} {orders.special} NUMBERED BLUFF SPECIAL" in texts[0]
    # One "BP" box per group that can break, and its VP beside the boxes.
    breaking = [b.tally for b in roster.blocks if b.tally is not None and b.tally.threshold is not None]
    assert len(re.findall(r"\bBP\b", everything)) == sum(not t.unreachable for t in breaking)
    for block in roster.blocks:
        assert block.closing in everything
        for marker in block.markers:
            assert marker.name in everything and squash(marker.effect) in everything
    for entry in roster.glossary:
        assert entry.name in everything and (entry.source or "no page") in everything
    pictures = assert_pictures(pdf, pages, tmp_path)
    # The breaking boxes in red, and each tile's first stripe colour down its edge.
    assert has_colour(pictures[0], ALARM_RED)
    stripe = roster.blocks[0].stripes[0].colour
    red, green, blue = (int(stripe[i : i + 2], 16) for i in (1, 3, 5))
    assert has_colour(pictures[0], (red, green, blue))


@pytest.mark.poppler
@needs_poppler
def test_poppler_only_misreads_the_valid_mark_info_of_a_typst_pdf(big: Example, tmp_path: Path) -> None:
    """What pdfinfo says on stderr of a Typst PDF is its false alarm about `/Suspects false`
    (test_roster_print.POPPLER_SUSPECTS_BUG), which the tests' poppler helper drops: the
    catalog marks the PDF tagged, with a boolean Suspects, and pdfinfo reads both right."""
    pdf = print_roster(big.path, tmp_path)
    assert b"/MarkInfo<</Marked true/Suspects false>>" in pdf.read_bytes()
    done = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True)
    assert set(done.stderr.splitlines()) <= {POPPLER_SUSPECTS_BUG}
    assert re.search(r"^Tagged:\s+yes$", done.stdout, re.M) and re.search(r"^Suspects:\s+no$", done.stdout, re.M)
    if shutil.which("qpdf"):  # a second reader, where it is installed
        subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, check=True)


def test_the_templates_get_the_model_as_plain_json(big: Example) -> None:
    data = plain(big.roster)
    assert isinstance(data, dict)
    first = big.roster.blocks[0]
    block = data["blocks"][0]
    assert block["closing"] == first.closing and block["title"] == first.title  # properties too
    assert first.tally is not None and block["tally"]["marks"] == list(first.tally.marks)
    assert data["legal"] is big.roster.legal
    assert data["errors"] == [i.model_dump(mode="json") for i in big.roster.errors]
    assert set(data) >= {f for f in Roster.__dataclass_fields__}
