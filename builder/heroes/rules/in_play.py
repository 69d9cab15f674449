"""The pieces on the battlefield, counting their changes, and what the rules work out from
them kept until the next change: who stands on each square (HoN core p.19), each team's
enemies (SoN p.10), who stands on each objective, the battlefield as a frame records it.

The rules ask these again and again between two changes (a policy weighs every unit against
every enemy; each action ends by looking who holds the objectives), and each answer reads
every piece. `Pieces` is the game state's dictionary of pieces: every way of changing a
dictionary counts a change, so an answer kept with the count it was worked out at is the
answer a fresh look would give as long as the count is the same. Pieces are immutable (the
game state replaces them), so nothing changes a piece behind the dictionary's back.

What is handed out is never changed afterwards (tuples, and a mapping nobody edits)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar, overload

from builder.heroes.rules.pieces import Piece, Square

T = TypeVar("T")


class Pieces(dict[str, Piece]):
    """The pieces on the battlefield by key; `changes` counts every change made to it."""

    # A class default: unpickling and copying put the items back before the instance's own
    # attributes, and they count their changes from here.
    changes = 0

    def __setitem__(self, key: str, value: Piece) -> None:
        dict.__setitem__(self, key, value)
        self.changes += 1

    def __delitem__(self, key: str) -> None:
        dict.__delitem__(self, key)
        self.changes += 1

    @overload
    def pop(self, key: str, /) -> Piece: ...

    @overload
    def pop(self, key: str, default: Piece, /) -> Piece: ...

    @overload
    def pop(self, key: str, default: T, /) -> Piece | T: ...

    def pop(self, key: str, /, *default: Any) -> Any:
        self.changes += 1
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Piece]:
        self.changes += 1
        return dict.popitem(self)

    def setdefault(self, key: str, default: Piece, /) -> Piece:
        self.changes += 1
        return dict.setdefault(self, key, default)

    def update(self, *args: Any, **kwargs: Piece) -> None:
        self.changes += 1
        dict.update(self, *args, **kwargs)

    def clear(self) -> None:
        self.changes += 1
        dict.clear(self)

    def __ior__(self, other: Any) -> Pieces:  # type: ignore[override,misc]
        self.changes += 1
        dict.update(self, other)
        return self


def occupant_of(pieces: Iterable[Piece]) -> dict[Square, Piece]:
    """Who stands on each square: a unit rather than the wreck it stands on (HoN core p.19),
    never a unit carried by a transport."""
    found: dict[Square, Piece] = {}
    for piece in pieces:
        if piece.embarked_in is not None:
            continue
        for square in piece.squares:
            if square not in found or found[square].is_wreck:
                found[square] = piece
    return found


def enemies_among(pieces: Iterable[Piece], team: str) -> tuple[Piece, ...]:
    """The units (not wrecks) of every allegiance but `team`'s (SoN p.10)."""
    return tuple(p for p in pieces if not p.is_wreck and p.allegiance != team)


class Kept:
    """Answers about one dictionary of pieces, each with the dictionary and the count of its
    changes it was worked out at. A plain dictionary (a test's game state) is read afresh
    every time: it counts no changes."""

    def __init__(self) -> None:
        self._occupant: tuple[Pieces, int, Mapping[Square, Piece]] | None = None
        self._snapshot: tuple[Pieces, int, tuple[Piece, ...]] | None = None
        self._enemies: dict[str, tuple[Pieces, int, tuple[Piece, ...]]] = {}
        self._holders: tuple[Pieces, int, Mapping[str, frozenset[Square]], Mapping[str, frozenset[str]]] | None = None

    def occupant(self, pieces: Mapping[str, Piece]) -> Mapping[Square, Piece]:
        if not isinstance(pieces, Pieces):
            return occupant_of(pieces.values())
        kept = self._occupant
        if kept is None or kept[0] is not pieces or kept[1] != pieces.changes:
            kept = self._occupant = (pieces, pieces.changes, occupant_of(pieces.values()))
        return kept[2]

    def snapshot(self, pieces: Mapping[str, Piece]) -> tuple[Piece, ...]:
        """Every piece, in the dictionary's order."""
        if not isinstance(pieces, Pieces):
            return tuple(pieces.values())
        kept = self._snapshot
        if kept is None or kept[0] is not pieces or kept[1] != pieces.changes:
            kept = self._snapshot = (pieces, pieces.changes, tuple(pieces.values()))
        return kept[2]

    def enemies(self, pieces: Mapping[str, Piece], team: str) -> tuple[Piece, ...]:
        if not isinstance(pieces, Pieces):
            return enemies_among(pieces.values(), team)
        kept = self._enemies.get(team)
        if kept is None or kept[0] is not pieces or kept[1] != pieces.changes:
            kept = self._enemies[team] = (pieces, pieces.changes, enemies_among(pieces.values(), team))
        return kept[2]

    def holders(
        self, pieces: Mapping[str, Piece], areas: Mapping[str, frozenset[Square]]
    ) -> Mapping[str, frozenset[str]]:
        """By area, the allegiances of the units (not wrecks) standing on its squares (SoN p.10):
        kept with the areas it was worked out for too."""
        kept = self._holders
        if (
            not isinstance(pieces, Pieces)
            or kept is None
            or kept[0] is not pieces
            or kept[1] != pieces.changes
            or kept[2] is not areas
        ):
            occupant = self.occupant(pieces)
            found = {key: holders_of(occupant, area) for key, area in areas.items()}
            if not isinstance(pieces, Pieces):
                return found
            kept = self._holders = (pieces, pieces.changes, areas, found)
        return kept[3]


def holders_of(occupant: Mapping[Square, Piece], area: Iterable[Square]) -> frozenset[str]:
    on = (occupant.get(sq) for sq in area)
    return frozenset(p.allegiance for p in on if p is not None and not p.is_wreck)
