"""The Heroes System as a forward model (builder.kernel.match over simulation.HeroesRules): a
game stopped at each decision, answered one choice at a time, copied and played on apart,
plays the same game as `simulate` with the same players."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from builder.heroes.ai.greedy import for_every_side
from builder.heroes.ai.uniform import for_every_side as random_players
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.actions.kinds import Move
from builder.heroes.rules.actions.movement import path_refusal
from builder.heroes.rules.decisions import ActivationAction
from builder.heroes.rules.errors import Code
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path as Route
from builder.heroes.rules.players import HeroesPlayer, HeroesView
from builder.heroes.rules.simulation import RULES, HeroesGame, Stage, new_game, simulate
from builder.heroes.rules.state import Frame, copy_state
from builder.heroes.scenario.battlefield import Battlefield, assemble
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import LoadedScenario, load_scenario
from builder.kernel.decisions import IllegalChoice, Player
from builder.kernel.match import GameOver, Match
from tests.kernel.shared import changeable

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"


@cache
def bundled() -> Catalogue:
    return load_catalogue()[0]


@cache
def first_contact() -> tuple[LoadedScenario, Battlefield]:
    loaded = load_scenario(SCENARIOS / "hon-first-contact.yaml")
    return loaded, assemble(loaded.scenario.map, bundled())[0]


def game(seed: int, turns: int | None = 1) -> HeroesGame:
    loaded, battlefield = first_contact()
    return new_game(loaded.scenario, battlefield, loaded.armies(), bundled(), seed=seed, turns=turns)


def events(frames: Iterable[Frame]) -> list[dict[str, Any]]:
    return [frame.event.to_json() for frame in frames]


def answered(match: Match[HeroesGame, HeroesView], players: Mapping[str, Player[HeroesView, Any]]) -> int:
    """Answer every pending decision with what the side's player chooses; the count."""
    count = 0
    while match.pending is not None:
        decision = match.pending
        match.apply(players[decision.side].choose(match.view(decision.side), decision))
        count += 1
    return count


@pytest.mark.parametrize("seed", [2, 9])
def test_a_match_answered_decision_by_decision_plays_the_game_simulate_plays(seed: int) -> None:
    loaded, battlefield = first_contact()
    players: dict[str, HeroesPlayer] = dict(for_every_side(loaded.scenario, seed))
    match = Match(RULES, game(seed))
    assert match.pending is not None and match.state.stage is Stage.ORDER  # nothing asked at the set-up
    count = answered(match, players)
    assert count > 10 and match.over
    fresh = for_every_side(loaded.scenario, seed)  # the players' dice as the game of `seed` begins them
    direct = simulate(loaded.scenario, battlefield, loaded.armies(), bundled(), seed=seed, turns=1, policies=fresh)
    assert events(match.state.frames) == events(direct.frames)
    assert match.outcome().label == direct.outcome


def test_a_copy_plays_on_apart_from_its_original() -> None:
    """Two copies at the same decision, answered differently by random players of two seeds,
    end in two games; the original still waits at its decision, unchanged."""
    match = Match(RULES, game(4))
    while not isinstance(match.pending, ActivationAction):
        assert match.pending is not None
        match.apply(next(iter(match.pending.options)))
    waiting, frames = match.pending, events(match.state.frames)
    sides = list(match.state.state.sides)
    one, two = match.copy(), match.copy()
    answered(one, random_players(sides, 1))
    answered(two, random_players(sides, 2))
    assert events(one.state.frames) != events(two.state.frames)
    assert match.pending is waiting and events(match.state.frames) == frames
    assert match.state.stage is not Stage.OVER


def test_a_choice_not_offered_is_refused_and_changes_nothing() -> None:
    match = Match(RULES, game(5))
    pending = match.pending
    assert pending is not None
    with pytest.raises(IllegalChoice) as refused:
        match.apply("not an option")
    assert refused.value.code == "decision.illegal-choice"
    assert match.pending is pending


def test_a_finished_match_takes_no_more_choices() -> None:
    loaded, _ = first_contact()
    match = Match(RULES, game(6))
    answered(match, for_every_side(loaded.scenario, 6))
    with pytest.raises(GameOver):
        match.apply(True)


def test_a_copied_state_shares_nothing_the_rules_change() -> None:
    """A search agent plays thousands of copies on: a list, a dictionary or a record the copy
    shared with its original would leak one game into the other."""
    loaded, _ = first_contact()
    match = Match(RULES, game(3, turns=2))
    answered_until = 0
    players: Mapping[str, Player[HeroesView, Any]] = for_every_side(loaded.scenario, 3)
    while match.pending is not None and answered_until < 60:  # well into the Activation Phase
        decision = match.pending
        match.apply(players[decision.side].choose(match.view(decision.side), decision))
        answered_until += 1
    state = match.state.state
    twin = copy_state(state)
    kept = {"scenario", "battlefield", "ruleset", "armies", "_kept"}
    mine: dict[int, object] = {}
    theirs: dict[int, object] = {}
    for item in fields(state):
        if item.name not in kept:
            changeable(getattr(state, item.name), mine)
            changeable(getattr(twin, item.name), theirs)
    assert len(mine) > 50
    assert not mine.keys() & theirs.keys()
    assert twin.pieces == state.pieces and twin.decks == state.decks and twin.gear == state.gear


def first_move_decision(seed: int) -> tuple[Match[HeroesGame, HeroesView], ActivationAction]:
    """A match stopped at the first activation of a one-square unit that may move (every
    decision before it answered with its first option)."""
    match = Match(RULES, game(seed))
    while (decision := match.pending) is not None:
        if (
            isinstance(decision, ActivationAction)
            and len(decision.unit.squares) == 1
            and not decision.supply
            and any(isinstance(option, Move) for option in decision.options)
        ):
            return match, decision
        match.apply(next(iter(decision.options)))
    raise AssertionError("no activation with a move")


def test_a_move_by_a_path_the_options_never_offered_is_refused() -> None:
    # HoN core p.9-11: a Movement Action goes square by square within its movement points;
    # a path to a square out of reach, or one that starts elsewhere, is no option.
    match, decision = first_move_decision(5)
    unit = decision.unit
    start = Position(unit.squares, unit.facing)
    (column, row), battlefield = unit.squares[0], match.state.state.battlefield
    far = max(
        ((c, r) for c in range(battlefield.width) for r in range(battlefield.height)),
        key=lambda square: abs(square[0] - column) + abs(square[1] - row),
    )
    offered = next(option for option in decision.options if isinstance(option, Move))
    elsewhere = Position(((column + 1, row),) if column + 1 < battlefield.width else ((column - 1, row),), unit.facing)
    for path in (
        Route((start, Position((far,), unit.facing)), cost=1),
        Route((elsewhere, *offered.path.positions[1:]), cost=offered.path.cost),
    ):
        assert Move(path) not in decision.options
        with pytest.raises(IllegalChoice):
            match.apply(Move(path))
        assert match.pending is decision
    state = match.state.state
    refusal = path_refusal(state, state.pieces[unit.key], Move(Route((start, Position((far,), unit.facing)), cost=1)))
    assert refusal is not None and refusal.code is Code.NOT_IN_REACH
    assert offered in decision.options
    match.apply(offered)
