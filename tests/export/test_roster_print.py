"""The roster on paper: the largest example army printed by Typst and by a real
headless Chromium, read back with poppler (pdfinfo, pdftotext, pdftoppm). Several pages,
every block whole on one page, the paper size asked for, pictures that are not blank.

Skipped only when Debian's chromium or poppler-utils is missing (`.ci/run` installs them)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from builder.cli import main
from builder.export.roster_model import Block, Roster
from builder.heroes.catalogue.index import Catalogue
from tests.export.helpers import ILLEGAL, Example, largest, squash

CHROMIUM = shutil.which("chromium")
POPPLER = all(shutil.which(tool) for tool in ("pdfinfo", "pdftotext", "pdftoppm"))
needs_poppler = pytest.mark.skipif(not POPPLER, reason="poppler-utils (pdfinfo, pdftotext, pdftoppm) is not installed")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")
A4 = (595.3, 841.9)
LETTER = (612.0, 792.0)
INFANTRY_YELLOW = (0xE8, 0xC5, 0x47)


@pytest.fixture(scope="module")
def big(bundled: Catalogue) -> Example:
    return largest(bundled)


def roster_file(path: Path, folder: Path, *options: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    assert main(["roster", str(path), "-o", f"{folder}/", *options]) == 0
    written = [p for p in folder.iterdir() if p.is_file()]
    assert len(written) == 1
    return written[0]


def chromium(*args: str, profile: Path) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    command = [
        CHROMIUM,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
        *args,
    ]
    return subprocess.run(command, capture_output=True, text=True, timeout=180, check=True)


def chromium_pdf(html: Path, pdf: Path) -> Path:
    chromium("--no-pdf-header-footer", f"--print-to-pdf={pdf}", html.as_uri(), profile=html.parent / "profile")
    assert pdf.exists() and pdf.read_bytes().startswith(b"%PDF")
    return pdf


# Poppler (22.12 in Debian 12) says this of every tagged PDF Typst writes: its catalog's
# `/MarkInfo << /Marked true /Suspects false >>` is valid (ISO 32000-1 Table 321: Suspects is
# a boolean, false by default; qpdf --check finds no error), but Catalog::getMarkInfo reports
# any Suspects that is not `true` as "wrong type". pdfinfo asks for it ("Tagged:"), and
# pdftoppm and pdftotext may; any other complaint fails the test.
POPPLER_SUSPECTS_BUG = "Syntax Error: Suspects object is wrong type (boolean)"


def poppler(*args: str | Path) -> str:
    """A poppler tool's standard output; what it says on stderr, but for its known false
    alarm, fails the test instead of cluttering the run."""
    done = subprocess.run([str(arg) for arg in args], capture_output=True, text=True, timeout=120, check=True)
    complaints = [line for line in done.stderr.splitlines() if line.strip() and line != POPPLER_SUSPECTS_BUG]
    assert not complaints, f"{args[0]} on {args[-1]}: {complaints}"
    return done.stdout


def pdf_info(pdf: Path) -> tuple[int, tuple[float, float]]:
    out = poppler("pdfinfo", pdf)
    pages = re.search(r"^Pages:\s+(\d+)", out, re.M)
    size = re.search(r"^Page size:\s+([\d.]+) x ([\d.]+) pts", out, re.M)
    assert pages is not None and size is not None
    return int(pages[1]), (float(size[1]), float(size[2]))


def page_texts(pdf: Path, layout: bool = False) -> list[str]:
    """The text of each page, whitespace squashed: in reading order, or line by line as laid
    out (`layout`), which keeps a heading's number, name and kind together."""
    mode = ["-layout"] if layout else []
    out = poppler("pdftotext", *mode, pdf, "-")
    pages = out.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return [squash(page) for page in pages]


def heading(block: Block) -> re.Pattern[str]:
    kind = {"support": "SUPPORT OPTION"}.get(block.kind, block.kind.upper())
    label = f" {re.escape(block.label)}" if block.label else ""
    return re.compile(rf"#{block.number} {re.escape(block.name)}{label} {kind}\b")


def pages_of_blocks(roster: Roster, pdf: Path) -> dict[int, tuple[list[int], list[int]]]:
    """For each block, the pages holding its heading and the pages holding its last line."""
    lines, flowing = page_texts(pdf, layout=True), page_texts(pdf)
    found = {}
    for block in roster.blocks:
        heads = [i for i, text in enumerate(lines, 1) if heading(block).search(text)]
        ends = [i for i, text in enumerate(flowing, 1) if block.closing in text]
        found[block.number] = (heads, ends)
    return found


def assert_no_block_is_split(roster: Roster, pdf: Path) -> None:
    found = pages_of_blocks(roster, pdf)
    for number, (heads, ends) in found.items():
        assert len(heads) == 1 and heads == ends, f"block #{number}: heading on {heads}, last line on {ends}"
    first_pages = [found[b.number][0][0] for b in roster.blocks]
    assert first_pages == sorted(first_pages)  # in order


def assert_pictures(pdf: Path, pages: int, folder: Path) -> list[Path]:
    poppler("pdftoppm", "-png", "-r", "40", pdf, folder / "page")
    pictures = sorted(folder.glob("page-*.png"))
    assert len(pictures) == pages
    for picture in pictures:
        with Image.open(picture) as image:
            # Above the page footer, something must be printed.
            body = image.convert("L").crop((0, 0, image.width, int(image.height * 0.9)))
            assert sum(body.histogram()[:128]) > 40, f"{picture.name} looks blank"
    return pictures


def has_colour(picture: Path, colour: tuple[int, int, int], tolerance: int = 24) -> bool:
    with Image.open(picture) as image:
        rgb = image.convert("RGB")
        rgb.thumbnail((400, 600))
        colours = rgb.getcolors(400 * 600) or []
        return any(
            isinstance(pixel, tuple)  # an RGB image's colours are tuples (PIL types them for any mode)
            and all(abs(channel - wanted) <= tolerance for channel, wanted in zip(pixel, colour, strict=True))
            for _, pixel in colours
        )


@pytest.mark.poppler
@needs_poppler
def test_the_pdf_keeps_every_block_on_one_page(big: Example, tmp_path: Path) -> None:
    pdf = roster_file(big.path, tmp_path / "pdf", "-f", "pdf")
    pages, size = pdf_info(pdf)
    assert size == pytest.approx(A4, abs=1)
    texts = page_texts(pdf)
    assert len(texts) == pages
    assert 3 <= pages <= len(big.roster.blocks) // 2 + 2, pages  # several pages, densely filled
    assert_no_block_is_split(big.roster, pdf)
    for number, text in enumerate(texts, 1):
        assert f"page {number} of {pages}" in text
    assert big.roster.name in texts[0] and f"{big.roster.points} / {big.roster.points_limit} points" in texts[0]
    everything = " ".join(texts)
    assert f"revision {big.roster.revision}" in everything
    assert "SPECIAL ABILITIES IN THIS ARMY" in everything
    pictures = assert_pictures(pdf, pages, tmp_path)
    assert has_colour(pictures[0], INFANTRY_YELLOW) or any(has_colour(p, INFANTRY_YELLOW) for p in pictures)


@pytest.mark.poppler
@needs_poppler
def test_letter_paper(big: Example, tmp_path: Path) -> None:
    pdf = roster_file(big.path, tmp_path, "-f", "pdf", "--paper", "letter")
    pages, size = pdf_info(pdf)
    assert size == pytest.approx(LETTER, abs=1)
    texts = page_texts(pdf)
    assert len(texts) == pages >= 3
    assert_no_block_is_split(big.roster, pdf)


@pytest.mark.poppler
@needs_poppler
def test_an_illegal_pdf_shows_the_banner_first(bundled: Catalogue, tmp_path: Path) -> None:
    from tests.export.helpers import example

    found = example(ILLEGAL[0], bundled)
    pdf = roster_file(found.path, tmp_path, "-f", "pdf")
    first = page_texts(pdf)[0]
    assert "NOT LEGAL — this list breaks" in first
    for issue in found.roster.issues:
        assert squash(issue.message) in first


@pytest.mark.browser
@pytest.mark.poppler
@needs_chromium
@needs_poppler
def test_chromium_prints_every_block_on_one_page(big: Example, tmp_path: Path) -> None:
    html = roster_file(big.path, tmp_path / "html")
    pdf = chromium_pdf(html, tmp_path / "chromium.pdf")
    pages, size = pdf_info(pdf)
    assert size == pytest.approx(A4, abs=1)
    texts = page_texts(pdf)
    assert len(texts) == pages
    assert 3 <= pages <= len(big.roster.blocks) // 2 + 2, pages
    assert_no_block_is_split(big.roster, pdf)
    assert f"page 1 of {pages}" in texts[0]
    assert_pictures(pdf, pages, tmp_path)


@pytest.mark.browser
@needs_chromium
def test_chromium_screenshot_shows_the_roster_in_colour(big: Example, tmp_path: Path) -> None:
    html = roster_file(big.path, tmp_path / "html")
    shot = tmp_path / "shot.png"
    chromium(f"--screenshot={shot}", "--window-size=1240,1754", html.as_uri(), profile=tmp_path / "profile")
    with Image.open(shot) as image:
        assert image.size == (1240, 1754)
        assert sum(image.convert("L").histogram()[:128]) > 2000
    assert has_colour(shot, INFANTRY_YELLOW)


@pytest.mark.browser
@needs_chromium
def test_chromium_reads_hostile_names_as_text(bundled: Catalogue, tmp_path: Path) -> None:
    """A unit named <script> is text in the browser's DOM, never an element."""
    import yaml

    from builder.io.paths import EXAMPLE_ARMIES_DIR

    folder = tmp_path / "catalogue"
    folder.mkdir()
    unit = bundled.units["cw-43-riflemen"].model_dump(mode="json", exclude_defaults=True)
    unit["name"] = "<script>document.title='pwned'</script><img src=x onerror=alert(1)>"
    (folder / "evil.yaml").write_text(
        yaml.safe_dump({"format": "hon-catalogue", "version": 1, "game": "hon", "units": [unit]}), encoding="utf-8"
    )
    army = tmp_path / "army.yaml"
    army.write_text(
        (EXAMPLE_ARMIES_DIR / "commonwealth-43rd-770.yaml")
        .read_text(encoding="utf-8")
        .replace("name: The Wessex Division at Hill 112", "name: '<b>bold</b>'"),
        encoding="utf-8",
    )
    html = roster_file(army, tmp_path / "out", "--catalogue", str(folder))
    assert html.name == "b-bold-b.html"
    dom = chromium("--dump-dom", html.as_uri(), profile=tmp_path / "profile").stdout
    assert "<title>&lt;b&gt;bold&lt;/b&gt; — roster</title>" in dom
    assert "<script>" not in dom and "<img" not in dom
    assert "&lt;script&gt;document.title='pwned'&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;" in dom
