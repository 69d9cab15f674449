"""Gear markers spent in play (HoN core p.28-31; BfC p.08-09): the firing markers' Alternate
Firing Actions (Panzerfaust, Bazooka, PIAT, Sticky Bomb, Magnetic Mine, Grenade, Rifle
Grenade) and the bombs' explosion at the end of the Supply Phase. The markers spent on
someone's roll are in gear.defence (Life Point, Additional Shielding, the Recce Gear's Ammo)
and gear.veteran (Veteran).

Each marker spent is told by a GearEvent with its page, before what it does."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from builder.heroes.rules.action_cards import battle_events
from builder.heroes.rules.actions import firing, opportunity_fire, template_fire
from builder.heroes.rules.actions.legality import allowed
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.combat import FiredBy, GearUse, Laid
from builder.heroes.rules.events.game import FireEvent, GearEvent, TemplateEvent
from builder.heroes.rules.gear import defence, veteran
from builder.heroes.rules.gear.markers import (
    GEAR_WEAPONS,
    Delivery,
    GearFire,
    GearThrow,
    GearWeapon,
    GrenadeInto,
    PlantedBomb,
)
from builder.heroes.rules.geometry.grid import Point, corners, range_between
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution import hits, templates
from builder.heroes.rules.resolution.aiming import struck_facing
from builder.heroes.rules.resolution.combat import IllegalAttack, Shot, name, refusal
from builder.heroes.rules.resolution.cover import cover
from builder.heroes.rules.resolution.firing_roll import FireResult, fire
from builder.heroes.rules.resolution.templates import (
    TemplateKind,
    check_template,
    covered,
    explosion_squares,
    interspace_range,
    lay_template,
    scatter,
)
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.scenario.battlefield import PlacedElement

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


THROWN = (Delivery.GRENADE, Delivery.INDIRECT)  # the markers of a thrown template (HoN core p.29)


def article(thing: str) -> str:
    """ "a Grenade", "an Offensive Grenade"."""
    return f"{'an' if thing[:1] in 'AEIOU' else 'a'} {thing}"


def gear_weapon(marker: str, kinds: tuple[Delivery, ...], page: str) -> GearWeapon:
    """The firing marker `marker`, when it delivers one of `kinds`; else IllegalAttack."""
    weapon = GEAR_WEAPONS.get(marker)
    if weapon is None or weapon.delivery not in kinds:
        raise IllegalAttack(Code.NOT_THIS_MARKER, f"{marker!r} is not a marker for this Alternate Firing Action", page)
    return weapon


def gear_shot(
    state: GameState, firer: Piece, target: Piece, weapon: GearWeapon, occupancy: Occupancy | None = None
) -> Shot | None:
    """The Alternate Firing Action a firing marker makes at `target` from where both stand, or
    None: X against its colour, beyond the marker's range in squares, no line of sight."""
    value = weapon.combat.against(target.colour)
    if value is None or not firer.squares or not target.squares:
        return None
    if range_between(firer.squares, target.squares) > weapon.reach:
        return None
    (shot,) = firing.shots_at(state, firer, target, (None,), occupancy, combat=value)
    return None if shot is None else replace(shot, destruction=weapon.destruction)


def throw_check(
    state: GameState, firer: Piece, weapon: GearWeapon, at: Point, occupancy: Occupancy | None = None
) -> tuple[TemplateKind, bool]:
    """Check a Grenade or Rifle Grenade thrown at the interspace `at` (HoN core p.23, p.29):
    infantry only, within the marker's interspaces, never into a building from outside, a
    Rifle Grenade (Indirect Fire) not from inside a building. Its template and whether it
    scatters: a Rifle Grenade does unless the thrower sees the interspace clearly (p.23)."""
    squares = [sq for sq in sorted(explosion_squares(at)) if sq in state.battlefield.squares]
    if not squares or not firer.squares:
        raise IllegalAttack(Code.NO_SHOT, f"no throw from {name(firer)} at interspace {list(at)}", weapon.page)
    reach = interspace_range(firer.squares, at)
    inside = {template_fire.building_key(state, sq) for sq in explosion_squares(at)}
    into_building = len(inside) == 1 and None not in inside
    if weapon.delivery is Delivery.GRENADE:
        check_template(TemplateKind.GRENADE, state.ruleset, firer, reach, weapon.reach)
        if into_building:
            raise IllegalAttack(
                Code.NOT_BY_AN_OPENING, "a grenade goes into a building only by its opening", weapon.page
            )
        return TemplateKind.GRENADE, False
    if not firer.is_infantry:
        raise IllegalAttack(Code.NOT_INFANTRY, f"{name(firer)} is not infantry", weapon.page)
    in_building = any(template_fire.building_at(state, sq) is not None for sq in firer.squares)
    check_template(
        TemplateKind.INDIRECT,
        state.ruleset,
        firer,
        reach,
        weapon.reach,
        firer_in_building=in_building,
        into_building=into_building,
    )
    seen = occupancy if occupancy is not None else Occupancy(state.pieces.values())
    clear = any(line_of_sight(state.battlefield, seen, firer, sq, state.ruleset).clear for sq in squares)
    return TemplateKind.INDIRECT, not clear


def _revealed(turn: Turn, firer: Piece) -> Piece:
    """A concealed unit that takes a Firing Action, Alternate ones included, turns over onto
    its Inactive Side (HoN core p.21)."""
    if not firer.concealed:
        return firer
    turned = replace(firer, side_index=1 - firer.side_index)
    turn.state.pieces[firer.key] = turned
    return turned


def spend_marker(
    turn: Turn, piece: Piece, marker: str, page: str, use: GearUse, count: int = 1, **facts: Any
) -> GearPool:
    """Spend `count` markers of `marker` for `piece`, told with the page, what for (`use`) and
    its `facts` (the GearEvent's fields): one a unit of the option's tile may use (HoN core
    p.28), or IllegalAttack."""
    pool = turn.state.gear_for(piece, marker)
    if pool is None or pool.count < count:
        raise IllegalAttack(Code.NO_MARKER, f"{name(piece)} has no {marker.replace('-', ' ')} marker to spend", page)
    turn.state.spend(pool, count)
    turn.add(
        GearEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            marker=marker,
            unit=piece.key,
            spent=count,
            left=pool.count,
            use=use,
            source=pool.source,
            page=page,
            **facts,
        )
    )
    return pool


def _markers(state: GameState, piece: Piece, kinds: tuple[Delivery, ...]) -> list[str]:
    """The firing markers delivering one of `kinds` the unit has one of left to spend."""
    if not piece.squares:
        return []
    return sorted(m for m, w in GEAR_WEAPONS.items() if w.delivery in kinds and state.gear_for(piece, m) is not None)


def _spendable(state: GameState, piece: Piece, marker: str, kinds: tuple[Delivery, ...], page: str) -> GearWeapon:
    """The firing marker `marker` delivering one of `kinds`, one of which the unit may spend;
    else IllegalAttack (`gear_weapon`, `spend_marker`)."""
    weapon = gear_weapon(marker, kinds, page)
    if state.gear_for(piece, marker) is None:
        raise IllegalAttack(
            Code.NO_MARKER, f"{name(piece)} has no {marker.replace('-', ' ')} marker to spend", weapon.page
        )
    return weapon


def gear_fires(state: GameState, firer: Piece) -> Iterator[GearFire]:
    """A firing marker's Alternate Firing Action (HoN core p.28-31; BfC p.08): each
    Panzerfaust, Bazooka, PIAT, Sticky Bomb or Magnetic Mine the unit may spend, at each
    enemy it has a shot at with it (`gear_shot`)."""
    occupancy = Occupancy(state.pieces.values())
    for marker in _markers(state, firer, (Delivery.SHOT, Delivery.BOMB)):
        weapon = GEAR_WEAPONS[marker]
        for target in sorted(state.enemies_of(firer.owner), key=lambda t: t.key):
            if gear_shot(state, firer, target, weapon, occupancy) is not None:
                yield GearFire(marker, target.key)


def gear_fire_refusal(state: GameState, firer: Piece, action: GearFire) -> Refusal | None:
    """Why the unit may not fire the marker at `action.target` (`check_gear_fire`), or None."""
    return refusal(lambda: check_gear_fire(state, firer, action))


def check_gear_fire(state: GameState, firer: Piece, action: GearFire) -> tuple[GearWeapon, Piece, Shot]:
    """The marker, its target and its shot, IllegalAttack when the rules refuse them: a
    firing marker for a unit it may spend, at an enemy unit it has a shot at with it (HoN
    core p.28)."""
    weapon = _spendable(state, firer, action.marker, (Delivery.SHOT, Delivery.BOMB), state.ruleset.cite("gear"))
    target = state.pieces.get(action.target)
    if target is None or target.is_wreck or target.allegiance == firer.allegiance:
        raise IllegalAttack(
            Code.NO_TARGET, f"no enemy unit {action.target!r} to fire the {weapon.name} at", weapon.page
        )
    shot = gear_shot(state, firer, target, weapon)
    if shot is None:
        raise IllegalAttack(
            Code.NO_SHOT,
            f"{name(firer)} has no {weapon.name} shot at {name(target)} (range {weapon.reach} squares, "
            "line of sight, values)",
            weapon.page,
        )
    return weapon, target, shot


def gear_fire(turn: Turn, firer: Piece, action: GearFire) -> None:
    """A firing marker's Alternate Firing Action at a unit, one marker (HoN core p.28): a
    shot with the marker's values and Destruction, or a bomb put on the unit that explodes
    at the end of the Supply Phase (p.29)."""
    weapon, target, shot = check_gear_fire(turn.state, firer, action)
    firer = _revealed(turn, firer)
    shot = replace(shot, firer=firer)
    if weapon.delivery is Delivery.BOMB:
        spend_marker(turn, firer, weapon.marker, weapon.page, GearUse.BOMB, target=target.key)
        turn.state.bombs.append(PlantedBomb(weapon.marker, firer.owner, firer.key, target.key, turn.state.turn))
    else:
        spend_marker(turn, firer, weapon.marker, weapon.page, GearUse.ALTERNATE_FIRE, target=target.key)
        firing.shoot(turn, firer, shot, fired_by=FiredBy.GEAR, marker=weapon.marker, by_page=weapon.page)
    opportunity_fire.watch(turn, firer.key)  # after its Firing Action (HoN core p.24)


def explode_bombs(turn: Turn) -> None:
    """The Sticky Bombs and Magnetic Mines explode at the end of the Supply Phase, with the
    marker's values against the unit they were put on, and no area of effect (HoN core
    p.29). hon's reading: the bomb stays on its unit wherever it went, strikes a heavy
    vehicle on the side its planter stood, and fizzles if the unit is gone."""
    bombs, turn.state.bombs = turn.state.bombs, []
    for bomb in bombs:
        target = turn.state.pieces.get(bomb.target)
        if target is None or target.is_wreck:
            continue
        weapon = GEAR_WEAPONS[bomb.marker]
        value = weapon.combat.against(target.colour)
        if value is None:
            continue
        planter = turn.state.pieces.get(bomb.planter)
        facing = struck_facing(target, planter.squares) if planter is not None and planter.squares else None
        if facing is None and target.side.defense is not None and target.side.defense.has_facings:
            facing = struck_facing(target, (target.squares[0],))
        shot = defence.shielded(
            turn, Shot(target=target, combat=value, facing=facing, terrain=cover(turn.state, target))
        )
        _shoot_as(turn, bomb.side, shot, weapon)


def _shoot_as(turn: Turn, side: str, shot: Shot, bomb: GearWeapon) -> None:
    """A shot with no firer on the battlefield (a bomb): resolved and told for `side`."""
    result = fire(
        shot,
        turn.dice,
        turn.state.ruleset,
        reroll=veteran.veteran_reroll(turn, None, shot),
        rerolls=veteran.veteran_rolls(turn, None, shot.target),
    )
    how = {"fired_by": FiredBy.BOMB, "marker": bomb.marker, "by_page": bomb.page}
    turn.add(FireEvent.of(result, turn.state.turn, turn.phase, side, **how))
    template_fire.after_fire(turn, result)


def gear_throws(state: GameState, firer: Piece) -> Iterator[GearThrow]:
    """A Grenade or Rifle Grenade marker thrown or fired (HoN core p.29; SoN p.16) where the
    rules allow it (`throw_check`): a representative set, the interspaces within the marker's
    reach at the corners of the enemies' squares (it may go on any other in reach)."""
    occupancy = Occupancy(state.pieces.values())
    for marker in _markers(state, firer, (Delivery.GRENADE, Delivery.INDIRECT)):
        weapon = GEAR_WEAPONS[marker]
        corners_of = {pt for e in state.enemies_of(firer.owner) for sq in e.squares for pt in corners(sq)}
        for at in sorted(pt for pt in corners_of if interspace_range(firer.squares, pt) <= weapon.reach):
            if refusal(partial(throw_check, state, firer, weapon, at, occupancy)) is None:
                yield GearThrow(marker, at)


def gear_throw_refusal(state: GameState, firer: Piece, action: GearThrow) -> Refusal | None:
    """Why the unit may not throw or fire the marker at the interspace, or None: a Grenade or
    Rifle Grenade it may spend, thrown as `throw_check` allows (HoN core p.29)."""
    page = state.ruleset.cite("grenade")
    return refusal(lambda: throw_check(state, firer, _spendable(state, firer, action.marker, THROWN, page), action.at))


def gear_throw(turn: Turn, firer: Piece, action: GearThrow) -> None:
    """A Grenade (2 interspaces, never scattering) or a Rifle Grenade (7 interspaces, with
    Indirect Fire: it scatters unless the thrower sees the interspace clearly) thrown at
    an interspace: every unit even partly under the template is attacked with the
    marker's values, each on its own; units in a building the template is outside of are
    sheltered (HoN core p.23, p.29). Into a building or a defensive position: `grenade_into`."""
    state = turn.state
    weapon = _spendable(state, firer, action.marker, THROWN, state.ruleset.cite("grenade"))
    kind, scattering = throw_check(state, firer, weapon, action.at)
    firer = _revealed(turn, firer)
    thrown = weapon.delivery is Delivery.GRENADE  # a Rifle Grenade is fired from the rifle
    spend_marker(
        turn, firer, weapon.marker, weapon.page, GearUse.THROWN_AT if thrown else GearUse.FIRED_AT, point=action.at
    )
    scattered = None
    lands = action.at
    if scattering:
        scattered = scatter(
            action.at, weapon.scatter, turn.dice, state.ruleset, rerolls=veteran.veteran_rolls(turn, firer)
        )
        lands = scattered.lands
    if thrown:
        lands = battle_events.return_to_sender(turn, firer, lands)  # the Return to Sender card (HoN core p.17)
    targets, sheltered = template_fire.template_targets(state, lands)
    area = explosion_squares(lands)
    turn.add(
        TemplateEvent(
            turn=state.turn,
            phase=turn.phase,
            side=firer.owner,
            rolls=(scattered.roll,) if scattered is not None else (),
            firer=firer.key,
            template=kind.value,
            at=action.at,
            lands=lands,
            squares=tuple(sorted(sq for sq in area if sq in state.battlefield.squares)),
            laid=Laid.THROWN if thrown else Laid.RIFLE_GRENADE,
            under=tuple(t.key for t in targets),
            page=weapon.page,
            marker=weapon.marker,
            **template_fire.scattering(scattered),
        )
    )
    result = lay_template(
        kind,
        weapon.combat,
        area,
        targets,
        turn.dice,
        state.ruleset,
        firer=firer,
        terrain=defence.shield_terrain(turn, weapon.combat, firer),
        sheltered=sheltered,
        scattered=scattered,
        reroll=lambda shot: veteran.veteran_reroll(turn, firer, shot),  # Veteran markers (HoN core p.30)
    )
    _blasted(turn, firer, weapon, result.attacks)


def grenades_into(state: GameState, firer: Piece) -> Iterator[GrenadeInto]:
    """A Grenade marker thrown into each building the thrower stands by an opening of (one
    option a building: every unit inside is under it), and onto each square of a defensive
    position next to it or of a trench within 2 squares (HoN core p.29; BfC p.06; SoN p.16)."""
    at = state.battlefield.element_at
    for marker in _markers(state, firer, (Delivery.GRENADE,)):
        near = {(c + dc, r + dr) for c, r in firer.squares for dc in range(-2, 3) for dr in range(-2, 3)}
        buildings: set[str] = set()
        for square in sorted(sq for sq in near if sq in at):
            element = at[square]
            if element.key in buildings:
                continue
            for action in allowed(state, firer, [GrenadeInto(square, marker)], grenade_into_refusal):
                yield action
                if element.effects.building:
                    buildings.add(element.key)


def grenade_into_refusal(state: GameState, firer: Piece, action: GrenadeInto) -> Refusal | None:
    """Why the unit may not throw the Grenade there (`check_grenade_into`), or None."""
    return refusal(lambda: check_grenade_into(state, firer, action))


def check_grenade_into(
    state: GameState, firer: Piece, action: GrenadeInto
) -> tuple[GearWeapon, PlacedElement, frozenset[Square]]:
    """The marker, the element and the squares the Grenade reaches, IllegalAttack when the
    rules refuse it: a Grenade marker it may spend, into a building or a defensive position
    as `templates.grenade_into` allows (HoN core p.29)."""
    weapon = _spendable(state, firer, action.marker, (Delivery.GRENADE,), state.ruleset.cite("grenade"))
    element = state.battlefield.element_at.get(action.square)
    if element is None:
        raise IllegalAttack(
            Code.NOT_A_BUILDING, f"no building or defensive position at {list(action.square)}", weapon.page
        )
    return weapon, element, templates.grenade_into(firer, element, action.square, state.ruleset)


def grenade_into(turn: Turn, firer: Piece, action: GrenadeInto) -> None:
    """A Grenade into a building by its opening (every unit inside) or onto a square of a
    defensive position next to the thrower (the explosion contained in it); no Defensive
    Bonus from the element against it (HoN core p.29)."""
    state = turn.state
    weapon, element, reached = check_grenade_into(state, firer, action)
    firer = _revealed(turn, firer)
    spend_marker(turn, firer, weapon.marker, weapon.page, GearUse.THROWN_INTO, element=element.key)
    targets = covered(reached, state.pieces.values())
    turn.add(
        TemplateEvent(
            turn=state.turn,
            phase=turn.phase,
            side=firer.owner,
            firer=firer.key,
            template=TemplateKind.GRENADE.value,
            at=action.square,
            lands=action.square,
            squares=tuple(sorted(reached)),
            laid=Laid.INTO_BUILDING,
            under=tuple(t.key for t in targets),
            page=weapon.page,
            marker=weapon.marker,
            element=element.key,
        )
    )
    result = lay_template(
        TemplateKind.GRENADE,
        weapon.combat,
        reached,
        targets,
        turn.dice,
        state.ruleset,
        firer,
        reroll=lambda shot: veteran.veteran_reroll(turn, firer, shot),  # Veteran markers (HoN core p.30)
    )
    _blasted(turn, firer, weapon, result.attacks)


def _blasted(turn: Turn, firer: Piece, weapon: GearWeapon, attacks: Sequence[FireResult]) -> None:
    """Each attack under a grenade's template, told and suffered in turn, a Life Point
    cancelling a hit first (BfC p.09; SoN p.16); after an Offensive Grenade each unit that
    survives receives a Suppressed marker (SoN p.16), then the enemy may take Opportunity
    Fire (HoN core p.24)."""
    for attack in attacks:
        kept = defence.life_points(turn, attack)
        target = kept.shot.target
        survives = weapon.suppresses and kept.target is not None and not kept.target.is_wreck
        how = {"marker": weapon.marker, "survives_page": weapon.page} if survives else {}
        turn.add(FireEvent.of(kept, turn.state.turn, turn.phase, firer.owner, **how))
        hits.hurt(turn, target, kept.target, kept.effect)
        after = turn.state.pieces.get(target.key)
        if survives and after is not None and not after.is_wreck:
            turn.state.pieces[target.key] = replace(after, suppressed=after.suppressed + 1)
    opportunity_fire.watch(turn, firer.key)  # after its Firing Action (HoN core p.24)
