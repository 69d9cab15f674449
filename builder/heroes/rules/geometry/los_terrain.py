"""Whether the terrain alone blocks the lines of sight between two counters (HoN core p.13,
p.18-20; SoN p.8; BfC p.04-05), kept per battlefield: a policy weighing every target skips
the ones it cannot see without tracing them.

`blocks` walks a line as `los._walk` does over a battlefield with no unit on it, asking only
whether something stops it: the same squares, edges and interspaces in the same order, the
same tests (`edge_blocks`, `square_blocks`), and no reason, penalty or line told, which the
answer does not need. Units standing in the way only ever add obstacles, so a line blocked
here is blocked whoever stands where."""

from __future__ import annotations

from builder.heroes.rules.geometry.los_geometry import STRAIGHT, Point, lines_between, squares_of, template
from builder.heroes.rules.geometry.sightmap import SightMap, edge_blocks, sight_map, square_blocks
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.scenario.battlefield import Battlefield

TERRAIN_BLOCKS_KEPT = 200_000  # pairs of placements remembered per battlefield
_NONE: frozenset[int] = frozenset()


def blocked_by_terrain(battlefield: Battlefield | SightMap, firer: Piece, target: Piece, ruleset: Ruleset) -> bool:
    """Whether the terrain alone blocks every line between the two counters, remembered for
    the battlefield. (The contour rule, BfC p.05, is judged on the whole line and is left to
    `line_of_sight`.) Remembered for the two placements in either order and whatever the
    units' types: what blocks a walk with no unit on the battlefield - terrain, walls,
    openings, lines - reads neither the types (they choose which units screen and which
    terrain obscures) nor the direction (the squares and interspaces crossed are the same both
    ways, and an end's building, an opening or a line next to an end counts for either end,
    HoN core p.13: "if a unit is in another unit's LoS, both units can see each other")."""
    smap = battlefield if isinstance(battlefield, SightMap) else sight_map(battlefield)
    one, other = firer.squares, target.squares
    key: object = None
    if len(one) == 1 and len(other) == 1:
        (c, r), (d, s) = one[0], other[0]
        width, height = smap.width, smap.height  # `SightMap.index`, inlined: asked for every target weighed
        if 0 <= c < width and 0 <= r < height and 0 <= d < width and 0 <= s < height:
            # Two squares, one line between their centres: kept by the squares' indices, the
            # smaller first (an int is hashed at once; most counters are of one square).
            i, j = c + r * width, d + s * width
            key = i * smap.size + j if i <= j else j * smap.size + i
    if key is None:
        key = (one, other, ruleset.los_between_centres) if one <= other else (other, one, ruleset.los_between_centres)
    found = smap.terrain_blocks.get(key)
    if found is None:
        if len(smap.terrain_blocks) >= TERRAIN_BLOCKS_KEPT:
            smap.terrain_blocks.clear()
        own = frozenset(one) | frozenset(other)
        lines, _ = lines_between(one, other, ruleset.los_between_centres)
        found = True
        for p, q in lines:
            if not blocks(smap, p, q, own):
                found = False
                break
        smap.terrain_blocks[key] = found
    return found


def blocks(smap: SightMap, p: Point, q: Point, own: frozenset[Square]) -> bool:
    """Whether terrain alone stops the segment from `p` to `q` (`own`: the two counters'
    squares, which never count): `los._walk` with nobody on the battlefield, blocked or not."""
    width, height, squares, east, south = smap.width, smap.height, smap.squares, smap.east, smap.south
    a, b = squares_of(p, q)
    info_a = squares[a[0] + a[1] * width] if 0 <= a[0] < width and 0 <= a[1] < height else None
    info_b = squares[b[0] + b[1] * width] if 0 <= b[0] < width and 0 <= b[1] < height else None
    buildings = (info_a.building if info_a else -1, info_b.building if info_b else -1)
    near_a, near_b = smap.lines_by_square.get(a, _NONE), smap.lines_by_square.get(b, _NONE)
    near = near_a | near_b if near_a and near_b else near_a or near_b  # no new set for most lines
    x, y = a
    at = x + y * width
    for kind, sx, sy, delta, on_east, offset in template(q[0] - p[0], q[1] - p[1], p[0] % 2, p[1] % 2, width):
        nx, ny = x + sx, y + sy
        if kind == STRAIGHT:
            edge = (east if on_east else south)[at + offset]
            if edge is not None and edge_blocks(smap, edge, a, b, near):
                return True
        elif _side_blocks(smap, x, y, nx, y, nx, ny, a, b, own, buildings, near) and _side_blocks(
            smap, x, y, x, ny, nx, ny, a, b, own, buildings, near
        ):
            return True  # both sides of the interspace, as `los._walk` takes the better one
        at += delta
        info = squares[at]
        if info is not None and (nx, ny) not in own and square_blocks(info, buildings):
            return True
        x, y = nx, ny
    return False


def _side_blocks(
    smap: SightMap,
    x: int,
    y: int,
    bx: int,
    by: int,
    nx: int,
    ny: int,
    a: Square,
    b: Square,
    own: frozenset[Square],
    buildings: tuple[int, int],
    near: frozenset[int],
) -> bool:
    """One side of an interspace, from (x, y) through (bx, by) to (nx, ny), as `SightMap.route`
    weighs it with nobody there: a side off the battlefield, or with nothing on it, is no way
    round (the line is then not blocked there)."""
    if not (0 <= bx < smap.width and 0 <= by < smap.height):
        return False
    first, second = smap.edge((x, y), (bx, by)), smap.edge((bx, by), (nx, ny))
    info = smap.squares[bx + by * smap.width] if (bx, by) not in own else None
    return (
        (first is not None and edge_blocks(smap, first, a, b, near))
        or (info is not None and square_blocks(info, buildings))
        or (second is not None and edge_blocks(smap, second, a, b, near))
    )
