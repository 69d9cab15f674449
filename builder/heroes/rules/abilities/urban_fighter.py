"""Urban Fighter (BfC p.09; SoN p.19): "The unit can enter or exit a building by any opening
(door or window) indicated by a blue or white arrow. This does not enable it to enter bunkers."

A bunker is the catalogue's `bunker` terrain (an example element read as a building, HoN core
p.20): its windows (firing slits) let nobody through; its doors are a door to every unit."""

from __future__ import annotations

from builder.heroes.rules.abilities.ability import Ability, Source
from builder.heroes.scenario.battlefield import PlacedElement

BUNKER = "bunker"


class UrbanFighter(Ability):
    id = "urban-fighter"
    name = "Urban Fighter"
    page = "BfC p.09"
    source = Source.COUNTER

    def climbs_windows(self) -> bool:
        return True


def windows_to_climb(element: PlacedElement) -> frozenset[frozenset[tuple[int, int]]]:
    """The window edges an Urban Fighter may enter or leave the element by: none of a bunker's."""
    return frozenset() if element.terrain.id == BUNKER else element.windows & element.boundary
