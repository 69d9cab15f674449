"""Mine markers (BfC p.09, the Minen option): placed instead of a Firing or Movement Action on
a square of the unit's ZoC; a unit crossing or stopping there suffers the marker's attack,
without suppression, and the marker is discarded; an Engineer discards an adjacent one."""

from __future__ import annotations

import pytest

from builder.heroes.ai import works
from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.actions import assault, movement
from builder.heroes.rules.actions.kinds import ClearMine, Hold, Move, PlaceMine
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.combat import Displaced
from builder.heroes.rules.events.game import FireEvent, MineEvent, Phase
from builder.heroes.rules.gear.concealed_markers import concealed
from builder.heroes.rules.gear.mines import MINE_COMBAT, mine_squares
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.pieces import NORTH, Piece
from builder.heroes.rules.state import GameState, GearPool
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import RIFLES, piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry

OPEN = """
........
........
........
........
"""
SAPPERS = unit("sappers", abilities=["engineer"])


def _straight(start: tuple[int, int], squares: int) -> Path:
    """Eastwards, square by square."""
    c, r = start
    return Path(tuple(Position(((c + i, r),), NORTH) for i in range(squares + 1)), squares)


def _mined(*pieces_: Piece) -> GameState:
    state = game(OPEN, list(pieces_))
    state.gear.append(GearPool("a", "mine", 2, None, ("infantry",), "Minen"))
    return state


@pytest.mark.rule("mine")
def test_a_unit_places_a_mine_marker_on_a_square_of_its_zoc_spending_one() -> None:
    state = _mined(piece("a1", (1, 1)), piece("b1", (6, 1), owner="b"))
    assert (2, 2) in mine_squares(state, state.pieces["a1"]) and (3, 1) not in mine_squares(state, state.pieces["a1"])
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", PlaceMine((2, 1)))
    assert state.mines == {(2, 1): "a"} and state.gear[0].count == 1
    told = [e for e in turn.events if isinstance(e, MineEvent)]
    assert told[0].what == "placed" and told[0].page == "BfC p.09" and told[0].left == 1
    with pytest.raises(RulesError) as caught:
        turn.perform("a1", PlaceMine((3, 1)))  # two squares away: outside its ZoC
    assert caught.value.code is Code.MAY_NOT_MINE
    with pytest.raises(RulesError) as caught:
        turn.perform("b1", PlaceMine((5, 1)))  # the other side has no Mine marker
    assert caught.value.code is Code.MAY_NOT_MINE


def test_no_mine_without_a_marker_left_nor_for_a_vehicle() -> None:
    state = _mined(piece("a1", (1, 1)))
    state.gear[0].count = 0
    assert mine_squares(state, state.pieces["a1"]) == []


@pytest.mark.rule("mine")
def test_a_unit_crossing_a_mine_suffers_its_attack_and_the_marker_is_discarded() -> None:
    # BfC p.09: crossing the square is enough; the attack uses the marker's combat values.
    state = _mined(piece("b1", (0, 1), owner="b"))
    state.mines[(2, 1)] = "a"
    path = _straight((0, 1), 4)
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)  # 1 + 4 = 5 against a defense of 4: a hit
    movement.move(turn, state.pieces["b1"], path)
    assert state.mines == {}
    shot = next(e for e in turn.events if isinstance(e, FireEvent))
    assert shot.target == "b1" and shot.outcome == "hit" and shot.defense == 4
    assert MINE_COMBAT.infantry == 4  # the example value the roll was added to
    after = state.pieces["b1"]
    assert after.side_index == 1 and after.suppressed == 0 and after.square == (4, 1)  # flipped, went on


@pytest.mark.rule("mine")
def test_a_missed_mine_attack_leaves_no_suppressed_marker_and_friends_set_it_off_too() -> None:
    # "If an allied or enemy unit crosses or stops on a square containing a Mine marker";
    # "the unit only suffers the attack, without suppression".
    state = _mined(piece("a2", (0, 1), kind=infantry(defense=6)))
    state.mines[(1, 1)] = "a"
    path = _straight((0, 1), 1)
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)  # 1 + 4 = 5 against 6: a miss
    movement.move(turn, state.pieces["a2"], path)
    assert state.mines == {} and state.pieces["a2"].suppressed == 0 and state.pieces["a2"].side_index == 0
    assert [e.what for e in turn.events if isinstance(e, MineEvent)] == ["triggered"]


@pytest.mark.rule("engineer", "mine")
def test_an_engineer_discards_an_adjacent_mine_marker() -> None:
    state = _mined(piece("e1", (1, 1), owner="b", kind=SAPPERS), piece("r1", (5, 1), owner="b", kind=RIFLES))
    state.mines[(2, 2)] = "a"
    state.mines[(4, 1)] = "a"
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("e1", ClearMine((2, 2)))
    assert state.mines == {(4, 1): "a"}
    with pytest.raises(RulesError) as caught:
        turn.perform("r1", ClearMine((4, 1)))  # no Engineer
    assert caught.value.code is Code.MAY_NOT_MINE
    assert works.lift_mine(SimplePolicy(), state, state.pieces["r1"]) is None


@pytest.mark.rule("mine")
def test_the_policy_holding_its_ground_lays_a_mine_towards_the_enemy() -> None:
    state = _mined(piece("a1", (1, 1)), piece("b1", (7, 1), owner="b"))
    choice = works.lay_mine(SimplePolicy(), state, state.pieces["a1"])
    assert choice == PlaceMine((2, 1)) or choice == PlaceMine((2, 0)) or choice == PlaceMine((2, 2))
    assert isinstance(choice, PlaceMine) and choice.square[0] == 2


@pytest.mark.rule("mine")
def test_a_unit_retreating_onto_a_mine_sets_it_off() -> None:
    # "If an allied or enemy unit crosses or stops on a square containing a Mine marker": a
    # Forced Move (a retreat) stops there too.
    state = _mined(piece("b1", (3, 1), owner="b"))
    state.mines[(4, 1)] = "a"
    turn = Turn(state, LoadedDice([6]), Phase.ACTIVATION)  # 6 + 4 against 4: a double hit
    assault.displace(turn, state.pieces["b1"], [(4, 1)], Displaced.RETREAT, "assault-results")
    assert state.mines == {} and "b1" not in state.pieces and "b1" in state.destroyed


@pytest.mark.rule("mine")
def test_the_policy_stops_short_of_a_mine_in_its_way() -> None:
    state = _mined(piece("a1", (0, 1)))
    state.mines[(3, 1)] = "a"
    choice = works.short_of_mines(state, state.pieces["a1"], Move(_straight((0, 1), 4)))
    assert isinstance(choice, Move) and choice.path.destination.squares == ((2, 1),) and choice.path.cost == 2
    state.mines[(1, 1)] = "b"
    assert isinstance(works.short_of_mines(state, state.pieces["a1"], Move(_straight((0, 1), 4))), Hold)


@pytest.mark.rule("mine", "ambush")
def test_a_concealed_unit_crossing_a_mine_suffers_its_attack() -> None:
    # "A concealed unit may not be the target of a Firing Action" (HoN core p.21): a Mine
    # marker fires no Firing Action, and "an allied or enemy unit" crossing it suffers its
    # attack (BfC p.09). The search agent's play-outs moved one onto a mine: the rules refused
    # their own move halfway (issue 34).
    hidden = concealed(piece("b1", (0, 1), owner="b"))
    state = _mined(hidden)
    state.mines[(2, 1)] = "a"
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)  # 1 + 4 = 5 against a defense of 4: a hit
    movement.move(turn, hidden, _straight((0, 1), 4))
    shot = next(e for e in turn.events if isinstance(e, FireEvent))
    assert state.mines == {} and shot.target == "b1" and shot.outcome == "hit"
    assert state.pieces["b1"].square == (4, 1) and state.pieces["b1"].side_index == 1
