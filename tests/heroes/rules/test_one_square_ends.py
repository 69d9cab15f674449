"""A one-square search's ends are worked out by square (`reach.one_square_ends`): they must
be the ends `Reach` works out state by state, in the same order, for plain moves and
assaults, on a shipped battlefield with pieces where a simulated game put them."""

from __future__ import annotations

from builder.heroes.rules.footprint import Position
from builder.heroes.rules.movement_search import search_one
from builder.heroes.rules.mover import Mover
from builder.heroes.rules.path import allowance
from builder.heroes.rules.reach import Reach, one_square_ends
from builder.heroes.rules.ruleset import ruleset_for
from tests.heroes.rules.test_simulate import play, scenario


def test_ends_by_square_are_the_ends_state_by_state() -> None:
    loaded, battlefield = scenario("hon-first-contact")
    setup = loaded.scenario.setup
    ruleset = ruleset_for(loaded.scenario.game, setup.night, setup.fog)
    record = play("hon-first-contact", 2)
    compared = 0
    for frame in record.frames[:: max(1, len(record.frames) // 6)]:
        pieces = [p for p in frame.pieces if p.squares]
        for piece in pieces:
            points = allowance(piece)
            if len(piece.squares) != 1 or piece.is_wreck or points is None or points <= 0:
                continue
            mover = Mover(battlefield, pieces, piece, ruleset, False, False)
            best = search_one(mover, points, mover.assailable)
            facing = piece.facing
            for assault in (False, True):
                expected = Reach(mover, best, lambda sq, f=facing: Position((sq,), f), assault)
                made = one_square_ends(best, mover.taken, facing, assault)
                assert list(made.items()) == [(p, expected._ends[p]) for p in expected], piece.key
                compared += 1
    assert compared > 20
