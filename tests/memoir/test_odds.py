"""Exact battle-dice odds (`hon odds --game m44`), enumerated from the die's faces."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from builder.cli import main
from builder.memoir.catalogue import UnitType
from builder.memoir.rules.battle_dice import distribution


@pytest.mark.rule("dice-faces")
def test_exact_distribution_of_one_die() -> None:
    infantry = distribution(1, UnitType.INFANTRY)
    assert infantry.hits == {0: Fraction(1, 2), 1: Fraction(1, 2)}  # two infantry faces and the grenade
    assert distribution(1, UnitType.ARMOR).hits[1] == Fraction(1, 3)
    assert distribution(1, UnitType.ARTILLERY).hits[1] == Fraction(1, 6)
    assert infantry.flags == {0: Fraction(5, 6), 1: Fraction(1, 6)}


def test_three_dice_against_armor() -> None:
    found = distribution(3, UnitType.ARMOR)
    assert found.hits[0] == Fraction(8, 27) and found.hits[3] == Fraction(1, 27)
    assert sum(found.hits.values()) == 1 and sum(found.flags.values()) == 1
    assert found.flags[3] == Fraction(1, 216)


def test_hon_odds_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--game", "m44", "--dice", "2", "--target", "infantry", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["hits"] == {"0": 0.25, "1": 0.5, "2": 0.25}
    assert found["flags"]["2"] == pytest.approx(1 / 36)


def test_hon_odds_refuses_a_wrong_target(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "--game", "m44", "--dice", "2", "--target", "cavalry"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert main(["odds", "--game", "m44", "--target", "armor"]) == 2
    capsys.readouterr()
    assert main(["odds", "--game", "m44", "--dice", "3"]) == 2  # no target: the option is named
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and "--target" in said and "None" not in said and "none" not in said
    assert main(["odds", "--dice", "2", "--target", "armor"]) == 2  # the Heroes System's odds
