"""Who plays a side of the hex game (DESIGN.md 7): a player is one method,
`choose(view, decision)`, answering each decision (builder.memoir.rules.decisions) with one
of its options. Players live apart from the rules (builder.memoir.ai)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from builder.kernel.decisions import Player
from builder.kernel.match import Course
from builder.memoir.catalogue import CommandCard, Side
from builder.memoir.rules.decisions import MemoirDecision
from builder.memoir.rules.state import GameState


@dataclass(frozen=True)
class MemoirView:
    """What `side` may know of the game as it stands: the board, the medals and the discard
    pile as both players see them, its own command cards, and how many cards the other side
    holds and the deck has left, but not which, nor the order of the deck. `state` is a copy
    (GameState.seen_by): a player may try moves on it."""

    side: Side
    state: GameState
    held: dict[Side, int]  # the cards in each side's hand
    deck: int  # the cards left to draw
    # What the view was made from, for a sampler (builder.memoir.rules.sampling), never for
    # a player: the step's course (holding the real game at the turn's start) and the dice
    # the game had rolled (None for a view made with no game around it).
    _course: Course[Any] | None = field(default=None, compare=False, repr=False)
    _rolled: int | None = field(default=None, compare=False, repr=False)

    @property
    def hand(self) -> tuple[CommandCard, ...]:
        return tuple(self.state.hands[self.side])


MemoirPlayer: TypeAlias = Player[MemoirView, MemoirDecision]


def view_of(state: GameState, side: str, course: Course[Any] | None = None, rolled: int | None = None) -> MemoirView:
    """The view `side` has of `state`, the turn in play having gone as `course` says and
    the dice having rolled `rolled` faces (for a sampler)."""
    seen = Side(side)
    held = {s: len(cards) for s, cards in state.hands.items()}
    return MemoirView(seen, state.seen_by(seen), held, len(state.deck), course, rolled)


def viewer(state: GameState) -> Callable[[str, Course[Any]], MemoirView]:
    """Each side's view of `state`, as a Table asks for it."""
    return lambda side, course: view_of(state, side)
