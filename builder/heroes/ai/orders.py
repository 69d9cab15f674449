"""The simple policy's Order tokens (HoN core p.8): the units nearest the enemy take them,
those owed one first; a special order is played once an enemy comes within reach."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.ai.common import FAR, _gap, by_key
from builder.heroes.rules.abilities.crew import CREW
from builder.heroes.rules.orders.personal_order import duties, may_be_ordered, owed_first
from builder.heroes.rules.orders.tokens import Orders, Tokens
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy


def assign(policy: SimplePolicy, state: GameState, side: str, tokens: Tokens) -> Orders:
    """Tokens to the units nearest the enemy (they have targets; those as near in a drawn
    order), those that must take a token first: a Personal Order unit (HoN core p.26), the
    nearest unit of a Hardened tile (BfC p.09); the bluff on the next in line."""
    enemies = tuple(sq for p in state.enemies_of(side) for sq in p.squares)

    def urgency(piece: Piece) -> tuple[int]:
        """Squares to the nearest enemy."""
        return (_gap(piece.squares, enemies) if piece.squares and enemies else FAR,)

    # A Crew unit riding in its vehicle has nothing to do with a token (HoN core p.21).
    candidates = [p for p in may_be_ordered(state, side) if not (p.embarked_in and p.side.has(CREW))]
    nearest = [p.key for p in policy.ranked(candidates, urgency, unit=1, order=by_key)]
    ranked = owed_first(duties(state, side), nearest)
    numbered = tuple(ranked[: tokens.numbered])
    special = tuple(ranked[len(numbered) : len(numbered) + tokens.special])
    used = len(numbered) + len(special)
    return Orders(side, numbered, special, tuple(ranked[used : used + tokens.bluff]))


def play_special(state: GameState, piece: Piece) -> bool:
    """Now if an enemy is within its Movement Value and one square (it strikes first), or
    it waits off the battlefield; else held until an enemy comes that near (HoN core p.8)."""
    if not piece.squares:
        return True
    reach = (piece.side.movement or 0) + 1
    return any(_gap(piece.squares, enemy.squares) <= reach for enemy in state.enemies_of(piece.owner))
