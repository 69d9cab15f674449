"""A movement search answered from an earlier one (builder.heroes.rules.geometry.path_search_memo) must be the
very search it would make: the same states, costs, markers and paths in the same order,
on every unit's move in whole simulated games, one-square units and larger counters alike,
plain moves and assaults."""

from __future__ import annotations

from collections.abc import Collection

import pytest

from builder.heroes.rules.geometry import path_search, path_search_memo
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import distance
from builder.heroes.rules.geometry.mover import Mover
from builder.heroes.rules.geometry.path import allowance
from builder.heroes.rules.geometry.path_search import SEARCHES, recalled_any, recalled_one, search_any, search_one
from builder.heroes.rules.pieces import Square
from builder.heroes.rules.ruleset import ruleset_for
from tests.heroes.rules.test_simulate import play, scenario

GAMES = [("hon-first-contact", 4), ("rush-on-maltot", 2), ("son-the-drowned-chapel", 3)]


@pytest.mark.parametrize(("name", "seed"), GAMES)
def test_a_recalled_search_is_the_search_it_would_make(name: str, seed: int) -> None:
    loaded, battlefield = scenario(name)
    setup = loaded.scenario.setup
    ruleset = ruleset_for(loaded.scenario.game, setup.night, setup.fog)
    kept = SEARCHES(battlefield)
    recalled = compared = 0
    for frame in play(name, seed, turns=None).frames:
        pieces = [p for p in frame.pieces if p.squares]
        for piece in pieces:
            points = allowance(piece)
            if piece.is_wreck or points is None or points <= 0 or piece.embarked_in is not None:
                continue
            enemies = [p for p in pieces if p.allegiance != piece.allegiance and not p.is_wreck]
            near = min(enemies, key=lambda e: distance(e.squares[0], piece.squares[0]), default=None)
            for into in [frozenset(), frozenset(near.squares)] if near is not None else [frozenset()]:
                mover = Mover(battlefield, pieces, piece, ruleset, False, False)
                stored = [entry.best for searches in kept for entry in searches._kept.values()]
                answer: object
                if len(piece.squares) == 1:
                    answer, fresh = recalled_one(mover, points, into), search_one(mover, points, into)
                    assert list(answer.items()) == list(fresh.items()), (frame.event, piece.key)
                else:
                    start = Position(piece.squares, piece.facing)
                    answer = table = recalled_any(mover, mover.table, start, points, into)
                    made = search_any(mover, mover.table, start, points, into)
                    assert list(table.items()) == list(made.items()), (frame.event, piece.key)
                recalled += any(answer is earlier for earlier in stored)
                compared += 1
    assert compared > 100 and recalled > 10, (compared, recalled)


def test_where_a_search_looked_is_worked_out_when_it_is_recalled(monkeypatch: pytest.MonkeyPatch) -> None:
    # Most searches are never asked for again: what they read is worked out only for one that is.
    loaded, battlefield = scenario("hon-first-contact")
    setup = loaded.scenario.setup
    ruleset = ruleset_for(loaded.scenario.game, setup.night, setup.fog)
    frame = play("hon-first-contact", 4).frames[-1]
    pieces = [p for p in frame.pieces if p.squares]
    piece = next(p for p in pieces if len(p.squares) == 1 and not p.is_wreck and (allowance(p) or 0) > 0)
    points = allowance(piece)
    assert points is not None
    looked: list[int] = []

    def counted(squares: Collection[Square]) -> frozenset[Square]:
        looked.append(len(squares))
        return path_search_memo.around(squares)

    monkeypatch.setattr(path_search, "around", counted)
    SEARCHES(battlefield)[0]._kept.clear()
    made = recalled_one(Mover(battlefield, pieces, piece, ruleset, False, False), points, frozenset())
    assert not looked
    again = recalled_one(Mover(battlefield, pieces, piece, ruleset, False, False), points, frozenset())
    assert again is made and looked
