"""Exact Shooting attack odds (TCG p.8), checked by hand against the book's table."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from builder.cli import main
from builder.io.tcg_files import load_tcg_scenario
from builder.tcg.ai.greedy import for_every_side
from builder.tcg.base import page
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.events import ShotEvent
from builder.tcg.rules.odds import aim_odds, shot_odds
from builder.tcg.rules.simulation import simulate
from tests.tcg.conftest import TCG_SCENARIOS


@pytest.mark.rule("double-ones")
def test_the_book_table_value_7() -> None:
    """TCG p.8: a shooting value of 7 succeeds on 7-12 (21 of 36), a partial success on
    double 1, 2 and 3 (3 of 36), double 1s give a DIRECTIVE marker (1 of 36)."""
    odds = shot_odds(7)
    assert odds.hit == Fraction(21, 36)
    assert odds.suppressed == Fraction(3, 36)
    assert odds.miss == Fraction(12, 36)
    assert odds.directive == Fraction(1, 36)


def test_value_10_partial_on_doubles_1_to_4() -> None:
    odds = shot_odds(10)
    assert odds.hit == Fraction(6, 36) and odds.suppressed == Fraction(4, 36)


def test_a_bonus_and_a_save() -> None:
    """Value 8 +1 (as 7), save 5: a third of the successes are saved."""
    odds = shot_odds(8, bonus=1, save=5)
    assert odds.saved == Fraction(21, 36) * Fraction(1, 3)
    assert odds.hit == Fraction(21, 36) * Fraction(2, 3)
    assert odds.hit + odds.saved + odds.suppressed + odds.miss == 1


def test_armour_without_armour_piercing_suppresses() -> None:
    plain = shot_odds(7, armoured=True)
    assert plain.hit == 0 and plain.suppressed == Fraction(24, 36)
    assert shot_odds(7, armoured=True, armour_piercing=True).hit == Fraction(21, 36)


def test_hon_odds_for_the_tcg(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    assert main(["odds", "--game", "tcg", "--shooting-value", "7", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["hit"] == pytest.approx(21 / 36) and found["directive"] == pytest.approx(1 / 36)
    assert main(["odds", "--game", "tcg", "--shooting-value", "8", "--bonus", "1", "--save", "6", "--armoured"]) == 0
    assert "suppressed" in capsys.readouterr().out
    assert main(["odds", "--game", "tcg"]) == 2
    assert main(["odds", "--game", "tcg", "--shooting-value", "7", "--save", "9"]) == 2
    assert main(["odds", "--game", "tcg", "--shooting-value", "7", "--defense", "3"]) == 2


def test_the_table_of_outcomes_adds_up_and_double_ones_are_apart(capsys: pytest.CaptureFixture[str]) -> None:
    """The rows of the table are the four outcomes, 100 % together; double 1s, which give a
    DIRECTIVE marker whatever the outcome, are said outside it (issue 30, point 10)."""
    import re

    odds = shot_odds(8, bonus=1, save=6)
    assert sum(odds.outcomes().values()) == 1 and "directive" not in odds.outcomes()
    assert main(["odds", "--game", "tcg", "--shooting-value", "8", "--bonus", "1", "--save", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line for line in lines if line.startswith("│")]
    chances = [float(found) for row in rows for found in re.findall(r"([\d.]+)%", row)]
    assert sum(chances[:-1]) == pytest.approx(100, abs=0.2) and chances[-1] == 100.0  # the rows, then their total
    directive = f"{float(odds.directive) * 100:.1f}%"
    assert [line for line in lines if directive in line and not line.startswith("│")]


@pytest.mark.parametrize("path", TCG_SCENARIOS, ids=lambda p: p.stem)
def test_a_rolled_shot_tells_what_its_dice_were_rolled_against(path: Path, cards: CardCatalogue) -> None:
    """ShotEvent.aim, from which the viewer computes the shot's odds, agrees with the dice:
    the red dice and the bonuses (and a DIRECTIVE marker's sustained fire, spent on seeing
    them) reach the shooting value exactly when the attack succeeds, and a saving throw is
    rolled only against a target with a save value; its odds are a shot_odds'."""
    scenario = load_tcg_scenario(path).scenario
    shots = [
        event
        for seed in range(1, 6)
        for event in simulate(scenario, cards, for_every_side(scenario, seed), seed=seed).events
        if isinstance(event, ShotEvent)
    ]
    rolled = [shot for shot in shots if shot.aim is not None]
    assert rolled and all(shot.again or shot.page == page(17) for shot in shots if shot.aim is None)
    for shot in rolled:
        assert shot.aim is not None
        red, *save = shot.rolls
        sustained = shot.directives.count("sustained-fire")
        assert sum(red.dice) + sum(m.value for m in shot.aim.bonuses) + sustained == red.total
        assert (red.total >= shot.aim.value) == shot.success
        assert not save or shot.aim.save is not None
        odds = aim_odds(shot.aim)
        bonus = sum(m.value for m in shot.aim.bonuses)
        save_value = shot.aim.save.value if shot.aim.save is not None else None
        assert odds == shot_odds(shot.aim.value, bonus, save_value, shot.aim.armour_piercing, shot.aim.armoured)
