"""The battlefield's one-square step tables (`PassageMap.exits` and `entries`), built once per
battlefield from the steps walls and lines allow each unit type, must hold exactly what asking
the rules square by square finds: walls, doors, windows and lines (HoN core p.9-10, p.20; BfC
p.05, p.08), the ground entered (p.18; SoN p.11-12, p.17-18), difficult passages and the
trenches' ways along them (HoN core p.18; BfC p.06; SoN p.12), for every unit kind on every
shipped battlefield."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

from builder.heroes.catalogue.units import Side, Unit
from builder.heroes.rules.abilities.registry import swimming
from builder.heroes.rules.geometry.grid import neighbours
from builder.heroes.rules.geometry.passage import Exits, PassageMap
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.ruleset import HON, SON
from builder.heroes.scenario.battlefield import Battlefield
from tests.fixtures.rules.boards import TANK, piece
from tests.heroes.rules.test_simulate import play, scenario
from tests.heroes.rules.test_trenches import BOARD

SCENARIOS = [
    "hon-first-contact",
    "rush-on-maltot",
    "way-of-the-cross",
    "carp-jump-in-carpiquet",
    "son-the-drowned-chapel",
    "son-lanterns-on-the-causeway",
    "son-the-reed-vigil",
]


def asked(
    passage: PassageMap, unit: Unit, side: Side, amphibious: int, urban: bool, scout: bool, free: frozenset[str]
) -> Exits:
    """The steps out of every square, each asked of the rules on its own."""
    found: Exits = {}
    for here in passage.battlefield.squares:
        leaving = passage.holds(here, free) and not scout  # HoN core p.18, SoN p.12
        out = []
        for there in neighbours(here):
            may, difficult, suppresses = passage.ground(there, unit, side, amphibious)
            if may and (step := passage.step(here, there, unit.type, urban)).allowed:
                trench = passage.trench_free(here, there)  # BfC p.06
                # A line that is a Difficult Passage (BfC p.05) stops no move ignoring them (BfC p.09).
                stop = (step.stop and not scout) or (leaving and not trench) or (difficult and not scout and not trench)
                out.append((there, stop, int(suppresses)))
        found[here] = tuple(out)
    return found


def compared(battlefield: Battlefield, pieces: Iterable[Piece]) -> int:
    """Compare the tables with the rules for every kind of unit among `pieces`."""
    kinds = {(p.unit.id, p.side_index): p for p in pieces}
    passage = PassageMap(battlefield)
    count = 0
    for one in kinds.values():
        unit, side, amphibious = one.unit, one.side, swimming(one.side)
        for urban in (False, True):
            for scout, free in ((False, HON.leaves_freely), (True, HON.leaves_freely), (False, SON.leaves_freely)):
                tabled = passage.exits(unit, side, amphibious, urban, scout, free)
                assert tabled == asked(passage, unit, side, amphibious, urban, scout, free), (unit.id, urban, scout)
                assert list(tabled) == list(battlefield.squares)
                count += 1
            entries = passage.entries(unit, side, amphibious, urban)
            for here in battlefield.squares:
                expected = tuple(
                    there
                    for there in neighbours(here)
                    if passage.ground(there, unit, side, amphibious)[0]
                    and passage.step(there, here, unit.type, urban).allowed
                )
                assert entries[here] == expected, (unit.id, here)
    return count


@pytest.mark.parametrize("name", SCENARIOS)
def test_the_tables_hold_what_the_rules_say_square_by_square(name: str) -> None:
    battlefield = scenario(name)[1]
    assert compared(battlefield, play(name, 1, turns=1).frames[0].pieces) >= 12


def test_a_trench_s_ways_in_along_and_out_are_tabled_as_the_rules_say() -> None:
    """BfC p.06: along a trench or through its access a unit goes on, in or out over its side it stops."""
    assert (1, 1) in BOARD.squares and PassageMap(BOARD).trench_of
    assert compared(BOARD, [piece("m", (1, 1)), piece("t", ((3, 3), (4, 3)), "b", TANK)]) == 12
