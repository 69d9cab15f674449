"""The greedy player prefers no direction of the map (issue 34): asked the same question on a
game in play and on the game turned half a turn (tests/heroes/mirror.py), on the point-
symmetric mirror fields, it answers with the image of its answer.

The questions are sampled from real games: at each decision of a game the greedy players play,
two fresh greedy players are asked, one on the side's view, one on its image. A player draws
among options alike from dice of its own; the one asked on the image is told the image of
each draw the first made, where the options drawn among say what their image is (ends of a
move, units), and must find it among its own options alike: a tie the first saw and the second
did not is a preference. A decision with a draw the test cannot map is not compared."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import pytest

from builder.heroes.ai.common import SortKey, T
from builder.heroes.ai.firing import Plan
from builder.heroes.ai.greedy import SimplePolicy, own_dice
from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.actions.activation import action_choices
from builder.heroes.rules.actions.kinds import Action
from builder.heroes.rules.actions.scouting import scout_paths
from builder.heroes.rules.decisions import (
    ActivationAction,
    Concealment,
    ForcedMove,
    HeroesDecision,
    OpportunityFire,
    OrderTokens,
    ScoutMove,
    SpecialOrder,
)
from builder.heroes.rules.gear.concealed_markers import concealments
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.orders.personal_order import placements
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.simulation import simulate
from builder.heroes.rules.state import GameState
from tests.heroes.mirror import HalfTurn
from tests.heroes.rules.test_simulate import bundled
from tests.heroes.scenario.test_mirror import mirror


class Unmapped(Exception):
    """A draw among options whose image the test does not know."""


def told(option: object, half: HalfTurn | None) -> object:
    """What a draw's option is told by: its image by `half` (none: itself), for the options
    whose image is known: ends of a move, units (by key, which the half turn keeps), firing
    plans and weapons, actions, and tuples of them with numbers and keys. A bare pair of
    numbers may be a square or an interspace: not mapped."""
    match option:
        case Position():
            return half.position(option) if half is not None else option
        case Piece():
            return option.key
        case bool() | int() | float() | str() | None | Plan() | Weapon():
            return option
        case (int(), int()):
            raise Unmapped("a square or an interspace")
        case tuple():
            return tuple(told(part, half) for part in option)
    if not isinstance(option, Action):
        raise Unmapped(type(option).__name__)
    try:
        return half.action(option) if half is not None else option
    except NotImplementedError as unknown:
        raise Unmapped(type(option).__name__) from unknown


@dataclass
class Steered(SimplePolicy):
    """A greedy player whose draws among options alike are made for it: on the state, the
    first of them in their own order, each written down by its image (`draws`); on the
    image, given those (`told`), the option each names, which must be among the options
    alike (else `astray`)."""

    half: HalfTurn | None = None
    told: list[object] | None = None
    draws: list[object] = field(default_factory=list)
    astray: list[str] = field(default_factory=list)

    def drawn(self, alike: list[T], order: SortKey[T]) -> T:
        if len(alike) == 1:
            return alike[0]
        return self._steered(sorted(alike, key=order), lambda chosen: chosen[:1])[0]

    def shuffled(self, alike: list[T], order: SortKey[T]) -> list[T]:
        if len(alike) < 2:
            return alike
        return self._steered(sorted(alike, key=order), lambda chosen: chosen)

    def _steered(self, alike: list[T], take: Callable[[list[T]], list[T]]) -> list[T]:
        if self.told is None:
            chosen: list[T] = take(alike)
            self.draws.append(tuple(told(option, self.half) for option in chosen))
            return chosen
        names = self.told[len(self.draws)] if len(self.draws) < len(self.told) else ()
        self.draws.append(names)
        by_name = {told(option, None): option for option in alike}
        if not isinstance(names, tuple) or any(name not in by_name for name in names):
            self.astray.append(f"told {names}, drew among {sorted(map(str, by_name))}")
            return take(alike)
        return [by_name[name] for name in names]


class Seen(HeroesView):
    """A view as the greedy player reads it: the state alone."""

    __slots__ = ("_seen",)

    def __init__(self, state: GameState) -> None:  # no game around it: nothing else is read
        self._seen = state

    @property
    def state(self) -> GameState:
        return self._seen


def imaged(decision: HeroesDecision, image: GameState, half: HalfTurn) -> tuple[HeroesDecision, Any] | None:
    """The decision asked on the image, and how an answer is turned half a turn; None for a
    kind not compared (one with no map in it: cards, markers, rerolls)."""
    match decision:
        case ActivationAction():
            unit = image.pieces.get(decision.unit.key) or image.reserve[decision.unit.key]
            options = action_choices(image, unit, decision.supply)
            return ActivationAction(side=decision.side, options=options, unit=unit, supply=decision.supply), half.action
        case OrderTokens():
            tokens = decision.tokens
            return OrderTokens(
                side=decision.side, options=placements(image, decision.side, tokens), tokens=tokens
            ), same
        case OpportunityFire():
            firer, target = half.piece(decision.firer), half.piece(decision.target)
            return OpportunityFire(side=decision.side, options=decision.options, firer=firer, target=target), same
        case ForcedMove():
            squares = tuple(half.square(sq) for sq in decision.options)
            unit = half.piece(decision.unit)
            return ForcedMove(side=decision.side, options=squares, unit=unit, rule=decision.rule), half.square
        case ScoutMove():
            unit = image.pieces[decision.unit.key]
            paths = scout_paths(image, unit)
            return ScoutMove(side=decision.side, options=(*paths, None), unit=unit), lambda p: p and half.path(p)
        case Concealment():
            return Concealment(
                side=decision.side, options=concealments(image, decision.side), moment=decision.moment
            ), same
        case SpecialOrder():
            return SpecialOrder(
                side=decision.side, options=decision.options, unit=image.pieces[decision.unit.key]
            ), same
        case _:
            return None


def same(answer: object) -> object:
    return answer


@dataclass
class Tally:
    """What the sampled decisions came to, by kind: "same" (the image's answer is the image
    of the answer), "unmapped" (a draw the test cannot map), or what differed."""

    counts: Counter[str] = field(default_factory=Counter)
    differences: list[str] = field(default_factory=list)

    def compare(self, view: HeroesView, decision: HeroesDecision, half: HalfTurn, objectives: dict[str, str]) -> None:
        state = view.state
        image = half.state(state, objectives)
        asked = imaged(decision, image, half)
        if asked is None:
            return
        mirrored, turned = asked
        kind = type(decision).__name__
        first = Steered(half=half)
        try:
            answer = first.choose(Seen(state), decision)
        except Unmapped:
            self.counts[f"{kind} unmapped"] += 1
            return
        second = Steered(told=first.draws)
        other = second.choose(Seen(image), mirrored)
        if second.astray or len(second.draws) != len(first.draws) or turned(answer) != other:
            self.differences.append(f"{kind} turn {state.turn}: {answer} -> {other} {second.astray}")
        self.counts[f"{kind} {'drew' if first.draws else 'same'}"] += 1


@dataclass
class Sampler:
    """A greedy player that plays a side, the tally comparing each of its decisions."""

    player: SimplePolicy
    tally: Tally
    half: HalfTurn
    objectives: dict[str, str]

    def choose(self, view: HeroesView, decision: HeroesDecision) -> object:
        self.tally.compare(view, decision, self.half, self.objectives)
        return self.player.choose(view, decision)


@cache
def sampled(name: str, seeds: tuple[int, ...]) -> Tally:
    game = mirror(name)
    half = HalfTurn.of(game.battlefield)
    objectives = half.objectives(game.scenario, game.battlefield)
    tally = Tally()
    for seed in seeds:
        players = {
            side.id: Sampler(SimplePolicy(dice=own_dice(seed, side.id)), tally, half, objectives)
            for side in game.scenario.sides
        }
        simulate(game.scenario, game.battlefield, game.armies, bundled(), seed=seed, policies=players)
    return tally


@pytest.mark.parametrize("name", ["mirror-hon", "mirror-son"])
def test_the_greedy_player_answers_the_image_with_the_image(name: str) -> None:
    tally = sampled(name, (1, 2))
    assert tally.differences == []
    compared = sum(n for kind, n in tally.counts.items() if not kind.endswith("unmapped"))
    drew = sum(n for kind, n in tally.counts.items() if kind.endswith("drew"))
    assert compared >= 240 and drew >= 80, tally.counts
    assert tally.counts["ActivationAction same"] >= 90 and tally.counts["OrderTokens drew"] >= 20
