"""Where a Movement Action can end, each end with its cheapest path (HoN core p.9, p.18; SoN
p.7): a search's states read as positions and paths on demand."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Generic

from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.mover import Mover
from builder.heroes.rules.geometry.path import ASSAULT, DIFFICULT, Path
from builder.heroes.rules.geometry.terrain_moves import Best, N, worked_through
from builder.heroes.rules.pieces import Square

__all__ = ["Reach", "one_square_ends"]


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
        if ends is None:
            ends = {}
            taken = mover.taken  # where it may not end (`Mover.may_end`)
            for state, (cost, _, _, assaulting) in best.items():
                if assaulting != assault:
                    continue
                position = place(state[0])
                if not assault and not taken.isdisjoint(position.squares):
                    continue
                old = ends.get(position)
                if old is None or best[old][0] > cost:
                    ends[position] = state
        self._ends: dict[Position, tuple[N, bool]] = ends

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


def one_square_ends(
    best: Best[Square], taken: frozenset[Square], facing: int, assault: bool
) -> dict[Position, tuple[Square, bool]]:
    """`Reach`'s ends for a one-square search, worked out by square (a position per end, not
    per state): the cheapest state of each square where the move may end, in search order."""
    by_square: dict[Square, tuple[Square, bool]] = {}
    for state, (cost, _, _, assaulting) in best.items():
        if assaulting != assault:
            continue
        square = state[0]
        if not assault and square in taken:
            continue
        old = by_square.get(square)
        if old is None or best[old][0] > cost:
            by_square[square] = state
    # A one-square position made once per square and facing: a policy weighs every end of
    # every search.
    placed = _PLACED.get(facing)
    if placed is None:
        placed = _PLACED[facing] = {}
    ends: dict[Position, tuple[Square, bool]] = {}
    for square, state in by_square.items():
        position = placed.get(square)
        if position is None:
            position = placed[square] = Position((square,), facing)
        ends[position] = state
    return ends


_PLACED: dict[int, dict[Square, Position]] = {}  # by facing, then square
