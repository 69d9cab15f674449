"""Determinized sampling for search (DESIGN.md 7): from one side's view, a whole game it
could be of, for a search agent to play on (builder.kernel.match.Sampler). What the view
hides (builder.heroes.rules.views) is drawn at random; all it shows is kept:

* each other side's hand is dealt again from the cards it may hold, its hand and its pile
  together (its deck less its discard pile: HoN core p.17), the cards it has played or
  thrown since the step began kept in it; the rest is its pile, shuffled;
* the side's own pile is shuffled too (nobody knows its order), the cards it drew since the
  step began on top, since it has seen them;
* each other side's tokens still face down change units among those holding them, so their
  numbers, which are bluffs and which special (HoN core p.8) fall anew; a token passed on
  with Dynamic stays with its new unit, which the card named (p.17);
* the dice are fresh, seeded from the sampler's stream, so no real roll to come is known.

The bags (SoN p.11) are left as they are: each draw is uniform with the dice, fresh ones, so
the order their tokens are kept in tells nothing, and the draws the step has made must come
out as they did.

A view is made in the middle of a step of play (builder.kernel.match), so the game is drawn
at the step's start, which the view's course keeps, and the step is replayed to the view's
decision: the faces the step rolled so far are rolled again, then the sampled game's own;
each answer given is given again. The rules ask a side about its cards only when it holds
one that may be played (a Battle Event of the moment, an Alternate Bonus of the roll), so a
redealt hand may be asked questions the real one was not, or not be asked some it was: the
other side passes on the first, and its passes on the second are skipped, so the sample is
not held to the real hand. A draw whose replay comes to the decision with anything public
other than the view shows (a special token played from another unit, say) is drawn again."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from random import Random
from typing import TYPE_CHECKING, Any

from builder.heroes.catalogue.cards import ActionCard
from builder.heroes.rules.orders.tokens import AUTONOMOUS, Orders
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.state import Deck
from builder.heroes.rules.views import CARD_ID
from builder.kernel.decisions import Decision, IllegalChoice
from builder.kernel.dice import SeededDice
from builder.kernel.match import Answer, Match, Pending, Table, Unsampled

if TYPE_CHECKING:
    from builder.heroes.rules.simulation import HeroesGame, HeroesRules

TRIES = 64  # draws tried before a view is found to have no sample
PASSES: tuple[object, ...] = (None, (), False)  # the answers that pass: no card, no token played


def sample(rules: HeroesRules, view: HeroesView, rng: Random) -> Match[HeroesGame, HeroesView]:
    """A match at the decision `view` was made for, agreeing with all the view shows, the
    rest drawn with `rng` (see the module)."""
    course, rolled = view._course, view._rolled
    start: HeroesGame | None = course.start
    if start is None or rolled is None:
        raise Unsampled(
            f"the view of {view.side} was made while the game was played in place, keeping no start "
            "to replay from: drive the game as a Match to sample it"
        )
    faces = start.dice.ahead(rolled - start.dice.rolled)
    for _ in range(TRIES):
        game = rules.copy(start, SeededDice(rng.getrandbits(62), faces))
        game.frames = []  # the real record tells what was drawn and where the tokens went
        _deal(game, view, rng)
        answers = _move_tokens(game, view, course.answers, rng)
        tape = _replayed(rules, game, view, answers, course.asking)
        if tape is not None:
            return Match(rules, game, tape)
    raise Unsampled(f"no draw of what {view.side} may not know agreed with its view in {TRIES} tries")


# --- The action cards ---------------------------------------------------------------------


def _deal(game: HeroesGame, view: HeroesView, rng: Random) -> None:
    for side, deck in game.state.decks.items():
        thrown = Counter(card.id for card in view.discards.get(side, ())) - Counter(card.id for card in deck.discards)
        if side == view.side:
            _shuffle_own(deck, view.state.decks[side].hand, thrown, rng)
        else:
            _deal_other(deck, thrown, rng)


def _shuffle_own(deck: Deck, hand_now: Sequence[ActionCard], thrown: Counter[str], rng: Random) -> None:
    """The side's pile shuffled, the cards it drew in the step on top: those of its hand now
    that are not left from its hand at the step's start."""
    left = Counter(card.id for card in deck.hand) - thrown
    drawn: list[ActionCard] = []
    for card in hand_now:
        if left[card.id] > 0:
            left[card.id] -= 1
        else:
            drawn.append(card)
    rest = _less(sorted(deck.pile, key=CARD_ID), (card.id for card in drawn))
    rng.shuffle(rest)
    deck.pile = drawn + rest


def _deal_other(deck: Deck, thrown: Counter[str], rng: Random) -> None:
    """Another side's hand dealt again from its hand and pile, the cards it `thrown` in the
    step kept in it; the rest is its pile."""
    pool = sorted((*deck.hand, *deck.pile), key=CARD_ID)
    kept = _taken(pool, thrown)
    rest = _less(pool, (card.id for card in kept))
    rng.shuffle(rest)
    size = len(deck.hand)
    fill = max(size - len(kept), 0)
    deck.hand, deck.pile = kept[:size] + rest[:fill], kept[size:] + rest[fill:]


def _taken(cards: Sequence[ActionCard], wanted: Counter[str]) -> list[ActionCard]:
    """As many of `cards` of each id as `wanted` says."""
    left = Counter(wanted)
    found: list[ActionCard] = []
    for card in cards:
        if left[card.id] > 0:
            left[card.id] -= 1
            found.append(card)
    return found


def _less(cards: Sequence[ActionCard], ids: Iterable[str]) -> list[ActionCard]:
    """`cards` less one card of each of `ids`."""
    gone = Counter(ids)
    rest: list[ActionCard] = []
    for card in cards:
        if gone[card.id] > 0:
            gone[card.id] -= 1
        else:
            rest.append(card)
    return rest


# --- The order tokens ---------------------------------------------------------------------


def _move_tokens(game: HeroesGame, view: HeroesView, answers: tuple[Answer, ...], rng: Random) -> tuple[Answer, ...]:
    """Each other side's face-down tokens dealt anew to the units holding them, in the game
    and in the answers of an Order Phase under way: which unit gets which token is drawn
    from the tokens and the units alone (their numbers are no secret, p.8), never from
    where they lie. The answers, so moved."""
    heirs = set(game.state.passed_orders.values())
    placed = view._on_table()
    for side, keys in sorted(view.face_down.items()):
        if side == view.side or side not in placed:
            continue
        holders = sorted(keys - heirs)
        tokens = {key: placed[side].token_of(key) or "" for key in holders}
        receivers: dict[str, list[str]] = {}
        for token, key in zip(sorted(tokens.values()), rng.sample(holders, len(holders)), strict=True):
            receivers.setdefault(token, []).append(key)
        moved = {key: receivers[token].pop(0) for key, token in tokens.items()}
        moved = {key: to for key, to in moved.items() if key != to}
        if moved:
            _move_in_game(game, side, moved)
            answers = tuple(_move_in_answer(answer, side, moved) for answer in answers)
    return answers


def _move_in_game(game: HeroesGame, side: str, moved: dict[str, str]) -> None:
    """`side`'s tokens on the units `moved` names now on the unit each goes to: in its
    placement, the Activation Phase's queue and the state's records. Harmless before the
    Order Phase places them: those records are then last turn's, and written anew."""
    state, activations = game.state, game.activations
    if side in game.orders:
        game.orders[side] = _moved(game.orders[side], moved)
    activations.sequence = [
        replace(r, key=moved.get(r.key, r.key)) if r.side == side and r.token != AUTONOMOUS else r
        for r in activations.sequence
    ]
    if side in activations.held:
        activations.held[side] = [moved.get(key, key) for key in activations.held[side]]
    state.unrevealed = {moved.get(key, key): token for key, token in state.unrevealed.items()}
    state.ordered = {moved.get(key, key) for key in state.ordered}


def _move_in_answer(answer: Answer, side: str, moved: dict[str, str]) -> Answer:
    choice = answer.choice
    if isinstance(choice, Orders) and choice.side == side:
        return answer._replace(choice=_moved(choice, moved))
    return answer


def _moved(orders: Orders, moved: dict[str, str]) -> Orders:
    def on(keys: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(moved.get(key, key) for key in keys)

    return Orders(orders.side, on(orders.numbered), on(orders.special), on(orders.bluffs))


# --- The step replayed --------------------------------------------------------------------


class _Disagrees(Exception):
    """The replay asked what the real step could not have: this draw is no sample."""


@dataclass
class _Replay:
    """Every side's player in the replay: the answers given in the real step, in order, each
    to the question of its side and kind; another side passes on a question the real step
    did not ask it, and its passes on questions the replay does not ask are skipped. At the
    view's question, with every answer given, the replay stops there."""

    answers: tuple[Answer, ...]
    side: str  # whose view is sampled
    asking: tuple[str, str]
    read: int = 0

    def choose(self, view: HeroesView, decision: Decision[Any]) -> object:
        asked = (decision.side, decision.kind)
        while self.read < len(self.answers):
            answer = self.answers[self.read]
            if (answer.side, answer.kind) == asked:
                self.read += 1
                return answer.choice
            passing = _pass(decision) if decision.side != self.side else _NO_PASS
            if passing is not _NO_PASS:
                return passing
            if answer.side == self.side or not _passes(answer.choice):
                raise _Disagrees
            self.read += 1
        if asked == self.asking:
            raise Pending(decision)
        passing = _pass(decision) if decision.side != self.side else _NO_PASS
        if passing is _NO_PASS:
            raise _Disagrees
        return passing


_NO_PASS = object()


def _pass(decision: Decision[Any]) -> object:
    """The decision's option that passes (no card played, no token), else _NO_PASS."""
    return next((option for option in PASSES if option in decision.options), _NO_PASS)


def _passes(choice: object) -> bool:
    return choice is None or choice is False or choice == ()


def _replayed(
    rules: HeroesRules,
    game: HeroesGame,
    view: HeroesView,
    answers: tuple[Answer, ...],
    asking: tuple[str, str] | None,
) -> tuple[object, ...] | None:
    """The tape that brings `game`, at the step's start, to the view's decision; None when
    the replay does not come to it with all the view shows."""
    if asking is None:
        return ()  # a view between two steps: the game is at it already
    trial = rules.copy(game)
    replay = _Replay(answers, view.side, asking)
    players = dict.fromkeys(trial.state.sides, replay)
    table = Table(lambda side, course: rules.view(trial, side, course), players, (), game)
    try:
        rules.step(trial, table)
    except Pending as stop:
        seen = rules.view(trial, view.side, table.course(stop.decision))
        return tuple(answer.choice for answer in table.answers) if _public(seen) == _public(view) else None
    except (IllegalChoice, _Disagrees):
        return None
    return None  # the step ended without asking the view's question


def _public(view: HeroesView) -> tuple[object, ...]:
    """What a sample must agree on with the view it was drawn from."""
    state = view.state
    own = state.decks.get(view.side)
    return (
        state.turn,
        state.initiative,
        dict(state.pieces),
        set(state.reserve),
        set(state.destroyed),
        state.victory_points,
        state.control,
        view.hands,
        view.piles,
        {side: [card.id for card in cards] for side, cards in view.discards.items()},
        view.face_down,
        view.orders,
        [card.id for card in own.hand] if own is not None else None,
    )
