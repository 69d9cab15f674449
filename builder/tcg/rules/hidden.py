"""The fog of war (TCG p.16-17): hidden cards turned face up, visible ones hiding in forests,
and decoys discarded once seen."""

from __future__ import annotations

from builder.kernel.decisions import YES_NO
from builder.kernel.match import Table
from builder.tcg.base import page
from builder.tcg.rules.board import distance
from builder.tcg.rules.decisions import HideInForest, RevealCard
from builder.tcg.rules.events import DestroyedEvent, RevealEvent
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.state import Game, Piece
from builder.tcg.rules.variants import Variant

FOG_PAGE = page(16)
DECOY_PAGE = page(17)


def reveal(game: Game, piece: Piece, why: str, chosen: bool = False) -> None:
    """Turn a hidden card face up, as the rules force or (`chosen`) as its player chooses;
    a decoy turned face up is discarded (TCG p.17)."""
    if not piece.hidden:
        return
    piece.hidden = False
    game.tell(
        RevealEvent(
            turn=game.turn,
            phase=game.phase,
            side=piece.side,
            text=f"{piece.card.name} is turned face up: {why}.",
            page=FOG_PAGE,
            piece=piece.key,
            chosen=True if chosen else None,
        )
    )
    if piece.is_decoy:
        discard_decoy(game, piece)


def reveal_at_will(game: Game, side: str, table: Table[TcgView]) -> None:
    """Before a COMMAND marker of its phase, the side turns face up the hidden cards its
    player chooses at `table`, one at a time (TCG p.16: "whenever they want"; p.17: a decoy
    "at any point in your phase if you want to empty a box")."""
    while hidden := [p.box for p in game.of(side) if p.hidden]:
        box = table.ask(RevealCard(side=side, options=(*hidden, None)))
        piece = None if box is None else game.at(box)
        if piece is None:
            return
        reveal(game, piece, "its player turns it over", chosen=True)


def discard_decoy(game: Game, piece: Piece) -> None:
    """A decoy made visible goes to the discard pile (TCG p.17)."""
    del game.pieces[piece.key]
    game.players[piece.side].discard.append(piece.face)
    game.tell(
        DestroyedEvent(
            turn=game.turn,
            phase=game.phase,
            side=piece.side,
            text="It is a decoy, and goes to the discard pile.",
            page=DECOY_PAGE,
            piece=piece.key,
            decoy=True,
        )
    )


def reveal_neighbours(game: Game, mover: Piece) -> None:
    """An enemy moving into a box adjacent to a hidden card turns it face up (TCG p.16)."""
    for piece in list(game.enemies(mover.side)):
        if piece.hidden and distance(piece.box, mover.box) == 1:
            reveal(game, piece, f"{mover.name} moved next to it")


def hide_in_forest(game: Game, piece: Piece, table: Table[TcgView]) -> None:
    """At the end of its activation, a card in a Forest box not adjacent to an enemy may turn
    face down (TCG p.17), as its player answers at `table`."""
    if piece.hidden or not game.terrain(piece.box).hides or game.enemy_adjacent(piece.side, piece.box):
        return
    if Variant.ALL_VISIBLE in game.variants:
        return
    if not table.ask(HideInForest(side=piece.side, options=YES_NO, card=piece.box)):
        return
    piece.hidden = True
    game.tell(
        RevealEvent(
            turn=game.turn,
            phase=game.phase,
            side=piece.side,
            text=f"{piece.card.name} turns face down in the forest.",
            page=page(17),
            piece=piece.key,
            hidden=True,
        )
    )
