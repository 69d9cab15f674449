"""Veteran markers on every roll (HoN core p.30; SoN p.16): "reroll any roll, yours or your
opponent's ... You must keep the new result. You may use a Veteran marker on a die roll you've
just rerolled" - firing, damage location, destruction, scattering and the sniper's table, on
the simple policy's odds."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import for_every_side
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.actions import movement
from builder.heroes.rules.actions.kinds import Fire, Snipe
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import GearEvent, HeroesEvent, InitiativeEvent, Phase, SearchEvent, TerrorEvent
from builder.heroes.rules.gear import veteran
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos import terror
from builder.heroes.rules.mythos.state import Madness, SearchCheck
from builder.heroes.rules.pieces import EAST
from builder.heroes.rules.players import viewer
from builder.heroes.rules.resolution.damage import DamageLocation
from builder.heroes.rules.resolution.templates import scatter
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.setup.initiative import initiative_rerolls
from builder.heroes.rules.simulation import roll_initiative, simulate
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.models import RANDOM, Scenario
from builder.io.paths import SCENARIOS_DIR as SCENARIOS
from builder.kernel.dice import LoadedDice
from builder.kernel.match import Table
from builder.services.game import prepare_game
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry, tank
from tests.heroes.rules.gear_helpers import OPEN, POLICIES, fire_events, gear_events, pool
from tests.heroes.rules.test_search import SEEKER, searching

SOFT_TANK = tank(front=4, side=4, rear=4)
HORROR = unit("horror", abilities=[{"id": "mythos-manifestation", "value": 3}])
BAZOOKA = infantry(combat=2, heavy=3)


def _at_the_tank(owner: str) -> tuple[Turn, GearPool]:
    state = game(OPEN, [piece("a1", (1, 1), kind=BAZOOKA), piece("b1", ((3, 1), (4, 1)), "b", SOFT_TANK, facing=EAST)])
    veterans = pool(state, "veteran", 1, side=owner)
    return Turn(state, LoadedDice([3, 1, 6] if owner == "a" else [3, 6, 1]), Phase.ACTIVATION, POLICIES), veterans


@pytest.mark.rule("veteran")
def test_a_rerolled_roll_may_be_rerolled_again() -> None:
    # p.30: "You may use a Veteran marker on a die roll you've just rerolled": 1 and 1 miss, 6 doubles.
    state = game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 1), "b")])
    veterans = pool(state, "veteran", 3)
    turn = Turn(state, LoadedDice([1, 1, 6]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Fire(((None, "b1"),)))
    assert len(gear_events(turn)) == 2 and veterans.count == 1
    (fired,) = fire_events(turn)
    assert fired.outcome == "double" and "b1" not in turn.state.pieces


@pytest.mark.rule("veteran")
def test_the_firer_rerolls_a_crew_damage_roll() -> None:
    # 3 + 3 hits the tank's 4; its damage roll of 1 (crew) is rerolled by the firer's side: 6 destroys it.
    turn, veterans = _at_the_tank("a")
    turn.perform("a1", Fire(((None, "b1"),)))
    (spent,) = gear_events(turn)
    assert (spent.use, spent.roll, spent.faces, spent.page) == (GearUse.VETERAN_ROLL, "damage", (1,), "HoN core p.30")
    assert veterans.count == 0
    tank_after = turn.state.pieces.get("b1")
    assert tank_after is None or tank_after.is_wreck


@pytest.mark.rule("veteran")
def test_the_vehicles_side_rerolls_a_destruction_damage_roll() -> None:
    # The opponent's roll: a 6 (destroyed) rerolled by the tank's side, the 1 stands (crew).
    turn, veterans = _at_the_tank("b")
    turn.perform("a1", Fire(((None, "b1"),)))
    assert len(gear_events(turn)) == 1 and veterans.count == 0
    assert turn.state.pieces["b1"].damage == (DamageLocation.CREW,)


@pytest.mark.rule("veteran")
def test_the_target_rerolls_the_snipers_hit() -> None:
    # HoN core p.24: 4-5 a hit; the target's side rerolls it (1-3 better for it, 6 worse): 1, nothing.
    sniper = piece("a1", (1, 1), kind=infantry(abilities=["sniper"]))
    target = piece("b1", (5, 1), "b")
    state = game(OPEN, [sniper, target])
    theirs = pool(state, "veteran", 1, side="b")
    turn = Turn(state, LoadedDice([4, 1]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Snipe("b1"))
    (spent,) = gear_events(turn)
    assert (spent.roll, spent.faces) == ("sniper", (4,)) and theirs.count == 0 and state.pieces["b1"] == target


@pytest.mark.rule("veteran")
def test_the_firer_rerolls_a_scatter_and_keeps_a_useless_one_unrerolled() -> None:
    # HoN core p.23: 1-4 scatter, 5-6 on target; a reroll cannot do worse than a scatter.
    state = game(OPEN, [piece("a1", (1, 1)), piece("b1", (5, 1), "b")])
    veterans = pool(state, "veteran", 1)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION, POLICIES)
    landed = scatter(
        (5, 4), 2, LoadedDice([1, 5]), state.ruleset, rerolls=veteran.veteran_rolls(turn, state.pieces["a1"])
    )
    assert landed.direction is None and landed.lands == (5, 4) and veterans.count == 0
    kept = scatter((5, 4), 2, LoadedDice([6]), state.ruleset, rerolls=veteran.veteran_rolls(turn, state.pieces["a1"]))
    assert kept.direction is None  # on target: nothing to better, no marker asked for


@pytest.mark.rule("son-veteran")
def test_son_veteran_tokens_reroll_too() -> None:
    # SoN p.16: "Each token permits you to re-roll or cause someone to the enemy re-roll any dice".
    state = game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 1), "b")])
    state.ruleset = SON
    tokens = pool(state, "son-veteran", 3)
    turn = Turn(state, LoadedDice([1, 6]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Fire(((None, "b1"),)))
    (spent,) = gear_events(turn)
    assert spent.marker == "son-veteran" and spent.page == "SoN p.16" and tokens.count == 2


@pytest.mark.rule("son-veteran")
def test_a_son_veteran_token_rerolls_a_failed_terror_check() -> None:
    # SoN p.16 "any dice roll": a suppressed unit (SoN p.11: -2) fails the Manifestation's 3 with a 1;
    # its side rerolls, 6 - 2 resists.
    checking = piece("a1", (1, 2), suppressed=1)
    state = game("\n".join(["............"] * 5), [checking, piece("b1", (8, 2), "b", HORROR)])
    state.ruleset = SON
    state.mythos.madness_bag = [Madness.STEADY]
    tokens = pool(state, "son-veteran", 1)
    turn = Turn(state, LoadedDice([1, 6]), Phase.SUPPLY, POLICIES)
    terror.terror_checks(turn)
    (check,) = [e for e in turn.events if isinstance(e, TerrorEvent)]
    assert check.resisted and check.rolls[0].total == 4 and tokens.count == 0
    (spent,) = gear_events(turn)
    assert (spent.roll, spent.faces) == ("terror", (1,))


@pytest.mark.rule("son-veteran")
def test_a_son_veteran_token_rerolls_a_failed_search_check(bundled: Catalogue) -> None:
    # SoN p.18: Search 4 needs a 4; the 2 is rerolled (SoN p.16, a 1 in 2 chance), the 5 finds.
    state = searching(bundled, "son-paralyze")
    state.pieces["a1"] = piece("a1", (2, 2), kind=SEEKER)
    tokens = pool(state, "son-veteran", 1)
    turn = Turn(state, LoadedDice([2, 5]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", SearchCheck())
    (event,) = [e for e in turn.events if isinstance(e, SearchEvent)]
    assert event.found == "son-paralyze" and tokens.count == 0


@pytest.mark.rule("veteran")
def test_the_unit_setting_off_a_mine_rerolls_its_hit() -> None:
    # BfC p.09's Mine attack is a roll like any other (HoN core p.30): 2 + 4 hits a defense of 6;
    # the unit's side rerolls it (a miss likelier than a double) and the 1 misses.
    state = game("\n".join(["........"] * 4), [piece("b1", (0, 1), "b", infantry(defense=6))])
    state.mines[(2, 1)] = "a"
    theirs = pool(state, "veteran", 1, side="b")
    turn = Turn(state, LoadedDice([2, 1]), Phase.ACTIVATION, POLICIES)
    path = Path(tuple(Position(((c, 1),), EAST) for c in range(5)), 4)
    movement.move(turn, state.pieces["b1"], path)
    assert theirs.count == 0 and len(gear_events(turn)) == 1
    (shot,) = fire_events(turn)
    assert shot.outcome == "miss" and state.pieces["b1"].side_index == 0


def _random_initiative(state: GameState) -> Scenario:
    return state.scenario.model_copy(update={"setup": state.scenario.setup.model_copy(update={"initiative": RANDOM})})


@pytest.mark.rule("veteran")
def test_a_side_rerolls_its_losing_initiative_die() -> None:
    # HoN core p.8: a die each, highest wins, a tie is rolled again; p.30: a 2 against a 3 is
    # rerolled (a 4 or better wins, a 3 ties: a gain of 7/12 in the chance of winning); the 6 wins.
    state = game(OPEN, [])
    veterans = pool(state, "veteran", 1)
    told: list[HeroesEvent] = []
    side, said = roll_initiative(
        _random_initiative(state),
        LoadedDice([2, 3, 6]),
        state.ruleset,
        initiative_rerolls(state, Table(viewer(state), POLICIES), told),
    )
    assert side == "a" and veterans.count == 0
    assert [r.total for r in said.rolls] == [6, 3]
    (spent,) = told
    assert isinstance(spent, GearEvent) and spent.side == "a" and spent.marker == "veteran"
    assert [r.dice for r in spent.rolls] == [(6,)] and spent.rolls[0].page == "HoN core p.30"


def test_a_side_keeps_its_markers_when_a_reroll_gains_too_little() -> None:
    # A 2 against a 5: a reroll wins on a 6 and ties on a 5, a gain of 1/4 in the chance of the
    # initiative, and the other side could answer it with its own markers: both keep theirs.
    state = game(OPEN, [])
    ours, theirs = pool(state, "veteran", 3), pool(state, "veteran", 3, side="b")
    told: list[HeroesEvent] = []
    side, _ = roll_initiative(
        _random_initiative(state),
        LoadedDice([2, 5]),
        state.ruleset,
        initiative_rerolls(state, Table(viewer(state), POLICIES), told),
    )
    assert side == "b" and ours.count == theirs.count == 3 and told == []


def test_a_side_rerolls_the_opponents_winning_die() -> None:
    # b's 6 beats a's 4: a reroll of it loses b the initiative on 1-3 and ties on a 4 (7/12).
    state = game(OPEN, [])
    veterans = pool(state, "veteran", 1)
    told: list[HeroesEvent] = []
    side, said = roll_initiative(
        _random_initiative(state),
        LoadedDice([4, 6, 2]),
        state.ruleset,
        initiative_rerolls(state, Table(viewer(state), POLICIES), told),
    )
    assert side == "a" and veterans.count == 0
    assert [r.total for r in said.rolls] == [4, 2]
    (spent,) = told
    assert isinstance(spent, GearEvent) and spent.side == "a" and [r.dice for r in spent.rolls] == [(2,)]


def test_the_rerolls_are_told_before_the_initiative_they_decided(bundled: Catalogue) -> None:
    prepared = prepare_game(SCENARIOS / "rush-on-maltot.yaml", bundled)
    for seed in range(1, 30):
        record = simulate(
            prepared.scenario,
            prepared.battlefield,
            prepared.armies,
            bundled,
            seed=seed,
            turns=1,
            policies=for_every_side(prepared.scenario, seed),
        )
        setup = [e for e in record.events if e.turn == 0]
        rerolls = [i for i, e in enumerate(setup) if isinstance(e, GearEvent)]
        if rerolls:
            (won,) = [i for i, e in enumerate(setup) if isinstance(e, InitiativeEvent)]
            assert max(rerolls) < won
            return
    raise AssertionError("no seed from 1 to 29 spent a Veteran marker on the initiative")
