"""Firing resolution (HoN core p.15; SoN p.8): the dice of an aimed firing action rolled and
its result applied - a miss, a hit or a double hit, Suppressed markers, a destruction roll -
with a reroll when a card or a Veteran marker calls for one (HoN core p.17, p.30).
`combat.aim` works out everything before the roll."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import Aim, FireOutcome, Shot, aim, classify, take_hit
from builder.heroes.rules.resolution.damage import (
    DamageChoice,
    DamageResult,
    DestructionResult,
    Effect,
    Rerolls,
    destroy,
    destruction_roll,
    least_harm,
    suppress,
)
from builder.heroes.rules.ruleset import HON, Ruleset
from builder.kernel.dice import Dice
from builder.kernel.events import Roll


@dataclass(frozen=True)
class FireResult:
    shot: Shot
    aim: Aim
    roll: Roll
    outcome: FireOutcome
    suppressed: int  # Suppressed markers the target received (suppressive fire, hull, frightening)
    effect: Effect
    target: Piece | None  # after the shot; None when removed from the game
    firer: Piece | None  # after: Activated by Opportunity Fire, revealed if it was concealed
    damage: DamageResult | None = None
    destruction: DestructionResult | None = None
    rerolled: Roll | None = None  # the first roll, when a card had it rolled again

    @property
    def rolls(self) -> tuple[Roll, ...]:
        extra = [r.roll for r in (self.damage, self.destruction) if r is not None]
        return (self.roll, *extra)


# Asked once the dice are rolled, before the result is applied: roll them again? (an action
# card such as Second Chance, HoN core p.17)
Reroll = Callable[[Aim, Roll, FireOutcome], bool]


def fire(
    shot: Shot,
    dice: Dice,
    ruleset: Ruleset = HON,
    choose: DamageChoice = least_harm,
    reroll: Reroll | None = None,
    rerolls: Rerolls | None = None,
) -> FireResult:
    """Resolve a firing action: one die (two with Dual Weapon, best kept) plus every modifier
    against the defense plus the defensive bonus (HoN core p.15; SoN p.8). `reroll` may have
    the dice rolled again, as long as it says so (a Veteran marker may reroll a reroll, HoN
    core p.30); the last roll stands. `rerolls`: Veteran markers on the damage location and
    destruction rolls."""
    plan = aim(shot, ruleset)
    roll = _fire_roll(plan, dice)
    outcome, markers = classify(roll.total, plan.defense, plan.suppressive)
    rerolled = None
    while reroll is not None and reroll(plan, roll, outcome):
        rerolled, roll = roll, _fire_roll(plan, dice)
        outcome, markers = classify(roll.total, plan.defense, plan.suppressive)
    target: Piece | None = shot.target
    effect, damage = Effect.NONE, None
    if outcome is FireOutcome.DOUBLE_HIT:
        effect, target = destroy(shot.target)
    elif outcome is FireOutcome.HIT:
        effect, target, damage = take_hit(shot.target, dice, ruleset, plan.piercing, choose, rerolls)
        markers = damage.suppressed if damage is not None else 0
    elif plan.frightening and outcome is FireOutcome.MISS:
        markers = 1  # a failed shot may still put a Suppressed marker (HoN core p.23)
    if outcome is not FireOutcome.HIT:
        target = suppress(target, markers)
        effect = Effect.SUPPRESSED if markers and effect is Effect.NONE else effect
    destruction = None
    if plan.destruction:
        destruction = destruction_roll(plan.destruction, dice, ruleset, shot.structure, shot.structure_points, rerolls)
    firer = shot.firer
    if firer is not None:
        # A concealed unit that fires turns over to its inactive side (HoN core p.21).
        if firer.concealed and shot.combat is None:
            firer = firer.revealed()
        if shot.opportunity:
            firer = replace(firer, activated=True)
    return FireResult(shot, plan, roll, outcome, markers, effect, target, firer, damage, destruction, rerolled)


def _fire_roll(plan: Aim, dice: Dice) -> Roll:
    rolled = dice.roll(plan.dice)
    kept = max(rolled)
    total = kept + sum(m.value for m in plan.modifiers)
    return Roll("suppressive-fire" if plan.suppressive else "fire", rolled, kept, plan.modifiers, total, plan.page)
