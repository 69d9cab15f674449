"""Terrain (TCG p.17): open ground by default, and the seven terrain types of Appendix 6.

"Trench" (TCG p.13: infantry and mechanised units cannot seize their position "into a
Trench terrain box") is not an eighth type: p.17 gives the same rule — only tanks may seize
their position into it — to the fortified position, and the fortified hill combines it. hon
reads "Trench" as the fortified position (a translation slip) and has no trench type."""

from __future__ import annotations

from enum import StrEnum


class Terrain(StrEnum):
    OPEN = "open"
    URBAN = "urban"
    FLOODED = "flooded"
    HILL = "hill"
    FORTIFIED_POSITION = "fortified-position"
    FOREST = "forest"
    FORTIFIED_HILL = "fortified-hill"
    WATER = "water"

    @property
    def save(self) -> int | None:
        """The save value the box gives (6+ in urban and fortified boxes)."""
        return 6 if self in (Terrain.URBAN, Terrain.FORTIFIED_POSITION, Terrain.FORTIFIED_HILL) else None

    @property
    def range_bonus(self) -> int:
        """A hill adds one box to every Shooting attack's range."""
        return 1 if self in (Terrain.HILL, Terrain.FORTIFIED_HILL) else 0

    @property
    def tanks_only_seize(self) -> bool:
        """Only tanks may enter it to seize their position (and "Trench", see above)."""
        return self in (Terrain.FORTIFIED_POSITION, Terrain.FORTIFIED_HILL)

    @property
    def no_directives(self) -> bool:
        """A card in a flooded box cannot use DIRECTIVE markers."""
        return self is Terrain.FLOODED

    @property
    def hides(self) -> bool:
        """A forest lets a card turn face down, and reinforcements arrive hidden in it."""
        return self is Terrain.FOREST

    @property
    def label(self) -> str:
        return self.value.replace("-", " ")


TERRAIN_PAGE = "TCG p.17"
