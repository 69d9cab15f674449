"""What every part of the simple policy shares: the thresholds it weighs its choices by,
the memory of its distance fields, and the helpers its parts use (the hand, a target's
worth, the gap between squares). `builder.heroes.rules.policy.SimplePolicy` assembles the
parts."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from builder.heroes.catalogue.cards import ActionCard, BonusKind
from builder.heroes.rules.actions import AssaultAction, Fire
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.state import GameState

FAR = 10_000

T = TypeVar("T")


class PolicyBase:
    """The thresholds and memory of a SimplePolicy (a dataclass, which gives them their
    defaults) that its parts read; declares, for type checking only, the choices the parts
    ask of one another."""

    fire_threshold: float
    assault_edge: float
    opportunity_odds: float
    ammo_gain: float
    knife_gain: float
    _fields: dict[tuple[object, ...], dict[Square, int]]

    # Where the policy chooses among scored options. `key` gives each option a tuple whose
    # first element is its cost (lower is better) in units of `unit` (how much worse one step
    # of preference is: a square of movement, ...), the rest breaking ties. The simple policy
    # takes the least; a varied one draws (builder.heroes.rules.policy_varied).

    def _least(self, options: Iterable[T], key: Callable[[T], tuple[Any, ...]], unit: float) -> T:
        """The option to take."""
        return min(options, key=key)

    def _ranked(self, options: Iterable[T], key: Callable[[T], tuple[Any, ...]], unit: float) -> list[T]:
        """The options in the order they are tried."""
        return sorted(options, key=key)

    def _takes_least(self) -> bool:
        """Whether `_least` always takes a least-scored option (it draws nothing): then a
        search none of whose options can beat a score needs not be made."""
        return True

    if TYPE_CHECKING:
        # Parts of a SimplePolicy that call one another (builder.heroes.rules.policy assembles them).
        def _shots(
            self, state: GameState, piece: Piece, occupancy: Occupancy, on_the_move: bool = False
        ) -> tuple[Fire | None, float]: ...

        def _assault(self, state: GameState, piece: Piece, granted: int | None = None) -> AssaultAction | None: ...


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
