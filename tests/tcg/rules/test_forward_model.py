"""The Tactical Card Game as a forward model (builder.kernel.match over simulation.TcgRules):
a game stopped at each decision, answered one choice at a time, copied and played on apart,
plays the same game as `simulate` with the same players; a choice not offered is refused;
random players always finish; a side's view shows it no more than its side may know."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import fields
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.io.tcg_files import load_tcg_scenario
from builder.kernel.decisions import Decision, IllegalChoice, Player
from builder.kernel.match import GameOver, Match
from builder.tcg.ai import greedy, uniform
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.choices import Command, Move
from builder.tcg.rules.decisions import ActivationStep, RevealCard, TacticChoice
from builder.tcg.rules.events import RevealEvent, VictoryEvent
from builder.tcg.rules.players import TcgPlayer, TcgView
from builder.tcg.rules.simulation import RULES, Stage, TcgGame, new_game, simulate
from builder.tcg.rules.state import copy_game
from builder.tcg.scenario import Scenario
from tests.kernel.shared import changeable
from tests.tcg.conftest import TCG_SCENARIOS

ORCHARD = next(path for path in TCG_SCENARIOS if path.stem == "orchard-at-dawn")
Players = Callable[[Scenario, int], Mapping[str, TcgPlayer]]


def greedy_players(scenario: Scenario, seed: int) -> Mapping[str, TcgPlayer]:
    return greedy.for_every_side(scenario, seed)


def random_players(scenario: Scenario, seed: int) -> Mapping[str, TcgPlayer]:
    return uniform.for_every_side([side.id for side in scenario.sides], seed)


@cache
def scenario_of(path: Path) -> Scenario:
    return load_tcg_scenario(path).scenario


def events(game: TcgGame) -> list[dict[str, Any]]:
    return [event.to_json() for event in game.game.events]


def answered(
    match: Match[TcgGame, TcgView], players: Mapping[str, Player[TcgView, Any]], most: int | None = None
) -> int:
    """Answer the pending decisions (at most `most`) with what the side's player chooses; the count."""
    count = 0
    while match.pending is not None and (most is None or count < most):
        decision = match.pending
        match.apply(players[decision.side].choose(match.view(decision.side), decision))
        count += 1
    return count


@pytest.mark.parametrize("players", [greedy_players, random_players], ids=["greedy", "random"])
@pytest.mark.parametrize("path", TCG_SCENARIOS, ids=lambda p: p.stem)
def test_a_match_answered_decision_by_decision_plays_the_game_simulate_plays(
    path: Path, players: Players, cards: CardCatalogue
) -> None:
    scenario = scenario_of(path)
    match = Match(RULES, new_game(scenario, cards, seed=5, turns=2))
    # Nothing is asked at the set-up, nor of a hand yet empty: first, before the first COMMAND
    # marker, which of the first player's hidden cards it turns face up (TCG p.16).
    first = match.pending
    assert isinstance(first, RevealCard) and first.side == scenario.first_player and match.state.stage is Stage.TACTIC
    hidden = {p.box for p in match.state.game.of(first.side) if p.hidden}
    assert hidden and set(first.options) == {*hidden, None}
    assert answered(match, players(scenario, 5)) > 20 and match.over
    direct = simulate(scenario, cards, players(scenario, 5), seed=5, turns=2)
    assert events(match.state) == [event.to_json() for event in direct.events]
    assert (match.outcome().winner, match.outcome().label) == (direct.winner, direct.outcome)


def test_a_copy_plays_on_apart_from_its_original(cards: CardCatalogue) -> None:
    """Two copies at the same decision, answered by random players of two seeds, end in two
    games; the original still waits at its decision, unchanged."""
    scenario = scenario_of(ORCHARD)
    match = Match(RULES, new_game(scenario, cards, seed=4))
    answered(match, greedy_players(scenario, 4), most=12)
    waiting, told = match.pending, events(match.state)
    one, two = match.copy(), match.copy()
    answered(one, random_players(scenario, 1))
    answered(two, random_players(scenario, 2))
    assert one.over and two.over and events(one.state) != events(two.state)
    assert match.pending is waiting and events(match.state) == told and not match.over


def test_a_choice_not_offered_is_refused_and_changes_nothing(cards: CardCatalogue) -> None:
    """An enemy card commanded, a card moved three boxes: IllegalChoice, and the game still
    waits where it was."""
    scenario = scenario_of(ORCHARD)
    match = Match(RULES, new_game(scenario, cards, seed=6))
    match.apply(None)  # no hidden card turned face up first
    pending = match.pending
    assert isinstance(pending, TacticChoice) and pending.side == "german"
    enemy = next(p for p in match.state.game.of("us"))
    for wrong in (Command(enemy.box), "recover", None):
        with pytest.raises(IllegalChoice) as refused:
            match.apply(wrong)
        assert refused.value.code == "decision.illegal-choice"
    assert waiting(match) is pending
    own = next(p for p in match.state.game.of("german") if not p.activated and p.unit is not None)
    match.apply(Command(own.box))
    step = waiting(match)
    assert isinstance(step, ActivationStep) and step.card == own.box
    far = (own.box[0], (own.box[1] + 3) % scenario.board.rows)
    told = events(match.state)
    with pytest.raises(IllegalChoice):
        match.apply(Move(far))
    assert all(option in step.options for option in step.options)  # what it lists, it accepts
    assert waiting(match) is step and events(match.state) == told


def waiting(match: Match[TcgGame, TcgView]) -> Decision[Any] | None:
    """The decision the match waits for, as it stands now."""
    return match.pending


def test_a_finished_match_takes_no_more_choices(cards: CardCatalogue) -> None:
    scenario = scenario_of(ORCHARD)
    match = Match(RULES, new_game(scenario, cards, seed=6, turns=1))
    answered(match, greedy_players(scenario, 6))
    with pytest.raises(GameOver):
        match.apply(True)


@pytest.mark.parametrize("path", TCG_SCENARIOS, ids=lambda p: p.stem)
def test_random_players_finish_every_game(path: Path, cards: CardCatalogue) -> None:
    """Any legal option, each as likely, at every decision: every game reaches the victory
    check, every choice it made was one the rules offered (Table.ask checks each), among them
    hidden cards turned face up by their player (TCG p.16-17)."""
    scenario = scenario_of(path)
    turned = 0
    for seed in range(1, 9):
        record = simulate(scenario, cards, random_players(scenario, seed), seed=seed)
        assert record.winner is not None and isinstance(record.events[-1], VictoryEvent)
        turned += sum(isinstance(event, RevealEvent) and bool(event.chosen) for event in record.events)
    assert turned


def test_hon_simulate_plays_the_card_game_with_the_random_player(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(ORCHARD)
    assert main(["simulate", path, "--seed", "5", "--policy", "random", "--json"]) == 0
    random_game = json.loads(capsys.readouterr().out)
    assert main(["simulate", path, "--seed", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["events"] != random_game["events"]
    assert main(["simulate", path, "--seed", "5", "--policy", "random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == random_game
    assert random_game["winner"] is not None


def test_a_copied_game_shares_nothing_the_rules_change(cards: CardCatalogue) -> None:
    """A search agent plays thousands of copies on: a list, a dictionary or a record the copy
    shared with its original would leak one game into the other; the dice go on apart too."""
    scenario = scenario_of(ORCHARD)
    match = Match(RULES, new_game(scenario, cards, seed=3))
    answered(match, greedy_players(scenario, 3), most=40)
    game = match.state.game
    twin = copy_game(game)
    mine: dict[int, object] = {}
    theirs: dict[int, object] = {}
    for item in fields(game):
        if item.name not in {"scenario", "dice", "variants"}:
            changeable(getattr(game, item.name), mine)
            changeable(getattr(twin, item.name), theirs)
    assert len(mine) > 20
    assert not mine.keys() & theirs.keys()
    assert twin.pieces == game.pieces and twin.players == game.players and twin.events == game.events
    assert twin.dice is not game.dice and twin.dice.roll(6) == game.dice.roll(6)
