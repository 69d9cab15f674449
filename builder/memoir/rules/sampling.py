"""Determinized sampling for search (DESIGN.md 7; builder.kernel.match.Sampler): from one
side's view of the hex game, a whole game it could be of, for a search agent to play on. What
the view hides (builder.memoir.rules.players) is drawn at random; all it shows is kept:

* the other side's command cards are dealt again, as many as it holds, from the cards it may
  hold, its hand and the deck together (the deck less the discard pile and the side's own
  hand: M44 summary, "Play a command card", "Draw a command card"); the rest is the deck, in
  a random order, so the cards either side draws next are unknown too;
* the dice are fresh, seeded from the sampler's stream, so no real roll to come is known.

The board, the units, the medals and the discard pile are as the view shows them: nothing
else is hidden in the hex game.

A view is made in the middle of a turn (builder.kernel.match), so the game is drawn at the
turn's start, which the view's course keeps, and the turn is replayed to the view's decision
with the answers given (builder.kernel.match.replayed), the faces rolled so far rolled again.
A turn that has drawn a card before the view's decision (none does before its battles end)
is not sampled (Unsampled)."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import TYPE_CHECKING

from builder.kernel.dice import SeededDice
from builder.kernel.match import Match, Unsampled, replayed
from builder.memoir.catalogue import CommandCard
from builder.memoir.rules.players import MemoirView

if TYPE_CHECKING:
    from builder.memoir.rules.simulation import MemoirGame, MemoirRules

TRIES = 16  # draws tried before a view is found to have no sample


def sample(rules: MemoirRules, view: MemoirView, rng: Random) -> Match[MemoirGame, MemoirView]:
    """A match at the decision `view` was made for, agreeing with all the view shows, the
    rest drawn with `rng` (see the module)."""
    course, rolled = view._course, view._rolled
    start = course.start if course is not None else None
    if course is None or start is None or rolled is None:
        raise Unsampled(
            f"the view of {view.side.value} was made while the game was played in place, keeping no start "
            "to replay from: drive the game as a Match, or play it with sampled=True"
        )
    if len(start.state.deck) != view.deck:
        raise Unsampled(f"the turn has drawn a card before the decision of {view.side.value}")
    faces = start.dice.ahead(rolled - start.dice.rolled)
    for _ in range(TRIES):
        drawn = _drawn(start, view, faces, rng)
        tape = replayed(rules, drawn, course)
        if tape is not None:
            return Match(rules, drawn, tape)
    raise Unsampled(f"no draw of what {view.side.value} may not know agreed with its view in {TRIES} tries")


def _drawn(real: MemoirGame, view: MemoirView, faces: tuple[int, ...], rng: Random) -> MemoirGame:
    """The game at the turn's start, the other sides' hands and the deck dealt anew."""
    state = real.state.copy()
    pool: list[CommandCard] = list(state.deck)
    for side, hand in state.hands.items():
        if side is not view.side:
            pool += hand
    pool.sort(key=lambda card: card.id)
    rng.shuffle(pool)
    for side, hand in state.hands.items():
        if side is not view.side:
            state.hands[side], pool = pool[: len(hand)], pool[len(hand) :]
    state.deck = pool
    return replace(real, state=state, dice=SeededDice(rng.getrandbits(62), faces), events=[])
