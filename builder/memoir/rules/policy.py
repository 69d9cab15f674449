"""The simple policy that plays both sides of a simulated game: seeded, so the same seed
plays the same game. It plays the card ordering the most units near the enemy, orders the
units closest to the enemy, moves each where it rolls the most expected hits (or, with
nothing to battle, towards the nearest enemy or medal objective), battles the target giving
the most expected hits, and always takes ground when it may. Ties are broken by the dice."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol, TypeVar

from builder.kernel.dice import Dice, uniform
from builder.memoir.catalogue import CommandCard, Side
from builder.memoir.hexes import Hex
from builder.memoir.rules.battle import battle_dice, targets
from builder.memoir.rules.battle_dice import hit_chance
from builder.memoir.rules.cards import orderable
from builder.memoir.rules.movement import Step, may_battle_after, reachable
from builder.memoir.rules.state import GameState, Piece

T = TypeVar("T")


class Policy(Protocol):
    def card(self, state: GameState, side: Side, hand: Sequence[CommandCard]) -> CommandCard: ...

    def orders(self, state: GameState, side: Side, card: CommandCard) -> list[Piece]: ...

    def destination(self, state: GameState, piece: Piece) -> Step: ...

    def target(self, state: GameState, piece: Piece, choices: Sequence[Piece]) -> Piece | None: ...

    def take_ground(self, state: GameState, piece: Piece, place: Hex) -> bool: ...


def _nearest(state: GameState, piece: Piece, place: Hex) -> int:
    distances = [place.distance(e.place) for e in state.enemies(piece.side)]
    return min(distances, default=0)


def expected_hits(state: GameState, attacker: Piece, target: Piece) -> Fraction:
    count = battle_dice(state, attacker, target).count
    return count * hit_chance(target.type) * (1 + Fraction(1, max(target.figures, 1)))


@dataclass
class SimplePolicy:
    dice: Dice

    def _best(self, items: Sequence[T], score: Callable[[T], Fraction | int]) -> T:
        scored = [(score(item), index) for index, item in enumerate(items)]
        top = max(value for value, _ in scored)
        best = [items[index] for value, index in scored if value == top]
        return best[uniform(self.dice, len(best))]

    def card(self, state: GameState, side: Side, hand: Sequence[CommandCard]) -> CommandCard:
        def score(card: CommandCard) -> Fraction:
            units = orderable(state, side, card)
            near = [u for u in units if _nearest(state, u, u.place) <= u.rules.move_and_battle + u.rules.kind.reach]
            return Fraction(min(len(units), card.units) * 2 + min(len(near), card.units) * 3)

        return self._best(list(hand), score)

    def orders(self, state: GameState, side: Side, card: CommandCard) -> list[Piece]:
        units = sorted(orderable(state, side, card), key=lambda u: (_nearest(state, u, u.place), u.key))
        return units[: card.units]

    def destination(self, state: GameState, piece: Piece) -> Step:
        steps = sorted(reachable(state, piece).values(), key=lambda s: (s.hexes, s.place))
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

    def target(self, state: GameState, piece: Piece, choices: Sequence[Piece]) -> Piece | None:
        worth = [c for c in choices if battle_dice(state, piece, c).count > 0]
        if not worth:
            return None
        return self._best(worth, lambda c: expected_hits(state, piece, c))

    def take_ground(self, state: GameState, piece: Piece, place: Hex) -> bool:
        return True


def _objectives(state: GameState, side: Side) -> set[Hex]:
    found = set()
    for place in state.scenario.hexes:
        for tag in place.tag_names:
            medal = state.catalogue.medal_tags.get(tag)
            if medal is not None and medal.side in (None, side) and place.is_hex:
                found.add(place.hex)
    return found
