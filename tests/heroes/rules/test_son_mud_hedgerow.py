"""SoN p.12, Mud and Hedgerow: "Infantry and large creatures must stop as soon as they enter.
If they move within the Hedgerow [the Mud area], they must stop moving immediately after one
space." and, for a large creature: "Its next movement will be free if it leaves the Hedgerow,
but it must stop once again if it moves along Hedgerow." A move out of mud or a hedgerow goes
on; HoN keeps its difficult passage, which a unit works its way out of one square at a time
(HoN core p.18)."""

from __future__ import annotations

import pytest

from builder.heroes.catalogue.terrain import TerrainType
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.path import DIFFICULT
from builder.heroes.rules.geometry.reach import reachable, reachable_squares
from builder.heroes.rules.pieces import EAST
from builder.heroes.rules.resolution.cover import cover
from builder.heroes.rules.ruleset import HON, SON
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.battlefield import Battlefield, PlacedElement
from builder.io.catalogue_files import load_catalogue
from tests.fixtures.rules.boards import WYRM, field, piece
from tests.fixtures.rules.games import scenario

ROW = """
........
"""  # one row; the terrain covers (2, 0) and (3, 0)


@pytest.fixture(scope="module")
def son_terrain() -> dict[str, TerrainType]:
    catalogue, _ = load_catalogue()
    return {key: catalogue.terrain[key] for key in ("son-mud", "son-hedgerow")}


def with_terrain(kind: TerrainType, rows: str = ROW) -> Battlefield:
    plain = field(rows)
    placed = PlacedElement(kind.id, kind.id, kind, kind.effects, frozenset({(2, 0), (3, 0)}), kind.name)
    return Battlefield(plain.width, plain.height, plain.squares, (placed,), plain.no_passage, plain.lines)


@pytest.mark.rule("son-mud", "son-hedgerow")
@pytest.mark.parametrize("terrain", ["son-mud", "son-hedgerow"])
def test_infantry_leaving_mud_or_a_hedgerow_moves_freely(son_terrain: dict[str, TerrainType], terrain: str) -> None:
    board = with_terrain(son_terrain[terrain])
    inside = piece("m", (2, 0))
    found = reachable_squares(board, [inside], inside, SON)
    # Out of it, the whole Movement Value (4): on past the first square.
    assert (0, 0) in found and found[(0, 0)].cost == 2 and found[(0, 0)].stopped is None
    assert found[(1, 0)].stopped is None and not found[(1, 0)].working_through
    # Within it, one space, then it stops; and it stops again on entering it.
    assert found[(3, 0)].cost == 1 and found[(3, 0)].stopped == DIFFICULT
    assert (4, 0) not in found or found[(4, 0)].positions[-2].square != (3, 0)
    outside = piece("m", (0, 0))
    assert reachable_squares(board, [outside], outside, SON)[(2, 0)].stopped == DIFFICULT


def test_hon_keeps_working_its_way_out_one_square(son_terrain: dict[str, TerrainType]) -> None:
    """The same ground under HoN's rules: the unit advances one square, then stops (p.18)."""
    board = with_terrain(son_terrain["son-hedgerow"])
    inside = piece("m", (2, 0))
    found = reachable_squares(board, [inside], inside, HON)
    assert (0, 0) not in found
    assert found[(1, 0)].stopped == DIFFICULT and found[(1, 0)].working_through


@pytest.mark.rule("son-hedgerow")
def test_a_large_creature_leaving_a_hedgerow_moves_freely(son_terrain: dict[str, TerrainType]) -> None:
    board = with_terrain(son_terrain["son-hedgerow"])
    # A two-square creature, its front in the hedgerow at (3, 0), its rear at (2, 0) too.
    wyrm = piece("w", ((3, 0), (2, 0)), "a", WYRM, facing=EAST)
    found = reachable(board, [wyrm], wyrm, SON)
    fronts = {p.squares[0][0]: found[p] for p in found if p.facing == EAST}
    assert 6 in fronts and fronts[6].stopped is None  # out, then two squares more
    # Partly in the hedgerow, stepping its front into another hedgerow square stops it.
    half = piece("w", ((2, 0), (1, 0)), "a", WYRM, facing=EAST)
    ahead = [p for p in reachable(board, [half], half, SON) if p.facing == EAST and p.squares[0] == (3, 0)]
    assert ahead and all(reachable(board, [half], half, SON)[p].stopped == DIFFICULT for p in ahead)


@pytest.mark.rule("son-hedgerow")
def test_a_hedgerow_blocks_the_line_of_sight_and_covers_the_infantry_in_it(son_terrain: dict[str, TerrainType]) -> None:
    """SoN p.12, Hedgerow: it "completely blocks LoS"; infantry in it has its defensive bonus
    (+1 here: its size is not printed)."""
    board = with_terrain(son_terrain["son-hedgerow"])
    across = line_of_sight(board, [], (0, 0), (6, 0), SON)
    assert across.blocked and across.blocked_at == frozenset({(2, 0)})  # its first square
    inside, outside = piece("in", (2, 0)), piece("out", (5, 0))
    state = GameState(scenario(), board, SON, ("a", "b"), "a", {p.key: p for p in (inside, outside)})
    assert (cover(state, inside), cover(state, outside)) == (1, 0)
