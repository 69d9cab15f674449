"""Cover: the terrain's and the Defender's defensive bonuses to a unit fired at (HoN core p.18; BfC p.08)."""

from __future__ import annotations

from collections.abc import Iterable

from builder.heroes.catalogue.units import DefenseColour, UnitType
from builder.heroes.rules.geometry.grid import edge_of_segment
from builder.heroes.rules.geometry.zoc import zone_among
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.combat import name
from builder.heroes.rules.resolution.structures import wreck_cover
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.battlefield import PlacedLine
from builder.kernel.events import Modifier


def cover(state: GameState, piece: Piece, squares: tuple[Square, ...] | None = None) -> int:
    """The terrain's defensive bonus for the piece's colour where it stands, or would stand on
    `squares` (HoN core p.18): `terrain_bonus` of its `cover_table`, read square by square
    instead of merging the table (the policy asks it for every target it weighs)."""
    squares = squares or piece.squares
    if not squares:
        return 0
    colour = piece.colour
    square = squares[0]
    first = _terrain_table(state, colour).get(square, 0)
    if colour is DefenseColour.INFANTRY:
        first = max(first, _in_play_at(state, square))  # `cover_table`'s merged value
    if len(squares) == 1 or not first:
        return first
    return first if _in_one_element(state, squares) else 0


def terrain_bonus(state: GameState, table: dict[Square, int], squares: tuple[Square, ...]) -> int:
    """The defensive bonus of `table` (a `cover_table`) for a counter on `squares`: "In order to
    receive any bonuses from a Terrain Element, a unit must be completely inside that Terrain
    Element" (HoN core p.18), so a counter of two or four squares has it only when every one
    of its squares is in the same element."""
    if not squares:
        return 0
    first = table.get(squares[0], 0)
    if len(squares) == 1 or not first:
        return first
    return first if _in_one_element(state, squares) else 0


def _in_one_element(state: GameState, squares: tuple[Square, ...]) -> bool:
    """Whether every square of a counter is in the element its first square is in."""
    at = state.battlefield.element_at
    element = at.get(squares[0])
    return all(at.get(sq) is element for sq in squares[1:])


def cover_table(state: GameState, colour: DefenseColour) -> dict[Square, int]:
    """The defensive bonus of every square for one colour (none for creatures), worked out
    once per battlefield: the policy weighs cover for every square it could move to."""
    table = _terrain_table(state, colour)
    extra = _in_play(state) if colour is DefenseColour.INFANTRY else None
    if extra:
        table = {**table, **{sq: max(table.get(sq, 0), bonus) for sq, bonus in extra.items()}}
    return table


def _terrain_table(state: GameState, colour: DefenseColour) -> dict[Square, int]:
    """The terrain elements' defensive bonus of every square for one colour, kept per battlefield."""
    bonuses = _BONUSES(state.battlefield)
    table = bonuses.get(colour)
    if table is None:
        field = state.battlefield
        table = bonuses[colour] = (
            {}
            if colour is DefenseColour.CREATURE
            else {sq: bonus for sq in field.squares if (bonus := field.effects_at(sq).defense.get(colour.value, 0))}
        )
    return table


def _in_play(state: GameState) -> dict[Square, int]:
    """Infantry's defensive bonus from what came into play, the best on each square: the
    positions deployed (BfC p.08-09) and the wrecks, terrain elements (HoN core p.19). A
    square's bonus is the best of the terrain's (0 without) and these."""
    found = dict(state.positions)
    for square, bonus in wreck_cover(state.wreck_terrain, state.pieces.values()).items():
        found[square] = max(found[square], bonus) if square in found else bonus
    return found


def _in_play_at(state: GameState, square: Square) -> int:
    """`_in_play`'s bonus on one square, 0 without: worked out for that square alone."""
    found = state.positions.get(square, 0)
    for piece in state.pieces.values():
        if piece.is_wreck and square in piece.squares:
            effects = state.wreck_terrain.get(piece.unit.type)
            found = max(found, effects.defense.get("infantry", 0) if effects is not None else 0)
    return found


_BONUSES: PerBattlefield[dict[DefenseColour, dict[Square, int]]] = PerBattlefield(lambda _: {})


DEFENDER_PAGE = CHARGE_PAGE = AMBUSH_SPOTTER_PAGE = "BfC p.08"


def defender_bonus(state: GameState, target: Piece) -> tuple[Modifier, ...]:
    """Defender (BfC p.08): "This unit grants +1 to the Defense Value of allied Infantry Units
    in its ZoC" - once, however many Defenders cover the target; a Defender does not cover
    itself (its ZoC is the squares around it)."""
    if target.unit.type is not UnitType.INFANTRY:
        return ()
    # Its side's units, then the fallen: "If this unit is Destroyed, this effect persists
    # until the end of the present Activation Phase" (BfC p.08).
    defender = _defender_of(state, target, state.pieces.values(), True) or _defender_of(
        state, target, state.fallen_defenders.values(), False
    )
    return (Modifier(f"Defender ({name(defender)})", 1, DEFENDER_PAGE),) if defender is not None else ()


def _defender_of(state: GameState, target: Piece, pieces: Iterable[Piece], units_only: bool) -> Piece | None:
    """The first of `pieces` (wrecks left out when `units_only`) that covers `target` as a
    Defender: a plain loop, the cheapest tests first, for the policy asks it of every target
    it weighs and few units are Defenders."""
    owner = target.owner
    for piece in pieces:
        if piece.owner != owner or not piece.side.has("defender") or piece.key == target.key:
            continue
        if units_only and piece.is_wreck:
            continue
        zone = zone_among(state.battlefield, piece, state.ruleset, state.pieces.values())
        if not zone.isdisjoint(target.squares):
            return piece
    return None


def line_bonus(state: GameState, firer: Piece, target: Piece, lines: tuple[PlacedLine, ...]) -> int:
    """The defensive bonus the BfC lines a shot crosses give its target (BfC p.04): each line
    (each segment of it, as if separate) adds its bonus for the target's colour, except when
    the firer is adjacent to that line ("A Line affects the Firing Actions of Units not
    adjacent to it") or the line bounds a terrain element (a trench), whose bonus then goes
    only to the units inside the element, through its squares (BfC p.04, point 5)."""
    if not lines or target.colour is DefenseColour.CREATURE:
        return 0
    colour = target.colour.value
    at = state.battlefield.element_at
    firer_squares = set(firer.squares)
    total = 0
    for placed in lines:
        bonus = placed.line.effects.defense.get(colour, 0)
        if not bonus:
            continue
        edges = [edge_of_segment(p, q) for p, q in placed.segments]
        if any(sq in firer_squares for edge in edges for sq in edge):
            continue
        if any(len({at[sq].key if sq in at else None for sq in edge}) > 1 for edge in edges):
            continue
        total += bonus
    return total


def _shared_cover(state: GameState, a: Piece, b: Piece) -> bool:
    """A firer or assaulter inside the same defensive position or building gets no bonus
    against (HoN core p.19-20)."""
    at = state.battlefield.element_at
    target = {at[sq].key for sq in b.squares if sq in at and at[sq].effects.shared_cover}
    return any(sq in at and at[sq].key in target for sq in a.squares)
