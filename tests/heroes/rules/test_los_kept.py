"""The lines of sight kept per battlefield (`los.KeptTrace`) never drift from a fresh trace:
after units move, flip (to a wreck, to another state), are concealed or destroyed, and when a
building turns to rubble (HoN core p.13, p.18, p.21-22, p.30). A fresh trace here is one on a
newly compiled `SightMap`, which has nothing kept."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.geometry import los
from builder.heroes.rules.geometry.los import Sight, line_of_sight, sights
from builder.heroes.rules.geometry.sightmap import Occupancy, SightMap, sight_map
from builder.heroes.rules.pieces import CONCEALED_MARKER, Piece
from builder.heroes.rules.resolution.structures import RUBBLE, ruin
from builder.heroes.rules.ruleset import HON, SON, Ruleset
from builder.heroes.scenario.battlefield import Battlefield
from tests.fixtures.rules.boards import JEEP, RIFLES, TANK, element, field, piece, unit
from tests.heroes.rules.test_simulate import play, scenario

BOARD = field("""
.....T....
..#.......
.....YY...
....TT....
.......#..
.Y........
""")
CAR = unit("car", UnitType.LIGHT_VEHICLE, states=("unharmed", "wreck"))  # its back is a wreck
KINDS = [RIFLES, RIFLES, RIFLES, TANK, JEEP, CAR]


def fresh(battlefield: Battlefield, occupancy: Occupancy, firer: Piece, target: Piece, ruleset: Ruleset) -> list[Sight]:
    return sights(SightMap(battlefield), occupancy, firer, target, ruleset)


def placed(key: str, kind: int, at: tuple[int, int], flipped: bool, hidden: bool) -> Piece:
    chosen = KINDS[kind]
    squares = [at, (at[0], at[1] + 1)] if chosen.footprint == 2 else [at]
    found = piece(key, squares, "a" if key < "m" else "b", chosen, side_index=int(flipped))
    return replace(found, extra=(CONCEALED_MARKER,)) if hidden else found


@settings(max_examples=150, deadline=None)
@given(
    layout=st.lists(
        st.tuples(st.integers(0, len(KINDS) - 1), st.integers(0, 9), st.integers(0, 4), st.booleans(), st.booleans()),
        min_size=2,
        max_size=9,
    ),
    son=st.booleans(),
)
def test_kept_lines_agree_with_fresh_ones_whoever_stands_where(
    layout: list[tuple[int, int, int, bool, bool]], son: bool
) -> None:
    # One SightMap for every example: what it kept from earlier layouts (units moved, flipped
    # to a wreck or another state, concealed, gone) must never answer for this one.
    ruleset = SON if son else HON
    pieces: list[Piece] = []
    taken: set[tuple[int, int]] = set()
    for i, (kind, c, r, flipped, hidden) in enumerate(layout):
        one = placed(f"{'am'[i % 2]}{i}", kind, (c, r), flipped, hidden)
        if taken.isdisjoint(one.squares):
            taken.update(one.squares)
            pieces.append(one)
    occupancy = Occupancy(pieces)
    kept = sight_map(BOARD)
    for firer in pieces:
        for target in pieces:
            if firer is not target:
                found = fresh(BOARD, occupancy, firer, target, ruleset)
                assert sights(kept, occupancy, firer, target, ruleset) == found
                # The best line, traced only until none can come before it, is the first.
                assert line_of_sight(kept, occupancy, firer, target, ruleset) == found[0]
                assert line_of_sight(SightMap(BOARD), occupancy, firer, target, ruleset) == found[0]


def test_kept_lines_agree_with_fresh_ones_over_a_played_game() -> None:
    # Every event of a game moves, hurts, flips or destroys units: after each, a sample of the
    # lines between units on the battlefield, traced on the game's kept map and afresh.
    record = play("hon-first-contact", seed=3, turns=3)
    battlefield = scenario("hon-first-contact")[1]
    kept = sight_map(battlefield)
    sample = random.Random(7)
    compared = 0
    for frame in record.frames[::3]:
        units = [p for p in frame.pieces if p.squares and p.embarked_in is None]
        occupancy = Occupancy(frame.pieces)
        for _ in range(12):
            firer, target = sample.sample(units, 2) if len(units) > 1 else (None, None)
            if firer is None or target is None:
                continue
            assert sights(kept, occupancy, firer, target, HON) == fresh(battlefield, occupancy, firer, target, HON)
            compared += 1
    assert compared > 200


def test_a_building_turned_to_rubble_is_seen_through_afresh() -> None:
    # HoN core p.22: the rubble side obscures (p.18) where the building blocked.
    house = element(
        "House",
        [(c, r) for c in (2, 3) for r in (0, 1)],
        {"blocks_los": True, "building": True, "structure": 2},
        key="house",
    )
    before = field("\n".join(["......"] * 3), extra=[house])
    firer, target = piece("f", (0, 1)), piece("t", (5, 1), "b")
    blocker = piece("x", (1, 1), "b", JEEP)
    for occupancy in (Occupancy([firer, target]), Occupancy([firer, target, blocker]), Occupancy([firer, target])):
        assert line_of_sight(before, occupancy, firer, target, HON).blocked
    after = ruin(before, "house", RUBBLE)
    occupancy = Occupancy([firer, target])
    sight = line_of_sight(after, occupancy, firer, target, HON)
    assert sight == fresh(after, occupancy, firer, target, HON)[0]
    assert not sight.blocked and sight.obscured
    # The old battlefield's kept lines are untouched by the new one.
    assert line_of_sight(before, occupancy, firer, target, HON).blocked


def test_a_full_store_of_lines_starts_again(monkeypatch: pytest.MonkeyPatch) -> None:
    # A long balance run traces lines by the million: what is kept per battlefield is bounded.
    monkeypatch.setattr(los, "TRACES_KEPT", 3)
    board = field("\n".join([".T...."] * 4))
    firer = piece("f", (0, 0))
    occupancy = Occupancy([firer])
    for c in range(2, 6):
        for r in range(4):
            target = piece("t", (c, r), "b")
            assert line_of_sight(board, occupancy, firer, target, HON) == fresh(board, occupancy, firer, target, HON)[0]
            assert len(sight_map(board).traces) <= 3
