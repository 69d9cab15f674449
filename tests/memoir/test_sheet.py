"""The hex game's scenario sheet: the map as SVG (every hex, units, sections) and the HTML
page, with the scenario's texts escaped."""

from __future__ import annotations

from pathlib import Path

import pytest
from markupsafe import escape

from builder.cli import main
from builder.export.formats import SheetFormat
from builder.export.hex_sheet import build, render
from builder.io.memoir_files import read_m44
from builder.io.paths import SCENARIOS_DIR
from tests.memoir.helpers import ALLIES, AXIS, CATALOGUE, place, scenario, unit

LANES = SCENARIOS_DIR / "m44" / "hedgerow-lanes.yaml"


def test_the_map_draws_every_hex_the_units_and_the_section_lines() -> None:
    made = build(scenario(place(8, 0, unit=unit("infantry", ALLIES)), place(0, 0, unit=unit("armor", AXIS))), CATALOGUE)
    svg = render(made, SheetFormat.SVG).decode()
    assert svg.count("<polygon") == 5 * 13 + 4 * 12
    assert ">I4<" in svg and ">A3<" in svg and svg.count("stroke-dasharray") == 2


def test_the_page_escapes_the_scenarios_texts() -> None:
    hostile = scenario(place(8, 0, unit=unit("infantry", ALLIES)), place(0, 0, unit=unit("armor", AXIS)))
    hostile = hostile.model_copy(update={"title": "<script>alert(1)</script>", "briefing": "a & b"})
    html = render(build(hostile, CATALOGUE), SheetFormat.HTML).decode()
    assert "<script>" not in html and "&lt;script&gt;" in html and "a &amp; b" in html
    assert "Playable" in html


@pytest.mark.parametrize("fmt", ["svg", "html"])
def test_hon_scenario_sheet(fmt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenario", "sheet", str(LANES), "--format", fmt, "-o", f"{tmp_path}/"]) == 0
    written = tmp_path / f"hedgerow-lanes.{fmt}"
    assert "Axis baseline" in written.read_text(encoding="utf-8")


def test_the_pdf_sheet(tmp_path: Path) -> None:
    pdf = render(
        build(scenario(place(8, 0, unit=unit("infantry", ALLIES)), place(0, 0, unit=unit("armor", AXIS))), CATALOGUE),
        SheetFormat.PDF,
    )
    assert pdf.startswith(b"%PDF")


def test_the_sheet_shows_the_scenarios_texts_in_each_language() -> None:
    imported, _ = read_m44(Path(__file__).parent / "fixtures" / "real" / "13.m44", CATALOGUE)
    html = render(build(imported, CATALOGUE), SheetFormat.HTML).decode()
    for language in ("en", "fr", "de"):
        assert f'id="texts-{language}"' in html
    french = imported.translations["fr"]
    assert french.rules is not None and french.historical is not None
    for said in (imported.special_rules, imported.historical, french.rules, french.historical):
        assert said is not None and escape(said.splitlines()[0]) in html
    assert imported.date_end is not None and imported.date_end in html
    pdf = render(build(imported, CATALOGUE), SheetFormat.PDF)
    assert pdf.startswith(b"%PDF")
