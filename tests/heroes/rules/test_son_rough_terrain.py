"""SoN p.12, Large creatures: "They are stopped by rough terrain": a large creature entering a
space bearing the Difficult Terrain symbol ends its move there, where infantry, with points
left, moves on; a swamp gives its Suppressed marker without stopping it."""

from __future__ import annotations

import pytest

from builder.heroes.catalogue.terrain import TerrainEffects, TerrainType
from builder.heroes.rules.geometry.reach import reachable, reachable_squares
from builder.heroes.rules.pieces import EAST
from builder.heroes.rules.ruleset import SON
from builder.heroes.scenario.battlefield import Battlefield, PlacedElement
from tests.fixtures.rules.boards import WYRM, field, piece

pytestmark = pytest.mark.rule("son-difficult-terrain")

CORRIDOR = """
'''''''
......
'''''''
"""  # one square wide: the way east goes through (2, 1)


def corridor(symbol: str) -> Battlefield:
    plain = field(CORRIDOR)
    kind = TerrainType(
        id=symbol,
        name=symbol,
        summary=symbol,
        effects=TerrainEffects(suppresses=True),
        symbols=[symbol],
        source="example",
    )
    rough = PlacedElement("rough", kind.id, kind, kind.effects, frozenset({(2, 1)}), kind.name)
    return Battlefield(plain.width, plain.height, plain.squares, (rough,), plain.no_passage, plain.lines)


def test_a_large_creature_stops_on_entering_difficult_terrain_infantry_moves_on() -> None:
    board = corridor("son-difficult-terrain")
    wyrm = piece("w", ((1, 1), (0, 1)), "a", WYRM, facing=EAST)
    found = reachable(board, [wyrm], wyrm, SON)
    assert max(p.squares[0][0] for p in found) == 2  # its front stops in the rough square
    assert all(found[p].suppressed == 1 for p in found if (2, 1) in p.squares)
    swamp = corridor("son-swamp")
    assert max(p.squares[0][0] for p in reachable(swamp, [wyrm], wyrm, SON)) > 2  # a marker, no stop
    rifles = piece("r", (1, 1))
    squares = reachable_squares(board, [rifles], rifles, SON)
    assert (3, 1) in squares and squares[(3, 1)].suppressed == 1  # infantry: -2, then on
