"""Ties among options alike (builder.kernel.choice, issue 34): each of the alike is drawn on
some seed, none by the order they came in; nothing is drawn when one is best."""

from __future__ import annotations

from random import Random

import pytest

from builder.kernel.choice import least_drawn, ranked_drawn


class NoDraws:
    """Draws that must not be made."""

    def randrange(self, stop: int, /) -> int:
        raise AssertionError("drew with a single best option")


def test_a_tie_falls_to_the_draws_each_alike_on_some_seed() -> None:
    squares = [(0, 0), (4, 4), (2, 3), (9, 1)]
    distance = {(0, 0): 2, (4, 4): 1, (2, 3): 1, (9, 1): 1}
    taken = {least_drawn(squares, distance.__getitem__, Random(seed)) for seed in range(60)}
    assert taken == {(4, 4), (2, 3), (9, 1)}


def test_one_best_option_is_taken_without_a_draw() -> None:
    assert least_drawn([3, 1, 2], lambda n: n, NoDraws()) == 1
    with pytest.raises(ValueError):
        least_drawn([], lambda n: n, NoDraws())


def test_ranked_keeps_the_scores_order_and_draws_the_order_of_the_alike() -> None:
    items = ["a1", "b1", "c2", "d2", "e3"]
    orders = {tuple(ranked_drawn(items, lambda s: int(s[1]), Random(seed))) for seed in range(60)}
    assert all(set(order[:2]) == {"a1", "b1"} and set(order[2:4]) == {"c2", "d2"} for order in orders)
    assert all(order[4] == "e3" for order in orders)
    assert {order[0] for order in orders} == {"a1", "b1"} and {order[2] for order in orders} == {"c2", "d2"}
