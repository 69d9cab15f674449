"""Squares around a unit while an action resolves (HoN core p.9-12, p.15, p.18-20; BfC p.05,
p.08): where it may stand or step, the zones of control a Forced Move may not move within,
exit squares, the enemies and barbed hedgehogs in its reach, and squares named in event text."""

from __future__ import annotations

from collections.abc import Iterator

from builder.heroes.catalogue.terrain import LineKind
from builder.heroes.rules.abilities.registry import climbs_windows
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.geometry.grid import edge_of_segment, neighbours
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.geometry.zoc import zone_among, zones_of_control
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.combat import name
from builder.heroes.rules.resolution.damage import DamageLocation
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.models import ZoneKind


def exit_squares(state: GameState, side: str) -> frozenset[Square]:
    """The squares `side`'s units leave the battlefield from (its exit zones)."""
    return frozenset(
        sq
        for zone in state.scenario.zones
        if zone.side == side and zone.kind is ZoneKind.EXIT
        for sq in zone.area.cells()
        if sq in state.battlefield.squares
    )


def hedgehogs_in_reach(state: GameState, piece: Piece) -> list[int]:
    """The barbed hedgehog lines an Engineer may remove: a segment beside its squares or its
    ZoC (BfC p.05: "remove a Barbed Hedgehogs marker present in their ZoC")."""
    if not piece.side.has("engineer") or not piece.squares:
        return []
    near = set(piece.squares) | zone_among(state.battlefield, piece, state.ruleset, state.pieces.values())
    return [
        j
        for j, placed in enumerate(state.battlefield.lines)
        if placed.line.kind is LineKind.HEDGEHOG
        and any(sq in near for p, q in placed.segments for sq in edge_of_segment(p, q))
    ]


def may_stand(
    state: GameState, piece: Piece, squares: tuple[Square, ...], ignoring: frozenset[str] = frozenset()
) -> bool:
    """One unit per square, never a square the unit may not enter (HoN core p.9, p.18); an
    infantry unit may stand on a wreck's square (HoN core p.19). `ignoring`: units about to
    make way (infantry a vehicle runs over, p.10)."""
    passage = passage_map(state.battlefield)
    occupant = state.occupant()
    for square in squares:
        if square not in state.battlefield.squares or passage.refusal(square, piece.unit, piece.side) is not None:
            return False
        other = occupant.get(square)
        if other is not None and other.key in ignoring:
            continue
        if other is not None and other.key != piece.key and not (other.is_wreck and piece.is_infantry):
            return False
    return True


def refuse_damaged_tracks(piece: Piece, path: Path, page: str) -> None:
    """A heavy vehicle with a Tracks damage marker may no longer execute Movement Actions
    (HoN core p.15)."""
    if DamageLocation.TRACKS in piece.damage and len(path.positions) > 1:
        raise RulesError(
            Code.TRACKS_DAMAGED, f"the tracks of {name(piece)} are damaged: no more Movement Actions", page
        )


def may_step(
    state: GameState, piece: Piece, square: Square, windows: bool = False, origin: Square | None = None
) -> bool:
    """Whether a unit on a Forced Move may step into the neighbouring `square` from `origin`
    (its own square by default): no wall crossed, and a building left or entered only through
    a door (HoN core p.10, p.20) - or a window for an Urban Fighter (BfC p.08), and with
    `windows` (a Surprise card) only on the way out of the building it stands in: p.17 "allows
    you to exit a building during a Forced Move", not to enter one."""
    passage = passage_map(state.battlefield)
    start = piece.square if origin is None else origin
    urban = climbs_windows(piece.side)
    if passage.step_for(start, square, piece.unit.type, urban).allowed:
        return True
    inside = passage.building_of.get(start)
    leaving = inside is not None and passage.building_of.get(square) != inside
    return windows and leaving and passage.step_for(start, square, piece.unit.type, True).allowed


def may_step_out(state: GameState, piece: Piece, around: tuple[Square, ...], square: Square) -> bool:
    """Whether a unit put next to a vehicle's squares `around` (riders of a destroyed
    transport, HoN core p.27; a crew bailing out, p.21) may step into `square` from one of
    them on that Forced Move: through no wall, into a building only by a door."""
    return any(
        max(abs(a[0] - square[0]), abs(a[1] - square[1])) == 1 and may_step(state, piece, square, origin=a)
        for a in around
    )


def forced_move_zones(state: GameState, piece: Piece) -> dict[Square, frozenset[str]]:
    """The enemy zones of control a Forced Move of `piece` may not move within: only enemy
    infantry's hinder infantry (HoN core p.11-12; a vehicle's hinders no one, p.12)."""
    if not piece.is_infantry:
        return {}
    enemies = [p for p in state.units() if p.allegiance != piece.allegiance and p.is_infantry and p.embarked_in is None]
    others = Occupancy(p for p in state.pieces.values() if p.key != piece.key)
    return zones_of_control(state.battlefield, enemies, state.ruleset, others)


def enemies_in_reach(state: GameState, piece: Piece, reach: int) -> Iterator[Piece]:
    """Enemy units within `reach` squares of any of the piece's squares."""
    for other in state.enemies_of(piece.owner):
        if min(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a in piece.squares for b in other.squares) <= reach:
            yield other


def neighbours_of(squares: tuple[Square, ...]) -> list[Square]:
    """The squares next to a counter on `squares`, sorted."""
    found = {n for sq in squares for n in neighbours(sq)}
    return sorted(found - set(squares))
