"""The reserve, the hand and the cards played from it (TCG p.6, p.9-10): drawing, Event
Cards (generic, or a historical event chosen once), Hero Cards placed on a Unit Card.

An empty reserve: the book does not say. hon draws what is left and no more; the discard
pile is never shuffled back (cards there are destroyed or spent)."""

from __future__ import annotations

from builder.kernel.diagnostics import the_side
from builder.tcg.base import page
from builder.tcg.cards import EventCard, EventEffect, EventEffectKind, HeroCard
from builder.tcg.rules.events import CardEvent, DirectiveEvent, DrawEvent, MarkersEvent
from builder.tcg.rules.state import Game, Piece


def draw(game: Game, side: str, count: int, why_page: str) -> int:
    """Take up to `count` cards from the top of the reserve; how many came."""
    player = game.players[side]
    taken = player.reserve[:count]
    player.reserve = player.reserve[count:]
    player.hand.extend(taken)
    empty = " (the reserve is empty)" if len(taken) < count else ""
    who = the_side(player.side.name, capital=True)
    game.tell(
        DrawEvent(
            turn=game.turn,
            phase=game.phase,
            side=side,
            text=f"{who} draws {len(taken)} card{'s' if len(taken) != 1 else ''}{empty}.",
            page=why_page,
            count=len(taken),
        )
    )
    return len(taken)


def gain(game: Game, side: str, count: int, why: str, why_page: str) -> None:
    player = game.players[side]
    taken = player.gain_directives(count)
    capped = " (six is the most a player has)" if taken < count else ""
    who = the_side(player.side.name, capital=True)
    game.tell(
        DirectiveEvent(
            turn=game.turn,
            phase=game.phase,
            side=side,
            text=f"{who} takes {taken} DIRECTIVE marker{'s' if taken != 1 else ''}: {why}{capped}; "
            f"{player.directives} in play.",
            page=why_page,
            change=taken,
            total=player.directives,
        )
    )


def apply_effect(game: Game, side: str, effect: EventEffect, name: str, target: Piece | None) -> None:
    """What an Event Card or a historical event does (see EventEffectKind)."""
    if effect.kind is EventEffectKind.DIRECTIVES:
        gain(game, side, effect.value, name, page(9))
    elif effect.kind is EventEffectKind.REINFORCEMENTS:
        draw(game, side, effect.value, page(9))
    elif target is not None:
        change = -min(effect.value, target.suppressed) if effect.kind is EventEffectKind.RALLY else effect.value
        target.suppressed += change
        verb = "loses" if change < 0 else "receives"
        game.tell(
            MarkersEvent(
                turn=game.turn,
                phase=game.phase,
                side=side,
                text=f"{name}: {target.name} {verb} {abs(change)} SUPPRESSED marker{'s' if abs(change) != 1 else ''}.",
                page=page(9),
                piece=target.key,
                suppressed=change,
            )
        )


class OnePerPhase(ValueError):
    """A second Event Card, or a second Hero Card, in the same phase (TCG p.6)."""


def may_play(game: Game, side: str, what: str) -> bool:
    """ONE Event Card and ONE Hero Card a phase, for each player, in either's phase (TCG p.6)."""
    return (game.turn, game.phase_side, what) not in game.players[side].played


def _mark(game: Game, side: str, what: str) -> None:
    if not may_play(game, side, what):
        who = the_side(game.players[side].side.name, capital=True)
        raise OnePerPhase(f"{who} already played a {what} card this phase")
    game.players[side].played.add((game.turn, game.phase_side, what))


def play_event(game: Game, side: str, card: EventCard, chosen: EventEffect, name: str, target: Piece | None) -> None:
    """Play an Event Card from the hand: it is applied at once, then discarded (TCG p.9)."""
    _mark(game, side, "event")
    player = game.players[side]
    player.hand.remove(card)
    player.discard.append(card)
    game.tell(
        CardEvent(
            turn=game.turn,
            phase=game.phase,
            side=side,
            text=f"{the_side(player.side.name, capital=True)} plays {card.name}: "
            f"{'' if name == card.name else name + ', '}{chosen.english()}.",
            page=page(9),
            card=card.id,
            piece=target.key if target is not None else None,
        )
    )
    apply_effect(game, side, chosen, name, target)


def play_hero(game: Game, side: str, card: HeroCard, carrier: Piece) -> None:
    """Place the Hero marker on a Unit Card that fulfils the Hero Card's condition (TCG p.10)."""
    if carrier.unit is None or carrier.side != side or not card.condition.admits(carrier.unit):
        raise ValueError(f"{card.name} cannot be placed on that card")
    _mark(game, side, "hero")
    player = game.players[side]
    player.hand.remove(card)
    carrier.hero = card
    game.tell(
        CardEvent(
            turn=game.turn,
            phase=game.phase,
            side=side,
            text=f"{the_side(player.side.name, capital=True)} plays the Hero Card {card.name} on {carrier.card.name}.",
            page=page(10),
            card=card.id,
            piece=carrier.key,
        )
    )
