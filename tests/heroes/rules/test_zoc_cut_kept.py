"""What the units beside a square cut of a zone of control (HoN core p.11, p.14) is kept by
the unit's place and type and the kinds of its neighbours, and the whole answer by the
zones, the units exerting them and those beside them (`zoc.cut_by_units`): over whole
simulated games, every movement search's zones must equal a fresh computation with nothing
kept."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from builder.heroes.rules.geometry import zoc
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.geometry.standing import Standing
from builder.heroes.rules.pieces import Square
from builder.heroes.rules.ruleset import Ruleset, ruleset_for
from builder.heroes.scenario.battlefield import Battlefield
from tests.heroes.rules.test_simulate import play, scenario


def field_of(name: str) -> tuple[Battlefield, Ruleset]:
    """The shipped scenario's battlefield and the ruleset it is played under."""
    loaded, battlefield = scenario(name)
    setup = loaded.scenario.setup
    return battlefield, ruleset_for(loaded.scenario.game, setup.night, setup.fog)


@pytest.mark.parametrize(("name", "seed"), [("rush-on-maltot", 3), ("hon-first-contact", 2), ("way-of-the-cross", 4)])
def test_kept_cuts_equal_fresh_cuts_over_whole_games(name: str, seed: int) -> None:
    battlefield, ruleset = field_of(name)
    record = play(name, seed)
    compared = cut = 0
    for frame in record.frames[::3]:
        pieces = [p for p in frame.pieces if p.squares]
        standing = Standing(battlefield, ruleset)
        standing.update(pieces)
        for mover in pieces:
            if not mover.is_infantry or mover.embarked_in is not None:
                continue
            zones = standing.zones_against(mover.allegiance)
            exerting = standing.exerting_against(mover.allegiance)
            others = Occupancy(p for p in pieces if p.key != mover.key)
            kept = zoc.cut_by_units(battlefield, zones, exerting, others, ruleset)
            zoc._CUT(battlefield).clear()
            zoc._CORNERS(battlefield).clear()
            zoc._WHOLE(battlefield).clear()
            fresh = zoc.cut_by_units(battlefield, zones, exerting, others, ruleset)
            assert kept == fresh, (frame.event.turn, mover.key)
            compared += 1
            cut += kept is not zones
    assert compared > 100 and cut > 10


BESIDE = ((0, 1), (0, -1), (1, 0), (-1, 0))


def test_a_cut_is_made_again_only_for_a_unit_beside_an_exerting_unit() -> None:
    # Searches of one side's units, one after another: the zones are cut once, and again only
    # for a unit standing beside an exerting unit (its own place is left out of what cuts;
    # test_kept_cuts_equal_fresh_cuts_over_whole_games checks those).
    battlefield, ruleset = field_of("rush-on-maltot")
    shared = 0
    for frame in play("rush-on-maltot", 3).frames[::5]:
        pieces = [p for p in frame.pieces if p.squares]
        standing = Standing(battlefield, ruleset)
        standing.update(pieces)
        first: dict[str, dict[Square, frozenset[str]]] = {}
        for mover in pieces:
            if not mover.is_infantry or mover.embarked_in is not None:
                continue
            exerting = standing.exerting_against(mover.allegiance)
            others = Occupancy(p for p in pieces if p.key != mover.key)
            found = zoc.cut_by_units(battlefield, standing.zones_against(mover.allegiance), exerting, others, ruleset)
            near = {(c + dc, r + dr) for p in exerting for c, r in p.squares for dc, dr in BESIDE}
            if mover.allegiance in first and near.isdisjoint(mover.squares):
                assert found is first[mover.allegiance]
                shared += found is not standing.zones_against(mover.allegiance)  # something was cut
            first.setdefault(mover.allegiance, found)
    assert shared > 10


def test_units_replaced_in_place_are_cut_from_what_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pieces are replaced at every marker or card: the same units in the same places cut the
    # same zones, so nothing is traced again.
    battlefield, ruleset = field_of("rush-on-maltot")
    traced: list[Square] = []
    cut_around = zoc._cut_around

    def counted(*args: Any) -> tuple[Square, ...]:
        traced.append(args[3])
        return cut_around(*args)

    monkeypatch.setattr(zoc, "_cut_around", counted)
    zoc._CUT(battlefield).clear()
    compared = 0
    for frame in play("rush-on-maltot", 3).frames[::5]:
        pieces = [p for p in frame.pieces if p.squares]
        for copies in (pieces, [replace(p) for p in pieces]):
            standing = Standing(battlefield, ruleset)
            standing.update(copies)
            before = len(traced)
            for mover in copies:
                if not mover.is_infantry or mover.embarked_in is not None:
                    continue
                others = Occupancy(p for p in copies if p.key != mover.key)
                exerting = standing.exerting_against(mover.allegiance)
                zoc.cut_by_units(battlefield, standing.zones_against(mover.allegiance), exerting, others, ruleset)
                compared += 1
        assert len(traced) == before, frame.event.turn
    assert compared > 100 and traced


@pytest.mark.rule("zone-of-control")
def test_a_suppressed_unit_is_cut_nothing_from_a_zone_it_no_longer_holds() -> None:
    # A Forced Move reads the zones of every enemy infantry unit (geometry/squares.py), a
    # suppressed one's included, which is empty (HoN core p.12): what is kept of the cuts by the
    # unit's place and type, made while it held its zone, must not be read into the empty one.
    battlefield, ruleset = field_of("rush-on-maltot")
    compared = 0
    for frame in play("rush-on-maltot", 3).frames[::5]:
        pieces = [p for p in frame.pieces if p.squares]
        occupancy = Occupancy(pieces)
        for allegiance in sorted({p.allegiance for p in pieces}):
            enemies = [p for p in pieces if p.allegiance != allegiance and p.is_infantry and p.embarked_in is None]
            some_suppressed = [p.marked(suppressed=1) if i % 2 else p for i, p in enumerate(enemies)]
            for group in (enemies, some_suppressed):
                kept = zoc.zones_of_control(battlefield, group, ruleset, occupancy)
                zoc._CUT(battlefield).clear()
                zoc._CORNERS(battlefield).clear()
                zoc._WHOLE(battlefield).clear()
                assert kept == zoc.zones_of_control(battlefield, group, ruleset, occupancy), frame.event.turn
                compared += 1
    assert compared > 20
