"""Action cards in play (HoN core p.16-17): each side's deck, shuffled with the game's dice;
the opening hand; the draw at the end of each Supply Phase; and what the rules core does
with a card played for its Battle Event or its Alternate Bonus.

The rules as printed:

* each side draws a hand of Action Cards at the start of the game, as many as the scenario
  gives (`setup.action_cards`; the BfC scenarios: "Each player draws 4 Action Cards");
* at the end of the Supply Phase (step 7, HoN core p.16) a side discards as many cards as it
  wishes, then draws until its hand is back to that size; a larger hand draws nothing;
* a card is played for its Battle Event, in the phases it names, or for its Alternate
  Bonus, declared before the dice are rolled or the Movement Action begins; never both.
  Several Alternate Bonuses of one type may go on one action, never two types (p.17);
* when both players want to play a card at once, the player with the initiative resolves
  his first (p.17).

Not printed, the project's reading: when the draw pile runs out, the discard pile is
shuffled into a new one (the event says so when it happens).

builder.heroes.rules.action_cards.played applies the plays; a policy chooses them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from builder.heroes.catalogue.cards import ActionCard, BonusKind, CardEffectKind, CardTiming
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.actions.kinds import Fire
from builder.heroes.rules.errors import Code, Refusal, RulesError
from builder.heroes.rules.events.game import DrawEvent, Phase
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.state import Deck, GameState
from builder.heroes.scenario.models import Scenario
from builder.kernel.decisions import Checked
from builder.kernel.dice import Dice, shuffled
from builder.kernel.events import Modifier

# What the rules core does with each Battle Event and each Alternate Bonus it plays (a card
# whose effect is None is never played for its Battle Event). `hon rules` lists them.
PLAYED_EVENTS: dict[CardEffectKind, str] = {
    CardEffectKind.SPECIAL_ORDER: "at the start of the Order Phase, {n} Special Order token(s) for the turn, "
    "never more than 2 in all (HoN core p.8)",
    CardEffectKind.REROLL: "right after a firing action or an assault roll of yours, before its result, its dice "
    "rolled again; the second roll stands",
    CardEffectKind.GRANT_ASSAULT: "as a unit of yours is activated, every unit of yours has Assault +{n} "
    "until the turn ends",
    CardEffectKind.FORCED_MOVE: "once a unit of yours has acted, it moves up to {n} squares, a Forced Move "
    "that Suppressed markers do not shorten",
    CardEffectKind.REMOVE_SUPPRESSED: "as a unit of yours is activated, before it acts, {n} Suppressed "
    "marker(s) taken off it",
    CardEffectKind.TAKE_INITIATIVE: "at the start of the Order Phase, the initiative for the turn, not on a "
    "Special Order; the marker then passes on from the side it names",
    CardEffectKind.DESERTION: "when an enemy unit that has a Suppressed marker receives another, it deserts: "
    "removed from the game as Destroyed",
    CardEffectKind.PASS_ORDER: "when a unit of yours is destroyed before its numbered order token is revealed, "
    "the token goes to a unit of yours with none and no Activated marker",
    CardEffectKind.FALL_BACK: "once a unit of yours has acted, it falls back, no nearer any enemy, up to its "
    "Inactive Side's Movement Value: a Forced Move, terrain costs counted, Suppressed markers not",
    CardEffectKind.THROW_BACK: "when an enemy grenade lands with units of yours under it, it is thrown back: "
    "the template goes on a corner of the thrower's square instead",
    CardEffectKind.PLACE_MINE: "in the Supply Phase, once your units have moved, a Mine marker (BfC p.09) on a "
    "free square of the Zone of Control of an infantry unit of yours",
    CardEffectKind.MOVE_AND_FIRE: "once a unit of yours has taken a Movement Action without firing, it takes a "
    "Firing Action too, with all its weapons and no Fire on the Move penalty",
    CardEffectKind.WINDOWS: "as a unit of yours takes a Movement Action or an assault, it may go through one "
    "building window (never a bunker's) per card played, as through a door, and back through it with no card "
    "if pushed back; after a lost assault, a unit of yours retreats out of its building through a window",
}
PLAYED_BONUSES: dict[BonusKind, str] = {
    BonusKind.FIRE: "+{n} to the combat value of one firing action (one weapon's roll)",
    BonusKind.ANY_ROLL: "+{n} to the result of one firing action's or one side's assault roll",
    BonusKind.ASSAULT: "+{n} to one side's assault roll, attacking or defending",
    BonusKind.MOVEMENT: "+{n} squares to one Movement Action",
}
CARDS_PAGE = "HoN core p.17"  # Action Cards: played from the hand, Alternate Bonuses of one type

# The Alternate Bonuses that may go on each kind of roll or action (HoN core p.17).
FIRE_BONUSES = (BonusKind.FIRE, BonusKind.ANY_ROLL)
ASSAULT_BONUSES = (BonusKind.ASSAULT, BonusKind.ANY_ROLL)
MOVE_BONUSES = (BonusKind.MOVEMENT,)


def how_played(card: ActionCard) -> str:
    """What the simulation does with a card, in one sentence."""
    parts: list[str] = []
    if card.effect is not None:
        parts.append("Battle Event: " + PLAYED_EVENTS[card.effect.kind].format(n=card.effect.value))
    else:
        parts.append("its Battle Event is not played")
    if card.alternate_bonus is not None:
        bonus = card.alternate_bonus
        parts.append("Alternate Bonus: " + PLAYED_BONUSES[bonus.kind].format(n=bonus.value))
    return "; ".join(parts) + "."


@dataclass(frozen=True)
class CardPlay:
    """A Battle Event a policy plays: the card, the unit it is played on, the path of a
    Forced Move, and the Firing Action a Burst Into Action takes when the policy chose it with
    the card (otherwise its side is asked once the card is played)."""

    card: str
    unit: str | None = None
    path: Path | None = None
    fire: Fire | None = None


def decks_for(scenario: Scenario, catalogue: Catalogue) -> dict[str, tuple[ActionCard, ...]]:
    """Each side's deck: `count` copies of every card of its faction's, by card id."""
    return {
        side.id: tuple(card for card in catalogue.deck_of(side.faction) for _ in range(card.count))
        for side in scenario.sides
    }


def deal(state: GameState, decks: Mapping[str, Sequence[ActionCard]], dice: Dice) -> list[DrawEvent]:
    """The set-up: each side given a hand by the scenario shuffles its deck with the game's
    dice and draws its hand (HoN core p.17), in the scenario's order of sides."""
    events: list[DrawEvent] = []
    page = state.ruleset.cite("action-cards")
    for side in state.sides:
        size = state.scenario.setup.action_cards.get(side, 0)
        if size <= 0:
            continue
        cards = decks.get(side, ())
        if not cards:
            events.append(DrawEvent(turn=0, phase=Phase.SETUP, side=side, drawn=(), hand=0, page=page))
            continue
        deck = state.decks[side] = Deck(size, shuffled(dice, cards))
        drawn, _ = _draw(deck, dice)
        hand = len(deck.hand)
        events.append(
            DrawEvent(turn=0, phase=Phase.SETUP, side=side, drawn=drawn, hand=hand, deck=len(cards), page=page)
        )
    return events


def refill(state: GameState, side: str, discards: Sequence[str], dice: Dice) -> DrawEvent | None:
    """Step 7 of the Supply Phase (HoN core p.16): discard the cards chosen, then draw up to
    the hand size. None when the hand stays as it was."""
    deck = state.decks.get(side)
    if deck is None:
        return None
    thrown = tuple(deck.discard(card_id).id for card_id in discards)
    drawn, reshuffled = _draw(deck, dice)
    if not thrown and not drawn:
        return None
    return DrawEvent(
        turn=state.turn,
        phase=Phase.SUPPLY,
        side=side,
        drawn=drawn,
        discarded=thrown,
        hand=len(deck.hand),
        reshuffled=reshuffled,
        page=state.ruleset.cite("supply-phase"),
    )


def _draw(deck: Deck, dice: Dice) -> tuple[tuple[str, ...], bool]:
    drawn: list[str] = []
    reshuffled = False
    while len(deck.hand) < deck.size:
        if not deck.pile:
            if not deck.discards:
                break
            deck.pile, deck.discards = shuffled(dice, deck.discards), []
            reshuffled = True
        card = deck.pile.pop(0)
        deck.hand.append(card)
        drawn.append(card.id)
    return tuple(drawn), reshuffled


def bonus_cards(
    deck: Deck | None, side: str, card_ids: Sequence[str], allowed: Sequence[BonusKind]
) -> list[ActionCard]:
    """The cards a side plays for their Alternate Bonus on one action, checked: in its hand,
    of a type that action takes, all of one type (HoN core p.17)."""
    cards: list[ActionCard] = []
    held = list(deck.hand) if deck is not None else []
    for card_id in card_ids:
        card = next((c for c in held if c.id == card_id), None)
        if card is None:
            raise RulesError(Code.NOT_IN_HAND, Refusal(Code.NOT_IN_HAND, CARDS_PAGE, side=side, other=card_id))
        held.remove(card)
        if card.alternate_bonus is None or card.alternate_bonus.kind not in allowed:
            raise RulesError(Code.NO_ALTERNATE_BONUS, Refusal(Code.NO_ALTERNATE_BONUS, CARDS_PAGE, other=card.name))
        cards.append(card)
    if len({c.alternate_bonus.kind for c in cards if c.alternate_bonus is not None}) > 1:
        raise RulesError(Code.MIXED_BONUSES, Refusal(Code.MIXED_BONUSES, CARDS_PAGE, side=side))
    return cards


def bonus_selections(deck: Deck | None, side: str, allowed: Sequence[BonusKind]) -> Checked[tuple[str, ...]]:
    """The Alternate Bonuses a side may play on one action: none, or cards of its hand of
    one type the action takes (HoN core p.17), in any order; listed by type and size."""
    held = sorted(c.id for c in deck.hand if c.alternate_bonus is not None) if deck is not None else []
    by_kind: dict[BonusKind, list[str]] = {}
    for card_id in held:
        card = deck.holds(card_id) if deck is not None else None
        if card is not None and card.alternate_bonus is not None and card.alternate_bonus.kind in allowed:
            by_kind.setdefault(card.alternate_bonus.kind, []).append(card_id)
    listed = [()] + [c for ids in by_kind.values() for n in range(1, len(ids) + 1) for c in combinations(ids, n)]

    def allows(choice: object) -> bool:
        if not isinstance(choice, tuple) or not all(isinstance(c, str) for c in choice):
            return False
        try:
            bonus_cards(deck, side, choice, allowed)
        except ValueError:
            return False
        return True

    return Checked(tuple(dict.fromkeys(listed)), allows)


def discard_selections(deck: Deck) -> Checked[tuple[str, ...]]:
    """The cards a side may discard before drawing (HoN core p.16, step 7): any of its hand,
    each copy once, in any order; listed by size."""
    held = Counter(c.id for c in deck.hand)
    ids = sorted(held.elements())
    listed = dict.fromkeys(c for size in range(len(ids) + 1) for c in combinations(ids, size))

    def allows(choice: object) -> bool:
        return isinstance(choice, tuple) and all(isinstance(c, str) for c in choice) and not Counter(choice) - held

    return Checked(tuple(listed), allows)


def bonus_modifier(card: ActionCard, page: str) -> Modifier:
    bonus = card.alternate_bonus
    if bonus is None:
        raise RulesError(Code.NO_ALTERNATE_BONUS, f"{card.name} has no Alternate Bonus")
    return Modifier(f"{card.name} (alternate bonus)", bonus.value, page)


def playable_event(card: ActionCard, moment: CardTiming) -> bool:
    """Whether the rules core plays the card's Battle Event at this moment."""
    return card.effect is not None and card.timing is moment
