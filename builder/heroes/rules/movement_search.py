"""The movement search (HoN core p.9-12, p.18; SoN p.7, p.12): cheapest paths over a mover's
tables (`move_tables`) among the other pieces it judged (`mover`), or the same search made
before when nothing it read changed (`searched`). It is the simulation's hot loop: a search
only walks tables."""

from __future__ import annotations

from builder.heroes.rules.footprint import Position
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.move_tables import Best, MoveTable
from builder.heroes.rules.mover import Mover
from builder.heroes.rules.pieces import Square
from builder.heroes.rules.searched import Searches, around

__all__ = ["SEARCHES", "recalled_any", "recalled_one", "search_any", "search_one"]


# Searches remembered with what they read: one-square units', then the others'.
SEARCHES: PerBattlefield[tuple[Searches[Best[Square]], Searches[Best[int]]]] = PerBattlefield(
    lambda _: (Searches(), Searches())
)


def recalled_one(mover: Mover, points: int, into: frozenset[Square]) -> Best[Square]:
    """`search_one`, or the same search made before from this square when nothing it read
    changed (searched.py)."""
    piece = mover.piece
    exits = mover.exits()
    kept, key = SEARCHES(mover.passage.battlefield)[0], (id(exits), piece.squares[0], points)
    best = kept.recall(key, exits, mover.looks(into))
    if best is None:
        best = search_one(mover, points, into)
        # The squares it moved on from (a state is expanded while it has points left).
        moved_on = [state[0] for state, found in best.items() if not state[1] and found[0] < points]
        squares = around(moved_on)
        # Where it could step into `into`: next to it (more than it reads, never less).
        launching = squares.intersection(moved_on) & around(into) if into & squares else frozenset()
        looked = (squares, launching)
        kept.keep(key, exits, looked, mover.looks(into)(looked), best)
    return best


def recalled_any(mover: Mover, table: MoveTable, start: Position, points: int, into: frozenset[Square]) -> Best[int]:
    """`search_any`, or the same search made before (see `recalled_one`)."""
    kept, key = SEARCHES(mover.passage.battlefield)[1], (id(table), start, points)
    best = kept.recall(key, table, mover.looks(into))
    if best is None:
        best = search_any(mover, table, start, points, into)
        positions = table.positions
        moved_on = {
            square
            for state, found in best.items()
            if not state[1] and found[0] < points
            for square in positions[state[0]].squares
        }
        squares = around(moved_on)
        launching = squares.intersection(moved_on) if into & squares else frozenset()
        looked = (squares, launching)
        kept.keep(key, table, looked, mover.looks(into)(looked), best)
    return best


def search_any(mover: Mover, table: MoveTable, start: Position, points: int, into: frozenset[Square]) -> Best[int]:
    """Dijkstra over (numbered position, stopped) states, any footprint, move by move.
    Costs are whole points: a bucket per cost pops states in order."""
    blocked = mover.blocked
    zoc, none = mover.zoc, frozenset[str]()
    positions, moves = table.positions, table.moves
    first_state = (table.index(start), False)
    best: Best[int] = {first_state: (0, 0, None, False)}
    buckets: list[list[tuple[int, bool]]] = [[first_state]]
    cost = 0
    while cost < len(buckets) and cost + 1 <= points:
        for state in buckets[cost]:
            found = best[state]
            if cost > found[0]:
                continue
            found_markers = found[1]
            index = state[0]
            may_launch: bool | None = None
            allowed = moves[index]  # the terrain's moves, tabled on the first visit
            if allowed is None:
                allowed = mover.terrain_moves(table, index)
            for new, first, entered, stop, markers in allowed:
                assaulting = False
                for square in entered:
                    if square in into:
                        # SoN p.7: "an assault can only be launched from a free space".
                        if may_launch is None:
                            may_launch = mover.may_end(positions[index])
                        if not may_launch:
                            break
                        assaulting = True
                    elif square in blocked:
                        break
                else:
                    # HoN core p.11: into or out of an enemy infantry ZoC, never within one.
                    if zoc and first and not assaulting and zoc.get(first[0], none) & zoc.get(first[1], none):
                        continue
                    spent = cost + 1 + 2 * markers
                    new_state = (new, stop or assaulting)
                    old = best.get(new_state)
                    if old is None or spent < old[0]:
                        best[new_state] = (spent, found_markers + markers, state, assaulting)
                        if not new_state[1]:
                            while len(buckets) <= spent:
                                buckets.append([])
                            buckets[spent].append(new_state)
        cost += 1
    return best


def search_one(mover: Mover, points: int, into: frozenset[Square]) -> Best[Square]:
    """`search_any` for a one-square unit, the policy's most frequent question: the same
    rules read from the battlefield's step table (`PassageMap.exits`), in the same order,
    so it finds the same paths (tests/rules/test_movement_kernel.py compares them). The
    two loops share their last lines on purpose: a function call per step would double
    the cost of a search."""
    piece = mover.piece
    exits = mover.exits()
    blocked = mover.blocked
    zoc, none = mover.zoc, frozenset[str]()
    start = piece.squares[0]
    # Costs are whole points: a bucket per cost pops states in order, as in `search_any`.
    best: Best[Square] = {(start, False): (0, 0, None, False)}
    buckets: list[list[tuple[Square, bool]]] = [[(start, False)]]
    cost = 0
    while cost < len(buckets) and cost + 1 <= points:
        for state in buckets[cost]:
            here = state[0]
            found = best[state]
            if cost > found[0]:
                continue
            found_markers = found[1]
            here_zoc = zoc.get(here, none) if zoc else none
            may_launch: bool | None = None
            for there, stop, markers in exits[here]:
                assaulting = there in into
                if assaulting:
                    if may_launch is None:  # SoN p.7: only from a free space
                        may_launch = mover.may_end(Position((here,), piece.facing))
                    if not may_launch:
                        continue
                elif there in blocked:
                    continue
                elif here_zoc and here_zoc & zoc.get(there, none):
                    continue  # HoN core p.11: never from one enemy ZoC square to another
                spent = cost + 1 + 2 * markers
                new_state = (there, stop or assaulting)
                old = best.get(new_state)
                if old is None or spent < old[0]:
                    best[new_state] = (spent, found_markers + markers, state, assaulting)
                    if not new_state[1]:
                        while len(buckets) <= spent:
                            buckets.append([])
                        buckets[spent].append(new_state)
        cost += 1
    return best
