"""How a counter of one, two or four squares moves by one movement point, whatever stands
around it (HoN core p.9-10; SoN p.5): the geometry the movement search walks.

A one-square counter enters any of its eight neighbours and turns freely. A two-square
vehicle or creature is counted from its front, or from its rear going backwards, with one
45° pivot per square entered, or pivots in place at 1 point per 45°. A four-square creature
is a 2x2 block advancing or backing one square per point with an optional 90° pivot, or
turning in place at 1 point per 90°."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

from builder.heroes.rules.geometry.grid import AROUND
from builder.heroes.rules.geometry.grid import step as step_to
from builder.heroes.rules.pieces import STEPS, Square


class Position(NamedTuple):
    """Where a counter stands: its squares (front first) and its facing. A one-square unit
    turns freely at any time (HoN core p.9-10): its positions keep the facing it started with,
    and it may end facing any way. A named tuple: the search hashes thousands of them."""

    squares: tuple[Square, ...]
    facing: int

    @property
    def square(self) -> Square:
        return self.squares[0]


# A move: the new position, the (from, to) square steps to check, the squares newly
# covered (the leading ones: difficult passage is judged by them).
Move = tuple[Position, tuple[tuple[Square, Square], ...], tuple[Square, ...]]


def moves_from(position: Position, footprint: int) -> Iterator[Move]:
    """Every one-point move out of `position`, before terrain and other pieces are judged."""
    squares, facing = position.squares, position.facing
    if footprint == 1:
        (here,) = squares
        for turn in AROUND:  # from its facing round (grid.AROUND), never from north
            there = step_to(here, facing + turn)
            yield Position((there,), facing), ((here, there),), (there,)
        return
    if footprint == 2:
        front, rear = squares
        for turn in (0, -1, 1):
            f = (facing + turn) % 8
            ahead = step_to(front, f)  # forward: the front enters a square, the rear follows
            yield Position((ahead, front), f), ((front, ahead),), (ahead,)
            behind = step_to(rear, f + 4)  # backward, counted from the rear (HoN core p.10)
            yield Position((rear, behind), f), ((rear, behind),), (behind,)
            if turn:  # pivot in place keeping the front or the rear, 1 point per 45°
                swung = step_to(front, f + 4)
                yield Position((front, swung), f), ((rear, swung),), (swung,)
                swung = step_to(rear, f)
                yield Position((swung, rear), f), ((front, swung),), (swung,)
        return
    # Four squares (SoN p.5): advance or back one square, optionally pivoting 90°, or turn.
    for delta in (0, 4):
        moved = tuple(step_to(sq, facing + delta) for sq in squares)
        pairs = tuple(zip(squares, moved, strict=True))
        entered = tuple(sq for sq in moved if sq not in squares)
        for turn in (0, -2, 2):
            yield Position(_block(moved, (facing + turn) % 8), (facing + turn) % 8), pairs, entered
    for turn in (-2, 2):
        yield Position(_block(squares, (facing + turn) % 8), (facing + turn) % 8), (), ()


# A two-square counter's one-point moves out of a facing, as `moves_from` makes them, in its
# order: (the new facing, whether the step starts from the front (else the rear), whether the
# square entered is next to the front (else the rear: the square kept), the offset of the
# square entered from it, whether the square entered is the new front). The movement search
# tables them for every position it meets: offsets spare a Position per move refused.
TwoSquareMove = tuple[int, bool, bool, int, int, bool]


def _two_square_moves(facing: int) -> tuple[TwoSquareMove, ...]:
    found: list[TwoSquareMove] = []
    for turn in (0, -1, 1):
        f = (facing + turn) % 8
        ahead, behind = STEPS[f], STEPS[(f + 4) % 8]
        found.append((f, True, True, *ahead, True))  # forward: from the front, it follows
        found.append((f, False, False, *behind, False))  # backward, counted from the rear
        if turn:  # pivots: the rear swings behind the front, or the front before the rear
            found.append((f, False, True, *behind, False))
            found.append((f, True, False, *ahead, True))
    return tuple(found)


TWO_SQUARE_MOVES: dict[int, tuple[TwoSquareMove, ...]] = {facing: _two_square_moves(facing) for facing in range(8)}


def _block(squares: Sequence[Square], facing: int) -> tuple[Square, ...]:
    """The 2x2 block re-anchored at its front-left square for `facing` (see grid)."""
    c0, r0 = min(c for c, _ in squares), min(r for _, r in squares)
    anchor = {0: (c0, r0), 2: (c0 + 1, r0), 4: (c0 + 1, r0 + 1), 6: (c0, r0 + 1)}[facing]
    right = step_to(anchor, facing + 2)
    return anchor, right, step_to(anchor, facing + 4), step_to(right, facing + 4)
