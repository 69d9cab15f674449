"""The battle dice (M44 summary, "Resolving battles"): six faces, two infantry, one armor,
one grenade, one star and one flag. A die scores a hit when its symbol matches the target's
type (a grenade hits any unit); a star is a miss; each flag makes the target retreat.

Which die face shows which symbol is the order of FACES: a seeded d6 of the kernel rolls 1-6."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from builder.kernel.dice import Dice
from builder.memoir.catalogue import UnitType

PAGE = "M44 summary: Resolving battles"


class Face(StrEnum):
    INFANTRY = "infantry"
    ARMOR = "armor"
    GRENADE = "grenade"
    STAR = "star"
    FLAG = "flag"


FACES: tuple[Face, ...] = (Face.INFANTRY, Face.INFANTRY, Face.ARMOR, Face.GRENADE, Face.STAR, Face.FLAG)
_MATCH = {UnitType.INFANTRY: Face.INFANTRY, UnitType.ARMOR: Face.ARMOR}


def face(pips: int) -> Face:
    return FACES[pips - 1]


def hits(symbol: Face, target: UnitType) -> bool:
    return symbol is Face.GRENADE or _MATCH.get(target) is symbol


@dataclass(frozen=True)
class Result:
    """One roll of the battle dice against a target type."""

    pips: tuple[int, ...]
    target: UnitType

    @property
    def faces(self) -> tuple[Face, ...]:
        return tuple(face(p) for p in self.pips)

    @property
    def hits(self) -> int:
        return sum(1 for f in self.faces if hits(f, self.target))

    @property
    def flags(self) -> int:
        return sum(1 for f in self.faces if f is Face.FLAG)


def roll(dice: Dice, count: int, target: UnitType) -> Result:
    return Result(dice.roll(count) if count > 0 else (), target)


@dataclass(frozen=True)
class Distribution:
    """The exact chances of every number of hits and of flags with `dice` battle dice."""

    dice: int
    target: UnitType
    hits: dict[int, Fraction]
    flags: dict[int, Fraction]

    def as_dict(self) -> dict[str, dict[str, float]]:
        return {
            "hits": {str(k): float(v) for k, v in self.hits.items()},
            "flags": {str(k): float(v) for k, v in self.flags.items()},
        }

    def expected_hits(self) -> Fraction:
        return sum((k * p for k, p in self.hits.items()), Fraction(0))


def _counts(dice: int, wins: Sequence[bool]) -> dict[int, Fraction]:
    """The chance of each number of dice (0..dice) showing a face marked in `wins`, by
    adding one die at a time over the faces (an exact enumeration, not a formula)."""
    found = {0: Fraction(1)}
    share = Fraction(1, len(wins))
    for _ in range(dice):
        following: dict[int, Fraction] = {}
        for count, chance in found.items():
            for win in wins:
                key = count + 1 if win else count
                following[key] = following.get(key, Fraction(0)) + chance * share
        found = following
    return {k: found.get(k, Fraction(0)) for k in range(dice + 1)}


def distribution(dice: int, target: UnitType) -> Distribution:
    if dice < 0:
        raise ValueError("a battle rolls 0 dice or more")
    return Distribution(
        dice,
        target,
        _counts(dice, [hits(f, target) for f in FACES]),
        _counts(dice, [f is Face.FLAG for f in FACES]),
    )


def hit_chance(target: UnitType) -> Fraction:
    return Fraction(sum(1 for f in FACES if hits(f, target)), len(FACES))
