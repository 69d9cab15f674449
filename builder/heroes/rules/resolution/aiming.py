"""Aiming at a vehicle (HoN core p.13-14): "when a Vehicle is the target, the attacker can aim
at the center of any square occupied by the Vehicle, or at any point between them. The
Defense Value of Heavy Vehicles depends on the firing angle (use the side markings to
determine which Defense Value is taken into account). Choose the appropriate target square
to get the lowest Defense Value."

hon's reading of the firing angle (`struck_facing`): the bearing from the point aimed at to
the firer, against the vehicle's facing - front within 45° either way, rear beyond 135°, side
between. The points a firer may aim at are the counter's centre (the point between its
squares, seen whenever any line of sight is) and the centre of each of its squares it has a
line of sight to. The firer takes the point that makes the shot easiest: the lowest Defense
Value less the obscuring penalty of the line to it, the best line first on a tie."""

from __future__ import annotations

import math

from builder.heroes.catalogue.units import Defense
from builder.heroes.rules.geometry.los import Sight, line_of_sight, sights
from builder.heroes.rules.geometry.sightmap import Occupancy, SightMap
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.combat import Facing
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.scenario.battlefield import Battlefield

Point = tuple[float, float]


def struck_facing(target: Piece, firer_squares: tuple[Square, ...], at: Point | None = None) -> Facing | None:
    """Which Defense Value of a heavy vehicle a shot aimed at `at` (the counter's centre when
    None) strikes (HoN core p.14): by the angle between the vehicle's facing and the line from
    that point to the firer's nearest square; on a boundary the firer takes the weaker one."""
    defense = target.side.defense
    if defense is None or not defense.has_facings:
        return None
    if at is None:
        at = (
            sum(c for c, _ in target.squares) / len(target.squares),
            sum(r for _, r in target.squares) / len(target.squares),
        )
    cx, cy = at
    fc, fr = min(firer_squares, key=lambda sq: (sq[0] - cx) ** 2 + (sq[1] - cy) ** 2)
    bearing = math.degrees(math.atan2(fc - cx, cy - fr))  # 0 north, 90 east
    off = abs((bearing - target.facing * 45 + 180) % 360 - 180)
    if off < 45:
        return Facing.FRONT
    return Facing.SIDE if off < 135 else Facing.REAR


def aimed(
    battlefield: Battlefield | SightMap, seen: Occupancy, firer: Piece, target: Piece, ruleset: Ruleset
) -> tuple[Sight, Facing | None]:
    """The line of sight a shot is traced along and the facing it strikes: for a heavy vehicle
    of several squares, the point aimed at that gives the lowest Defense Value (see above);
    otherwise the best line of sight and the facing seen from the counter's centre."""
    # A counter off the battlefield has no facing to strike: `line_of_sight` refuses it.
    centre = struck_facing(target, firer.squares) if firer.squares and target.squares else None
    defense = target.side.defense
    if centre is None or defense is None or len(target.squares) == 1:
        return line_of_sight(battlefield, seen, firer, target, ruleset), centre
    found = sights(battlefield, seen, firer, target, ruleset)
    best = found[0]
    if best.blocked:
        return best, centre
    options: list[tuple[int, int, Sight, Facing]] = [(_value(defense, centre) - best.penalty, 0, best, centre)]
    for rank, sight in enumerate(found, start=1):
        if sight.blocked:
            break  # blocked lines come last
        facing = struck_facing(
            target, (sight.firer_square,), (float(sight.target_square[0]), float(sight.target_square[1]))
        )
        if facing is not None:
            options.append((_value(defense, facing) - sight.penalty, rank, sight, facing))
    _, _, sight, facing = min(options, key=lambda o: (o[0], o[1]))
    return sight, facing


def _value(defense: Defense, facing: Facing) -> int:
    value = getattr(defense, facing.value)
    return int(value) if value is not None else 99
