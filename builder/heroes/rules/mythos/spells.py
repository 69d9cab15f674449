"""Spells (SoN p.14-15): only a Character casts them (the primary counter of the recruitment
tile holding the spell, p.4), during the Activation Phase with an Order token instead of a
Movement or Firing Action, and only with no Suppressed marker on it. Cast, successfully or
not, it takes the spell's penalty in Suppressed markers, one fewer with the Magician ability
(its own, or a Magician N's within N spaces; never more than one fewer, p.18) and one fewer
per Blood Sigil discarded (p.14). A spell with markers is cast at most as many times as it
has markers, until one is retrieved; those that say so move their one marker to the new
target instead (p.15).

The spells played, as p.15 prints them: Life Drain, Paralyze, Enchant Unit, Drowning, Rust,
Fog, Blessing of Hydra, Mythos Barrier and Blessing of the Black Sun (its flames:
mythos/black_sun.py). hon's readings: the ranges are counted as for a shot and need no line of sight
(the book's LoS icons are lost and each spell names only its distance); Drowning's attacks are
a die plus the bonus against the unit's defense value, with no terrain bonus (magic water, not
a shot through cover); a Mythos Barrier stops a Manifestation's Movement Action from entering
its space (hon has no underground movement)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from builder.heroes.army.resolve import ResolvedArmy
from builder.heroes.catalogue.recruitment import OptionKind, RecruitmentOption
from builder.heroes.catalogue.units import SideState
from builder.heroes.rules.abilities.standing_totems import totem_magician
from builder.heroes.rules.errors import Code
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.mythos.black_sun import BLACK_SUN
from builder.heroes.rules.mythos.state import Cast, KnownSpell, SpellMarker
from builder.heroes.rules.mythos.summoning import summon_at, summoned_by
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import IllegalAttack, Shot, name
from builder.heroes.rules.resolution.templates import FLAME_LENGTH
from builder.heroes.rules.ruleset import FOG
from builder.heroes.rules.state import GameState


class Aim(StrEnum):
    """What a spell is cast at (SoN p.15)."""

    INFANTRY = "infantry"
    VEHICLE = "vehicle"
    UNIT = "unit"
    SQUARE = "square"  # an adjacent space (Mythos Barrier)
    DIRECTION = "direction"  # a flame template laid from the caster (Blessing of the Black Sun)
    SUMMON = "summon"  # a creature put on spaces within reach (Summoning)
    NOTHING = "nothing"


@dataclass(frozen=True)
class SpellRule:
    """How one spell is played: what it targets and how far, and whether recasting it moves
    its marker rather than needing it back."""

    aim: Aim
    reach: int = 0  # spaces from the caster
    moves_marker: bool = False
    marker: bool = True  # whether it leaves a marker on its target


RULES: dict[str, SpellRule] = {
    "son-life-drain": SpellRule(Aim.INFANTRY, 3, marker=False),
    "son-paralyze": SpellRule(Aim.INFANTRY, 3, moves_marker=True),
    "son-enchant-unit": SpellRule(Aim.UNIT, 3, moves_marker=True),
    "son-drowning": SpellRule(Aim.INFANTRY, 3),
    "son-rust": SpellRule(Aim.VEHICLE, 5),
    "son-fog": SpellRule(Aim.NOTHING, marker=False),
    "son-blessing-of-hydra": SpellRule(Aim.UNIT, 3, moves_marker=True),
    "son-mythos-barrier": SpellRule(Aim.SQUARE, 1, moves_marker=True, marker=False),
    BLACK_SUN: SpellRule(Aim.DIRECTION, FLAME_LENGTH, marker=False),
}
SUMMON = SpellRule(Aim.SUMMON, marker=False)  # every tile naming a creature (SoN p.15)
DROWNING_ATTACKS = (2, 1)  # the bonus of the first attack, then of the Supply Phase's (SoN p.15)
ENCHANTED = 2  # Enchant Unit's Mythos Hunter, 1 after the first Supply Phase (SoN p.15)


def known_spells(resolved: ResolvedArmy, side: str) -> list[KnownSpell]:
    """The spells on the army's recruitment tiles and heroes."""
    return [
        KnownSpell(side, group.path, placed.option)
        for group in resolved.groups
        for placed in group.placed
        if placed.option is not None and placed.option.kind is OptionKind.SPELL
    ]


def spells_of(state: GameState, caster: Piece) -> list[KnownSpell]:
    """The spells this piece may cast: those of its tile, if it is the tile's Character."""
    if not caster.unit.is_character:
        return []
    return [k for k in state.mythos.spells if k.side == caster.owner and k.group == caster.group]


def magician_discount(state: GameState, caster: Piece) -> int:
    """1 when the caster is a Magician or stands within N spaces of a friendly Magician N
    (SoN p.18), else 0: never more than one Suppressed marker fewer."""
    if caster.side.has("magician") or totem_magician(state, caster):  # a Totem's Magician (SoN p.16)
        return 1
    for other in state.units(caster.owner):
        aura = other.side.ability_value("magician")
        if aura and range_between(caster.squares, other.squares) <= aura:
            return 1
    return 0


def penalty(state: GameState, caster: Piece, option: RecruitmentOption, sigils: int = 0) -> int:
    """The Suppressed markers the caster takes (SoN p.14, p.18)."""
    return max(0, (option.penalty or 0) - magician_discount(state, caster) - sigils)


def rule_of(option: RecruitmentOption) -> SpellRule | None:
    """How the spell is played; None: not by hon (a summoning tile naming no creature)."""
    if option.summons is not None:
        return SUMMON
    return RULES.get(option.id)


def markers_of(option: RecruitmentOption) -> int | None:
    """How many times the spell can be out at once: its markers, or its printed uses; None:
    no limit (SoN p.14)."""
    counted = sum(c.count for c in option.markers if c.id == option.id)
    return counted or option.uses


def group_key(spell: KnownSpell) -> str:
    return f"{spell.side}/{spell.group}"


def castable(state: GameState, caster: Piece, spell: KnownSpell) -> str | None:
    """Why `caster` may not cast `spell` now, or None when it may."""
    rule = rule_of(spell.option)
    if rule is None:
        return f"{spell.option.name} is not played by hon"
    if caster.suppressed:
        return "a Character with a Suppressed marker cannot cast a spell"
    limit = markers_of(spell.option)
    if rule.aim is Aim.SUMMON:
        out: list[object] = list(summoned_by(state, group_key(spell), spell.option.id))
    else:
        out = list(state.mythos.out(group_key(spell), spell.option.id))
    if limit is not None and len(out) >= limit and not rule.moves_marker:
        return f"all {limit} marker(s) of {spell.option.name} are in play"
    return None


def targets(state: GameState, caster: Piece, spell: KnownSpell) -> list[Piece]:
    """The units the spell may be cast at, nearest first."""
    rule = rule_of(spell.option)
    if rule is None or rule.aim in (Aim.NOTHING, Aim.SQUARE, Aim.DIRECTION, Aim.SUMMON):
        return []
    found = []
    for other in state.units():
        if other.embarked_in is not None or other.concealed:
            continue
        if rule.aim is Aim.INFANTRY and not other.is_infantry:
            continue
        if rule.aim is Aim.VEHICLE and not other.is_vehicle:
            continue
        if range_between(caster.squares, other.squares) <= rule.reach:
            found.append(other)
    return sorted(found, key=lambda p: (range_between(caster.squares, p.squares), p.key))


def check_cast(state: GameState, caster: Piece, action: Cast) -> KnownSpell:
    """The spell `action` casts, once checked against the rules; IllegalAttack otherwise."""
    page = state.ruleset.cite("spells")
    spell = next((k for k in spells_of(state, caster) if k.option.id == action.spell), None)
    if spell is None:
        raise IllegalAttack(
            Code.NOT_THE_CASTER, f"{name(caster)} is not the Character of a tile holding {action.spell}", page
        )
    why = castable(state, caster, spell)
    if why is not None:
        raise IllegalAttack(Code.MAY_NOT_CAST, why, page)
    rule = rule_of(spell.option)
    assert rule is not None  # castable
    reached = {t.key for t in targets(state, caster, spell)}
    if rule.aim is Aim.SQUARE:
        spot = action.at
        if spot is None or spot not in state.battlefield.squares or range_between(caster.squares, (spot,)) != 1:
            raise IllegalAttack(Code.NOT_ADJACENT, f"{spell.option.name} is cast on an adjacent space", page)
    elif rule.aim is Aim.SUMMON:
        spot = action.at
        if spot is None or summon_at(state, caster, spell.option, spot, action.facing or 0) is None:
            raise IllegalAttack(
                Code.NO_SUMMONING_SPACE,
                f"{spell.option.name} puts its creature on free spaces up to {spell.option.reach} away",
                page,
            )
    elif rule.aim is Aim.DIRECTION:
        if action.facing is None or action.facing not in range(8):
            raise IllegalAttack(
                Code.NOT_A_DIRECTION, f"{spell.option.name} is laid in one of the eight directions", page
            )
    elif rule.aim is not Aim.NOTHING and action.target not in reached:
        raise IllegalAttack(
            Code.OUT_OF_RANGE, f"{spell.option.name} reaches a {rule.aim.value} up to {rule.reach} spaces", page
        )
    if action.sigils:
        pool = state.gear_for(caster, "son-blood-sigil")
        if pool is None or pool.count < action.sigils:
            why = f"{name(caster)} has not {action.sigils} Blood Sigil(s)"
            raise IllegalAttack(Code.MAY_NOT_CAST, why, state.ruleset.cite("blood-sigil"))
    return spell


def drowning_attack(state: GameState, target: Piece, bonus: int) -> Shot:
    """A Drowning marker's attack: a die plus `bonus` against the unit's defense (SoN p.15)."""
    return Shot(target=target, combat=bonus, suppressed=0)


def restored(caster: Piece) -> Piece:
    """Life Drain: the caster back on its undamaged side, if it was damaged (SoN p.15)."""
    if caster.side.state is SideState.REDUCED and caster.unit.sides[0].state is SideState.UNHARMED:
        return replace(caster, side_index=0)
    return caster


def fogged(state: GameState) -> None:
    """Fog's rules for the rest of the game (SoN p.11, p.15); a night already stricter stays."""
    rules = state.ruleset
    if rules.max_range is None or rules.max_range > int(FOG["max_range"]):
        state.ruleset = replace(rules, **FOG)  # type: ignore[arg-type]


def marker_for(spell: KnownSpell, turn: int) -> SpellMarker:
    value = ENCHANTED if spell.option.id == "son-enchant-unit" else 0
    return SpellMarker(spell.option.id, group_key(spell), turn, value)
