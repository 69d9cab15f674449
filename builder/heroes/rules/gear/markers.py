"""Gear markers (HoN core p.28-31; BfC p.08-09): what each marker a gear option, character
trait or customization gives does in play, and the actions that spend them.

The markers are kept on their option (HoN core p.28: "take the number of markers indicated
and put them on the Gear Option"), in the game state's `GearPool`s: the units of the tile the
option is on use them (any unit of the army when it is on a command tile), each marker once.
A marker is declared before the action or the roll it changes (p.28, "Important"); an
Alternate Firing Action spends one marker, other gear up to 3 identical markers on one action.

The combat values of the firing markers are "printed on the backside of their respective
markers" (HoN core p.28-29; BfC p.08): the extracted books do not show them, so the values
below are hon's examples (`hon rules` says so); the ranges, Destruction and Indirect Fire are
the books'. The Bazooka "works like the units with the same name" (p.31): it takes the values
of the catalogue's Bazooka Team, themselves examples."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import CombatValues, UnitType
from builder.heroes.rules.geometry.grid import Point
from builder.heroes.rules.pieces import Piece, Square
from builder.kernel.events import Modifier

if TYPE_CHECKING:
    from builder.heroes.rules.actions.kinds import Move  # actions/kinds.py lists these gear actions

MAX_IDENTICAL = 3  # "you may use up to 3 identical markers on the same action" (HoN core p.28)
SHIELDING_BONUS = 2  # Additional Shielding: +2 Defensive Bonus to a vehicle (BfC p.09)
FUEL_SQUARES = 2  # Fuel: +2 squares of Movement Value (BfC p.09)
RECCE_AMMO_LIGHT = 2  # Recce Ammo: +2 against light vehicles (BfC p.09)
RECCE_AMMO_HEAVY = 1  # … +1 against heavy vehicles (BfC p.09)
RECCE_PAGE = "BfC p.09"


class Reach(StrEnum):
    """How a gear weapon's maximum range is counted."""

    SQUARES = "squares"  # Panzerfaust 4, PIAT 5, Sticky Bomb 1 (HoN core p.28-29; BfC p.08)
    INTERSPACES = "interspaces"  # Grenade 2, Rifle Grenade 7, the target's counted (HoN core p.29)


class Delivery(StrEnum):
    """What the marker's Alternate Firing Action is."""

    SHOT = "shot"  # at a unit, like a Firing Action with the marker's values
    BOMB = "bomb"  # at a unit 1 square away; it explodes at the end of the Supply Phase (p.29)
    GRENADE = "grenade"  # the explosion template on an interspace, never scattering (p.29)
    INDIRECT = "indirect"  # the explosion template with Indirect Fire (Rifle Grenade, p.29)


@dataclass(frozen=True)
class GearWeapon:
    """A firing marker: its combat values (examples: the book prints them on the marker's
    back), its maximum range and how it is counted, its Destruction dice, what it delivers,
    and the page that prints it."""

    marker: str
    name: str
    combat: CombatValues
    reach: int
    counted: Reach
    delivery: Delivery
    page: str
    destruction: int = 0
    scatter: int = 0  # Indirect Fire's scattering distance, interspaces
    suppresses: bool = False  # survivors receive a Suppressed marker (Offensive Grenades, SoN p.16)


# Example combat values (infantry / light / heavy; None is X): the anti-tank markers after the
# catalogue's Bazooka Team and Panzerschreck, the grenades after the explosion the book's
# grenade example deals, the bombs a charge put on a hull.
GEAR_WEAPONS: dict[str, GearWeapon] = {
    w.marker: w
    for w in (
        GearWeapon(
            "panzerfaust",
            "Panzerfaust",
            CombatValues(infantry=None, light=4, heavy=5),
            4,
            Reach.SQUARES,
            Delivery.SHOT,
            "HoN core p.28",
            destruction=2,
        ),
        GearWeapon(
            "bazooka",
            "Bazooka",
            CombatValues(infantry=0, light=3, heavy=3),
            5,
            Reach.SQUARES,
            Delivery.SHOT,
            "HoN core p.31",
            destruction=1,
        ),
        GearWeapon(
            "piat",
            "PIAT",
            CombatValues(infantry=0, light=3, heavy=3),
            5,
            Reach.SQUARES,
            Delivery.SHOT,
            "BfC p.08",
            destruction=1,
        ),
        GearWeapon(
            "sticky-bomb",
            "Sticky Bomb",
            CombatValues(infantry=None, light=4, heavy=4),
            1,
            Reach.SQUARES,
            Delivery.BOMB,
            "HoN core p.29",
        ),
        GearWeapon(
            "magnetic-mine",
            "Magnetic Mine",
            CombatValues(infantry=None, light=4, heavy=4),
            1,
            Reach.SQUARES,
            Delivery.BOMB,
            "HoN core p.29",
        ),
        GearWeapon(
            "grenade",
            "Grenade",
            CombatValues(infantry=3, light=1, heavy=None),
            2,
            Reach.INTERSPACES,
            Delivery.GRENADE,
            "HoN core p.29",
        ),
        GearWeapon(
            "rifle-grenade",
            "Rifle Grenade",
            CombatValues(infantry=3, light=1, heavy=None),
            7,
            Reach.INTERSPACES,
            Delivery.INDIRECT,
            "HoN core p.29",
            scatter=1,
        ),
        # Shadows over Normandie's Equipment (SoN p.16) works as HoN's, with the same example
        # values: the Panzerfaust reaches 4 spaces with a line of sight; Grenades and Offensive
        # Grenades 2 interspaces, never dispersing, into a building by an opening; the
        # Offensive Grenade also gives a Suppressed marker to each unit that survives it.
        GearWeapon(
            "son-panzerfaust",
            "Panzerfaust",
            CombatValues(infantry=None, light=4, heavy=5),
            4,
            Reach.SQUARES,
            Delivery.SHOT,
            "SoN p.16",
            destruction=2,
        ),
        GearWeapon(
            "son-grenade",
            "Grenade",
            CombatValues(infantry=3, light=1, heavy=None),
            2,
            Reach.INTERSPACES,
            Delivery.GRENADE,
            "SoN p.16",
        ),
        GearWeapon(
            "son-offensive-grenade",
            "Offensive Grenade",
            CombatValues(infantry=3, light=1, heavy=None),
            2,
            Reach.INTERSPACES,
            Delivery.GRENADE,
            "SoN p.16",
            suppresses=True,
        ),
    )
}


@dataclass(frozen=True)
class GearFire:
    """An Alternate Firing Action with one firing marker (Panzerfaust, Bazooka, PIAT, Sticky
    Bomb, Magnetic Mine) at the unit `target` (HoN core p.28-31; BfC p.08)."""

    marker: str
    target: str


@dataclass(frozen=True)
class GearThrow:
    """An Alternate Firing Action with a Grenade or Rifle Grenade marker: the explosion
    template on the interspace `at` (HoN core p.29)."""

    marker: str
    at: Point


@dataclass(frozen=True)
class GrenadeInto:
    """A Grenade marker thrown into a building by an opening the thrower stands by, or
    directly onto the square `square` of a defensive position it stands next to; the units
    inside get no Defensive Bonus from it (HoN core p.29; SoN p.16 for `marker` "son-grenade"
    or "son-offensive-grenade")."""

    square: Square
    marker: str = "grenade"


@dataclass(frozen=True)
class GearMove:
    """A Movement Action with gear markers: `fuel` Fuel markers and a Tactical Map marker when
    `tactical_map`, spent at its start (BfC p.09); with `passage`, a Passage marker on each
    hedgerow square a heavy vehicle moves through (HoN core p.28)."""

    move: Move
    fuel: int = 0
    tactical_map: bool = False
    passage: bool = False  # a Passage marker on each hedgerow square it moves through (HoN core p.28)


@dataclass(frozen=True)
class PlantedBomb:
    """A Sticky Bomb or Magnetic Mine put on a unit: it explodes at the end of the Supply
    Phase with the marker's combat values and no area of effect (HoN core p.29)."""

    marker: str
    side: str  # who planted it
    planter: str  # the unit key
    target: str
    turn: int


def recce_ammo_bonus(count: int, target: Piece) -> tuple[Modifier, ...]:
    """Recce Gear Ammo: +2 each against light vehicles, +1 against heavy ones (BfC p.09)."""
    if not count or not target.is_vehicle:
        return ()
    each = RECCE_AMMO_LIGHT if target.type is UnitType.LIGHT_VEHICLE else RECCE_AMMO_HEAVY
    return (Modifier(f"Ammo (Recce Gear) x{count}", each * count, RECCE_PAGE),)
