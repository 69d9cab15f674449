"""Firing actions (HoN core p.13-16, p.21-24; SoN p.8, p.17-19).

A `Shot` describes a firing action as declared; `aim` checks it against the rules and works
out every modifier before a die is rolled (resolution/odds.py enumerates the same aim exactly);
`firing_roll.fire` rolls the injected dice and applies the result: a miss, a hit or a
double hit, taken by `take_hit`, which resolution/assault_roll.py reuses. What the damage is lives in
resolution/damage.py."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from builder.heroes.catalogue.units import CombatValues, DefenseColour, OnHit, Side, SideState, Weapon, WeaponRole
from builder.heroes.rules.errors import Code, Refusal, RulesError
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.damage import (
    DamageChoice,
    DamageLocation,
    DamageResult,
    Effect,
    Rerolls,
    destroy,
    least_harm,
    locate_damage,
)
from builder.heroes.rules.ruleset import HON, Ruleset
from builder.kernel.dice import Dice
from builder.kernel.events import Modifier
from builder.kernel.frozen import made

SUPPRESSED_PENALTY = 2  # per Suppressed marker, on the final result (HoN core p.16; SoN p.19)


class IllegalAttack(RulesError):
    """A firing action or assault the rules do not allow, kept apart from other refusals:
    the policy and `refusal` catch it alone to learn whether a shot is allowed."""


def refusal(check: Callable[[], object]) -> Refusal | None:
    """Why the rules refuse what `check` checks (the refusal of the IllegalAttack it raises),
    or None when they allow it."""
    try:
        check()
    except IllegalAttack as problem:
        return problem.refusal
    return None


class Facing(StrEnum):
    """Which Defense Value of a heavy vehicle a shot strikes (HoN core p.14; SoN p.8)."""

    FRONT = "front"
    SIDE = "side"
    REAR = "rear"


class FireOutcome(StrEnum):
    MISS = "miss"
    HIT = "hit"
    DOUBLE_HIT = "double"  # >= twice the defense: destroyed, heavy vehicles too (HoN core p.15)
    SUPPRESSION = "suppression"  # suppressive fire: Suppressed markers, no damage (HoN core p.24)


def take_hit(
    piece: Piece,
    dice: Dice,
    ruleset: Ruleset = HON,
    piercing: bool = False,
    choose: DamageChoice = least_harm,
    rerolls: Rerolls | None = None,
) -> tuple[Effect, Piece | None, DamageResult | None]:
    """One hit, as the counter's symbol says: flip, destroyed, wreck or damage (HoN core p.15)."""
    on_hit = piece.side.on_hit
    if on_hit is OnHit.FLIP:
        flipped = replace(piece, side_index=1 - piece.side_index)
        if flipped.side.state is SideState.WRECK:
            return Effect.WRECKED, replace(flipped, suppressed=0), None
        return Effect.FLIPPED, flipped, None
    if on_hit in (OnHit.DESTROYED, OnHit.WRECK):
        return (*destroy(piece), None)
    if on_hit is OnHit.DAMAGE:
        damage = locate_damage(piece, dice, ruleset, piercing, choose, rerolls)
        return damage.effect, damage.piece, damage
    raise IllegalAttack(Code.WRECK, f"{name(piece)} is a wreck, not a unit", ruleset.cite("fire"))


def name(piece: Piece) -> str:
    return piece.side.name or piece.unit.name


@dataclass(frozen=True)
class Shot:
    """A firing action as declared. Flags left None are read from the firer's abilities;
    an explicit `combat` makes it an Alternate Firing Action, which uses none of the
    counter's abilities (HoN core p.14)."""

    target: Piece
    firer: Piece | None = None
    weapon: Weapon | None = None  # a vehicle's weapon; None: the side's combat values
    combat: int | None = None
    facing: Facing | None = None  # which defense of a heavy vehicle (or large creature) is hit
    terrain: int = 0  # the target's terrain defensive bonus for its colour (HoN core p.18)
    # Charge's Firing Action "disregards range restrictions" (BfC p.08): night, fog, Limited Range.
    free_of_range: bool = False
    # Added to the target's Defense Value by others' abilities (Defender, BfC p.08).
    defense_bonuses: tuple[Modifier, ...] = ()
    obscured: tuple[tuple[Square, int], ...] = ()  # each square obscuring the LoS, its penalty
    range: int = 1  # squares, counting the target's and not the firer's (HoN core p.14)
    suppressed: int | None = None  # Suppressed markers on the firer; None: the firer's
    bonuses: tuple[Modifier, ...] = ()  # gear and cards: added to the combat value, doubled by suppressive fire
    penalties: tuple[Modifier, ...] = ()  # other penalties on the final result
    suppressive: bool = False
    dual_weapon: bool | None = None
    fire_on_the_move: bool = False
    machine_gunner_share: int | None = None  # this target's share of `machine_gunner_pool`
    frightening_shot: bool | None = None
    opportunity: bool = False  # Opportunity Fire: the firer takes an Activated marker
    # The Opportunistic Fire a defensive position gives infantry inside it (HoN core p.19).
    position_opportunity: bool = False
    piercing: bool | None = None
    structure: int | None = None  # the destruction points of a structure the target is in
    structure_points: int = 0  # destruction points it already has
    # An Alternate Firing Action's own Destruction dice (a Panzerfaust's 2, HoN core p.28).
    destruction: int | None = None

    def varied(self, suppressive: bool, machine_gunner_share: int | None) -> Shot:
        """The shot as Suppressive Fire or not, with a Machine Gunner share or none (HoN core
        p.24): what `dataclasses.replace` makes, copied like `Piece.moved` - a Shot checks
        nothing when made, and a policy weighs these variants of every shot it has."""
        shot = object.__new__(Shot)
        shot.__dict__.update(self.__dict__)
        shot.__dict__["suppressive"] = suppressive
        shot.__dict__["machine_gunner_share"] = machine_gunner_share
        return shot


@dataclass(frozen=True)
class Aim:
    """A firing action worked out before the dice: what resolution/odds.py enumerates."""

    dice: int
    combat: tuple[Modifier, ...]  # the modified combat value (HoN core p.33 step 2)
    penalties: tuple[Modifier, ...]  # on the final result (step 5)
    defense: int  # the number to reach, defensive bonus included
    defense_modifiers: tuple[Modifier, ...]
    suppressive: bool
    frightening: bool
    piercing: bool
    destruction: int  # Destruction dice to roll against the structure
    page: str

    @property
    def modifiers(self) -> tuple[Modifier, ...]:
        return self.combat + self.penalties


# Each colour's combat value label, made once: every shot weighed is aimed with one.
_COMBAT_LABELS: dict[DefenseColour | None, str] = {None: "Combat value"} | {
    colour: f"Combat value vs {colour.value}" for colour in DefenseColour
}


def combat_modifiers(
    ruleset: Ruleset,
    colour: DefenseColour | None,
    combat: int,
    bonuses: Sequence[Modifier] = (),
    fire_on_the_move: int = 0,
    suppressive: bool = False,
    share: int | None = None,
) -> tuple[Modifier, ...]:
    """The modified combat value, in the order of HoN core p.33 (SoN p.8): combat value, Fire
    on the Move penalty, bonuses, doubled by suppressive fire, split by a machine gunner."""
    if share is not None:
        # The pool already holds the combat value, penalty and bonuses (HoN core p.24).
        parts: tuple[Modifier, ...] = (Modifier("Machine Gunner share", share, ruleset.cite("machine-gunner")),)
        doubling = suppressive and ruleset.split_before_doubling
    else:
        parts = (Modifier(_COMBAT_LABELS[colour], combat, ruleset.cite("fire")),)
        if fire_on_the_move:
            parts += (Modifier("Fire on the Move", -abs(fire_on_the_move), ruleset.cite("fire-on-the-move")),)
        parts += tuple(bonuses)
        doubling = suppressive
    if doubling:
        doubled = sum(m.value for m in parts)
        parts += (Modifier("Suppressive Fire: doubled", doubled, ruleset.cite("suppressive-fire")),)
    return parts


def result_penalties(
    ruleset: Ruleset,
    suppressed: int = 0,
    obscured: Sequence[tuple[str, int]] = (),
    long_range: bool = False,
    penalties: Sequence[Modifier] = (),
) -> tuple[Modifier, ...]:
    """Penalties on the final result, never doubled (HoN core p.14, p.16, p.18)."""
    found: tuple[Modifier, ...] = ()
    if suppressed:
        found += (Modifier(f"Suppressed x{suppressed}", -SUPPRESSED_PENALTY * suppressed, ruleset.cite("suppressed")),)
    if long_range:
        rule = "night" if ruleset.max_range is not None else "long-range"  # closer at night, in fog (SoN p.11)
        found += (Modifier("Long range", -ruleset.long_range_penalty, ruleset.cite(rule)),)
    found += tuple(Modifier(label, -abs(value), ruleset.cite("terrain")) for label, value in obscured if value)
    return found + tuple(penalties)


def target_number(
    ruleset: Ruleset, target: Piece, terrain: int, facing: Facing | None
) -> tuple[int, tuple[Modifier, ...]]:
    """The target's Defense Value (by facing) plus its terrain defensive bonus."""
    defense = target.side.defense
    if defense is None:
        raise IllegalAttack(Code.WRECK, f"{name(target)} is a wreck, not a unit", ruleset.cite("fire"))
    if defense.has_facings:
        if facing is None:
            raise RulesError(
                Code.FACING_UNSAID, f"say which facing of {name(target)} the shot strikes: front, side or rear"
            )
        side = facing.value
        value: int = getattr(defense, side)  # a defense with facings has all three (units.Defense)
        parts: tuple[Modifier, ...] = (Modifier(f"Defense value ({side})", value, ruleset.cite("facing")),)
    else:
        value = defense.lowest
        parts = (Modifier("Defense value", value, ruleset.cite("fire")),)
    if terrain and not (target.colour is DefenseColour.CREATURE and ruleset.creatures_ignore_terrain):
        parts += (Modifier("Defensive bonus", terrain, ruleset.cite("terrain")),)
        value += terrain
    return value, parts  # the sum of the parts


def classify(total: int, defense: int, suppressive: bool) -> tuple[FireOutcome, int]:
    """The outcome and, for suppressive fire, the Suppressed markers: one for reaching the
    defense, two for twice it, and so on (HoN core p.15, p.24)."""
    if suppressive:
        if defense < 1:
            raise RulesError(Code.BAD_COUNT, "suppressive fire needs a defense of at least 1")
        markers = total // defense if total >= defense else 0
        return (FireOutcome.SUPPRESSION if markers else FireOutcome.MISS), markers
    if total >= 2 * defense:
        return FireOutcome.DOUBLE_HIT, 0
    return (FireOutcome.HIT if total >= defense else FireOutcome.MISS), 0


def _values(shot: Shot, firer: Piece, ruleset: Ruleset) -> tuple[CombatValues, Callable[[str], int | None]]:
    """The combat values the firer shoots with, and the value of each ability that goes with
    them (0 when it has no number, its first mention winning; None when it has not)."""
    side, weapon = firer.side, shot.weapon
    if weapon is None and side.combat is None:
        if len(side.weapons) != 1:
            raise RulesError(Code.WEAPON_UNSAID, f"say which weapon {name(firer)} fires")
        weapon = side.weapons[0]
    if weapon is None:
        assert side.combat is not None
        return side.combat, side.ability_value
    # By identity first: a weapon is one of the side's own objects, and pydantic's `==`
    # compares every field of each weapon before it.
    if not any(own is weapon for own in side.weapons) and weapon not in side.weapons:
        raise RulesError(Code.NO_SUCH_WEAPON, f"{name(firer)} has no weapon {weapon.name!r}")
    if weapon.role is not WeaponRole.SECONDARY and DamageLocation.PRIMARY in firer.damage:
        raise IllegalAttack(
            Code.WEAPON_DESTROYED, f"the primary weapon of {name(firer)} is destroyed", ruleset.cite("damage")
        )
    return weapon.combat, _with_weapon(side, weapon).get


# The abilities a side fires one of its weapons with, by the side's and the weapon's identity
# (both are frozen): a policy aims thousands of shots a play-out, each asking for several.
_NO_ABILITIES: dict[str, int] = {}  # an Alternate Firing Action's (HoN core p.14)
_WEAPON_ABILITIES: dict[tuple[int, int], tuple[Side, Weapon, dict[str, int]]] = {}


def _with_weapon(side: Side, weapon: Weapon) -> dict[str, int]:
    """The side's own abilities, then the weapon's (HoN core p.14), each one's value."""
    kept = _WEAPON_ABILITIES.get((id(side), id(weapon)))
    if kept is not None and kept[0] is side and kept[1] is weapon:
        return kept[2]
    found: dict[str, int] = {}
    for ref in (*side.abilities, *weapon.abilities):
        found.setdefault(ref.id, ref.value or 0)
    _WEAPON_ABILITIES[(id(side), id(weapon))] = (side, weapon, found)
    return found


def lacks(shot: Shot, ability: str, ruleset: Ruleset = HON) -> bool:
    """Whether `aim` refuses `shot` fired with `ability` (Suppressive Fire, a Machine Gunner's
    split, HoN core p.24) for want of it: the firer's side and the weapon fired have no such
    ability (p.14); never for an Alternate Firing Action, which needs none. A policy weighing
    a shot `aim` allows skips the variant it would refuse without building it."""
    if shot.combat is not None or shot.firer is None:
        return False
    return _values(shot, shot.firer, ruleset)[1](ability) is None


def aim(shot: Shot, ruleset: Ruleset = HON) -> Aim:
    """Check a firing action against the rules and work out its modifiers."""
    target, firer, cite = shot.target, shot.firer, ruleset.cite
    _check_target(shot, ruleset)
    combat, value = _combat_value(shot, ruleset)
    _check_declared(shot, value, cite)
    dual = _declared(value, shot.dual_weapon, "dual-weapon", cite)
    share = shot.machine_gunner_share
    frightening = _declared(value, shot.frightening_shot, "frightening-shot", cite) and share is None
    piercing = shot.piercing
    if piercing is None:
        piercing = any(value(ability) is not None for ability in ruleset.piercing_abilities)
    suppressed = shot.suppressed if shot.suppressed is not None else firer.suppressed if firer is not None else 0
    move = (value("fire-on-the-move") or 0) if shot.fire_on_the_move else 0
    combat_part = combat_modifiers(ruleset, target.colour, combat, shot.bonuses, move, shot.suppressive, share)
    obscured = [(f"Obscured LoS at {list(square)}", penalty) for square, penalty in shot.obscured]
    long_range = shot.range > ruleset.long_range_beyond and value("hawkeye") is None  # Hawkeye: SoN p.17
    penalties = result_penalties(ruleset, suppressed, obscured, long_range, shot.penalties)
    defense, defense_modifiers = target_number(ruleset, target, shot.terrain, shot.facing)
    if shot.defense_bonuses:
        defense += sum(m.value for m in shot.defense_bonuses)
        defense_modifiers += shot.defense_bonuses
    own = shot.destruction if shot.destruction is not None else value("destruction") or 0
    destruction = own if shot.structure is not None else 0
    page = cite("suppressive-fire" if shot.suppressive else "fire")
    # Made without a frozen dataclass's setattr for each field: a policy aims thousands of
    # shots a play-out.
    return made(
        Aim,
        dice=2 if dual else 1,
        combat=combat_part,
        penalties=penalties,
        defense=defense,
        defense_modifiers=defense_modifiers,
        suppressive=shot.suppressive,
        frightening=frightening,
        piercing=piercing,
        destruction=destruction,
        page=page,
    )


def _check_target(shot: Shot, ruleset: Ruleset) -> None:
    """A target that may be fired at: not concealed (HoN core p.21), not inside a vehicle
    (p.27), within the range night or fog allows. "A concealed unit may not be the target of
    a Firing Action" (p.21): an attack no unit fires (a Mine marker's, BfC p.09) strikes it."""
    target, cite = shot.target, ruleset.cite
    if target.concealed and shot.firer is not None:
        raise IllegalAttack(Code.CONCEALED, f"{name(target)} is concealed and may not be targeted", cite("ambush"))
    if target.embarked_in is not None:
        raise IllegalAttack(
            Code.EMBARKED, f"{name(target)} is inside a vehicle and may not be targeted", cite("transport")
        )
    if shot.range < 1:
        raise RulesError(Code.BAD_COUNT, "the range counts the target's square, so it is at least 1")
    if ruleset.max_range is not None and shot.range > ruleset.max_range and not shot.free_of_range:
        raise IllegalAttack(
            Code.OUT_OF_RANGE, f"night or fog limits shots to {ruleset.max_range} squares", cite("night")
        )


def _combat_value(shot: Shot, ruleset: Ruleset) -> tuple[int, Callable[[str], int | None]]:
    """The combat value the shot fires with against the target's defense colour (X may not
    fire, HoN core p.14), and the value of each ability that goes with it: none for an
    Alternate Firing Action, which brings its own value (p.14)."""
    target, firer = shot.target, shot.firer
    if shot.combat is not None:
        return shot.combat, _NO_ABILITIES.get
    if firer is None:
        raise RulesError(Code.NO_SHOT, "a shot needs a firing piece or an explicit combat value")
    values, value = _values(shot, firer, ruleset)
    found = values.against(target.colour)
    if found is None:
        raise IllegalAttack(
            Code.COMBAT_VALUE_X,
            f"{name(firer)} has X against {target.colour.shield} defense",
            ruleset.cite("attack-type"),
        )
    return found, value


def _declared(value: Callable[[str], int | None], given: bool | None, ability: str, cite: Callable[[str], str]) -> bool:
    """Whether the shot uses `ability`: as `given` when declared, refused when the firer has
    it not; else whether it has it."""
    has = value(ability) is not None
    if given and not has:
        raise IllegalAttack(Code.NO_ABILITY, f"the firer has no {ability.replace('-', ' ')} ability", cite(ability))
    return has if given is None else given


def _check_declared(shot: Shot, value: Callable[[str], int | None], cite: Callable[[str], str]) -> None:
    """The shot's range within a Limited Range, and the abilities it is declared with: Fire
    on the Move (HoN core p.23) and Suppressive Fire (p.24), which an Alternate Firing Action
    needs not have; a Machine Gunner's split and Opportunity Fire (`_check_split`,
    `_check_opportunity`)."""
    limit = value("limited-range")
    if limit and shot.range > limit and not shot.free_of_range:
        raise IllegalAttack(
            Code.OUT_OF_RANGE, f"Limited Range {limit}: the target is {shot.range} squares away", cite("limited-range")
        )
    if shot.fire_on_the_move:
        _declared(value, True, "fire-on-the-move", cite)
    if shot.suppressive and shot.combat is None:
        _declared(value, True, "suppressive-fire", cite)
    if shot.machine_gunner_share is not None:
        _check_split(shot, shot.machine_gunner_share, value, cite)
    if shot.opportunity:
        _check_opportunity(shot, value, cite)


def _check_split(shot: Shot, share: int, value: Callable[[str], int | None], cite: Callable[[str], str]) -> None:
    """Machine Gunner (HoN core p.24): each shot of the split gets at least +1, and never
    with a Frightening Shot."""
    if shot.combat is None:
        _declared(value, True, "machine-gunner", cite)
    if share < 1:
        raise IllegalAttack(
            Code.MACHINE_GUNNER_SHARES, "each Machine Gunner shot gets at least +1", cite("machine-gunner")
        )
    if shot.frightening_shot:
        raise IllegalAttack(
            Code.NOT_COMBINED, "Frightening Shot may not be used with Machine Gunner", cite("frightening-shot")
        )


def _check_opportunity(shot: Shot, value: Callable[[str], int | None], cite: Callable[[str], str]) -> None:
    """Opportunity Fire (HoN core p.24): by a unit with the ability (or from a position that
    gives it) not yet activated."""
    if not shot.position_opportunity:
        _declared(value, True, "opportunity-fire", cite)
    if shot.firer is None or shot.firer.activated:
        raise IllegalAttack(
            Code.ALREADY_ACTIVATED, "only a unit not yet activated may take Opportunity Fire", cite("opportunity-fire")
        )
