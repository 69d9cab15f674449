"""Shadows over Normandie's Equipment in play (SoN p.16): Ammo, Grenades, Offensive Grenades,
Panzerfaust and Life Points, spent from their SoN markers with the book's page, where SoN's text
differs from Heroes of Normandie's played as SoN says."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.rules.actions.kinds import Fire
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.gear.markers import GearFire, GearThrow, GrenadeInto
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.ruleset import SON
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import piece
from tests.fixtures.rules.games import game
from tests.heroes.rules import infantry, tank
from tests.heroes.rules.gear_helpers import OPEN, fire_events, gear_events, pool
from tests.heroes.rules.test_gear import walled

MORTAR = infantry(abilities=[{"destruction": 1}], name="Mortar", unit_id="mortar")
TOUGH = infantry(defense=6, name="Tough", unit_id="tough")


def son(state: GameState) -> GameState:
    state.ruleset = SON
    return state


@pytest.mark.rule("son-ammo")
def test_son_ammo_any_number_on_one_shot_against_infantry() -> None:
    """SoN p.16: "Each token gives you a bonus of +1 on shots against infantry … You can use as
    many Ammo as you want in a single attack" (HoN caps it at 3): 1 + 2 + 4 = 7 hits the 4
    twice over (8 needed for a double: 7 is a hit)."""
    state = son(game(OPEN, [piece("a1", (2, 1)), piece("b1", (3, 1), "b")]))
    ammo = pool(state, "son-ammo", 5, "infantry")
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)
    turn.perform("a1", Fire(((None, "b1"),), ammo=4))
    (fired,) = fire_events(turn)
    assert fired.rolls[0].total == 7 and fired.outcome == "hit" and ammo.count == 1
    assert any(m.value == 4 and m.page == "SoN p.16" for m in fired.rolls[0].modifiers)
    hon = game(OPEN, [piece("a1", (2, 1)), piece("b1", (3, 1), "b")])
    pool(hon, "ammo", 5, "infantry")
    with pytest.raises(IllegalAttack) as caught:
        Turn(hon, LoadedDice([1]), Phase.ACTIVATION).perform("a1", Fire(((None, "b1"),), ammo=4))
    assert caught.value.code is Code.MAY_NOT_FIRE


@pytest.mark.rule("son-ammo")
def test_son_ammo_gives_nothing_to_an_explosive_weapon() -> None:
    """SoN p.16: "You cannot use Ammo with explosive weapons" (hon: a weapon with Destruction)."""
    state = son(game(OPEN, [piece("a1", (2, 1), kind=MORTAR), piece("b1", (3, 1), "b")]))
    pool(state, "son-ammo", 3, "infantry")
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)
    turn.perform("a1", Fire(((None, "b1"),), ammo=1))
    (fired,) = fire_events(turn)
    assert fired.rolls[0].total == 3  # 1 + 2, no +1
    assert SimplePolicy().activate(state, state.pieces["a1"]) in (None, Fire(((None, "b1"),)))


@pytest.mark.rule("son-ammo")
def test_the_policy_spends_son_ammo_on_a_rifle_shot() -> None:
    state = son(game(OPEN, [piece("a1", (2, 1)), piece("b1", (3, 1), "b")]))
    pool(state, "son-ammo", 3, "infantry")
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert isinstance(action, Fire) and action.ammo >= 1


@pytest.mark.rule("son-grenade")
def test_a_son_grenade_is_thrown_2_interspaces_and_cited_from_son() -> None:
    """SoN p.16: "You can use a grenade at a maximum distance of 2 interspaces … There is never
    dispersion. All units … present in the blast pattern, even partially, are affected"."""
    state = son(game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 2), "b"), piece("b2", (3, 2), "b")]))
    grenades = pool(state, "son-grenade", 3, "infantry")
    with pytest.raises(IllegalAttack) as caught:
        Turn(state, LoadedDice([]), Phase.ACTIVATION).perform("a1", GearThrow("son-grenade", (4, 4)))
    assert caught.value.code is Code.OUT_OF_RANGE
    turn = Turn(state, LoadedDice([1, 4]), Phase.ACTIVATION)
    turn.perform("a1", GearThrow("son-grenade", (3, 3)))
    (spent,) = gear_events(turn)
    assert spent.marker == "son-grenade" and spent.page == "SoN p.16" and grenades.count == 2
    assert {e.target: e.rolls[0].total for e in fire_events(turn)} == {"b1": 4, "b2": 7}


@pytest.mark.rule("son-offensive-grenade")
def test_an_offensive_grenade_suppresses_every_unit_that_survives_it() -> None:
    """SoN p.16: "Units present under the template, even partially, are hit by the fire and, if
    they survive, receive a Suppressed marker": b1 missed (1 + 3 against 6) keeps its side with
    a marker; b2 hit and flipped (2 + 3 against 4) gets one too."""
    pieces = [piece("a1", (1, 1)), piece("b1", (2, 2), "b", TOUGH), piece("b2", (3, 2), "b")]
    state = son(game(OPEN, pieces))
    pool(state, "son-offensive-grenade", 3, "infantry")
    turn = Turn(state, LoadedDice([1, 2]), Phase.ACTIVATION)
    turn.perform("a1", GearThrow("son-offensive-grenade", (3, 3)))
    b1, b2 = state.pieces["b1"], state.pieces["b2"]
    assert (b1.side_index, b1.suppressed) == (0, 1)
    assert (b2.side_index, b2.suppressed) == (1, 1)
    assert all(e.survives_page == "SoN p.16" for e in fire_events(turn))
    plain = son(game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 2), "b", TOUGH)]))
    pool(plain, "son-grenade", 3, "infantry")
    Turn(plain, LoadedDice([1]), Phase.ACTIVATION).perform("a1", GearThrow("son-grenade", (3, 3)))
    assert plain.pieces["b1"].suppressed == 0


@pytest.mark.rule("son-offensive-grenade")
def test_an_offensive_grenade_goes_into_a_building_by_its_opening() -> None:
    """SoN p.16: "You can launch a grenade into a building if you're on the space adjacent to an
    opening"; the Offensive Grenade "work[s] in the same way"."""
    state = walled(game("\n".join(["........", ".BB....."] + ["........"] * 3), []))
    state.pieces.update({p.key: p for p in (piece("a1", (3, 1)), piece("b1", (1, 1), "b", TOUGH))})
    son(state)
    offensive = pool(state, "son-offensive-grenade", 3, "infantry")
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)
    turn.perform("a1", GrenadeInto((2, 1), "son-offensive-grenade"))
    assert offensive.count == 2 and state.pieces["b1"].suppressed == 1


@pytest.mark.rule("son-panzerfaust")
def test_a_son_panzerfaust_reaches_4_spaces_and_the_policy_fires_it_at_a_tank() -> None:
    """SoN p.16: "The maximum range of a Panzerfaust is 4 spaces. There must be a line of sight"."""
    state = son(game(OPEN, [piece("a1", (2, 1)), piece("b1", ((5, 1), (5, 2)), "b", tank())]))
    fausts = pool(state, "son-panzerfaust", 3, "infantry")
    assert SimplePolicy().activate(state, state.pieces["a1"]) == GearFire("son-panzerfaust", "b1")
    turn = Turn(state, LoadedDice([1]), Phase.ACTIVATION)  # 1 + 5 misses the 7
    turn.perform("a1", GearFire("son-panzerfaust", "b1"))
    (spent,) = gear_events(turn)
    assert (spent.marker, fausts.count) == ("son-panzerfaust", 2) and spent.page == "SoN p.16"
    far = son(game(OPEN, [piece("a1", (0, 1)), piece("b1", ((5, 1), (5, 2)), "b", tank())]))
    pool(far, "son-panzerfaust", 3, "infantry")
    with pytest.raises(IllegalAttack) as caught:
        Turn(far, LoadedDice([3]), Phase.ACTIVATION).perform("a1", GearFire("son-panzerfaust", "b1"))
    assert caught.value.code is Code.NO_SHOT


@pytest.mark.rule("son-life-point")
def test_a_son_life_point_cancels_a_hit_on_any_unit_and_a_double_loss_takes_two() -> None:
    """SoN p.16: "Certain units have Life Points that can be discarded to cancel a hit. If the
    result of the shot creates a double loss, you must discard 2 … it suffers one hit per
    missing marker" — not only a Character's, as in BfC p.09."""
    squad = piece("b1", (2, 1), "b")
    state = son(game(OPEN, [piece("a1", (1, 1)), squad]))
    lives = pool(state, "son-life-point", 1, side="b", group=None)
    turn = Turn(state, LoadedDice([3]), Phase.ACTIVATION)
    turn.perform("a1", Fire(((None, "b1"),)))  # 3 + 2 hits the 4
    (spent,) = gear_events(turn)
    assert state.pieces["b1"] == squad and lives.count == 0
    assert spent.marker == "son-life-point" and spent.page == "SoN p.16"
    lives.count = 1
    Turn(state, LoadedDice([6]), Phase.ACTIVATION).perform("a1", Fire(((None, "b1"),)))  # 8: a double
    assert state.pieces["b1"].side_index == 1 and lives.count == 0
    hon = game(OPEN, [piece("a1", (1, 1)), piece("b1", (2, 1), "b")])
    pool(hon, "life-point", 1, side="b")
    Turn(hon, LoadedDice([3]), Phase.ACTIVATION).perform("a1", Fire(((None, "b1"),)))
    assert hon.pieces["b1"].side_index == 1  # HoN's are a Character's only
