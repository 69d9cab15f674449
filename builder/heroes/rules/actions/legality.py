"""What an activated unit may do, kept to what the rules allow (builder.heroes.rules.actions.activation):
each family of actions lists its candidates and keeps those its check allows; each resolver
raises its check's refusal before it changes anything, so what the engine accepts it can
resolve."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from builder.heroes.rules.errors import Code, Refusal, RulesError
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState

A = TypeVar("A")


def allowed(
    state: GameState, piece: Piece, actions: Iterable[A], refusal: Callable[[GameState, Piece, A], Refusal | None]
) -> Iterator[A]:
    """The actions of `actions` the rules allow the unit: those `refusal` finds nothing against."""
    return (action for action in actions if refusal(state, piece, action) is None)


def refuse(code: Code, refused: Refusal | None) -> None:
    """Raise the rules' refusal, when there is one: a RulesError, `code` naming the action
    refused, carrying the refusal."""
    if refused is not None:
        raise RulesError(code, refused)
