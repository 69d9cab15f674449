"""Gear markers in play (HoN core p.28-31; BfC p.08-09): carried on their option, counted,
spent by the units of its tile, each once; and what each firing, rerolling, shielding and
moving marker does. The firing markers' combat values are hon's examples (the books print
them on the markers' backs); ranges, Destruction and Indirect Fire are the books'."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path as FilePath

import pytest

from builder.heroes.army.resolve import resolve
from builder.heroes.catalogue.units import Role, Unit, UnitType
from builder.heroes.rules.actions import AssaultAction, Fire, Move, Snipe
from builder.heroes.rules.activation import Turn
from builder.heroes.rules.combat import IllegalAttack, aim
from builder.heroes.rules.events import FireEvent, GearEvent, Phase, TemplateEvent
from builder.heroes.rules.gear import GEAR_WEAPONS, GearFire, GearMove, GearThrow, GrenadeInto, recce_ammo_bonus
from builder.heroes.rules.gear_firing import gear_shot
from builder.heroes.rules.gear_moving import gear_reach
from builder.heroes.rules.movement import Path, Position
from builder.heroes.rules.orders import Orders
from builder.heroes.rules.pieces import EAST, NORTH, Piece
from builder.heroes.rules.policy import SimplePolicy
from builder.heroes.rules.state import GameState, GearPool, gear_pools
from builder.heroes.rules.turn import supply_phase
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import load_scenario
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import JEEP, SNIPERS, element, field, piece, unit
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry, tank

OPEN = "\n".join(["........"] * 5)
WIDE = "\n".join(["............"] * 5)
POLICIES = {"a": SimplePolicy(), "b": SimplePolicy()}
OFFICER: Unit = infantry(name="Lieutenant", unit_id="lieutenant").model_copy(update={"role": Role.OFFICER})


def pool(
    state: GameState, marker: str, count: int, *limits: str, side: str = "a", group: str | None = None
) -> GearPool:
    found = GearPool(side, marker, count, group, tuple(limits), f"{marker} option")
    state.gear.append(found)
    return found


def east(start: tuple[int, int], steps: int) -> Path:
    return Path(tuple(Position(((start[0] + i, start[1]),), EAST) for i in range(steps + 1)), steps)


def gear_events(turn: Turn) -> list[GearEvent]:
    return [e for e in turn.events if isinstance(e, GearEvent)]


def fire_events(turn: Turn) -> list[FireEvent]:
    return [e for e in turn.events if isinstance(e, FireEvent)]


# --- Carried, counted, spent (HoN core p.28) -------------------------------------------------


def test_a_panzerfaust_is_an_alternate_firing_action_with_the_markers_values() -> None:
    """HoN core p.28: "This option gives you 3 Panzerfaust markers. A Panzerfaust's max range
    is 4 squares"; its values (example: X / 4 / 5) replace the unit's, whose X against heavy
    vehicles does not matter; the tank is struck on its side (7): 3 + 5 = 8, a hit."""
    firer, target = piece("a1", (2, 1)), piece("b1", ((6, 1), (6, 2)), "b", tank(), facing=NORTH)
    state = game(OPEN, [firer, target])
    panzerfausts = pool(state, "panzerfaust", 3, "infantry")
    turn = Turn(state, LoadedDice([3, 4]), Phase.ACTIVATION)
    turn.perform("a1", GearFire("panzerfaust", "b1"))
    (spent,) = gear_events(turn)
    assert (spent.marker, spent.unit, spent.spent, spent.left) == ("panzerfaust", "a1", 1, 2)
    assert "(HoN core p.28)" in spent.text
    (fired,) = fire_events(turn)
    labels = {m.label: m.value for m in fired.rolls[0].modifiers}
    assert labels == {"Combat value vs heavy": 5}
    assert fired.defense == 7 and fired.rolls[0].total == 8 and fired.outcome == "hit"
    assert fired.text.startswith("Panzerfaust (HoN core p.28): ")
    assert panzerfausts.count == 2


def test_a_panzerfaust_reaches_4_squares_not_infantry_and_has_destruction_2() -> None:
    firer = piece("a1", (1, 1))
    near, far = piece("b1", (5, 1), "b", JEEP), piece("b2", (6, 3), "b", JEEP)
    rifles = piece("b3", (2, 1), "b")
    state = game(OPEN, [firer, near, far, rifles])
    pool(state, "panzerfaust", 3, "infantry")
    weapon = GEAR_WEAPONS["panzerfaust"]
    shot = gear_shot(state, firer, near, weapon)
    assert shot is not None and shot.range == 4 and shot.combat == 4
    assert aim(replace(shot, structure=3)).destruction == 2  # "Destruction 2" (HoN core p.28)
    assert gear_shot(state, firer, far, weapon) is None  # 5 squares
    assert gear_shot(state, firer, rifles, weapon) is None  # X against infantry
    for target in ("b2", "b3"):
        with pytest.raises(IllegalAttack, match="Panzerfaust"):
            Turn(state, LoadedDice([3]), Phase.ACTIVATION).perform("a1", GearFire("panzerfaust", target))


def test_each_marker_is_used_once_and_a_unit_without_one_cannot() -> None:
    """HoN core p.28: "Each marker can be used once during the game … Once the markers run out,
    you can no longer use the Gear Option"; only the units of its tile use it."""
    firer, other = replace(piece("a1", (1, 1)), group="tiles[1]"), replace(piece("a2", (1, 3)), group="tiles[2]")
    target = piece("b1", (3, 2), "b", JEEP)
    state = game(OPEN, [firer, other, target])
    piats = pool(state, "piat", 1, "infantry", group="tiles[1]")
    with pytest.raises(IllegalAttack, match="no piat marker"):
        Turn(state, LoadedDice([1]), Phase.ACTIVATION).perform("a2", GearFire("piat", "b1"))
    Turn(state, LoadedDice([1]), Phase.ACTIVATION).perform("a1", GearFire("piat", "b1"))
    assert piats.count == 0
    with pytest.raises(IllegalAttack, match="no piat marker"):
        Turn(state, LoadedDice([1]), Phase.ACTIVATION).perform("a1", GearFire("piat", "b1"))


def test_a_piat_reaches_5_squares_with_destruction() -> None:
    """BfC p.08: "The maximum range of a Piat is 5 squares … Piat has the Destruction Special Ability"."""
    firer = piece("a1", (0, 1))
    state = game(WIDE, [firer, piece("b1", (5, 1), "b", JEEP), piece("b2", (6, 1), "b", JEEP)])
    weapon = GEAR_WEAPONS["piat"]
    shot = gear_shot(state, firer, state.pieces["b1"], weapon)
    assert shot is not None and shot.range == 5 and aim(replace(shot, structure=3)).destruction == 1
    assert gear_shot(state, firer, state.pieces["b2"], weapon) is None


def test_a_bazooka_is_for_characters_and_works_like_the_bazooka_team() -> None:
    """HoN core p.31: Bazooka, "Restricted to Characters"; it "works like the units with the
    same name" (the catalogue's Bazooka Team: range 5, light and heavy 3, Destruction)."""
    officer, rifles = piece("a1", (1, 1), kind=OFFICER), piece("a2", (1, 3))
    state = game(OPEN, [officer, rifles, piece("b1", (4, 2), "b", JEEP)])
    bazookas = pool(state, "bazooka", 2, "characters")
    with pytest.raises(IllegalAttack, match="no bazooka marker"):
        Turn(state, LoadedDice([6]), Phase.ACTIVATION).perform("a2", GearFire("bazooka", "b1"))
    turn = Turn(state, LoadedDice([2]), Phase.ACTIVATION)
    turn.perform("a1", GearFire("bazooka", "b1"))
    (fired,) = fire_events(turn)
    assert fired.rolls[0].total == 5 and fired.outcome == "hit" and bazookas.count == 1  # 2 + 3 against 4


# --- Sticky Bomb and Magnetic Mine (HoN core p.29) -----------------------------------------------


def test_a_sticky_bomb_is_put_at_1_square_and_explodes_at_the_end_of_the_supply_phase() -> None:
    """HoN core p.29: "A Sticky Bomb or Magnetic Mine's max range is 1 square … The explosion
    happens at the end of the Supply Phase and has no area of effect." No die is rolled when it
    is put; it explodes on its unit alone: 4 + 4 against the jeep's 4 is a double hit."""
    firer = piece("a1", (1, 1))
    state = game(
        OPEN, [firer, piece("b1", (2, 1), "b", JEEP), piece("b2", (2, 2), "b"), piece("b3", (4, 1), "b", JEEP)]
    )
    bombs = pool(state, "sticky-bomb", 3, "infantry")
    with pytest.raises(IllegalAttack, match="Sticky Bomb"):
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearFire("sticky-bomb", "b3"))  # 3 squares
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", GearFire("sticky-bomb", "b1"))
    assert [e.kind for e in turn.events] == ["gear"] and bombs.count == 2 and len(state.bombs) == 1
    supply = Turn(state, LoadedDice([4]), Phase.SUPPLY)
    supply.explode_bombs()
    (fired,) = fire_events(supply)
    assert fired.target == "b1" and fired.rolls[0].total == 8 and fired.outcome == "double"
    assert "b1" not in state.pieces and "b2" in state.pieces and not state.bombs  # no area of effect
    assert fired.text.startswith("The Sticky Bomb on Jeep explodes (HoN core p.29): ")


def test_a_magnetic_mine_goes_off_in_the_supply_phase_of_the_turn() -> None:
    state = game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 1), "b", JEEP)])
    pool(state, "magnetic-mine", 1, "infantry")
    Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearFire("magnetic-mine", "b1"))
    orders = {side: Orders(side, (), (), ()) for side in ("a", "b")}
    frames = supply_phase(state, orders, POLICIES, LoadedDice([1] * 20))
    kinds = [f.event.kind for f in frames]
    assert "fire" in kinds and not state.bombs


# --- Grenade and Rifle Grenade (HoN core p.29) -----------------------------------------------------


def test_a_grenade_is_thrown_2_interspaces_every_unit_under_it_attacked() -> None:
    """HoN core p.29: "A grenade's max range is 2 Interspaces … Use the Combat Values of the
    Grenade marker … There is never any scattering. Units even partially under the Template are
    affected. Resolve every attack individually." Values (example): 3 against infantry."""
    thrower = piece("a1", (1, 1))
    state = game(OPEN, [thrower, piece("b1", (2, 2), "b"), piece("b2", (3, 2), "b"), piece("b3", (3, 3), "b")])
    grenades = pool(state, "grenade", 3, "infantry")
    with pytest.raises(IllegalAttack, match="interspaces"):
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearThrow("grenade", (4, 4)))
    turn = Turn(state, LoadedDice([1, 4, 6]), Phase.ACTIVATION)
    turn.perform("a1", GearThrow("grenade", (3, 3)))
    spent, template = turn.events[0], turn.events[1]
    assert isinstance(spent, GearEvent) and spent.marker == "grenade" and grenades.count == 2
    assert isinstance(template, TemplateEvent) and template.lands == (3, 3) and not template.rolls
    totals = {e.target: e.rolls[0].total for e in fire_events(turn)}
    assert totals == {"b1": 4, "b2": 7, "b3": 9}  # 1 + 3, 4 + 3, 6 + 3 against 4 each


def test_a_rifle_grenade_reaches_7_interspaces_and_scatters_without_a_clear_sight() -> None:
    """HoN core p.29: "A Rifle Grenade's max range is 7 Interspaces … Rifle Grenades have the
    Indirect Fire special ability": seen clearly it lands where aimed (p.23), else it scatters."""
    board = "\n".join(["....#.......", "....#.......", "....#.......", "............", "............"])
    thrower = piece("a1", (0, 1))
    state = game(board, [thrower, piece("b1", (6, 1), "b"), piece("b2", (6, 3), "b")])
    rifle_grenades = pool(state, "rifle-grenade", 3, "infantry")
    with pytest.raises(IllegalAttack, match="interspaces"):
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearThrow("rifle-grenade", (8, 2)))
    hidden = Turn(state, LoadedDice([5, 3]), Phase.ACTIVATION)  # behind the rocks: 5 on target
    hidden.perform("a1", GearThrow("rifle-grenade", (7, 2)))
    (laid,) = [e for e in hidden.events if isinstance(e, TemplateEvent)]
    assert len(laid.rolls) == 1 and laid.rolls[0].kind == "scatter" and laid.lands == (7, 2)
    seen = Turn(state, LoadedDice([3]), Phase.ACTIVATION)
    seen.perform("a1", GearThrow("rifle-grenade", (7, 4)))
    (laid,) = [e for e in seen.events if isinstance(e, TemplateEvent)]
    assert not laid.rolls and rifle_grenades.count == 1


# --- Veteran (HoN core p.30), Life Point and Recce Gear (BfC p.09) --------------------------------


def test_a_veteran_marker_rerolls_a_miss_and_the_new_result_stands() -> None:
    """HoN core p.30: "Each marker enables you to reroll any roll, yours or your opponent's …
    You must keep the new result." 1 + 2 misses the 4; the reroll, 6 + 2, is a double hit."""
    state = game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 1), "b")])
    veterans = pool(state, "veteran", 3)
    turn = Turn(state, LoadedDice([1, 6]), Phase.ACTIVATION, POLICIES)
    turn.perform("a1", Fire(((None, "b1"),)))
    (spent,) = gear_events(turn)
    assert spent.marker == "veteran" and veterans.count == 2 and "HoN core p.30" in spent.text
    (fired,) = fire_events(turn)
    assert fired.rolls[0].total == 8 and fired.outcome == "double" and "b1" not in state.pieces


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
    assert gear_events(turn)[0].text.endswith("+2 Defensive Bonus (BfC p.09).")


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
    with pytest.raises(IllegalAttack, match="Recce Ammo"):
        Turn(state, LoadedDice([1]), Phase.ACTIVATION).perform("a2", Fire(((None, "b1"),), recce_ammo=1))
    assert recce_ammo_bonus(2, piece("t", ((5, 1), (5, 2)), "b", tank()))[0].value == 2  # +1 each, heavy


# --- Fuel and the Tactical Map (BfC p.09) ------------------------------------------------------------


def test_fuel_adds_2_squares_to_a_vehicles_movement_per_marker() -> None:
    """BfC p.09: "Each Fuel marker increases the Movement Value of a vehicle by 2 squares": the
    jeep's 6 becomes 8, not 9."""
    jeep = piece("a1", (0, 1), kind=JEEP, facing=EAST)
    state = game(WIDE, [jeep])
    fuel = pool(state, "fuel", 2, "light-vehicles")
    with pytest.raises(ValueError, match="cannot reach"):
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearMove(Move(east((0, 1), 9)), fuel=1))
    assert fuel.count == 2  # nothing spent on a refused move
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", GearMove(Move(east((0, 1), 8)), fuel=1))
    assert state.pieces["a1"].squares == ((8, 1),) and fuel.count == 1
    assert [e.kind for e in turn.events][:2] == ["gear", "move"]


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
    with pytest.raises(ValueError, match="Tactical Map"):
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a3", GearMove(Move(east((9, 4), 1)), tactical_map=True))


# --- The policy --------------------------------------------------------------------------------------


def test_the_policy_fires_a_panzerfaust_at_a_tank_its_own_values_cannot_touch() -> None:
    state = game(OPEN, [piece("a1", (2, 1)), piece("b1", ((5, 1), (5, 2)), "b", tank(), facing=NORTH)])
    pool(state, "panzerfaust", 3, "infantry")
    firer: Piece = state.pieces["a1"]
    assert SimplePolicy().activate(state, firer) == GearFire("panzerfaust", "b1")


def test_the_policy_throws_a_grenade_into_a_crowd_not_at_a_lone_target_it_can_shoot() -> None:
    crowd = [piece("b1", (2, 2), "b"), piece("b2", (3, 2), "b"), piece("b3", (2, 3), "b"), piece("b4", (3, 3), "b")]
    state = game(OPEN, [piece("a1", (1, 1)), *crowd])
    pool(state, "grenade", 3, "infantry")
    assert SimplePolicy().activate(state, state.pieces["a1"]) == GearThrow("grenade", (3, 3))
    alone = game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 1), "b")])
    pool(alone, "grenade", 3, "infantry")
    assert isinstance(SimplePolicy().activate(alone, alone.pieces["a1"]), Fire)


# --- Passage: the Culin Hedgerow Cutter (HoN core p.28) ------------------------------------------------

HEDGE = "\n".join(["...D........"] * 5)


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
    assert (spent.marker, spent.spent, spent.left) == ("passage", 1, 1) and "HoN core p.28" in spent.text
    assert state.pieces["a1"].squares == ((3, 1), (2, 1)) and cutter.count == 1
    gap, hedge = state.battlefield.effects_at((3, 1)), state.battlefield.effects_at((3, 2))
    assert UnitType.HEAVY_VEHICLE not in gap.impassable and gap.difficult
    assert UnitType.HEAVY_VEHICLE in hedge.impassable


def test_passage_markers_are_for_heavy_vehicles_one_a_hedgerow_square() -> None:
    heavy = piece("a1", ((1, 1), (0, 1)), kind=tank(), facing=EAST)
    state = game(HEDGE, [heavy, piece("a2", (1, 3), kind=JEEP)])
    pool(state, "passage", 2, "heavy-vehicles")
    with pytest.raises(ValueError, match="Passage"):  # a light vehicle may not use them
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a2", GearMove(Move(east((1, 3), 1)), passage=True))
    with pytest.raises(ValueError, match="Passage"):  # no hedgerow on the way: nothing to spend it on
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform(
            "a1",
            GearMove(Move(Path((Position(((1, 1), (0, 1)), EAST), Position(((2, 1), (1, 1)), EAST)), 1)), passage=True),
        )


def test_the_policy_cuts_through_a_hedgerow_between_a_tank_and_its_objective() -> None:
    heavy = piece("a1", ((1, 2), (0, 2)), kind=tank(), facing=EAST)
    state = game(HEDGE, [heavy], objectives=[{"id": "hill", "name": "The hill", "kind": "secondary", "at": [8, 2]}])
    pool(state, "passage", 2, "heavy-vehicles")
    action = SimplePolicy().activate(state, heavy)
    assert isinstance(action, GearMove) and action.passage
    assert action.move.path.destination.squares[0][0] == 3  # into the hedge, the nearest the goal it gets


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


# --- Grenades into buildings and defensive positions (HoN core p.29) -------------------------------

HOUSE = "\n".join(["........", ".BB.....", "........", "........", "........"])


def walled(state: GameState) -> GameState:
    """The house's window faces east, on (2, 1); a trench runs along row 4."""
    trench = element("Trench", [(1, 4), (2, 4), (3, 4), (4, 4)], {"shared_cover": True, "defense": {"infantry": 2}})
    state.battlefield = field(HOUSE, windows=[((2, 1), (3, 1))], extra=[trench])
    return state


def test_a_grenade_goes_into_a_building_by_its_opening_and_every_unit_inside_is_attacked() -> None:
    """HoN core p.29: "To throw a grenade into a building, position the unit on a square adjacent
    to an opening. The building does not provide a Defensive Bonus against such a grenade so all
    units inside are affected." The building's +2 is not added: 1 + 3 and 2 + 3 against 4."""
    state = walled(
        game(HOUSE, [piece("a1", (3, 1)), piece("a2", (0, 0)), piece("b1", (1, 1), "b"), piece("b2", (2, 1), "b")])
    )
    grenades = pool(state, "grenade", 3, "infantry")
    with pytest.raises(IllegalAttack, match="opening"):
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a2", GrenadeInto((1, 1)))
    turn = Turn(state, LoadedDice([1, 2]), Phase.ACTIVATION)
    turn.perform("a1", GrenadeInto((2, 1)))
    shots = fire_events(turn)
    assert {e.target: (e.rolls[0].total, e.defense) for e in shots} == {"b1": (4, 4), "b2": (5, 4)}
    assert grenades.count == 2


def test_a_grenade_goes_onto_a_square_of_a_defensive_position_and_stays_inside_it() -> None:
    """HoN core p.29: a unit adjacent to a defensive position "can throw a grenade inside the element
    and directly onto a square … The explosion is contained inside the Terrain Element … Units
    inside the element do not receive the Defensive Bonus"."""
    pieces = [piece("a1", (2, 3)), piece("b1", (2, 4), "b"), piece("b2", (4, 4), "b")]
    state = walled(game(HOUSE, pieces))
    pool(state, "grenade", 3, "infantry")
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)
    turn.perform("a1", GrenadeInto((2, 4)))
    (shot,) = fire_events(turn)
    assert (shot.target, shot.defense, shot.outcome) == ("b1", 4, "hit")


def test_the_policy_throws_a_grenade_into_a_house_its_shots_cannot_crack() -> None:
    state = walled(game(HOUSE, [piece("a1", (3, 1)), piece("b1", (1, 1), "b"), piece("b2", (2, 1), "b")]))
    pool(state, "grenade", 3, "infantry")
    assert SimplePolicy().activate(state, state.pieces["a1"]) == GrenadeInto((1, 1))


def test_a_concealed_unit_that_throws_a_grenade_turns_over() -> None:
    """HoN core p.21: "A concealed unit that takes a Firing Action turns over onto its Inactive Side"."""
    hidden = piece("a1", (1, 1), kind=SNIPERS)
    state = game(OPEN, [hidden, piece("b1", (2, 2), "b"), piece("b2", (3, 2), "b")])
    pool(state, "grenade", 3, "infantry")
    Turn(state, LoadedDice([1, 1]), Phase.ACTIVATION).perform("a1", GearThrow("grenade", (3, 3)))
    assert hidden.concealed and not state.pieces["a1"].concealed


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
    assert spent.marker == "veteran" and veterans.count == 2 and "assault roll" in spent.text
    (assault,) = [e for e in turn.events if e.kind == "assault"]
    assert assault.rolls[0].dice == (6, 5) and assault.rolls[0].total == 9 and assault.outcome == "win"


def test_an_armys_gear_options_become_markers_at_set_up_chosen_ones_included() -> None:
    """HoN core p.28: "take the number of markers indicated and put them on the Gear Option"; BfC
    p.08: the SS Gear's 3 markers are chosen at the start of the game."""
    scenarios = FilePath(__file__).resolve().parents[3] / "scenarios"
    catalogue = load_catalogue()[0]
    first = load_scenario(scenarios / "hon-first-contact.yaml").armies()
    pools = {(p.marker, p.count, p.source) for p in gear_pools(resolve(first["german"], catalogue), "german")}
    assert ("panzerfaust", 3, "Panzerfaust") in pools and ("veteran", 3, "Veteran") in pools
    welcome = load_scenario(scenarios / "welcome-to-caen-carpiquet.yaml").armies()
    chosen = [p for p in gear_pools(resolve(welcome["german"], catalogue), "german") if p.source == "Gear (SS)"]
    assert sum(p.count for p in chosen) == 3 and all(p.restricted_to == ("infantry",) for p in chosen)


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
    supply.explode_bombs()
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
