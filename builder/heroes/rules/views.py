"""What one side may know of a game of the Heroes System, from the books (DESIGN.md 7). A
side's view (builder.heroes.rules.players.HeroesView) is the game's state with what the side
may not know taken out, and the little it may know of it in its place:

* another side's hand of action cards: how many cards, never which (HoN core p.17: "each
  player has their own deck"; p.16 step 7, each draws "until you reach your maximum hand
  size");
* the order of the draw piles, the side's own included: what is in its pile follows from its
  deck, its hand and its discards; in what order, nobody knows until a card is drawn;
* the numbers on another side's order tokens still face down, and which of them are bluffs
  or special tokens: "placed with the numbers facing the owning player, leaving the opponent
  guessing", a Bluff "looks identical to other Order Tokens from the back" (HoN core p.8;
  SoN p.4: "whose back looks just like an Order token"). The view says which units hold one;
* the dice to come.

What stays in the view, by the books or by hon's reading where they are silent:

* the discard piles: a Battle Event or an Alternate Bonus is shown as it is played (p.17);
  hon's reading: the discard pile lies face up, so the cards thrown at step 7 are seen too;
* the bags' contents (SoN p.11): every Madness token, every customization and spell with a
  white or green back that no tile holds, drawn blind; what is left in a bag follows from
  what has been drawn, and each draw is uniform with the dice, so the order they are kept
  in tells nothing;
* concealed units: a Concealed marker's unit waits by its tile "along with the small marker
  bearing the same letter" (HoN core p.30), and "none but its owner may look at its hidden
  face" (p.21) hides a side printed in the catalogue; the engine plays a concealed unit with
  its own values, so nothing of it is hidden beyond what the catalogue prints;
* the number of each kind of token a side places (its stars, Special Order tokens and Bluffs
  are printed on its tiles and options or played from a card, and it "places all of his
  Order Tokens", p.8).

The functions here are pure: the state redacted for a side, and the tokens placed in a step."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from operator import attrgetter

from builder.heroes.catalogue.cards import ActionCard
from builder.heroes.rules.abilities.medallion import without
from builder.heroes.rules.decisions import MedallionDiscard
from builder.heroes.rules.orders.tokens import Orders, passed_on_to
from builder.heroes.rules.state import Deck, GameState
from builder.kernel.match import Answer


def redacted(state: GameState, side: str, placed: Orders | None) -> GameState:
    """`state` as `side` may know it: the same record but for the action cards (only its own
    deck, its draw pile in card id order) and the tokens (in `ordered` and `unrevealed`, only
    the units holding those it `placed` this turn). Shared, not copied: read it, never
    change it."""
    twin = object.__new__(GameState)
    twin.__dict__.update(state.__dict__)
    own = state.decks.get(side)
    twin.decks = {side: _known(own)} if own is not None else {}
    holders = _holders(state, placed) if placed is not None and (state.unrevealed or state.ordered) else set()
    twin.unrevealed = {key: state.unrevealed[key] for key in holders if key in state.unrevealed}
    twin.ordered = holders & state.ordered
    return twin


def _holders(state: GameState, placed: Orders) -> set[str]:
    """The units holding the real tokens `placed`, Dynamic having passed some on."""
    keys = {*placed.numbered, *placed.special}
    return {passed_on_to(state, key) for key in keys} if state.passed_orders else keys


def _known(deck: Deck) -> Deck:
    """The side's own deck as it knows it: its hand and discards, its pile in no true order."""
    return Deck(deck.size, sorted(deck.pile, key=CARD_ID), list(deck.hand), list(deck.discards))


CARD_ID = attrgetter("id")  # a card's id, to sort cards by


def placed_in(answers: Iterable[Answer]) -> dict[str, Orders]:
    """The order tokens placed by the answers of an Order Phase under way, by side, less
    those an Elder Sign Medallion discarded since (SoN p.14)."""
    placed: dict[str, Orders] = {}
    for answer in answers:
        choice = answer.choice
        if isinstance(choice, Orders):
            placed[choice.side] = choice
        elif answer.kind == MedallionDiscard.kind and isinstance(choice, str):
            placed = {side: without(orders, choice) for side, orders in placed.items()}
    return placed


def tokens_of(orders: Orders) -> frozenset[str]:
    """The units holding one of the placed tokens, whatever its kind."""
    return frozenset((*orders.numbered, *orders.special, *orders.bluffs))


def counts(
    decks: Mapping[str, Deck],
) -> tuple[dict[str, int], dict[str, int], dict[str, tuple[ActionCard, ...]]]:
    """What every side may see of each deck: the cards in hand, in the pile, and the discards."""
    hands: dict[str, int] = {}
    piles: dict[str, int] = {}
    discards: dict[str, tuple[ActionCard, ...]] = {}
    for side, deck in decks.items():
        hands[side], piles[side], discards[side] = len(deck.hand), len(deck.pile), tuple(deck.discards)
    return hands, piles, discards
