"""The reserve, the hand and the cards played from it (TCG p.6, p.9-10): drawing, Event
Cards (generic, or a historical event chosen once), Hero Cards placed on a Unit Card; the
scenario's events on the turn track, whose effect is compulsory.

Where the book is silent, hon chooses: an effect that falls on an enemy Unit Card
(bombardment) falls on a visible one, since a hidden card may be a decoy, which is no Unit
Card (TCG p.17); a rally falls on any of the player's own cards.

An empty reserve: the book does not say. hon draws what is left and no more; the discard
pile is never shuffled back (cards there are destroyed or spent)."""

from __future__ import annotations

from collections.abc import Iterator

from builder.kernel.diagnostics import the_side
from builder.kernel.match import Table
from builder.tcg.base import Box, page
from builder.tcg.cards import EventCard, EventEffect, EventEffectKind, HeroCard
from builder.tcg.rules.choices import PlayEvent, PlayHero
from builder.tcg.rules.decisions import EffectTarget, EventCardPlay, HeroCardPlay
from builder.tcg.rules.events import CardEvent, DirectiveEvent, DrawEvent, MarkersEvent
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.state import Game, Piece
from builder.tcg.scenario import ScenarioEvent


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
    if card.historical:
        player.used_events.add(name)  # its event marker turned to "used" (TCG p.9)
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


def targets(game: Game, side: str, effect: EventEffect) -> tuple[Box, ...] | None:
    """The boxes of the cards an effect may fall on: the side's own for a rally, the enemy's
    visible ones for a bombardment; None for an effect that falls on no card."""
    if effect.kind is EventEffectKind.RALLY:
        return tuple(p.box for p in game.of(side))
    if effect.kind is EventEffectKind.BOMBARDMENT:
        return tuple(p.box for p in game.enemies(side) if not p.hidden)
    return None


def scenario_event(game: Game, side: str, event: ScenarioEvent, table: Table[TcgView]) -> None:
    """A scenario event on the turn track: compulsory; its player chooses only the card its
    effect falls on, when there is a choice."""
    boxes = targets(game, side, event.effect) or ()
    name = event.text or "scenario event"
    at = boxes[0] if len(boxes) == 1 else None
    if len(boxes) > 1:
        at = table.ask(EffectTarget(side=side, options=boxes, effect=event.effect, name=name))
    apply_effect(game, side, event.effect, name, None if at is None else game.at(at))


def events_in_hand(game: Game, side: str) -> Iterator[PlayEvent]:
    """Every way to play an Event Card of the hand now: a generic one's effect, or each
    historical event not used yet, on each card it may fall on."""
    if not may_play(game, side, "event"):
        return
    player = game.players[side]
    cards = {c.id: c for c in player.hand if isinstance(c, EventCard)}
    for card in cards.values():
        effects: list[tuple[str | None, EventEffect]] = [(None, card.effect)] if card.effect is not None else []
        effects += [(e.name, e.effect) for e in player.side.historical_events if e.name not in player.used_events]
        for historical, effect in effects:
            boxes = targets(game, side, effect)
            yield from (PlayEvent(card.id, historical, at) for at in (boxes if boxes is not None else (None,)))


def heroes_in_hand(game: Game, side: str) -> Iterator[PlayHero]:
    """Every Hero Card of the hand on every card that fulfils its condition (TCG p.10)."""
    if not may_play(game, side, "hero"):
        return
    cards = {c.id: c for c in game.players[side].hand if isinstance(c, HeroCard)}
    for card in cards.values():
        for piece in game.of(side):
            if piece.hero is None and piece.unit is not None and card.condition.admits(piece.unit):
                yield PlayHero(card.id, piece.box)


def play_cards(game: Game, side: str, table: Table[TcgView]) -> None:
    """The side's player may play an Event Card, then a Hero Card (TCG p.6), or neither."""
    player = game.players[side]
    events = tuple(events_in_hand(game, side))
    chosen = table.ask(EventCardPlay(side=side, options=(*events, None))) if events else None
    if chosen is not None:
        event = next(c for c in player.hand if isinstance(c, EventCard) and c.id == chosen.card)
        historical = next((e for e in player.side.historical_events if e.name == chosen.historical), None)
        effect = historical.effect if historical is not None else event.effect
        name = historical.name if historical is not None else event.name
        assert effect is not None  # a generic card has its effect (EventCard's check)
        play_event(game, side, event, effect, name, None if chosen.at is None else game.at(chosen.at))
    heroes = tuple(heroes_in_hand(game, side))
    hero = table.ask(HeroCardPlay(side=side, options=(*heroes, None))) if heroes else None
    if hero is not None:
        card = next(c for c in player.hand if isinstance(c, HeroCard) and c.id == hero.card)
        carrier = game.at(hero.on)
        assert carrier is not None  # offered: a card stands there
        play_hero(game, side, card, carrier)
