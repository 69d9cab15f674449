"""The hex-game mirror (tests/fixtures/mirror, issue 34) is point-symmetric: every hex's
terrain stands on a hex whose image by the half turn, (r, c) -> (R-1-r, C-1-c) in the
doubled coordinates, holds the same; each side's units are the other's images; the medal for
holding the centre is either side's and each side's own medal objective is the image of the
other's; the swapped file exchanges the sides' edges."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.io.memoir_files import load_catalogue, load_scenario

MIRRORS = Path(__file__).resolve().parents[1] / "fixtures" / "mirror"
ROWS, COLUMNS = 9, 25  # the standard board, as the .m44 files count its hexes


def image(row: int, col: int) -> tuple[int, int]:
    return ROWS - 1 - row, COLUMNS - 1 - col


@pytest.mark.parametrize("name", ["mirror-m44", "mirror-m44-swapped"])
def test_the_hex_mirror_is_point_symmetric(name: str) -> None:
    scenario = load_scenario(MIRRORS / f"{name}.yaml").scenario
    medals = {tag.id: tag.side for tag in load_catalogue().medal_tags.values()}
    terrain = {(p.row, p.col, p.terrain.id) for p in scenario.hexes if p.terrain is not None}
    assert {(*image(row, col), kind) for row, col, kind in terrain} == terrain
    units = {(p.row, p.col, p.unit.type, p.unit.side, p.unit.badge) for p in scenario.hexes if p.unit is not None}
    other = {"axis": "allies", "allies": "axis"}
    assert {(*image(r, c), kind, other[side], badge) for r, c, kind, side, badge in units} == units
    goals = {(p.row, p.col, medals[tag]) for p in scenario.hexes for tag in p.tag_names}
    assert {(*image(r, c), None if side is None else other[side]) for r, c, side in goals} == goals
    first, second = scenario.sides
    assert (first.cards, first.medals) == (second.cards, second.medals) and first.edge != second.edge


def test_the_swapped_hex_mirror_exchanges_the_edges() -> None:
    plain, swapped = (load_scenario(MIRRORS / f"{name}.yaml").scenario for name in ("mirror-m44", "mirror-m44-swapped"))
    assert [s.edge for s in plain.sides] == [s.edge for s in reversed(swapped.sides)]
