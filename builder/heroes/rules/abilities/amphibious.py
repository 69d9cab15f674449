"""Amphibious (HoN core p.18; SoN p.18, "Special Movement (Amphibious)"): "The unit with this
special movement can cross zones with this symbol [water]. If the symbol is surrounded by a red
border, this means that the unit can only move in spaces with this symbol."

The red-bordered symbol is the catalogue's `amphibious-only` ability (no bundled counter prints
it: the books' icons are lost, so it is given where a counter is known to carry it). Such a unit
enters water as any amphibious unit, and nothing else: hon's reading of "spaces with this
symbol" is the water squares (a swamp is water that suppresses, SoN p.12)."""

from __future__ import annotations

from builder.heroes.rules.abilities.ability import Ability, Source, Swimming


class Amphibious(Ability):
    id = "amphibious"
    name = "Amphibious"
    page = "HoN core p.18"
    source = Source.COUNTER

    def swimming(self) -> Swimming:
        return Swimming.AMPHIBIOUS


class AmphibiousOnly(Ability):
    """The red border: only in water (SoN p.18)."""

    id = "amphibious-only"
    name = "Amphibious (red border)"
    page = "SoN p.18"
    source = Source.COUNTER

    def swimming(self) -> Swimming:
        return Swimming.WATER_ONLY
