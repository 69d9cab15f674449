"""The two rolls of a Shooting attack, as pure functions of the dice (TCG p.8, p.14): the
red dice against the shooting value, and the yellow die against the save value. The game
(shooting.py) and the exact odds (odds.py) both judge the dice here."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from builder.kernel.events import Modifier, Roll
from builder.tcg.base import page

SHOOTING_PAGE = page(8)
SAVE_PAGE = page(8)
SUSTAINED_FIRE = Modifier("DIRECTIVE: sustained fire", 1, page(14))
SAVING_BONUS = Modifier("DIRECTIVE: saving bonus", 1, page(14))


class Judgement(StrEnum):
    SUCCESS = "success"  # the result reaches the shooting value: a HIT (TCG p.8)
    PARTIAL = "partial"  # a failure on a double: a SUPPRESSED marker
    FAILURE = "failure"


def judge(dice: tuple[int, int], total: int, value: int) -> Judgement:
    """Success when the result (dice and bonuses) reaches the shooting value; else a double is
    a partial success (TCG p.8: "if the result of the roll is a failure but the player rolled
    a double")."""
    if total >= value:
        return Judgement.SUCCESS
    return Judgement.PARTIAL if dice[0] == dice[1] else Judgement.FAILURE


def gains_directive(dice: tuple[int, int]) -> bool:
    """Double 1s give the player who rolled them a DIRECTIVE marker (TCG p.8), whatever the
    result."""
    return dice == (1, 1)


def shooting_roll(dice: tuple[int, int], modifiers: tuple[Modifier, ...]) -> Roll:
    total = sum(dice) + sum(m.value for m in modifiers)
    return Roll("shooting", dice, sum(dice), modifiers, total, SHOOTING_PAGE)


def save_roll(die: int, modifiers: tuple[Modifier, ...]) -> Roll:
    return Roll("save", (die,), die, modifiers, die + sum(m.value for m in modifiers), SAVE_PAGE)


@dataclass(frozen=True)
class Struck:
    """What a success does before the save: HITs, or a SUPPRESSED marker when a weapon that
    is not armour-piercing hits an armoured card (TCG p.8)."""

    hits: int
    suppressed: int


def struck(armour_piercing: bool, armoured: bool, double_hits: bool) -> Struck:
    if armoured and not armour_piercing:
        return Struck(0, 1)
    return Struck(2 if double_hits else 1, 0)


def with_sustained_fire(roll: Roll) -> Roll:
    """The same roll with a DIRECTIVE marker's +1 pip (TCG p.14: one per Shooting attack)."""
    return Roll(roll.kind, roll.dice, roll.kept, (*roll.modifiers, SUSTAINED_FIRE), roll.total + 1, roll.page)


def with_saving_bonus(roll: Roll) -> Roll:
    return Roll(roll.kind, roll.dice, roll.kept, (*roll.modifiers, SAVING_BONUS), roll.total + 1, roll.page)
