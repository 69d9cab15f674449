"""Character traits the rules core plays from the option itself (HoN core p.28, 7.3): "Only
units displaying the colour stripes specific to the Recruitment Tile to which the character
trait option is added can benefit from it" - the tile's own counters, not the supports in its
slots - and "If the character trait option is on a Command or High Command Tile, every unit in
your army benefits from it". Ferocious (BfC p.09) is one."""

from __future__ import annotations

from dataclasses import dataclass

from builder.heroes.army.resolve import ResolvedArmy
from builder.heroes.catalogue.recruitment import OptionKind
from builder.heroes.rules.pieces import Piece


@dataclass(frozen=True)
class Trait:
    """A character trait option on a tile: `group` the tile's path, None on a command tile."""

    side: str
    option: str  # the option id: "ferocious"
    group: str | None

    def serves(self, piece: Piece) -> bool:
        return piece.owner == self.side and (self.group is None or piece.group == self.group)


def traits_of(resolved: ResolvedArmy, side: str) -> list[Trait]:
    """The character trait options of the army, each with the units it serves."""
    return [
        Trait(side, placed.option.id, None if group.is_command else group.path)
        for group in resolved.groups
        for placed in group.placed
        if placed.option is not None and placed.option.kind is OptionKind.TRAIT
    ]


def has_trait(traits: list[Trait], piece: Piece, option: str) -> bool:
    return any(t.option == option and t.serves(piece) for t in traits)
