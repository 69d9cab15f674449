"""The tables a movement search walks (HoN core p.9-10, p.18; BfC p.05-06; SoN p.11-12): the
moves the terrain allows out of each position, tabled once per battlefield and kind of
mover, and the states a search keeps. Other pieces are not in them: they move, the terrain
does not."""

from __future__ import annotations

from typing import TypeVar

from builder.heroes.rules.geometry.footprint import Position, moves_from
from builder.heroes.rules.geometry.passage import PassageMap
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Square

# A search's states are (node, must stop there): the node is a Position, its number in a
# move table, or for the one-square search its square. state -> (cost, markers, previous
# state, whether it ends in the target's square).
N = TypeVar("N", Position, Square, int)
Best = dict[tuple[N, bool], tuple[int, int, tuple[N, bool] | None, bool]]
# A move the terrain allows: the new position, its first (from, to) step (where zones of
# control are judged), the squares entered, whether it must be the last, markers taken.
Allowed = tuple[int, tuple[Square, Square] | None, tuple[Square, ...], bool, int]


class MoveTable:
    """For one kind of mover on one battlefield: positions numbered as the search meets them
    (a number hashes faster than nested tuples) and the moves the terrain allows out of each."""

    def __init__(self) -> None:
        self.number: dict[Position, int] = {}
        self.positions: list[Position] = []
        self.moves: list[tuple[Allowed, ...] | None] = []
        # The battlefield's one-square steps (`PassageMap.exits`) by square and square entered.
        self.steps: dict[Square, dict[Square, tuple[bool, int]]] | None = None

    def index(self, position: Position) -> int:
        found = self.number.get(position)
        if found is None:
            found = self.number[position] = len(self.positions)
            self.positions.append(position)
            self.moves.append(None)
        return found


# By (footprint, unit type, Amphibious, Urban Fighter, Scout move, passages left freely).
MOVE_TABLES: PerBattlefield[dict[tuple[object, ...], MoveTable]] = PerBattlefield(lambda _: {})


def leaves_difficult(
    passage: PassageMap, pairs: tuple[tuple[Square, Square], ...], entered: tuple[Square, ...], free: frozenset[str]
) -> bool:
    """Whether a move starts with the counter's leading squares in a difficult passage: the
    squares its leading end steps from (the front going forwards, the rear going backwards,
    the swinging end of a pivot). A unit working its way through a difficult passage advances
    one square, then its Movement Action ends (HoN core p.18; SoN p.11); a counter of several
    squares is free of it once its leading end is out. Turning in place enters nothing. Out of
    SoN's Mud and Hedgerow (the ruleset's `free` symbols) it moves freely (SoN p.12)."""
    return any(passage.holds(s, free) and not passage.trench_free(s, t) for s, t in pairs if t in entered)


def trench_free(passage: PassageMap, pairs: tuple[tuple[Square, Square], ...], square: Square) -> bool:
    """Whether the counter enters `square` along a trench or through its access (BfC p.06)."""
    return any(t == square and passage.trench_free(s, t) for s, t in pairs)


def worked_through(
    passage: PassageMap, footprint: int, before: Position, after: Position, free: frozenset[str]
) -> bool:
    """Whether a Movement Action whose last point went from `before` to `after` ended because
    the counter was working its way out of a difficult passage (HoN core p.18), not because it
    entered one (or crossed a line that is one, BfC p.05)."""
    for new, pairs, entered in moves_from(before, footprint):
        if new == after or (footprint == 1 and new.squares == after.squares):
            return not any(passage.difficult(sq) for sq in entered) and leaves_difficult(passage, pairs, entered, free)
    return False
