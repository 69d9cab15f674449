"""The scenario sheet on paper: Typst's PDF and a real headless Chromium's, read back
with poppler (pdfinfo, pdftotext, pdftoppm). The page count, the paper size, every block
whole on one page and in order, pictures that are not blank and show the map's colours.

Skipped only when Debian's chromium or poppler-utils is missing (`.ci/run` installs them)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from builder.cli import main
from builder.export.sheet import Sheet, build_sheet
from builder.heroes.catalogue.index import Catalogue
from builder.io.paths import SCENARIOS_DIR
from builder.io.scenario_files import load_scenario

# The roster's print helpers: Chromium, pdfinfo, pdftotext and pdftoppm.
from tests.export.test_roster_print import (
    A4,
    LETTER,
    assert_pictures,
    chromium,
    chromium_pdf,
    has_colour,
    needs_chromium,
    needs_poppler,
    page_texts,
    pdf_info,
)

SIDE_BLUE = (0x2F, 0x6F, 0xD0)  # the first side's colour on the map (builder.export.map_svg)
BUILDING = (0xA0, 0x52, 0x2D)
PRINTED = ["rush-on-maltot", "way-of-the-cross", "welcome-to-caen-carpiquet", "leaving-on-a-jet-plane"]


def sheet_file(name: str, folder: Path, *options: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    assert main(["scenario", "sheet", str(SCENARIOS_DIR / f"{name}.yaml"), "-o", f"{folder}/", *options]) == 0
    [written] = [p for p in folder.iterdir() if p.is_file()]
    return written


def model(name: str, catalogue: Catalogue) -> Sheet:
    return build_sheet(load_scenario(SCENARIOS_DIR / f"{name}.yaml"), catalogue)


def tail(text: str, words: int = 4) -> str:
    return " ".join(text.split()[-words:])


def head(text: str, words: int = 5) -> str:
    return " ".join(text.split()[:words])


def blocks(s: Sheet) -> list[tuple[str, str, str]]:
    """(block, text at its start, text at its end) for every block of the sheet, in order."""
    sc = s.scenario
    terrain = [e.note for e in s.legend if e.group == "Terrain"]  # printed only in the terrain table
    found = [
        ("title", f"{sc.game.full_name} · scenario sheet", f"Source {s.source}"),
        ("map", f"Map {s.dimensions}", s.legend[-1].label),
        ("boards", "TERRAIN BOARDS", tail(sc.map_note) if sc.map_note else s.boards[-1]),
        ("terrain", "Terrain on this map", tail(terrain[-1])),
        ("set-up", "Set-up", tail(sc.setup.deployment[-1].note) if sc.setup.deployment else "DEPLOYMENT"),
    ]
    if sc.zones:  # zone notes print only in the zones table
        found.append(("zones", head(sc.zones[0].note), tail(sc.zones[-1].note)))
    last = sc.sides[-1]
    army = s.armies[last.id].name if last.id in s.armies else f"Any army of {s.factions[last.faction]}"
    found.append(("forces", "Forces", army))
    found.append(("victory", "Checked in this order", s.early[-1] if s.early else s.game_end))
    for i, event in enumerate(sc.events):
        found.append((f"event {i}", s.events[i], tail(event.what)))
    for i, rule in enumerate(sc.special_rules):
        title = rule.title if rule.title.endswith(".") else f"{rule.title}."
        found.append((f"rule {i}", f"{title} {head(rule.text, 3)}", tail(rule.text)))
    if sc.campaign:
        found.append(("campaign", f"Campaign: {sc.campaign.name}", tail(s.campaign[-1])))
    found.append(("source", f"Scenario id {sc.id}.", "are not official."))
    return found


def flat(text: str) -> str:
    """Text without spaces and hyphens: pdftotext joins a word broken at a hyphen."""
    return re.sub(r"[\s-]+", "", text)


def assert_no_block_is_split(s: Sheet, pdf: Path) -> list[int]:
    """Each block starts and ends on the same page, and the blocks come in order."""
    texts = [flat(text) for text in page_texts(pdf)]
    first_pages = []
    for name, start, end in blocks(s):
        starts = [n for n, text in enumerate(texts, 1) if flat(start) in text]
        ends = [n for n, text in enumerate(texts, 1) if flat(end) in text]
        assert len(starts) == 1 and starts == ends, f"{name}: starts on {starts}, ends on {ends}"
        first_pages.append(starts[0])
    assert first_pages == sorted(first_pages)
    return first_pages


@pytest.mark.poppler
@needs_poppler
@pytest.mark.parametrize("name", PRINTED)
def test_the_pdf_keeps_every_block_on_one_page(name: str, bundled: Catalogue, tmp_path: Path) -> None:
    pdf = sheet_file(name, tmp_path / "pdf", "-f", "pdf")
    pages, size = pdf_info(pdf)
    assert size == pytest.approx(A4, abs=1)
    assert 2 <= pages <= 4, pages
    texts = page_texts(pdf)
    assert len(texts) == pages
    for number, text in enumerate(texts, 1):
        assert f"page {number} of {pages}" in text
    s = model(name, bundled)
    first = assert_no_block_is_split(s, pdf)
    assert first[:2] == [1, 1], "the map shares the first page with the title"
    pictures = assert_pictures(pdf, pages, tmp_path)
    assert has_colour(pictures[0], BUILDING) or has_colour(pictures[0], SIDE_BLUE)


@pytest.mark.poppler
@needs_poppler
def test_letter_paper(bundled: Catalogue, tmp_path: Path) -> None:
    pdf = sheet_file("rush-on-maltot", tmp_path, "-f", "pdf", "--paper", "letter")
    pages, size = pdf_info(pdf)
    assert size == pytest.approx(LETTER, abs=1)
    assert 2 <= pages <= 4
    assert_no_block_is_split(model("rush-on-maltot", bundled), pdf)


@pytest.mark.poppler
@needs_poppler
def test_an_unplayable_pdf_shows_the_banner_first(tmp_path: Path) -> None:
    import yaml

    data = yaml.safe_load((SCENARIOS_DIR / "free-battle.yaml").read_text(encoding="utf-8"))
    data["zones"][1]["area"] = {"rects": [[2, 0, 27, 9]]}
    broken = tmp_path / "broken.yaml"
    broken.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert main(["scenario", "sheet", str(broken), "-f", "pdf", "-o", f"{tmp_path}/"]) == 0
    first = page_texts(tmp_path / "free-battle.pdf")[0]
    assert "NOT PLAYABLE" in first and "NOT PLAYABLE — this scenario has 1 error" in first
    assert "The deployment zones of allies and axis share 10 squares, first at [2, 0]." in first


@pytest.mark.browser
@pytest.mark.poppler
@needs_chromium
@needs_poppler
def test_chromium_prints_every_block_on_one_page(bundled: Catalogue, tmp_path: Path) -> None:
    html = sheet_file("way-of-the-cross", tmp_path / "html")
    pdf = chromium_pdf(html, tmp_path / "chromium.pdf")
    pages, size = pdf_info(pdf)
    assert size == pytest.approx(A4, abs=1)
    assert 2 <= pages <= 4
    assert_no_block_is_split(model("way-of-the-cross", bundled), pdf)
    assert_pictures(pdf, pages, tmp_path)


@pytest.mark.browser
@needs_chromium
def test_chromium_screenshot_shows_the_map_in_colour(tmp_path: Path) -> None:
    from PIL import Image

    html = sheet_file("carp-jump-in-carpiquet", tmp_path / "html")
    shot = tmp_path / "shot.png"
    chromium(f"--screenshot={shot}", "--window-size=1240,1754", html.as_uri(), profile=tmp_path / "profile")
    with Image.open(shot) as image:
        assert image.size == (1240, 1754)
        assert sum(image.convert("L").histogram()[:128]) > 2000
    assert has_colour(shot, SIDE_BLUE) and has_colour(shot, BUILDING)


@pytest.mark.browser
@needs_chromium
def test_chromium_reads_a_hostile_title_as_text(tmp_path: Path) -> None:
    import yaml

    data = yaml.safe_load((SCENARIOS_DIR / "free-battle.yaml").read_text(encoding="utf-8"))
    data["title"] = "<script>document.title='pwned'</script>"
    data["objectives"][0]["name"] = "<img src=x onerror=alert(1)>"
    scenario = tmp_path / "hostile.yaml"
    scenario.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    assert main(["scenario", "sheet", str(scenario), "-o", f"{tmp_path}/out/"]) == 0
    html = tmp_path / "out" / "free-battle.html"
    dom = chromium("--dump-dom", html.as_uri(), profile=tmp_path / "profile").stdout
    assert "<title>&lt;script&gt;document.title='pwned'&lt;/script&gt; — scenario sheet</title>" in dom
    assert "<script" not in dom and "<img" not in dom
    assert "&lt;img src=x onerror=alert(1)&gt;" in dom
    assert dom.count("<svg") > 10  # the map and the legend swatches are live SVG
