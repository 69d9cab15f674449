"""The tables a movement search walks (HoN core p.9-10, p.18; BfC p.05-06; SoN p.11-12): the
moves the terrain allows out of each position, tabled once per battlefield and kind of
mover, and the states a search keeps. Other pieces are not in them: they move, the terrain
does not."""

from __future__ import annotations

from typing import TypeVar

from builder.heroes.rules.geometry.footprint import Position, moves_from
from builder.heroes.rules.geometry.passage import Exits, PassageMap
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Square

# A search's states are (node, must stop there): the node is a Position, its number in a
# move table, or for the one-square search its square. state -> (cost, markers, previous
# state, whether it ends in the target's square).
N = TypeVar("N", Position, Square, int)
Best = dict[tuple[N, bool], tuple[int, int, tuple[N, bool] | None, bool]]
# A search state of a numbered position: (its number, must stop there).
State = tuple[int, bool]
# A move the terrain allows, as the search reads it: the state it leads to (stopping there or
# not, as the terrain says), the state an assault into it ends in, the squares entered, its
# first (from, to) step (where zones of control are judged), its cost (a point, and two per
# Suppressed marker, SoN p.12) and the markers taken.
Allowed = tuple[State, State, tuple[Square, ...], tuple[Square, Square] | None, int, int]


class MoveTable:
    """For one kind of mover on one battlefield: positions numbered as the search meets them
    (a number hashes faster than nested tuples) and the moves the terrain allows out of each."""

    def __init__(self) -> None:
        # By position, or the plain tuple that equals it (`Mover._two_steps` looks up with one).
        self.number: dict[tuple[tuple[Square, ...], int], int] = {}
        self.positions: list[Position] = []
        self.moves: list[tuple[Allowed, ...] | None] = []
        # Each position's two states, made once: a dictionary finds a key it holds by identity.
        self.states: list[tuple[State, State]] = []
        # The battlefield's one-square steps (`PassageMap.exits`) by square and square entered.
        self.steps: OnwardSteps | None = None

    def index(self, position: Position) -> int:
        found = self.number.get(position)
        if found is None:
            found = self.number[position] = len(self.positions)
            self.positions.append(position)
            self.moves.append(None)
            self.states.append(((found, False), (found, True)))
        return found

    def allowed(
        self,
        position: Position,
        first: tuple[Square, Square] | None,
        entered: tuple[Square, ...],
        stop: bool,
        markers: int,
    ) -> Allowed:
        """A move into `position` the terrain allows (see `Allowed`)."""
        number = self.number.get(position)  # `index`, without a call for a position known
        states = self.states[self.index(position) if number is None else number]
        return states[stop], states[True], entered, first, 1 + 2 * markers, markers


class OnwardSteps(dict[Square, dict[Square, tuple[bool, int]]]):
    """A battlefield's one-square steps (`PassageMap.exits`) by square, then by square
    entered: whether the step stops the unit, and its markers. Made for a square when a
    search first moves on from it (none off the battlefield)."""

    def __init__(self, exits: Exits) -> None:
        super().__init__()
        self.exits = exits

    def __missing__(self, here: Square) -> dict[Square, tuple[bool, int]]:
        made = self[here] = {there: (stop, markers) for there, stop, markers in self.exits.get(here, ())}
        return made


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
