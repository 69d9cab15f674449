"""The simple policy's best end of a Movement Action (`builder.heroes.ai.movement._least_end`, one loop
with no call per end) must be what `min` finds with the score `movement.advance` gives every end:
(distance * 2 - cover, -squares, first square, facing), over whole games with counters of
one and two squares, plain moves and moves an Alternate Bonus lengthens."""

from __future__ import annotations

from typing import Any

import pytest

from builder.heroes.ai import movement
from builder.heroes.ai.common import FAR
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.resolution.cover import terrain_bonus
from tests.heroes.rules.test_simulate import play


@pytest.mark.parametrize(("name", "seed"), [("rush-on-maltot", 3), ("hon-first-contact", 2)])
def test_the_least_end_is_the_least_scored_end(name: str, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    made = movement._least_end
    compared: dict[int, int] = {}

    def checked(state: Any, paths: Any, limit: int | None, distances: Any, shelter: Any) -> Position:
        def score(position: Position) -> tuple[int, int, tuple[int, int], int]:
            squares = position.squares
            near = min(distances.get(sq, FAR) for sq in squares)
            return (near * 2 - terrain_bonus(state, shelter, squares), -len(squares), squares[0], position.facing)

        found = made(state, paths, limit, distances, shelter)
        ends = [p for p in paths if limit is None or paths.cost(p) <= limit]
        assert found == min(ends, key=score)
        size = len(found.squares)
        compared[size] = compared.get(size, 0) + 1
        return found

    monkeypatch.setattr(movement, "_least_end", checked)
    play(name, seed, turns=None)
    assert compared.get(1, 0) > 20
    if name == "rush-on-maltot":
        assert compared.get(2, 0) > 5
