"""The scenario map as SVG, read back with xml.etree: one rect per square in its terrain's
colour, every objective symbol, entry arrows, a legend entry for each terrain type on the
map, escaped names, and the same bytes for the same scenario."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from builder.export.map_marks import OPEN_GROUND
from builder.export.map_svg import map_svg, standalone_svg
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.battlefield import Battlefield, assemble
from builder.heroes.scenario.models import Scenario, ZoneKind
from builder.io.paths import SCENARIOS_DIR
from builder.io.scenario_files import load_scenario

NS = {"svg": "http://www.w3.org/2000/svg"}
SCENARIOS = sorted(SCENARIOS_DIR.glob("*.yaml"))


def drawn(path: Path, catalogue: Catalogue) -> tuple[Scenario, Battlefield, ET.Element]:
    scenario = load_scenario(path).scenario
    field, issues = assemble(scenario.map, catalogue)
    assert issues == []
    return scenario, field, ET.fromstring(standalone_svg(scenario, field, catalogue).encode("utf-8"))


def texts(element: ET.Element) -> list[str]:
    return [t.text or "" for t in element.iter(f"{{{NS['svg']}}}text")]


def entries(root: ET.Element) -> dict[str, list[str]]:
    """The legend's labels by group, in order."""
    found: dict[str, list[str]] = {}
    for entry in root.findall(".//svg:g[@class='legend-entry']", NS):
        found.setdefault(entry.attrib["data-group"], []).append(entry.attrib["data-label"])
    return found


def group(root: ET.Element, name: str) -> ET.Element:
    found = root.find(f".//svg:g[@class='{name}']", NS)
    assert found is not None, name
    return found


def square_of(rect: ET.Element) -> tuple[int, int]:
    """The square a rect draws, from its `data-square="column,row"`."""
    column, row = rect.attrib["data-square"].split(",")
    return int(column), int(row)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_one_rect_per_square_in_its_terrain_colour(path: Path, bundled: Catalogue) -> None:
    _, field, root = drawn(path, bundled)
    squares = root.findall(".//svg:rect[@class='square']", NS)
    assert len(squares) == len(field.squares)
    placed = {square_of(rect): rect for rect in squares}
    assert set(placed) == set(field.squares)
    for square, rect in placed.items():
        element = field.element_at.get(square)
        assert rect.attrib["fill"] == (element.terrain.colour if element else OPEN_GROUND[1])
        assert rect.attrib["width"] == rect.attrib["height"] == "24"


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_objectives_zones_and_the_legend(path: Path, bundled: Catalogue) -> None:
    scenario, field, root = drawn(path, bundled)
    symbols = root.findall(".//svg:g[@class='objective']", NS)
    assert [(g.attrib["data-objective"], g.attrib["data-kind"]) for g in symbols] == [
        (o.id, o.kind.value) for o in scenario.objectives
    ]
    for number, symbol in enumerate(symbols, 1):
        assert texts(symbol) == [str(number)]
    zones = root.findall(".//svg:path[@class='zone']", NS)
    assert [z.attrib["data-zone"] for z in zones] == [z.id for z in scenario.zones]
    bonuses = root.findall(".//svg:g[@class='bonus']", NS)
    assert len(bonuses) == len(scenario.tactical_bonuses)
    legend = entries(root)
    terrain = {e.terrain.name for e in field.element_at.values()}
    if len(field.element_at) < len(field.squares):
        terrain.add(OPEN_GROUND[0])
    assert sorted(legend["Terrain"]) == sorted(terrain)
    assert legend.get("Objectives", []) == [f"{n}: {o.name}" for n, o in enumerate(scenario.objectives, 1)]
    kinds = ["entry squares" if z.kind is ZoneKind.ENTRY else "deployment zone" for z in scenario.zones]
    assert [label.rsplit(", ", 1)[1] for label in legend.get("Zones", [])] == kinds
    for entry in group(root, "legend").findall("svg:g/svg:g", NS):
        words = " ".join(texts(entry))
        assert entry.attrib["data-label"] in words  # the label printed, wrapped over lines
    coordinates = texts(group(root, "coordinates"))
    assert coordinates == [str(c) for c in range(field.width)] + [str(r) for r in range(field.height)]


def test_entry_squares_get_arrows_pointing_in(bundled: Catalogue) -> None:
    _, field, root = drawn(SCENARIOS_DIR / "way-of-the-cross.yaml", bundled)
    arrows = root.findall(".//svg:g[@class='arrows']/svg:polygon", NS)
    assert len(arrows) == field.width  # the Commonwealth enters along the whole northern edge
    for arrow in arrows:
        tip, left, right = ([float(v) for v in p.split(",")] for p in arrow.attrib["points"].split())
        assert tip[1] > left[1] == right[1], "pointing south, into the map"
        assert tip[1] < 18 + 16 + 1, "drawn in the band above the first row"


def test_walls_doors_windows_and_lines_are_drawn(bundled: Catalogue) -> None:
    _, field, root = drawn(SCENARIOS_DIR / "rush-on-maltot.yaml", bundled)
    walls = group(root, "walls").findall("svg:path", NS)
    assert len(walls) == 4  # walls, window casings, window panes, door jambs
    assert walls[0].attrib["d"].count("M") == len(field.walls)
    legend = " ".join(entries(root)["Marks"])
    assert "Door (the way in)" in legend and "Window (LoS, no passage)" in legend and "No passage" in legend
    _, _, hill = drawn(SCENARIOS_DIR / "way-of-the-cross.yaml", bundled)
    lines = " ".join(entries(hill)["Marks"])
    assert "Contour line" in lines and "Elevated line" in lines and "Barbed hedgehogs" in lines
    assert len(group(hill, "lines").findall("svg:path", NS)) >= 3


def test_the_same_scenario_gives_the_same_bytes(bundled: Catalogue, tmp_path: Path) -> None:
    scenario, field, _ = drawn(SCENARIOS_DIR / "carp-jump-in-carpiquet.yaml", bundled)
    assert standalone_svg(scenario, field, bundled) == standalone_svg(scenario, field, bundled)
    legendless = ET.fromstring(map_svg(scenario, field, bundled, with_legend=False).encode("utf-8"))
    assert legendless.find(".//svg:g[@class='legend']", NS) is None
    outputs = []
    for seed in ("1", "2"):
        target = tmp_path / f"map-{seed}.svg"
        scenario_file = str(SCENARIOS_DIR / "carp-jump-in-carpiquet.yaml")
        command = [sys.executable, "-c", "from builder.cli import run; run()", "scenario", "sheet", scenario_file]
        env = {**os.environ, "PYTHONHASHSEED": seed}
        subprocess.run([*command, "-f", "svg", "-o", str(target)], check=True, env=env, capture_output=True)
        outputs.append(target.read_bytes())
    assert outputs[0] == outputs[1]
    assert outputs[0].decode("utf-8") == standalone_svg(scenario, field, bundled)


def test_names_are_escaped(bundled: Catalogue) -> None:
    scenario, field, _ = drawn(SCENARIOS_DIR / "rush-on-maltot.yaml", bundled)
    hostile = '</text><script>alert(1)</script> & "friends"'
    objectives = [o.model_copy(update={"name": hostile}) for o in scenario.objectives]
    evil = scenario.model_copy(update={"title": "<svg onload=alert(2)>", "objectives": objectives})
    svg = standalone_svg(evil, field, bundled)
    root = ET.fromstring(svg.encode("utf-8"))
    assert not root.findall(".//svg:script", NS) and "<script" not in svg
    assert entries(root)["Objectives"][0] == f"1: {hostile}"
    assert hostile.split()[0] in " ".join(texts(group(root, "legend")))
    title = root.find("svg:title", NS)
    assert title is not None and title.text == "Map of <svg onload=alert(2)>"
