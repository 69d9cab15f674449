"""Field works deployed during a game (BfC p.08-09): the Forward Position placed on the unit's
square instead of moving or firing; Military Engineering's Advanced Position and Barbed Hedgehogs
deployed by the SdKfz 251/7 at the beginning or end of its move, or carried by an Engineer."""

from __future__ import annotations

import pytest

from builder.heroes.ai import works
from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.kinds import Deploy, Hold, Item
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import HoldReason, Phase, WorksEvent
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.pieces import EAST, NORTH
from builder.heroes.rules.resolution.cover import cover
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece, unit
from tests.fixtures.rules.games import game

FIELD = """
......~.
..B.....
........
........
"""
HALFTRACK = unit("halftrack", UnitType.LIGHT_VEHICLE, movement=6, abilities=["military-engineering"])
PIONEERS = unit("pioneers", abilities=["engineer"])


def _turn(state: GameState) -> Turn:
    return Turn(state, LoadedDice([]), Phase.ACTIVATION)


def _with(state: GameState, marker: str, count: int = 1) -> GameState:
    state.gear.append(GearPool("a", marker, count, None, (), "option"))
    return state


@pytest.mark.rule("forward-position")
def test_a_forward_position_goes_on_the_units_own_square_and_shelters_it() -> None:
    state = _with(game(FIELD, [piece("a1", (4, 2)), piece("b1", (4, 0), owner="b")]), "forward-position")
    assert cover(state, state.pieces["a1"]) == 0
    turn = _turn(state)
    with pytest.raises(RulesError) as caught:
        turn.perform("a1", Deploy(Item.FORWARD_POSITION, (4, 3)))  # not its own square
    assert caught.value.code is Code.MAY_NOT_DEPLOY
    turn.perform("a1", Deploy(Item.FORWARD_POSITION, (4, 2)))
    assert cover(state, state.pieces["a1"]) == 2  # a defensive position (hon's example +2)
    assert state.gear[0].count == 0
    told = [e for e in turn.events if isinstance(e, WorksEvent)]
    assert told[0].item == "forward-position" and told[0].squares == ((4, 2),)
    with pytest.raises(RulesError) as caught:
        turn.perform("a1", Deploy(Item.FORWARD_POSITION, (4, 2)))  # none left
    assert caught.value.code is Code.MAY_NOT_DEPLOY


@pytest.mark.rule("forward-position")
def test_no_forward_position_in_a_building_or_water() -> None:
    state = _with(game(FIELD, [piece("a1", (2, 1))]), "forward-position", 2)
    with pytest.raises(RulesError) as caught:
        _turn(state).perform("a1", Deploy(Item.FORWARD_POSITION, (2, 1)))
    assert caught.value.code is Code.MAY_NOT_DEPLOY


@pytest.mark.rule("military-engineering", "advanced-position")
def test_military_engineering_deploys_an_advanced_position_at_the_end_of_its_move() -> None:
    track = piece("ht", ((5, 3), (4, 3)), kind=HALFTRACK, facing=EAST)
    state = _with(game(FIELD, [track]), "advanced-position")
    path = Path((Position(((5, 3), (4, 3)), EAST), Position(((6, 3), (5, 3)), EAST)), 1)
    turn = _turn(state)
    with pytest.raises(RulesError) as caught:
        turn.perform("ht", Deploy(Item.ADVANCED_POSITION, (3, 2), path=path))  # outside its ZoC once there
    assert caught.value.code is Code.MAY_NOT_DEPLOY
    turn.perform("ht", Deploy(Item.ADVANCED_POSITION, (7, 2), path=path))
    assert state.pieces["ht"].squares == ((6, 3), (5, 3))
    assert state.positions == {(7, 2): 2}
    with pytest.raises(RulesError) as caught:
        _turn(state).perform("ht", Deploy(Item.ADVANCED_POSITION, (7, 3)))  # its only one is spent
    assert caught.value.code is Code.MAY_NOT_DEPLOY


@pytest.mark.rule("engineer", "military-engineering", "advanced-position")
def test_an_engineer_in_its_zoc_carries_an_item_and_deploys_it_at_the_end_of_its_move() -> None:
    track = piece("ht", ((1, 3), (0, 3)), kind=HALFTRACK, facing=EAST)
    near, far = piece("e1", (2, 2), kind=PIONEERS), piece("e2", (6, 2), kind=PIONEERS)
    state = _with(game(FIELD, [track, near, far]), "advanced-position")
    walk = Path((Position(((2, 2),), NORTH), Position(((3, 2),), NORTH), Position(((4, 2),), NORTH)), 2)
    with pytest.raises(RulesError) as caught:
        _turn(state).perform("e2", Deploy(Item.ADVANCED_POSITION, (7, 2)))  # not in the 251/7's ZoC
    assert caught.value.code is Code.MAY_NOT_DEPLOY
    with pytest.raises(RulesError) as caught:
        _turn(state).perform("e1", Deploy(Item.ADVANCED_POSITION, (3, 3), path=walk, first=True))  # at the end only
    assert caught.value.code is Code.MAY_NOT_DEPLOY
    _turn(state).perform("e1", Deploy(Item.ADVANCED_POSITION, (5, 3), path=walk))
    assert state.pieces["e1"].square == (4, 2) and (5, 3) in state.positions


@pytest.mark.rule("military-engineering", "barbed-hedgehog")
def test_a_barbed_hedgehog_deployed_beside_its_carrier_bars_vehicles() -> None:
    track = piece("ht", ((3, 3), (2, 3)), kind=HALFTRACK, facing=EAST)
    state = _with(game(FIELD, [track]), "barbed-hedgehog", 2)
    turn = _turn(state)
    with pytest.raises(RulesError) as caught:
        turn.perform("ht", Deploy(Item.BARBED_HEDGEHOG, segment=((6, 1), (6, 2))))
    assert caught.value.code is Code.MAY_NOT_DEPLOY
    turn.perform("ht", Deploy(Item.BARBED_HEDGEHOG, segment=((4, 3), (4, 4)), first=True))  # east of its front
    edge = frozenset({(3, 3), (4, 3)})
    assert [p.line.kind.value for p in state.battlefield.lines] == ["hedgehog"]
    assert edge in passage_map(state.battlefield).lines_on
    with pytest.raises(RulesError) as caught:
        turn.perform("ht", Deploy(Item.BARBED_HEDGEHOG, segment=((3, 3), (4, 3))))  # shares an interspace
    assert caught.value.code is Code.MAY_NOT_DEPLOY


@pytest.mark.rule("forward-position")
def test_the_policy_holding_its_ground_digs_in() -> None:
    state = _with(game(FIELD, [piece("a1", (4, 2)), piece("b1", (4, 0), owner="b")]), "forward-position")
    assert works.field_works(SimplePolicy(), state, state.pieces["a1"], Hold(HoldReason.STAYS)) == Deploy(
        Item.FORWARD_POSITION, (4, 2)
    )


@pytest.mark.rule("military-engineering", "barbed-hedgehog")
def test_the_policy_deploys_hedgehogs_facing_an_enemy_vehicle_and_an_engineer_carries_an_item() -> None:
    track = piece("ht", ((3, 3), (2, 3)), kind=HALFTRACK, facing=EAST)
    tank = piece("t1", (7, 3), owner="b", kind=HALFTRACK)
    state = _with(game(FIELD, [track, tank]), "barbed-hedgehog")
    choice = works.field_works(SimplePolicy(), state, state.pieces["ht"], Hold(HoldReason.STAYS))
    assert choice == Deploy(Item.BARBED_HEDGEHOG, segment=((4, 3), (4, 4)))  # east of it, towards the vehicle
    sapper = piece("e1", (4, 2), kind=PIONEERS)
    state = _with(game(FIELD, [track, sapper, piece("b1", (7, 1), owner="b")]), "advanced-position")
    choice = works.field_works(SimplePolicy(), state, state.pieces["e1"], Hold(HoldReason.STAYS))
    assert isinstance(choice, Deploy) and choice.item is Item.ADVANCED_POSITION
    assert choice.square in {(5, 1), (5, 2), (5, 3)}  # of its ZoC nearest the enemy (2 squares), one drawn
