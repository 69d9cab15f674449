"""Gear markers spent on someone's roll (BfC p.09): a Character's Life Point cancelling a hit
(a Firing Action's, a template's, the sniper's), Additional Shielding's +2 Defensive Bonus for
a vehicle (against a Firing Action, a template, a bomb or an assault), and the Recce Gear's
Ammo on a light vehicle's Firing Action. Each is declared before the roll it changes (HoN core
p.28), but the Life Point, discarded once the hit is suffered."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import CombatValues
from builder.heroes.rules.abilities import equipment
from builder.heroes.rules.abilities.equipment import cited
from builder.heroes.rules.actions.kinds import Fire
from builder.heroes.rules.decisions import Shielding, ShieldingAssault
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.gear import alternate_fire
from builder.heroes.rules.gear.markers import MAX_IDENTICAL, RECCE_PAGE, SHIELDING_BONUS
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.assault_roll import Assault
from builder.heroes.rules.resolution.combat import Facing, FireOutcome, IllegalAttack, Shot, name, take_hit
from builder.heroes.rules.resolution.cover import cover
from builder.heroes.rules.resolution.damage import Effect, suppress
from builder.heroes.rules.resolution.firing_roll import FireResult
from builder.heroes.rules.resolution.templates import SniperOutcome, SniperResult
from builder.kernel.decisions import YES_NO
from builder.kernel.events import Modifier

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def shielded(turn: Turn, shot: Shot) -> Shot:
    """Additional Shielding (BfC p.09): +2 Defensive Bonus to a vehicle, declared before
    the roll (HoN core p.28) by the vehicle's side when it wishes."""
    target = shot.target
    if not target.is_vehicle or not turn.asking or turn.state.gear_for(target, "additional-shielding") is None:
        return shot
    if not turn.ask(Shielding(side=target.owner, options=YES_NO, vehicle=target, shot=shot)):
        return shot
    alternate_fire.spend_marker(
        turn, target, "additional-shielding", RECCE_PAGE, GearUse.DEFENSIVE_BONUS, value=SHIELDING_BONUS
    )
    bonus = Modifier("Additional Shielding", SHIELDING_BONUS, RECCE_PAGE)
    return replace(shot, defense_bonuses=(*shot.defense_bonuses, bonus))


def shield_terrain(turn: Turn, combat: CombatValues, firer: Piece | None) -> Callable[[Piece], int]:
    """Each unit's defensive bonus under a template with these values: its terrain's, and
    Additional Shielding's +2 for a vehicle whose side spends it before the roll (BfC p.09)."""

    def terrain(target: Piece) -> int:
        base = cover(turn.state, target)
        value = combat.against(target.colour)
        if value is None or not target.is_vehicle:
            return base
        defense = target.side.defense
        facing = Facing.SIDE if defense is not None and defense.has_facings else None
        shot = Shot(target=target, firer=firer, combat=value, facing=facing, terrain=base)
        return base + (SHIELDING_BONUS if shielded(turn, shot) is not shot else 0)

    return terrain


def shielded_assault(turn: Turn, assault: Assault) -> Assault:
    """Additional Shielding's +2 Defensive Bonus on an assaulted vehicle's result, declared
    before the dice (BfC p.09; HoN core p.28), when its side wishes."""
    defender = assault.defender
    if not defender.is_vehicle or not turn.asking or turn.state.gear_for(defender, "additional-shielding") is None:
        return assault
    if not turn.ask(ShieldingAssault(side=defender.owner, options=YES_NO, vehicle=defender, assault=assault)):
        return assault
    alternate_fire.spend_marker(
        turn, defender, "additional-shielding", RECCE_PAGE, GearUse.DEFENSIVE_BONUS, value=SHIELDING_BONUS
    )
    bonus = Modifier("Additional Shielding", SHIELDING_BONUS, RECCE_PAGE)
    return replace(assault, defender_bonuses=(*assault.defender_bonuses, bonus))


def life_points(turn: Turn, result: FireResult) -> FireResult:
    """Life Point (BfC p.09; SoN p.16): a Character (in SoN any unit with them) discards one
    to cancel a Hit it just suffered, two for a double Hit; each missing marker is one
    regular Hit. Discarding can only help, so hon always does."""
    target = result.shot.target
    hits = {FireOutcome.HIT: 1, FireOutcome.DOUBLE_HIT: 2}.get(result.outcome, 0)
    pool = equipment.life_points(turn.state, target) if hits else None  # any unit's in SoN (SoN p.16)
    if pool is None:
        return result
    spent = min(hits, pool.count)
    alternate_fire.spend_marker(
        turn,
        target,
        pool.marker,
        cited(pool, RECCE_PAGE),
        GearUse.HITS_CANCELLED,
        spent,
        target=target.key,
        value=spent,
    )
    after: Piece | None = target
    effect = Effect.NONE
    for _ in range(hits - spent):
        effect, after, _ = take_hit(target, turn.dice, turn.state.ruleset)
    return replace(result, target=after, effect=effect, damage=None)


def life_point_sniped(turn: Turn, target: Piece, result: SniperResult) -> SniperResult:
    """Life Point (BfC p.09) against the Sniper's hit (HoN core p.24): the hit is cancelled;
    on a 6+ the Suppressed marker of a unit that survives stays."""
    hit = result.outcome in (SniperOutcome.HIT, SniperOutcome.HIT_AND_SUPPRESSED)
    pool = equipment.life_points(turn.state, target) if hit else None
    if pool is None:
        return result
    page = cited(pool, RECCE_PAGE)
    alternate_fire.spend_marker(turn, target, pool.marker, page, GearUse.SNIPER_HIT_CANCELLED, target=target.key)
    if result.outcome is SniperOutcome.HIT_AND_SUPPRESSED:
        return replace(result, target=suppress(target, 1), effect=Effect.SUPPRESSED, damage=None)
    return replace(result, target=target, effect=Effect.NONE, damage=None)


def recce_ammo(turn: Turn, firer: Piece, action: Fire) -> int:
    """Spend the Recce Gear Ammo markers the Firing Action declares (BfC p.09), up to 3
    (HoN core p.28), before any shot."""
    count = action.recce_ammo
    if not count:
        return 0
    if count < 0 or count > MAX_IDENTICAL:
        raise IllegalAttack(Code.MARKER_COUNT, f"1 to {MAX_IDENTICAL} Ammo markers on one Firing Action", RECCE_PAGE)
    pool = turn.state.gear_for(firer, "recce-ammo")
    if pool is None or pool.count < count:
        raise IllegalAttack(Code.NO_MARKER, f"{name(firer)} has not {count} Recce Ammo marker(s)", RECCE_PAGE)
    alternate_fire.spend_marker(turn, firer, "recce-ammo", RECCE_PAGE, GearUse.RECCE_AMMO, count)
    return count
