"""The one-square movement search reads a step table instead of asking the rules per step
(it is the simulation's hot loop). On every shipped battlefield with pieces where simulated
games put them, it must find exactly what the general search finds: same states, costs,
markers and paths, for plain moves, Scout moves and assaults."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import NamedTuple

import pytest

from builder.heroes.rules.geometry.footprint import Position, moves_from
from builder.heroes.rules.geometry.grid import distance
from builder.heroes.rules.geometry.mover import Mover
from builder.heroes.rules.geometry.path import allowance
from builder.heroes.rules.geometry.path_search import _steps, search_any, search_one
from builder.heroes.rules.geometry.reach import Reach
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset, ruleset_for
from builder.heroes.scenario.battlefield import Battlefield
from tests.heroes.rules.test_simulate import play, scenario

GAMES = [("rush-on-maltot", 3), ("son-the-drowned-chapel", 5), ("hon-first-contact", 2), ("way-of-the-cross", 4)]


def placed(facing: int) -> Callable[[Square], Position]:
    return lambda square: Position((square,), facing)


class Mobile(NamedTuple):
    """A one-square unit that can move, where a simulated game put it, with the battlefield,
    the ruleset and the pieces it moves among."""

    battlefield: Battlefield
    ruleset: Ruleset
    pieces: list[Piece]
    piece: Piece
    points: int


def one_square_movers(name: str, seed: int) -> Iterator[Mobile]:
    """The one-square units with Movement points in six frames of a game of `name`."""
    loaded, battlefield = scenario(name)
    setup = loaded.scenario.setup
    ruleset = ruleset_for(loaded.scenario.game, setup.night, setup.fog)
    record = play(name, seed)
    for frame in record.frames[:: max(1, len(record.frames) // 6)]:
        pieces = [p for p in frame.pieces if p.squares]
        for piece in pieces:
            points = allowance(piece)
            if len(piece.squares) == 1 and not piece.is_wreck and points is not None and points > 0:
                yield Mobile(battlefield, ruleset, pieces, piece, points)


@pytest.mark.parametrize(("name", "seed"), GAMES)
def test_the_one_square_search_finds_what_the_general_search_finds(name: str, seed: int) -> None:
    compared = 0
    for battlefield, ruleset, pieces, piece, points in one_square_movers(name, seed):
        enemies = [p for p in pieces if p.owner != piece.owner and not p.is_wreck]
        near = min(enemies, key=lambda e: distance(e.squares[0], piece.squares[0]), default=None)
        targets = [frozenset(), frozenset(near.squares)] if near is not None else [frozenset()]
        for scout in (False, True):
            mover = Mover(battlefield, pieces, piece, ruleset, scout, False)
            start = Position(piece.squares, piece.facing)
            for into in targets:
                one = search_one(mover, points, into)
                general = search_any(mover, mover.table, start, points, into)
                assert len(one) == len(general), piece.key
                for assault in (False, True):
                    ends = Reach(mover, one, placed(piece.facing), assault)
                    expected = Reach(mover, general, mover.table.positions.__getitem__, assault)
                    assert dict(ends.items()) == dict(expected.items()), piece.key
                compared += 1
    assert compared > 20


@pytest.mark.parametrize("name", ["rush-on-maltot", "son-the-drowned-chapel"])
def test_the_numbered_step_table_is_the_battlefields_step_table(name: str) -> None:
    """`search_one` reads `PassageMap.exits` with each step's states made once: the same
    steps, in the order `moves_from` makes them from the unit's facing (never from north:
    grid.AROUND), each leading to its square's one state object."""
    loaded, battlefield = scenario(name)
    setup = loaded.scenario.setup
    ruleset = ruleset_for(loaded.scenario.game, setup.night, setup.fog)
    pieces = [p for p in play(name, 1, turns=1).frames[0].pieces if p.squares]
    checked = 0
    for piece in pieces:
        if len(piece.squares) != 1 or piece.is_wreck:
            continue
        exits = Mover(battlefield, pieces, piece, ruleset, False, False).exits()
        states, steps = _steps(exits, piece.facing)
        assert _steps(exits, piece.facing)[1] is steps  # made once per table and facing
        assert all(steps[here] is steps[here] for here in exits)  # each square's made once
        assert set(steps) == set(exits) and set(states) <= set(exits)
        for here, out in exits.items():
            around = [move[0].square for move in moves_from(Position((here,), piece.facing), 1)]
            assert [(t, o, h, c, m) for t, o, h, c, m in steps[here]] == [
                (there, (there, stop), (there, True), 1 + 2 * markers, markers)
                for there, stop, markers in sorted(out, key=lambda step: around.index(step[0]))
            ]
            for there, onward, halted, _, _ in steps[here]:
                assert onward is states[there][onward[1]] and halted is states[there][1]
            checked += 1
    assert checked > 100
