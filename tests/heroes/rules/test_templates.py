"""Templates and firing abilities (HoN core p.22-24, p.29): grenades, the flamethrower,
Howitzer, Indirect Fire and its scattering, the Artillery Spotter, and the Sniper's table."""

from __future__ import annotations

import pytest

from builder.heroes.ai.greedy import SimplePolicy
from builder.heroes.catalogue.units import CombatValues, Unit
from builder.heroes.rules.actions.kinds import Snipe, TemplateFire
from builder.heroes.rules.actions.template_fire import template_plan
from builder.heroes.rules.errors import Code
from builder.heroes.rules.events.game import FireEvent, Phase, SniperEvent, TemplateEvent
from builder.heroes.rules.pieces import EAST, NORTH, SOUTH, Piece
from builder.heroes.rules.resolution.combat import Facing, FireOutcome, IllegalAttack
from builder.heroes.rules.resolution.damage import DamageLocation, Effect
from builder.heroes.rules.resolution.templates import (
    GRENADE_RANGE,
    SniperOutcome,
    TemplateKind,
    check_template,
    covered,
    explosion_squares,
    flame_into,
    flame_squares,
    grenade_into,
    interspace_range,
    lay_template,
    scatter,
    snipe,
    takes_grenades,
)
from builder.heroes.rules.ruleset import HON
from builder.heroes.rules.state import GameState
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.battlefield import Battlefield
from builder.kernel.dice import LoadedDice
from tests.fixtures.rules.boards import element, field
from tests.fixtures.rules.games import scenario
from tests.heroes.rules import ambusher, infantry, piece, tank

GRENADE = CombatValues(infantry=3, light=1, heavy=None)
SHELL = CombatValues(infantry=4, light=2, heavy=1)


@pytest.mark.rule("explosion-templates")
def test_an_explosion_template_covers_the_four_squares_around_its_interspace() -> None:
    # HoN core p.23: the template is put on the interspace, the corner of four squares.
    assert explosion_squares((2, 2)) == {(1, 1), (2, 1), (1, 2), (2, 2)}


@pytest.mark.rule("ambush", "explosion-templates")
def test_every_unit_even_partly_under_a_template_is_attacked_but_not_a_concealed_one() -> None:
    # HoN core p.23 and p.36: even partially covered units are affected; p.21: a concealed unit ignores it.
    under = piece(infantry(), (1, 1), owner="a")
    partly = piece(tank(), (2, 2), owner="b")  # (2, 2) and (2, 3): one square under
    hidden = piece(ambusher(), (2, 1), owner="b")
    away = piece(infantry(), (4, 4), owner="b")
    assert covered(explosion_squares((2, 2)), [under, partly, hidden, away]) == [under, partly]


@pytest.mark.rule("explosion-templates")
def test_units_inside_a_building_are_not_affected_by_a_template_outside_it() -> None:
    # HoN core p.23, p.29.
    inside = piece(infantry(), (1, 1))
    assert covered(explosion_squares((2, 2)), [inside], sheltered={(0, 0), (1, 0), (0, 1), (1, 1)}) == []


@pytest.mark.rule("grenade")
def test_a_grenade_reaches_two_interspaces_counting_the_target() -> None:
    # HoN core p.29: a grenade's max range is 2 interspaces, the target interspace included.
    thrower = ((3, 3),)
    assert interspace_range(thrower, (4, 4)) == 1  # a corner of its own square
    assert interspace_range(thrower, (5, 4)) == 2
    assert interspace_range(thrower, (6, 4)) == 3
    check_template(TemplateKind.GRENADE, HON, piece(infantry(), (3, 3)), reach=2, limit=GRENADE_RANGE)
    with pytest.raises(IllegalAttack) as caught:
        check_template(TemplateKind.GRENADE, HON, piece(infantry(), (3, 3)), reach=3, limit=GRENADE_RANGE)
    assert caught.value.code is Code.OUT_OF_RANGE
    assert caught.value.page == "HoN core p.29"
    with pytest.raises(IllegalAttack) as caught:
        check_template(TemplateKind.GRENADE, HON, piece(tank(), (3, 3)), reach=1, limit=GRENADE_RANGE)
    assert caught.value.code is Code.NOT_INFANTRY


@pytest.mark.rule("grenade")
def test_a_grenade_resolves_each_attack_individually_and_never_scatters() -> None:
    # HoN core p.29: the grenade's combat values, one roll for each unit under the template.
    a = piece(infantry(defense=4), (1, 1), owner="b")
    b = piece(infantry(defense=4), (2, 1), owner="b")
    dice = LoadedDice([1, 5])
    result = lay_template(TemplateKind.GRENADE, GRENADE, explosion_squares((2, 2)), [a, b], dice, HON)
    assert result.scatter is None
    assert [attack.roll.total for attack in result.attacks] == [4, 8]
    assert [attack.outcome for attack in result.attacks] == [FireOutcome.HIT, FireOutcome.DOUBLE_HIT]
    assert result.attacks[0].roll.page == "HoN core p.15" and dice.left == 0


@pytest.mark.rule("howitzer")
def test_a_heavy_vehicle_under_an_explosion_template_uses_its_side_defense() -> None:
    # HoN core p.23: "When a Template hits a Heavy Vehicle, use the vehicle's side Defense Value."
    panzer = piece(tank(front=9, side=7, rear=6), (1, 1), owner="b")
    result = lay_template(TemplateKind.HOWITZER, SHELL, explosion_squares((2, 2)), [panzer], LoadedDice([5]), HON)
    (attack,) = result.attacks
    assert attack.shot.facing is Facing.SIDE and attack.aim.defense == 7 and attack.outcome is FireOutcome.MISS


@pytest.mark.rule("flamethrower")
def test_the_flames_suppress_every_unit_in_addition_to_any_damage() -> None:
    # HoN core p.22: all units, infantry or vehicle, receive a Suppressed marker in addition to any damage.
    flames = CombatValues(infantry=4, light=3, heavy=1)
    squares = flame_squares((0, 0), EAST)
    assert squares == ((1, 0), (2, 0), (3, 0))
    first = piece(infantry(defense=4), (1, 0), owner="b")
    second = piece(infantry(defense=6), (3, 0), owner="b")
    result = lay_template(TemplateKind.FLAME, flames, squares, [first, second], LoadedDice([1, 1]), HON)
    assert [a.outcome for a in result.attacks] == [FireOutcome.HIT, FireOutcome.MISS]
    assert all(a.target is not None and a.target.suppressed == 1 for a in result.attacks)
    assert result.attacks[1].effect is Effect.SUPPRESSED


@pytest.mark.rule("flamethrower")
def test_the_flame_template_is_blocked_by_a_vehicle_and_fire_on_the_move_costs_1() -> None:
    # HoN core p.22: blocked as soon as it goes through a square occupied by a vehicle; Fire on the Move (-1).
    assert flame_squares((0, 0), SOUTH, stops=lambda sq: sq == (0, 2)) == ((0, 1), (0, 2))
    target = piece(infantry(defense=4), (0, 1), owner="b")
    flames = CombatValues(infantry=4, light=3, heavy=1)
    result = lay_template(TemplateKind.FLAME, flames, [(0, 1)], [target], LoadedDice([1]), HON, moving=True)
    assert [(m.label, m.value, m.page) for m in result.attacks[0].roll.modifiers] == [
        ("Combat value vs infantry", 4, "HoN core p.15"),
        ("Flamethrower: Fire on the Move", -1, "HoN core p.22"),
    ]


@pytest.mark.rule("artillery-spotter", "indirect-fire", "explosion-templates")
def test_indirect_fire_scatters_on_1_to_4_and_an_artillery_spotter_shortens_it() -> None:
    # HoN core p.23: 5 or 6 on target, 1-4 scatters by the symbol's distance; p.22: a spotter -1 interspace.
    on_target = scatter((5, 5), 2, LoadedDice([5]), HON)
    assert on_target.lands == (5, 5) and on_target.direction is None
    far = scatter((5, 5), 2, LoadedDice([1]), HON)
    assert far.lands == (5, 3) and far.direction == NORTH and far.distance == 2
    near = scatter((5, 5), 2, LoadedDice([2]), HON, spotter=True)
    assert near.lands == (6, 5) and near.distance == 1
    assert near.roll.modifiers[0].page == "HoN core p.22" and near.roll.page == "HoN core p.23"


@pytest.mark.rule("howitzer", "indirect-fire")
def test_howitzer_needs_a_line_of_sight_and_indirect_fire_not_from_a_building() -> None:
    # HoN core p.23.
    with pytest.raises(IllegalAttack) as caught:
        check_template(TemplateKind.HOWITZER, HON, los=False)
    assert caught.value.code is Code.NO_LINE_OF_SIGHT
    assert caught.value.page == "HoN core p.23"
    with pytest.raises(IllegalAttack) as caught:
        check_template(TemplateKind.INDIRECT, HON, firer_in_building=True)
    assert caught.value.code is Code.FROM_A_BUILDING
    with pytest.raises(IllegalAttack) as caught:
        check_template(TemplateKind.HOWITZER, HON, into_building=True)
    assert caught.value.code is Code.TEMPLATE_PLACEMENT
    check_template(TemplateKind.INDIRECT, HON, los=False)  # no LoS needed


@pytest.mark.rule("sniper")
def test_the_sniper_table() -> None:
    # HoN core p.24: 1 nothing, 2-3 Suppressed, 4-5 a hit, 6+ a hit and Suppressed if not destroyed.
    sniper = piece(infantry(abilities=["sniper"]), (0, 0), owner="a")
    target = piece(infantry(defense=6), (5, 0), owner="b")
    assert snipe(sniper, target, LoadedDice([1]), HON).outcome is SniperOutcome.NOTHING
    two = snipe(sniper, target, LoadedDice([3]), HON)
    assert two.outcome is SniperOutcome.SUPPRESSED and two.target is not None and two.target.suppressed == 1
    hit = snipe(sniper, target, LoadedDice([4]), HON)
    assert hit.effect is Effect.FLIPPED and hit.target is not None and hit.target.suppressed == 0
    six = snipe(sniper, target, LoadedDice([6]), HON)
    assert six.effect is Effect.FLIPPED and six.target is not None and six.target.suppressed == 1
    assert six.roll.page == "HoN core p.24"


@pytest.mark.rule("sniper")
def test_the_sniper_is_modified_by_suppression_and_obstacles_and_only_targets_infantry() -> None:
    # HoN core p.24: "modified by Suppressed Markers and Obstacles"; "can only target Infantry Units".
    sniper = piece(infantry(abilities=["sniper"]), (0, 0), owner="a", suppressed=1)
    target = piece(infantry(), (5, 0), owner="b")
    result = snipe(sniper, target, LoadedDice([6]), HON, obscured=[((2, 0), 1)])
    assert result.roll.total == 3 and result.outcome is SniperOutcome.SUPPRESSED
    with pytest.raises(IllegalAttack) as caught:
        snipe(sniper, piece(tank(), (5, 0), owner="b"), LoadedDice([6]), HON)
    assert caught.value.code is Code.TARGET_TYPE
    assert caught.value.page == "HoN core p.24"
    with pytest.raises(IllegalAttack) as caught:
        snipe(piece(infantry(), (0, 0)), target, LoadedDice([6]), HON)
    assert caught.value.code is Code.NO_ABILITY


# --- In a game: the actions and the simple policy ---------------------------------------------

MORTAR_SIDE = {"state": "active", "defense": {"value": 4}, "movement": "X", "on_hit": "destroyed"}


def mortar(abilities: list[object]) -> Unit:
    side = {**MORTAR_SIDE, "combat": {"infantry": 4, "light": 1, "heavy": "X"}, "abilities": abilities}
    return Unit.model_validate(
        {
            "id": "mortar",
            "name": "Mortar",
            "faction": "german",
            "type": "infantry",
            "sides": [side, {**side, "state": "inactive"}],
            "source": "example",
        }
    )


def game(board: Battlefield, *pieces: Piece) -> GameState:
    return GameState(scenario(), board, HON, ("a", "b"), "a", {p.key: p for p in pieces})


OPEN = field("\n".join(["........"] * 6))


@pytest.mark.rule("howitzer")
def test_the_policy_lays_a_template_when_it_promises_more_hits_than_a_shot() -> None:
    # HoN core p.23: every unit under the template is attacked; two enemies side by side are worth it.
    gun = piece(mortar([{"indirect-fire": 2}]), (0, 0), key="mortar", owner="a")
    one = piece(infantry(defense=4), (5, 3), key="one", owner="b")
    two = piece(infantry(defense=4), (6, 3), key="two", owner="b")
    state = game(OPEN, gun, one, two)
    action = SimplePolicy().activate(state, gun)
    assert action == TemplateFire((6, 3)) or action == TemplateFire((6, 4))
    plan = template_plan(state, gun, (6, 4))
    assert plan is not None and plan.kind is TemplateKind.HOWITZER  # a clear LoS: fired directly, no scatter
    turn = Turn(state, LoadedDice([6, 1]), Phase.ACTIVATION)
    turn.perform("mortar", TemplateFire((6, 4)))
    template, *fired = turn.events
    assert isinstance(template, TemplateEvent) and template.lands == (6, 4) and template.page == "HoN core p.23"
    assert [e.target for e in fired if isinstance(e, FireEvent)] == ["one", "two"]
    assert "one" not in state.pieces  # 6 + 4 = 10 against 4: a double hit
    assert state.pieces["two"].side_index == 1  # 1 + 4 = 5 against 4: a hit, it flips


def test_the_policy_never_drops_a_template_on_its_own_units_for_nothing() -> None:
    gun = piece(mortar([{"indirect-fire": 2}]), (0, 0), key="mortar", owner="a")
    enemy = piece(infantry(defense=4), (5, 3), key="enemy", owner="b")
    friends = [piece(infantry(), sq, key=f"f{i}", owner="a") for i, sq in enumerate([(4, 2), (4, 3), (4, 4), (5, 2)])]
    friends += [piece(infantry(), sq, key=f"g{i}", owner="a") for i, sq in enumerate([(6, 2), (6, 3), (6, 4), (5, 4)])]
    state = game(OPEN, gun, enemy, *friends)
    assert not isinstance(SimplePolicy().activate(state, gun), TemplateFire)


@pytest.mark.rule("artillery-spotter", "indirect-fire")
def test_indirect_fire_without_a_line_of_sight_scatters_and_a_spotter_shortens_it() -> None:
    # HoN core p.23: Indirect Fire when there is no clear LoS; p.22: a spotter with a clear LoS, -1 interspace.
    walled = field(
        """
        ........
        ..BB....
        ..BB....
        ..BB....
        ........
        """
    )
    gun = piece(mortar([{"indirect-fire": 2}]), (0, 2), key="mortar", owner="a")
    enemy = piece(infantry(), (6, 2), key="enemy", owner="b")
    state = game(walled, gun, enemy)
    plan = template_plan(state, gun, (6, 2))
    assert plan is not None and plan.kind is TemplateKind.INDIRECT and plan.scatter == 2 and not plan.spotter
    assert len(plan.landings()) == 5
    spotter = piece(infantry(abilities=["artillery-spotter"]), (6, 0), key="spotter", owner="a")
    state.pieces[spotter.key] = spotter
    spotted = template_plan(state, gun, (6, 2))
    assert spotted is not None and spotted.spotter and spotted.scatter == 1
    turn = Turn(state, LoadedDice([2, 6]), Phase.ACTIVATION)  # scatters east by 1, then the attack
    turn.perform("mortar", TemplateFire((6, 2)))
    template = turn.events[0]
    assert isinstance(template, TemplateEvent) and template.lands == (7, 2)
    assert template.rolls[0].modifiers[0].page == "HoN core p.22"


@pytest.mark.rule("howitzer")
def test_a_unit_without_the_ability_or_a_template_inside_a_building_is_refused() -> None:
    # HoN core p.23: "You may not place a Template inside a building."
    house = field(
        """
        ........
        ..BBB...
        ..BBB...
        ..BBB...
        ........
        """
    )
    gun = piece(mortar([{"indirect-fire": 2}]), (0, 0), key="mortar", owner="a")
    state = game(house, gun)
    assert template_plan(state, gun, (3, 2)) is None
    assert template_plan(state, piece(infantry(), (0, 0), key="rifles"), (6, 4)) is None


@pytest.mark.rule("sniper")
def test_the_policy_snipes_when_the_table_beats_its_shot() -> None:
    # HoN core p.24: 4+ on the sniper's table is a hit, whatever the target's defense.
    sniper = piece(infantry(combat=1, abilities=["sniper"]), (0, 0), key="sniper", owner="a")
    target = piece(infantry(defense=6), (5, 0), key="target", owner="b")
    state = game(OPEN, sniper, target)
    assert SimplePolicy().activate(state, sniper) == Snipe("target")
    turn = Turn(state, LoadedDice([5]), Phase.ACTIVATION)
    turn.perform("sniper", Snipe("target"))
    (event,) = turn.events
    assert isinstance(event, SniperEvent) and event.outcome == "hit" and event.page == "HoN core p.24"
    assert state.pieces["target"].side_index == 1


@pytest.mark.rule("flamethrower")
def test_flames_fill_a_one_room_building_from_an_opening_and_stay_in_a_defensive_position() -> None:
    # HoN core p.22: "Flamethrowers & Buildings" and "Flamethrowers & defensive positions".
    house = element(
        "House", [(1, 1), (2, 1)], {"building": True, "blocks_los": True}, key="house", doors=[((2, 1), (3, 1))]
    )
    trench = element("Trench", [(1, 4), (2, 4), (3, 4)], {"shared_cover": True, "defense": {"infantry": 2}})
    by_door = piece(infantry(abilities=["flamethrower"]), (3, 1))
    assert flame_into(by_door, house) == {(1, 1), (2, 1)}
    with pytest.raises(IllegalAttack) as caught:
        flame_into(piece(infantry(), (0, 0)), house)  # not by an opening
    assert caught.value.code is Code.NOT_BY_AN_OPENING
    assert caught.value.page == "HoN core p.22"
    beside = piece(infantry(), (0, 4))
    assert flame_into(beside, trench, flame_squares((0, 4), EAST, length=5)) == {(1, 4), (2, 4), (3, 4)}
    with pytest.raises(IllegalAttack) as caught:
        flame_into(piece(infantry(), (6, 6)), trench, ())
    assert caught.value.code is Code.NOT_ADJACENT
    assert caught.value.page == "HoN core p.22"


@pytest.mark.rule("howitzer")
def test_a_vehicle_fires_a_template_with_the_weapon_that_has_howitzer() -> None:
    # HoN core p.23: the Combat Values that match the attacker's Howitzer icon (here its gun's).
    gun_tank = piece(tank(primary=(5, 3, 2), primary_abilities=["howitzer"]), (0, 0), key="gun", owner="a")
    target = piece(infantry(), (5, 3), key="target", owner="b")
    state = game(OPEN, gun_tank, target)
    plan = template_plan(state, gun_tank, (6, 4))
    assert plan is not None and plan.kind is TemplateKind.HOWITZER and plan.combat.infantry == 5
    wrecked_gun = piece(
        tank(primary=(5, 3, 2), primary_abilities=["howitzer"]),
        (0, 0),
        key="gun",
        owner="a",
        damage=(DamageLocation.PRIMARY,),
    )
    assert template_plan(game(OPEN, wrecked_gun, target), wrecked_gun, (6, 4)) is None


@pytest.mark.rule("grenade")
def test_a_grenade_goes_into_a_building_by_an_opening_and_onto_a_square_of_a_defensive_position() -> None:
    # HoN core p.29: "Grenades & buildings" and "Grenades & defensive positions".
    house = element(
        "House", [(1, 1), (2, 1)], {"building": True, "blocks_los": True}, key="house", windows=[((2, 1), (3, 1))]
    )
    # A defensive position of HoN core p.29 (a BfC trench has its own blast, BfC p.06: test_trench_grenades).
    trench = element(
        "Emplacement", [(1, 4), (2, 4), (3, 4), (4, 4)], {"shared_cover": True, "defense": {"infantry": 2}}
    )
    assert grenade_into(piece(infantry(), (3, 1)), house, (2, 1)) == {(1, 1), (2, 1)}
    with pytest.raises(IllegalAttack) as caught:
        grenade_into(piece(infantry(), (0, 0)), house, (1, 1))
    assert caught.value.code is Code.NOT_BY_AN_OPENING
    assert caught.value.page == "HoN core p.29"
    assert grenade_into(piece(infantry(), (2, 3)), trench, (2, 4)) == {(1, 4), (2, 4), (3, 4)}
    with pytest.raises(IllegalAttack) as caught:
        grenade_into(piece(infantry(), (2, 4)), trench, (3, 4))  # from inside: not "adjacent to" it
    assert caught.value.code is Code.NOT_ADJACENT
    assert caught.value.page == "HoN core p.29"


@pytest.mark.rule("grenade")
def test_a_grenade_goes_into_no_element_but_a_building_or_a_defensive_position() -> None:
    # HoN core p.29: woods are neither; the policy skips the elements `takes_grenades` refuses,
    # so it must refuse exactly those `grenade_into` refuses whoever throws from wherever.
    woods = element("Woods", [(1, 1), (2, 1)], {"obscures": 1, "defense": {"infantry": 1}})
    house = element("House", [(1, 4)], {"building": True, "blocks_los": True}, key="house")
    position = element("Emplacement", [(4, 4)], {"shared_cover": True})
    assert not takes_grenades(woods) and takes_grenades(house) and takes_grenades(position)
    for thrower in ((0, 1), (3, 1), (1, 2)):
        with pytest.raises(IllegalAttack) as caught:
            grenade_into(piece(infantry(), thrower), woods, (1, 1))
        assert caught.value.code is Code.NOT_A_BUILDING
