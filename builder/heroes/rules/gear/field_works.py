"""Field works (BfC p.08-09): Military Engineering's items and the Position option's Forward
Position, deployed during the game.

Military Engineering (BfC p.08): at the beginning or the end of its Movement Action the SdKfz
251/7 may deploy one of the items on its support option; an Engineer in its ZoC may, at the
beginning of its Movement Action, take one and move with it, and must deploy it at the end.
Barbed Hedgehogs go between two empty interspaces adjacent to the carrier (they do not negate a
line's terrain effect); an Advanced Position goes on an empty square of the carrier's ZoC, never
in a building, ruins, bunker, water or an impassable square.

Forward Position (BfC p.09, restricted to infantry): instead of a Firing or a Movement Action,
in the Activation or the Supply Phase, a unit places it on its own square, never inside a
building, rubble, a bunker, water or a square impassable to infantry.

hon's readings, where the tiles' symbols are lost: a position gives the infantry on its square a
defensive bonus of +2 (the catalogue's example for a defensive position's sandbags, HoN core
p.19), or the terrain's where that is more; the terrain there keeps its other effects (a hedgerow
stays one: the tile's hedgerow side). The positions are kept by the game state, not made terrain
elements, so the battlefield's tables are not worked out again. A hedgehog deployed is a
one-square barbed hedgehog line (BfC p.05, obstacle 1), adjacent to its carrier when it runs
along a side of the carrier's square; its interspaces are empty when no other line touches them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.terrain import Line, LineKind, TerrainEffects
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions import changes_of_state, movement
from builder.heroes.rules.actions.kinds import Deploy, Item
from builder.heroes.rules.actions.legality import allowed, refuse
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.game import WorksEvent
from builder.heroes.rules.geometry.grid import Point, edge_of_segment
from builder.heroes.rules.geometry.zoc import zone_among
from builder.heroes.rules.in_play import occupant_of
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.scenario.battlefield import PlacedLine

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

PAGE = "BfC p.08"
POSITION_PAGE = "BfC p.09"
MILITARY_ENGINEERING = "military-engineering"
ENGINEER = "engineer"
POSITION_BONUS = 2  # the tile's defensive bonus for infantry: hon's example (HoN core p.19's sandbags)
HEDGEHOG = TerrainEffects(
    obscures=1, difficult=True, impassable=[UnitType.LIGHT_VEHICLE, UnitType.HEAVY_VEHICLE]
)  # BfC p.05, the obstacle's value an example as in data/hon/terrain.yaml
NAMES = {
    Item.ADVANCED_POSITION: "Advanced Position",
    Item.BARBED_HEDGEHOG: "Barbed Hedgehog",
    Item.FORWARD_POSITION: "Forward Position",
}


def position_refusal(state: GameState, square: Square, infantry_only: bool) -> Refusal | None:
    """Why a position may not go on `square`, or None. `infantry_only`: the Forward Position's
    "any square Impassable to Infantry Units", else the Advanced Position's "any Impassable square"."""
    code = _ground_refusal(state, square, infantry_only)
    if code is None and square in state.positions:
        code = Code.TAKEN
    return None if code is None else Refusal(code, POSITION_PAGE if infantry_only else PAGE, square=square)


def _ground_refusal(state: GameState, square: Square, infantry_only: bool) -> Code | None:
    """Why the ground of `square` takes no position (BfC p.08-09), or None."""
    field = state.battlefield
    if square not in field.squares:
        return Code.OFF_THE_BATTLEFIELD
    element = field.element_at.get(square)
    effects = field.effects_at(square)
    if effects.building or effects.structure is not None:
        return Code.IN_A_BUILDING
    if element is not None and (element.key in state.ruined or element.terrain.id == "ruins"):
        return Code.IN_RUINS
    if effects.water:
        return Code.ON_WATER
    if effects.impassable_to_all or (infantry_only and UnitType.INFANTRY in effects.impassable):
        return Code.IMPASSABLE
    return None


def may_engineer(piece: Piece) -> bool:
    """Whether the unit may have an `engineering_source`: Military Engineering, or an
    Engineer standing on the battlefield."""
    return piece.side.has(MILITARY_ENGINEERING) or (
        piece.side.has(ENGINEER) and piece.embarked_in is None and bool(piece.squares)
    )


def engineering_source(state: GameState, piece: Piece) -> Piece | None:
    """The unit whose support option the items come from: the unit itself with Military
    Engineering, else the first unit of its side with it in whose ZoC this Engineer stands."""
    if piece.side.has(MILITARY_ENGINEERING):
        return piece
    if not may_engineer(piece):
        return None
    carriers = sorted((p for p in state.units(piece.owner) if p.side.has(MILITARY_ENGINEERING)), key=lambda p: p.key)
    return next(
        (
            c
            for c in carriers
            if set(piece.squares) & zone_among(state.battlefield, c, state.ruleset, state.pieces.values())
        ),
        None,
    )


def advanced_squares(state: GameState, carrier: Piece, pieces: Iterable[Piece] | None = None) -> list[Square]:
    """The empty squares of the carrier's ZoC an Advanced Position may go on; `pieces`: the
    units on the battlefield as they will stand, when not as they stand now."""
    around = state.pieces.values() if pieces is None else list(pieces)
    taken = state.occupant() if pieces is None else occupant_of(around)
    zone = zone_among(state.battlefield, carrier, state.ruleset, around)
    return sorted(sq for sq in zone if sq not in taken and position_refusal(state, sq, False) is None)


def hedgehog_refusal(state: GameState, carrier: Piece, segment: tuple[Point, Point]) -> Refusal | None:
    """Why a Barbed Hedgehog may not go along `segment` next to the carrier, or None (BfC p.08)."""
    try:
        edge = edge_of_segment(*segment)
    except ValueError:
        return Refusal(Code.NOT_NEIGHBOURING, PAGE, unit=carrier.key, square=segment[1])
    code = None
    if not edge & set(carrier.squares):
        code = Code.NOT_ADJACENT
    elif not edge <= state.battlefield.squares:
        code = Code.OFF_THE_BATTLEFIELD
    elif {p for placed in state.battlefield.lines for seg in placed.segments for p in seg} & set(segment):
        code = Code.TAKEN
    return None if code is None else Refusal(code, PAGE, unit=carrier.key, squares=tuple(sorted(edge)))


def deployments(state: GameState, piece: Piece) -> Iterator[Deploy]:
    """Field works deployed where the unit stands (BfC p.08-09): a Forward Position on its own
    square; by Military Engineering, an Advanced Position on each square of the carrier's ZoC
    it may go on and Barbed Hedgehogs along each side of its squares they may go along. A
    representative set: Military Engineering deploys as well at the beginning or the end of a
    Movement Action."""
    if not piece.squares:
        return
    found = [Deploy(Item.FORWARD_POSITION, piece.square)]
    source = engineering_source(state, piece)
    if source is not None and state.gear_for(source, Item.ADVANCED_POSITION.value) is not None:
        found += [Deploy(Item.ADVANCED_POSITION, square) for square in advanced_squares(state, piece)]
    if source is not None and state.gear_for(source, Item.BARBED_HEDGEHOG.value) is not None:
        found += [Deploy(Item.BARBED_HEDGEHOG, segment=segment) for segment in _sides(piece.squares)]
    yield from allowed(state, piece, found, deploy_refusal)


def _sides(squares: tuple[Square, ...]) -> list[tuple[Point, Point]]:
    """The four sides of each square, as the two interspaces at their ends, each once."""
    found: dict[tuple[Point, Point], None] = {}
    for c, r in squares:
        for side in (
            ((c, r), (c + 1, r)),
            ((c, r + 1), (c + 1, r + 1)),
            ((c, r), (c, r + 1)),
            ((c + 1, r), (c + 1, r + 1)),
        ):
            found[side] = None
    return list(found)


def deploy_refusal(state: GameState, piece: Piece, action: Deploy) -> Refusal | None:
    """Why the unit may not deploy the item so, or None: a Forward Position of its own on its
    own square instead of moving (BfC p.09); by Military Engineering, an item of its source's
    option, at the beginning of the source's own Movement Action or at the end of the move,
    where the move leaves the carrier (BfC p.08)."""
    if action.item is Item.FORWARD_POSITION:
        pool = state.gear_for(piece, Item.FORWARD_POSITION.value)
        refused = Refusal(Code.NO_MARKER, POSITION_PAGE, unit=piece.key, other=NAMES[action.item], value=1)
        if pool is None or not piece.is_infantry or piece.embarked_in is not None:
            return refused
        if action.path is not None or action.square != piece.square:
            return replace(refused, code=Code.OWN_SQUARE)
        return placement_refusal(state, piece, action)
    source = engineering_source(state, piece)
    if source is None or state.gear_for(source, action.item.value) is None:
        return Refusal(Code.NO_MARKER, PAGE, unit=piece.key, other=NAMES[action.item], value=1)
    if action.first and source is not piece:
        return Refusal(Code.AT_THE_END, PAGE, unit=piece.key, other=NAMES[action.item])
    if action.first or action.path is None or len(action.path.positions) < 2:
        return placement_refusal(state, piece, action)
    carrier = movement.arrived(piece, action.path)
    around = [carrier if p.key == piece.key else p for p in state.pieces.values()]
    return placement_refusal(state, carrier, action, around)


def placement_refusal(
    state: GameState, carrier: Piece, action: Deploy, pieces: Iterable[Piece] | None = None
) -> Refusal | None:
    """Why the item may not go where the action puts it from where the carrier stands, or
    None (BfC p.08-09); `pieces` as `advanced_squares` takes them."""
    page = POSITION_PAGE if action.item is Item.FORWARD_POSITION else PAGE
    square, segment = action.square, action.segment
    if action.item is Item.BARBED_HEDGEHOG:
        problem = Refusal(Code.NO_PLACE, page) if segment is None else hedgehog_refusal(state, carrier, segment)
    elif square is None:
        problem = Refusal(Code.NO_PLACE, page)
    else:
        problem = position_refusal(state, square, action.item is Item.FORWARD_POSITION)
        advanced = action.item is Item.ADVANCED_POSITION
        if problem is None and advanced and square not in advanced_squares(state, carrier, pieces):
            problem = Refusal(Code.NOT_IN_ZOC, page, square=square)
    return None if problem is None else replace(problem, unit=carrier.key, other=NAMES[action.item])


def deploy(turn: Turn, piece: Piece, action: Deploy) -> None:
    refuse(Code.MAY_NOT_DEPLOY, deploy_refusal(turn.state, piece, action))
    if action.item is Item.FORWARD_POSITION:
        _place(turn, piece, action, _pool(turn.state, piece, action))
        return
    state = turn.state
    source = engineering_source(state, piece)
    pool = _pool(state, source, action)
    if action.first:
        _place(turn, piece, action, pool)
    moves = action.path is not None and len(action.path.positions) > 1
    if moves and action.path is not None:
        movement.move(turn, piece, action.path, ends_action=action.first)
        if action.first:
            return
        moved = movement.moved_on(turn, piece.key, action.path)
        if moved is None:  # stopped or destroyed on the way: nothing is deployed
            changes_of_state.spot_all(turn, except_key=piece.key)
            return
        piece = moved
    if not action.first:
        _place(turn, piece, action, pool)
        if moves:
            changes_of_state.spot_all(turn, except_key=piece.key)


def _pool(state: GameState, source: Piece | None, action: Deploy) -> GearPool:
    """The markers the item comes from, checked by `deploy_refusal`."""
    pool = state.gear_for(source, action.item.value) if source is not None else None
    assert pool is not None  # deploy_refusal checked it
    return pool


def _place(turn: Turn, carrier: Piece, action: Deploy, pool: GearPool) -> None:
    state = turn.state
    field = state.battlefield
    page = POSITION_PAGE if action.item is Item.FORWARD_POSITION else PAGE
    refuse(Code.MAY_NOT_DEPLOY, placement_refusal(state, carrier, action))
    if action.item is Item.BARBED_HEDGEHOG:
        assert action.segment is not None  # placement_refusal checked it
        line = Line(kind=LineKind.HEDGEHOG, points=list(action.segment), effects=HEDGEHOG)
        state.battlefield = replace(field, lines=(*field.lines, PlacedLine(line, (action.segment,))))
        squares = tuple(sorted(edge_of_segment(*action.segment)))
    else:
        square = action.square
        assert square is not None  # placement_refusal checked it
        state.positions[square] = POSITION_BONUS
        squares = (square,)
    state.spend(pool)
    turn.add(
        WorksEvent(
            turn=state.turn,
            phase=turn.phase,
            side=carrier.owner,
            unit=carrier.key,
            item=action.item.value,
            squares=squares,
            page=page,
        )
    )
