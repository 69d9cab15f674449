"""Gear markers in play (HoN core p.28-31; BfC p.08-09): carried on their option, counted,
spent by the units of its tile, each once; and the firing markers' Alternate Firing Actions.
Their combat values are hon's examples (the books print them on the markers' backs); ranges,
Destruction and Indirect Fire are the books'."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path as FilePath

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.army.resolve import resolve
from builder.heroes.rules.actions.kinds import Fire
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.combat import FiredBy, GearUse
from builder.heroes.rules.events.game import GearEvent, Phase, TemplateEvent
from builder.heroes.rules.gear import alternate_fire
from builder.heroes.rules.gear.alternate_fire import gear_shot
from builder.heroes.rules.gear.markers import GEAR_WEAPONS, GearFire, GearThrow, GrenadeInto
from builder.heroes.rules.orders.tokens import Orders
from builder.heroes.rules.pieces import NORTH, Piece
from builder.heroes.rules.resolution.combat import IllegalAttack, aim
from builder.heroes.rules.state import GameState, gear_pools
from builder.heroes.rules.turn import supply_phase
from builder.heroes.rules.turn_context import Turn
from builder.io.catalogue_files import load_catalogue
from builder.io.scenario_files import load_scenario
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import JEEP, SNIPERS, element, field, piece
from tests.fixtures.rules.games import game
from tests.heroes.rules import tank
from tests.heroes.rules.gear_helpers import OFFICER, OPEN, POLICIES, WIDE, fire_events, gear_events, pool

# --- Carried, counted, spent (HoN core p.28) -------------------------------------------------


@pytest.mark.rule("panzerfaust", "gear-markers")
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
    assert (spent.use, spent.target, spent.page) == (GearUse.ALTERNATE_FIRE, "b1", "HoN core p.28")
    (fired,) = fire_events(turn)
    labels = {m.label: m.value for m in fired.rolls[0].modifiers}
    assert labels == {"Combat value vs heavy": 5}
    assert fired.defense == 7 and fired.rolls[0].total == 8 and fired.outcome == "hit"
    assert (fired.fired_by, fired.marker, fired.by_page) == (FiredBy.GEAR, "panzerfaust", "HoN core p.28")
    assert panzerfausts.count == 2


@pytest.mark.rule("panzerfaust")
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
        with pytest.raises(IllegalAttack) as caught:
            Turn(state, LoadedDice([3]), Phase.ACTIVATION).perform("a1", GearFire("panzerfaust", target))
        assert caught.value.code is Code.NO_SHOT


@pytest.mark.rule("piat", "gear-markers")
def test_each_marker_is_used_once_and_a_unit_without_one_cannot() -> None:
    """HoN core p.28: "Each marker can be used once during the game … Once the markers run out,
    you can no longer use the Gear Option"; only the units of its tile use it."""
    firer, other = replace(piece("a1", (1, 1)), group="tiles[1]"), replace(piece("a2", (1, 3)), group="tiles[2]")
    target = piece("b1", (3, 2), "b", JEEP)
    state = game(OPEN, [firer, other, target])
    piats = pool(state, "piat", 1, "infantry", group="tiles[1]")
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([1]), Phase.ACTIVATION).perform("a2", GearFire("piat", "b1"))
    assert caught.value.code is Code.NO_MARKER
    Turn(state, LoadedDice([1]), Phase.ACTIVATION).perform("a1", GearFire("piat", "b1"))
    assert piats.count == 0
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([1]), Phase.ACTIVATION).perform("a1", GearFire("piat", "b1"))
    assert caught.value.code is Code.NO_MARKER


@pytest.mark.rule("piat")
def test_a_piat_reaches_5_squares_with_destruction() -> None:
    """BfC p.08: "The maximum range of a Piat is 5 squares … Piat has the Destruction Special Ability"."""
    firer = piece("a1", (0, 1))
    state = game(WIDE, [firer, piece("b1", (5, 1), "b", JEEP), piece("b2", (6, 1), "b", JEEP)])
    weapon = GEAR_WEAPONS["piat"]
    shot = gear_shot(state, firer, state.pieces["b1"], weapon)
    assert shot is not None and shot.range == 5 and aim(replace(shot, structure=3)).destruction == 1
    assert gear_shot(state, firer, state.pieces["b2"], weapon) is None


@pytest.mark.rule("bazooka")
def test_a_bazooka_is_for_characters_and_works_like_the_bazooka_team() -> None:
    """HoN core p.31: Bazooka, "Restricted to Characters"; it "works like the units with the
    same name" (the catalogue's Bazooka Team: range 5, light and heavy 3, Destruction)."""
    officer, rifles = piece("a1", (1, 1), kind=OFFICER), piece("a2", (1, 3))
    state = game(OPEN, [officer, rifles, piece("b1", (4, 2), "b", JEEP)])
    bazookas = pool(state, "bazooka", 2, "characters")
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([6]), Phase.ACTIVATION).perform("a2", GearFire("bazooka", "b1"))
    assert caught.value.code is Code.NO_MARKER
    turn = Turn(state, LoadedDice([2]), Phase.ACTIVATION)
    turn.perform("a1", GearFire("bazooka", "b1"))
    (fired,) = fire_events(turn)
    assert fired.rolls[0].total == 5 and fired.outcome == "hit" and bazookas.count == 1  # 2 + 3 against 4


# --- Sticky Bomb and Magnetic Mine (HoN core p.29) -----------------------------------------------


@pytest.mark.rule("sticky-bomb")
def test_a_sticky_bomb_is_put_at_1_square_and_explodes_at_the_end_of_the_supply_phase() -> None:
    """HoN core p.29: "A Sticky Bomb or Magnetic Mine's max range is 1 square … The explosion
    happens at the end of the Supply Phase and has no area of effect." No die is rolled when it
    is put; it explodes on its unit alone: 4 + 4 against the jeep's 4 is a double hit."""
    firer = piece("a1", (1, 1))
    state = game(
        OPEN, [firer, piece("b1", (2, 1), "b", JEEP), piece("b2", (2, 2), "b"), piece("b3", (4, 1), "b", JEEP)]
    )
    bombs = pool(state, "sticky-bomb", 3, "infantry")
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearFire("sticky-bomb", "b3"))  # 3 squares
    assert caught.value.code is Code.NO_SHOT
    turn = Turn(state, LoadedDice([]), Phase.ACTIVATION)
    turn.perform("a1", GearFire("sticky-bomb", "b1"))
    assert [e.kind for e in turn.events] == ["gear"] and bombs.count == 2 and len(state.bombs) == 1
    supply = Turn(state, LoadedDice([4]), Phase.SUPPLY)
    alternate_fire.explode_bombs(supply)
    (fired,) = fire_events(supply)
    assert fired.target == "b1" and fired.rolls[0].total == 8 and fired.outcome == "double"
    assert "b1" not in state.pieces and "b2" in state.pieces and not state.bombs  # no area of effect
    assert (fired.fired_by, fired.marker, fired.by_page) == (FiredBy.BOMB, "sticky-bomb", "HoN core p.29")


@pytest.mark.rule("magnetic-mine")
def test_a_magnetic_mine_goes_off_in_the_supply_phase_of_the_turn() -> None:
    state = game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 1), "b", JEEP)])
    pool(state, "magnetic-mine", 1, "infantry")
    Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearFire("magnetic-mine", "b1"))
    orders = {side: Orders(side, (), (), ()) for side in ("a", "b")}
    frames = supply_phase(state, orders, POLICIES, LoadedDice([1] * 20))
    kinds = [f.event.kind for f in frames]
    assert "fire" in kinds and not state.bombs


# --- Grenade and Rifle Grenade (HoN core p.29) -----------------------------------------------------


@pytest.mark.rule("grenade")
def test_a_grenade_is_thrown_2_interspaces_every_unit_under_it_attacked() -> None:
    """HoN core p.29: "A grenade's max range is 2 Interspaces … Use the Combat Values of the
    Grenade marker … There is never any scattering. Units even partially under the Template are
    affected. Resolve every attack individually." Values (example): 3 against infantry."""
    thrower = piece("a1", (1, 1))
    state = game(OPEN, [thrower, piece("b1", (2, 2), "b"), piece("b2", (3, 2), "b"), piece("b3", (3, 3), "b")])
    grenades = pool(state, "grenade", 3, "infantry")
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearThrow("grenade", (4, 4)))
    assert caught.value.code is Code.OUT_OF_RANGE
    turn = Turn(state, LoadedDice([1, 4, 6]), Phase.ACTIVATION)
    turn.perform("a1", GearThrow("grenade", (3, 3)))
    spent, template = turn.events[0], turn.events[1]
    assert isinstance(spent, GearEvent) and spent.marker == "grenade" and grenades.count == 2
    assert isinstance(template, TemplateEvent) and template.lands == (3, 3) and not template.rolls
    totals = {e.target: e.rolls[0].total for e in fire_events(turn)}
    assert totals == {"b1": 4, "b2": 7, "b3": 9}  # 1 + 3, 4 + 3, 6 + 3 against 4 each


@pytest.mark.rule("rifle-grenade")
def test_a_rifle_grenade_reaches_7_interspaces_and_scatters_without_a_clear_sight() -> None:
    """HoN core p.29: "A Rifle Grenade's max range is 7 Interspaces … Rifle Grenades have the
    Indirect Fire special ability": seen clearly it lands where aimed (p.23), else it scatters."""
    board = "\n".join(["....#.......", "....#.......", "....#.......", "............", "............"])
    thrower = piece("a1", (0, 1))
    state = game(board, [thrower, piece("b1", (6, 1), "b"), piece("b2", (6, 3), "b")])
    rifle_grenades = pool(state, "rifle-grenade", 3, "infantry")
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearThrow("rifle-grenade", (8, 2)))
    assert caught.value.code is Code.OUT_OF_RANGE
    hidden = Turn(state, LoadedDice([5, 3]), Phase.ACTIVATION)  # behind the rocks: 5 on target
    hidden.perform("a1", GearThrow("rifle-grenade", (7, 2)))
    (laid,) = [e for e in hidden.events if isinstance(e, TemplateEvent)]
    assert len(laid.rolls) == 1 and laid.rolls[0].kind == "scatter" and laid.lands == (7, 2)
    seen = Turn(state, LoadedDice([3]), Phase.ACTIVATION)
    seen.perform("a1", GearThrow("rifle-grenade", (7, 4)))
    (laid,) = [e for e in seen.events if isinstance(e, TemplateEvent)]
    assert not laid.rolls and rifle_grenades.count == 1


# --- The policy --------------------------------------------------------------------------------------


@pytest.mark.rule("panzerfaust")
def test_the_policy_fires_a_panzerfaust_at_a_tank_its_own_values_cannot_touch() -> None:
    state = game(OPEN, [piece("a1", (2, 1)), piece("b1", ((5, 1), (5, 2)), "b", tank(), facing=NORTH)])
    pool(state, "panzerfaust", 3, "infantry")
    firer: Piece = state.pieces["a1"]
    assert SimplePolicy().activate(state, firer) == GearFire("panzerfaust", "b1")


@pytest.mark.rule("grenade")
def test_the_policy_throws_a_grenade_into_a_crowd_not_at_a_lone_target_it_can_shoot() -> None:
    crowd = [piece("b1", (2, 2), "b"), piece("b2", (3, 2), "b"), piece("b3", (2, 3), "b"), piece("b4", (3, 3), "b")]
    state = game(OPEN, [piece("a1", (1, 1)), *crowd])
    pool(state, "grenade", 3, "infantry")
    assert SimplePolicy().activate(state, state.pieces["a1"]) == GearThrow("grenade", (3, 3))
    alone = game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 1), "b")])
    pool(alone, "grenade", 3, "infantry")
    assert isinstance(SimplePolicy().activate(alone, alone.pieces["a1"]), Fire)


# --- Grenades into buildings and defensive positions (HoN core p.29) -------------------------------

HOUSE = "\n".join(["........", ".BB.....", "........", "........", "........"])


def walled(state: GameState) -> GameState:
    """The house's window faces east, on (2, 1); a defensive position runs along row 4 (not a
    BfC trench, whose grenades blast along it, BfC p.06)."""
    trench = element(
        "Emplacement", [(1, 4), (2, 4), (3, 4), (4, 4)], {"shared_cover": True, "defense": {"infantry": 2}}
    )
    state.battlefield = field(HOUSE, windows=[((2, 1), (3, 1))], extra=[trench])
    return state


@pytest.mark.rule("grenade")
def test_a_grenade_goes_into_a_building_by_its_opening_and_every_unit_inside_is_attacked() -> None:
    """HoN core p.29: "To throw a grenade into a building, position the unit on a square adjacent
    to an opening. The building does not provide a Defensive Bonus against such a grenade so all
    units inside are affected." The building's +2 is not added: 1 + 3 and 2 + 3 against 4."""
    state = walled(
        game(HOUSE, [piece("a1", (3, 1)), piece("a2", (0, 0)), piece("b1", (1, 1), "b"), piece("b2", (2, 1), "b")])
    )
    grenades = pool(state, "grenade", 3, "infantry")
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a2", GrenadeInto((1, 1)))
    assert caught.value.code is Code.NOT_BY_AN_OPENING
    turn = Turn(state, LoadedDice([1, 2]), Phase.ACTIVATION)
    turn.perform("a1", GrenadeInto((2, 1)))
    shots = fire_events(turn)
    assert {e.target: (e.rolls[0].total, e.defense) for e in shots} == {"b1": (4, 4), "b2": (5, 4)}
    assert grenades.count == 2


@pytest.mark.rule("grenade")
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


@pytest.mark.rule("grenade")
def test_the_policy_throws_a_grenade_into_a_house_its_shots_cannot_crack() -> None:
    state = walled(game(HOUSE, [piece("a1", (3, 1)), piece("b1", (1, 1), "b"), piece("b2", (2, 1), "b")]))
    pool(state, "grenade", 3, "infantry")
    thrown = SimplePolicy().activate(state, state.pieces["a1"])
    assert thrown in (GrenadeInto((1, 1)), GrenadeInto((2, 1)))  # onto either enemy: alike, one drawn


def test_a_concealed_unit_that_throws_a_grenade_turns_over() -> None:
    """HoN core p.21: "A concealed unit that takes a Firing Action turns over onto its Inactive Side"."""
    hidden = piece("a1", (1, 1), kind=SNIPERS)
    state = game(OPEN, [hidden, piece("b1", (2, 2), "b"), piece("b2", (3, 2), "b")])
    pool(state, "grenade", 3, "infantry")
    Turn(state, LoadedDice([1, 1]), Phase.ACTIVATION).perform("a1", GearThrow("grenade", (3, 3)))
    assert hidden.concealed and not state.pieces["a1"].concealed


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
