"""A two-square counter's moves are tabled from offsets (`footprint.TWO_SQUARE_MOVES`), the
movement search's terrain moves from them (`Mover._two_steps`): they must be exactly the
moves `moves_from` makes, in its order, and the terrain moves the general rule
(`Mover._one_steps` over `moves_from`) allows, numbered alike, on shipped battlefields."""

from __future__ import annotations

import pytest

from builder.heroes.rules.geometry.footprint import TWO_SQUARE_MOVES, Move, Position, moves_from
from builder.heroes.rules.geometry.grid import step
from builder.heroes.rules.geometry.mover import Mover
from builder.heroes.rules.geometry.terrain_moves import MoveTable
from builder.heroes.rules.ruleset import ruleset_for
from tests.heroes.rules.test_simulate import play, scenario


def tabled(position: Position) -> list[Move]:
    front, rear = position.squares
    found: list[Move] = []
    for facing, from_front, by_front, dc, dr, leads in TWO_SQUARE_MOVES[position.facing]:
        s, kept = (front if from_front else rear), (front if by_front else rear)
        t = (kept[0] + dc, kept[1] + dr)
        found.append((Position((t, kept) if leads else (kept, t), facing), ((s, t),), (t,)))
    return found


@pytest.mark.parametrize("facing", range(8))
def test_the_offsets_make_the_moves_moves_from_makes(facing: int) -> None:
    front = (5, 7)
    rears = [step(front, facing + 4), (9, 2), (5, 8), (4, 6)]  # its own, and any other
    for rear in rears:
        position = Position((front, rear), facing)
        assert tabled(position) == list(moves_from(position, 2))


@pytest.mark.parametrize(("name", "seed"), [("rush-on-maltot", 3), ("way-of-the-cross", 4)])
def test_two_square_terrain_moves_are_the_general_rules(name: str, seed: int) -> None:
    loaded, battlefield = scenario(name)
    setup = loaded.scenario.setup
    ruleset = ruleset_for(loaded.scenario.game, setup.night, setup.fog)
    pieces = [p for p in play(name, seed, turns=2).frames[-1].pieces if p.squares]
    compared = 0
    for piece in pieces:
        if len(piece.squares) != 2 or piece.is_wreck:
            continue
        mover = Mover(battlefield, pieces, piece, ruleset, False, False)
        fast, general = MoveTable(), MoveTable()
        fast.index(Position(piece.squares, piece.facing))
        general.index(Position(piece.squares, piece.facing))
        for index in range(200):  # every position met, breadth first, as a search numbers them
            if index >= len(fast.positions):
                break
            assert fast.positions == general.positions
            made = mover._two_steps(fast, fast.positions[index])
            expected = mover._one_steps(general, moves_from(general.positions[index], 2))
            assert made == expected, piece.key
            compared += 1
    assert compared > 50
