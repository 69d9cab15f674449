"""The simple policy's gear markers (HoN core p.28-31; BfC p.08-09): when it spends a firing
marker instead of an ordinary Firing Action, rerolls with a Veteran marker, shields a vehicle,
spends the Recce Gear's Ammo, and moves with Fuel, a Tactical Map or Passage markers. (A Life
Point is always discarded when it may be: the rules core does it, builder.heroes.rules.gear.alternate_fire.)

Markers are few (2 or 3 a game), so a firing marker is spent only when its Alternate Firing
Action promises at least GEAR_THRESHOLD expected hits (officers and heroes weighing more) and
GEAR_MARGIN more than the unit's best ordinary Firing Action: an anti-tank marker against a
vehicle the unit's own values cannot touch, a grenade into a crowd."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.ai import movement
from builder.heroes.ai.common import FAR, _worth, first
from builder.heroes.ai.movement import placed
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.kinds import Action, Fire, Hold, Move
from builder.heroes.rules.events.game import HoldReason
from builder.heroes.rules.gear.alternate_fire import gear_shot, throw_check
from builder.heroes.rules.gear.fuel_and_map import gear_reach, map_for
from builder.heroes.rules.gear.hedgerow_cutter import passage_markers
from builder.heroes.rules.gear.markers import (
    GEAR_WEAPONS,
    MAX_IDENTICAL,
    SHIELDING_BONUS,
    Delivery,
    GearFire,
    GearMove,
    GearThrow,
    GearWeapon,
    GrenadeInto,
)
from builder.heroes.rules.geometry.grid import Point, corners, neighbours, range_between
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import STEPS, Piece, Square
from builder.heroes.rules.resolution.assault_roll import Assault, AssaultOutcome
from builder.heroes.rules.resolution.combat import Aim, Facing, FireOutcome, IllegalAttack, Shot, aim
from builder.heroes.rules.resolution.cover import cover
from builder.heroes.rules.resolution.odds import expected_hits, odds_of_aim, odds_of_assault
from builder.heroes.rules.resolution.templates import (
    SCATTER_DIRECTIONS,
    covered,
    explosion_squares,
    grenade_into,
    interspace_range,
    takes_grenades,
)
from builder.heroes.rules.state import GameState
from builder.kernel.events import Modifier, Roll

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy

GEAR_THRESHOLD = 0.3  # expected hits a firing marker must promise
GEAR_MARGIN = 0.5  # … more than the unit's best ordinary Firing Action
VETERAN_ODDS = 1 / 3  # the chance a reroll must give of turning one's miss into a hit
# The gain in the chance of winning the initiative a reroll must bring: the other side may answer
# with its own markers, and a lower bar spent both sides' markers trading one turn's first move.
INITIATIVE_GAIN = 1 / 2
SHIELD_GAIN = 0.15  # the chance of being hit Additional Shielding must take away
MAP_GAIN = 2  # squares nearer its goal a Tactical Map must bring a unit


def _hit_chance(plan: Aim) -> float:
    odds = odds_of_aim(plan).exact()
    return float(odds.get("hit", 0) + odds.get("double", 0))


def with_movement_gear(policy: SimplePolicy, state: GameState, piece: Piece, advance: Action) -> Action:
    """Movement gear on the unit's advance: a Tactical Map (BfC p.09) when ignoring the
    Difficult Passages, or Passage markers (HoN core p.28) when driving through the
    hedgerows, bring it MAP_GAIN squares nearer its goal; else the fewest Fuel markers
    (BfC p.09) that bring it onto its goal when its own Movement Value cannot."""
    if not isinstance(advance, (Move, Hold)) or (
        isinstance(advance, Hold) and advance.why is not HoldReason.NO_BETTER_SQUARE
    ):
        return advance
    fuel = state.gear_for(piece, "fuel") if piece.is_vehicle else None
    cutter = state.gear_for(piece, "passage") if piece.type is UnitType.HEAVY_VEHICLE else None
    options: list[tuple[int, bool, bool]] = [(0, True, False)] if map_for(state, piece) is not None else []
    options += [(0, False, True)] if cutter is not None else []
    options += [(n, False, False) for n in range(1, min(MAX_IDENTICAL, fuel.count) + 1)] if fuel is not None else []
    goals = (movement.exits_for(state, piece) or movement.goal_squares(state, piece.owner)) if options else frozenset()
    if not goals:
        return advance
    distances = movement.goal_distances(policy, state, piece, goals)

    def gap(squares: tuple[Square, ...]) -> int:
        """Steps to the goal; a square the unit may not enter yet (a hedgerow), one more
        than its best neighbour."""
        return min(
            distances[sq] if sq in distances else 1 + min(distances.get(n, FAR) for n in neighbours(sq))
            for sq in squares
        )

    now = gap(advance.path.destination.squares if isinstance(advance, Move) else piece.squares)
    for count, tactical, passage in options:
        reach = gear_reach(state, piece, count, tactical, passage)
        scores = {p: (gap(p.squares), reach.cost(p)) for p in reach}
        best = policy.best_of(scores, scores.__getitem__, placed)
        after = gap(best.squares)
        if passage and cutter is not None and cutter.count < passage_markers(state.battlefield, reach[best]):
            continue
        if ((tactical or passage) and now - after >= MAP_GAIN) or (count and after == 0 < now):
            return GearMove(Move(reach[best]), fuel=count, tactical_map=tactical, passage=passage)
    return advance


def gear_alternate(
    policy: SimplePolicy, state: GameState, piece: Piece, occupancy: Occupancy, worth: float
) -> tuple[float, Action] | None:
    """The best Alternate Firing Action a firing marker of the unit offers, by expected
    hits (of those alike, one drawn), when it is worth a marker (see the module)."""
    offers: list[tuple[float, Action]] = []
    markers = sorted({g.marker for g in state.gear if g.marker in GEAR_WEAPONS and g.count > 0 and g.serves(piece)})
    for marker in markers:
        weapon = GEAR_WEAPONS[marker]
        if weapon.delivery in (Delivery.SHOT, Delivery.BOMB):
            found = _gear_shots(policy, state, piece, weapon, occupancy)
        else:
            found = _gear_throws(policy, state, piece, weapon, occupancy)
            into = _grenades_into(policy, state, piece, weapon) if weapon.delivery is Delivery.GRENADE else None
            if into is not None:
                offers.append(into)
        if found is not None:
            offers.append(found)
    if not offers:
        return None
    best = policy.best_of(enumerate(offers), lambda o: -o[1][0], first)[1]
    return None if best[0] < max(GEAR_THRESHOLD, worth + GEAR_MARGIN) else best


def _gear_shots(
    policy: SimplePolicy, state: GameState, piece: Piece, weapon: GearWeapon, occupancy: Occupancy
) -> tuple[float, Action] | None:
    found: list[tuple[float, Action]] = []
    for target in state.enemies_of(piece.owner):
        if target.embarked_in is not None or target.concealed:
            continue
        shot = gear_shot(state, piece, target, weapon, occupancy)
        if shot is None:
            continue
        try:
            found.append((expected_hits(shot, state.ruleset) * _worth(target), GearFire(weapon.marker, target.key)))
        except IllegalAttack:
            continue
    return _best(policy, found, lambda action: action.target if isinstance(action, GearFire) else "")


def _gear_throws(
    policy: SimplePolicy, state: GameState, piece: Piece, weapon: GearWeapon, occupancy: Occupancy
) -> tuple[float, Action] | None:
    """A Grenade or Rifle Grenade at an interspace at a corner of an enemy's square; its
    own side's units under the template count against it, and a Rifle Grenade that
    scatters is weighed over where it may land (HoN core p.23). An interspace that would do
    worse than the best so far even on target is not weighed further."""
    found: list[tuple[float, Action]] = []
    best = float("-inf")  # the most a throw weighed so far is worth
    near = {  # the corners of the enemies' squares, each weighed once below
        pt
        for e in state.enemies_of(piece.owner)
        if e.squares and range_between(piece.squares, e.squares) <= weapon.reach  # its nearest corner's
        for sq in e.squares
        for pt in corners(sq)
    }
    points = [pt for pt in near if interspace_range(piece.squares, pt) <= weapon.reach]
    if not points:
        return None  # no interspace in reach: no table of who stands where to build
    hits: dict[str, float] = {}  # expected hits on each unit, wherever the template lands
    standing: dict[Square, list[Piece]] = {}
    for other in state.pieces.values():
        for sq in other.squares:
            standing.setdefault(sq, []).append(other)
    buildings = _BUILDINGS(state.battlefield)
    for at in points:
        direct = _blast(state, piece, weapon, _under(at, buildings, standing), hits)
        if direct < best:
            continue  # on target it does worse: not worth the line of sight it would take
        try:
            _, scatters = throw_check(state, piece, weapon, at, occupancy)
        except IllegalAttack:
            continue
        value = direct
        if scatters and weapon.scatter:
            value = 2 / 6 * direct
            for direction in SCATTER_DIRECTIONS.values():
                dc, dr = STEPS[direction]
                lands = (at[0] + dc * weapon.scatter, at[1] + dr * weapon.scatter)
                value += _blast(state, piece, weapon, _under(lands, buildings, standing), hits) / 6
        found.append((value, GearThrow(weapon.marker, at)))
        best = max(best, value)
    return _best(policy, found, lambda action: action.at if isinstance(action, GearThrow) else (0, 0))


def _grenades_into(
    policy: SimplePolicy, state: GameState, piece: Piece, weapon: GearWeapon
) -> tuple[float, Action] | None:
    """A Grenade into a building or a defensive position holding enemies (HoN core p.29),
    by expected hits with no Defensive Bonus, its own side's units inside counting against."""
    found: list[tuple[float, Action]] = []
    at = state.battlefield.element_at
    hits: dict[str, float] = {}
    # Only squares of elements a grenade may go into: `grenade_into` refuses the others.
    squares = [sq for e in state.enemies_of(piece.owner) for sq in e.squares if sq in at and takes_grenades(at[sq])]
    for square in squares:
        element = at[square]
        try:
            reached = grenade_into(piece, element, square, state.ruleset)
        except IllegalAttack:
            continue
        value = _blast(state, piece, weapon, covered(reached, state.pieces.values()), hits, exposed=True)
        found.append((value, GrenadeInto(square, weapon.marker)))
    return _best(policy, found, lambda action: action.square if isinstance(action, GrenadeInto) else (0, 0))


def _best(
    policy: SimplePolicy, found: list[tuple[float, Action]], order: Callable[[Action], object]
) -> tuple[float, Action] | None:
    """The offer worth most (of those alike, one drawn, `order` giving them an order of
    their own), None without one."""
    return policy.best_of(found, lambda f: -f[0], lambda f: order(f[1])) if found else None


def with_recce_ammo(policy: SimplePolicy, state: GameState, piece: Piece, fire: Fire | None) -> Fire | None:
    """Spend one Recce Gear Ammo marker (BfC p.09) on a Firing Action at a vehicle."""
    if fire is None or state.gear_for(piece, "recce-ammo") is None:
        return fire
    if any(t in state.pieces and state.pieces[t].is_vehicle for _, t in fire.shots):
        return replace(fire, recce_ammo=1)
    return fire


def veteran(policy: SimplePolicy, state: GameState, piece: Piece, plan: Aim, roll: Roll, outcome: FireOutcome) -> bool:
    """Reroll one's own miss when the reroll hits at least VETERAN_ODDS of the time; reroll
    a double hit suffered always, a hit when a miss is likelier than a double (HoN core p.30)."""
    odds = odds_of_aim(plan).exact()
    miss, double = float(odds.get("miss", 0)), float(odds.get("double", 0))
    if outcome is FireOutcome.MISS:
        return not plan.suppressive and 1 - miss >= VETERAN_ODDS
    if outcome is FireOutcome.DOUBLE_HIT:
        return double < 1
    return outcome is FireOutcome.HIT and miss > double


def veteran_roll(
    policy: SimplePolicy, state: GameState, piece: Piece | None, kind: str, better: float, worse: float
) -> bool:
    """Reroll any other roll (damage, destruction, scatter, sniper) when the reroll betters
    one's lot at least VETERAN_ODDS of the time and more often than it worsens it (HoN core p.30);
    the initiative's only when it gains at least INITIATIVE_GAIN."""
    if kind == "initiative":
        return better >= INITIATIVE_GAIN and better > worse
    return better >= VETERAN_ODDS and better > worse


def veteran_assault(policy: SimplePolicy, state: GameState, piece: Piece, mine: Roll, theirs: Roll) -> bool:
    """Reroll one's own losing assault roll when the reroll beats (attacking) or holds
    (defending) the other's at least VETERAN_ODDS of the time (HoN core p.30)."""
    need = theirs.total + (1 if mine.kind == "assault-attack" else 0) - mine.modifier_total
    face = max(1, need)
    chance = 0.0 if face > 6 else 1 - ((face - 1) / 6) ** len(mine.dice)
    return chance >= VETERAN_ODDS


def shield_assault(policy: SimplePolicy, state: GameState, vehicle: Piece, assault: Assault) -> bool:
    """Spend Additional Shielding (BfC p.09) when +2 takes SHIELD_GAIN off the chance of losing."""
    bonus = Modifier("Additional Shielding", SHIELDING_BONUS, "BfC p.09")
    shielded = replace(assault, defender_bonuses=(*assault.defender_bonuses, bonus))
    before = float(dict(odds_of_assault(assault, state.ruleset).outcomes).get(AssaultOutcome.WIN.value, 0))
    after = float(dict(odds_of_assault(shielded, state.ruleset).outcomes).get(AssaultOutcome.WIN.value, 0))
    return before - after >= SHIELD_GAIN


def shield(policy: SimplePolicy, state: GameState, vehicle: Piece, shot: Shot) -> bool:
    """Spend Additional Shielding (BfC p.09) when +2 takes SHIELD_GAIN off the chance of a hit."""
    bonus = Modifier("Additional Shielding", SHIELDING_BONUS, "BfC p.09")
    try:
        before = _hit_chance(aim(shot, state.ruleset))
        after = _hit_chance(aim(replace(shot, defense_bonuses=(*shot.defense_bonuses, bonus)), state.ruleset))
    except (IllegalAttack, ValueError):
        return False
    return before - after >= SHIELD_GAIN


# The building (its element's key) each square of a battlefield belongs to.
_BUILDINGS: PerBattlefield[dict[Square, str]] = PerBattlefield(
    lambda field: {sq: e.key for e in field.elements if e.effects.building for sq in e.cells}
)


def _under(lands: Point, buildings: dict[Square, str], standing: dict[Square, list[Piece]]) -> list[Piece]:
    """`template_targets`' units under a template on `lands`, from the battlefield's building
    squares (square -> element key) and the pieces on each square, gathered once."""
    area = explosion_squares(lands)
    near = list({p.key: p for sq in area for p in standing.get(sq, ())}.values())
    if not near:
        return []
    inside = {buildings.get(sq) for sq in area}
    within = next(iter(inside)) if len(inside) == 1 else None
    sheltered = frozenset(sq for p in near for sq in p.squares if buildings.get(sq, within) != within)
    return covered(area, near, sheltered)


def _blast(
    state: GameState,
    thrower: Piece,
    weapon: GearWeapon,
    targets: list[Piece],
    hits: dict[str, float],
    exposed: bool = False,
) -> float:
    """Expected hits a gear template deals the units under it, its own side's counting against;
    `hits` keeps each unit's, the same wherever the template lands (no penalty applies);
    `exposed`: no Defensive Bonus (a grenade thrown into the element, HoN core p.29)."""
    total = 0.0
    for target in targets:
        if target.key not in hits:
            value = weapon.combat.against(target.colour)
            defense = target.side.defense
            facing = Facing.SIDE if defense is not None and defense.has_facings else None
            terrain = 0 if exposed else cover(state, target)
            shot = Shot(target=target, firer=thrower, combat=value, facing=facing, terrain=terrain)
            hits[target.key] = 0.0 if value is None else expected_hits(shot, state.ruleset) * _worth(target)
        total += -hits[target.key] if target.owner == thrower.owner else hits[target.key]
    return total
