"""Determinized sampling for search (DESIGN.md 7; builder.kernel.match.Sampler): from one
side's view of the Tactical Card Game, a whole game it could be of, for a search agent to play
on. What the view hides (builder.tcg.rules.players) is drawn at random; all it shows is kept:

* the other side's hidden cards, its hand and its reserve are dealt again from the cards it
  may hold there, which are those three together (a hidden card is any Unit Card or a decoy:
  TCG p.16-17): each hidden card in the order it came onto the battlefield gets a Unit Card or
  decoy of them (a Unit Card, with hit points to spare, when it carries HIT or SUPPRESSED
  markers: a decoy shot at is discarded, p.17), the hand as many as it holds, the reserve the
  rest in a random order; a hidden card carrying a Hero keeps its face, which the Hero
  Card's condition named (p.10);
* the side's own reserve is shuffled: nobody knows its order (TCG p.6 draws from its top);
* the other side's hidden cards are keyed by the order they came onto the battlefield, as
  the side sees them, and the scenario is the side's reading of it
  (builder.tcg.rules.players): nothing in the game names a card the side may not know;
* the dice are fresh, seeded from the sampler's stream, so no real roll to come is known.

What a hidden card did while hidden (the boxes it moved through) is not held against the
face it is dealt: only where it stands and what it carries.

A view is made in the middle of a step of play (builder.kernel.match), so the game is drawn
at the step's start, which the view's course keeps, and the step is replayed to the view's
decision with the answers given (builder.kernel.match.replayed), the faces rolled so far
rolled again. A step that has drawn, played or shown cards before the view's decision
(a reinforcement after the cards drawn, a card turned face up by a shot) is not sampled
(Unsampled): the search agent asks for games only before a COMMAND marker's tactic, where
none has."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from random import Random
from typing import TYPE_CHECKING

from builder.kernel.dice import SeededDice
from builder.kernel.match import Match, Unsampled, replayed
from builder.tcg.cards import Card, DecoyCard, UnitCard
from builder.tcg.rules.players import TcgView, hidden_key
from builder.tcg.rules.state import Game, Piece, copy_game

if TYPE_CHECKING:
    from builder.tcg.rules.simulation import TcgGame, TcgRules

TRIES = 16  # draws tried before a view is found to have no sample


def sample(rules: TcgRules, view: TcgView, rng: Random) -> Match[TcgGame, TcgView]:
    """A match at the decision `view` was made for, agreeing with all the view shows, the
    rest drawn with `rng` (see the module)."""
    course, rolled = view._course, view._rolled
    start = course.start if course is not None else None
    if course is None or start is None or rolled is None or not isinstance(start.game.dice, SeededDice):
        raise Unsampled(
            f"the view of {view.side} was made while the game was played in place, keeping no start "
            "to replay from: drive the game as a Match, or play it with sampled=True"
        )
    if not _quiet(start.game, view):
        raise Unsampled(f"the step has drawn, played or shown cards before the decision of {view.side}")
    faces = start.game.dice.ahead(rolled - start.game.dice.rolled)
    for _ in range(TRIES):
        drawn = replace(start, game=_drawn(start.game, view, faces, rng))
        tape = replayed(rules, drawn, course)
        if tape is not None:
            return Match(rules, drawn, tape)
    raise Unsampled(f"no draw of what {view.side} may not know agreed with its view in {TRIES} tries")


def _quiet(start: Game, view: TcgView) -> bool:
    """Whether the step, from its start to the view, left every hand, reserve and discard
    pile as it was, and turned none of the other side's cards face up."""
    now = view.game
    for side, player in start.players.items():
        if (len(player.hand), len(player.reserve)) != (view.hands[side], view.reserves[side]):
            return False
        if side != view.side and player.discard != now.players[side].discard:
            return False
    hidden = {p.arrival for p in start.pieces.values() if p.hidden and p.side != view.side}
    return hidden == {p.arrival for p in now.pieces.values() if p.hidden and p.side != view.side}


def _drawn(real: Game, view: TcgView, faces: tuple[int, ...], rng: Random) -> Game:
    """The game at the step's start as the side may know it, the rest drawn with `rng`."""
    game = copy_game(real)
    game.dice = SeededDice(rng.getrandbits(62), faces)
    game.scenario = view.game.scenario
    game.events, game.frames = [], None
    for side, player in game.players.items():
        if side == view.side:
            player.reserve = _shuffled(player.reserve, rng)
        else:
            _deal_other(game, side, rng)
    _rekey(game, view.side)
    return game


def _deal_other(game: Game, side: str, rng: Random) -> None:
    """The other side's hidden cards, hand and reserve dealt again from all three."""
    player = game.players[side]
    hidden = [p for p in game.of(side) if p.hidden and p.hero is None]
    pool = _shuffled([*(p.face for p in hidden), *player.hand, *player.reserve], rng)
    for piece in sorted(hidden, key=lambda p: p.arrival):
        face = next((card for card in pool if _fits(card, piece)), None)
        if not isinstance(face, UnitCard | DecoyCard):
            raise Unsampled(f"no card of {side} left to deal to the hidden card in box {list(piece.box)}")
        pool.remove(face)
        piece.card = face
    size = len(player.hand)
    player.hand, player.reserve = pool[:size], pool[size:]


def _fits(card: Card, piece: Piece) -> bool:
    """Whether a hidden card could be `card`: a Unit Card or decoy, a Unit Card that
    survives its markers when it carries any."""
    if not piece.hits and not piece.suppressed:
        return isinstance(card, UnitCard | DecoyCard)
    return isinstance(card, UnitCard) and card.hit_points + piece.extra_hit_points > piece.hits


def _shuffled(cards: list[Card], rng: Random) -> list[Card]:
    """`cards` in an order drawn with `rng` from their ids alone, not from the order they lay in."""
    found = sorted(cards, key=lambda card: card.id)
    rng.shuffle(found)
    return found


def _rekey(game: Game, side: str) -> None:
    """The other side's hidden cards keyed as the side sees them (by the order they came
    onto the battlefield), and the keys given so far counted from what the side knows: its
    own cards', the other side's cards in sight, the rest by arrival alone. A card that
    arrives in the play-out gets a key of its own (builder.tcg.rules.setup.piece_key), and
    no key tells a hidden card's face."""
    force = next(s.force for s in game.scenario.sides if s.id == side)
    own = {placed.card for placed in force.deployment} | set(force.deck_cards())
    taken = Counter({card: count for card, count in game.keys.items() if card in own})
    renamed: dict[str, Piece] = {}
    for piece in game.pieces.values():
        if piece.side != side and piece.hidden:
            piece.key = hidden_key(piece)
        elif piece.side != side:
            card, _, number = piece.key.partition("#")
            taken[card] = max(taken[card], int(number or 1))
        renamed[piece.key] = piece
    taken[""] = sum(game.keys.values()) - sum(taken.values())
    game.pieces, game.keys = renamed, taken
