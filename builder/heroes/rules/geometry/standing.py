"""Who stands where, kept up to date between movement searches (HoN core p.9-12; SoN p.5).

A Movement Action search needs the squares other pieces hold, by what they are (a wreck or
not, infantry or not, friend or enemy: `mover.Mover` judges each kind), and the zones of
control of the enemy infantry (HoN core p.11). Rebuilding both for every search re-reads
every piece on the battlefield, though between two searches only the piece that moved, was
suppressed or was destroyed changed. `Standing` keeps them for one battlefield and brings
them up to date from the pieces it is given: pieces never change (the game state replaces
them), so a piece still the very same object is skipped, and only those that differ are
taken off and put back. No hook in the game state is needed, whatever rule changes a piece.

What it hands out is never changed afterwards (frozensets, and zone maps rebuilt rather than
edited), so a mover kept from an earlier search still reads what it was built with."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import compress
from operator import is_not

from builder.heroes.rules.geometry.zoc import zone_of_control
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.scenario.battlefield import Battlefield

# A kind of piece, as a mover judges it: (a wreck, infantry, its allegiance).
Kind = tuple[bool, bool, str]
ZoneMap = dict[Square, frozenset[str]]


@dataclass
class _Held:
    """The squares the pieces of one kind hold, counted (a square may hold two of a kind
    for a moment, a vehicle running over infantry), with their set made when asked."""

    counts: dict[Square, int] = field(default_factory=dict)
    frozen: frozenset[Square] | None = None

    def add(self, squares: Iterable[Square], by: int) -> None:
        counts = self.counts
        for square in squares:
            left = counts.get(square, 0) + by
            if left:
                counts[square] = left
            else:
                del counts[square]
        self.frozen = None

    def squares(self) -> frozenset[Square]:
        if self.frozen is None:
            self.frozen = frozenset(self.counts)
        return self.frozen

    def without(self, squares: tuple[Square, ...]) -> frozenset[Square]:
        """The squares held by the others of the kind: those `squares` alone hold left out."""
        held = self.squares()
        alone = [sq for sq in squares if self.counts.get(sq) == 1]
        return held.difference(alone) if alone else held


@dataclass
class _Zones:
    """One allegiance's infantry zones of control, by piece, and the map they make: for
    every square, the keys of the units whose zone covers it. The map is edited as zones
    change, on a copy once it has been handed out."""

    by_piece: dict[str, frozenset[Square]] = field(default_factory=dict)
    map: ZoneMap = field(default_factory=dict)
    shared: bool = False

    def change(self, key: str, zone: frozenset[Square]) -> None:
        old = self.by_piece.get(key, frozenset())
        if old == zone:
            return
        if zone:
            self.by_piece[key] = zone
        else:
            del self.by_piece[key]
        if self.shared:
            self.map, self.shared = dict(self.map), False
        edited, one = self.map, frozenset((key,))
        for square in old - zone:
            left = edited[square] - one
            if left:
                edited[square] = left
            else:
                del edited[square]
        for square in zone - old:
            edited[square] = edited.get(square, frozenset()) | one

    def made(self) -> ZoneMap:
        self.shared = True
        return self.map


class Standing:
    """The pieces on one battlefield (those not embarked: a carried unit stands nowhere), by
    kind, with the zones of control of each allegiance's infantry under one ruleset."""

    def __init__(self, battlefield: Battlefield, ruleset: Ruleset) -> None:
        self.battlefield, self.ruleset = battlefield, ruleset
        self.pieces: dict[str, Piece] = {}  # by key (unique in a game), as last seen
        self.held: dict[Kind, _Held] = {}
        self.zones: dict[str, _Zones] = {}
        self.last: list[Piece] = []  # the pieces as last given, in their order

    def update(self, pieces: Collection[Piece]) -> None:
        """Bring everything up to date with `pieces`, the whole battlefield."""
        last, self.last = self.last, list(pieces)
        if len(last) == len(self.last):
            # Most often the same pieces in the same order, a few replaced: those are found
            # without a look at each piece, and when the same units stand as before (none
            # gone, come or carried), they are all there is to bring up to date.
            differ = list(map(is_not, self.last, last))
            now, before = list(compress(self.last, differ)), list(compress(last, differ))
            keys = _standing_keys(now)
            if keys is not None and keys == _standing_keys(before):
                for piece in now:
                    self._replace(piece)
                return
        known = self.pieces
        standing = 0
        for piece in self.last:
            if piece.embarked_in is not None:
                continue
            standing += 1
            self._replace(piece)
        if standing != len(known):  # some are gone: keys are unique, so the others are all here
            seen = {p.key for p in pieces if p.embarked_in is None}
            for key in [k for k in known if k not in seen]:
                self._hold(known[key], -1)
                self._zone(None, known.pop(key))

    def _replace(self, piece: Piece) -> None:
        """Bring a piece standing on the battlefield up to date, if it was replaced."""
        key = piece.key
        old = self.pieces.get(key)
        if old is not piece:
            self.pieces[key] = piece
            if old is not None and _same_place(old, piece):
                return
            if old is not None:
                self._hold(old, -1)
            self._hold(piece, 1)
            self._zone(piece, old)

    def _hold(self, piece: Piece, by: int) -> None:
        kind = _kind(piece)
        held = self.held.get(kind)
        if held is None:
            held = self.held[kind] = _Held()
        held.add(piece.squares, by)

    def _zone(self, piece: Piece | None, old: Piece | None) -> None:
        """Re-read the zone of control of a piece that changed (None: it is gone). A map is
        only made again when a zone really changed: a unit activated keeps its zone."""
        if old is not None and old.is_infantry and (piece is None or piece.allegiance != old.allegiance):
            self._set_zone(old.key, old.allegiance, frozenset())
        if piece is not None and piece.is_infantry:
            self._set_zone(piece.key, piece.allegiance, zone_of_control(self.battlefield, piece, self.ruleset))

    def _set_zone(self, key: str, allegiance: str, zone: frozenset[Square]) -> None:
        zones = self.zones.get(allegiance)
        if zones is None:
            zones = self.zones[allegiance] = _Zones()
        zones.change(key, zone)

    def kinds(self, without: str) -> Iterator[tuple[Kind, frozenset[Square]]]:
        """Each kind of piece with the squares it holds, the piece keyed `without` left out
        (the mover: it never stands in its own way)."""
        mover = self.pieces.get(without)
        own = _kind(mover) if mover is not None else None
        for kind, held in self.held.items():
            if not held.counts:
                continue
            if mover is not None and kind == own:
                yield kind, held.without(mover.squares)
            else:
                yield kind, held.squares()

    def exerting_against(self, allegiance: str) -> tuple[Piece, ...]:
        """The infantry units of other allegiances whose zone of control covers a square: the
        only ones whose zones units standing around may cut (zoc.cut_by_units)."""
        return tuple(
            self.pieces[key] for owner, zones in self.zones.items() if owner != allegiance for key in zones.by_piece
        )

    def zones_against(self, allegiance: str) -> ZoneMap:
        """For every square, the keys of the infantry units of other allegiances whose zone
        of control covers it. Shared: read it only."""
        maps = [zones.made() for owner, zones in self.zones.items() if owner != allegiance and zones.map]
        if len(maps) == 1:
            return maps[0]
        merged: dict[Square, frozenset[str]] = {}
        for zone_map in maps:  # several enemy teams (SoN p.10)
            for square, keys in zone_map.items():
                merged[square] = merged.get(square, frozenset()) | keys
        return merged


def _kind(piece: Piece) -> Kind:
    return (piece.is_wreck, piece.is_infantry, piece.allegiance)


def _standing_keys(pieces: Iterable[Piece]) -> frozenset[str] | None:
    """The keys of `pieces`, or None when one of them is carried (it stands nowhere)."""
    keys = []
    for piece in pieces:
        if piece.embarked_in is not None:
            return None
        keys.append(piece.key)
    return frozenset(keys)


def _same_place(old: Piece, new: Piece) -> bool:
    """Whether a piece replaced (an Activated marker, a card played on it) holds the same
    squares as the same kind with the same zone of control: what `zone_of_control` reads of
    it, its squares, type, side and Suppressed markers, unchanged."""
    return (
        old.squares == new.squares
        and old.suppressed == new.suppressed
        and old.side_index == new.side_index
        and old.unit is new.unit
        and old.allegiance == new.allegiance
    )


_STANDING: PerBattlefield[list[Standing]] = PerBattlefield(lambda _: [])


def standing(battlefield: Battlefield, ruleset: Ruleset, pieces: Collection[Piece]) -> Standing:
    """The battlefield's `Standing` under `ruleset`, brought up to date with `pieces`."""
    kept = _STANDING(battlefield)
    if not kept or kept[0].ruleset is not ruleset:
        kept[:] = [Standing(battlefield, ruleset)]
    found = kept[0]
    found.update(pieces)
    return found
