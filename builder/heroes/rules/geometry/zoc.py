"""Zones of control (HoN core p.11-12, p.20; SoN p.5, p.12).

A unit's zone of control is the squares around it that it has a clear or obscured line of
sight to, except impassable squares (HoN core p.11). A building's walls and windows stop it;
it reaches through a door in HoN (core p.20) but never leaves a building in SoN (p.5); in SoN
a unit on a door's outside space bars the building's doors it holds (p.12, `_doors_held`). A
suppressed unit's ZoC affects no one (HoN core p.12) and an embarked unit has none (p.27);
vehicles exert one in HoN that hinders no movement, none in SoN (Ruleset.zoc_exerted_by).

Trenches (BfC p.06): "Units in Trenches are not affected by the ZoC of units outside the
Trench and vice versa. The ZoC of a unit present in a Trench is limited to the element": a
ZoC never reaches from a trench's squares to others, nor into them from outside.

A ZoC is worked out from the terrain, kept per battlefield; the units standing around cut it
only through a corner: a diagonal square is left out when the line of sight through the
interspace meets obstacles on both sides, units included (HoN core p.11, p.13-14: "All
Vehicles always block LoS", infantry between infantry; a square is seen as infantry). Adjacent
squares across an edge cross nothing between them, so units never cut those
(`cut_by_units`, for the zones that hinder movement)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.geometry.grid import edge_key, is_diagonal, neighbours
from builder.heroes.rules.geometry.los import trace
from builder.heroes.rules.geometry.passage import PassageMap, passage_map
from builder.heroes.rules.geometry.sightmap import Occupancy, sight_map
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.scenario.battlefield import Battlefield

_NOBODY = Occupancy()
_DIAGONALS = ((-1, -1), (-1, 1), (1, -1), (1, 1))
ZONE_MAPS_KEPT = 256  # combined zones remembered per battlefield
# Whether the units on the two sides of a diagonal cut it, by squares and kinds of units (`cut_by_units`).
_CORNERS: PerBattlefield[dict[tuple[object, ...], bool]] = PerBattlefield(lambda _: {})


def _crosses(passage: PassageMap, s: Square, n: Square, ruleset: Ruleset) -> bool:
    """Whether a ZoC reaches from `s` to the neighbour `n` past the buildings' outlines."""
    inside_s, inside_n = passage.building_of.get(s, -1), passage.building_of.get(n, -1)
    if inside_s == inside_n:
        return True
    return not is_diagonal(s, n) and ruleset.zoc_through_doors and edge_key(s, n) in passage.doors


def holds_zone(piece: Piece, ruleset: Ruleset) -> bool:
    """Whether `piece` has a zone of control at all: not a suppressed unit's (HoN core p.12),
    an embarked one's (p.27), a wreck's, nor a unit of a type that exerts none (see the module)."""
    return (
        bool(piece.squares)
        and piece.embarked_in is None
        and not piece.suppressed
        and piece.unit.type in ruleset.zoc_exerted_by
        and not piece.is_wreck
    )


def zone_of_control(battlefield: Battlefield, piece: Piece, ruleset: Ruleset) -> frozenset[Square]:
    """The squares `piece` holds in its zone of control (other units do not cut it, see the
    module docstring)."""
    if not holds_zone(piece, ruleset):
        return frozenset()
    passage = passage_map(battlefield)
    # A ZoC depends on the terrain and where the unit stands, not on other units (see the
    # module docstring): kept with the battlefield's movement tables, which live as long.
    key = (piece.squares, piece.unit.type, ruleset.zoc_through_doors)
    cached = passage.zones.get(key)
    if cached is not None:
        return cached
    smap = sight_map(battlefield)
    own = set(piece.squares)
    found: set[Square] = set()
    for square in piece.squares:
        for near in neighbours(square):
            if near in own or near in found or near not in battlefield.squares:
                continue
            if battlefield.impassable_to(near, UnitType.INFANTRY):
                continue
            if not _crosses(passage, square, near, ruleset):
                continue
            if passage.trench_of.get(square, -1) != passage.trench_of.get(near, -1):
                continue  # BfC p.06: a trench's ZoC stays inside it, none enters it
            ends = smap.ends(square, near, piece.squares, (near,), piece.unit.type, None, ruleset)
            if not trace(smap, _NOBODY, square, near, ends).blocked:
                found.add(near)
    if not ruleset.zoc_through_doors:
        found |= _doors_held(passage, piece.squares, found)
    zone = passage.zones[key] = frozenset(found)
    return zone


def cut_by_units(
    battlefield: Battlefield,
    zones: dict[Square, frozenset[str]],
    exerting: tuple[Piece, ...],
    occupancy: Occupancy,
    ruleset: Ruleset,
) -> dict[Square, frozenset[str]]:
    """The `zones` less the diagonal squares whose line of sight from the exerting unit is
    blocked through the interspace by obstacles on both sides, the units of `occupancy`
    among them (HoN core p.11, p.14). Traced again only where a unit stands on a corner
    square; the same mapping back when nothing is cut. `zones` holds each exerting unit's
    own zone (`zone_of_control`), as every caller builds it."""
    at = occupancy.at
    # The whole answer is kept too, with the units beside the exerting units' squares: for
    # the same zones and units, only those are read (`_cut_around`), and between two
    # searches of one side the other side's units stay while most moves end far from them.
    whole = _WHOLE(battlefield)
    key = (id(zones), id(ruleset), *map(id, exerting))
    known = whole.get(key)
    if known is not None:
        watched = known[1]
        beside = tuple(map(at.get, watched))
        ids = tuple(map(id, beside))
        if ids == known[2]:
            return known[3]
    else:
        watched = tuple(frozenset().union(*[_beside(square) for piece in exerting for square in piece.squares]))
        beside = tuple(map(at.get, watched))
        ids = tuple(map(id, beside))
        if len(whole) >= WHOLE_KEPT:
            whole.clear()
    cut = _cut_by_units(battlefield, zones, exerting, at, ruleset, occupancy)
    # The objects its key names are kept with it, so that no other takes their identity.
    whole[key] = ((zones, ruleset, exerting, beside), watched, ids, cut)
    return cut


@cache
def _beside(square: Square) -> tuple[Square, ...]:
    """The four squares across an edge of `square`."""
    c, r = square
    return (c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)


_Whole = tuple[tuple[object, ...], tuple[Square, ...], tuple[int, ...], dict[Square, frozenset[str]]]
_WHOLE: PerBattlefield[dict[tuple[int, ...], _Whole]] = PerBattlefield(lambda _: {})
WHOLE_KEPT = 64


def _cut_by_units(
    battlefield: Battlefield,
    zones: dict[Square, frozenset[str]],
    exerting: tuple[Piece, ...],
    at: dict[Square, Piece],
    ruleset: Ruleset,
    occupancy: Occupancy,
) -> dict[Square, frozenset[str]]:
    """`cut_by_units` worked out, square by square."""
    kept = _CUT(battlefield)
    if len(kept) >= CUTS_KEPT:
        kept.clear()
    cut: dict[Square, set[str]] = {}
    for piece in exerting:
        # What is kept below is by the unit's place and type, not by whether it holds a zone now.
        if not holds_zone(piece, ruleset):
            continue
        for square in piece.squares:
            c, r = square
            # The units on the four squares beside it: a diagonal is cut only through two of them.
            west, east, north, south = at.get((c - 1, r)), at.get((c + 1, r)), at.get((c, r - 1)), at.get((c, r + 1))
            if west is None and east is None and north is None and south is None:
                continue
            # What is cut around the square depends only on the unit's place and type (its
            # zone: `zone_of_control`), what of the units beside it `_cut_around` reads (their
            # kinds, and whether they are the unit itself) and the ruleset (kept with the
            # answer so that no other object takes its identity while it is remembered):
            # pieces are replaced at every marker, the kinds beside a square seldom change.
            own = piece.key
            key = (
                square,
                piece.squares,
                piece.unit.type,
                id(ruleset),
                _beside_kind(west, own),
                _beside_kind(east, own),
                _beside_kind(north, own),
                _beside_kind(south, own),
            )
            found = kept.get(key)
            if found is None:
                nears = _cut_around(battlefield, zones, piece, square, (west, east, north, south), occupancy, ruleset)
                found = kept[key] = (ruleset, nears)
            for near in found[1]:
                cut.setdefault(near, set()).add(own)
    if not cut:
        return zones
    # A copy with the cut squares edited: the movement search asks this for every search,
    # and only a few squares are cut among the many a side's zones cover.
    edited = dict(zones)
    for square, gone in cut.items():
        left = zones[square] - gone
        if left:
            edited[square] = left
        else:
            del edited[square]
    return edited


# What units beside a square cut of the zone of the unit standing on it (`cut_by_units`):
# by the unit's place and type, its neighbours' kinds and the ruleset, kept with it.
_Beside = tuple[Piece | None, Piece | None, Piece | None, Piece | None]
_CUT: PerBattlefield[dict[tuple[object, ...], tuple[Ruleset, tuple[Square, ...]]]] = PerBattlefield(lambda _: {})


def _beside_kind(unit: Piece | None, own: str) -> tuple[object, ...] | None:
    """What `_cut_around` reads of a unit beside the square: nothing of none or of the unit
    itself (its other squares), else its kind (`_kind`)."""
    return None if unit is None or unit.key == own else _kind(unit)


CUTS_KEPT = 4096


def _cut_around(
    battlefield: Battlefield,
    zones: dict[Square, frozenset[str]],
    piece: Piece,
    square: Square,
    beside: _Beside,
    occupancy: Occupancy,
    ruleset: Ruleset,
) -> tuple[Square, ...]:
    """The diagonal squares of `piece`'s zone around `square` that the units `beside` it (west,
    east, north, south) cut (see `cut_by_units`)."""
    smap = sight_map(battlefield)
    known = _CORNERS(battlefield)
    if len(known) >= ZONE_MAPS_KEPT * 64:
        known.clear()
    terrain, width = smap.squares, smap.width
    own = piece.key
    west, east, north, south = beside
    c, r = square
    found: list[Square] = []
    for dc, dr in _DIAGONALS:
        u1, u2 = (west if dc < 0 else east), (north if dr < 0 else south)
        if u1 is not None and u1.key == own:
            u1 = None
        if u2 is not None and u2.key == own:
            u2 = None
        if u1 is None and u2 is None:
            continue
        near = (c + dc, r + dr)
        keys = zones.get(near)
        if keys is None or own not in keys:
            continue
        # Both sides must hold an obstacle: a unit, or terrain on a side without one
        # (both on the battlefield, as `near` in a zone is).
        if u1 is None and terrain[c + dc + r * width] is None:
            continue
        if u2 is None and terrain[c + (r + dr) * width] is None:
            continue
        # The answer depends only on the kinds of units on the two sides: kept per battlefield.
        kinds = (_kind(u1), _kind(u2))
        key = (square, near, piece.unit.type, ruleset.infantry_screens, kinds)
        blocked = known.get(key)
        if blocked is None:
            ends = smap.ends(square, near, piece.squares, (near,), piece.unit.type, None, ruleset)
            blocked = known[key] = trace(smap, occupancy, square, near, ends).blocked
        if blocked:
            found.append(near)
    return tuple(found)


def _kind(unit: Piece | None) -> tuple[object, ...] | None:
    """What of a unit beside a corner decides whether it cuts a line through it."""
    return None if unit is None else (unit.unit.type, unit.concealed, unit.is_wreck)


def zone_among(battlefield: Battlefield, piece: Piece, ruleset: Ruleset, pieces: Iterable[Piece]) -> frozenset[Square]:
    """`piece`'s zone of control with the other `pieces` on the battlefield cutting it at its
    corners (`cut_by_units`): the zone the rules that read one ZoC use (Defender, Engineer,
    Mine markers, Military Engineering)."""
    zone = zone_of_control(battlefield, piece, ruleset)
    if not zone:
        return zone
    mine = dict.fromkeys(zone, frozenset({piece.key}))
    return frozenset(cut_by_units(battlefield, mine, (piece,), Occupancy(pieces), ruleset))


def _doors_held(passage: PassageMap, squares: tuple[Square, ...], zone: set[Square]) -> set[Square]:
    """SoN p.12: "The ZoC of a unit on one of these outside spaces [those a door points from]
    prevents another unit from entering or leaving a building". hon's reading: a unit standing
    on a door's outside space holds, besides its zone, the inside space of every door of that
    building whose outside space it stands on or holds, so that no unit steps through such a
    door, in or out (a step from one ZoC square to another)."""
    inside_of = passage.building_of
    pairs = [  # (outside space, inside space) of every door
        (out, inside)
        for edge in passage.doors
        for out, inside in (tuple(edge), tuple(edge)[::-1])
        if out not in inside_of and inside in inside_of
    ]
    buildings = {inside_of[inside] for out, inside in pairs if out in squares}
    return {inside for out, inside in pairs if inside_of[inside] in buildings and (out in squares or out in zone)}


def zones_of_control(
    battlefield: Battlefield, exerting: Iterable[Piece], ruleset: Ruleset, occupancy: Occupancy | None = None
) -> dict[Square, frozenset[str]]:
    """For every square, the keys of the `exerting` units whose ZoC covers it. Remembered
    for the battlefield by what a zone depends on (see `zone_of_control`): between two moves
    of one side, the other side's zones do not change. The mapping is shared: read it only.
    With the `occupancy` of the battlefield, its units cut the zones through corners
    (`cut_by_units`)."""
    pieces = tuple(exerting)
    if occupancy is not None:
        return cut_by_units(battlefield, zones_of_control(battlefield, pieces, ruleset), pieces, occupancy, ruleset)
    passage = passage_map(battlefield)
    # The very same pieces (they never change: the game state replaces them) ask first, by
    # identity, without building the key below; kept with the map so no other object can
    # take their identity while it is remembered.
    same = (tuple(map(id, pieces)), id(ruleset))
    known = passage.zone_maps_by_pieces.get(same)
    if known is not None:
        return known[1]
    zones = _zones_of_control(battlefield, pieces, ruleset, passage)
    if len(passage.zone_maps_by_pieces) >= ZONE_MAPS_KEPT:
        passage.zone_maps_by_pieces.clear()
    passage.zone_maps_by_pieces[same] = ((pieces, ruleset), zones)
    return zones


def _zones_of_control(
    battlefield: Battlefield, pieces: tuple[Piece, ...], ruleset: Ruleset, passage: PassageMap
) -> dict[Square, frozenset[str]]:
    key = (
        ruleset.zoc_through_doors,
        ruleset.zoc_exerted_by,
        tuple((p.key, p.squares, p.suppressed, p.side_index, p.embarked_in) for p in pieces),
    )
    cached = passage.zone_maps.get(key)
    if cached is not None:
        return cached
    found: dict[Square, set[str]] = {}
    for piece in pieces:
        for square in zone_of_control(battlefield, piece, ruleset):
            found.setdefault(square, set()).add(piece.key)
    if len(passage.zone_maps) >= ZONE_MAPS_KEPT:
        passage.zone_maps.clear()
    zones = passage.zone_maps[key] = {square: frozenset(keys) for square, keys in found.items()}
    return zones
