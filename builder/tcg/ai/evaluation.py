"""How well a game of the Tactical Card Game stands for a side: the search agent's score at
the end of a play-out (builder.tcg.ai.search). In the game's own terms, for both sides alike,
what one side gains the other loses:

* the game won or lost, once it is over (TCG p.6: the first to fulfil its objectives wins);
* how far each side is towards the scenario's victory conditions, the nearest of its own
  (TCG p.6, p.16): the objectives of a Control condition it holds, the enemy Unit Cards it
  destroyed towards a Destroy condition, its victory points towards a VictoryPoints one;
* each objective marker controlled (p.16: by the Unit Card on its box, a decoy controls
  nothing) and each victory point earned (p.16);
* Unit Cards lost (destroyed, p.8: as many HIT markers as hit points), a HIT marker as its
  share of the card's hit points, a SUPPRESSED marker (p.13) a little.

The weights are hon's reading, not the book's: a won game outweighs a condition fulfilled, an
objective is worth a tenth of a Unit Card's. Read from the state a play-out reached, which the
search samples from the side's view: nothing in it is what the side may not know."""

from __future__ import annotations

from builder.tcg.conditions import Control, Destroy, VictoryPoints
from builder.tcg.rules.damage import hit_points
from builder.tcg.rules.state import Game, Piece
from builder.tcg.rules.victory import fulfilled

WON = 2.0  # the game won (lost, less)
CONDITION = 1.0  # a victory condition fulfilled in full (a part of it, in part)
CARD = 0.2  # a Unit Card lost
OBJECTIVE = 0.05  # an objective marker controlled
VICTORY_POINT = 0.02  # a victory point earned
SUPPRESSED = 0.02  # a SUPPRESSED marker


def evaluate(game: Game, side: str) -> float:
    """`side`'s standing, higher better (see the module): its own less its enemy's."""
    enemy = game.opponent(side)
    if game.winner is not None:
        return WON if game.winner == side else -WON if game.winner == enemy else 0.0
    return standing(game, side) - standing(game, enemy)


def standing(game: Game, side: str) -> float:
    """What `side` has towards winning, before its losses are taken from its enemy's score."""
    player = game.players[side]
    nearest = max((progress(game, c) for c in game.scenario.victory if c.side == side), default=0.0)
    held = sum(1 for marker in game.scenario.objectives() if game.controller(marker.box) == side)
    enemy = game.opponent(side)
    lost = game.players[enemy].destroyed + sum(_damage(piece) for piece in game.of(enemy))
    return CONDITION * nearest + OBJECTIVE * held + VICTORY_POINT * player.victory_points + CARD * lost


def progress(game: Game, condition: Control | Destroy | VictoryPoints) -> float:
    """How much of `condition` is fulfilled now, from 0 to 1."""
    if fulfilled(game, condition):
        return 1.0
    player = game.players[condition.side]
    if isinstance(condition, Destroy):
        return player.destroyed / condition.count
    if isinstance(condition, VictoryPoints):
        return player.victory_points / condition.points
    wanted = condition.objectives or [m.id for m in game.scenario.objectives() if m.id is not None]
    boxes = [m.box for m in game.scenario.objectives() if m.id in wanted]
    needed = condition.count if condition.count is not None else len(boxes)
    return sum(1 for box in boxes if game.controller(box) == condition.side) / max(needed, 1)


def _damage(piece: Piece) -> float:
    """How much of a Unit Card still on the battlefield is lost: its HIT markers as a share
    of its hit points, and its SUPPRESSED markers."""
    if piece.unit is None:
        return 0.0
    return piece.hits / hit_points(piece) + SUPPRESSED / CARD * piece.suppressed
