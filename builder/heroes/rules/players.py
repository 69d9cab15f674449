"""Who plays a side of the Heroes System (DESIGN.md 7): a player is one method,
`choose(view, decision)`, answering each decision (builder.heroes.rules.decisions) with one
of its options. Players live apart from the rules (builder.heroes.ai): the rules ask, through
the Turn, and check the answer against the options they offered.

A player is given the side's view: the game as that side may know it (builder.heroes.rules.views
says what is hidden and why)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeAlias

from builder.heroes.catalogue.cards import ActionCard
from builder.heroes.rules.decisions import HeroesDecision
from builder.heroes.rules.orders.tokens import Orders
from builder.heroes.rules.state import GameState
from builder.heroes.rules.views import counts, placed_in, redacted, tokens_of
from builder.kernel.decisions import Player
from builder.kernel.match import Course


class Tokens(Protocol):
    """Where a view learns of the order tokens on the table this turn."""

    def placed(self) -> Mapping[str, Orders]:
        """The tokens each side has placed this turn, numbers and all."""
        ...

    def face_down(self, placed: Mapping[str, Orders]) -> Mapping[str, frozenset[str]]:
        """By side, the units under one of the tokens `placed` still face down."""
        ...


class HeroesView:
    """What `side` may know of the game as it stands, worked out as its player reads it:
    read it while choosing (the game goes on afterwards). Made at every decision, so it
    costs nothing until read.

    `state` is the game's state without what the side may not know: no other side's deck,
    its own draw pile in card id order, the numbers only of its own order tokens. Read it,
    never change it (it shares the game's records). In their place, what every side sees:
    each deck's `hands`, `piles` (counts) and `discards` (the cards); by side, the units
    under a token still `face_down` (numbered, special or bluff alike); and the side's own
    `orders` placed this turn, numbers and all (None before it places them).

    What the view is made from is kept for a sampler (builder.heroes.rules.sampling), never
    for a player: the game's own state, the step's course (holding the real game at the
    step's start) and the faces the dice had rolled (None with no game around the state)."""

    __slots__ = ("_course", "_decks", "_placed", "_real", "_rolled", "_state", "_tokens", "side")

    def __init__(self, side: str, real: GameState, tokens: Tokens, course: Course[Any], rolled: int | None) -> None:
        self.side = side
        self._real, self._tokens, self._course, self._rolled = real, tokens, course, rolled
        self._state: GameState | None = None
        self._placed: Mapping[str, Orders] | None = None
        self._decks: tuple[dict[str, int], dict[str, int], dict[str, tuple[ActionCard, ...]]] | None = None

    @property
    def state(self) -> GameState:
        if self._state is None:
            self._state = redacted(self._real, self.side, self.orders)
        return self._state

    @property
    def orders(self) -> Orders | None:
        return self._on_table().get(self.side)

    @property
    def face_down(self) -> Mapping[str, frozenset[str]]:
        return self._tokens.face_down(self._on_table())

    @property
    def hands(self) -> Mapping[str, int]:
        return self._counts()[0]

    @property
    def piles(self) -> Mapping[str, int]:
        return self._counts()[1]

    @property
    def discards(self) -> Mapping[str, tuple[ActionCard, ...]]:
        return self._counts()[2]

    def _on_table(self) -> Mapping[str, Orders]:
        if self._placed is None:
            self._placed = self._tokens.placed()
        return self._placed

    def _counts(self) -> tuple[dict[str, int], dict[str, int], dict[str, tuple[ActionCard, ...]]]:
        if self._decks is None:
            self._decks = counts(self._real.decks)
        return self._decks


HeroesPlayer: TypeAlias = Player[HeroesView, HeroesDecision]


def viewer(state: GameState) -> Callable[[str, Course[Any]], HeroesView]:
    """Each side's view of a bare `state`, as a Table asks for it (a Turn asking players
    with no game around it): the tokens it knows of are those the step placed (the course's
    answers)."""
    return lambda side, course: HeroesView(side, state, PlacedInStep(course), course, None)


class PlacedInStep:
    """The tokens the step in play placed (an Order Phase under way), all face down."""

    __slots__ = ("_course",)

    def __init__(self, course: Course[Any]) -> None:
        self._course = course

    def placed(self) -> Mapping[str, Orders]:
        return placed_in(self._course.answers)

    def face_down(self, placed: Mapping[str, Orders]) -> Mapping[str, frozenset[str]]:
        return {side: tokens_of(orders) for side, orders in placed.items()}
