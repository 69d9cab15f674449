"""Seeded dice: the only randomness of every rules core, so a seed replays a game."""

from __future__ import annotations

import pytest

from builder.kernel.dice import LoadedDice, SeededDice


def test_the_same_seed_rolls_the_same_faces() -> None:
    first, second, other = SeededDice(7), SeededDice(7), SeededDice(8)
    rolls = [first.roll(3) for _ in range(20)]
    assert rolls == [second.roll(3) for _ in range(20)]
    assert rolls != [other.roll(3) for _ in range(20)]
    assert all(1 <= face <= 6 for roll in rolls for face in roll)


def test_loaded_dice_show_their_faces_in_order_and_run_out() -> None:
    dice = LoadedDice([6, 1, 3])
    assert dice.roll(2) == (6, 1) and dice.left == 1
    with pytest.raises(RuntimeError):
        dice.roll(2)
    with pytest.raises(ValueError):
        LoadedDice([7])
