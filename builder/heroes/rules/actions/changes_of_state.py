"""Concealment: units spotted on the move and counters turned over (HoN core p.21; SoN p.17)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions import movement
from builder.heroes.rules.actions.kinds import ChangeState
from builder.heroes.rules.actions.legality import allowed
from builder.heroes.rules.errors import Code, Refusal, RulesError
from builder.heroes.rules.events.game import (
    FlipEvent,
    SpotEvent,
)
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.pieces import CONCEALED_MARKER, Piece, Square
from builder.heroes.rules.resolution.cover import AMBUSH_SPOTTER_PAGE
from builder.heroes.rules.resolution.spotting import (
    inactive,
    may_change_state,
    may_conceal_here,
    seen_clearly,
    spotter,
    turned_over,
)
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

SPOTTING_MOVERS = frozenset({UnitType.INFANTRY, UnitType.LIGHT_VEHICLE})  # SoN p.17


def spotted_on_the_way(turn: Turn, piece: Piece, path: Path) -> tuple[int, Piece, tuple[Square, ...]] | None:
    """The first position of the path a concealed mover is spotted on (its index), by whom
    and where: the conditions are checked on each square it moves into (HoN core p.21). It
    keeps its Active Side's Movement Value to the end (p.21), so the path stands."""
    if not piece.concealed:
        return None
    seen = Occupancy(p for p in turn.state.pieces.values() if p.key != piece.key)
    for index, position in enumerate(path.positions[1:], start=1):
        by = spotter(turn.state, piece.moved(position.squares, position.facing), seen)
        if by is not None:
            return index, by, position.squares
    return None


def spotting_on_the_way(turn: Turn, piece: Piece, path: Path) -> list[Piece]:
    """SoN p.17: the concealed enemies an infantry unit or light vehicle spots from a
    square it moves through (HoN checks at the end of the move only, `spot_all`)."""
    if not turn.state.ruleset.spot_on_every_square or piece.type not in SPOTTING_MOVERS:
        return []
    hidden = [p for p in turn.state.units() if p.allegiance != piece.allegiance and p.concealed]
    if not hidden:
        return []
    seen = Occupancy(p for p in turn.state.pieces.values() if p.key != piece.key)
    found: list[Piece] = []
    for position in path.positions[1:-1]:
        there = piece.moved(position.squares, position.facing)
        for other in hidden:
            if other not in found and spotter(turn.state, other, seen, [there]) is not None:
                found.append(other)
    return found


def tell_spotted(turn: Turn, piece: Piece, by: Piece, at: tuple[Square, ...], ambush: bool = False) -> None:
    """A SpotEvent: spotting (HoN core p.21), or an Ambush Spotter's (`ambush`, BfC p.08); a
    Concealed marker gives way to its counter (p.30)."""
    marker = CONCEALED_MARKER in piece.extra
    page = "HoN core p.30" if marker else AMBUSH_SPOTTER_PAGE if ambush else turn.state.ruleset.cite("spotting")
    turn.add(
        SpotEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            by=by.key,
            at=at,
            marker=marker,
            ambush=ambush,
            page=page,
        )
    )


def ambush_spot(turn: Turn, piece: Piece) -> None:
    """Ambush Spotter (BfC p.08): "When this unit is Activated with an Order Token, it may
    reveal one or more concealed units to which it has a clear Line of Sight". The choice is
    the player's; hon reveals every one (a revealed unit can be shot at, HoN core p.21).
    Revealed as a spotted unit is: turned over onto its Inactive Side, told by a SpotEvent."""
    for hidden in seen_clearly(turn.state, piece):
        turn.state.pieces[hidden.key] = inactive(hidden)
        tell_spotted(turn, hidden, piece, hidden.squares, ambush=True)


def spot_all(turn: Turn, except_key: str | None = None) -> None:
    """At the end of a unit's Movement Action, every other concealed unit an enemy now
    spots turns over (HoN core p.21: a Forced Move)."""
    for key in sorted(turn.state.pieces):
        piece = turn.state.pieces[key]
        if key == except_key or not piece.concealed:
            continue
        by = spotter(turn.state, piece)
        if by is not None:
            turn.state.pieces[key] = inactive(piece)
            tell_spotted(turn, piece, by, piece.squares)


def changes_of_state(state: GameState, piece: Piece) -> Iterator[ChangeState]:
    """Turning the counter over (HoN core p.21): where it stands (a zero move), then before
    or after each Movement Action in reach, the move before it by the side it turns to."""
    if not may_change_state(piece):
        return
    found = [ChangeState()]
    found += [ChangeState(move.path) for move in movement.moves(state, piece)]
    found += [ChangeState(move.path, first=True) for move in movement.moves(state, turned_over(piece))]
    yield from allowed(state, piece, found, change_refusal)


def change_refusal(state: GameState, piece: Piece, action: ChangeState) -> Refusal | None:
    """Why the unit may not turn over so, or None: a counter that may change state
    (`may_change_state`), an Amphibious Ambush unit turning to its concealed side only in
    water (SoN p.17), where it turns over."""
    if not may_change_state(piece):
        return _no_other_side(state, piece)
    moved = action.path is not None and len(action.path.positions) > 1 and not action.first
    where = movement.arrived(piece, action.path) if moved and action.path is not None else piece
    if turned_over(piece).concealed and not may_conceal_here(state, where):
        return Refusal(Code.NOT_IN_WATER, state.ruleset.cite("amphibious-ambush"), unit=piece.key)
    return None


def _no_other_side(state: GameState, piece: Piece) -> Refusal:
    """No Active and Inactive Sides with Tripod or Ambush up to turn over between (HoN core p.21)."""
    return Refusal(Code.NO_SUCH_SIDE, state.ruleset.cite("change-of-state"), unit=piece.key)


def change_state(turn: Turn, piece: Piece, action: ChangeState) -> None:
    """Turn the counter over at the start or the end of the Movement Action, once (HoN
    core p.21); a concealed unit turning over this way is not spotted but revealed."""
    if not may_change_state(piece):
        raise RulesError(Code.NO_ABILITY, _no_other_side(turn.state, piece))
    if action.path is not None and action.first:
        piece = _flip(turn, piece)
        movement.move(turn, piece, action.path, turned=True)
        return
    if action.path is not None and len(action.path.positions) > 1:
        if movement.move(turn, piece, action.path, ends_action=False):
            spot_all(turn, except_key=piece.key)
            return  # spotted on the way: it may not turn over again in this Movement Action
        moved = movement.moved_on(turn, piece.key, action.path)
        if moved is None:  # Opportunity Fire on the way: destroyed or stopped short, no turning over
            spot_all(turn, except_key=piece.key)
            return
        piece = moved
    _flip(turn, piece)
    spot_all(turn, except_key=piece.key)  # it moved into no square: checked when others move


def _flip(turn: Turn, piece: Piece) -> Piece:
    flipped = turned_over(piece)
    if flipped.concealed and not may_conceal_here(turn.state, piece):
        raise RulesError(
            Code.NOT_IN_WATER, Refusal(Code.NOT_IN_WATER, turn.state.ruleset.cite("amphibious-ambush"), unit=piece.key)
        )
    turn.state.pieces[piece.key] = flipped
    turn.add(
        FlipEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            state=flipped.side.state.value,
            concealed=flipped.concealed,
            page=turn.state.ruleset.cite("change-of-state"),
        )
    )
    return flipped
