"""Exact odds of a Shooting attack (TCG p.8, p.14): every face of the two red dice and of the
yellow die enumerated, never sampled. The outcomes are those of rolls.py, so the odds and the
game judge the dice the same way."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from builder.kernel.dice import SIDES
from builder.tcg.rules.events import Aim
from builder.tcg.rules.rolls import Judgement, gains_directive, judge, struck

FACES = range(1, SIDES + 1)
OUTCOMES = ("hit", "saved", "suppressed", "miss")


@dataclass(frozen=True)
class ShotOdds:
    """`hit` a HIT that stands, `saved` a success the save ignores, `suppressed` a SUPPRESSED
    marker (a partial success, or a success on armour without armour-piercing that was not
    saved), `miss`; these four add up to 1. `directive`: double 1s, whatever the result."""

    hit: Fraction
    saved: Fraction
    suppressed: Fraction
    miss: Fraction
    directive: Fraction

    def outcomes(self) -> dict[str, Fraction]:
        """The four outcomes, one of which every roll has: they add up to 1."""
        return {name: getattr(self, name) for name in OUTCOMES}

    def as_dict(self) -> dict[str, float]:
        return {name: float(p) for name, p in {**self.outcomes(), "directive": self.directive}.items()}


def shot_odds(
    value: int, bonus: int = 0, save: int | None = None, armour_piercing: bool = False, armoured: bool = False
) -> ShotOdds:
    tally = dict.fromkeys((*OUTCOMES, "directive"), Fraction(0))
    pair = Fraction(1, SIDES * SIDES)
    for first, second in product(FACES, FACES):
        dice = (first, second)
        if gains_directive(dice):
            tally["directive"] += pair
        judged = judge(dice, first + second + bonus, value)
        if judged is Judgement.FAILURE:
            tally["miss"] += pair
            continue
        if judged is Judgement.PARTIAL:
            tally["suppressed"] += pair
            continue
        blow = "hit" if struck(armour_piercing, armoured, False).hits else "suppressed"
        stands = Fraction(0) if save is None else Fraction(sum(1 for f in FACES if f >= save), SIDES)
        tally["saved"] += pair * stands
        tally[blow] += pair * (1 - stands)
    return ShotOdds(**tally)


def aim_odds(aim: Aim) -> ShotOdds:
    """The odds of a Shooting attack as it stood before its red dice (ShotEvent.aim)."""
    bonus = sum(m.value for m in aim.bonuses)
    return shot_odds(aim.value, bonus, None if aim.save is None else aim.save.value, aim.armour_piercing, aim.armoured)
