"""Amphibious (HoN core p.18; SoN p.18, "Special Movement (Amphibious)"): "The unit with this
special movement can cross zones with this symbol [water]. If the symbol is surrounded by a red
border, this means that the unit can only move in spaces with this symbol."

The red-bordered symbol is the catalogue's `amphibious-only` ability (no bundled counter prints
it: the books' icons are lost, so it is given where a counter is known to carry it). Such a unit
enters water as any amphibious unit, and nothing else: hon's reading of "spaces with this
symbol" is the water squares (a swamp is water that suppresses, SoN p.12)."""

from __future__ import annotations

from enum import IntEnum

from builder.heroes.catalogue.units import Side

AMPHIBIOUS = "amphibious"
AMPHIBIOUS_ONLY = "amphibious-only"


class Swimming(IntEnum):
    """How a unit takes to water; a key of the movement tables (0 is false: a land unit)."""

    LAND = 0
    AMPHIBIOUS = 1
    WATER_ONLY = 2  # the red border


def swimming(side: Side) -> Swimming:
    if side.has(AMPHIBIOUS_ONLY):
        return Swimming.WATER_ONLY
    return Swimming.AMPHIBIOUS if side.has(AMPHIBIOUS) else Swimming.LAND
