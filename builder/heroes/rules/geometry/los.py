"""Line of sight (HoN core p.13-14, p.18-20; SoN p.8, p.11-12; BfC p.04-05).

A line of sight runs from the centre of the firer's square to the centre of the target's
square; a vehicle of several squares traces from and is aimed at the centre of any of its
squares or a point between two of them (HoN core p.13: the midpoint is taken; SoN p.8 names
only the centres). It is clear, obscured (a penalty for every obscuring square it passes through, even
partially, cumulative) or blocked. The firer's and the target's squares never count. A line
that passes exactly through an interspace touches the two squares on either side of it: it is
blocked only when both sides are, and otherwise takes the better side (HoN core p.13: "in all
cases, if a unit is in another unit's LoS, both units can see each other").

The geometry is exact and integer-only (`builder.heroes.rules.geometry.los_geometry`): `trace` walks
the squares a segment crosses, in half squares (see `builder.heroes.rules.geometry.sightmap` for the
compiled battlefield it reads)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.geometry.grid import distance
from builder.heroes.rules.geometry.holes import HOLE_PAGE, outside_the_hole
from builder.heroes.rules.geometry.los_geometry import (
    STRAIGHT,
    Point,
    centre,
    lines_between,
    squares_of,
    template,
)
from builder.heroes.rules.geometry.sightmap import Cost, Ends, Occupancy, SightMap, pages_of, sight_map
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.scenario.battlefield import Battlefield, PlacedLine
from builder.kernel.events import Modifier
from builder.kernel.frozen import made

__all__ = [
    "Occupancy",
    "Sight",
    "Visibility",
    "can_see",
    "line_of_sight",
    "sights",
    "trace",
]


class Visibility(StrEnum):
    CLEAR = "clear"
    OBSCURED = "obscured"
    BLOCKED = "blocked"


@dataclass(frozen=True)
class Sight:
    """What a firer sees of a target: clear, obscured with the penalties that apply (as
    Modifiers citing their page), or blocked with why and where."""

    visibility: Visibility
    firer_square: Square
    target_square: Square
    range: int  # squares counted with diagonals, the target's but not the firer's (HoN core p.14)
    modifiers: tuple[Modifier, ...] = ()
    obscuring: tuple[Square, ...] = ()  # the obscuring squares crossed, from the firer
    lines: tuple[PlacedLine, ...] = ()  # BfC lines crossed: combat reads their defensive bonus
    reason: str | None = None  # why it is blocked, one sentence
    blocked_at: frozenset[Square] = frozenset()  # a square, an edge's two squares, a corner's sides
    blocking_piece: str | None = None  # the key of the unit in the way

    @property
    def clear(self) -> bool:
        return self.visibility is Visibility.CLEAR

    @property
    def obscured(self) -> bool:
        return self.visibility is Visibility.OBSCURED

    @property
    def blocked(self) -> bool:
        return self.visibility is Visibility.BLOCKED

    @property
    def penalty(self) -> int:
        """The sum of the obscuring modifiers (0 or negative)."""
        return sum(m.value for m in self.modifiers)


Target = Piece | Square
TRACES_KEPT = 20_000  # lines remembered per battlefield (a few hundred a play-out; each holds a Sight)


class KeptTrace(NamedTuple):
    """The last line traced between two squares for given ends, kept in its battlefield's
    `SightMap.traces`. Tracing it again gives the same line as long as the same units (the
    same immutable pieces, or none, or units that would block it or not alike: `_alike`)
    stand on the squares where the walk looked for one: the walk reads nothing else that can
    change while the battlefield lives."""

    sight: Sight
    looked: tuple[Square, ...]  # where the walk looked for a unit, the ends' own squares left out
    found: tuple[Piece | None, ...]  # what stood there
    ends: Ends  # what the walk knew of its ends: the same for the same key, units or not


def trace(
    smap: SightMap, occupancy: Occupancy, a: Square, b: Square, ends: Ends, looked: list[Square] | None = None
) -> Sight:
    """The line of sight between the centres of `a` and `b` for these firer and target."""
    return trace_points(smap, occupancy, centre(a), centre(b), ends, looked)


def trace_points(
    smap: SightMap, occupancy: Occupancy, p: Point, q: Point, ends: Ends, looked: list[Square] | None = None
) -> Sight:
    """The line of sight from point `p` of the firer to point `q` of the target, `ends` made
    for the squares it leaves and reaches (`squares_of`); in one hole element, its corners
    block it (BfC p.04, geometry/holes.py). `looked`: see `_walk`."""
    a, b = ends.a, ends.b
    found = _walk(smap, occupancy, p, q, ends, looked)
    hole = ends.holes[0]
    if found.reason is None and hole >= 0 and ends.holes[1] == hole:
        corner = outside_the_hole(smap, a, b, hole)
        if corner:
            where = ", ".join(f"[{c}, {r}]" for c, r in sorted(corner))
            found.block(f"A corner of the hole at {where} blocks the line inside it ({HOLE_PAGE}).", corner)
    return _sight(smap, a, b, ends, found)


def _walk(
    smap: SightMap, occupancy: Occupancy, p: Point, q: Point, ends: Ends, looked: list[Square] | None = None
) -> Cost:
    """What the segment from `p` to `q` meets, square by square from the square it leaves,
    up to the first thing that blocks it; `looked` collects the squares where a unit standing
    there would have counted."""
    width, squares, east, south = smap.width, smap.squares, smap.east, smap.south
    units = occupancy.indexed(width) if occupancy.at else None
    x, y = ends.a
    at = x + y * width
    found = Cost()
    ignored = ends.own
    # Whether the line is blocked is asked only after something was met (an edge, an
    # interspace with something on a side, terrain or a unit): nothing else changes `found`.
    for kind, sx, sy, delta, on_east, offset in template(q[0] - p[0], q[1] - p[1], p[0] % 2, p[1] % 2, width):
        nx, ny = x + sx, y + sy
        if kind == STRAIGHT:
            edge = (east if on_east else south)[at + offset]
            if edge is not None:
                smap.cross(edge, (x, y), (nx, ny), ends, found)
                if found.reason is not None:
                    break
        else:
            _through_interspace(smap, occupancy, (x, y), (nx, ny), ends, found, looked)
            if found.reason is not None:
                break
        at += delta
        here = (nx, ny)
        if here not in ignored:
            if looked is not None:
                looked.append(here)
            info = squares[at]
            # A unit stands here exactly when its index is occupied (`Occupancy.indexed`).
            unit = units is not None and at in units
            if info is not None or unit:
                if info is not None:
                    smap.enter_square(info, here, ends, found)
                if unit:
                    smap.enter_unit(here, ends, occupancy, found)
                if found.blocked():
                    break
        x, y = nx, ny
    return found


def _through_interspace(
    smap: SightMap,
    occupancy: Occupancy,
    here: Square,
    there: Square,
    ends: Ends,
    found: Cost,
    looked: list[Square] | None,
) -> None:
    """A line passing exactly through the interspace between `here` and the diagonal square
    `there` touches the two squares on either side of it: it is blocked only when both sides
    are, and otherwise takes the better side (HoN core p.13). What it meets is added to `found`."""
    (x, y), (nx, ny) = here, there
    if looked is not None:  # both sides of the interspace (`SightMap.route`)
        looked.extend(side for side in ((nx, y), (x, ny)) if smap.inside(side) and side not in ends.own)
    via_b = smap.route(x, y, nx, y, nx, ny, ends, occupancy)
    via_c = smap.route(x, y, x, ny, nx, ny, ends, occupancy) if via_b is not None else None
    if via_b is None or via_c is None:
        return  # one side is clear: the line passes on that side
    best = via_b if via_b.rank() <= via_c.rank() else via_c
    if best.reason is not None:
        best.blocked_at = frozenset({(nx, y), (x, ny)})
        corner = [max(x, nx), max(y, ny)]
        best.reason = f"Obstacles stand on both sides of the interspace {corner}: {best.reason}"
    found.add(best)


def _sight(smap: SightMap, a: Square, b: Square, ends: Ends, found: Cost) -> Sight:
    if found.reason is None and found.contour is not None and not found.elevated:
        found.reason = (
            "The line of sight crosses a contour line and neither unit is adjacent to it: fire "
            "across it reaches only one square beyond the line (BfC p.05)."
        )
        found.blocked_at = found.contour
    span = distance(a, b)
    lines = tuple(smap.lines[i] for i in found.lines) if found.lines else ()
    # Made without a frozen dataclass's setattr for each field: one for every line traced.
    if found.reason is not None:
        return made(
            Sight,
            visibility=Visibility.BLOCKED,
            firer_square=a,
            target_square=b,
            range=span,
            modifiers=(),
            obscuring=(),
            lines=lines,
            reason=found.reason,
            blocked_at=found.blocked_at,
            blocking_piece=found.piece,
        )
    modifiers = tuple(found.modifiers)
    return made(
        Sight,
        visibility=Visibility.OBSCURED if modifiers else Visibility.CLEAR,
        firer_square=a,
        target_square=b,
        range=span,
        modifiers=modifiers,
        obscuring=tuple(found.obscuring),
        lines=lines,
        reason=None,
        blocked_at=frozenset(),
        blocking_piece=None,
    )


def _ends_of(thing: Target) -> tuple[tuple[Square, ...], UnitType | None]:
    if isinstance(thing, Piece):
        return thing.squares, thing.type
    return (thing,), None


# The firer's and the target's squares and types: what a trace's `Ends` are made of.
_Pair = tuple[tuple[Square, ...], tuple[Square, ...], UnitType | None, UnitType | None]


def sights(
    battlefield: Battlefield | SightMap,
    occupancy: Occupancy | Iterable[Piece],
    firer: Target,
    target: Target,
    ruleset: Ruleset,
) -> list[Sight]:
    """The line of sight from every square of the firer to every square of the target (a
    vehicle traces from and to any square it occupies, or any point between them, HoN core
    p.13), best first: not blocked, then the smallest penalty, then the shortest (HoN core
    p.14: a doubt "is settled by tracing the shortest LoS possible"). A bare square is seen as
    an infantry unit."""
    smap, occ, pair = _setting(battlefield, occupancy, firer, target)
    firer_squares, target_squares = pair[0], pair[1]
    if len(firer_squares) == 1 and len(target_squares) == 1:
        return [_traced(smap, occ, centre(firer_squares[0]), centre(target_squares[0]), pair, ruleset)]
    lines, _ = lines_between(firer_squares, target_squares, ruleset.los_between_centres)
    found = [_traced(smap, occ, p, q, pair, ruleset) for p, q in lines]
    found.sort(key=_rank)
    return found


def _rank(sight: Sight) -> tuple[bool, int, int]:
    return sight.blocked, -sight.penalty, sight.range


def _setting(
    battlefield: Battlefield | SightMap, occupancy: Occupancy | Iterable[Piece], firer: Target, target: Target
) -> tuple[SightMap, Occupancy, _Pair]:
    """The battlefield's tables, the occupancy and the two ends of a sight, checked."""
    smap = battlefield if isinstance(battlefield, SightMap) else sight_map(battlefield)
    occ = occupancy if isinstance(occupancy, Occupancy) else Occupancy(occupancy)
    firer_squares, firer_type = _ends_of(firer)
    target_squares, target_type = _ends_of(target)
    if not firer_squares or not target_squares:
        raise RulesError(Code.OFF_THE_BATTLEFIELD, "a unit off the battlefield has no line of sight")
    on_map = smap.on_map
    for ends in (firer_squares, target_squares):  # loops, not a list: asked for every line traced
        for sq in ends:
            if sq not in on_map:
                raise RulesError(Code.OFF_THE_BATTLEFIELD, f"[{sq[0]}, {sq[1]}] is not a square of the battlefield")
    return smap, occ, (firer_squares, target_squares, firer_type, target_type)


def _traced(smap: SightMap, occupancy: Occupancy, p: Point, q: Point, pair: _Pair, ruleset: Ruleset) -> Sight:
    """`trace_points` from `p` to `q`, the kept line when the same units stand where it looked
    (see `KeptTrace`), else traced afresh (from the kept line's ends, when there is one) and
    kept. A new battlefield (rubble, a cut hedge) has a new `SightMap`, and so nothing kept."""
    key = (p, q, pair, ruleset.infantry_screens, ruleset.line_spares_target, pages_of(ruleset))  # all `Ends` reads
    kept = smap.traces.get(key)
    at = occupancy.at
    if kept is not None:
        now = tuple(map(at.get, kept.looked))
        if now == kept.found:
            return kept.sight
        if _alike(smap, kept, now):
            smap.traces[key] = kept._replace(found=now)
            return kept.sight
        ends = kept.ends  # the key holds all it was made of
    else:
        a, b = squares_of(p, q)
        ends = smap.ends(a, b, *pair, ruleset)
    looked: list[Square] = []
    sight = trace_points(smap, occupancy, p, q, ends, looked)
    if len(smap.traces) >= TRACES_KEPT:
        smap.traces.clear()
    smap.traces[key] = KeptTrace(sight, tuple(looked), tuple(map(at.get, looked)), ends)
    return sight


def _alike(smap: SightMap, kept: KeptTrace, now: tuple[Piece | None, ...]) -> bool:
    """Whether the units standing `now` where a kept line looked would trace it alike: where
    one changed, neither blocks the line (a unit that does not is as good as none to it),
    or both do and would be named alike (the same unit, a wreck or not)."""
    ends = kept.ends
    for square, was, is_ in zip(kept.looked, kept.found, now, strict=True):
        if was is is_:
            continue
        stopped = was is not None and smap.stops(was, square, ends)
        if stopped != (is_ is not None and smap.stops(is_, square, ends)):
            return False
        if stopped and not (
            was is not None
            and is_ is not None
            and was.key == is_.key
            and was.unit is is_.unit
            and was.is_wreck == is_.is_wreck
        ):
            return False
    return True


def line_of_sight(
    battlefield: Battlefield | SightMap,
    occupancy: Occupancy | Iterable[Piece],
    firer: Target,
    target: Target,
    ruleset: Ruleset,
) -> Sight:
    """The best line of sight from `firer` (a piece or a square) to `target`: `sights(...)[0]`,
    tracing the lines in the same order but stopping at the first that no other can come
    before: clear (no penalty: an obscuring value is never negative), and as short as any
    line between the two counters (the shortest range of a square of one to a
    square of the other, which a line between their centres has). No later line ranks lower,
    and the sort `sights` makes is stable, so it is the one that would come first.

    `occupancy` is the pieces on the battlefield (or an `Occupancy` built from them once);
    the firer and the target themselves are ignored in it."""
    smap, occ, pair = _setting(battlefield, occupancy, firer, target)
    firer_squares, target_squares = pair[0], pair[1]
    if len(firer_squares) == 1 and len(target_squares) == 1:
        return _traced(smap, occ, centre(firer_squares[0]), centre(target_squares[0]), pair, ruleset)
    lines, shortest = lines_between(firer_squares, target_squares, ruleset.los_between_centres)
    best: Sight | None = None
    for p, q in lines:
        sight = _traced(smap, occ, p, q, pair, ruleset)
        if sight.visibility is Visibility.CLEAR and sight.range == shortest:
            return sight
        if best is None or _rank(sight) < _rank(best):
            best = sight
    assert best is not None  # every counter has a square: `_setting` checks it
    return best


def can_see(
    battlefield: Battlefield | SightMap,
    occupancy: Occupancy | Iterable[Piece],
    firer: Target,
    target: Target,
    ruleset: Ruleset,
) -> bool:
    return not line_of_sight(battlefield, occupancy, firer, target, ruleset).blocked
