"""How well a game of the hex game stands for a side: the search agent's score at the end of a
play-out (builder.memoir.ai.search). In the game's own terms, for both sides alike, what one
side gains the other loses:

* the game won or lost, once it is over (M44 summary, "Resolving battles": a side wins with
  its medals);
* medals, as a share of those the side needs to win: one for each enemy unit eliminated (its
  last figure on the attacker's medal stand) and one for each medal objective a unit of the
  side holds (the scenario's medal tags);
* figures lost by units still on the board, each as its share of the unit's starting
  figures: a unit worn down is a medal on its way (M44 summary: "For each hit scored 1
  figure is removed").

The weights are hon's reading, not the summary's: a won game outweighs all the medals, a
unit worn to its last figure is worth half a medal. Read from the state a play-out reached,
which the search samples from the side's view: nothing in it is what the side may not know."""

from __future__ import annotations

from builder.memoir.catalogue import Side
from builder.memoir.rules.state import GameState

WON = 2.0  # the game won (lost, less)
MEDALS = 1.0  # all the medals a side needs to win
WORN = 0.5  # a unit worn down to nothing, in medals


def evaluate(state: GameState, winner: Side | None, side: Side) -> float:
    """`side`'s standing, higher better (see the module): its own less its enemy's."""
    enemy = state.scenario.other(side)
    if winner is not None:
        return WON if winner is side else -WON
    return standing(state, side) - standing(state, enemy)


def standing(state: GameState, side: Side) -> float:
    """The medals `side` has and has worn down, as a share of those it needs."""
    worn = sum(1 - piece.figures / piece.rules.figures for piece in state.enemies(side) if piece.rules.figures)
    needed = max(state.scenario.side(side).medals, 1)
    return MEDALS * (state.total_medals(side) + WORN * worn) / needed
