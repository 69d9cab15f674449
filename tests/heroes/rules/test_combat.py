"""Firing actions (HoN core p.13-16, p.21-24; SoN p.8, p.17-19): each rule with a legal and an
illegal or edge case, and the books' worked examples with loaded dice."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.abilities.equipment import ammo_helps
from builder.heroes.rules.abilities.machine_gunner import machine_gunner_pool, split_machine_gunner, splits_evenly
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import FireEvent, Phase
from builder.heroes.rules.resolution.combat import Facing, FireOutcome, IllegalAttack, Shot, aim, take_hit
from builder.heroes.rules.resolution.damage import DamageLocation, Effect, destruction_roll, locate_damage
from builder.heroes.rules.resolution.firing_roll import fire
from builder.heroes.rules.ruleset import HON, SON, ruleset_for
from builder.heroes.rules.state import GearPool
from builder.kernel.dice import LoadedDice
from builder.kernel.events import Modifier
from tests.heroes.rules import ambusher, creature, infantry, light_vehicle, piece, tank

AMMO = Modifier("Ammo", 1, "HoN core p.28")  # one Ammo marker spent on the shot


def labelled(result_modifiers: tuple[Modifier, ...]) -> list[tuple[str, int, str]]:
    return [(m.label, m.value, m.page) for m in result_modifiers]


# --- the worked example, HoN core p.15 -------------------------------------------------------


@pytest.mark.rule("firing-resolution")
def test_worked_example_a_firing_action_of_7_against_6_hits() -> None:
    german = piece(infantry(combat=2, name="Grenadiers"), (0, 0), owner="german")
    american = piece(infantry(combat=2, defense=4, name="Fire Team"), (3, 0), owner="us")
    shot = Shot(target=american, firer=german, terrain=2, range=3, bonuses=(AMMO,))
    dice = LoadedDice([4])
    result = fire(shot, dice)
    assert result.roll.dice == (4,) and result.roll.kept == 4
    assert labelled(result.roll.modifiers) == [
        ("Combat value vs infantry", 2, "HoN core p.15"),
        ("Ammo", 1, "HoN core p.28"),
    ]
    assert result.roll.total == 7
    assert labelled(result.aim.defense_modifiers) == [
        ("Defense value", 4, "HoN core p.15"),
        ("Defensive bonus", 2, "HoN core p.18"),
    ]
    assert result.aim.defense == 6
    assert result.outcome is FireOutcome.HIT
    assert result.effect is Effect.FLIPPED
    assert result.target is not None and result.target.side.state.value == "reduced"
    assert dice.left == 0


@pytest.mark.rule("firing-resolution")
def test_the_same_shot_rolling_a_2_misses() -> None:
    target = piece(infantry(defense=4))
    result = fire(Shot(target=target, firer=piece(infantry(combat=2)), terrain=2, bonuses=(AMMO,)), LoadedDice([2]))
    assert result.roll.total == 5 and result.outcome is FireOutcome.MISS
    assert result.target == target and result.effect is Effect.NONE


@pytest.mark.rule("double-hit")
def test_a_double_hit_destroys_even_an_unharmed_unit() -> None:
    # p.15's figure: 8 against a defense of 4 is a double hit.
    target = piece(infantry(defense=4))
    result = fire(Shot(target=target, firer=piece(infantry(combat=2)), bonuses=(AMMO,)), LoadedDice([5]))
    assert result.roll.total == 8
    assert result.outcome is FireOutcome.DOUBLE_HIT
    assert result.effect is Effect.DESTROYED and result.target is None


@pytest.mark.rule("defensive-bonus", "son-defense")
def test_a_double_hit_counts_the_defensive_bonus() -> None:
    target = piece(infantry(defense=4))
    result = fire(Shot(target=target, firer=piece(infantry(combat=2)), terrain=2), LoadedDice([6]))
    assert result.roll.total == 8 and result.aim.defense == 6
    assert result.outcome is FireOutcome.HIT  # 8 < 12


@pytest.mark.rule("ammo")
def test_ammo_only_helps_against_infantry() -> None:
    # HoN core p.28: against infantry; SoN's tokens never with an explosive weapon (SoN p.16).
    pool = GearPool("a", "ammo", 2, None)
    firer = piece(infantry())
    assert ammo_helps(pool, firer, None, piece(infantry()))
    assert not ammo_helps(pool, firer, None, piece(light_vehicle()))
    assert not ammo_helps(None, firer, None, piece(infantry()))


# --- attack type, range, line of sight -------------------------------------------------------


@pytest.mark.rule("attack-type")
def test_an_x_combat_value_cannot_fire_at_that_colour() -> None:
    rifles = piece(infantry(combat=2, heavy=None))
    with pytest.raises(IllegalAttack) as problem:
        fire(Shot(target=piece(tank()), firer=rifles, facing=Facing.FRONT), LoadedDice([6]))
    assert problem.value.code is Code.COMBAT_VALUE_X
    assert problem.value.page == "HoN core p.13"
    bazooka = piece(infantry(combat=0, heavy=4))
    assert fire(Shot(target=piece(tank()), firer=bazooka, facing=Facing.REAR), LoadedDice([2, 1])).roll.total == 6


@pytest.mark.rule("range")
def test_long_range_is_beyond_7_squares() -> None:
    target, firer = piece(infantry()), piece(infantry(combat=2))
    at_7 = fire(Shot(target=target, firer=firer, range=7), LoadedDice([3]))
    at_8 = fire(Shot(target=target, firer=firer, range=8), LoadedDice([3]))
    assert at_7.roll.total == 5
    assert ("Long range", -2, "HoN core p.14") in labelled(at_8.roll.modifiers) and at_8.roll.total == 3


@pytest.mark.rule("son-dark-night")
def test_night_caps_the_range_and_brings_long_range_closer() -> None:
    night = ruleset_for(Game.SON, night=True)
    target, firer = piece(infantry()), piece(infantry(combat=2))
    assert fire(Shot(target=target, firer=firer, range=6), LoadedDice([3]), night).roll.total == 3
    with pytest.raises(IllegalAttack) as caught:
        fire(Shot(target=target, firer=firer, range=8), LoadedDice([3]), night)
    assert caught.value.code is Code.OUT_OF_RANGE


@pytest.mark.rule("hawkeye")
def test_hawkeye_ignores_long_range() -> None:
    target = piece(infantry())
    eagle = piece(infantry(combat=2, abilities=["hawkeye"]))
    assert fire(Shot(target=target, firer=eagle, range=12), LoadedDice([3]), SON).roll.total == 5


@pytest.mark.rule("obscures-los")
def test_each_obscuring_square_subtracts_from_the_final_result() -> None:
    shot = Shot(target=piece(infantry()), firer=piece(infantry(combat=3)), obscured=(((1, 0), 1), ((2, 0), 2)))
    result = fire(shot, LoadedDice([4]))
    assert labelled(result.roll.modifiers)[1:] == [
        ("Obscured LoS at [1, 0]", -1, "HoN core p.18"),
        ("Obscured LoS at [2, 0]", -2, "HoN core p.18"),
    ]
    assert result.roll.total == 4


@pytest.mark.rule("limited-range")
def test_limited_range() -> None:
    mortar = piece(infantry(combat=3, abilities=[{"limited-range": 4}]))
    assert fire(Shot(target=piece(infantry()), firer=mortar, range=4), LoadedDice([1])).roll.total == 4
    with pytest.raises(IllegalAttack) as problem:
        fire(Shot(target=piece(infantry()), firer=mortar, range=5), LoadedDice([1]))
    assert problem.value.code is Code.OUT_OF_RANGE
    assert problem.value.page == "HoN core p.22"


@pytest.mark.rule("range")
def test_range_counts_at_least_the_target_square() -> None:
    with pytest.raises(RulesError) as caught:
        fire(Shot(target=piece(infantry()), firer=piece(infantry()), range=0), LoadedDice([1]))
    assert caught.value.code is Code.BAD_COUNT


# --- Suppressed markers ----------------------------------------------------------------------


@pytest.mark.rule("suppressed", "son-suppressed")
def test_suppressed_markers_take_2_each_from_the_final_result() -> None:
    firer = piece(infantry(combat=3), suppressed=2)
    result = fire(Shot(target=piece(infantry()), firer=firer), LoadedDice([6]))
    assert ("Suppressed x2", -4, "HoN core p.16") in labelled(result.roll.modifiers)
    assert result.roll.total == 5 and result.outcome is FireOutcome.HIT
    calm = fire(Shot(target=piece(infantry()), firer=firer, suppressed=0), LoadedDice([6]))
    assert calm.roll.total == 9


# --- heavy vehicles: facing, damage location -------------------------------------------------


@pytest.mark.rule("heavy-vehicle-facing")
@pytest.mark.parametrize(("facing", "defense"), [(Facing.FRONT, 9), (Facing.SIDE, 7), (Facing.REAR, 6)])
def test_a_heavy_vehicle_defends_by_facing(facing: Facing, defense: int) -> None:
    gun = piece(infantry(combat=0, heavy=4))
    result = fire(Shot(target=piece(tank()), firer=gun, facing=facing), LoadedDice([1]))
    assert result.aim.defense == defense
    assert result.aim.defense_modifiers[0].page == "HoN core p.14"


def test_a_heavy_vehicle_target_needs_a_facing() -> None:
    with pytest.raises(RulesError) as caught:
        fire(Shot(target=piece(tank()), firer=piece(infantry(heavy=4))), LoadedDice([6]))
    assert caught.value.code is Code.FACING_UNSAID


@pytest.mark.rule("damage", "son-damage", "damage-location", "damage-hull")
@pytest.mark.parametrize(
    ("face", "location", "suppressed"),
    [
        (1, DamageLocation.CREW, 0),
        (2, DamageLocation.TRACKS, 0),
        (3, DamageLocation.HULL, 2),
        (4, DamageLocation.HULL, 2),
        (5, DamageLocation.PRIMARY, 0),
    ],
)
def test_damage_location(face: int, location: DamageLocation, suppressed: int) -> None:
    target = piece(tank())
    result = fire(Shot(target=target, firer=piece(infantry(heavy=4)), facing=Facing.REAR), LoadedDice([4, face]))
    assert result.outcome is FireOutcome.HIT and result.damage is not None
    assert result.damage.location is location and result.damage.roll.page == "HoN core p.15"
    assert result.effect is Effect.DAMAGED
    assert result.target is not None and result.target.damage == (location,)
    assert result.target.suppressed == suppressed == result.suppressed


@pytest.mark.rule("wrecks", "damage-location")
def test_a_6_destroys_the_vehicle_into_a_wreck() -> None:
    result = fire(Shot(target=piece(tank()), firer=piece(infantry(heavy=4)), facing=Facing.REAR), LoadedDice([4, 6]))
    assert result.damage is not None and result.damage.location is DamageLocation.DESTRUCTION
    assert result.effect is Effect.WRECKED and result.target is not None and result.target.is_wreck


@pytest.mark.rule("damage", "damage-location")
def test_a_second_damage_of_the_same_kind_destroys() -> None:
    tracked = piece(tank(), damage=(DamageLocation.TRACKS,))
    assert locate_damage(tracked, LoadedDice([1])).effect is Effect.DAMAGED
    again = locate_damage(tracked, LoadedDice([2]))
    assert again.location is DamageLocation.TRACKS and again.effect is Effect.WRECKED


@pytest.mark.rule("double-hit")
def test_a_double_hit_destroys_a_heavy_vehicle_without_a_damage_roll() -> None:
    dice = LoadedDice([6])
    result = fire(Shot(target=piece(tank(rear=3)), firer=piece(infantry(heavy=4)), facing=Facing.REAR), dice)
    assert result.outcome is FireOutcome.DOUBLE_HIT and result.effect is Effect.WRECKED and result.damage is None
    assert dice.left == 0


@pytest.mark.rule("piercing")
def test_piercing_adds_1_to_the_damage_location_roll() -> None:
    gun = piece(infantry(combat=0, heavy=4, abilities=["piercing"]))
    result = fire(Shot(target=piece(tank()), firer=gun, facing=Facing.REAR), LoadedDice([4, 5]))
    assert result.damage is not None
    assert labelled(result.damage.roll.modifiers) == [("Piercing", 1, "HoN core p.24")]
    assert result.damage.roll.total == 6 and result.effect is Effect.WRECKED
    plain = fire(Shot(target=piece(tank()), firer=gun, facing=Facing.REAR, piercing=False), LoadedDice([4, 5]))
    assert plain.damage is not None and plain.damage.location is DamageLocation.PRIMARY


@pytest.mark.rule("perforating", "son-damage")
def test_perforating_is_sons_piercing() -> None:
    gun = piece(infantry(combat=0, heavy=4, abilities=["perforating"]))
    result = fire(Shot(target=piece(tank()), firer=gun, facing=Facing.REAR), LoadedDice([4, 1]), SON)
    assert result.damage is not None and result.damage.location is DamageLocation.TRACKS
    assert result.damage.roll.modifiers[0].page == "SoN p.18"
    hon = fire(Shot(target=piece(tank()), firer=gun, facing=Facing.REAR), LoadedDice([4, 1]), HON)
    assert hon.damage is not None and hon.damage.location is DamageLocation.CREW


@pytest.mark.rule("positive-waves")
def test_positive_waves_rolls_two_dice_and_the_owner_chooses() -> None:
    """HoN core p.26: "When your Heavy Vehicle is Hit, your opponent rolls 2 dice for Damage
    localisation and you choose the result" - printed under 6.4 without its name; hon reads
    it as Positive Waves' and says so, never calling it by a name the book does not print."""
    careful = piece(tank(abilities=["positive-waves"]))
    damage = locate_damage(careful, LoadedDice([6, 1]))
    assert damage.roll.dice == (6, 1) and damage.location is DamageLocation.CREW
    assert damage.roll.modifiers[-1].page == "HoN core p.26"
    assert damage.roll.modifiers[-1].label.startswith("Positive Waves (hon's reading")
    assert "Damage Control" not in damage.roll.modifiers[-1].label
    # With a crew marker already there a second one would destroy it: the owner takes the hull.
    crew_hit = replace(careful, damage=(DamageLocation.CREW,))
    assert locate_damage(crew_hit, LoadedDice([1, 4])).location is DamageLocation.HULL
    forced = locate_damage(careful, LoadedDice([6, 6]))
    assert forced.effect is Effect.WRECKED
    chosen = locate_damage(careful, LoadedDice([1, 5]), choose=lambda vehicle, totals: max(totals))
    assert chosen.location is DamageLocation.PRIMARY


@pytest.mark.rule("suppressed")
def test_suppressed_markers_do_not_touch_the_damage_location_roll() -> None:
    firer = piece(infantry(combat=0, heavy=8), suppressed=1)
    result = fire(Shot(target=piece(tank()), firer=firer, facing=Facing.REAR), LoadedDice([1, 1]))
    assert result.damage is not None and result.damage.roll.total == 1


@pytest.mark.rule("effect-of-a-hit")
def test_a_light_vehicle_hit_becomes_a_wreck_or_is_removed() -> None:
    jeep = piece(light_vehicle(defense=5))
    wrecked = fire(Shot(target=jeep, firer=piece(infantry(combat=2, light=3))), LoadedDice([3]))
    assert wrecked.effect is Effect.WRECKED and wrecked.target is not None and wrecked.target.is_wreck
    gone = take_hit(piece(light_vehicle(wreck=False)), LoadedDice([]))
    assert gone[0] is Effect.DESTROYED and gone[1] is None


@pytest.mark.rule("effect-of-a-hit")
def test_a_reduced_infantry_unit_hit_is_destroyed() -> None:
    reduced = piece(infantry(), side_index=1)
    result = fire(Shot(target=reduced, firer=piece(infantry(combat=3))), LoadedDice([2]))
    assert result.outcome is FireOutcome.HIT and result.effect is Effect.DESTROYED and result.target is None


def test_a_wreck_is_not_a_target() -> None:
    wreck = piece(light_vehicle(), side_index=1)
    with pytest.raises(IllegalAttack) as caught:
        fire(Shot(target=wreck, firer=piece(infantry()), combat=2), LoadedDice([6]))
    assert caught.value.code is Code.WRECK


def test_a_destroyed_primary_weapon_cannot_fire(bundled: Catalogue) -> None:
    panzer = piece(bundled.units["ge-panzer-iv"], damage=(DamageLocation.PRIMARY,))
    gun, mg = panzer.side.weapons
    target = piece(infantry(defense=4))
    with pytest.raises(IllegalAttack) as caught:
        fire(Shot(target=target, firer=panzer, weapon=gun), LoadedDice([6]))
    assert caught.value.code is Code.WEAPON_DESTROYED
    assert fire(Shot(target=target, firer=panzer, weapon=mg), LoadedDice([1])).roll.total == 5


@pytest.mark.rule("vehicle-weapons")
def test_a_vehicle_with_two_weapons_must_say_which_fires(bundled: Catalogue) -> None:
    with pytest.raises(RulesError) as caught:
        fire(Shot(target=piece(infantry()), firer=piece(bundled.units["us-sherman"])), LoadedDice([6]))
    assert caught.value.code is Code.WEAPON_UNSAID


# --- special abilities -----------------------------------------------------------------------


@pytest.mark.rule("suppressive-fire")
def test_suppressive_fire_doubles_the_combat_value_and_bonuses_but_not_penalties() -> None:
    gunners = piece(infantry(combat=2, abilities=["suppressive-fire"]), suppressed=1)
    target = piece(infantry(defense=4))
    shot = Shot(target=target, firer=gunners, suppressive=True, bonuses=(AMMO,), obscured=(((1, 1), 1),))
    result = fire(shot, LoadedDice([4]))
    assert labelled(result.roll.modifiers) == [
        ("Combat value vs infantry", 2, "HoN core p.15"),
        ("Ammo", 1, "HoN core p.28"),
        ("Suppressive Fire: doubled", 3, "HoN core p.24"),
        ("Suppressed x1", -2, "HoN core p.16"),
        ("Obscured LoS at [1, 1]", -1, "HoN core p.18"),
    ]
    assert result.roll.total == 7 and result.roll.kind == "suppressive-fire"
    assert result.outcome is FireOutcome.SUPPRESSION and result.suppressed == 1
    assert result.target is not None and result.target.suppressed == 1 and result.target.side_index == 0


@pytest.mark.rule("suppressive-fire")
def test_suppressive_fire_gives_a_marker_per_multiple_of_the_defense() -> None:
    gunners = piece(infantry(combat=3, abilities=["suppressive-fire"]))
    for face, markers in ((1, 1), (2, 2), (6, 3)):  # 7, 8, 12 against 4
        result = fire(Shot(target=piece(infantry(defense=4)), firer=gunners, suppressive=True), LoadedDice([face]))
        assert result.suppressed == markers


@pytest.mark.rule("suppressive-fire")
def test_suppressive_fire_on_a_heavy_vehicle_deals_no_damage() -> None:
    dice = LoadedDice([6])
    mg = piece(infantry(combat=4, heavy=3, abilities=["suppressive-fire"]))
    result = fire(Shot(target=piece(tank()), firer=mg, facing=Facing.REAR, suppressive=True), dice)
    assert result.suppressed == 2 and result.damage is None and dice.left == 0


def test_suppressive_fire_needs_the_ability() -> None:
    with pytest.raises(IllegalAttack) as problem:
        fire(Shot(target=piece(infantry()), firer=piece(infantry()), suppressive=True), LoadedDice([6]))
    assert problem.value.code is Code.NO_ABILITY
    assert problem.value.page == "HoN core p.24"


@pytest.mark.rule("dual-weapon")
def test_dual_weapon_rolls_two_dice_and_keeps_the_best() -> None:
    sniper = piece(infantry(combat=1, abilities=["dual-weapon"]))
    result = fire(Shot(target=piece(infantry()), firer=sniper), LoadedDice([2, 5]))
    assert result.roll.dice == (2, 5) and result.roll.kept == 5 and result.roll.total == 6
    with pytest.raises(IllegalAttack) as caught:
        fire(Shot(target=piece(infantry()), firer=piece(infantry()), dual_weapon=True), LoadedDice([2, 5]))
    assert caught.value.code is Code.NO_ABILITY


@pytest.mark.rule("fire-on-the-move")
def test_fire_on_the_move_comes_off_the_combat_value(bundled: Catalogue) -> None:
    panzer = piece(bundled.units["ge-panzer-iv"])
    gun, mg = panzer.side.weapons
    target = piece(infantry(defense=4))
    moving = fire(Shot(target=target, firer=panzer, weapon=mg, fire_on_the_move=True), LoadedDice([3]))
    assert ("Fire on the Move", -2, "HoN core p.23") in labelled(moving.roll.modifiers)
    assert moving.roll.total == 5
    # Suppressive fire doubles the modified combat value: (4 - 2) x 2.
    doubled = fire(
        Shot(target=target, firer=panzer, weapon=mg, fire_on_the_move=True, suppressive=True), LoadedDice([3])
    )
    assert doubled.roll.total == 7
    with pytest.raises(IllegalAttack) as caught:
        fire(Shot(target=target, firer=panzer, weapon=gun, fire_on_the_move=True), LoadedDice([3]))
    assert caught.value.code is Code.NO_ABILITY


@pytest.mark.rule("frightening-shot")
def test_frightening_shot_suppresses_on_a_miss() -> None:
    scary = piece(infantry(combat=1, abilities=["frightening-shot", "machine-gunner"]))
    target = piece(infantry(defense=6))
    result = fire(Shot(target=target, firer=scary), LoadedDice([1]))
    assert result.outcome is FireOutcome.MISS and result.suppressed == 1 and result.effect is Effect.SUPPRESSED
    assert result.aim.frightening
    # Not with Machine Gunner (HoN core p.23).
    share = fire(Shot(target=target, firer=scary, machine_gunner_share=1), LoadedDice([1]))
    assert share.suppressed == 0
    with pytest.raises(IllegalAttack) as problem:
        fire(Shot(target=target, firer=scary, machine_gunner_share=1, frightening_shot=True), LoadedDice([1]))
    assert problem.value.code is Code.NOT_COMBINED
    assert problem.value.page == "HoN core p.23"


@pytest.mark.rule("opportunity-fire", "activated", "son-activated")
def test_opportunity_fire_activates_the_firer() -> None:
    watcher = piece(infantry(combat=2, abilities=["opportunity-fire"]))
    result = fire(Shot(target=piece(infantry()), firer=watcher, opportunity=True), LoadedDice([3]))
    assert result.firer is not None and result.firer.activated
    with pytest.raises(IllegalAttack) as caught:
        fire(Shot(target=piece(infantry()), firer=replace(watcher, activated=True), opportunity=True), LoadedDice([3]))
    assert caught.value.code is Code.ALREADY_ACTIVATED
    with pytest.raises(IllegalAttack) as caught:
        fire(Shot(target=piece(infantry()), firer=piece(infantry()), opportunity=True), LoadedDice([3]))
    assert caught.value.code is Code.NO_ABILITY


@pytest.mark.rule("ambush")
def test_a_concealed_unit_cannot_be_targeted_and_is_revealed_when_it_fires() -> None:
    hidden = piece(ambusher())
    with pytest.raises(IllegalAttack) as problem:
        fire(Shot(target=hidden, firer=piece(infantry())), LoadedDice([6]))
    assert problem.value.code is Code.CONCEALED
    assert problem.value.page == "HoN core p.21"
    result = fire(Shot(target=piece(infantry()), firer=hidden), LoadedDice([6]))
    assert result.firer is not None and not result.firer.concealed


@pytest.mark.rule("transport")
def test_an_embarked_unit_cannot_be_targeted() -> None:
    with pytest.raises(IllegalAttack) as caught:
        fire(Shot(target=piece(infantry(), embarked_in="jeep"), firer=piece(infantry())), LoadedDice([6]))
    assert caught.value.code is Code.EMBARKED


@pytest.mark.rule("alternate-firing-action")
def test_an_alternate_firing_action_uses_its_own_value_and_none_of_the_abilities() -> None:
    sniper = piece(infantry(combat=1, abilities=["dual-weapon"]), suppressed=1)
    result = fire(Shot(target=piece(infantry()), firer=sniper, combat=3), LoadedDice([4]))
    assert result.roll.dice == (4,) and result.roll.total == 5  # one die, Suppressed still counts


@pytest.mark.rule("destruction", "destruction-point", "son-destruction")
def test_destruction_dice_add_a_point_for_each_4_or_more() -> None:
    result = destruction_roll(3, LoadedDice([4, 3, 6]), HON, structure=3, points=0)
    assert result.points == 2 and not result.destroyed and result.roll.page == "HoN core p.22"
    assert destruction_roll(2, LoadedDice([5, 1]), HON, structure=3, points=2).destroyed
    assert destruction_roll(1, LoadedDice([3])).points == 0
    with pytest.raises(RulesError) as caught:
        destruction_roll(0, LoadedDice([]))
    assert caught.value.code is Code.BAD_COUNT


@pytest.mark.rule("destruction", "structure", "son-structure")
def test_a_shot_at_a_unit_in_a_structure_rolls_destruction_after(bundled: Catalogue) -> None:
    panzer = piece(bundled.units["ge-panzer-iv"])
    gun = panzer.side.weapons[0]
    dice = LoadedDice([1, 4, 4])
    result = fire(
        Shot(target=piece(infantry(defense=6)), firer=panzer, weapon=gun, structure=3, structure_points=1), dice
    )
    assert result.outcome is FireOutcome.MISS
    assert result.destruction is not None and result.destruction.points == 2 and result.destruction.destroyed
    assert dice.left == 0 and len(result.rolls) == 2


# --- Machine Gunner, HoN core p.24 -----------------------------------------------------------


@pytest.mark.rule("machine-gunner")
def test_worked_example_the_mg42_splits_4_into_1_1_2(bundled: Catalogue) -> None:
    mg42 = piece(bundled.units["ge-mg42-team"], side_index=1)  # the tripod set up: +4 against infantry
    a = piece(infantry(), (5, 0), key="a")
    b = piece(infantry(), (6, 0), key="b")  # 1 square from A
    c = piece(infantry(), (8, 0), key="c")  # 2 squares from B
    pool = machine_gunner_pool(Shot(target=a, firer=mg42, range=5))
    assert pool == 4
    assert split_machine_gunner(pool, [a, b, c]) == (1, 1, 2)
    results = [
        fire(Shot(target=t, firer=mg42, machine_gunner_share=s, range=5), LoadedDice([3]))
        for t, s in zip([a, b, c], (1, 1, 2), strict=True)
    ]
    assert [labelled(r.roll.modifiers) for r in results][2] == [("Machine Gunner share", 2, "HoN core p.24")]
    assert [r.roll.total for r in results] == [4, 4, 5]


@pytest.mark.rule("machine-gunner")
def test_the_mg42_cannot_reach_a_target_more_than_2_squares_from_the_others() -> None:
    a, b, c = (piece(infantry(), (x, 0), key=str(x)) for x in (5, 6, 8))
    d = piece(infantry(), (8, 3), key="d")  # 3 squares from C
    with pytest.raises(IllegalAttack) as caught:
        split_machine_gunner(4, [a, b, c, d])
    assert caught.value.code is Code.MACHINE_GUNNER_TARGETS
    assert not splits_evenly(4, [a, b, c, d])


@pytest.mark.rule("machine-gunner")
def test_splits_evenly_says_whether_the_even_split_is_allowed() -> None:
    a, b, c = (piece(infantry(), (x, 0), key=str(x)) for x in (5, 6, 8))
    far = piece(infantry(), (8, 3), key="far")
    truck = piece(light_vehicle(), (6, 1), key="truck")
    for total, targets in ((4, [a, b, c]), (2, [a, b]), (2, [a, c]), (2, [a, b, c]), (4, [a, far]), (4, [a, truck])):
        try:
            split_machine_gunner(total, targets)
        except IllegalAttack:
            assert not splits_evenly(total, targets)
        else:
            assert splits_evenly(total, targets)


@pytest.mark.rule("machine-gunner")
def test_machine_gunner_targets_are_of_one_type_and_get_at_least_1_each() -> None:
    a, b = piece(infantry(), (0, 0)), piece(light_vehicle(), (1, 0))
    with pytest.raises(IllegalAttack) as caught:
        split_machine_gunner(4, [a, b])
    assert caught.value.code is Code.MACHINE_GUNNER_TARGETS
    c = piece(infantry(), (1, 0))
    with pytest.raises(IllegalAttack) as caught:
        split_machine_gunner(1, [a, c])
    assert caught.value.code is Code.MACHINE_GUNNER_SHARES
    assert split_machine_gunner(4, [a, c], [3, 1]) == (3, 1)
    for shares in ([4, 0], [2, 1], [1, 1, 2]):
        with pytest.raises(IllegalAttack):
            split_machine_gunner(4, [a, c], shares)
    with pytest.raises(IllegalAttack) as caught:
        fire(Shot(target=a, combat=4, machine_gunner_share=0), LoadedDice([1]))
    assert caught.value.code is Code.MACHINE_GUNNER_SHARES


def test_a_machine_gunner_share_needs_the_ability() -> None:
    with pytest.raises(IllegalAttack) as caught:
        fire(Shot(target=piece(infantry()), firer=piece(infantry()), machine_gunner_share=1), LoadedDice([1]))
    assert caught.value.code is Code.NO_ABILITY


@pytest.mark.rule("machine-gunner")
def test_machine_gunner_with_suppressive_fire_doubles_then_splits_in_hon_splits_then_doubles_in_son(
    bundled: Catalogue,
) -> None:
    mg42 = piece(bundled.units["ge-mg42-team"], side_index=1)
    a, b = piece(infantry(), (3, 0)), piece(infantry(), (4, 0))
    template = Shot(target=a, firer=mg42, suppressive=True)
    assert machine_gunner_pool(template, HON) == 8
    assert machine_gunner_pool(template, SON) == 4
    hon = fire(replace(template, machine_gunner_share=3), LoadedDice([1]), HON)
    son = fire(replace(template, target=b, machine_gunner_share=3), LoadedDice([1]), SON)
    assert hon.roll.total == 4 and son.roll.total == 7
    assert son.roll.modifiers[-1] == Modifier("Suppressive Fire: doubled", 3, "SoN p.19")


# --- Shadows over Normandie: large creatures -------------------------------------------------


@pytest.mark.rule("large-creatures")
def test_any_combat_value_may_be_used_against_a_large_creature() -> None:
    rifles = piece(infantry(combat=1, light=3, heavy=None))
    result = fire(Shot(target=piece(creature(defense=6)), firer=rifles), LoadedDice([3]), SON)
    assert result.roll.modifiers[0] == Modifier("Combat value vs creature", 3, "SoN p.8")
    assert result.outcome is FireOutcome.HIT


@pytest.mark.rule("large-creatures")
def test_large_creatures_get_no_terrain_bonus_in_son() -> None:
    shot = Shot(target=piece(creature(defense=6)), firer=piece(infantry(combat=1)), terrain=2)
    assert fire(shot, LoadedDice([5]), SON).aim.defense == 6
    assert fire(shot, LoadedDice([5]), HON).aim.defense == 8  # the HoN rule keeps defensive bonuses


@pytest.mark.rule("double-hit")
def test_the_son_kill_shot_is_a_double_hit() -> None:
    result = fire(Shot(target=piece(infantry(defense=3)), firer=piece(infantry(combat=2))), LoadedDice([4]), SON)
    assert result.outcome is FireOutcome.DOUBLE_HIT and result.roll.page == "SoN p.8"


# --- events ----------------------------------------------------------------------------------


@pytest.mark.rule("firing-resolution")
def test_a_firing_action_yields_an_event_with_dice_modifiers_and_pages() -> None:
    target = piece(infantry(defense=4, name="Fire Team"))
    result = fire(
        Shot(target=target, firer=piece(infantry(name="Grenadiers")), terrain=2, bonuses=(AMMO,)),
        LoadedDice([4]),
    )
    event = FireEvent.of(result, turn=1, phase=Phase.ACTIVATION, side="german").to_json()
    assert event["kind"] == "fire" and event["data"]["effect"] == "flipped"
    roll = event["rolls"][0]
    assert roll["dice"] == [4] and roll["total"] == 7
    assert roll["modifiers"][1] == {"label": "Ammo", "value": 1, "page": "HoN core p.28"}
    assert event["data"]["outcome"] == "hit" and event["data"]["defense"] == 6


@pytest.mark.parametrize("suppressive", [False, True])
@pytest.mark.parametrize("share", [None, 1, 3])
def test_a_varied_shot_is_the_shot_replace_makes(suppressive: bool, share: int | None) -> None:
    # `Shot.varied` copies the shot's fields instead of rebuilding it (HoN core p.24 variants):
    # equal and aimed as `dataclasses.replace` makes it, the original untouched.
    firer = piece(infantry(combat=2, abilities=["suppressive-fire", "machine-gunner"]), (0, 0), owner="german")
    shot = Shot(
        target=piece(infantry(), (2, 0), owner="us"), firer=firer, range=2, bonuses=(AMMO,), machine_gunner_share=2
    )
    varied = shot.varied(suppressive, share)
    made = replace(shot, suppressive=suppressive, machine_gunner_share=share)
    assert varied == made
    assert vars(varied) == vars(made)
    assert aim(varied) == aim(made)
    assert shot.suppressive is False and shot.machine_gunner_share == 2
