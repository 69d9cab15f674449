"""The Scout move (HoN core p.26): after deploying, a unit with Scout may take a Movement Action
of the number printed in the symbol, disregarding difficult passages, with no Firing Action nor
assault, never ending adjacent to an objective or in its area. An Ambush unit may make it without
revealing itself.

hon's readings: every side's Scouts move once both sides have deployed, before the first Order
Phase, the side with the initiative first; it is a Movement Action outside the Activation Phase,
so no Opportunity Fire; units deployed off the battlefield (in reserve) make none; a Scout
transport carries its Scouts along."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.actions import movement
from builder.heroes.rules.actions.legality import refuse
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.game import MoveEvent
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.reach import Reach, reachable
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.setup.placement import objective_area
from builder.heroes.rules.state import Frame, GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

SCOUT = "scout"


def scout_moves(state: GameState, piece: Piece) -> Reach[Position] | Reach[Square] | Reach[int] | None:
    """Where the Scout move may end, with the path there; None for a unit without Scout."""
    value = piece.side.ability_value(SCOUT)
    if not value or not piece.squares or piece.embarked_in is not None:
        return None
    riders = [p for p in state.pieces.values() if p.embarked_in == piece.key]
    if any(not r.side.has(SCOUT) for r in riders):
        return None  # a Scout transport scouts with Scouts only aboard (HoN core p.27)
    return reachable(
        state.battlefield, state.pieces.values(), piece, state.ruleset, ignore_difficult=True, points=value
    )


def barred(state: GameState) -> frozenset[Square]:
    """Objectives' squares and those adjacent: no Scout move ends there."""
    return objective_area(state.scenario, state.battlefield)


def scout_paths(state: GameState, piece: Piece) -> tuple[Path, ...]:
    """Every Scout move the unit may make now (HoN core p.26), by destination."""
    moves = scout_moves(state, piece)
    if moves is None:
        return ()
    return tuple(path for _, path in sorted(moves.items()) if scout_refusal(state, piece, path) is None)


def scout_refusal(state: GameState, piece: Piece, path: Path) -> Refusal | None:
    """Why the unit may not make that Scout move, or None (HoN core p.26)."""
    moves = scout_moves(state, piece)
    end = path.destination
    code = None
    if moves is None:
        code = Code.NO_ABILITY
    elif end not in moves or moves[end] != path:
        code = Code.NOT_A_SCOUT_MOVE
    elif barred(state) & set(end.squares):
        code = Code.NEAR_AN_OBJECTIVE
    if code is None:
        return None
    return Refusal(code, state.ruleset.cite("scout"), unit=piece.key, other="Scout", squares=end.squares)


def scout(turn: Turn, key: str, path: Path) -> None:
    piece = turn.state.pieces[key]
    refuse(Code.MAY_NOT_SCOUT, scout_refusal(turn.state, piece, path))
    # An Ambush unit moves without revealing itself (p.26): no spotting on the way.
    before = len(turn.frames)
    movement.move(turn, piece, path, turned=piece.concealed, interruptible=False)
    for at, frame in enumerate(turn.frames[before:], start=before):
        if isinstance(frame.event, MoveEvent) and frame.event.unit == key:
            scouted = frame.event.model_copy(update={"scout_page": turn.state.ruleset.cite("scout")})
            turn.frames[at] = Frame(scouted, frame.pieces)
