"""The movement search (HoN core p.9-12, p.18; SoN p.7, p.12): cheapest paths over a mover's
tables (`terrain_moves`) among the other pieces it judged (`mover`), or the same search made
before when nothing it read changed (`path_search_memo`). It is the simulation's hot loop: a search
only walks tables."""

from __future__ import annotations

from collections.abc import Collection

from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import AROUND
from builder.heroes.rules.geometry.mover import Mover
from builder.heroes.rules.geometry.passage import Exits
from builder.heroes.rules.geometry.path_search_memo import Looked, Searches, around
from builder.heroes.rules.geometry.terrain_moves import Best, MoveTable
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import STEPS, Square

__all__ = ["SEARCHES", "recalled_any", "recalled_one", "search_any", "search_one"]


# Searches remembered with what they read: one-square units', then the others'.
SEARCHES: PerBattlefield[tuple[Searches[Best[Square]], Searches[Best[int]]]] = PerBattlefield(
    lambda _: (Searches(), Searches())
)


def recalled_one(mover: Mover, points: int, into: frozenset[Square]) -> Best[Square]:
    """`search_one`, or the same search made before from this square when nothing it read
    changed (geometry/path_search_memo.py)."""
    piece = mover.piece
    exits = mover.exits()
    kept, key = SEARCHES(mover.passage.battlefield)[0], (id(exits), piece.squares[0], piece.facing, points)
    best = kept.recall(key, exits, mover.looks(into))
    if best is None:
        moved_on: list[Square] = []  # the squares it moved on from
        best = _search_one(mover, points, into, moved_on)
        kept.keep(key, exits, best, lambda: _looked(moved_on, into), mover.looks(into))
    return best


def _looked(moved_on: Collection[Square], into: frozenset[Square]) -> Looked:
    """Where a search that moved on from the squares `moved_on` looked: around them, and
    where it could step into `into` from (next to it: more than it reads, never less)."""
    squares = around(moved_on)
    launching = squares.intersection(moved_on) & around(into) if into & squares else frozenset()
    return squares, launching


def recalled_any(mover: Mover, table: MoveTable, start: Position, points: int, into: frozenset[Square]) -> Best[int]:
    """`search_any`, or the same search made before (see `recalled_one`)."""
    kept, key = SEARCHES(mover.passage.battlefield)[1], (id(table), start, points)
    found = kept.recall(key, table, mover.looks(into))
    if found is None:
        best = found = search_any(mover, table, start, points, into)
        kept.keep(key, table, best, lambda: _looked_any(best, table, points, into), mover.looks(into))
    return found


def _looked_any(best: Best[int], table: MoveTable, points: int, into: frozenset[Square]) -> Looked:
    """`_looked` for a search over numbered positions, from the states it moved on from."""
    positions = table.positions
    moved_on = {
        square
        for state, found in best.items()
        if not state[1] and found[0] < points
        for square in positions[state[0]].squares
    }
    squares = around(moved_on)
    return squares, squares.intersection(moved_on) if into & squares else frozenset()


def search_any(mover: Mover, table: MoveTable, start: Position, points: int, into: frozenset[Square]) -> Best[int]:
    """Dijkstra over (numbered position, stopped) states, any footprint, move by move.
    Costs are whole points: a bucket per cost pops states in order."""
    blocked = mover.blocked
    zoc, none = mover.zoc, frozenset[str]()
    positions, moves = table.positions, table.moves
    first_state = table.states[table.index(start)][0]
    best: Best[int] = {first_state: (0, 0, None, False)}
    known = best.get
    zone_of = zoc.get
    # A state costing all the points is never moved on from, so it needs no bucket.
    buckets: list[list[tuple[int, bool]]] = [[first_state] if cost == 0 else [] for cost in range(points)]
    for cost, bucket in enumerate(buckets):
        for state in bucket:
            found = best[state]
            if cost > found[0]:
                continue
            found_markers = found[1]
            index = state[0]
            # SoN p.7: "an assault can only be launched from a free space".
            may_launch = bool(into) and mover.may_end(positions[index])
            # The terrain's moves, tabled on the first visit (a position may have none).
            allowed = moves[index] or mover.terrain_moves(table, index)
            for onward, halted, entered, first, spend, markers in allowed:
                assaulting = False
                for square in entered:
                    if square in into:
                        if not may_launch:
                            break
                        assaulting = True
                    elif square in blocked:
                        break
                else:
                    # HoN core p.11: into or out of an enemy infantry ZoC, never within one.
                    if (
                        zoc
                        and first
                        and not assaulting
                        and not zone_of(first[0], none).isdisjoint(zone_of(first[1], none))
                    ):
                        continue
                    spent = cost + spend
                    new_state = halted if assaulting else onward
                    old = known(new_state)
                    if old is None or spent < old[0]:
                        best[new_state] = (spent, found_markers + markers, state, assaulting)
                        if spent < points and not new_state[1]:
                            buckets[spent].append(new_state)
    return best


def search_one(mover: Mover, points: int, into: frozenset[Square]) -> Best[Square]:
    """`search_any` for a one-square unit, the policy's most frequent question: the same
    rules read from the battlefield's step table (`PassageMap.exits`, as `_steps`), in the
    same order, so it finds the same paths (tests/rules/test_movement_kernel.py compares
    them). The two loops share their last lines on purpose: a function call per step would
    double the cost of a search."""
    return _search_one(mover, points, into, [])


def _search_one(mover: Mover, points: int, into: frozenset[Square], moved_on: list[Square]) -> Best[Square]:
    """`search_one`, the squares of the states it moves on from put in `moved_on`: those
    not stopped whose cheapest cost leaves points (each is moved on from once, when its
    bucket is reached, as a state found cheaper later is skipped in its dearer bucket)."""
    expanded = moved_on.append
    piece = mover.piece
    states, steps = _steps(mover.exits(), piece.facing)
    blocked, taken = mover.blocked, mover.taken
    # A square of either is where a step needs a second look (an assault, or no step).
    stopping = into | blocked if into else blocked
    zoc, none = mover.zoc, frozenset[str]()
    start = piece.squares[0]
    # Costs are whole points: a bucket per cost pops states in order, as in `search_any`. A
    # state costing all the points is never moved on from, so it needs no bucket.
    first = states[start][0]
    best: Best[Square] = {first: (0, 0, None, False)}
    known = best.get
    zone_of = zoc.get
    buckets: list[list[tuple[Square, bool]]] = [[first] if cost == 0 else [] for cost in range(points)]
    for cost, bucket in enumerate(buckets):
        for state in bucket:
            here = state[0]
            found = best[state]
            if cost > found[0]:
                continue
            expanded(here)
            found_markers = found[1]
            here_zoc = zone_of(here) if zoc else None
            for there, onward, halted, spend, markers in steps[here]:
                if there in stopping:
                    if there not in into:
                        continue  # blocked
                    if here in taken:  # SoN p.7: only from a free space (`Mover.may_end`)
                        continue
                    new_state, assaulting = halted, True
                elif here_zoc and not here_zoc.isdisjoint(zone_of(there, none)):
                    continue  # HoN core p.11: never from one enemy ZoC square to another
                else:
                    new_state, assaulting = onward, False
                spent = cost + spend
                old = known(new_state)
                if old is None or spent < old[0]:
                    best[new_state] = (spent, found_markers + markers, state, assaulting)
                    if spent < points and not new_state[1]:
                        buckets[spent].append(new_state)
    return best


# A one-square step: the square entered, the state it leads to (stopping there or not, as
# the terrain says), the state an assault into it ends in, its cost (a point, and two per
# Suppressed marker, SoN p.12) and the markers taken.
Step = tuple[Square, tuple[Square, bool], tuple[Square, bool], int, int]
_DIRECTION = {STEPS[f]: f for f in range(8)}  # the facing of a step, by its offset


class States(dict[Square, tuple[tuple[Square, bool], tuple[Square, bool]]]):
    """Each square's two states (moving on, stopped), made once, when a search first meets it."""

    def __missing__(self, square: Square) -> tuple[tuple[Square, bool], tuple[Square, bool]]:
        made = self[square] = ((square, False), (square, True))
        return made


class Steps(dict[Square, tuple[Step, ...]]):
    """A battlefield's step table (`PassageMap.exits`) as `search_one` reads it: each square's
    steps with their states (`States`), in the order `moves_from` makes them from `facing`
    (grid.AROUND). Made square by square as searches move on from them: a game's searches
    cross a small part of the battlefield."""

    def __init__(self, exits: Exits, facing: int) -> None:
        super().__init__()
        self.exits, self.states = exits, States()
        self._rank = {(facing + turn) % 8: i for i, turn in enumerate(AROUND)}
        # Most squares have the same steps out (all eight, or those along an edge): their
        # order from `facing` is worked out once for each such set of offsets.
        self._orders: dict[tuple[tuple[int, int], ...], list[int]] = {}

    def __missing__(self, here: Square) -> tuple[Step, ...]:
        out = self.exits[here]
        c, r = here
        offsets = tuple((there[0] - c, there[1] - r) for there, _, _ in out)
        order = self._orders.get(offsets)
        if order is None:
            rank = self._rank
            order = self._orders[offsets] = sorted(range(len(out)), key=lambda i: rank[_DIRECTION[offsets[i]]])
        states = self.states
        made = self[here] = tuple(
            (there, states[there][stop], states[there][True], 1 + 2 * markers, markers)
            for there, stop, markers in map(out.__getitem__, order)
        )
        return made


# The step tables by the identity of the battlefield's table (`PassageMap.exits`) and the
# facing they are ordered from, kept with it so that no other object can take its identity.
_STEPS: dict[tuple[int, int], Steps] = {}
STEPS_KEPT = 64


def _steps(exits: Exits, facing: int) -> tuple[States, Steps]:
    """`exits` as `search_one` reads it from `facing` (`Steps`), with its states: a search
    meets every step many times, and a dictionary finds a key it holds by identity before
    comparing."""
    found = _STEPS.get((id(exits), facing))
    if found is None or found.exits is not exits:
        if len(_STEPS) >= STEPS_KEPT:
            _STEPS.clear()
        found = _STEPS[(id(exits), facing)] = Steps(exits, facing)
    return found.states, found
