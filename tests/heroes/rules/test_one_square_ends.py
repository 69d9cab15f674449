"""A one-square search's ends are worked out by square (`reach.one_square_ends`): they must
be the ends `Reach` works out state by state, in the same order, for plain moves and
assaults, on a shipped battlefield with pieces where a simulated game put them."""

from __future__ import annotations

from collections.abc import Callable

from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.mover import Mover
from builder.heroes.rules.geometry.path_search import _search_one, search_one
from builder.heroes.rules.geometry.reach import Reach, one_square_ends
from builder.heroes.rules.pieces import Square
from tests.heroes.rules.test_movement_kernel import one_square_movers


def one_square_at(facing: int) -> Callable[[Square], Position]:
    """Where a one-square unit stands on a square, keeping its facing (as `movement.reach` places it)."""
    return lambda square: Position((square,), facing)


def test_ends_by_square_are_the_ends_state_by_state() -> None:
    compared = 0
    for battlefield, ruleset, pieces, piece, points in one_square_movers("hon-first-contact", 2):
        mover = Mover(battlefield, pieces, piece, ruleset, False, False)
        best = search_one(mover, points, mover.assailable)
        facing = piece.facing
        for assault in (False, True):
            expected = Reach(mover, best, one_square_at(facing), assault)
            made = one_square_ends(best, mover.taken, facing, assault)
            assert list(made.items()) == [(p, expected._ends[p]) for p in expected], piece.key
            compared += 1
    assert compared > 20


def test_the_squares_moved_on_from_are_the_states_with_points_left() -> None:
    """What a recalled search says it read (path_search_memo.py) is around the squares it moved on
    from, which the search lists as it goes: each once, those of the states not stopped
    whose cheapest cost leaves points."""
    compared = 0
    for battlefield, ruleset, pieces, piece, points in one_square_movers("hon-first-contact", 2):
        mover = Mover(battlefield, pieces, piece, ruleset, False, False)
        moved_on: list[Square] = []
        best = _search_one(mover, points, mover.assailable, moved_on)
        assert best == search_one(mover, points, mover.assailable)
        expected = [state[0] for state, found in best.items() if not state[1] and found[0] < points]
        assert sorted(moved_on) == sorted(expected), piece.key
        compared += 1
    assert compared > 20
