"""The battlefield's units, built to the book: spotting concealed units and the voluntary
change of state (HoN core p.21), running over infantry and crushing wrecks (p.10), forced
moves turning a unit over (p.9), and transports (p.27)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import Role, Unit, UnitType
from builder.heroes.rules.actions.firing import shot_at
from builder.heroes.rules.actions.kinds import AssaultAction, ChangeState, Disembark, Embark, Fire, Move, PushWreck
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.combat import Crushing, Displaced, RetreatEvent
from builder.heroes.rules.events.game import EVENT_LOG, FlipEvent, Phase, PushWreckEvent
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.reach import assault_path, reachable_squares
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.pieces import EAST, NORTH, SOUTH_EAST, Piece, Square
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.ruleset import HON, SON
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import JEEP, SNIPERS, TANK, piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules import light_vehicle, tank

OPEN = "\n".join(["........"] * 5)


def move(state: GameState, key: str, to: Square, **options: bool) -> Turn:
    """Perform the Movement Action of `key` to `to` (its front square) and return the turn."""
    mover = state.pieces[key]
    path = reachable_squares(state.battlefield, state.pieces.values(), mover, HON, **options)[to]
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform(key, Move(path))
    return turn


def kinds(turn: Turn) -> list[str]:
    return [e.kind for e in turn.events]


def gun(active_combat: Any = 3) -> Unit:
    """A Tripod gun: Active Side set up (X movement, fires), Inactive Side limbered (moves 3,
    cannot fire)."""
    made = unit("gun", abilities=["tripod"], movement=None, back_movement=3, states=("active", "inactive"))
    front, back = made.sides
    cannot = back.combat.model_copy(update={"infantry": None, "light": None}) if back.combat else None
    return made.model_copy(update={"sides": (front, back.model_copy(update={"combat": cannot}))})


# --- Spotting concealed units (HoN core p.21) ---------------------------------------------


@pytest.mark.rule("spotting")
def test_a_concealed_unit_in_the_open_is_spotted_at_the_end_of_an_enemy_move_with_a_clear_los() -> None:
    # "In order to spot a concealed unit, you need a clear LoS" (HoN core p.21), checked "at
    # the end of any other unit's Movement Action"; spotted, it turns over (inactive side).
    hidden = piece("h", (7, 2), "b", SNIPERS)
    state = game(OPEN, [piece("a1", (0, 0)), hidden])
    assert state.pieces["h"].concealed
    turn = move(state, "a1", (1, 0))
    spotted = state.pieces["h"]
    assert not spotted.concealed and spotted.side.state.value == "inactive"
    (spot,) = [e for e in turn.events if e.kind == "spot"]
    assert spot.unit == "h" and spot.by == "a1" and spot.page == "HoN core p.21"


@pytest.mark.rule("spotting")
def test_in_a_terrain_element_it_is_spotted_only_within_2_squares() -> None:
    board = "\n".join(["........", "......T.", "........"])
    hidden = piece("h", (6, 1), "b", SNIPERS)
    state = game(board, [piece("a1", (0, 1)), hidden])
    move(state, "a1", (3, 1))  # 3 squares away, clear LoS: not spotted in a Terrain Element
    assert state.pieces["h"].concealed
    move(state, "a1", (4, 1))  # within 2 squares: spotted
    assert not state.pieces["h"].concealed


@pytest.mark.rule("spotting")
def test_heavy_vehicles_never_spot_and_two_concealed_units_spot_each_other() -> None:
    hidden = piece("h", (7, 2), "b", SNIPERS)
    tank = piece("t", [(1, 1), (1, 2)], "a", TANK)
    state = game(OPEN, [tank, hidden])
    move(state, "t", (2, 1))  # "Heavy Vehicles cannot spot concealed units" (HoN core p.21)
    assert state.pieces["h"].concealed
    other = piece("s", (0, 4), "a", SNIPERS)
    state = game(OPEN, [other, hidden])
    move(state, "s", (1, 4))  # "Two concealed units can spot each other"
    assert not state.pieces["h"].concealed


@pytest.mark.rule("ambush", "spotting")
def test_a_concealed_unit_moving_is_spotted_on_the_square_it_enters() -> None:
    # Checked "for each square the concealed unit moves into" (HoN core p.21); behind rocks
    # it is not seen, stepping out it is, and it ends its move revealed.
    board = "\n".join(["........", "####.###", "........"])
    hidden = piece("h", (4, 0), "b", SNIPERS)
    state = game(board, [piece("a1", (4, 2)), hidden])
    turn = move(state, "h", (5, 0))
    assert state.pieces["h"].concealed and "spot" not in kinds(turn)
    turn = move(state, "h", (4, 0))
    spotted = state.pieces["h"]
    assert not spotted.concealed
    (spot,) = [e for e in turn.events if e.kind == "spot"]
    assert spot.at == ((4, 0),)


@pytest.mark.rule("ambush")
def test_a_concealed_unit_cannot_be_targeted_until_spotted() -> None:
    hidden = piece("h", (5, 2), "b", SNIPERS)
    state = game(OPEN, [piece("a1", (0, 2)), piece("a2", (4, 4)), hidden])
    assert shot_at(state, state.pieces["a1"], state.pieces["h"]) is None
    move(state, "a2", (4, 3))
    assert shot_at(state, state.pieces["a1"], state.pieces["h"]) is not None


# --- Voluntary change of state (HoN core p.21) -------------------------------------------


@pytest.mark.rule("tripod", "change-of-state")
def test_a_unit_turns_over_as_a_zero_move_even_with_an_x_movement_value() -> None:
    # "You can do this during a zero move even if the unit has a Movement value of 0 or X."
    state = game(OPEN, [piece("g", (1, 1), kind=gun())])
    assert state.pieces["g"].side.movement is None
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("g", ChangeState())
    flipped = state.pieces["g"].side
    assert flipped.state.value == "inactive" and flipped.movement == 3
    (flip,) = turn.events
    assert isinstance(flip, FlipEvent) and flip.page == "HoN core p.21"


@pytest.mark.rule("tripod", "change-of-state")
def test_a_unit_may_turn_over_at_the_end_of_its_movement_action() -> None:
    state = game(OPEN, [piece("g", (1, 1), kind=gun(), side_index=1)])
    path = reachable_squares(state.battlefield, state.pieces.values(), state.pieces["g"], HON)[(3, 1)]
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("g", ChangeState(path))
    assert state.pieces["g"].square == (3, 1) and state.pieces["g"].side.state.value == "active"
    assert kinds(turn) == ["move", "flip"]


@pytest.mark.rule("change-of-state")
def test_a_unit_without_active_and_inactive_sides_cannot_change_state() -> None:
    state = game(OPEN, [piece("a1", (1, 1))])
    with pytest.raises(RulesError) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", ChangeState())
    assert caught.value.code is Code.NO_ABILITY


@pytest.mark.rule("tripod", "change-of-state")
def test_the_policy_sets_up_a_gun_that_can_only_fire_from_its_other_side() -> None:
    limbered = piece("g", (1, 2), kind=gun(), side_index=1)
    state = game(OPEN, [limbered, piece("b1", (4, 2), "b")])
    assert SimplePolicy().activate(state, limbered) == ChangeState()
    set_up = state.pieces["g"] = replace(limbered, side_index=0)
    assert isinstance(SimplePolicy().activate(state, set_up), Fire)


@pytest.mark.rule("ambush", "change-of-state")
def test_the_policy_hides_a_revealed_ambush_unit_only_out_of_sight() -> None:
    objective = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [7, 0]}]
    board = "\n".join(["........", "########", "........"])
    revealed = piece("h", (7, 0), "a", SNIPERS, side_index=1)  # on its objective: it would hold
    state = game(board, [revealed, piece("b1", (0, 2), "b")], objectives=objective)
    assert SimplePolicy().activate(state, revealed) == ChangeState()
    state = game(OPEN, [revealed, piece("b1", (0, 2), "b")], objectives=objective)
    assert SimplePolicy().activate(state, revealed) != ChangeState()  # the enemy would spot it


@pytest.mark.rule("forced-move")
def test_a_forced_move_turns_an_active_unit_over_first() -> None:
    # "If a unit with the Active Side up is forced to move, it is flipped to the Inactive Side
    # first" (HoN core p.9): here run over by a vehicle.
    hidden = piece("h", (3, 2), "a", SNIPERS)
    state = game(OPEN, [hidden, piece("j", (1, 2), "b", JEEP)])
    move(state, "j", (3, 2), run_over=True)
    assert state.pieces["h"].square != (3, 2) and state.pieces["h"].side.state.value == "inactive"


# --- Running over infantry (HoN core p.10) ------------------------------------------------


@pytest.mark.rule("running-over-infantry")
def test_a_vehicle_ending_on_infantry_forces_it_aside_with_a_suppressed_marker() -> None:
    squad = piece("b1", (3, 2), "b")
    state = game(OPEN, [piece("j", (1, 2), "a", JEEP), squad])
    turn = move(state, "j", (3, 2), run_over=True)
    assert state.pieces["j"].square == (3, 2)
    moved = state.pieces["b1"]
    assert moved.square != (3, 2) and max(abs(moved.square[0] - 3), abs(moved.square[1] - 2)) == 1
    assert moved.suppressed == 1
    (aside,) = [e for e in turn.events if e.kind == "retreat"]
    assert isinstance(aside, RetreatEvent) and (aside.why, aside.by, aside.page) == (
        Displaced.RUN_OVER,
        "j",
        "HoN core p.10",
    )
    assert aside.suppressed


@pytest.mark.rule("running-over-infantry")
def test_infantry_run_over_with_nowhere_to_go_or_no_movement_value_is_destroyed() -> None:
    lane = "\n".join(["#####", ".....", "#####"])
    boxed = [piece("j", (0, 1), "a", JEEP), piece("b1", (2, 1), "b"), piece("b2", (3, 1), "b")]
    state = game(lane, boxed)
    # Its only free neighbour is where the jeep came from: (1, 1) is free after the move.
    move(state, "j", (2, 1), run_over=True)
    assert state.pieces["b1"].square == (1, 1)
    fixed = unit("mortar", movement=None)
    state = game(OPEN, [piece("j", (1, 2), "a", JEEP), piece("b1", (3, 2), "b", fixed)])
    move(state, "j", (3, 2), run_over=True)
    assert "b1" in state.destroyed and "b1" not in state.pieces


# --- Crushing wrecks (HoN core p.10) -----------------------------------------------------

HULK = unit("hulk", UnitType.LIGHT_VEHICLE, footprint=2, states=("unharmed", "wreck"))
HULK1 = unit("hulk1", UnitType.LIGHT_VEHICLE, states=("unharmed", "wreck"))


def east_tank(front: Square) -> Piece:
    return replace(piece("t", front, "a", TANK, facing=EAST), squares=(front, (front[0] - 1, front[1])))


@pytest.mark.rule("crushing-wrecks")
def test_a_heavy_vehicle_deals_a_wreck_1_destruction_point_when_driving_over_it() -> None:
    # "A Heavy Vehicle deals 1 Destruction Point to a Wreck when driving over a Wreck counter"
    # (HoN core p.10); at its structure value it is removed (p.22; hon's reading: 2).
    state = game(OPEN, [east_tank((1, 2)), piece("w", (3, 2), "b", HULK1, side_index=1)])
    turn = move(state, "t", (5, 2))
    (crush,) = [e for e in turn.events if e.kind == "crush"]
    assert crush.points == 1 and not crush.removed and dict(state.pieces["w"].extra)["destruction"] == 1
    assert crush.page == "HoN core p.10" and crush.how is Crushing.DRIVES_OVER
    state.pieces["t"] = east_tank((1, 2))
    turn = move(state, "t", (5, 2))
    (crush,) = [e for e in turn.events if e.kind == "crush"]
    assert crush.removed and "w" not in state.pieces


@pytest.mark.rule("crushing-wrecks")
def test_driving_over_both_squares_of_a_wreck_deals_at_most_2() -> None:
    # "If the Heavy Vehicle drives over both squares of a Wreck, it deals a maximum of 2
    # Destruction Points per Movement Action" (HoN core p.10).
    wreck = replace(piece("w", (3, 2), "b", HULK, side_index=1, facing=EAST), squares=((3, 2), (2, 2)))
    state = game(OPEN, [east_tank((1, 2)), wreck])
    turn = move(state, "t", (5, 2))
    (crush,) = [e for e in turn.events if e.kind == "crush"]
    assert crush.points == 2 and crush.removed


@pytest.mark.rule("crushing-wrecks")
def test_light_vehicles_and_infantry_do_not_crush_wrecks() -> None:
    state = game(OPEN, [piece("a1", (1, 2)), piece("w", (3, 2), "b", HULK1, side_index=1)])
    turn = move(state, "a1", (4, 2))
    assert "crush" not in kinds(turn) and "w" in state.pieces


# --- Transport (HoN core p.27) ----------------------------------------------------------

CARRIER = unit("carrier", UnitType.LIGHT_VEHICLE, movement=6, abilities=[{"id": "transport", "value": 3}])


def embark(state: GameState, key: str, transport: str) -> Turn:
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform(key, Embark(transport))
    return turn


@pytest.mark.rule("transport")
def test_infantry_gets_into_an_adjacent_transport_within_its_capacity() -> None:
    officer = unit("lt", name="Lieutenant")
    officer = officer.model_copy(update={"role": Role.OFFICER})
    pieces = [
        piece("c", (2, 2), "a", CARRIER),
        piece("s1", (1, 2)),
        piece("s2", (3, 2)),
        piece("o", (2, 1), kind=officer),
    ]
    state = game(OPEN, [*pieces, piece("far", (6, 2))])
    turn = embark(state, "s1", "c")
    assert state.pieces["s1"].embarked_in == "c" and kinds(turn) == ["embark"]
    assert state.occupant()[(2, 2)].key == "c" and (1, 2) not in state.occupant()
    with pytest.raises(RulesError) as caught:  # 2 + 2 > Transport 3
        embark(state, "s2", "c")
    assert caught.value.code is Code.MAY_NOT_EMBARK
    embark(state, "o", "c")  # a Character counts 1: 2 + 1
    with pytest.raises(RulesError) as caught:
        embark(game(OPEN, [piece("c", (2, 2), "a", CARRIER), piece("far", (6, 2))]), "far", "c")
    assert caught.value.code is Code.MAY_NOT_EMBARK


@pytest.mark.rule("transport")
def test_embarked_units_ride_along_cannot_be_targeted_and_get_off_next_to_it() -> None:
    state = game(OPEN, [piece("c", (1, 2), "a", CARRIER), piece("s1", (0, 2)), piece("b1", (7, 0), "b")])
    embark(state, "s1", "c")
    move(state, "c", (4, 2))
    assert state.pieces["s1"].squares == ((4, 2),)
    assert shot_at(state, state.pieces["b1"], state.pieces["s1"]) is None  # HoN core p.27
    assert shot_at(state, state.pieces["s1"], state.pieces["b1"]) is not None  # it fires from the vehicle
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("s1", Disembark((5, 2)))
    assert state.pieces["s1"].embarked_in is None and state.pieces["s1"].squares == ((5, 2),)


@pytest.mark.rule("transport")
def test_a_destroyed_transport_puts_its_riders_out_inactive_side_up_and_suppressed() -> None:
    riders = unit("riders", states=("active", "inactive"), abilities=["tripod"])
    state = game(OPEN, [piece("c", (3, 2), "a", CARRIER), piece("s1", (2, 2), kind=riders), piece("b1", (7, 2), "b")])
    embark(state, "s1", "c")
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    hits.hurt(turn, state.pieces["c"], None, Effect.DESTROYED)
    out = state.pieces["s1"]
    assert out.embarked_in is None and out.suppressed == 1 and out.side.state.value == "inactive"
    assert max(abs(out.square[0] - 3), abs(out.square[1] - 2)) == 1
    assert "s1" not in state.destroyed and "destroyed" in kinds(turn)


@pytest.mark.rule("transport")
def test_riders_with_no_square_out_of_enemy_zoc_are_destroyed() -> None:
    lane = "\n".join(["#####", ".....", "#####"])
    state = game(lane, [piece("c", (2, 1), "a", CARRIER), piece("s1", (1, 1)), piece("b1", (0, 1), "b")])
    state.pieces["b2"] = piece("b2", (4, 1), "b")
    embark(state, "s1", "c")
    hits.hurt(Turn(state, LoadedDice([]), Phase.ACTIVATION), state.pieces["c"], None, Effect.DESTROYED)
    assert "s1" in state.destroyed  # (1, 1) and (3, 1) are both in an enemy ZoC


@pytest.mark.rule("transport")
def test_heavy_weapons_fire_from_a_vehicle_only_with_fire_on_the_move() -> None:
    crew = unit("mg", name="MG team").model_copy(update={"role": Role.HEAVY_WEAPON})
    state = game(OPEN, [piece("c", (1, 2), "a", CARRIER), piece("m", (0, 2), kind=crew), piece("b1", (5, 2), "b")])
    embark(state, "m", "c")
    assert shot_at(state, state.pieces["m"], state.pieces["b1"]) is None


# --- Pushing wrecks (HoN core p.11) ------------------------------------------------------


def push(state: GameState, key: str, wreck: str, direction: int = EAST) -> Turn:
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform(key, PushWreck(wreck, direction))
    return turn


@pytest.mark.rule("pushing-wrecks")
def test_a_vehicle_pushes_a_wreck_one_square_in_the_direction_of_its_move_and_stops() -> None:
    jeep = piece("j", (1, 2), "a", JEEP, facing=EAST)
    state = game(OPEN, [jeep, piece("w", (2, 2), "b", HULK1, side_index=1)])
    turn = push(state, "j", "w")
    assert state.pieces["w"].squares == ((3, 2),) and state.pieces["j"].squares == ((2, 2),)
    (event,) = [e for e in turn.events if e.kind == "push-wreck"]
    assert event.to == ((3, 2),) and event.page == "HoN core p.11"


@pytest.mark.rule("pushing-wrecks")
def test_light_vehicles_push_only_one_square_wrecks_heavy_vehicles_any() -> None:
    wreck = replace(piece("w", (3, 2), "b", HULK, side_index=1, facing=EAST), squares=((3, 2), (2, 2)))
    state = game(OPEN, [piece("j", (1, 2), "a", JEEP, facing=EAST), wreck])
    with pytest.raises(RulesError) as caught:
        push(state, "j", "w")
    assert caught.value.code is Code.MAY_NOT_PUSH
    state = game(OPEN, [east_tank((1, 2)), wreck])
    push(state, "t", "w")
    assert state.pieces["w"].squares == ((4, 2), (3, 2))  # its orientation kept
    assert state.pieces["t"].squares == ((2, 2), (1, 2))


@pytest.mark.rule("pushing-wrecks")
def test_a_wreck_is_never_pushed_off_the_edge_nor_into_impassable_terrain_and_sinks_in_water() -> None:
    edge = game(OPEN, [piece("j", (6, 2), "a", JEEP, facing=EAST), piece("w", (7, 2), "b", HULK1, side_index=1)])
    with pytest.raises(RulesError) as caught:
        push(edge, "j", "w")
    assert caught.value.code is Code.MAY_NOT_PUSH
    board = "\n".join(["........", "...#~...", "........"])
    rocks = game(board, [piece("j", (1, 1), "a", JEEP, facing=EAST), piece("w", (2, 1), "b", HULK1, side_index=1)])
    with pytest.raises(RulesError) as caught:
        push(rocks, "j", "w")
    assert caught.value.code is Code.MAY_NOT_PUSH
    wet = [piece("j", (2, 0), "a", JEEP, facing=SOUTH_EAST), piece("w", (3, 1), "b", HULK1, side_index=1)]
    water = game("\n".join(["........", "........", "....~..."]), wet)
    turn = push(water, "j", "w", SOUTH_EAST)  # diagonally into the pond: all of it in water
    sunk = turn.events[-1]
    assert "w" not in water.pieces and isinstance(sunk, PushWreckEvent) and sunk.to is None


@pytest.mark.rule("pushing-wrecks")
def test_infantry_where_the_wreck_is_pushed_makes_way() -> None:
    state = game(
        OPEN,
        [
            piece("j", (1, 2), "a", JEEP, facing=EAST),
            piece("w", (2, 2), "b", HULK1, side_index=1),
            piece("b1", (3, 2), "b"),
        ],
    )
    push(state, "j", "w")
    assert state.pieces["w"].squares == ((3, 2),) and state.pieces["b1"].square != (3, 2)


@pytest.mark.rule("spotting")
def test_in_son_an_enemy_infantry_spots_from_every_square_it_moves_through() -> None:
    # SoN p.17: conditions "are checked each space covered by this ambushed unit or by an
    # enemy infantry or light vehicle unit"; HoN core p.21 checks at the end of its move.
    board = "\n".join(["...#.#..", "...#.#..", "...#.#..", "........"])
    path = Path((Position(((7, 3),), NORTH), Position(((6, 3),), NORTH), Position(((5, 3),), NORTH)), 2)
    for ruleset, spotted in ((HON, False), (SON, True)):
        state = game(board, [piece("a1", (7, 3)), piece("h", (6, 0), "b", SNIPERS)])
        state.ruleset = ruleset
        seen = Occupancy(state.pieces.values())
        assert line_of_sight(state.battlefield, seen, (6, 3), (6, 0), ruleset).clear
        assert line_of_sight(state.battlefield, seen, (5, 3), (6, 0), ruleset).blocked
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", Move(path))
        assert state.pieces["h"].concealed is not spotted


@pytest.mark.rule("change-of-state")
def test_a_unit_printing_the_ability_on_one_side_only_changes_state_once() -> None:
    # "Some units may not have the ability on both sides, in which case the change can only
    # be done once" (HoN core p.21).
    once = unit("once", abilities=["tripod"], back=[], states=("active", "inactive"))
    state = game(OPEN, [piece("g", (1, 1), kind=once)])
    Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("g", ChangeState())
    with pytest.raises(RulesError) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("g", ChangeState())
    assert caught.value.code is Code.NO_ABILITY


@pytest.mark.rule("spotting")
def test_a_concealed_unit_is_spotted_or_turned_over_once_per_movement_action() -> None:
    # "A concealed unit can only be spotted or turned over once per Movement Action" (HoN core p.21).
    board = "\n".join(["........", "####.###", "........"])
    state = game(board, [piece("h", (5, 0), "a", SNIPERS), piece("b1", (4, 2), "b")])
    path = reachable_squares(state.battlefield, state.pieces.values(), state.pieces["h"], HON)[(4, 0)]
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("h", ChangeState(path))  # spotted at (4, 0): no turning over at the end
    assert kinds(turn) == ["move", "spot"] and state.pieces["h"].side.state.value == "inactive"


@pytest.mark.rule("transport")
def test_a_unit_getting_off_may_go_on_with_the_rest_of_its_move() -> None:
    # "an Infantry Unit can move into or out of a vehicle at the beginning or the end of its
    # Movement Action, from or into an adjacent square" (HoN core p.27).
    state = game(OPEN, [piece("c", (1, 2), "a", CARRIER), piece("s1", (0, 2))])
    embark(state, "s1", "c")
    out = replace(state.pieces["s1"], embarked_in=None, squares=((2, 2),))
    found = reachable_squares(state.battlefield, [state.pieces["c"], out], out, HON)
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("s1", Disembark((2, 2), found[(5, 2)]))  # 1 + 3 of its 4 squares
    assert state.pieces["s1"].squares == ((5, 2),) and kinds(turn) == ["embark", "move"]
    state.pieces["s1"] = replace(state.pieces["s1"], embarked_in="c", squares=((1, 2),))  # back aboard
    with pytest.raises(RulesError) as caught:  # 1 + 4 is more than its 4 squares
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("s1", Disembark((2, 2), found[(6, 2)]))
    assert caught.value.code is Code.MAY_NOT_DISEMBARK


@pytest.mark.rule("forced-move")
def test_a_set_up_gun_forced_to_move_turns_over_first_and_moves_with_its_inactive_side() -> None:
    # "If a unit with the Active Side up is forced to move, it is flipped to the Inactive Side
    # first" (HoN core p.9): a set-up gun (X) run over packs up (3) and makes way.
    state = game(OPEN, [piece("g", (3, 2), "b", gun()), piece("j", (1, 2), "a", JEEP)])
    move(state, "j", (3, 2), run_over=True)
    assert "g" in state.pieces and state.pieces["g"].side.state.value == "inactive"
    assert state.pieces["g"].square != (3, 2) and state.pieces["g"].suppressed == 1


def test_the_new_events_read_back_from_their_json() -> None:
    state = game(OPEN, [piece("c", (1, 2), "a", CARRIER), piece("s1", (0, 2)), piece("h", (7, 2), "b", SNIPERS)])
    turn = embark(state, "s1", "c")
    turn.perform("c", Move(reachable_squares(state.battlefield, state.pieces.values(), state.pieces["c"], HON)[(4, 2)]))
    turn.perform("s1", Disembark((5, 2)))
    assert {"embark", "spot"} <= set(kinds(turn))
    assert EVENT_LOG.validate_python([e.to_json() for e in turn.events]) == turn.events


@pytest.mark.rule("transport")
def test_infantry_does_not_block_the_line_of_sight_of_embarked_units() -> None:
    # "Infantry Units do not block LoS for embarked units" (HoN core p.27).
    pieces = [piece("c", (1, 2), "a", CARRIER), piece("s1", (0, 2)), piece("x", (3, 2)), piece("b1", (5, 2), "b")]
    state = game(OPEN, pieces)
    blocked = shot_at(state, replace(state.pieces["s1"], squares=((2, 2),)), state.pieces["b1"])  # on foot
    embark(state, "s1", "c")
    move(state, "c", (2, 2))
    aboard = shot_at(state, state.pieces["s1"], state.pieces["b1"])
    assert blocked is None and aboard is not None


@pytest.mark.rule("crushing-wrecks", "assault-results")
def test_a_heavy_vehicle_wrecking_a_light_vehicle_in_an_assault_takes_its_square_and_damages_the_wreck() -> None:
    # "If the attacker was a Heavy Vehicle, it occupies the target square and deals one
    # destruction point to the defender's Wreck" (HoN core p.26).
    rammer = replace(piece("t", (2, 2), "a", tank(abilities=["assault"]), facing=EAST), squares=((2, 2), (1, 2)))
    state = game(OPEN, [rammer, piece("j", (3, 2), "b", light_vehicle(combat=1))])
    path = assault_path(state.battlefield, state.pieces.values(), state.pieces["t"], state.pieces["j"], HON)
    assert path is not None
    turn = Turn(state, LoadedDice([6, 5, 1]), Phase.ACTIVATION)
    turn.perform("t", AssaultAction(path, "j"))
    assert state.pieces["t"].square == (3, 2) and state.pieces["j"].is_wreck
    (crush,) = [e for e in turn.events if e.kind == "crush"]
    assert crush.points == 1 and dict(state.pieces["j"].extra)["destruction"] == 1
    assert crush.page == "HoN core p.26" and crush.how is Crushing.TAKES_SQUARE
