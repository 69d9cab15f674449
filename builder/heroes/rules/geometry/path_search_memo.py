"""Movement searches remembered with what they read of the other pieces (geometry/path_search.py).

A search reads the other pieces only around the positions it moves on from: which squares
are blocked, which it would step into as an assault, which are taken (an assault starts
only from a free space, SoN p.7) and which zones of control cover them (HoN core p.11).
The same unit searches again from the same place often (its activation, then the Supply
Phase; a hold, then the next turn) while units far away moved. A search is deterministic and
reads nothing else, so when what it would read around those positions is the same, it
finds exactly the same: `Searches` answers it then, and searches only when something near
changed."""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Mapping
from typing import Generic, TypeVar

from builder.heroes.rules.geometry.grid import neighbours
from builder.heroes.rules.pieces import Square

B = TypeVar("B")
# What a search read: blocked squares, assault targets, taken squares, zones of control.
Seen = tuple[frozenset[Square], frozenset[Square], frozenset[Square], dict[Square, frozenset[str]]]
# Where a search looked: every square it read, and those it could launch an assault from.
Looked = tuple[frozenset[Square], frozenset[Square]]
SEARCHES_KEPT = 512  # per battlefield and kind of search; a game has about a hundred units' places


class _Around(dict[Square, frozenset[Square]]):
    """Each square with its neighbours, made when first asked for."""

    def __missing__(self, square: Square) -> frozenset[Square]:
        made = self[square] = frozenset((square, *neighbours(square)))
        return made


_AROUND = _Around()


def around(squares: Collection[Square]) -> frozenset[Square]:
    """The squares and their neighbours: every square a one-point move from them reads."""
    return frozenset().union(*map(_AROUND.__getitem__, squares))


class Reading:
    """What a search stepping into `into` reads of the other pieces (see the module docstring)."""

    __slots__ = ("blocked", "into", "taken", "zoc")

    def __init__(
        self,
        blocked: frozenset[Square],
        into: frozenset[Square],
        taken: frozenset[Square],
        zoc: Mapping[Square, frozenset[str]],
    ) -> None:
        self.blocked, self.into, self.taken, self.zoc = blocked, into, taken, zoc

    def seen(self, looked: Looked) -> Seen:
        """What it reads on the squares it looks at: `taken` only where it could launch an
        assault (where it is next to a square of `into`)."""
        squares, launching = looked
        return self.blocked & squares, self.into & squares, self.taken & launching, self._zones(squares)

    def sees(self, looked: Looked, saw: Seen) -> bool:
        """Whether it reads `saw` there again (`seen(looked) == saw`), the cheap sets first: a
        search is most often made again because a unit moved near it."""
        squares, launching = looked
        blocked, into, taken, zones = saw
        return (
            self.blocked & squares == blocked
            and self.into & squares == into
            and self.taken & launching == taken
            and self._zones(squares) == zones
        )

    def _zones(self, squares: frozenset[Square]) -> dict[Square, frozenset[str]]:
        zoc = self.zoc
        return {square: zoc[square] for square in zoc.keys() & squares} if zoc else {}


class _Kept(Generic[B]):
    """A search kept, with what it looked at and saw there, worked out when it is first
    recalled (`looking` and `reading` as it was made: a mover's sets never change): most
    searches are never asked for again."""

    __slots__ = ("best", "looked", "looking", "reading", "saw", "table")

    def __init__(self, table: object, best: B, looking: Callable[[], Looked], reading: Reading) -> None:
        self.table, self.best = table, best
        self.looking: Callable[[], Looked] | None = looking
        self.reading: Reading | None = reading
        self.looked: Looked | None = None
        self.saw: Seen | None = None

    def seen(self) -> tuple[Looked, Seen]:
        if self.looked is None or self.saw is None:
            assert self.looking is not None and self.reading is not None  # until worked out
            self.looked = self.looking()
            self.saw = self.reading.seen(self.looked)
            self.looking = self.reading = None  # the mover it read is let go
        return self.looked, self.saw


class Searches(Generic[B]):
    """Searches by where they start (and over which table of terrain moves), each with the
    squares it looked at and what it saw there."""

    def __init__(self) -> None:
        self._kept: dict[Hashable, _Kept[B]] = {}

    def recall(self, key: Hashable, table: object, reading: Reading) -> B | None:
        """The search kept for `key` over `table`, when `reading` the squares it looked at
        sees what it saw; else None."""
        kept = self._kept
        found = kept.get(key)
        if found is None or found.table is not table:
            return None
        looked, saw = found.seen()
        if not reading.sees(looked, saw):
            return None
        kept[key] = kept.pop(key)  # the last recalled are the last forgotten
        return found.best

    def keep(self, key: Hashable, table: object, best: B, looking: Callable[[], Looked], reading: Reading) -> None:
        """Keep `best`, a search over `table` that `looking` says where it looked and `reading`
        what it saw there, both asked only when it is recalled."""
        kept = self._kept
        kept.pop(key, None)
        if len(kept) >= SEARCHES_KEPT:
            # The least recently kept or recalled goes: a search is asked again while its
            # unit has not moved, and the memo of a long game outgrows this bound.
            del kept[next(iter(kept))]
        kept[key] = _Kept(table, best, looking, reading)
