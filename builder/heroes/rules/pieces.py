"""Pieces: counters on the battlefield. Immutable; the game state replaces them."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import DefenseColour, Side, SideState, Unit, UnitType

if TYPE_CHECKING:
    from builder.heroes.rules.resolution.damage import DamageLocation  # resolution/damage.py works on pieces

Square = tuple[int, int]
# Carried in `Piece.extra`: a Concealed marker stands in the unit's place (HoN core p.30).
CONCEALED_MARKER = ("concealed", 1)

# Facing in eighths of a turn, clockwise from north (up the map): vehicles and infantry may
# end a move diagonally (HoN core p.9-10).
NORTH, NORTH_EAST, EAST, SOUTH_EAST, SOUTH, SOUTH_WEST, WEST, NORTH_WEST = range(8)
STEPS: dict[int, tuple[int, int]] = {
    NORTH: (0, -1),
    NORTH_EAST: (1, -1),
    EAST: (1, 0),
    SOUTH_EAST: (1, 1),
    SOUTH: (0, 1),
    SOUTH_WEST: (-1, 1),
    WEST: (-1, 0),
    NORTH_WEST: (-1, -1),
}


@dataclass(frozen=True)
class Piece:
    """One counter in play.

    `squares` lists what it occupies: one square, or for a two-square vehicle its front
    square first and its rear second (four for the largest creatures). What follows from
    its fields is cached: a piece never changes, and the rules ask these thousands of times."""

    key: str  # unique in a game: "german/tiles[1]/ge-304-leutnant/1"
    unit: Unit
    owner: str  # the scenario side id
    squares: tuple[Square, ...]
    facing: int = NORTH
    side_index: int = 0  # which side of the counter is up
    suppressed: int = 0
    activated: bool = False
    # Heavy vehicle damage markers by location (HoN core p.15): crew, tracks, hull, primary.
    damage: tuple[DamageLocation, ...] = ()
    group: str = ""  # the tile or support option it belongs to, for breaking points
    embarked_in: str | None = None  # the key of the transport carrying it
    extra: tuple[tuple[str, int], ...] = field(default=())  # markers the piece carries
    team: str = ""  # the owner's team in a game of teams (SoN p.10); "" when it plays alone

    @cached_property
    def allegiance(self) -> str:
        """Whom it fights for: its owner's team, or its owner (SoN p.10). Units of the same
        allegiance are allies; all others are enemies."""
        return self.team or self.owner

    @cached_property
    def side(self) -> Side:
        return self.unit.sides[self.side_index]

    @property
    def type(self) -> UnitType:
        return self.unit.type

    @cached_property
    def colour(self) -> DefenseColour:
        return self.unit.type.colour

    @property
    def square(self) -> Square:
        return self.squares[0]

    @cached_property
    def is_vehicle(self) -> bool:
        return self.unit.type.is_vehicle

    @cached_property
    def is_infantry(self) -> bool:
        return self.unit.type is UnitType.INFANTRY

    @cached_property
    def is_wreck(self) -> bool:
        return self.side.state is SideState.WRECK

    @cached_property
    def concealed(self) -> bool:
        """An Ambush unit showing its active side is concealed (HoN core p.21), and so is a unit
        replaced by a Concealed marker, which behaves as one (HoN core p.30). Cached: it depends
        on the side and the markers only, which `moved` keeps, and spotting and firing ask it
        for every piece on every look."""
        # Amphibious Ambush works like Ambush (SoN p.17).
        ambush = self.side.has("ambush") or self.side.has("amphibious-ambush")
        return (self.side.state is SideState.ACTIVE and ambush) or CONCEALED_MARKER in self.extra

    def revealed(self) -> Piece:
        """A concealed unit revealed: its Concealed marker taken back, the unit counter put in
        its place as it was (HoN core p.30); else the Ambush unit turned over (p.21)."""
        if CONCEALED_MARKER in self.extra:
            return replace(self, extra=tuple(m for m in self.extra if m != CONCEALED_MARKER))
        return replace(self, side_index=1 - self.side_index)

    def moved(self, squares: tuple[Square, ...], facing: int | None = None) -> Piece:
        """The piece on other squares. Made by copying its fields, what is cached from them
        included: the side and the unit stay, so it still holds (and a move is the rules'
        most frequent change, which `dataclasses.replace` makes several times slower)."""
        piece = object.__new__(Piece)
        piece.__dict__.update(self.__dict__)
        piece.__dict__["squares"] = squares
        if facing is not None:
            piece.__dict__["facing"] = facing
        return piece

    def marked(self, *, suppressed: int | None = None, activated: bool | None = None) -> Piece:
        """The piece with other Suppressed markers or Activated marker (HoN core p.9, p.16).
        Copied like `moved`, what is cached included: these markers change none of it (the
        side, infantry, wreck, concealed), and the turn changes them for many units at once."""
        piece = object.__new__(Piece)
        fields = piece.__dict__
        fields.update(self.__dict__)
        if suppressed is not None:
            fields["suppressed"] = suppressed
        if activated is not None:
            fields["activated"] = activated
        return piece
