"""The greedy player that plays both sides of a simulated game: seeded, so the same seed
plays the same game. It plays the card ordering the most units near the enemy, orders the
units closest to the enemy, moves each where it rolls the most expected hits (or, with
nothing to battle, towards the nearest enemy or medal objective), battles the target giving
the most expected hits, always takes ground when it may, and retreats where the fewest
enemies are next to it, the shortest way on a tie.

Ties are broken by dice of its own, never by the order the options are listed in, and never by
the game's dice: a player drawing from those would change the rolls the game makes after its
choice, and a match, which replays a step with the choices made so far and draws nothing for
them, would play another game than `simulate`. `for_every_side` gives each side its own
stream, seeded by the game's seed and the side."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from random import Random
from typing import TypeVar, assert_never

from builder.kernel.choice import least_drawn, ranked_drawn
from builder.kernel.dice import Dice, SeededDice, uniform
from builder.memoir.catalogue import CommandCard, Side
from builder.memoir.hexes import Hex
from builder.memoir.rules.battle import battle_dice, targets
from builder.memoir.rules.battle_dice import hit_chance
from builder.memoir.rules.cards import orderable
from builder.memoir.rules.decisions import (
    BattleTarget,
    MemoirDecision,
    MoveUnit,
    OrderUnits,
    PlayCard,
    RetreatMove,
    TakeGround,
)
from builder.memoir.rules.movement import Step, may_battle_after
from builder.memoir.rules.players import MemoirView
from builder.memoir.rules.state import GameState, Piece

T = TypeVar("T")


def for_every_side(sides: Iterable[Side], seed: int) -> dict[Side, SimplePolicy]:
    """The greedy player for every side of the game of `seed`, each on its own dice."""
    return {side: SimplePolicy(SeededDice(Random(f"hon-greedy/{seed}/{side.value}").getrandbits(64))) for side in sides}


def _nearest(state: GameState, piece: Piece, place: Hex) -> int:
    distances = [place.distance(e.place) for e in state.enemies(piece.side)]
    return min(distances, default=0)


def expected_hits(state: GameState, attacker: Piece, target: Piece) -> Fraction:
    count = battle_dice(state, attacker, target).count
    return count * hit_chance(target.type) * (1 + Fraction(1, max(target.figures, 1)))


@dataclass
class SimplePolicy:
    dice: Dice

    def choose(self, view: MemoirView, decision: MemoirDecision) -> object:
        """The best-scored option of `decision`, worked out on the view's copy of the board."""
        state = view.state
        match decision:
            case PlayCard():
                return self.card(state, view.side, tuple(decision.options))
            case OrderUnits():
                return self.orders(state, decision.options.pool, decision.card)
            case MoveUnit():
                return self.destination(state, state.pieces[decision.unit], tuple(decision.options))
            case BattleTarget():
                keys = [key for key in decision.options if key is not None]
                return self.target(state, state.pieces[decision.unit], [state.pieces[key] for key in keys])
            case TakeGround():
                return True
            case RetreatMove():
                return self.fall_back(state, state.pieces[decision.unit], tuple(decision.options))
            case _:
                assert_never(decision)

    def _best(self, items: Sequence[T], score: Callable[[T], Fraction | int]) -> T:
        """The best-scored of `items`, one of those alike drawn."""
        return least_drawn(items, lambda item: -score(item), _Draws(self.dice))

    def card(self, state: GameState, side: Side, hand: Sequence[CommandCard]) -> CommandCard:
        def score(card: CommandCard) -> Fraction:
            units = orderable(state, side, card)
            near = [u for u in units if _nearest(state, u, u.place) <= u.rules.move_and_battle + u.rules.kind.reach]
            return Fraction(min(len(units), card.units) * 2 + min(len(near), card.units) * 3)

        return self._best(list(hand), score)

    def orders(self, state: GameState, keys: Sequence[str], card: CommandCard) -> tuple[str, ...]:
        """The units nearest the enemy, as many as the card orders; of units as near, those
        ordered drawn."""
        units = [state.pieces[key] for key in keys]
        nearest = {unit.key: _nearest(state, unit, unit.place) for unit in units}
        ranked = ranked_drawn(units, lambda u: nearest[u.key], _Draws(self.dice))
        return tuple(unit.key for unit in ranked[: card.units])

    def destination(self, state: GameState, piece: Piece, steps: Sequence[Step]) -> Step:
        origin = piece.place
        objectives = _objectives(state, piece.side)

        def score(step: Step) -> Fraction:
            state.move(piece, step.place)
            try:
                value = Fraction(0)
                if may_battle_after(state, piece, step.hexes):
                    value = max((expected_hits(state, piece, t) for t in targets(state, piece)), default=Fraction(0))
                advance = Fraction(-_nearest(state, piece, step.place), 100)
                held = Fraction(1, 2) if step.place in objectives else Fraction(0)
                return value * 10 + advance + held
            finally:
                state.move(piece, origin)

        return self._best(steps, score)

    def target(self, state: GameState, piece: Piece, choices: Sequence[Piece]) -> str | None:
        worth = [c for c in choices if battle_dice(state, piece, c).count > 0]
        if not worth:
            return None
        return self._best(worth, lambda c: expected_hits(state, piece, c)).key

    def fall_back(self, state: GameState, piece: Piece, options: Sequence[Hex]) -> Hex:
        """The hex next to the fewest enemies, the nearest on a tie (each step back is one
        row nearer the side's edge, so the distance counts the steps), then one drawn."""

        def key(place: Hex) -> tuple[int, int]:
            exposure = sum(1 for enemy in state.enemies(piece.side) if enemy.place.distance(place) <= 1)
            return exposure, piece.place.distance(place)

        return least_drawn(options, key, _Draws(self.dice))


@dataclass(frozen=True)
class _Draws:
    """The player's dice as the kernel's draws among options alike."""

    dice: Dice

    def randrange(self, stop: int, /) -> int:
        return uniform(self.dice, stop)


def _objectives(state: GameState, side: Side) -> set[Hex]:
    found = set()
    for place in state.scenario.hexes:
        for tag in place.tag_names:
            medal = state.catalogue.medal_tags.get(tag)
            if medal is not None and medal.side in (None, side) and place.is_hex:
                found.add(place.hex)
    return found
