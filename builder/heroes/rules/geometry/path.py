"""A Movement Action's path and the movement points it spends (HoN core p.9-10, p.18; SoN
p.12): what `reach.reachable` answers with."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise

from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.damage import DamageLocation

__all__ = ["ASSAULT", "DIFFICULT", "Path", "allowance"]


# Why a path ends before its points run out (`Path.stopped`).
DIFFICULT = "difficult passage"  # HoN core p.18 (or a line that is one, BfC p.05)
ASSAULT = "assault"


@dataclass(frozen=True)
class Path:
    """How a unit gets to a position: every position on the way, start first."""

    positions: tuple[Position, ...]
    cost: int  # movement points spent, with SoN's -2 per Suppressed marker taken on the way
    suppressed: int = 0  # Suppressed markers taken entering difficult terrain (SoN p.12)
    stopped: str | None = None  # why it could go no further: DIFFICULT or ASSAULT
    # Stopped by a difficult passage it started in rather than one it entered: working its
    # way through, it advances one square (HoN core p.18).
    working_through: bool = False

    @property
    def destination(self) -> Position:
        return self.positions[-1]

    def squares_entered(self) -> tuple[Square, ...]:
        """Each square entered, in order: where opportunity fire and spotting are checked."""
        found: list[Square] = []
        for before, after in pairwise(self.positions):
            found.extend(sq for sq in after.squares if sq not in before.squares)
        return tuple(found)


def allowance(piece: Piece) -> int | None:
    """Movement points: the Movement Value less 2 per Suppressed marker (HoN core p.9); None
    when it is X (the unit cannot move, p.9). Zero or less: immobilised, as is a heavy
    vehicle with a Tracks damage marker ("may no longer execute Movement Actions", p.15)."""
    movement = piece.side.movement
    if movement is None:
        return None
    if DamageLocation.TRACKS in piece.damage:
        return 0
    return movement - 2 * piece.suppressed
