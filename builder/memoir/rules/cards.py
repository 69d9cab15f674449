"""Command cards (M44 summary, the turn sequence: "Play a command card", "Order", "Draw a
command card"). A section card orders up to its number of units in its section; a unit on a
hex straddling two sections may be ordered from either. The deck is the catalogue's section
cards (counts `example`), shuffled with the game's own dice; the discard pile is shuffled
back in when the deck runs out."""

from __future__ import annotations

from builder.kernel.dice import Dice, shuffled
from builder.memoir.catalogue import Catalogue, CommandCard, Side
from builder.memoir.rules.state import GameState, Piece

PAGE_CARD = "M44 summary: Play a command card"
PAGE_ORDER = "M44 summary: Order"
PAGE_DRAW = "M44 summary: Draw a command card"


def deck(catalogue: Catalogue, dice: Dice) -> list[CommandCard]:
    return shuffled(dice, [card for card in catalogue.cards for _ in range(card.count)])


def draw(state: GameState, side: Side, dice: Dice) -> CommandCard | None:
    if not state.deck and state.discard:
        state.deck, state.discard = shuffled(dice, state.discard), []
    if not state.deck:
        return None
    card = state.deck.pop()
    state.hands[side].append(card)
    return card


def orderable(state: GameState, side: Side, card: CommandCard) -> list[Piece]:
    """The side's units the card may order: those in its section, from the side's own view."""
    board, edge = state.battlefield.board, state.edge(side)
    return [p for p in state.units(side) if card.section in board.sections(p.place, edge)]
