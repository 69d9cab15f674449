"""Concealed markers (HoN core p.30, the Concealed order option, restricted to infantry): during
deployment, then at the beginning of any Supply Phase before units move, a side may assign one
to an infantry unit, which the marker replaces; it behaves as an infantry unit with the Ambush
ability (HoN core p.21) until spotted, when the unit counter is put back and the marker taken
back, to be used again from the next Supply Phase.

hon's readings: the marker moves, fires and is spotted with its unit's values (the marker's own
are not printed); a side's markers in use are those on its units, so a marker comes back to the
option as soon as its unit is revealed; the assignment "during deployment" is made once both
sides have deployed, before the first Order Phase."""

from __future__ import annotations

from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING

from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import ConcealEvent, Concealing
from builder.heroes.rules.pieces import CONCEALED_MARKER, Piece
from builder.heroes.rules.state import GameState
from builder.kernel.decisions import Checked

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

CONCEALED = "concealed"  # the option's marker id (data/hon/options-common.yaml)
PAGE = "HoN core p.30"


def markers_free(state: GameState, piece: Piece) -> int:
    """The side's Concealed markers that may go on `piece`, less those in use on its units."""
    pools = [g for g in state.gear if g.marker == CONCEALED and g.serves(piece)]
    if not pools:
        return 0  # none to give, however many are in use
    used = sum(1 for p in state.units(piece.owner) if CONCEALED_MARKER in p.extra)
    return max(0, sum(g.count for g in pools) - used)


def may_conceal(state: GameState, piece: Piece) -> bool:
    """An infantry unit on the battlefield, not carried, not concealed already, with a marker free."""
    return (
        piece.is_infantry
        and bool(piece.squares)
        and piece.embarked_in is None
        and not piece.concealed
        and piece.key in state.pieces
        and markers_free(state, piece) > 0
    )


def concealments(state: GameState, side: str) -> Checked[tuple[str, ...]]:
    """The units the side may replace with Concealed markers now, in the order it gives them:
    each may take one, with a marker still free once those before it took theirs."""
    eligible = tuple(sorted(p.key for p in state.units(side) if may_conceal(state, p)))

    def allows(choice: object) -> bool:
        if not isinstance(choice, tuple) or len(set(choice)) != len(choice):
            return False
        return all(key in eligible and markers_free(state, state.pieces[key]) > n for n, key in enumerate(choice))

    most = max((markers_free(state, state.pieces[key]) for key in eligible), default=0)
    listed = (c for size in range(most + 1) for c in combinations(eligible, size))
    return Checked(tuple(c for c in listed if allows(c)), allows)


def concealed(piece: Piece) -> Piece:
    """The unit replaced by a Concealed marker."""
    return replace(piece, extra=(*piece.extra, CONCEALED_MARKER))


def conceal(turn: Turn, keys: tuple[str, ...], when: Concealing) -> None:
    for key in keys:
        piece = turn.state.pieces.get(key)
        if piece is None or not may_conceal(turn.state, piece):
            raise RulesError(Code.MAY_NOT_CONCEAL, f"{key} may not take a Concealed marker", PAGE)
        turn.state.pieces[key] = concealed(piece)
        turn.add(
            ConcealEvent(
                turn=turn.state.turn,
                phase=turn.phase,
                side=piece.owner,
                unit=key,
                when=when,
                page=PAGE,
            )
        )
