"""Hexes, boards and sections.

Coordinates are those of `.m44` files (and of the official editor): `row` counts from 0 at
the top edge of the board, `col` is a *doubled* column: on even rows the hexes sit at even
columns (0, 2, 4 … 24 on the standard board) and on odd rows, shifted half a hex to the
right, at odd columns (1, 3 … 23). So `row + col` is always even, two hexes side by side on
a row are 2 columns apart, and the six neighbours of (row, col) are (row, col ± 2) and
(row ± 1, col ± 1). The hexes are pointy-topped: rows are horizontal.

Geometry uses integer coordinates that are an affine image of the real board (lines and
hex outlines keep their incidences under it): a hex centre is at (col, 3 × row), and its
corners at (col, 3·row ∓ 2) and (col ± 1, 3·row ∓ 1). Line of sight is computed exactly in
these coordinates (builder.memoir.rules.los).

Sections (M44 summary, "Play a command card"): two section lines split the board into the
left, centre and right sections. A hex whose centre lies on a line straddles two sections
and counts for both. Left and right are the player's own: the player at the top of the
board sees the sections mirrored."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum


class Section(StrEnum):
    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


class Edge(StrEnum):
    """Where a side sits: its baseline is its own board edge (M44 summary, retreats move
    "back towards its side of the battlefield")."""

    TOP = "top"
    BOTTOM = "bottom"


@dataclass(frozen=True, order=True)
class Hex:
    row: int
    col: int

    def __post_init__(self) -> None:
        if (self.row + self.col) % 2:
            raise ValueError(f"({self.row}, {self.col}) is not a hex: row + col is even on the board")

    def neighbours(self) -> tuple[Hex, ...]:
        r, c = self.row, self.col
        return (
            Hex(r, c - 2),
            Hex(r, c + 2),
            Hex(r - 1, c - 1),
            Hex(r - 1, c + 1),
            Hex(r + 1, c - 1),
            Hex(r + 1, c + 1),
        )

    def distance(self, other: Hex) -> int:
        rows = abs(self.row - other.row)
        cols = abs(self.col - other.col)
        return rows + max(0, (cols - rows) // 2)

    def centre(self) -> tuple[int, int]:
        """(x, y) of the centre in the integer geometry described above."""
        return self.col, 3 * self.row

    def corners(self) -> tuple[tuple[int, int], ...]:
        """The six corners, clockwise from the top."""
        x, y = self.centre()
        return ((x, y - 2), (x + 1, y - 1), (x + 1, y + 1), (x, y + 2), (x - 1, y + 1), (x - 1, y - 1))

    def __str__(self) -> str:
        return f"({self.row},{self.col})"


@dataclass(frozen=True)
class Board:
    """A board's size and section lines: `columns` hexes on even rows (one fewer on odd
    rows), `rows` rows, and the doubled columns the two section lines run through."""

    type: str
    columns: int
    rows: int
    section_lines: tuple[int, int]

    @property
    def max_col(self) -> int:
        return 2 * (self.columns - 1)

    def contains(self, place: Hex) -> bool:
        return 0 <= place.row < self.rows and 0 <= place.col <= self.max_col

    def hexes(self) -> Iterator[Hex]:
        for row in range(self.rows):
            for col in range(row % 2, self.max_col + 1, 2):
                yield Hex(row, col)

    def sections(self, place: Hex, edge: Edge) -> frozenset[Section]:
        """The sections of a hex as seen by the player on `edge`: one, or two when the hex
        straddles a section line (its centre is on it)."""
        first, second = self.section_lines
        found: set[Section] = set()
        if place.col <= first:
            found.add(Section.LEFT)
        if first <= place.col <= second:
            found.add(Section.CENTRE)
        if place.col >= second:
            found.add(Section.RIGHT)
        if edge is Edge.TOP:
            mirror = {Section.LEFT: Section.RIGHT, Section.RIGHT: Section.LEFT, Section.CENTRE: Section.CENTRE}
            return frozenset(mirror[s] for s in found)
        return frozenset(found)

    def baseline(self, edge: Edge) -> int:
        """The row of a side's baseline."""
        return 0 if edge is Edge.TOP else self.rows - 1

    def back(self, place: Hex, edge: Edge) -> tuple[Hex, ...]:
        """The hexes one step back towards `edge`'s side (a retreat move), on the board or not."""
        step = -1 if edge is Edge.TOP else 1
        return (Hex(place.row + step, place.col - 1), Hex(place.row + step, place.col + 1))
