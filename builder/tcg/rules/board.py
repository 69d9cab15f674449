"""The battlefield's geometry (TCG p.4, p.7): a box is adjacent to the eight boxes around it;
moves are orthogonal (diagonal too for mechanised units); ranges count boxes, never blocked."""

from __future__ import annotations

from collections.abc import Iterator

from builder.tcg.base import Box
from builder.tcg.scenario import Board

ORTHOGONAL = ((0, -1), (1, 0), (0, 1), (-1, 0))
DIAGONAL = ((1, -1), (1, 1), (-1, 1), (-1, -1))


def distance(a: Box, b: Box) -> int:
    """Boxes between two boxes, diagonals counting one: a range of 1 is the eight adjacent."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def adjacent(a: Box, b: Box) -> bool:
    return distance(a, b) == 1


def orthogonally_adjacent(a: Box, b: Box) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def neighbours(board: Board, box: Box, diagonal: bool = True) -> Iterator[Box]:
    """The boxes next to `box` on the board: the four orthogonal ones, then the diagonals."""
    for dx, dy in ORTHOGONAL + (DIAGONAL if diagonal else ()):
        found = (box[0] + dx, box[1] + dy)
        if board.contains(found):
            yield found
