"""Setting up (TCG p.5): each side's Unit Cards deployed as the scenario says, face up or
hidden, its deck shuffled into the reserve, its DIRECTIVE markers taken; with the variant
rules of p.21 (builder/tcg/rules/variants.py), Event Cards or decoys left out."""

from __future__ import annotations

from collections import Counter

from builder.kernel.diagnostics import the_side
from builder.kernel.dice import Dice, shuffled
from builder.tcg.base import page
from builder.tcg.cards import Card, DecoyCard, EventCard, HeroCard, UnitCard
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.events import DeployEvent, DirectiveEvent
from builder.tcg.rules.state import Game, Piece, Player
from builder.tcg.rules.variants import Variant
from builder.tcg.scenario import Scenario


class NotPlayable(ValueError):
    """A scenario whose cards the catalogue lacks: check it first (hon scenario check)."""


def piece_key(card_id: str, taken: Counter[str]) -> str:
    """A key unique in the game: the card id, numbered from the second copy of a decoy."""
    taken[card_id] += 1
    return card_id if taken[card_id] == 1 else f"{card_id}#{taken[card_id]}"


def arrived(taken: Counter[str]) -> int:
    """How many cards have come onto the battlefield, from the piece keys given."""
    return sum(taken.values())


def new_game(scenario: Scenario, cards: CardCatalogue, dice: Dice, variants: frozenset[Variant] = frozenset()) -> Game:
    pieces: dict[str, Piece] = {}
    players: dict[str, Player] = {}
    taken: Counter[str] = Counter()  # the game's piece keys, by card id
    visible = Variant.ALL_VISIBLE in variants
    for side in scenario.sides:
        aside: list[Card] = []  # decoys when every card stays visible: discarded at once (p.17)
        for placed in side.force.deployment:
            card = cards.get(placed.card)
            if not isinstance(card, UnitCard | DecoyCard):
                raise NotPlayable(f"{placed.card} is not a Unit Card of the catalogue")
            if visible and isinstance(card, DecoyCard):
                aside.append(card)
                continue
            hero = cards.get(placed.hero) if placed.hero is not None else None
            key = piece_key(card.id, taken)
            pieces[key] = Piece(
                key,
                card,
                side.id,
                placed.box,
                hidden=placed.hidden and not visible,
                hero=hero if isinstance(hero, HeroCard) else None,
                panzerfaust=placed.panzerfaust,
                extra_hit_points=placed.hit_point_markers,
                arrival=arrived(taken),
            )
        deck: list[Card] = []
        for card_id in side.force.deck_cards():
            found = cards.get(card_id)
            if found is None:
                raise NotPlayable(f"{card_id} is not a card of the catalogue")
            if isinstance(found, EventCard) and Variant.NO_EVENT_CARDS in variants:
                continue
            (aside if visible and isinstance(found, DecoyCard) else deck).append(found)
        reserve = shuffled(dice, deck)
        players[side.id] = Player(side, reserve=reserve, discard=aside, directives=min(side.directives, 6))
    game = Game(scenario, dice, pieces, players, keys=taken, variants=variants)
    for side in scenario.sides:
        mine = tuple(p.key for p in game.of(side.id))
        hidden = sum(1 for p in game.of(side.id) if p.hidden)
        game.tell(
            DeployEvent(
                turn=0,
                phase=game.phase,
                side=side.id,
                text=f"{the_side(side.name, capital=True)} deploys {len(mine)} cards, {hidden} of them hidden; "
                f"{len(players[side.id].reserve)} cards in the reserve.",
                page=page(5),
                pieces=mine,
            )
        )
        game.tell(
            DirectiveEvent(
                turn=0,
                phase=game.phase,
                side=side.id,
                text=f"{the_side(side.name, capital=True)} starts with {players[side.id].directives} "
                "DIRECTIVE markers.",
                page=page(5),
                change=players[side.id].directives,
                total=players[side.id].directives,
            )
        )
    return game
