"""Exact odds of a firing action or an assault, by enumerating the dice (DESIGN.md 7): no
Monte Carlo. Fractions inside, floats out. The modifiers come from the same functions
resolution/combat.py and resolution/assault_roll.py resolve with, so the odds are those of the resolution itself."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.assault_roll import Assault, AssaultOutcome, compare, engage
from builder.heroes.rules.resolution.combat import (
    Aim,
    FireOutcome,
    Shot,
    aim,
    classify,
    combat_modifiers,
    result_penalties,
)
from builder.heroes.rules.resolution.damage import (
    OWNER_CHOOSES,
    DamageChoice,
    DamageLocation,
    destroys,
    least_harm,
    location_of,
)
from builder.heroes.rules.ruleset import HON, Ruleset
from builder.kernel.dice import SIDES
from builder.kernel.events import Modifier

FIRE_KEYS = (FireOutcome.MISS.value, FireOutcome.HIT.value, FireOutcome.DOUBLE_HIT.value)
ASSAULT_KEYS = (AssaultOutcome.WIN.value, AssaultOutcome.TIE.value, AssaultOutcome.LOSS.value)


@dataclass(frozen=True)
class Odds:
    """Exact outcome probabilities, in a fixed order.

    kind "fire": miss, hit, double. kind "suppressive-fire": "0", "1", … "N", the number of
    Suppressed markers, every count from 0 to the largest the dice can reach. kind "assault":
    win, tie, loss for the attacker."""

    kind: str
    outcomes: tuple[tuple[str, Fraction], ...]
    modifiers: tuple[Modifier, ...] = ()  # on the (attacker's) die
    against: tuple[Modifier, ...] = ()  # the defense to reach, or the defender's modifiers
    dice: int = 1  # the (attacker's) dice, best kept
    defender_dice: int = 0  # assault only

    def exact(self) -> dict[str, Fraction]:
        return dict(self.outcomes)

    def as_dict(self) -> dict[str, float]:
        return {key: float(p) for key, p in self.outcomes}

    def __getitem__(self, outcome: str) -> float:
        return float(self.exact()[outcome])

    @property
    def total(self) -> Fraction:
        return sum((p for _, p in self.outcomes), Fraction(0))


@cache
def best_of(dice: int) -> tuple[tuple[int, Fraction], ...]:
    """The kept die when rolling `dice` and keeping the best: P(k) = (k^n - (k-1)^n) / 6^n."""
    if dice < 1:
        raise RulesError(Code.BAD_COUNT, "roll at least one die")
    whole = SIDES**dice
    return tuple((k, Fraction(rolls, whole)) for k, rolls in _best_counts(dice))


@cache
def _best_counts(dice: int) -> tuple[tuple[int, int], ...]:
    """`best_of` in whole numbers: of the 6^n rolls, how many keep each face, k^n - (k-1)^n.
    The enumerations below count rolls and divide once: the same fractions as adding up
    `best_of`'s (both exact), without a fraction reduced at every step."""
    return tuple((k, k**dice - (k - 1) ** dice) for k in range(1, SIDES + 1))


@cache
def _fire_outcomes(dice: int, bonus: int, defense: int, suppressive: bool) -> tuple[tuple[str, Fraction], ...]:
    """The enumeration itself, remembered: it depends on these four numbers only, and a
    simulation asks for the same few thousands of times."""
    if dice < 1:
        raise RulesError(Code.BAD_COUNT, "roll at least one die")
    found: dict[str, int] = defaultdict(int)
    for kept, rolls in _best_counts(dice):
        outcome, markers = classify(kept + bonus, defense, suppressive)
        found[str(markers) if suppressive else outcome.value] += rolls
    if suppressive:
        most = max(int(k) for k in found)
        keys: tuple[str, ...] = tuple(str(n) for n in range(most + 1))
    else:
        keys = FIRE_KEYS
    whole = SIDES**dice
    return tuple((k, Fraction(found[k], whole)) for k in keys)


def odds_of_aim(plan: Aim) -> Odds:
    """Enumerate the kept die of a worked-out firing action."""
    bonus = sum(m.value for m in plan.modifiers)
    outcomes = _fire_outcomes(plan.dice, bonus, plan.defense, plan.suppressive)
    kind = "suppressive-fire" if plan.suppressive else "fire"
    return Odds(kind, outcomes, plan.modifiers, plan.defense_modifiers, plan.dice)


def odds_of_shot(shot: Shot, ruleset: Ruleset = HON) -> Odds:
    """The odds of a declared firing action, exactly as `firing_roll.fire` would resolve it."""
    return odds_of_aim(aim(shot, ruleset))


def fire_odds(
    combat: int,
    defense: int,
    terrain: int = 0,
    bonus: int = 0,
    suppressed: int = 0,
    obscured: int = 0,
    long_range: bool = False,
    suppressive: bool = False,
    dual: bool = False,
    ruleset: Ruleset = HON,
) -> Odds:
    """The odds of a firing action from plain numbers (what `hon odds` takes): `bonus` is gear
    and cards (doubled by suppressive fire), `obscured` the total obscuring penalty."""
    if suppressed < 0 or obscured < 0:
        raise RulesError(Code.BAD_COUNT, "Suppressed markers and obscuring penalties are counted from 0")
    bonuses = (Modifier("Bonus (gear, cards)", bonus, ruleset.cite("fire")),) if bonus else ()
    modifiers = combat_modifiers(ruleset, None, combat, bonuses, suppressive=suppressive)
    modifiers += result_penalties(ruleset, suppressed, [("Obscured LoS", obscured)], long_range)
    against: tuple[Modifier, ...] = (Modifier("Defense value", defense, ruleset.cite("fire")),)
    if terrain:
        against += (Modifier("Defensive bonus", terrain, ruleset.cite("terrain")),)
    page = ruleset.cite("suppressive-fire" if suppressive else "fire")
    plan = Aim(2 if dual else 1, modifiers, (), defense + terrain, against, suppressive, False, False, 0, page)
    return odds_of_aim(plan)


@cache
def _assault_outcomes(edge: int, defender_dice: int) -> tuple[tuple[str, Fraction], ...]:
    """Win, tie and loss when the attacker's modifiers beat the defender's by `edge`: the
    comparison depends on nothing else, so it is remembered."""
    if defender_dice < 1:
        raise RulesError(Code.BAD_COUNT, "roll at least one die")
    found: dict[str, int] = defaultdict(int)
    for mine, p in _best_counts(2):  # the attacker rolls two dice and keeps the best (HoN core p.25)
        for theirs, q in _best_counts(defender_dice):
            found[compare(mine + edge, theirs).value] += p * q
    whole = SIDES ** (2 + defender_dice)
    return tuple((k, Fraction(found[k], whole)) for k in ASSAULT_KEYS)


def _assault(attack: tuple[Modifier, ...], defence: tuple[Modifier, ...], defender_dice: int) -> Odds:
    edge = sum(m.value for m in attack) - sum(m.value for m in defence)
    return Odds("assault", _assault_outcomes(edge, defender_dice), attack, defence, 2, defender_dice)


def odds_of_assault(assault: Assault, ruleset: Ruleset = HON) -> Odds:
    """The odds of a declared assault, exactly as `assault.resolve_assault` would resolve it."""
    plan = engage(assault, ruleset)
    if plan.automatic:  # the defender cannot fight back: it loses (HoN core p.25)
        outcomes = ((AssaultOutcome.WIN.value, Fraction(1)), (AssaultOutcome.TIE.value, Fraction(0)))
        return Odds("assault", (*outcomes, (AssaultOutcome.LOSS.value, Fraction(0))), plan.attack, (), 0, 0)
    return _assault(plan.attack, plan.defence, plan.defender_dice)


def assault_odds(
    combat: int,
    defender_combat: int,
    defender_dice: int = 1,
    terrain: int = 0,
    bonus: int = 0,
    suppressed: int = 0,
    defender_bonus: int = 0,
    defender_suppressed: int = 0,
    ruleset: Ruleset = HON,
) -> Odds:
    """The odds of an assault from plain numbers: the attacker's combat value and bonus (Assault
    N, cards), the defender's combat value, dice (2 with Assault), terrain and bonus."""
    if defender_dice not in (1, 2):
        raise RulesError(Code.BAD_COUNT, "the defender rolls one die, or two with the Assault ability")
    if suppressed < 0 or defender_suppressed < 0:
        raise RulesError(Code.BAD_COUNT, "Suppressed markers are counted from 0")
    cite = ruleset.cite
    attack: tuple[Modifier, ...] = (Modifier("Combat value", combat, cite("assault")),)
    attack += (Modifier("Bonus (Assault, cards)", bonus, cite("assault")),) if bonus else ()
    attack += result_penalties(ruleset, suppressed)
    defence: tuple[Modifier, ...] = (Modifier("Combat value", defender_combat, cite("assault")),)
    defence += (Modifier("Defensive bonus", terrain, cite("terrain")),) if terrain else ()
    defence += (Modifier("Bonus (cards)", defender_bonus, cite("assault")),) if defender_bonus else ()
    defence += result_penalties(ruleset, defender_suppressed)
    return _assault(attack, defence, defender_dice)


def damage_odds(vehicle: Piece, piercing: bool = False, choose: DamageChoice = least_harm) -> dict[str, float]:
    """Where a hit on a heavy vehicle lands, exactly as `combat.locate_damage` rolls it:
    each location, and "destroyed" for a 6+ or a second marker of the same kind."""
    control = vehicle.side.has(OWNER_CHOOSES)
    bonus = 1 if piercing else 0
    found: dict[str, Fraction] = defaultdict(Fraction)
    faces = range(1, SIDES + 1)
    rolls = [(a, b) for a in faces for b in faces] if control else [(a,) for a in faces]
    for rolled in rolls:
        totals = tuple(face + bonus for face in rolled)
        location = location_of(choose(vehicle, totals) if control else totals[0])
        found["destroyed" if destroys(vehicle, location) else location.value] += Fraction(1, len(rolls))
    keys = [loc.value for loc in DamageLocation if loc is not DamageLocation.DESTRUCTION] + ["destroyed"]
    return {key: float(found[key]) for key in keys}


def expected_hits(shot: Shot, ruleset: Ruleset = HON) -> float:
    """Hits a firing action deals on average, a double hit counting two (HoN core p.15):
    what a simulation policy weighs targets by. Suppressive fire deals none."""
    return expected_hits_of(aim(shot, ruleset))


def expected_hits_of(plan: Aim) -> float:
    """`expected_hits` of a firing action already worked out (a policy that checked it with
    `aim` weighs it without working it out again)."""
    return _expected_hits(plan.dice, sum(m.value for m in plan.modifiers), plan.defense, plan.suppressive)


@cache
def _expected_hits(dice: int, bonus: int, defense: int, suppressive: bool) -> float:
    """`expected_hits_of` from the four numbers `_fire_outcomes` reads, remembered like it:
    a policy weighs the same few shots thousands of times a play-out."""
    odds = dict(_fire_outcomes(dice, bonus, defense, suppressive))
    if suppressive:
        return 0.0
    return float(odds[FireOutcome.HIT.value] + 2 * odds[FireOutcome.DOUBLE_HIT.value])


def expected_suppressed(shot: Shot, ruleset: Ruleset = HON) -> float:
    """Suppressed markers a suppressive fire gives on average (HoN core p.24)."""
    return expected_suppressed_of(aim(shot, ruleset))


def expected_suppressed_of(plan: Aim) -> float:
    """`expected_suppressed` of a firing action already worked out."""
    return _expected_suppressed(plan.dice, sum(m.value for m in plan.modifiers), plan.defense, plan.suppressive)


@cache
def _expected_suppressed(dice: int, bonus: int, defense: int, suppressive: bool) -> float:
    """`expected_suppressed_of` from the numbers `_fire_outcomes` reads, remembered like it."""
    outcomes = _fire_outcomes(dice, bonus, defense, suppressive)
    if not suppressive:
        return 0.0
    return float(sum(int(k) * p for k, p in outcomes))
