"""Destruction (HoN core p.18, p.22; SoN p.11, p.17): the Destruction dice a unit rolls at a
structure it fires at directly, at the structure a unit it assaults stands in, and at the
structures under its explosion template; and wrecks as structures.

"If a Structure, or a unit inside a Structure, is targeted by gear or a unit with this special
ability during a Firing Action or an Assault, the structure may suffer destruction points ...
Roll as many dice as indicated on the symbol. Each dice result of 4 or higher" adds a point;
at the structure's value a building turns to rubble and a wreck is removed (HoN core p.22).
SoN p.17 gives the roll to a firing unit only ("every time they fire at a structure directly
or at a unit within the structure"): no assault rolls there (`Ruleset.assault_destroys`).
A shot at a unit inside a structure rolls after its attack (template_fire.TemplateFiring)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import Weapon, WeaponRole
from builder.heroes.rules.actions import firing, template_fire
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.combat import Demolition, GearUse
from builder.heroes.rules.events.game import DestructionEvent
from builder.heroes.rules.gear import alternate_fire, veteran
from builder.heroes.rules.gear.markers import GEAR_WEAPONS, Delivery
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.combat import IllegalAttack, name, refusal
from builder.heroes.rules.resolution.damage import DamageLocation, DestructionResult, destruction_roll
from builder.heroes.rules.resolution.structures import Demolish, structure_of, wreck_damaged
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.battlefield import PlacedElement

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def destruction_dice(piece: Piece, weapon: Weapon | None = None) -> int:
    """The Destruction value printed for `piece` firing `weapon` (HoN core p.22): the
    counter's own ability, or the weapon's (a destroyed primary weapon gives none, p.15)."""
    if weapon is None:
        return piece.side.ability_value("destruction") or 0
    if weapon.role is not WeaponRole.SECONDARY and DamageLocation.PRIMARY in piece.damage:
        return 0
    return next((a.value or 0 for a in weapon.abilities if a.id == "destruction"), 0)


def assault_dice(piece: Piece) -> int:
    """An assaulting unit's Destruction dice: its counter's value, else the highest of its
    weapons' (the book does not say which of a vehicle's weapons assaults: hon's reading)."""
    own = destruction_dice(piece)
    return own or max((destruction_dice(piece, w) for w in piece.side.weapons), default=0)


def structure_squares(state: GameState, key: str) -> tuple[PlacedElement | Piece, frozenset[Square]] | None:
    """The standing structure called `key`: a terrain element with a structure value (not
    yet rubble) or a wreck on the battlefield, and its squares."""
    wreck = state.pieces.get(key)
    if wreck is not None:
        return (wreck, frozenset(wreck.squares)) if wreck.is_wreck and wreck.squares else None
    element = next((e for e in state.battlefield.elements if e.key == key), None)
    if element is None or element.effects.structure is None or key in state.ruined:
        return None
    return element, frozenset(element.cells)


def sees_structure(
    state: GameState, firer: Piece, squares: frozenset[Square], occupancy: Occupancy, within: int | None = None
) -> bool:
    """Whether the firer sees a square of a structure at a range of `within` or less (None:
    any range), the nearest squares looked at first. A structure's own walls hide its inside,
    not itself: a line blocked first by the structure still reaches it (hon's reading; the
    book does not say how one sees a building)."""
    for square in sorted(squares, key=lambda sq: (range_between(firer.squares, (sq,)), sq)):
        sight = line_of_sight(state.battlefield, occupancy, firer, square, state.ruleset)
        if (not sight.blocked or sight.blocked_at & squares) and (within is None or sight.range <= within):
            return True
    return False


def demolition_dice(
    state: GameState,
    firer: Piece,
    structure: str,
    weapon: Weapon | None = None,
    occupancy: Occupancy | None = None,
    marker: str | None = None,
) -> int:
    """The Destruction dice `firer` may roll at `structure` by firing at it from where it
    stands, 0 when it may not: no Destruction value, no such structure, not seen, outside the
    weapon's arc or beyond its limited range or night's cap (HoN core p.14, p.22; SoN p.11).
    With `marker`, a firing marker's Destruction ("targeted by gear", p.22) within its range."""
    dice = destruction_dice(firer, weapon)
    reach: int | None = None
    if marker is not None:
        gear = GEAR_WEAPONS.get(marker)
        if gear is None or gear.delivery is not Delivery.SHOT or state.gear_for(firer, marker) is None:
            return 0
        dice, reach = gear.destruction, gear.reach
    found = structure_squares(state, structure)
    if not dice or found is None or not firer.squares or firer.embarked_in is not None:
        return 0
    _, squares = found
    if squares & set(firer.squares) or not firing.in_arc(firer, tuple(sorted(squares)), weapon):
        return 0
    seen = occupancy if occupancy is not None else Occupancy(state.pieces.values())
    limit = reach if reach is not None else firer.side.ability_value("limited-range")
    within = min((r for r in (limit or None, state.ruleset.max_range) if r is not None), default=None)
    return dice if sees_structure(state, firer, squares, seen, within) else 0


def structures_under(state: GameState, area: Iterable[Square]) -> list[str]:
    """The structures an explosion template covers, even partly (HoN core p.23: "Units and
    Structures under the Template, even partially, are affected"): elements, then wrecks."""
    covered = set(area)
    found = [
        e.key
        for e in state.battlefield.elements
        if e.effects.structure is not None and e.key not in state.ruined and covered & e.cells
    ]
    found += sorted(p.key for p in state.pieces.values() if p.is_wreck and covered & set(p.squares))
    return found


def demolitions(state: GameState, firer: Piece) -> Iterator[Demolish]:
    """A Firing Action at a structure itself (HoN core p.22): at each standing structure (a
    building, a bunker, a wreck) the unit may roll Destruction dice at (`demolition_dice`),
    with each of its weapons that may, and with each firing marker with Destruction it may
    spend (p.28)."""
    weapons = firing.weapons_of(firer)
    markers = sorted(
        m
        for m, gear in GEAR_WEAPONS.items()
        if gear.delivery is Delivery.SHOT and gear.destruction and state.gear_for(firer, m) is not None
    )
    if not markers and not any(destruction_dice(firer, weapon) for weapon in weapons):
        return
    occupancy = Occupancy(state.pieces.values())
    keys = [e.key for e in state.battlefield.elements if e.effects.structure is not None and e.key not in state.ruined]
    keys += sorted(p.key for p in state.pieces.values() if p.is_wreck)
    for key in keys:
        found = [Demolish(key, weapon) for weapon in weapons]
        found += [Demolish(key, None, marker) for marker in markers]
        yield from (a for a in found if demolition_dice(state, firer, key, a.weapon, occupancy, a.marker))


def demolition_refusal(state: GameState, firer: Piece, action: Demolish) -> Refusal | None:
    """Why the unit may not fire at the structure so (`check_demolition`), or None."""
    return refusal(lambda: check_demolition(state, firer, action))


def check_demolition(state: GameState, firer: Piece, action: Demolish) -> int:
    """The Destruction dice the unit rolls at the structure, IllegalAttack when the rules
    refuse the shot: with one of its own weapons (or a firing marker), dice to roll at it from
    where it stands (`demolition_dice`)."""
    mine = action.marker is not None or action.weapon in firing.weapons_of(firer)
    dice = demolition_dice(state, firer, action.structure, action.weapon, marker=action.marker) if mine else 0
    if not dice:
        raise IllegalAttack(
            Code.NO_STRUCTURE_SHOT,
            f"{name(firer)} may not fire at the structure {action.structure!r}",
            state.ruleset.cite("destruction"),
        )
    return dice


def demolish(turn: Turn, firer: Piece, action: Demolish) -> None:
    """A Firing Action at the structure itself: no attack roll, only the Destruction dice
    (HoN core p.22). A concealed firer turns over (p.21)."""
    state = turn.state
    dice = check_demolition(state, firer, action)
    if firer.concealed:
        firer = firer.revealed()
        state.pieces[firer.key] = firer
    if action.marker is not None:
        gear = GEAR_WEAPONS[action.marker]
        alternate_fire.spend_marker(turn, firer, gear.marker, gear.page, GearUse.AT_STRUCTURE, element=action.structure)
    roll_destruction(turn, firer, action.structure, dice, Demolition.FIRES_AT, action.marker)


def assault_destruction(turn: Turn, attacker: Piece, where: PlacedElement | None) -> None:
    """After an assault on a unit inside a structure, an attacker with Destruction rolls at
    it (HoN core p.22: "during a Firing Action or an Assault"); not in SoN (p.17)."""
    dice = assault_dice(attacker)
    if where is None or not dice or not turn.state.ruleset.assault_destroys:
        return
    if where.key in turn.state.ruined or attacker.key not in turn.state.pieces:
        return
    roll_destruction(turn, turn.state.pieces[attacker.key], where.key, dice, Demolition.ASSAULTED_IN)


def template_destruction(turn: Turn, firer: Piece, area: Iterable[Square], weapon: Weapon | None = None) -> None:
    """Each structure under a template laid by a unit with Destruction takes its own roll
    (HoN core p.22-23; one roll each, as each unit is attacked on its own)."""
    dice = destruction_dice(firer, weapon) or assault_dice(firer)
    if not dice:
        return
    for key in structures_under(turn.state, area):
        roll_destruction(turn, firer, key, dice, Demolition.TEMPLATE)


def roll_destruction(
    turn: Turn, firer: Piece, key: str, dice: int, how: Demolition, marker: str | None = None
) -> DestructionResult | None:
    """Roll `dice` at the structure `key` (`how`, with a firing `marker`), tell it, and deal
    the points: a building at its value turns to rubble, a wreck is removed (HoN core p.22)."""
    state = turn.state
    found = structure_squares(state, key)
    if found is None:
        return None
    target, _ = found
    cite = state.ruleset.cite("destruction")
    if isinstance(target, Piece):
        value, points = state.ruleset.wreck_structure, dict(target.extra).get("destruction", 0)
    else:
        value, points = target.effects.structure or 0, state.structure_points.get(key, 0)
    result = destruction_roll(dice, turn.dice, state.ruleset, value, points, veteran.veteran_rolls(turn, firer))
    turn.add(
        DestructionEvent(
            turn=state.turn,
            phase=turn.phase,
            side=firer.owner,
            rolls=(result.roll,),
            how=how,
            marker=marker,
            dice=dice,
            value=value,
            wreck=isinstance(target, Piece),
            page=cite,
            unit=firer.key,
            structure=key,
            points=result.points,
            total=result.structure_points,
            destroyed=result.destroyed,
        )
    )
    if isinstance(target, Piece):
        after = wreck_damaged(target, result.points, value)
        if after is None:
            del state.pieces[key]
        else:
            state.pieces[key] = after
    elif result.points:
        template_fire.damage_structure(turn, target, result.points)
    return result


def standing_in(state: GameState, piece: Piece) -> PlacedElement | None:
    """The structure a unit stands wholly inside, if still standing."""
    element = structure_of(state.battlefield, piece)
    return None if element is None or element.key in state.ruined else element
