"""The automatic deployment's kept tables: the candidate positions of a kind of counter, kept
while the battlefield lives (deployment._CANDIDATES), and an area's squares, kept by the
frozen area (Area.cells), give what working them out afresh gives."""

from __future__ import annotations

from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.catalogue.terrain import Area
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.setup.deployment import auto_deploy
from tests.fixtures.rules.boards import JEEP, RIFLES, TANK, field, unit
from tests.heroes.rules.test_deployment import scenario, zone

W, H = 7, 5
rows = st.lists(st.text("....T~#VRB", min_size=W, max_size=W), min_size=H, max_size=H)
rects = st.tuples(st.integers(0, W - 1), st.integers(0, H - 1), st.integers(0, W - 1), st.integers(0, H - 1))
# Kinds that share a unit type but not Amphibious or Gigantic: the kept table must tell them apart.
SWIMMER = unit("swimmer", abilities=["amphibious"])
GIANT = unit("giant", abilities=["gigantic"])  # kept out of buildings (SoN p.17)
BEAST = unit("beast", UnitType.LARGE_CREATURE)
HALF_TRACK = unit("half-track", UnitType.LIGHT_VEHICLE, footprint=2)
kinds = st.lists(st.sampled_from([RIFLES, SWIMMER, JEEP, TANK, HALF_TRACK, GIANT, BEAST]), min_size=1, max_size=7)


def _box(box: tuple[int, int, int, int]) -> list[int]:
    c0, r0, c1, r1 = box
    return [min(c0, c1), min(r0, r1), max(c0, c1), max(r0, r1)]


def _off_board(found: list[Any]) -> list[Piece]:
    return [Piece(key=f"a/tiles[0]/{k.id}/{i + 1}", unit=k, owner="a", squares=()) for i, k in enumerate(found)]


@settings(max_examples=60, deadline=None)
@given(rows, rects, rects, kinds, kinds, st.integers(0, W * H - 1))
def test_kept_candidates_deploy_as_fresh_ones(
    grid: list[str], box: Any, other: Any, first: list[Any], second: list[Any], blocked: int
) -> None:
    """Two deployments on one battlefield (the second reading what the first kept, with other
    counters and another square taken) place every counter where a deployment on a new
    battlefield, working everything out again, places it."""
    text = "\n".join(grid)
    scene = scenario(
        [zone("a-zone", _box(box)), zone("a-more", _box(other))],
        [{"id": "x", "name": "X", "kind": "primary", "at": [0, 0]}],
    )
    kept = field(text)
    taken = Piece(key="b/tiles[0]/rifles/1", unit=RIFLES, owner="b", squares=((blocked % W, blocked // W),))
    for pieces, others in ((_off_board(first), []), (_off_board(second), [taken]), (_off_board(first), [taken])):
        again = auto_deploy(scene, kept, "a", pieces, dice=Random(3), others=others)
        fresh = auto_deploy(scene, field(text), "a", pieces, dice=Random(3), others=others)
        assert again == fresh


@given(
    st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9)), max_size=5),
    st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4), st.integers(5, 9), st.integers(5, 9)), max_size=3),
)
def test_an_areas_kept_squares_are_its_squares(squares: list[tuple[int, int]], boxes: list[Any]) -> None:
    area = Area(squares=squares, rects=boxes)
    fresh = set(squares) | {(c, r) for c0, r0, c1, r1 in boxes for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)}
    assert area.cells() == fresh and area.cells() == fresh  # asked twice: the second is the kept one
    moved = area.model_copy(update={"squares": [(9, 9)], "rects": []})
    assert moved.cells() == {(9, 9)}  # a copy with other squares does not keep the first's
