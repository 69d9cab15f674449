"""Firing: which shots a unit has at a target, and the Firing Action resolved (HoN core p.12-15, p.24, p.28)."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING, Any

from builder.heroes.catalogue.units import Role, Weapon
from builder.heroes.rules.abilities import substitute
from builder.heroes.rules.abilities.ability import Hook
from builder.heroes.rules.abilities.equipment import ammo_cap, ammo_helps, ammo_pool, cited
from builder.heroes.rules.abilities.machine_gunner import machine_gunner_pool, split_machine_gunner
from builder.heroes.rules.abilities.registry import on_side
from builder.heroes.rules.action_cards import played
from builder.heroes.rules.actions import opportunity_fire, template_fire
from builder.heroes.rules.actions.defensive_positions import position_opportunity
from builder.heroes.rules.actions.kinds import MAX_AMMO, Fire
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.combat import FireNote, Watched
from builder.heroes.rules.events.game import FireEvent
from builder.heroes.rules.gear import defence, veteran
from builder.heroes.rules.gear.markers import recce_ammo_bonus
from builder.heroes.rules.geometry.los_terrain import blocked_by_terrain
from builder.heroes.rules.geometry.sightmap import Occupancy, sight_map
from builder.heroes.rules.geometry.squares import enemies_in_reach
from builder.heroes.rules.mythos import terror_markers
from builder.heroes.rules.mythos.roll_modifiers import defense_modifiers, roll_modifiers
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution import firing_roll, hits, vehicle_weapons
from builder.heroes.rules.resolution.aiming import aimed
from builder.heroes.rules.resolution.combat import Aim, FireOutcome, IllegalAttack, Shot, aim, name, take_hit
from builder.heroes.rules.resolution.cover import _shared_cover, cover, defender_bonus, line_bonus
from builder.heroes.rules.resolution.damage import DamageLocation, Effect, destroy
from builder.heroes.rules.resolution.firing_roll import FireResult
from builder.heroes.rules.resolution.structures import structure_of
from builder.heroes.rules.state import GameState
from builder.kernel.events import Modifier
from builder.kernel.frozen import made

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def one_weapon_only(piece: Piece) -> bool:
    """A heavy vehicle whose crew is hit fires only one of its weapons each turn, not both
    (HoN core p.15: the Crew damage marker)."""
    return DamageLocation.CREW in piece.damage and len(piece.side.weapons) > 1


def in_arc(firer: Piece, target_squares: tuple[Square, ...], weapon: Weapon | None) -> bool:
    """Whether a target lies inside a weapon's firing arc (HoN core p.14): "the line from the
    attacker to the target must extend between the two marks at each end of the firing arc".
    The arc is centred on the counter's front; the line runs from the counter's centre to the
    centre of any square of the target (the shortest line settles a doubt, p.14), and a line
    on a mark counts as inside. Without a limited arc every target is inside (360°)."""
    arc = weapon.arc if weapon is not None else None
    if arc is None or arc >= 360:
        return True
    cx = sum(c for c, _ in firer.squares) / len(firer.squares)
    cy = sum(r for _, r in firer.squares) / len(firer.squares)
    half = arc / 2 + 1e-9
    for tc, tr in target_squares:
        if (tc, tr) in firer.squares:
            continue
        bearing = math.degrees(math.atan2(tc - cx, cy - tr))  # 0 north, 90 east
        if abs((bearing - firer.facing * 45 + 180) % 360 - 180) <= half:
            return True
    return False


def weapons_of(piece: Piece) -> tuple[Weapon | None, ...]:
    """What a unit fires with: its combat values (None), or each of a vehicle's weapons, all
    of which it may use in one Firing Action (HoN core p.14)."""
    if piece.side.combat is not None or not piece.side.weapons:
        return (None,)
    return tuple(piece.side.weapons)


def aims_legally(state: GameState, firer: Piece, action: object, *, on_the_move: bool = False) -> bool:
    """Whether `action` is a Firing Action of `firer` whose every weapon is its own and aims at
    an enemy unit it may fire at now (HoN core p.13-14)."""
    if not isinstance(action, Fire) or not action.shots:
        return False
    own, occupancy = weapons_of(firer), Occupancy(state.pieces.values())
    for weapon, key in action.shots:
        target = state.pieces.get(key)
        if weapon not in own or target is None or target.is_wreck or target.allegiance == firer.allegiance:
            return False
        if shots_at(state, firer, target, (weapon,), occupancy, on_the_move=on_the_move)[0] is None:
            return False
    return True


def opportunity_fires(state: GameState, firer: Piece, target: Piece) -> tuple[Fire, ...]:
    """The Firing Actions `firer` may take as Opportunity Fire at `target` now (HoN core p.24):
    any of its weapons with a shot at it, together, one only when its crew is hit (p.15)."""
    weapons = weapons_of(firer)
    return tuple(_volleys(firer, target, weapons, shots_at(state, firer, target, weapons, opportunity=True)))


def fires(state: GameState, firer: Piece) -> Iterator[Fire]:
    """The Firing Actions the unit may take where it stands (HoN core p.12-14): at each enemy
    in range and sight, not concealed, any of its weapons with a shot at it, together."""
    weapons = weapons_of(firer)
    occupancy = Occupancy(state.pieces.values())
    reach = state.ruleset.max_range
    targets = state.enemies_of(firer.owner) if reach is None else enemies_in_reach(state, firer, reach)
    aiming = Aiming(state, firer, weapons, occupancy)
    for target in targets:
        aimed = aiming.at(target)
        yield from _volleys(firer, target, weapons, [a[0] if a is not None else None for a in aimed])


def moving_fires(state: GameState, firer: Piece) -> Iterator[Fire]:
    """Fire on the Move from where the unit stands (HoN core p.23): each weapon with the
    ability at each enemy in reach it has a shot at, one weapon a Firing Action (firing
    first, whatever Opportunity Fire does on the way, a single weapon may always fire)."""
    weapons = weapons_of(firer)
    occupancy = Occupancy(state.pieces.values())
    reach = state.ruleset.max_range
    targets = state.enemies_of(firer.owner) if reach is None else enemies_in_reach(state, firer, reach)
    for target in targets:
        shots = shots_at(state, firer, target, weapons, occupancy, on_the_move=True)
        for weapon, shot in zip(weapons, shots, strict=True):
            if shot is not None:
                yield Fire(((weapon, target.key),))


def _volleys(
    firer: Piece, target: Piece, weapons: tuple[Weapon | None, ...], shots: list[Shot | None]
) -> Iterator[Fire]:
    """Every set of the weapons with a shot at `target`, one only when the crew is hit (p.15)."""
    able = [weapon for weapon, shot in zip(weapons, shots, strict=True) if shot is not None]
    most = 1 if one_weapon_only(firer) else len(able)
    for size in range(1, most + 1):
        for chosen in combinations(able, size):
            yield Fire(tuple((weapon, target.key) for weapon in chosen))


def shot_at(
    state: GameState,
    firer: Piece,
    target: Piece,
    weapon: Weapon | None = None,
    occupancy: Occupancy | None = None,
    charge: bool = False,
) -> Shot | None:
    """The Firing Action `firer` could make at `target` from where both stand, or None when
    the rules forbid it (no line of sight, out of range, X against the colour…). Pass the
    `occupancy` when asking for many shots on one battlefield; `charge`: Charge's Firing
    Action, free of range restrictions (BfC p.08)."""
    return shots_at(state, firer, target, (weapon,), occupancy, charge=charge)[0]


def shots_at(
    state: GameState,
    firer: Piece,
    target: Piece,
    weapons: tuple[Weapon | None, ...],
    occupancy: Occupancy | None = None,
    *,
    charge: bool = False,
    on_the_move: bool = False,
    opportunity: bool = False,
    combat: int | None = None,
) -> list[Shot | None]:
    """`shot_at` for each of the firer's weapons, tracing the line of sight once; a weapon
    whose firing arc does not hold the target has none (HoN core p.14). `on_the_move`: Fire on
    the Move, only weapons with the ability (p.14, p.23); `opportunity`: Opportunity Fire (p.24);
    `combat`: an Alternate Firing Action's combat value (a gear marker's, HoN core p.28)."""
    aiming = Aiming(state, firer, weapons, occupancy, on_the_move=on_the_move)
    found = aiming.at(target, charge=charge, opportunity=opportunity, combat=combat)
    return [None if aimed is None else aimed[0] for aimed in found]


class Aiming:
    """One firer's shots at target after target (`at`), each with its `aim`, worked out to
    check it (a policy weighing the shot reads it there instead of aiming it again): what
    does not change from one target to the next (the sight map, whether the firer may fire
    at all, what it sees through) worked out once, for a policy weighing every enemy."""

    __slots__ = ("_occupancy", "_seen", "firer", "on_the_move", "silent", "smap", "squares", "state", "weapons")

    def __init__(
        self,
        state: GameState,
        firer: Piece,
        weapons: tuple[Weapon | None, ...],
        occupancy: Occupancy | None = None,
        *,
        on_the_move: bool = False,
    ) -> None:
        self.state, self.firer, self.weapons, self.on_the_move = state, firer, weapons, on_the_move
        self.smap = sight_map(state.battlefield)
        # Jury-rigged: its material no longer works (SoN p.17).
        self.silent = _no_fire_aboard(firer) or firer.key in state.mythos.jammed
        self.squares = frozenset(firer.squares)
        self._occupancy = occupancy
        self._seen: Occupancy | None = None

    def seen(self) -> Occupancy:
        """What the firer's lines of sight meet, made when a first line is traced."""
        if self._seen is None:
            state = self.state
            # "Infantry Units do not block LoS for embarked units" (HoN core p.27).
            if self.firer.embarked_in is not None:
                self._seen = Occupancy(p for p in state.pieces.values() if not p.is_infantry)
            else:
                self._seen = self._occupancy if self._occupancy is not None else Occupancy(state.pieces.values())
        return self._seen

    def at(
        self, target: Piece, *, charge: bool = False, opportunity: bool = False, combat: int | None = None
    ) -> list[tuple[Shot, Aim] | None]:
        """`shots_at` this target, each shot with its `aim`."""
        state, firer, weapons, smap = self.state, self.firer, self.weapons, self.smap
        if (
            self.silent
            or target.concealed
            or target.embarked_in is not None
            or target.is_wreck
            # The firer stands in one of the target's squares: a vehicle driving through an
            # infantry unit's square (HoN core p.10) while it may Fire on the Move (p.23). The
            # range counts the target's square and not the firer's (p.14), so it has no range
            # to that unit: the books are silent on such a shot; we take it that there is none.
            or not self.squares.isdisjoint(target.squares)
            or blocked_by_terrain(smap, firer, target, state.ruleset)
        ):
            return [None] * len(weapons)
        # The square aimed at, for the weakest facing of a heavy vehicle (HoN core p.13-14).
        sight, facing = aimed(smap, self.seen(), firer, target, state.ruleset)
        if sight.blocked:
            return [None] * len(weapons)
        terrain = 0 if _shared_cover(state, firer, target) else cover(state, target)
        terrain += line_bonus(state, firer, target, sight.lines)
        guarded = defender_bonus(state, target)
        # A unit inside a structure: a firer with Destruction rolls against it after (HoN core p.22).
        structure = structure_of(state.battlefield, target)
        points = state.structure_points.get(structure.key, 0) if structure is not None else 0
        found: list[tuple[Shot, Aim] | None] = []
        for weapon in weapons:
            if not in_arc(firer, target.squares, weapon):
                found.append(None)  # outside the weapon's firing arc (HoN core p.14)
                continue
            # Made without a frozen dataclass's setattr for each field: a policy weighing
            # every enemy makes one for each shot it has.
            shot = made(
                Shot,
                target=target,
                firer=firer,
                weapon=weapon,
                combat=combat,
                facing=facing,
                terrain=terrain,
                free_of_range=charge,
                defense_bonuses=guarded + defense_modifiers(state, target),
                obscured=(),
                range=sight.range,
                suppressed=None,
                bonuses=(),
                penalties=sight.modifiers + roll_modifiers(state, firer, target),
                suppressive=False,
                dual_weapon=None,
                fire_on_the_move=self.on_the_move,
                machine_gunner_share=None,
                frightening_shot=None,
                opportunity=opportunity,
                position_opportunity=opportunity and position_opportunity(state, firer, target),  # HoN core p.19
                piercing=None,
                structure=structure.effects.structure if structure is not None else None,
                structure_points=points,
                destruction=None,
            )
            plan = _aim_or_none(shot, state)
            found.append(None if plan is None else (shot, plan))
        return found


def _no_fire_aboard(firer: Piece) -> bool:
    """Heavy Weapon units (red outline) cannot fire from a vehicle unless they have Fire on
    the Move (HoN core p.27)."""
    return (
        firer.embarked_in is not None
        and firer.unit.role is Role.HEAVY_WEAPON
        and not firer.side.has("fire-on-the-move")
    )


def _aim_or_none(shot: Shot, state: GameState) -> Aim | None:
    try:
        return aim(shot, state.ruleset)
    except IllegalAttack:
        return None


def _damage_notes(firer: Piece, page: str) -> dict[str, Any]:
    """What a heavy vehicle's damage markers changed about its Firing Action (HoN core p.15):
    the FireEvent's `notes` and their page."""
    notes = [FireNote.PRIMARY_DESTROYED] if DamageLocation.PRIMARY in firer.damage else []
    if one_weapon_only(firer):
        notes.append(FireNote.ONE_WEAPON)
    return {"notes": tuple(notes), "notes_page": page} if notes else {}


def fire(turn: Turn, firer: Piece, action: Fire, on_the_move: bool = False, opportunity: Watched | None = None) -> None:
    """Each weapon at its target, resolved before the next is declared (HoN core p.14).
    Fire on the Move uses only the weapons with the ability, less its penalty (p.23);
    Opportunity Fire (`opportunity`: when it was taken) activates the firer (p.24). After a
    Firing Action (not after an Opportunity Fire: hon does not chain them) the enemy may take
    Opportunity Fire."""
    cite = turn.state.ruleset.cite
    problem = fire_refusal(turn.state, firer, action)
    if problem is not None:
        raise IllegalAttack(Code.MAY_NOT_FIRE, problem)
    shares = action.shares or (None,) * len(action.shots)
    if not all(a.may_fire(turn, firer) for a in on_side(firer.side, Hook.BEFORE_FIRING)):
        return  # Jury-rigged material broken (SoN p.17)
    bonuses = _ammo(turn, firer, action)
    _check_split(turn, firer, action, shares, on_the_move, bonuses)
    pool = ammo_pool(turn.state, firer) if action.ammo else None
    if pool is not None:
        turn.state.spend(pool, action.ammo)  # declared, checked: spent
    recce = defence.recce_ammo(turn, firer, action)  # Recce Gear Ammo, declared and spent (BfC p.09)
    fired = False
    for index, ((weapon, planned), share) in enumerate(zip(action.shots, shares, strict=True)):
        shooter = turn.state.pieces.get(firer.key)
        if shooter is None:
            continue
        if opportunity is not None:
            shooter = replace(shooter, activated=False)  # one Firing Action, all its weapons

        def shootable(at: Piece, by: Piece = shooter, weapon: Weapon | None = weapon) -> Shot | None:
            watched = opportunity is not None
            return shots_at(turn.state, by, at, (weapon,), on_the_move=on_the_move, opportunity=watched)[0]

        # Each weapon's target declared once the last is resolved (HoN core p.14).
        target_key = vehicle_weapons.declare(
            turn, shooter, weapon, planned, index > 0, action, lambda at: shootable(at) is not None
        )
        target = turn.state.pieces.get(target_key) if target_key is not None else None
        if target is None or target.is_wreck:
            continue
        shot = shootable(target)
        if shot is None:
            continue
        suppressive = weapon in action.suppressive
        extra = (bonuses if ammo_helps(pool, firer, weapon, target) else ()) + recce_ammo_bonus(recce, target)
        shot = replace(shot, suppressive=suppressive, machine_gunner_share=share, bonuses=shot.bonuses + extra)
        shot = terror_markers.signed_shot(turn, shot)  # Elder Signs at a Manifestation (SoN p.14)
        ammo = action.ammo if extra and target.is_infantry else 0
        how = _framing(turn, shot, opportunity, on_the_move, ammo) | _damage_notes(shooter, cite("damage"))
        shoot(turn, shooter, shot, **how)
        fired = True
    if fired and opportunity is None:
        opportunity_fire.watch(turn, firer.key)


def _framing(turn: Turn, shot: Shot, opportunity: Watched | None, on_the_move: bool, ammo: int) -> dict[str, Any]:
    """How a shot came, for its FireEvent: Opportunity Fire or Fire on the Move (HoN core
    p.23-24), Suppressive Fire, a Machine Gunner's share of its split (p.24), the `ammo`
    markers spent on it (p.28), each with its page."""
    cite = turn.state.ruleset.cite
    how: dict[str, Any] = {}
    if opportunity is not None:
        how["opportunity"] = opportunity
    elif on_the_move:
        how["on_the_move_page"] = cite("fire-on-the-move")
    if shot.suppressive:
        how["suppressive_page"] = cite("suppressive-fire")
    if shot.machine_gunner_share is not None:
        how |= {"share": shot.machine_gunner_share, "share_page": cite("machine-gunner")}
    if ammo:
        how |= {"ammo": ammo, "ammo_page": cite("gear")}
    return how


def shoot(turn: Turn, shooter: Piece, shot: Shot, **how: Any) -> None:
    """Resolve one shot, with the Alternate Bonuses and re-rolls its side plays on it (HoN
    core p.17), tell it (`how` it came and what followed: the FireEvent's fields) and put its
    effects on the battlefield, a Substitute taking the hit if one may (BfC p.08)."""
    side = shooter.owner
    shot = defence.shielded(turn, played.fire_bonus(turn, shooter, shot))  # Additional Shielding (BfC p.09)
    result = firing_roll.fire(
        shot,
        turn.dice,
        turn.state.ruleset,
        reroll=veteran.rerolls(turn, shooter, shot),
        rerolls=veteran.veteran_rolls(turn, shooter, shot.target),  # damage and destruction (HoN core p.30)
    )
    result = defence.life_points(turn, result)  # Life Point (BfC p.09)
    stand_in = _substitute_for(turn, result)
    told = result if stand_in is None else replace(result, effect=Effect.NONE, target=shot.target, damage=None)
    event = FireEvent.of(told, turn.state.turn, turn.phase, side, **how)
    if stand_in is None:
        turn.add(event)
        template_fire.after_fire(turn, result)
    else:
        _stand_in(turn, event, result, stand_in)


def _substitute_for(turn: Turn, result: FireResult) -> Piece | None:
    """The Substitute its side chooses to suffer a hit on a Heavy Weapon (BfC p.08, substitute.py)."""
    if result.outcome not in (FireOutcome.HIT, FireOutcome.DOUBLE_HIT):
        return None
    double = result.outcome is FireOutcome.DOUBLE_HIT
    return substitute.stand_in_for(turn, result.shot.target, result.effect.destroyed, double)


def _stand_in(turn: Turn, event: FireEvent, result: FireResult, stand_in: Piece) -> None:
    """The Substitute suffers the hit (a double hit destroys it) and the Heavy Weapon none."""
    if result.outcome is FireOutcome.DOUBLE_HIT:
        effect, after = destroy(stand_in)
    else:
        effect, after, _ = take_hit(stand_in, turn.dice, turn.state.ruleset)
    taken = {"substitute": stand_in.key, "substitute_effect": effect, "substitute_page": "BfC p.08"}
    turn.add(event.model_copy(update=taken))
    if result.firer is not None:
        turn.state.pieces[result.firer.key] = result.firer
    hits.hurt(turn, stand_in, after, effect)
    template_fire.shot_destruction(turn, result)


def fire_refusal(state: GameState, firer: Piece, action: Fire) -> Refusal | None:
    """Why `firer` may not declare this Firing Action, or None: one weapon only when its crew
    is hit (HoN core p.15), a Machine Gunner's share for each shot or none (p.24), the Ammo
    markers it spends (p.28). Whether each weapon has its shot is judged as it fires: one
    that has none then does not fire (`fire`)."""
    weapons: list[Weapon | None] = []
    for weapon, _ in action.shots:
        if weapon not in weapons:
            weapons.append(weapon)
    cite = state.ruleset.cite
    if one_weapon_only(firer) and len(weapons) > 1:
        return Refusal(Code.ONE_WEAPON_ONLY, cite("damage"), unit=firer.key, value=len(weapons))
    if action.shares and len(action.shares) != len(action.shots):
        return Refusal(Code.MACHINE_GUNNER_SHARES, cite("machine-gunner"), unit=firer.key, value=len(action.shares))
    if not action.ammo:
        return None
    pool = ammo_pool(state, firer)
    cap = MAX_AMMO if pool is None else ammo_cap(pool)  # SoN p.16: as many as you want
    if action.ammo < 0 or action.ammo > cap:
        return Refusal(Code.MARKER_COUNT, cite("gear"), unit=firer.key, other="Ammo", value=action.ammo, limit=cap)
    if pool is None or pool.count < action.ammo:
        return Refusal(Code.NO_MARKER, cite("gear"), unit=firer.key, other="Ammo", value=action.ammo)
    return None


def _ammo(turn: Turn, firer: Piece, action: Fire) -> tuple[Modifier, ...]:
    """The Ammo markers the action spends, as a bonus on the combat value against infantry:
    declared before the action, so spent even if no shot uses them (HoN core p.28); checked
    by `fire_refusal`."""
    pool = ammo_pool(turn.state, firer)
    if not action.ammo or pool is None:
        return ()
    page = turn.state.ruleset.cite("gear")
    label = "Ammo" if action.ammo == 1 else f"Ammo x{action.ammo}"
    return (Modifier(f"{label} ({pool.source})", action.ammo, cited(pool, page)),)


def _check_split(
    turn: Turn,
    firer: Piece,
    action: Fire,
    shares: tuple[int | None, ...],
    on_the_move: bool,
    bonuses: tuple[Modifier, ...] = (),
) -> None:
    """A Machine Gunner's shares: targets of one type, each within 2 squares of another,
    at least +1 each, adding up to its modified combat value (HoN core p.24)."""
    split = [(w, k, n) for (w, k), n in zip(action.shots, shares, strict=True) if n is not None]
    page = turn.state.ruleset.cite("machine-gunner")
    for weapon in {id(w): w for w, _, _ in split}.values():
        mine = [(k, n) for w, k, n in split if w is weapon]
        targets = [turn.state.pieces[k] for k, _ in mine]
        shot = shots_at(turn.state, firer, targets[0], (weapon,), on_the_move=on_the_move)[0]
        if shot is None:
            raise IllegalAttack(Code.NO_SHOT, f"no shot at {name(targets[0])}", page)
        extra = bonuses if targets[0].is_infantry else ()
        shot = replace(shot, suppressive=weapon in action.suppressive, bonuses=shot.bonuses + extra)
        pool = machine_gunner_pool(shot, turn.state.ruleset)
        split_machine_gunner(pool, targets, [n for _, n in mine], turn.state.ruleset)
