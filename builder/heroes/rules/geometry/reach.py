"""Where a unit's Movement Action can end, and by which path (HoN core p.9-12, p.18-20; BfC
p.04-05; SoN p.5-7, p.11-12): `reachable` answers it for counters of one, two or four
squares (their one-point moves are in `footprint`), `assault_path` says by which path it
assaults, and a `Reach` holds each end with its cheapest path, read from a search's states
on demand.

It is the simulation's hot loop: what the terrain allows is tabled once per battlefield
(`PassageMap.exits` for one-square units, `terrain_moves.MoveTable` for the rest), other
pieces are judged once per search (`mover`), so a search (`path_search`) only walks tables."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Generic

from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.mover import Mover
from builder.heroes.rules.geometry.path import ASSAULT, DIFFICULT, Path, allowance
from builder.heroes.rules.geometry.path_search import recalled_any, recalled_one
from builder.heroes.rules.geometry.terrain_moves import Best, N, worked_through
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.scenario.battlefield import Battlefield

__all__ = ["Reach", "assault_path", "kept_cost", "one_square_ends", "reach", "reachable", "reachable_squares"]


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
    place = table.positions.__getitem__
    known = mover.ends_any.get((into, assault))  # kept, as `ends_one`: hundreds of states a vehicle
    if known is None:
        known = mover.ends_any[(into, assault)] = search_ends(found, place, mover.taken, assault)
    return Reach(mover, found, place, assault, known)


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
        raise RulesError(Code.OFF_THE_BATTLEFIELD, f"{piece.key} is not on the battlefield")
    return reach(_mover(battlefield, pieces, piece, ruleset, ignore_difficult, run_over, bonus, points, windows))


# What `_mover` knows a mover by: the identities of the pieces, the piece and the ruleset,
# then its options (ignore_difficult, run_over, bonus, points, windows).
MoverKey = tuple[tuple[int, ...], int, int, bool, bool, int, int | None, bool]
# Movers by the very pieces they move among (see `_mover`), per battlefield.
_MOVERS: PerBattlefield[dict[MoverKey, tuple[list[Piece], Mover]]] = PerBattlefield(lambda _: {})
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
    key = _mover_key(standing, piece, ruleset, ignore_difficult, run_over, bonus, points, windows)
    kept = _MOVERS(battlefield)
    found = kept.get(key)
    if found is not None:
        return found[1]
    if len(kept) >= MOVERS_KEPT:
        kept.clear()
    mover = Mover(battlefield, standing, piece, ruleset, ignore_difficult, run_over, bonus, points, windows)
    kept[key] = (standing, mover)
    return mover


def _mover_key(
    standing: list[Piece],
    piece: Piece,
    ruleset: Ruleset,
    ignore_difficult: bool,
    run_over: bool,
    bonus: int,
    points: int | None,
    windows: bool,
) -> MoverKey:
    """What `_mover` knows a mover by (`MoverKey`)."""
    return (tuple(map(id, standing)), id(piece), id(ruleset), ignore_difficult, run_over, bonus, points, windows)


def kept_cost(
    battlefield: Battlefield,
    pieces: Iterable[Piece],
    piece: Piece,
    ruleset: Ruleset,
    end: Position,
    bonus: int = 0,
    windows: bool = False,
) -> int | None:
    """`reachable(..., bonus=bonus, windows=windows).cost(end)`, read from a search already
    made among the same pieces with this bonus or a greater one (a policy weighing an action
    card's Alternate Bonus, HoN core p.17), when that search reached `end` within this move's
    points; else None. A search with more points makes the same steps, in the same order, up
    to this one's points (`path_search`: a bucket per cost), so it finds the same cheapest
    cost wherever that cost is within them: the answer is the one a search of its own gives."""
    points = allowance(piece)
    if points is None:
        return None
    standing = list(pieces)
    key = _mover_key(standing, piece, ruleset, False, False, bonus, None, windows)
    for kept, (_, mover) in _MOVERS(battlefield).items():
        # The piece's identity first: it tells most kept movers apart at once.
        if kept[1] != key[1] or kept[5] < bonus or kept[:5] != key[:5] or kept[6:] != key[6:]:
            continue
        cost = _kept_end_cost(mover, end)
        if cost is not None and cost <= points + bonus:
            return cost
    return None


def _kept_end_cost(mover: Mover, end: Position) -> int | None:
    """What `reach(mover).cost(end)` reads, from the plain move's search and ends `reach` kept
    on the mover; None when `end` is none of them, or `reach` has not been asked."""
    if mover.footprint == 1:
        ends_one = mover.ends_one.get((mover.assailable, False))
        one = ends_one.get(end) if ends_one is not None else None
        return None if one is None else mover.searched_one[mover.assailable][one][0]
    ends_any = mover.ends_any.get((frozenset(), False))
    state = ends_any.get(end) if ends_any is not None else None
    return None if state is None else mover.searched_any[frozenset()][state][0]


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


class Reach(Mapping[Position, Path], Generic[N]):
    """The positions a Movement Action can end in, each with its cheapest path. A mapping
    built on demand: a policy weighs every end but follows one path, so a path is only
    traced back when asked for."""

    def __init__(
        self,
        mover: Mover,
        best: Best[N],
        place: Callable[[N], Position],
        assault: bool,
        ends: dict[Position, tuple[N, bool]] | None = None,
    ) -> None:
        self._mover = mover
        self._best: Best[N] = best
        self._place: Callable[[N], Position] = place
        self._ends: dict[Position, tuple[N, bool]] = (
            search_ends(best, place, mover.taken, assault) if ends is None else ends
        )

    def __getitem__(self, position: Position) -> Path:
        state = self._ends[position]
        cost, markers, _, assaulting = self._best[state]
        chain: list[Position] = []
        at: tuple[N, bool] | None = state
        while at is not None:
            chain.append(self._place(at[0]))
            at = self._best[at][2]
        positions = tuple(reversed(chain))
        why = (ASSAULT if assaulting else DIFFICULT) if state[1] else None
        through = why == DIFFICULT and len(positions) > 1 and not self._mover.ignore_difficult
        if through:
            mover = self._mover
            through = worked_through(mover.passage, mover.footprint, positions[-2], positions[-1], mover.free)
        return Path(positions, cost, markers, why, through)

    def __iter__(self) -> Iterator[Position]:
        return iter(self._ends)

    def __len__(self) -> int:
        return len(self._ends)

    def __contains__(self, position: object) -> bool:
        return position in self._ends

    def cost(self, position: Position) -> int:
        """Movement points spent reaching `position`, without tracing its path."""
        return self._best[self._ends[position]][0]

    def keeping(self, keep: Callable[[Position], bool]) -> Reach[N]:
        """The same search with only the ends `keep` accepts (Jump and Flying, leaping.py)."""
        ends = {position: state for position, state in self._ends.items() if keep(position)}
        return Reach(self._mover, self._best, self._place, False, ends)


def search_ends(
    best: Best[N], place: Callable[[N], Position], taken: frozenset[Square], assault: bool
) -> dict[Position, tuple[N, bool]]:
    """`Reach`'s ends: the cheapest state of each position where the move may end (not on
    `taken` squares, `Mover.may_end`, unless it assaults), in search order."""
    ends: dict[Position, tuple[N, bool]] = {}
    known, free = ends.get, taken.isdisjoint
    for state, (cost, _, _, assaulting) in best.items():
        if assaulting != assault:
            continue
        position = place(state[0])
        if not assault and not free(position.squares):
            continue
        old = known(position)
        if old is None or best[old][0] > cost:
            ends[position] = state
    return ends


def one_square_ends(
    best: Best[Square], taken: frozenset[Square], facing: int, assault: bool
) -> dict[Position, tuple[Square, bool]]:
    """`search_ends` for a one-square search, each end's position made once per square and
    facing (`_Placed`): a policy weighs every end of every search."""
    placed = _PLACED.get(facing)
    if placed is None:
        placed = _PLACED[facing] = _Placed(facing)
    return search_ends(best, placed.__getitem__, taken, assault)


class _Placed(dict[Square, Position]):
    """A one-square unit's position on each square, facing one way, made when first asked."""

    def __init__(self, facing: int) -> None:
        super().__init__()
        self.facing = facing

    def __missing__(self, square: Square) -> Position:
        position = self[square] = Position((square,), self.facing)
        return position


_PLACED: dict[int, _Placed] = {}  # by facing
