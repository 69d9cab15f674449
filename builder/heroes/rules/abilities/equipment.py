"""Shadows over Normandie's Equipment (SoN p.16) where it plays as Heroes of Normandie's gear
(gear/markers.py, HoN core p.28-29; BfC p.09), and where its text differs:

* Ammo: +1 a token on shots against infantry, "as many as you want in a single attack" (HoN
  caps identical markers at 3), and "You cannot use Ammo with explosive weapons". The book
  does not say which weapons are explosive: hon's reading is a weapon with the Destruction
  Special Ability (SoN p.17), the one SoN ability that marks a blast.
* Life Point: "Certain units have Life Points that can be discarded to cancel a hit": any unit
  its tile (or option) gives them to, not only a Character as in BfC p.09; a double loss takes
  two, each missing marker is a hit.
* Grenade, Offensive Grenade and Panzerfaust are firing markers of gear/markers.py (`GEAR_WEAPONS`),
  cited with SoN p.16."""

from __future__ import annotations

from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.actions.kinds import MAX_AMMO
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState, GearPool

EQUIPMENT_PAGE = "SoN p.16"
SON_AMMO = "son-ammo"
SON_LIFE_POINT = "son-life-point"
EXPLOSIVE = "destruction"  # hon's reading of "explosive weapons" (SoN p.16, p.17)


def ammo_pool(state: GameState, piece: Piece) -> GearPool | None:
    """The Ammo markers `piece` may spend: HoN's (HoN core p.28) or SoN's (SoN p.16)."""
    return state.gear_for(piece, "ammo") or state.gear_for(piece, SON_AMMO)


def ammo_cap(pool: GearPool) -> int:
    """How many Ammo markers of `pool` one Firing Action may spend: 3 identical markers in
    HoN (HoN core p.28), "as many as you want" in SoN (SoN p.16)."""
    return pool.count if pool.marker == SON_AMMO else MAX_AMMO


def explosive(piece: Piece, weapon: Weapon | None) -> bool:
    """Whether the shot is made with an explosive weapon (hon's reading: Destruction, SoN p.17);
    `weapon` None is the side's own combat values."""
    abilities = weapon.abilities if weapon is not None else piece.side.abilities
    return any(a.id == EXPLOSIVE for a in abilities)


def ammo_helps(pool: GearPool | None, firer: Piece, weapon: Weapon | None, target: Piece) -> bool:
    """Whether the Ammo bonus goes on this shot: against infantry (HoN core p.28; SoN p.16), and
    for SoN's tokens not with an explosive weapon (SoN p.16)."""
    if pool is None or not target.is_infantry:
        return False
    return pool.marker != SON_AMMO or not explosive(firer, weapon)


def life_points(state: GameState, piece: Piece) -> GearPool | None:
    """The Life Point markers that may cancel a hit on `piece`: SoN's for any unit they serve
    (SoN p.16), HoN's for a Character only (BfC p.09)."""
    found = state.gear_for(piece, SON_LIFE_POINT)
    if found is not None:
        return found
    return state.gear_for(piece, "life-point") if piece.unit.is_character else None


def cited(pool: GearPool, page: str) -> str:
    """The page a spent marker of `pool` is told with: SoN p.16 for SoN's Equipment."""
    return EQUIPMENT_PAGE if pool.marker.startswith("son-") else page
