"""Destruction (HoN core p.18, p.22-23; SoN p.11, p.17): a Firing Action at the structure
itself, the structure of a unit assaulted, the structures under a template, and wrecks as
structures removed at their value."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.actions.kinds import AssaultAction, TemplateFire
from builder.heroes.rules.events.combat import Demolition, GearUse
from builder.heroes.rules.events.game import AssaultEvent, DestructionEvent, GearEvent, Phase, RubbleEvent
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.pieces import WEST, Piece
from builder.heroes.rules.resolution.assault_roll import AssaultOutcome
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.resolution.damage import destroy
from builder.heroes.rules.resolution.destruction import demolition_dice
from builder.heroes.rules.resolution.structures import Demolish
from builder.heroes.rules.ruleset import HON, SON, Ruleset
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.battlefield import Battlefield
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import element, field
from tests.fixtures.rules.games import scenario
from tests.heroes.rules import infantry, light_vehicle, piece
from tests.heroes.rules.gear_helpers import POLICIES, pool

HOUSE = element(
    "House",
    [(c, r) for c in (1, 2, 3) for r in (1, 2)],
    {
        "blocks_los": True,
        "impassable": ["light-vehicle", "heavy-vehicle"],
        "building": True,
        "defense": {"infantry": 2},
        "structure": 2,
        "shared_cover": True,
    },
    key="house",
    doors=[((3, 1), (4, 1))],
)
SAPPERS = infantry(combat=2, abilities=[{"destruction": 2}, {"assault": 2}], name="Sappers", unit_id="sappers")


def board() -> Battlefield:
    return field("\n".join(["......."] * 5), extra=[HOUSE])


def game(*pieces: Piece, ruleset: Ruleset = HON) -> GameState:
    found = {p.key: p for p in pieces}
    return GameState(scenario(), board(), ruleset, ("a", "b"), "a", found)


@pytest.mark.rule("destruction")
def test_a_firing_action_at_the_building_itself_rolls_only_the_destruction_dice() -> None:
    # HoN core p.22: "If a Structure ... is targeted": roll as many dice as the symbol, each 4+
    # a point; at the structure's value (2) the building turns to rubble, infantry inside suppressed.
    sappers = piece(SAPPERS, (5, 2), key="sappers")
    inside = piece(infantry(), (2, 1), key="inside", owner="b")
    state = game(sappers, inside)
    turn = Turn(state, LoadedDice([4, 6]), Phase.ACTIVATION)
    turn.perform("sappers", Demolish("house"))
    (rolled,) = [e for e in turn.events if isinstance(e, DestructionEvent)]
    assert rolled.points == 2 and rolled.destroyed and rolled.rolls[0].dice == (4, 6)
    assert rolled.page == "HoN core p.22" and rolled.how is Demolition.FIRES_AT
    assert [e.element for e in turn.events if isinstance(e, RubbleEvent)] == ["house"]
    assert state.ruined == ["house"] and state.pieces["inside"].suppressed == 1


@pytest.mark.rule("destruction-point", "son-destruction")
def test_points_short_of_the_value_stay_on_the_building() -> None:
    sappers = piece(SAPPERS, (5, 2), key="sappers")
    state = game(sappers)
    Turn(state, LoadedDice([3, 5]), Phase.ACTIVATION).perform("sappers", Demolish("house"))
    assert state.structure_points == {"house": 1} and not state.ruined


def test_only_a_unit_with_destruction_that_sees_the_structure_may_fire_at_it() -> None:
    rifles = piece(infantry(), (5, 2), key="rifles")
    state = game(rifles, piece(SAPPERS, (0, 4), key="sappers"))
    with pytest.raises(IllegalAttack):
        Turn(state, LoadedDice([6, 6]), Phase.ACTIVATION).perform("rifles", Demolish("house"))
    assert demolition_dice(state, state.pieces["sappers"], "house") == 2  # it sees the wall
    assert demolition_dice(state, state.pieces["sappers"], "nowhere") == 0


@pytest.mark.rule("destruction", "destruction-point", "wrecks", "structure")
def test_a_wreck_is_a_structure_removed_at_its_value() -> None:
    # HoN core p.22: "If the Structure is a vehicle Wreck, remove it"; its value is not in the
    # catalogue: hon's 2 (Ruleset.wreck_structure).
    _, wreck = destroy(piece(light_vehicle(), (5, 4), key="jeep", owner="b"))
    assert wreck is not None and wreck.is_wreck
    state = game(piece(SAPPERS, (5, 0), key="sappers"), wreck)
    turn = Turn(state, LoadedDice([4, 1, 5, 2]), Phase.ACTIVATION)
    turn.perform("sappers", Demolish("jeep"))
    assert dict(state.pieces["jeep"].extra)["destruction"] == 1
    turn.perform("sappers", Demolish("jeep"))
    assert "jeep" not in state.pieces
    assert [e.destroyed for e in turn.events if isinstance(e, DestructionEvent)] == [False, True]


def _assault(ruleset: Ruleset) -> tuple[GameState, Turn]:
    sappers = piece(SAPPERS, (4, 1), key="sappers", facing=WEST)
    inside = piece(infantry(), (3, 1), key="inside", owner="b")
    state = game(sappers, inside, ruleset=ruleset)
    turn = Turn(state, LoadedDice([6, 6, 1, 5, 6]), Phase.ACTIVATION)
    step = Path((Position(((4, 1),), WEST), Position(((3, 1),), WEST)), 1)
    turn.perform("sappers", AssaultAction(step, "inside"))
    return state, turn


@pytest.mark.rule("destruction")
def test_an_assault_on_a_unit_in_a_structure_rolls_the_attackers_destruction_after_it() -> None:
    # HoN core p.22: "targeted ... during a Firing Action or an Assault".
    state, turn = _assault(HON)
    (assault,) = [e for e in turn.events if isinstance(e, AssaultEvent)]
    assert assault.outcome == AssaultOutcome.WIN.value
    (rolled,) = [e for e in turn.events if isinstance(e, DestructionEvent)]
    assert rolled.structure == "house" and rolled.points == 2
    assert turn.events.index(rolled) > turn.events.index(assault)
    assert state.ruined == ["house"]


@pytest.mark.rule("destruction")
def test_son_rolls_destruction_only_when_firing() -> None:
    # SoN p.17: "Every time they fire at a structure directly or at a unit within the structure".
    state, turn = _assault(SON)
    assert not [e for e in turn.events if isinstance(e, DestructionEvent)] and not state.ruined


@pytest.mark.rule("destruction", "explosion-templates")
def test_structures_under_a_template_take_the_firers_destruction_dice() -> None:
    # HoN core p.23: "Units and Structures under the Template, even partially, are affected".
    mortar = infantry(combat=3, abilities=["howitzer", {"destruction": 1}], name="Mortar", unit_id="mortar")
    state = game(piece(mortar, (6, 4), key="mortar"))
    turn = Turn(state, LoadedDice([5]), Phase.ACTIVATION)
    turn.perform("mortar", TemplateFire((4, 3)))  # the squares (3,2), (4,2), (3,3), (4,3): one of the house's
    (rolled,) = [e for e in turn.events if isinstance(e, DestructionEvent)]
    assert rolled.structure == "house" and rolled.points == 1 and state.structure_points == {"house": 1}


@pytest.mark.rule("destruction")
def test_the_policy_fires_at_the_building_enemies_hold_when_it_has_no_shot() -> None:
    gun = infantry(combat=2, abilities=[{"destruction": 2}], name="Gun", unit_id="gun")
    sappers = piece(gun, (5, 2), key="sappers")
    inside = piece(infantry(), (2, 1), key="inside", owner="b")
    state = game(sappers, inside)
    assert SimplePolicy().activate(state, sappers) == Demolish("house", None)
    empty = game(sappers)
    assert not isinstance(SimplePolicy().activate(empty, sappers), Demolish)
    outside = game(sappers, replace(inside, squares=((0, 4),)))  # in the open: it is shot at instead
    assert not isinstance(SimplePolicy().activate(outside, sappers), Demolish)
    assert demolition_dice(state, sappers, "house", None, Occupancy(state.pieces.values())) == 2


@pytest.mark.rule("son-destruction", "son-structure")
def test_son_fires_at_a_structure_directly() -> None:
    # SoN p.17: "Every time they fire at a structure directly ... place a Destruction marker";
    # SoN p.11: at its value it turns to its ruin side (or a wreck is removed).
    state = game(piece(SAPPERS, (5, 2), key="sappers"), ruleset=SON)
    turn = Turn(state, LoadedDice([6, 4]), Phase.ACTIVATION)
    turn.perform("sappers", Demolish("house"))
    (rolled,) = [e for e in turn.events if isinstance(e, DestructionEvent)]
    assert rolled.page == "SoN p.17" and state.ruined == ["house"]


@pytest.mark.rule("veteran")
def test_a_veteran_marker_rerolls_a_destruction_roll() -> None:
    # HoN core p.30, "any roll": no 4+ on two dice, rerolled to 5 and 6, the house falls.
    state = game(piece(SAPPERS, (5, 2), key="sappers"))
    veterans = pool(state, "veteran", 1)
    turn = Turn(state, LoadedDice([1, 2, 5, 6]), Phase.ACTIVATION, POLICIES)
    turn.perform("sappers", Demolish("house"))
    assert veterans.count == 0 and state.ruined == ["house"]
    (spent,) = [e for e in turn.events if isinstance(e, GearEvent)]
    assert (spent.use, spent.roll, spent.faces) == (GearUse.VETERAN_ROLL, "destruction", (1, 2))


@pytest.mark.rule("destruction")
def test_a_panzerfaust_fired_at_the_building_rolls_its_destruction_2() -> None:
    # HoN core p.22: "targeted by gear ... with this special ability"; p.28: "Panzerfausts have
    # the Destruction 2 special ability", max range 4 squares.
    rifles = piece(infantry(), (5, 2), key="rifles")
    state = game(rifles)
    fausts = pool(state, "panzerfaust", 1)
    turn = Turn(state, LoadedDice([6, 5]), Phase.ACTIVATION)
    turn.perform("rifles", Demolish("house", marker="panzerfaust"))
    assert fausts.count == 0 and state.ruined == ["house"]
    (rolled,) = [e for e in turn.events if isinstance(e, DestructionEvent)]
    assert rolled.marker == "panzerfaust" and rolled.points == 2
    unarmed = game(piece(infantry(), (5, 2), key="rifles"))
    assert demolition_dice(unarmed, unarmed.pieces["rifles"], "house", marker="panzerfaust") == 0  # no marker
    with pytest.raises(IllegalAttack):
        Turn(unarmed, LoadedDice([6, 6]), Phase.ACTIVATION).perform("rifles", Demolish("house", marker="panzerfaust"))
    assert demolition_dice(unarmed, unarmed.pieces["rifles"], "house", marker="grenade") == 0  # not a shot
