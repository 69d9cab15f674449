"""The simple policy's best ends of a Movement Action (`builder.heroes.ai.movement._least_ends`, one
loop with no call per end for a one-square unit) must be every end with the least score
`movement.advance` gives an end, distance * 2 - cover, then for a counter of several squares
its front's distance (`least_of`), over whole games with counters of one and two squares,
plain moves and moves an Alternate Bonus lengthens; the policy draws one of them."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from builder.heroes.ai import movement
from builder.heroes.ai.common import FAR
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.resolution.cover import terrain_bonus
from builder.kernel.choice import least_of
from tests.heroes.rules.test_simulate import play


@pytest.mark.parametrize(("name", "seed"), [("rush-on-maltot", 3), ("hon-first-contact", 2)])
def test_the_least_ends_are_the_least_scored_ends(name: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    made = movement._least_ends
    compared: Counter[int] = Counter()

    def checked(state: Any, piece: Any, paths: Any, limit: int | None, distances: Any, shelter: Any) -> list[Position]:
        def score(position: Position) -> tuple[int, int]:
            near: int = min(distances.get(sq, FAR) for sq in position.squares)
            front = distances.get(position.squares[0], FAR) if len(position.squares) > 1 else 0
            return near * 2 - terrain_bonus(state, shelter, position.squares), front

        found = made(state, piece, paths, limit, distances, shelter)
        ends = [p for p in paths if limit is None or paths.cost(p) <= limit]
        assert found == least_of(ends, score)
        compared[len(found[0].squares)] += 1
        compared[0] += len(found) > 1  # ends alike, to draw from
        return found

    monkeypatch.setattr(movement, "_least_ends", checked)
    play(name, seed, turns=None)
    assert compared[1] > 20 and compared[0] > 5
    if name == "rush-on-maltot":
        assert compared[2] > 5
