"""What the parts of the simple policy share: the helpers they use (the hand, a target's
worth, the gap between squares, the options alike it draws among)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from builder.heroes.catalogue.cards import ActionCard, BonusKind
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import GameState

FAR = 10_000

T = TypeVar("T")
# A sort key giving options alike an order of their own (by squares, by key), so that a draw
# among them replays from a seed whatever order they came in: never a preference.
SortKey = Callable[[T], Any]


def first(indexed: tuple[int, Any]) -> int:
    """Options numbered in the order the rules list them, by that number (SortKey)."""
    return indexed[0]


def itself(option: Any) -> Any:
    """Options that order themselves (squares, interspaces), for a draw among them (SortKey)."""
    return option


def by_key(piece: Piece) -> str:
    """Units alike in an order of their own, for a draw among them (SortKey)."""
    return piece.key


def _hand(state: GameState, side: str) -> list[ActionCard]:
    """The side's hand, by card id (the same choice whatever order the cards came in)."""
    deck = state.decks.get(side)
    return sorted(deck.hand, key=lambda c: c.id) if deck is not None else []


def _bonus_cards(state: GameState, side: str, kinds: Sequence[BonusKind]) -> list[ActionCard]:
    """Cards of the hand with an Alternate Bonus of these kinds: those whose Battle Event is
    never played first, then the smallest bonus."""
    found = [c for c in _hand(state, side) if c.alternate_bonus is not None and c.alternate_bonus.kind in kinds]
    return sorted(found, key=lambda c: (c.effect is not None, c.alternate_bonus.value if c.alternate_bonus else 0))


def _gap(a: tuple[Square, ...], b: tuple[Square, ...]) -> int:
    return min(max(abs(x[0] - y[0]), abs(x[1] - y[1])) for x in a for y in b)


def _worth(target: Piece) -> float:
    """Officers and heroes are worth more: they bring order tokens (HoN core p.8)."""
    front = target.unit.front
    return 1.5 if front.has("order") or front.has("personal-order") else 1.0
