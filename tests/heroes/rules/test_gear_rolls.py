"""Gear markers spent on a roll or a move (HoN core p.28-30; BfC p.09): Veteran rerolls, Life
Points, Additional Shielding, the Recce Gear's Ammo and Fuel, the Tactical Map, and the Culin
Hedgerow Cutter's Passage markers."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.actions.kinds import AssaultAction, Fire, Move, Snipe
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.gear import alternate_fire
from builder.heroes.rules.gear.fuel_and_map import gear_reach
from builder.heroes.rules.gear.markers import GearFire, GearMove, GearThrow, recce_ammo_bonus
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.pieces import EAST
from builder.heroes.rules.resolution.combat import FireOutcome, IllegalAttack
from builder.heroes.rules.state import GearPool
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import JEEP, piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry, tank
from tests.heroes.rules.gear_helpers import OFFICER, OPEN, POLICIES, WIDE, east, fire_events, gear_events, pool

HEDGE = "\n".join(["...D........"] * 5)  # a hedge (impassable to vehicles, difficult) down column 3


@pytest.mark.rule("veteran")
def test_a_veteran_marker_rerolls_a_miss_and_the_new_result_stands() -> None:
    """HoN core p.30: "Each marker enables you to reroll any roll, yours or your opponent's …
    You must keep the new result." 1 + 2 misses the 4; the reroll, 6 + 2, is a double hit."""
    state = game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 1), "b")])
    veterans = pool(state, "veteran", 3)
    turn = Turn(state, LoadedDice([1, 6]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Fire(((None, "b1"),)))
    (spent,) = gear_events(turn)
    assert spent.marker == "veteran" and veterans.count == 2 and spent.page == "HoN core p.30"
    assert spent.use is GearUse.VETERAN_FIRE and spent.outcome is FireOutcome.MISS
    (fired,) = fire_events(turn)
    assert fired.rolls[0].total == 8 and fired.outcome == "double" and "b1" not in state.pieces


@pytest.mark.rule("veteran")
def test_a_veteran_marker_rerolls_the_opponents_hit() -> None:
    """The target's side spends its own Veteran marker on the hit it suffers: 4 + 2 hits the 5,
    the reroll (1 + 2) misses. Without a policy to ask, nobody rerolls."""
    target = piece("b1", (2, 1), "b", infantry(defense=5))
    state = game(OPEN, [piece("a1", (1, 1)), target])
    theirs = pool(state, "veteran", 1, side="b")
    turn = Turn(state, LoadedDice([4, 1]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Fire(((None, "b1"),)))
    (fired,) = fire_events(turn)
    assert fired.outcome == "miss" and state.pieces["b1"] == target and theirs.count == 0
    state.gear.append(GearPool("b", "veteran", 1, None, (), "Veteran"))
    Turn(state, LoadedDice([4]), Phase.ACTIVATION).perform("a1", Fire(((None, "b1"),)))
    assert state.pieces["b1"].side_index == 1  # flipped: no reroll asked


@pytest.mark.rule("life-point")
def test_a_life_point_cancels_a_hit_on_a_character_and_a_double_needs_two() -> None:
    """BfC p.09: "Discard one to cancel one Hit the Character just suffered. If the Firing Action
    inflicted a double Hit, you must discard 2 … it suffers one regular Hit per missing marker"."""
    officer = piece("b1", (2, 1), "b", OFFICER)
    state = game(OPEN, [piece("a1", (1, 1)), officer])
    lives = pool(state, "life-point", 1, "characters", side="b")
    turn = Turn(state, LoadedDice([3]), Phase.ACTIVATION)
    turn.perform("a1", Fire(((None, "b1"),)))  # 3 + 2 hits the 4
    assert state.pieces["b1"] == officer and lives.count == 0 and gear_events(turn)[0].marker == "life-point"
    lives.count = 1
    Turn(state, LoadedDice([6]), Phase.ACTIVATION).perform("a1", Fire(((None, "b1"),)))  # 8: a double hit
    assert state.pieces["b1"].side_index == 1 and lives.count == 0  # one marker short: one regular hit


@pytest.mark.rule("additional-shielding")
def test_additional_shielding_adds_2_to_a_vehicles_defense_before_the_roll() -> None:
    """BfC p.09: "Each Additional Shielding marker grants a Vehicle a +2 Defensive Bonus",
    declared before the roll (HoN core p.28). The policy shields when +2 takes a third off the
    chance of a hit (4/6 to 2/6 here): 4 + 1 misses the 6."""
    state = game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 1), "b", JEEP)])
    shields = pool(state, "additional-shielding", 1, "light-vehicles", side="b")
    turn = Turn(state, LoadedDice([4]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Fire(((None, "b1"),)))
    (fired,) = fire_events(turn)
    assert fired.defense == 6 and fired.outcome == "miss" and shields.count == 0
    shielded = gear_events(turn)[0]
    assert (shielded.use, shielded.value, shielded.page) == (GearUse.DEFENSIVE_BONUS, 2, "BfC p.09")


@pytest.mark.rule("recce-ammo")
def test_recce_ammo_gives_2_against_light_vehicles_and_1_against_heavy() -> None:
    """BfC p.09: "Each marker gives you a +2 bonus against Light Vehicles, or +1 against Heavy
    Vehicles"; the Recce Gear is restricted to Light Vehicles."""
    jeep = piece("a1", (1, 1), kind=JEEP)
    state = game(OPEN, [jeep, piece("a2", (1, 3)), piece("b1", (3, 1), "b", JEEP)])
    ammo = pool(state, "recce-ammo", 3, "light-vehicles")
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)
    turn.perform("a1", Fire(((None, "b1"),), recce_ammo=1))
    labels = {m.label: m.value for m in fire_events(turn)[0].rolls[0].modifiers}
    assert labels["Ammo (Recce Gear) x1"] == 2 and ammo.count == 2
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([1]), Phase.ACTIVATION).perform("a2", Fire(((None, "b1"),), recce_ammo=1))
    assert caught.value.code is Code.NO_MARKER
    assert recce_ammo_bonus(2, piece("t", ((5, 1), (5, 2)), "b", tank()))[0].value == 2  # +1 each, heavy


@pytest.mark.rule("fuel")
def test_fuel_adds_2_squares_to_a_vehicles_movement_per_marker() -> None:
    """BfC p.09: "Each Fuel marker increases the Movement Value of a vehicle by 2 squares": the
    jeep's 6 becomes 8, not 9."""
    jeep = piece("a1", (0, 1), kind=JEEP, facing=EAST)
    state = game(WIDE, [jeep])
    fuel = pool(state, "fuel", 2, "light-vehicles")
    with pytest.raises(RulesError) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearMove(Move(east((0, 1), 9)), fuel=1))
    assert caught.value.code is Code.MAY_NOT_USE_GEAR
    assert fuel.count == 2  # nothing spent on a refused move
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", GearMove(Move(east((0, 1), 8)), fuel=1))
    assert state.pieces["a1"].squares == ((8, 1),) and fuel.count == 1
    assert [e.kind for e in turn.events][:2] == ["gear", "move"]


@pytest.mark.rule("tactical-map")
def test_a_tactical_map_lets_a_unit_within_3_squares_of_its_character_ignore_difficult_passages() -> None:
    """BfC p.09: "At the start of the Movement Action of a character (or any of your units within
    3 squares of that character), discard 1 marker to ignore any Difficult Passage for that action"."""
    board = "\n".join(["..D........."] * 5)
    rifles, officer = piece("a1", (0, 1), facing=EAST), piece("a2", (0, 4), kind=OFFICER)
    state = game(board, [rifles, officer, piece("a3", (9, 4))])
    maps = pool(state, "tactical-map", 3, "characters")
    assert not any(p.squares == ((4, 1),) for p in gear_reach(state, rifles, 0, False))  # it stops in the hedge
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", GearMove(Move(east((0, 1), 4)), tactical_map=True))
    assert state.pieces["a1"].squares == ((4, 1),) and maps.count == 2
    assert gear_events(turn)[0].unit == "a2"  # the Character's marker
    with pytest.raises(RulesError) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a3", GearMove(Move(east((9, 4), 1)), tactical_map=True))
    assert caught.value.code is Code.MAY_NOT_USE_GEAR


@pytest.mark.rule("passage")
def test_a_passage_marker_lets_a_heavy_vehicle_through_a_hedgerow_and_stays_there() -> None:
    """HoN core p.28: "During a Heavy Vehicle's Movement Action, you may move it through a
    hedgerow and put a Passage marker on the square the vehicle moves through." hon's reading:
    the gap stays open to heavy vehicles, still a Difficult Passage (the tank stops in it)."""
    heavy = piece("a1", ((1, 1), (0, 1)), kind=tank(), facing=EAST)
    state = game(HEDGE, [heavy])
    cutter = pool(state, "passage", 2, "heavy-vehicles")
    assert not any(p.squares[0] == (3, 1) for p in gear_reach(state, heavy, 0, False))  # the hedge bars it
    reach = gear_reach(state, heavy, 0, False, passage=True)
    through = next(p for p in reach if p.squares == ((3, 1), (2, 1)))
    assert not any(p.squares[0][0] > 3 for p in reach)  # a Difficult Passage: it stops in the hedge
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", GearMove(Move(reach[through]), passage=True))
    (spent,) = gear_events(turn)
    assert (spent.marker, spent.spent, spent.left) == ("passage", 1, 1) and spent.page == "HoN core p.28"
    assert spent.use is GearUse.HEDGEROW and spent.at == (through.squares[0],)
    assert state.pieces["a1"].squares == ((3, 1), (2, 1)) and cutter.count == 1
    gap, hedge = state.battlefield.effects_at((3, 1)), state.battlefield.effects_at((3, 2))
    assert UnitType.HEAVY_VEHICLE not in gap.impassable and gap.difficult
    assert UnitType.HEAVY_VEHICLE in hedge.impassable


@pytest.mark.rule("passage")
def test_passage_markers_are_for_heavy_vehicles_one_a_hedgerow_square() -> None:
    heavy = piece("a1", ((1, 1), (0, 1)), kind=tank(), facing=EAST)
    state = game(HEDGE, [heavy, piece("a2", (1, 3), kind=JEEP)])
    pool(state, "passage", 2, "heavy-vehicles")
    with pytest.raises(RulesError) as caught:  # a light vehicle may not use them
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a2", GearMove(Move(east((1, 3), 1)), passage=True))
    assert caught.value.code is Code.MAY_NOT_USE_GEAR
    with pytest.raises(RulesError) as caught:  # no hedgerow on the way: nothing to spend it on
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform(
            "a1",
            GearMove(Move(Path((Position(((1, 1), (0, 1)), EAST), Position(((2, 1), (1, 1)), EAST)), 1)), passage=True),
        )
    assert caught.value.code is Code.MAY_NOT_USE_GEAR


@pytest.mark.rule("passage")
def test_the_policy_cuts_through_a_hedgerow_between_a_tank_and_its_objective() -> None:
    heavy = piece("a1", ((1, 2), (0, 2)), kind=tank(), facing=EAST)
    state = game(HEDGE, [heavy], objectives=[{"id": "hill", "name": "The hill", "kind": "secondary", "at": [8, 2]}])
    pool(state, "passage", 2, "heavy-vehicles")
    action = SimplePolicy().activate(state, heavy)
    assert isinstance(action, GearMove) and action.passage
    assert action.move.path.destination.squares[0][0] == 3  # into the hedge, the nearest the goal it gets


@pytest.mark.rule("life-point")
def test_a_life_point_cancels_a_grenades_hit_on_a_character() -> None:
    """BfC p.09: the Life Point cancels "one Hit the Character just suffered", from a template too."""
    officer = piece("b1", (2, 2), "b", OFFICER)
    state = game(OPEN, [piece("a1", (1, 1)), officer])
    pool(state, "grenade", 1, "infantry")
    lives = pool(state, "life-point", 1, "characters", side="b")
    turn = Turn(state, LoadedDice([2]), Phase.ACTIVATION)
    turn.perform("a1", GearThrow("grenade", (3, 3)))  # 2 + 3 hits the 4
    assert state.pieces["b1"] == officer and lives.count == 0
    assert [e.marker for e in gear_events(turn)] == ["grenade", "life-point"]


@pytest.mark.rule("fuel", "tactical-map")
def test_the_policy_spends_fuel_to_reach_an_objective_and_a_map_to_cross_a_hedge() -> None:
    """The fewest Fuel markers that bring a vehicle onto its goal (BfC p.09); a Tactical Map when
    ignoring the hedge brings a unit 2 squares nearer."""
    hill = [{"id": "hill", "name": "The hill", "kind": "secondary", "at": [8, 1]}]
    jeep = piece("a1", (0, 1), kind=JEEP, facing=EAST)
    state = game(WIDE, [jeep], objectives=hill)
    pool(state, "fuel", 2, "light-vehicles")
    action = SimplePolicy().activate(state, jeep)
    assert isinstance(action, GearMove) and action.fuel == 1 and action.move.path.destination.squares == ((8, 1),)
    rifles, officer = piece("a1", (1, 1), facing=EAST), piece("a2", (1, 2), kind=OFFICER)
    hedged = game(HEDGE, [rifles, officer], objectives=[{**hill[0], "at": [6, 1]}])
    pool(hedged, "tactical-map", 3, "characters")
    action = SimplePolicy().activate(hedged, rifles)
    assert isinstance(action, GearMove) and action.tactical_map and action.move.path.destination.squares[0][0] == 5


@pytest.mark.rule("veteran")
def test_a_veteran_marker_rerolls_a_lost_assault_roll() -> None:
    """HoN core p.30, "reroll any roll": the attacker's best of 3 and 1 (+3) loses to the
    defender's 5 (+2); rerolled, 6 and 5 win (a 5 or 6 on either die wins: 5 in 9)."""
    attacker, defender = (
        piece("a1", (2, 1), kind=unit("stormers", abilities=[{"id": "assault", "value": 1}])),
        piece("b1", (3, 1), "b"),
    )
    state = game(OPEN, [attacker, defender])
    veterans = pool(state, "veteran", 3)
    step = Path((Position(((2, 1),), EAST), Position(((3, 1),), EAST)), 1)
    turn = Turn(state, LoadedDice([3, 1, 5, 6, 5, 1, 1, 1]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", AssaultAction(step, "b1"))
    (spent,) = gear_events(turn)
    assert spent.marker == "veteran" and veterans.count == 2 and spent.use is GearUse.VETERAN_ASSAULT
    (assault,) = [e for e in turn.events if e.kind == "assault"]
    assert assault.rolls[0].dice == (6, 5) and assault.rolls[0].total == 9 and assault.outcome == "win"


@pytest.mark.rule("additional-shielding")
def test_additional_shielding_holds_against_a_grenade_a_bomb_and_an_assault() -> None:
    """BfC p.09's +2 Defensive Bonus, declared before each roll (HoN core p.28): under a grenade
    (1 + 4 misses the jeep's 4 + 2), against a Sticky Bomb, and on its assault result."""
    state = game(OPEN, [piece("a1", (1, 1)), piece("b1", (3, 2), "b", JEEP)])
    pool(state, "grenade", 1, "infantry")
    shields = pool(state, "additional-shielding", 3, "light-vehicles", side="b")
    turn = Turn(state, LoadedDice([4]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", GearThrow("grenade", (3, 3)))
    (shot,) = fire_events(turn)
    assert shot.defense == 6 and shot.outcome == "miss" and shields.count == 2
    pool(state, "sticky-bomb", 1, "infantry")
    state.pieces["a1"] = piece("a1", (2, 2))
    Turn(state, LoadedDice([]), Phase.ACTIVATION, POLICIES).perform("a1", GearFire("sticky-bomb", "b1"))
    supply = Turn(state, LoadedDice([1]), Phase.SUPPLY, POLICIES)
    alternate_fire.explode_bombs(supply)
    (blast,) = fire_events(supply)
    assert blast.defense == 6 and blast.outcome == "miss" and shields.count == 1  # 1 + 4 against 6
    stormer = piece("a1", (2, 2), kind=unit("stormers", abilities=[{"id": "assault", "value": 1}]))
    state.pieces["a1"] = stormer
    step = Path((Position(((2, 2),), EAST), Position(((3, 2),), EAST)), 1)
    turn = Turn(state, LoadedDice([3, 3, 3, 1, 1, 1]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", AssaultAction(step, "b1"))
    (assault,) = [e for e in turn.events if e.kind == "assault"]
    assert any(m.label == "Additional Shielding" and m.value == 2 for m in assault.rolls[1].modifiers)
    assert shields.count == 0


@pytest.mark.rule("life-point")
def test_a_life_point_cancels_the_snipers_hit_and_its_suppressed_marker_stays() -> None:
    """BfC p.09 against the Sniper's table (HoN core p.24): 6, a hit and a Suppressed marker;
    the Life Point cancels the hit, the officer keeps the marker."""
    sniper = piece("a1", (1, 1), kind=unit("sharpshooter", abilities=["sniper"]))
    officer = piece("b1", (5, 1), "b", OFFICER)
    state = game(OPEN, [sniper, officer])
    lives = pool(state, "life-point", 1, "characters", side="b")
    turn = Turn(state, LoadedDice([6]), Phase.ACTIVATION)
    turn.perform("a1", Snipe("b1"))
    after = state.pieces["b1"]
    assert after.side_index == 0 and after.suppressed == 1 and lives.count == 0


@pytest.mark.rule("life-point")
def test_a_life_point_cancels_an_assaults_hit_and_the_character_still_falls_back() -> None:
    """BfC p.09 in an assault (HoN core p.25-26): 6 + 3 beats 1 + 2; the officer's hit is
    cancelled, and as the loser it retreats from the square the attacker takes."""
    stormer = piece("a1", (2, 1), kind=unit("stormers", abilities=[{"id": "assault", "value": 1}]))
    officer = piece("b1", (3, 1), "b", OFFICER)
    state = game(OPEN, [stormer, officer])
    lives = pool(state, "life-point", 1, "characters", side="b")
    step = Path((Position(((2, 1),), EAST), Position(((3, 1),), EAST)), 1)
    turn = Turn(state, LoadedDice([6, 6, 1, 1, 1, 1]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", AssaultAction(step, "b1"))
    (assault,) = [e for e in turn.events if e.kind == "assault"]
    assert assault.outcome == "win" and lives.count == 0
    after = state.pieces["b1"]
    assert after.side_index == 0 and after.squares != ((3, 1),) and state.pieces["a1"].squares == ((3, 1),)


@pytest.mark.rule("veteran")
def test_a_veteran_marker_rerolls_a_templates_attack() -> None:
    """ "Any roll" (HoN core p.30): the unit under a grenade rerolls the hit it suffers (2 + 3
    hits the 5: a miss is likelier than a double), and the reroll (1 + 3) misses."""
    target = piece("b1", (2, 2), "b", infantry(defense=5))
    state = game(OPEN, [piece("a1", (1, 1)), target])
    pool(state, "grenade", 1, "infantry")
    theirs = pool(state, "veteran", 1, side="b")
    turn = Turn(state, LoadedDice([2, 1]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", GearThrow("grenade", (3, 3)))
    (shot,) = fire_events(turn)
    assert shot.outcome == "miss" and state.pieces["b1"] == target and theirs.count == 0
