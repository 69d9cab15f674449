"""HIT points and destruction (TCG p.9): a card with as many HIT markers as hit points is
destroyed and put in its player's discard pile, with its Hero (TCG p.10); a Fragile card goes
back to the reserve (TCG p.12)."""

from __future__ import annotations

from builder.kernel.dice import shuffled
from builder.tcg.base import page
from builder.tcg.cards import AbilityKind
from builder.tcg.rules.events import DestroyedEvent
from builder.tcg.rules.state import Game, Piece


def hit_points(piece: Piece) -> int:
    """The card's hit points, one more for each Hit point marker it received (TCG p.16)."""
    return (piece.unit.hit_points if piece.unit is not None else 1) + piece.extra_hit_points


def destroyed(piece: Piece) -> bool:
    return piece.hits >= hit_points(piece)


def destroy(game: Game, piece: Piece, by: str | None) -> None:
    """Remove a card with all its HIT points lost; the destroyer earns the scenario's
    victory points for it."""
    del game.pieces[piece.key]
    owner = game.players[piece.side]
    owner.discard.append(piece.face)
    if piece.hero is not None:
        owner.discard.append(piece.hero)
    if by is not None:
        player = game.players[by]
        player.destroyed += 1
        player.victory_points += player.side.destroyed_victory_points
    hero = f" and {piece.hero.name} with it" if piece.hero is not None else ""
    game.tell(
        DestroyedEvent(
            turn=game.turn,
            phase=game.phase,
            side=piece.side,
            text=f"{piece.card.name} is destroyed{hero}, to the discard pile.",
            page=page(9),
            piece=piece.key,
        )
    )


def check_fragile(game: Game, piece: Piece) -> None:
    """A Fragile card with as many SUPPRESSED markers as its icon says goes back to the
    reserve, which is shuffled (TCG p.12)."""
    ability = piece.unit.has(AbilityKind.FRAGILE) if piece.unit is not None else None
    if ability is None or ability.value is None or piece.suppressed < ability.value or piece.key not in game.pieces:
        return
    del game.pieces[piece.key]
    player = game.players[piece.side]
    player.reserve = shuffled(game.dice, [*player.reserve, piece.face])
    game.tell(
        DestroyedEvent(
            turn=game.turn,
            phase=game.phase,
            side=piece.side,
            text=f"{piece.card.name} is Fragile and goes back to the reserve.",
            page=page(12),
            piece=piece.key,
            fragile=True,
        )
    )
