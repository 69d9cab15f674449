"""Movement Actions (HoN core p.9-12, p.18-20; BfC p.04-05; SoN p.5-6, p.11-12): the public
questions, where a unit can move (`reachable`) and by which path it assaults (`assault_path`).

`reachable` answers "where can this unit end its Movement Action, and by which path?" for
counters of one, two or four squares (their one-point moves are in `builder.heroes.rules.geometry.footprint`).
It is the simulation's hot loop: what the terrain allows is tabled once per battlefield
(`PassageMap.exits` for one-square units, `terrain_moves.MoveTable` for the rest), other pieces
are judged once per search (`mover`), so a search (`path_search`) only walks tables."""

from __future__ import annotations

from collections.abc import Iterable

from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.mover import Mover
from builder.heroes.rules.geometry.path import Path, allowance
from builder.heroes.rules.geometry.path_search import recalled_any, recalled_one
from builder.heroes.rules.geometry.reach import Reach, one_square_ends
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.scenario.battlefield import Battlefield

__all__ = ["assault_path", "reach", "reachable", "reachable_squares"]


def reach(
    mover: Mover, into: frozenset[Square] = frozenset(), assault: bool = False
) -> Reach[Position] | Reach[Square] | Reach[int]:
    """Where the Movement Action can end (`assault`: the moves that end stepping into
    `into`, the defender's squares), with the cheapest path to each."""
    start = Position(mover.piece.squares, mover.piece.facing)
    points = allowance(mover.piece)
    if points is not None:
        points = mover.points if mover.points is not None else points + mover.bonus
    if points is None or points <= 0:
        return Reach(mover, {(start, False): (0, 0, None, False)}, _same, assault)
    if mover.footprint == 1:
        # A step into an enemy's square it may not enter ends there as an assault and
        # goes no further, so searching with every such square as a target changes none
        # of the other states: the one search answers every question of this activation.
        if into <= mover.assailable:
            into = mover.assailable
        one = mover.searched_one.get(into)
        if one is None:
            one = mover.searched_one[into] = recalled_one(mover, points, into)
        facing = start.facing
        # The ends too are kept: the policy asks again for the same search (an assault
        # weighed, then a move). A Reach only reads them.
        ends = mover.ends_one.get((into, assault))
        if ends is None:
            ends = mover.ends_one[(into, assault)] = one_square_ends(one, mover.taken, facing, assault)
        return Reach(mover, one, lambda sq: Position((sq,), facing), assault, ends)
    table = mover.table
    found = mover.searched_any.get(into)
    if found is None:
        found = mover.searched_any[into] = recalled_any(mover, table, start, points, into)
    return Reach(mover, found, table.positions.__getitem__, assault)


def _same(position: Position) -> Position:
    return position


def reachable(
    battlefield: Battlefield,
    pieces: Iterable[Piece],
    piece: Piece,
    ruleset: Ruleset,
    *,
    ignore_difficult: bool = False,
    run_over: bool = False,
    bonus: int = 0,
    points: int | None = None,
    windows: bool = False,
) -> Reach[Position] | Reach[Square] | Reach[int]:
    """Every position `piece` can end a Movement Action in, with the cheapest path there.

    The start is always there (a 0 move). `pieces` is everyone on the battlefield (the mover
    among them or not). `ignore_difficult`: a Scout move (HoN core p.26), a Tactical Map (BfC
    p.09): no Difficult Passage stops it, a line that is one neither (BfC p.05). `run_over`: let a
    vehicle end on infantry, which must then make a Forced Move (HoN core p.10). `bonus`:
    squares added to the allowance (an action card's Alternate Bonus, HoN core p.17);
    `points`: the move's own length instead (a card's Forced Move of 2 squares, which
    Suppressed markers do not shorten); `windows`: it may go through a building's windows (a
    Surprise card, p.17). A unit whose Movement Value is X never moves (p.9)."""
    if not piece.squares:
        raise ValueError(f"{piece.key} is not on the battlefield")
    return reach(_mover(battlefield, pieces, piece, ruleset, ignore_difficult, run_over, bonus, points, windows))


# Movers by the very pieces they move among (see `_mover`), per battlefield.
_MOVERS: PerBattlefield[dict[tuple[object, ...], tuple[list[Piece], Mover]]] = PerBattlefield(lambda _: {})
MOVERS_KEPT = 32


def _mover(
    battlefield: Battlefield,
    pieces: Iterable[Piece],
    piece: Piece,
    ruleset: Ruleset,
    ignore_difficult: bool,
    run_over: bool,
    bonus: int = 0,
    points: int | None = None,
    windows: bool = False,
) -> Mover:
    """The `Mover` for these pieces, kept while they stand: within one activation the
    policy asks for assaults, then for a move, of one unit among the same pieces. Pieces
    never change (the game state replaces them), so the same objects mean the same
    battlefield: they are known by identity, and kept with the mover so that no other
    object can take their identity while it is remembered."""
    standing = list(pieces)
    key = (tuple(map(id, standing)), id(piece), id(ruleset), ignore_difficult, run_over, bonus, points, windows)
    kept = _MOVERS(battlefield)
    found = kept.get(key)
    if found is not None:
        return found[1]
    if len(kept) >= MOVERS_KEPT:
        kept.clear()
    mover = Mover(battlefield, standing, piece, ruleset, ignore_difficult, run_over, bonus, points, windows)
    kept[key] = (standing, mover)
    return mover


def reachable_squares(
    battlefield: Battlefield, pieces: Iterable[Piece], piece: Piece, ruleset: Ruleset, **options: bool
) -> dict[Square, Path]:
    """`reachable` keyed by the front square: the handy form for one-square units."""
    found: dict[Square, Path] = {}
    for position, path in reachable(battlefield, pieces, piece, ruleset, **options).items():
        old = found.get(position.square)
        if old is None or path.cost < old.cost:
            found[position.square] = path
    return found


def assault_path(
    battlefield: Battlefield,
    pieces: Iterable[Piece],
    piece: Piece,
    target: Piece,
    ruleset: Ruleset,
    windows: bool = False,
) -> Path | None:
    """The cheapest Movement Action ending with a step into `target`'s square, or None.

    The last step ignores zones of control (HoN core p.11: "a unit can try to move within an
    enemy ZoC to enter the square occupied by an opponent as part of an Assault") and needs a
    movement point like any other (SoN p.7). `windows`: through buildings' windows too (a
    Surprise card per window, HoN core p.17)."""
    mover = _mover(battlefield, pieces, piece, ruleset, False, False, windows=windows)
    into = frozenset(target.squares)
    found = reach(mover, into, assault=True)  # it may also hold assaults on other enemies
    paths = (found[end] for end in found if not into.isdisjoint(end.squares))
    return min(paths, key=lambda p: (p.cost, len(p.positions)), default=None)
