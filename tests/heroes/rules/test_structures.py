"""Structures and rubble (HoN core p.18, p.22): destruction points dealt by a shot at a unit
inside, a building turned over to its rubble side when they reach its value, and the
battlefield's movement and line-of-sight tables following the change."""

from __future__ import annotations

import pytest

from builder.heroes.rules.actions.firing import shot_at
from builder.heroes.rules.actions.kinds import Fire
from builder.heroes.rules.events.combat import FireEvent
from builder.heroes.rules.events.game import Phase, RubbleEvent
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.passage import passage_map
from builder.heroes.rules.resolution.structures import RUBBLE, collapse, ruin, structure_of
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.battlefield import Battlefield
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import TANK, element, field
from tests.fixtures.rules.boards import piece as board_piece
from tests.fixtures.rules.games import scenario
from tests.heroes.rules import infantry, piece

HOUSE_CELLS = [(c, r) for c in (1, 2, 3) for r in (1, 2)]
HOUSE = element(
    "House",
    HOUSE_CELLS,
    {
        "blocks_los": True,
        "impassable": ["light-vehicle", "heavy-vehicle"],
        "building": True,
        "defense": {"infantry": 2},
        "structure": 2,
        "shared_cover": True,
    },
    key="house",
    windows=[((3, 1), (4, 1))],
)


def board() -> Battlefield:
    return field("\n".join(["......"] * 4), extra=[HOUSE])


@pytest.mark.rule("structure", "son-structure")
def test_a_building_turned_to_rubble_changes_movement_and_line_of_sight() -> None:
    # HoN core p.22: a destroyed building is turned over onto its rubble side; p.18: rubble's effects apply.
    before = board()
    assert line_of_sight(before, [], (0, 1), (5, 1), HON).blocked
    assert passage_map(before).refusal((2, 1), TANK, TANK.sides[0]) is not None
    after = ruin(before, "house", RUBBLE)
    assert after is not before and after.effects_at((2, 1)) == RUBBLE
    assert not after.walls  # its walls, doors and windows are gone with it
    sight = line_of_sight(after, [], (0, 1), (5, 1), HON)
    assert not sight.blocked and sight.obscured  # rubble obscures, it no longer blocks
    assert passage_map(after).refusal((2, 1), TANK, TANK.sides[0]) is None
    assert passage_map(before).refusal((2, 1), TANK, TANK.sides[0]) is not None  # the old tables are untouched


@pytest.mark.rule("structure")
def test_the_collapse_suppresses_the_infantry_inside_and_destroys_the_vehicles() -> None:
    # HoN core p.22: every infantry unit inside receives 1 Suppressed marker; every vehicle on it is destroyed.
    rifles = piece(infantry(), (2, 1), key="rifles")
    tank = board_piece("tank", ((3, 1), (3, 2)), kind=TANK)
    outside = piece(infantry(), (5, 3), key="outside")
    fallen = collapse(board(), HOUSE, [rifles, tank, outside])
    assert [p.key for p in fallen.suppressed] == ["rifles"] and fallen.suppressed[0].suppressed == 1
    assert [p.key for p in fallen.destroyed] == ["tank"]


@pytest.mark.rule("destruction")
def test_a_shot_with_destruction_at_a_unit_inside_brings_the_building_down() -> None:
    # HoN core p.22: first the attack on the unit, then the destruction dice, each 4+ a point;
    # at the structure's value the building turns to rubble and the state's battlefield changes.
    firer = piece(infantry(combat=2, abilities=[{"destruction": 2}]), (4, 1), key="sappers", owner="a")
    target = piece(infantry(defense=4), (3, 1), key="defenders", owner="b")
    state = GameState(scenario(), board(), HON, ("a", "b"), "a", {firer.key: firer, target.key: target})
    shot = shot_at(state, firer, target)
    assert shot is not None and shot.structure == 2 and shot.structure_points == 0
    assert structure_of(state.battlefield, target) == HOUSE
    turn = Turn(state, LoadedDice([1, 4, 6]), Phase.ACTIVATION)  # a miss (1+2 < 4+2), then 2 points
    turn.perform("sappers", Fire(((None, "defenders"),)))
    assert state.ruined == ["house"]
    assert state.battlefield.effects_at((3, 1)) == RUBBLE
    assert state.pieces["defenders"].suppressed == 1
    rubble = [e for e in turn.events if isinstance(e, RubbleEvent)]
    assert len(rubble) == 1 and rubble[0].page == "HoN core p.22" and rubble[0].suppressed == ("defenders",)
    fired = turn.events[0]
    assert isinstance(fired, FireEvent) and fired.destruction == 2


@pytest.mark.rule("destruction", "destruction-point")
def test_destruction_points_add_up_over_shots_before_the_building_falls() -> None:
    # HoN core p.22: the markers' points add up until they reach the structure's value.
    firer = piece(infantry(combat=2, abilities=[{"destruction": 1}]), (4, 1), key="sappers", owner="a")
    target = piece(infantry(defense=4), (3, 1), key="defenders", owner="b")
    state = GameState(scenario(), board(), HON, ("a", "b"), "a", {firer.key: firer, target.key: target})
    turn = Turn(state, LoadedDice([1, 5, 1, 5]), Phase.ACTIVATION)
    turn.perform("sappers", Fire(((None, "defenders"),)))
    assert state.structure_points == {"house": 1} and not state.ruined
    again = shot_at(state, firer, state.pieces["defenders"])
    assert again is not None and again.structure_points == 1
    turn.perform("sappers", Fire(((None, "defenders"),)))
    assert state.ruined == ["house"] and state.structure_points == {}
