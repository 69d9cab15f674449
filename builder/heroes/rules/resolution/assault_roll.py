"""Assaults (HoN core p.25-26; SoN p.7): the attacker rolls two dice and keeps the best, the
defender one (two with Assault); the higher total wins. `engage` checks an assault and works
out both sides' modifiers before the dice (resolution/odds.py enumerates it); `resolve_assault` rolls and
says who lost and what became of each side. Squares are the caller's: the result says who
retreats, falls back or advances, not where."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from builder.heroes.catalogue.units import CombatValues, DefenseColour, OnHit, UnitType, WeaponRole
from builder.heroes.rules.abilities.ability import Ability, Hook
from builder.heroes.rules.abilities.registry import on_side
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import SUPPRESSED_PENALTY, IllegalAttack, name, take_hit
from builder.heroes.rules.resolution.damage import (
    DamageChoice,
    DamageLocation,
    DamageResult,
    Effect,
    Rerolls,
    destroy,
    least_harm,
    locate_damage,
    suppress,
)
from builder.heroes.rules.ruleset import HON, Ruleset
from builder.kernel.dice import Dice
from builder.kernel.events import Modifier, Roll


class AssaultOutcome(StrEnum):
    """From the attacker's side."""

    WIN = "win"
    TIE = "tie"
    LOSS = "loss"


class AttackerMove(StrEnum):
    ADVANCES = "advances"  # takes the defender's square, if it can still be entered
    FALLS_BACK = "falls-back"  # back to (or stays in) the square it assaulted from
    REMOVED = "removed"


class DefenderMove(StrEnum):
    STAYS = "stays"
    RETREATS = "retreats"  # to one of the three squares opposite the attacker, or destroyed
    PUSHED_ASIDE = "pushed-aside"  # to an adjacent square of its owner's choice
    REMOVED = "removed"


@dataclass(frozen=True)
class Assault:
    attacker: Piece
    defender: Piece
    terrain: int = 0  # the defensive bonus of the terrain the defender is in
    same_cover: bool = False  # both in the same room or defensive position: no terrain bonus
    attacker_bonuses: tuple[Modifier, ...] = ()  # cards, options
    defender_bonuses: tuple[Modifier, ...] = ()
    outside_arc: bool = False  # the defender's limited firing arc does not cover the attacker
    granted_assault: int | None = None  # an Assault ability given by a card (The Fury of the Führer)
    defender_granted_assault: int | None = None  # the same for the defender: it rolls two dice
    attacker_sacrifices: bool = False  # Sacrifice after resolution (SoN p.18)
    defender_sacrifices: bool = False
    # Paralyze (SoN p.15): the defender rolls one die and adds no bonus at all.
    defender_paralyzed: bool = False


@dataclass(frozen=True)
class Engagement:
    """An assault worked out before the dice: what resolution/odds.py enumerates."""

    attack: tuple[Modifier, ...]
    defence: tuple[Modifier, ...]
    defender_dice: int
    automatic: bool  # the defender cannot fight back and loses (HoN core p.25)
    defender: Piece  # as it fights: revealed if concealed, Suppressed if outside its arc


@dataclass(frozen=True)
class AssaultResult:
    assault: Assault
    engagement: Engagement
    outcome: AssaultOutcome
    attack: Roll | None  # None when the defender lost automatically
    defence: Roll | None
    attacker: Piece | None  # after; None when removed
    defender: Piece | None
    attacker_effect: Effect
    defender_effect: Effect
    attacker_moves: AttackerMove
    defender_moves: DefenderMove
    damage: tuple[DamageResult, ...] = ()
    wreck_destruction_points: int = 0  # a heavy vehicle advancing onto the wreck it made

    @property
    def rolls(self) -> tuple[Roll, ...]:
        own = tuple(r for r in (self.attack, self.defence) if r is not None)
        return own + tuple(d.roll for d in self.damage)


def assault_values(piece: Piece) -> CombatValues | None:
    """What a unit fights with: its combat values, or a vehicle's secondary weapon (HoN core p.25).
    A vehicle's only weapon (both primary and secondary) counts as its secondary weapon, and
    is gone once a Primary weapon damage marker destroyed it (p.15)."""
    if piece.side.combat is not None:
        return piece.side.combat
    lost = DamageLocation.PRIMARY in piece.damage
    found = [
        w for w in piece.side.weapons if w.role is WeaponRole.SECONDARY or (w.role is WeaponRole.BOTH and not lost)
    ]
    return found[0].combat if found else None


def _suppressed(ruleset: Ruleset, markers: int) -> tuple[Modifier, ...]:
    if not markers:
        return ()
    return (Modifier(f"Suppressed x{markers}", -SUPPRESSED_PENALTY * markers, ruleset.cite("suppressed")),)


def engage(assault: Assault, ruleset: Ruleset = HON) -> Engagement:
    """Check an assault and work out both rolls' modifiers (HoN core p.25; SoN p.7)."""
    attacker, cite = assault.attacker, ruleset.cite
    _check_parties(assault, cite)
    bonus = _assault_bonus(assault, cite)
    combat = _combat_value(attacker, assault.defender, cite)
    defender = _as_assaulted(assault)
    attack: tuple[Modifier, ...] = (Modifier(f"Combat value vs {defender.colour.value}", combat, cite("assault")),)
    if bonus:
        attack += (Modifier(f"Assault +{bonus}", bonus, cite("assault")),)
    attack += assault.attacker_bonuses + _suppressed(ruleset, attacker.suppressed)
    return _defence(assault, defender, attack, ruleset)


def _check_parties(assault: Assault, cite: Callable[[str], str]) -> None:
    """Two units, neither a wreck; the attacker turned to its inactive side (HoN core p.21);
    no defender inside a vehicle (p.27)."""
    attacker, defender = assault.attacker, assault.defender
    for piece in (attacker, defender):
        if piece.side.defense is None:
            raise IllegalAttack(Code.WRECK, f"{name(piece)} is a wreck, not a unit", cite("assault"))
    if attacker.concealed:
        raise IllegalAttack(
            Code.CONCEALED, f"{name(attacker)} must turn to its inactive side before assaulting", cite("ambush")
        )
    if defender.embarked_in is not None:
        raise IllegalAttack(
            Code.EMBARKED, f"{name(defender)} is inside a vehicle and may not be assaulted", cite("transport")
        )


def _assault_bonus(assault: Assault, cite: Callable[[str], str]) -> int:
    """The attacker's Assault value, or the one an action card grants if better: a unit
    without either may not assault (HoN core p.25)."""
    bonus = assault.attacker.side.ability_value("assault")
    if assault.granted_assault is not None:
        bonus = max(bonus or 0, assault.granted_assault)
    if bonus is None:
        raise IllegalAttack(Code.NO_ABILITY, f"{name(assault.attacker)} has no Assault ability", cite("assault"))
    return bonus


def _combat_value(attacker: Piece, defender: Piece, cite: Callable[[str], str]) -> int:
    """The attacker's combat value against the defender's defense colour; X may not assault
    (HoN core p.25)."""
    values = assault_values(attacker)
    combat = values.against(defender.colour) if values is not None else None
    if combat is None:
        raise IllegalAttack(
            Code.COMBAT_VALUE_X, f"{name(attacker)} has X against {defender.colour.shield} defense", cite("assault")
        )
    return combat


def _as_assaulted(assault: Assault) -> Piece:
    """The defender as it fights: a concealed one revealed as the assault begins (HoN core
    p.21), one assaulted from outside its limited firing arc(s) with a Suppressed marker
    first (p.26)."""
    defender = assault.defender
    if defender.concealed:
        defender = defender.revealed()
    if assault.outside_arc:
        if all(w.arc is None for w in defender.side.weapons):
            raise RulesError(Code.FULL_FIRING_ARC, f"{name(defender)} has a 360° firing arc: no square is outside it")
        defender = replace(defender, suppressed=defender.suppressed + 1)
    return defender


def _defence(assault: Assault, defender: Piece, attack: tuple[Modifier, ...], ruleset: Ruleset) -> Engagement:
    """The defender's roll: none when it has X against the attacker or is a heavy vehicle
    without a secondary weapon (HoN core p.25), one die when Paralyzed (SoN p.15), else its
    combat value, its terrain unless both share it (p.25; SoN p.7: not a creature where
    creatures ignore terrain), two dice with an Assault ability (p.25)."""
    attacker, cite = assault.attacker, ruleset.cite
    answer = assault_values(defender)
    fights_back = answer.against(attacker.colour) if answer is not None else None
    if fights_back is None:
        return Engagement(attack, (), 0, True, defender)
    if assault.defender_paralyzed:
        return Engagement(attack, _suppressed(ruleset, defender.suppressed), 1, False, defender)
    defence: tuple[Modifier, ...] = (
        Modifier(f"Combat value vs {attacker.colour.value}", fights_back, cite("assault")),
    )
    creature_in_the_open = defender.colour is DefenseColour.CREATURE and ruleset.creatures_ignore_terrain
    if assault.terrain and not assault.same_cover and not creature_in_the_open:
        defence += (Modifier("Defensive bonus", assault.terrain, cite("terrain")),)
    defence += assault.defender_bonuses + _suppressed(ruleset, defender.suppressed)
    dice = 2 if defender.side.has("assault") or assault.defender_granted_assault else 1
    return Engagement(attack, defence, dice, False, defender)


def compare(attack: int, defence: int) -> AssaultOutcome:
    """The higher result wins the assault (HoN core p.25)."""
    if attack > defence:
        return AssaultOutcome.WIN
    return AssaultOutcome.TIE if attack == defence else AssaultOutcome.LOSS


def _piercing(piece: Piece, ruleset: Ruleset) -> bool:
    return any(piece.side.has(ability) for ability in ruleset.piercing_abilities)


# Asked once both sides have rolled, before the result is applied: which roll is rolled again
# ("attack" or "defence", a Veteran marker, HoN core p.30) or None; the new roll stands.
AssaultReroll = Callable[[AssaultOutcome, Roll, Roll], str | None]


def resolve_assault(
    assault: Assault,
    dice: Dice,
    ruleset: Ruleset = HON,
    choose: DamageChoice = least_harm,
    reroll: AssaultReroll | None = None,
    rerolls: Rerolls | None = None,
) -> AssaultResult:
    """Roll the assault and apply its result (HoN core p.25-26; SoN p.7). Dice are used in this
    order: the attacker's two, the defender's, any roll `reroll` has rolled again, then any
    damage location roll."""
    plan = engage(assault, ruleset)
    attacker: Piece | None = assault.attacker
    defender: Piece | None = plan.defender
    attack, defence, outcome = _roll_off(plan, dice, ruleset, reroll)
    attacker_effect = defender_effect = Effect.NONE
    damage: list[DamageResult] = []
    lost: DamageResult | None = None
    # Abilities that put markers on the opponent, as each side fought (Terrifying, SoN p.19).
    attacking = on_side(assault.attacker.side, Hook.ASSAULT_MARKERS)
    defending = on_side(plan.defender.side, Hook.ASSAULT_MARKERS)
    if outcome is AssaultOutcome.WIN:
        piercing = _piercing(assault.attacker, ruleset)
        if plan.automatic and plan.defender.side.on_hit is OnHit.DAMAGE:
            lost = locate_damage(plan.defender, dice, ruleset, piercing, choose, rerolls)  # one automatic damage
            defender_effect, defender = lost.effect, lost.piece
        elif plan.automatic:
            defender_effect, defender = destroy(plan.defender)  # X against the attacker: destroyed
        else:
            defender_effect, defender, lost = take_hit(plan.defender, dice, ruleset, piercing, choose, rerolls)
        defender, defender_effect = _marked(defender, defender_effect, attacking, True)
        attacker, attacker_effect = _marked(attacker, attacker_effect, defending, False)
    elif outcome is AssaultOutcome.LOSS:
        # The attacker takes a hit, or one damage for a heavy vehicle (HoN core p.26).
        piercing = _piercing(plan.defender, ruleset)
        attacker_effect, attacker, lost = take_hit(assault.attacker, dice, ruleset, piercing, choose, rerolls)
        attacker, attacker_effect = _marked(attacker, attacker_effect, defending, True)
        defender, defender_effect = _marked(defender, defender_effect, attacking, False)
    damage += [lost] if lost is not None else []
    attacker, defender, attacker_effect, defender_effect, extra = _sacrifices(
        assault, attacker, defender, attacker_effect, defender_effect, dice, ruleset, choose
    )
    damage += extra
    (attacker_moves, defender_moves), points = _moves(
        assault.attacker, plan.defender, outcome, defender_effect, ruleset
    )
    return AssaultResult(
        assault,
        plan,
        outcome,
        attack,
        defence,
        attacker,
        defender,
        attacker_effect,
        defender_effect,
        AttackerMove.REMOVED if attacker is None else attacker_moves,
        DefenderMove.REMOVED if defender is None else defender_moves,
        tuple(damage),
        points,
    )


def _roll_off(
    plan: Engagement, dice: Dice, ruleset: Ruleset, reroll: AssaultReroll | None
) -> tuple[Roll | None, Roll | None, AssaultOutcome]:
    """Both sides roll, the higher result winning (HoN core p.25); a roll rerolled again as
    long as a side spends a Veteran marker (p.30). A defender that cannot fight back loses
    without a roll."""
    if plan.automatic:
        return None, None, AssaultOutcome.WIN
    attack = _roll("assault-attack", dice.roll(2), plan.attack, ruleset)
    defence = _roll("assault-defence", dice.roll(plan.defender_dice), plan.defence, ruleset)
    while (again := reroll(compare(attack.total, defence.total), attack, defence) if reroll else None) is not None:
        if again == "attack":
            attack = _roll("assault-attack", dice.roll(2), plan.attack, ruleset)
        else:
            defence = _roll("assault-defence", dice.roll(plan.defender_dice), plan.defence, ruleset)
    return attack, defence, compare(attack.total, defence.total)


def _roll(kind: str, rolled: tuple[int, ...], modifiers: tuple[Modifier, ...], ruleset: Ruleset) -> Roll:
    kept = max(rolled)  # two dice: keep the best (HoN core p.25)
    return Roll(kind, rolled, kept, modifiers, kept + sum(m.value for m in modifiers), ruleset.cite("assault"))


def _marked(
    piece: Piece | None, effect: Effect, opponent: tuple[Ability, ...], won: bool
) -> tuple[Piece | None, Effect]:
    """`piece` with the Suppressed markers its opponent's abilities put on it once the opponent
    `won` or lost (Terrifying: two on the loser, one on the winner, SoN p.19)."""
    markers = sum(a.assault_markers(won, effect.destroyed) for a in opponent)
    if not markers:
        return piece, effect
    return suppress(piece, markers), (Effect.SUPPRESSED if effect is Effect.NONE and piece is not None else effect)


def _moves(
    attacker: Piece, defender: Piece, outcome: AssaultOutcome, defender_effect: Effect, ruleset: Ruleset
) -> tuple[tuple[AttackerMove, DefenderMove], int]:
    """Who moves, and destruction points dealt to a wreck (HoN core p.26; SoN p.7)."""
    overrun = attacker.is_vehicle and defender.is_infantry
    if outcome is AssaultOutcome.WIN:
        if defender.is_infantry:  # it falls back to one of the three squares opposite the attacker
            return (AttackerMove.ADVANCES, DefenderMove.RETREATS), 0
        if defender.type is UnitType.LIGHT_VEHICLE and attacker.type is UnitType.HEAVY_VEHICLE:
            # A heavy vehicle takes the square and deals one destruction point to the wreck.
            return (AttackerMove.ADVANCES, DefenderMove.STAYS), int(defender_effect is Effect.WRECKED)
        if not defender.is_vehicle and defender_effect is Effect.DESTROYED:  # a large creature gone
            return (AttackerMove.ADVANCES, DefenderMove.STAYS), 0
        return (AttackerMove.FALLS_BACK, DefenderMove.STAYS), 0  # vehicles never retreat
    if overrun and ruleset.vehicle_overruns_infantry:
        # A vehicle, wrecked or not, takes an infantry defender's square; it is pushed aside
        # (HoN core p.26). Not in SoN: the loser is pushed back, a tie leaves both (SoN p.7).
        return (AttackerMove.ADVANCES, DefenderMove.PUSHED_ASIDE), 0
    return (AttackerMove.FALLS_BACK, DefenderMove.STAYS), 0


def _sacrifices(
    assault: Assault,
    attacker: Piece | None,
    defender: Piece | None,
    attacker_effect: Effect,
    defender_effect: Effect,
    dice: Dice,
    ruleset: Ruleset,
    choose: DamageChoice,
) -> tuple[Piece | None, Piece | None, Effect, Effect, list[DamageResult]]:
    """Sacrifice: after resolution a unit may turn to its damaged side to give its opponent a
    hit; it cannot be eliminated that way (SoN p.18)."""
    damage: list[DamageResult] = []
    for attacking in (True, False):
        if not (assault.attacker_sacrifices if attacking else assault.defender_sacrifices):
            continue
        own, other = (attacker, defender) if attacking else (defender, attacker)
        page = ruleset.cite("sacrifice")
        if own is None or not own.side.has("sacrifice"):
            raise IllegalAttack(Code.NO_ABILITY, "only a unit with Sacrifice still in play may sacrifice", page)
        if own.side.on_hit is not OnHit.FLIP or own.unit.sides[1 - own.side_index].defense is None:
            raise IllegalAttack(Code.WOULD_BE_ELIMINATED, f"{name(own)} would be eliminated by turning over", page)
        own = replace(own, side_index=1 - own.side_index)
        effect = Effect.NONE
        if other is not None:
            effect, other, lost = take_hit(other, dice, ruleset, False, choose)
            damage += [lost] if lost is not None else []
        if attacking:
            attacker, defender = own, other
            attacker_effect = Effect.FLIPPED
            defender_effect = effect if effect is not Effect.NONE else defender_effect
        else:
            defender, attacker = own, other
            defender_effect = Effect.FLIPPED
            attacker_effect = effect if effect is not Effect.NONE else attacker_effect
    return attacker, defender, attacker_effect, defender_effect, damage
