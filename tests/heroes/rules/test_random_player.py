"""The random player (builder.heroes.ai.uniform): whole games of the shipped scenarios played
by choices drawn among the options the rules offer, so every option the rules list must be
legal; and the options an activated unit is offered (HoN core p.9-26)."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from pathlib import Path

import pytest

from builder.cli import main
from builder.heroes.ai.uniform import RandomPlayer, for_every_side
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.actions import AssaultAction, Fire, Hold, Move
from builder.heroes.rules.decisions import ActivationAction, HeroesDecision
from builder.heroes.rules.events import VictoryEvent
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.simulation import GameRecord, simulate
from builder.heroes.scenario.battlefield import Battlefield, assemble
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import LoadedScenario, load_scenario

SCENARIOS = Path(__file__).resolve().parents[3] / "scenarios"
# Every shipped Heroes scenario that names its armies (Free Battle names none).
SHIPPED = sorted(
    path.stem
    for path in SCENARIOS.glob("*.yaml")
    if path.stem != "free-battle" and "format: hon-scenario" in path.read_text(encoding="utf-8")
)


@cache
def bundled() -> Catalogue:
    return load_catalogue()[0]


@cache
def scenario(name: str) -> tuple[LoadedScenario, Battlefield]:
    loaded = load_scenario(SCENARIOS / f"{name}.yaml")
    return loaded, assemble(loaded.scenario.map, bundled())[0]


class Recording:
    """A random player that keeps every decision it was asked, the options it was offered
    (listed as it was asked: options are worked out on the game as it stands) and its choice."""

    def __init__(self, player: RandomPlayer) -> None:
        self.player = player
        self.asked: list[tuple[HeroesDecision, tuple[object, ...], object]] = []

    def choose(self, view: HeroesView, decision: HeroesDecision) -> object:
        offered = tuple(decision.options)
        choice = self.player.choose(view, decision)
        self.asked.append((decision, offered, choice))
        return choice


def play(name: str, seed: int, turns: int | None = None) -> tuple[GameRecord, dict[str, Recording]]:
    loaded, battlefield = scenario(name)
    sides = [side.id for side in loaded.scenario.sides]
    players = {side: Recording(player) for side, player in for_every_side(sides, seed).items()}
    record = simulate(
        loaded.scenario, battlefield, loaded.armies(), bundled(), seed=seed, turns=turns, policies=players
    )
    return record, players


def test_every_shipped_scenario_has_a_game_to_play() -> None:
    assert len(SHIPPED) >= 10


@pytest.mark.parametrize("name", SHIPPED)
def test_random_players_play_a_whole_game_of_every_shipped_scenario(name: str) -> None:
    """Any option the rules list may be taken: a game of choices drawn among them ends with
    a result, never an error (the engine refuses a choice it did not offer)."""
    record, players = play(name, seed=7)
    assert isinstance(record.events[-1], VictoryEvent)
    assert record.winner is not None
    asked = [decision for player in players.values() for decision, _, _ in player.asked]
    assert any(isinstance(decision, ActivationAction) for decision in asked)


def test_a_seed_plays_the_same_random_game() -> None:
    first, _ = play("hon-first-contact", 3, turns=2)
    second, _ = play("hon-first-contact", 3, turns=2)
    assert [e.to_json() for e in first.events] == [e.to_json() for e in second.events]


def test_the_random_player_takes_every_kind_of_action_it_is_offered() -> None:
    """Over a few games its units hold, move, fire and assault: uniform among the options, not
    the first listed."""
    taken: Counter[type] = Counter()
    for seed in (1, 2, 3):
        _, players = play("hon-first-contact", seed)
        for player in players.values():
            taken.update(type(choice) for decision, _, choice in player.asked if isinstance(decision, ActivationAction))
    assert {Hold, Move, Fire} <= set(taken)
    assert taken[Move] > taken[Hold]  # most offers are moves: a uniform pick takes them most


def test_an_activated_unit_is_offered_every_square_it_reaches_and_every_shot() -> None:
    """What each activated unit is offered: holding first, a move to each end in reach (by its
    cheapest path, HoN core p.9-11), a Firing Action at each enemy it has a shot at (p.12-14);
    each passes the rules' own check, and the moves end on distinct positions."""
    offers = [
        (decision, offered)
        for seed in (5, 6)
        for player in play("hon-first-contact", seed, turns=3)[1].values()
        for decision, offered, _ in player.asked
        if isinstance(decision, ActivationAction) and not decision.supply
    ]
    assert offers
    for decision, offered in offers:
        assert isinstance(offered[0], Hold)
        ends = [action.path.destination for action in offered if isinstance(action, Move)]
        assert len(ends) == len(set(ends))
        assert decision.unit.key not in {a.defender for a in offered if isinstance(a, AssaultAction)}
    offered_kinds = {type(action) for _, offered in offers for action in offered}
    assert {Hold, Move, Fire} <= offered_kinds


def test_no_fire_nor_assault_is_offered_in_the_supply_phase() -> None:
    """HoN core p.16: the Supply Phase's move is a Movement Action, never a shot nor an assault."""
    _, players = play("hon-first-contact", 4, turns=2)
    supply = [
        offered
        for player in players.values()
        for decision, offered, _ in player.asked
        if isinstance(decision, ActivationAction) and decision.supply
    ]
    assert supply
    assert not any(isinstance(action, Fire | AssaultAction) for offered in supply for action in offered)


def test_hon_simulate_plays_with_the_random_player(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SCENARIOS / "hon-first-contact.yaml")
    assert main(["simulate", path, "--seed", "5", "--turns", "2", "--policy", "random", "--json"]) == 0
    random_game = json.loads(capsys.readouterr().out)
    assert main(["simulate", path, "--seed", "5", "--turns", "2", "--json"]) == 0
    greedy_game = json.loads(capsys.readouterr().out)
    assert random_game["events"] != greedy_game["events"]
    assert main(["simulate", path, "--seed", "5", "--turns", "2", "--policy", "random", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == random_game


def test_hon_simulate_refuses_an_unknown_policy_and_random_elsewhere(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(SCENARIOS / "hon-first-contact.yaml"), "--policy", "clever"]) == 2
    capsys.readouterr()
    assert main(["simulate", str(SCENARIOS / "tcg" / "orchard-at-dawn.yaml"), "--policy", "random"]) == 2
    assert "--policy" in capsys.readouterr().err


def test_hon_balance_plays_with_the_random_player(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SCENARIOS / "hon-first-contact.yaml")
    assert main(["balance", path, "--games", "2", "--policy", "random", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["policy"] == "random" and report["temperature"] is None
    assert report["games"] == 2
