"""The Game Turn on hand-made boards: the Supply Phase's absolute rule, firing and assault as
the policy chooses them, breaking points and their victory points, objectives, the end."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules import victory_points
from builder.heroes.rules.actions.kinds import AssaultAction, Fire, Move
from builder.heroes.rules.events.game import ControlEvent, Phase, SpotEvent
from builder.heroes.rules.geometry.squares import may_stand
from builder.heroes.rules.orders.tokens import Orders
from builder.heroes.rules.pieces import NORTH
from builder.heroes.rules.preview import preview_fire
from builder.heroes.rules.resolution.aiming import struck_facing
from builder.heroes.rules.resolution.combat import Facing
from builder.heroes.rules.state import CombatGroup
from builder.heroes.rules.turn import end_of_turn, supply_phase
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import TANK, piece, unit
from tests.fixtures.rules.games import game

OPEN = "\n".join(["........"] * 3)
HILL = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [4, 1]}]
STORMERS = unit("stormers", abilities=[{"id": "assault", "value": 2}])


@pytest.mark.rule("suppressed", "son-suppressed", "son-bluff-token", "bluff-tokens", "supply-phase")
def test_the_supply_phase_moves_units_without_a_real_token_and_never_fires() -> None:
    ordered, bluffed, idle = piece("a1", (0, 0)), piece("a2", (0, 1)), piece("a3", (0, 2))
    enemy = piece("b1", (7, 1), "b", suppressed=2)
    state = game(OPEN, [ordered, bluffed, idle, enemy], objectives=HILL)
    policy = SimplePolicy()
    orders = {"a": Orders("a", numbered=("a1",), bluffs=("a2",)), "b": Orders("b", numbered=("b1",))}
    frames = supply_phase(state, orders, {"a": policy, "b": policy}, LoadedDice([]))
    assert state.pieces["a1"].squares == ((0, 0),)  # it had an order token (HoN core p.16)
    assert state.pieces["a2"].square[0] > 0 and state.pieces["a3"].square[0] > 0  # a bluff does not stop it
    assert state.pieces["b1"].suppressed == 1  # one marker, and only one, taken off
    assert not {f.event.kind for f in frames} & {"fire", "assault"}


@pytest.mark.rule("activation-phase")
def test_the_policy_fires_when_it_can_hit_and_the_roll_adds_up() -> None:
    firer, target = piece("a1", (2, 1)), piece("b1", (3, 1), "b")
    state = game(OPEN, [firer, target])
    action = SimplePolicy().activate(state, firer)
    assert isinstance(action, Fire) and action.shots == ((None, "b1"),)
    turn = Turn(state, LoadedDice([4]), Phase.ACTIVATION)
    turn.perform("a1", action)
    (roll,) = turn.events[0].rolls
    # 4 on the die + 2 combat value against infantry = 6 against a defense of 4: a hit (HoN core p.15).
    assert roll.dice == (4,) and roll.total == 4 + roll.modifier_total == 6
    assert state.pieces["b1"].side_index == 1  # flipped to its reduced side


@pytest.mark.rule("breaking-point", "victory-points")
def test_a_group_at_its_breaking_point_gives_its_victory_points() -> None:
    squad = CombatGroup("b/tiles[0]", "b", "Beta squad", counters=1, breaking_point=1, victory_points=3)
    target = replace(piece("b1", (3, 1), "b", side_index=1), group="tiles[0]")
    state = game(OPEN, [piece("a1", (2, 1)), target], groups=[squad])
    turn = Turn(state, LoadedDice([6]), Phase.ACTIVATION)
    turn.perform("a1", Fire(((None, "b1"),)))  # 6 + 2 = 8, twice the defense: destroyed
    assert "b1" not in state.pieces and "b1" in state.destroyed
    assert state.broken == {"b/tiles[0]"} and state.victory_points == {"a": 3, "b": 0}
    assert [e.kind for e in turn.events] == ["fire", "destroyed", "breaks"]


@pytest.mark.rule("objectives")
def test_an_objective_is_taken_by_a_side_alone_on_it_and_kept_until_retaken() -> None:
    state = game(OPEN, [piece("a1", (4, 1)), piece("b1", (6, 1), "b")], objectives=HILL)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    victory_points.update_control(turn)
    assert state.control["hill"] == "a"
    state.pieces["a1"] = state.pieces["a1"].moved(((0, 0),))
    victory_points.update_control(turn)
    assert state.control["hill"] == "a"  # nobody there: the last holder keeps it
    state.pieces["b1"] = state.pieces["b1"].moved(((4, 1),))
    victory_points.update_control(turn)
    assert state.control["hill"] == "b" and turn.events[-1].kind == "control"


@pytest.mark.rule("son-initiative-marker", "initiative", "game-end")
def test_the_game_ends_after_the_last_turn_with_the_first_outcome_that_holds() -> None:
    outcomes = [
        {"winner": "b", "label": "Baker holds", "condition": {"type": "control", "side": "b", "objectives": ["hill"]}}
    ]
    state = game(OPEN, [piece("a1", (0, 0))], objectives=HILL, outcomes=outcomes, turns=2)
    end_of_turn(state, 2, LoadedDice([]))
    assert (state.over, state.turn, state.initiative) == (False, 2, "b")  # the initiative passes
    state.control["hill"] = "b"
    frames = end_of_turn(state, 2, LoadedDice([]))
    assert state.over and state.winner == "b" and state.outcome == "Baker holds"
    assert frames[-1].event.kind == "victory"


@pytest.mark.rule("assault-retreat")
def test_the_policy_assaults_when_the_odds_favour_it_and_the_winner_takes_the_ground() -> None:
    attacker, defender = piece("a1", (2, 1), kind=STORMERS), piece("b1", (4, 1), "b")
    state = game(OPEN, [attacker, defender])
    action = SimplePolicy().activate(state, attacker)
    assert isinstance(action, AssaultAction) and action.defender == "b1"
    turn = Turn(state, LoadedDice([6, 5, 1]), Phase.ACTIVATION)  # 6 + 2 + 2 = 10 against 1 + 2 = 3
    turn.perform("a1", action)
    assert state.pieces["a1"].squares == ((4, 1),)
    fallen_back = state.pieces["b1"]
    assert fallen_back.side_index == 1  # hit, then it fell back away from the attacker
    assert fallen_back.square != (4, 1) and fallen_back.square[0] >= 4
    assert state.captives == {}  # no victory asks for it: beaten, not captured (BfC p.12)


@pytest.mark.rule("defensive-bonus")
def test_moving_on_the_policy_ends_in_cover_among_the_nearest_squares() -> None:
    board = "....T...#.\n........#.\n........#."  # the enemy out of sight behind rocks
    mover = piece("a1", (0, 1))
    state = game(
        board,
        [mover, piece("b1", (9, 2), "b")],
        objectives=[{"id": "hill", "name": "Hill", "kind": "primary", "at": [6, 1]}],
    )
    action = SimplePolicy().activate(state, mover)
    assert isinstance(action, Move) and action.path.destination.square == (4, 0)  # the thicket: +1 (HoN core p.18)


@pytest.mark.rule("heavy-vehicle-facing")
def test_which_defense_of_a_heavy_vehicle_a_shot_strikes() -> None:
    tank = piece("t", [(3, 3), (3, 4)], "b", TANK, facing=NORTH)
    assert struck_facing(tank, ((3, 0),)) is Facing.FRONT
    assert struck_facing(tank, ((0, 3),)) is Facing.SIDE
    assert struck_facing(tank, ((3, 8),)) is Facing.REAR
    assert struck_facing(piece("r", (1, 1)), ((3, 3),)) is None  # one defense value: no facing


def test_a_shot_preview_gives_the_exact_odds_or_why_not() -> None:
    firer, target, friend = piece("a1", (1, 1)), piece("b1", (3, 1), "b"), piece("a2", (2, 0))
    state = game(OPEN, [firer, target, friend])
    (preview,) = preview_fire(state, firer, target)
    assert preview.odds is not None  # 2 + d6 against 4: hits on 2 to 5, a double hit on 6
    assert preview.odds.exact() == {"miss": Fraction(1, 6), "hit": Fraction(4, 6), "double": Fraction(1, 6)}
    (refused,) = preview_fire(state, firer, friend)
    assert refused.odds is None and refused.reason is not None and "same side" in refused.reason


@pytest.mark.rule("wrecks")
def test_infantry_may_stand_on_a_wreck_but_not_where_a_unit_already_stands_on_it() -> None:
    hulk = unit("hulk", UnitType.LIGHT_VEHICLE, states=("unharmed", "wreck"))
    mover = piece("a1", (0, 1))
    # A unit on a wreck, the wreck listed last: the unit still holds the square.
    pieces = [mover, piece("w1", (2, 0), kind=hulk, side_index=1), piece("b1", (2, 2), "b")]
    state = game(OPEN, [*pieces, piece("w2", (2, 2), kind=hulk, side_index=1)])
    assert may_stand(state, mover, ((2, 0),))  # HoN core p.19: a wreck is terrain
    assert not may_stand(state, mover, ((2, 2),))
    assert state.occupant()[(2, 2)].key == "b1"


@pytest.mark.rule("ambush-spotter")
def test_an_ambush_spotter_activated_by_an_order_reveals_the_concealed_units_it_sees_clearly() -> None:
    """BfC p.08, Ambush Spotter: "When this unit is Activated with an Order Token, it may
    reveal one or more concealed units to which it has a clear Line of Sight". hon reveals
    every one; a concealed unit behind rocks (no clear LoS) stays concealed."""
    from builder.heroes.rules.turn import activation_phase
    from tests.fixtures.rules.boards import SNIPERS

    spotter = piece("a1", (0, 0), kind=unit("spotter", abilities=["ambush-spotter"]))
    seen = piece("b1", (4, 0), "b", SNIPERS)
    hidden = piece("b2", (4, 2), "b", SNIPERS)  # the rocks at [2, 1] stand between
    state = game("........\n..#.....\n........", [spotter, seen, hidden], stars={"a": 1, "b": 0})
    orders = {"a": Orders("a", numbered=("a1",)), "b": Orders("b")}
    policy = SimplePolicy()
    frames = activation_phase(state, orders, {"a": policy, "b": policy}, LoadedDice([1] * 12))
    spotted = [f.event for f in frames if f.event.kind == "spot"]
    assert [e.unit for e in spotted] == ["b1"] and spotted[0].ambush and spotted[0].page == "BfC p.08"
    # One way of revealing: the spotting rules' SpotEvent, the spotter in `by`, onto the Inactive Side.
    (event,) = spotted
    assert isinstance(event, SpotEvent) and event.by == "a1" and event.at == ((4, 0),)
    assert state.pieces["b1"].side.state.value == "inactive"
    assert not state.pieces["b1"].concealed and state.pieces["b2"].concealed


@pytest.mark.rule("victory-points")
def test_objectives_held_at_the_end_score_their_victory_points() -> None:
    """HoN core p.5-6: victory points from broken combat groups and, where the scenario gives
    them (the free battle's 2 each, an example value), from objectives held at the end."""
    worth = [{**HILL[0], "victory_points": 2}, {"id": "farm", "name": "The farm", "kind": "secondary", "at": [0, 0]}]
    outcomes = [
        {"winner": "b", "label": "Baker wins", "condition": {"type": "victory-points", "side": "b", "at_least": 2}}
    ]
    state = game(OPEN, [piece("b1", (4, 1), "b")], objectives=worth, outcomes=outcomes, turns=1)
    state.control.update({"hill": "b", "farm": "a"})  # the farm gives none
    frames = end_of_turn(state, 1, LoadedDice([]))
    assert state.victory_points == {"a": 0, "b": 2} and state.winner == "b"
    scored = next(f.event for f in frames if isinstance(f.event, ControlEvent))
    assert isinstance(scored, ControlEvent) and (scored.objective, scored.scored, scored.page) == (
        "hill",
        2,
        "HoN core p.5-6",
    )
    # Before the last turn nothing is scored.
    again = game(OPEN, [piece("b1", (4, 1), "b")], objectives=worth, outcomes=outcomes, turns=2)
    again.control["hill"] = "b"
    end_of_turn(again, 2, LoadedDice([]))
    assert again.victory_points["b"] == 0
