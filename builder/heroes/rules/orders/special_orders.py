"""When Special Order tokens are played (HoN core p.8; SoN p.4-5): "Special Order Tokens can be
activated before or after any other Order Token, which means they can take precedence and be
played as Order number 0. However, they cannot interrupt an ongoing activation."

Before the first token is revealed each side, the initiative player first, says which of its
special tokens it plays as order 0 (then the opponent's #1 follows, orders/tokens.py); the others it
holds, and before each later token is revealed, the initiative player first, it may play one.
hon's readings where the book is silent: a special token played later is slotted between two
activations and does not change whose numbered token comes next; one still held when every
other token is revealed is played then (every token placed is activated, p.9)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import replace

from builder.heroes.rules.orders.tokens import SPECIAL, Orders, Reveal
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState

LATER = "special-later"  # a Reveal's token: a special token played after order 0

# Asked of a side's policy: whether the unit holding a special token plays it now.
Chooser = Callable[[GameState, Piece], bool]


def opening(
    state: GameState, orders: Mapping[str, Orders], choosers: Mapping[str, Chooser]
) -> tuple[dict[str, Orders], dict[str, list[str]]]:
    """The orders with only the special tokens played as order 0, and those held, by side."""
    at_zero: dict[str, Orders] = {}
    held: dict[str, list[str]] = {}
    for side, placed in orders.items():
        now = [key for key in placed.special if _chosen(state, choosers, side, key)]
        at_zero[side] = replace(placed, special=tuple(now))
        held[side] = [key for key in placed.special if key not in now]
    return at_zero, held


def played_now(
    state: GameState, held: dict[str, list[str]], choosers: Mapping[str, Chooser], at_end: bool
) -> Iterator[Reveal]:
    """The held special tokens the sides play now, the initiative player first, each asked as
    the last one's activation ends (a generator: consume it as you activate); `at_end`: every
    token still held, since every token placed is activated (HoN core p.9)."""
    for side in state.initiative_order():
        for key in list(held.get(side, ())):
            if at_end or _chosen(state, choosers, side, key):
                held[side].remove(key)
                yield Reveal(side, LATER, key)


def _chosen(state: GameState, choosers: Mapping[str, Chooser], side: str, key: str) -> bool:
    """Whether the side plays the special token on `key` now; one whose unit is gone is
    revealed at once (to no effect); with no one to ask, it is order 0 (p.8)."""
    piece = state.pieces.get(key) or state.reserve.get(key)
    chooser = choosers.get(side)
    return piece is None or piece.is_wreck or chooser is None or chooser(state, piece)


def is_special(token: str) -> bool:
    return token in (SPECIAL, LATER)
