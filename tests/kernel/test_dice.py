"""Seeded dice: the only randomness of every rules core, so a seed replays a game."""

from __future__ import annotations

import copy

import pytest

from builder.kernel.dice import LoadedDice, SeededDice, shuffled, uniform


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


def test_a_shuffle_uses_the_dice_alone() -> None:
    cards = list(range(20))
    first, second = shuffled(SeededDice(3), cards), shuffled(SeededDice(3), cards)
    assert first == second and sorted(first) == cards and first != cards
    assert shuffled(SeededDice(4), cards) != first
    assert shuffled(LoadedDice([]), ["only"]) == ["only"]


def test_a_uniform_choice_from_six_sided_dice() -> None:
    # Among 3: one die, its faces 1-6 read as 0-5, taken modulo 3.
    assert [uniform(LoadedDice([face]), 3) for face in range(1, 7)] == [0, 1, 2, 0, 1, 2]
    # Among 4: a 5 or a 6 would favour 0 and 1, so the die is rolled again.
    assert uniform(LoadedDice([6, 5, 2]), 4) == 1
    # Among 7: two dice, a base-6 number from 0 to 35; 35 is rolled again.
    assert uniform(LoadedDice([6, 6, 2, 3]), 7) == (1 * 6 + 2) % 7
    assert uniform(LoadedDice([]), 1) == 0
    with pytest.raises(ValueError):
        uniform(LoadedDice([]), 0)


def test_seeded_dice_count_their_faces_and_tell_the_next_without_rolling() -> None:
    dice = SeededDice(5)
    coming = dice.ahead(4)
    assert dice.rolled == 0 and dice.roll(3) + dice.roll(1) == coming and dice.rolled == 4


def test_seeded_dice_show_their_first_faces_then_their_own() -> None:
    # A sampled game replays the faces its step has already rolled, then rolls fresh ones.
    fresh = SeededDice(9).ahead(3)
    dice = SeededDice(9, first=(6, 6))
    assert dice.ahead(5) == (6, 6, *fresh)
    assert dice.roll(1) == (6,) and dice.roll(3) == (6, *fresh[:2]) and dice.rolled == 4


def test_a_copy_of_seeded_dice_rolls_what_the_dice_would_and_apart_from_them() -> None:
    """A copied game (a forward model's copy) goes on with the same rolls as the game would."""
    dice = SeededDice(11, first=(6, 6))
    dice.roll(1)
    twin = copy.deepcopy(dice)
    expected = dice.ahead(40)
    assert expected[0] == 6  # the first face not yet shown
    assert twin.roll(40) == expected
    assert dice.roll(40) == expected  # rolling the copy left the dice where they were
    assert (twin.seed, twin.rolled, dice.rolled) == (11, 41, 41)
