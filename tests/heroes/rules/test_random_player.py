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
from builder.heroes.rules.actions.kinds import AssaultAction, ChangeState, Deploy, Fire, Hold, Move, Snipe, TemplateFire
from builder.heroes.rules.decisions import ActivationAction, HeroesDecision
from builder.heroes.rules.events.game import VictoryEvent
from builder.heroes.rules.gear.markers import GearFire, GearThrow, GrenadeInto
from builder.heroes.rules.mythos.state import Cast
from builder.heroes.rules.players import HeroesView
from builder.heroes.rules.resolution.structures import Demolish
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
    """Over a few games its units hold, move, turn over and fire: uniform among the options,
    not the first listed (seeds whose games bring units within range of each other)."""
    taken: Counter[type] = Counter()
    for seed in (4, 5, 7):
        _, players = play("hon-first-contact", seed)
        for player in players.values():
            taken.update(type(choice) for decision, _, choice in player.asked if isinstance(decision, ActivationAction))
    assert {Hold, Move, ChangeState, Fire} <= set(taken)
    assert taken[Move] > taken[Hold]  # most offers are moves: a uniform pick takes them most


def offered_and_taken(name: str, seeds: range) -> tuple[set[type], set[type]]:
    """The kinds of action the random players' units were offered, and took, over the games."""
    offered: set[type] = set()
    taken: set[type] = set()
    for seed in seeds:
        _, players = play(name, seed)
        for player in players.values():
            for decision, options, choice in player.asked:
                if isinstance(decision, ActivationAction):
                    offered |= {type(action) for action in options}
                    taken.add(type(choice))
    return offered, taken


def test_the_random_player_is_offered_and_takes_the_rules_other_actions() -> None:
    """Beside moves, shots and assaults, the rules list every other action a unit may take
    (builder.heroes.rules.actions.activation.action_choices), so a uniform pick takes them too: the
    Sniper's table and the howitzer's template (HoN core p.23-24), gear markers (p.28-31),
    Military Engineering (BfC p.08), a structure fired at (p.22), a change of state (p.21),
    and a Character's spells in Shadows over Normandie (SoN p.14-15)."""
    offered, taken = offered_and_taken("carp-jump-in-carpiquet", range(2, 5))
    assert {Snipe, TemplateFire, GearFire, GearThrow, GrenadeInto, Deploy, Demolish, ChangeState} <= offered
    assert {Snipe, TemplateFire, GearThrow, GrenadeInto, Deploy, ChangeState} <= taken
    offered, taken = offered_and_taken("son-the-black-rite", range(1, 2))
    assert Cast in offered and Cast in taken


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
        plain = [a for a in offered if isinstance(a, Move) and a.fire is None and not a.cards and not a.windows]
        ends = [action.path.destination for action in plain]
        assert len(ends) == len(set(ends))  # a card, windows or Fire on the Move make other moves
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


def test_hon_simulate_refuses_an_unknown_policy(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", str(SCENARIOS / "hon-first-contact.yaml"), "--policy", "clever"]) == 2
    assert "--policy" in capsys.readouterr().err


def test_hon_balance_plays_with_the_random_player(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(SCENARIOS / "hon-first-contact.yaml")
    assert main(["balance", path, "--games", "2", "--policy", "random", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["policy"] == "random" and report["temperature"] is None
    assert report["games"] == 2
