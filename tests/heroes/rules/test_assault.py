"""Assaults (HoN core p.25-26; SoN p.7): the worked example, every result and its edge cases."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.units import Unit
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.combat import FiredBy, FireEvent
from builder.heroes.rules.events.game import AssaultEvent, Phase
from builder.heroes.rules.resolution.assault_roll import (
    Assault,
    AssaultOutcome,
    AttackerMove,
    DefenderMove,
    engage,
    resolve_assault,
)
from builder.heroes.rules.resolution.combat import IllegalAttack
from builder.heroes.rules.resolution.damage import DamageLocation, Effect
from builder.heroes.rules.ruleset import HON, SON
from builder.kernel.dice import LoadedDice
from builder.kernel.events import Modifier
from tests.heroes.rules import ambusher, creature, infantry, light_vehicle, piece, tank

CARD = Modifier("Action card: assault bonus", 1, "HoN core p.17")


def trooper(combat: int = 2, **fields: Any) -> Unit:
    """Infantry with the Assault ability."""
    return infantry(combat=combat, abilities=["assault"], **fields)


@pytest.mark.rule("assault")
def test_worked_example_9_against_7_the_attacker_wins() -> None:
    american = piece(infantry(combat=2, abilities=["assault"], name="Rangers"), (0, 0), owner="us")
    german = piece(infantry(combat=2, abilities=["assault"], name="Grenadiers"), (1, 0), owner="german")
    dice = LoadedDice([6, 1, 3, 2])
    result = resolve_assault(Assault(american, german, terrain=2, attacker_bonuses=(CARD,)), dice)
    assert result.attack is not None and result.defence is not None
    assert result.attack.dice == (6, 1) and result.attack.kept == 6
    assert [(m.label, m.value, m.page) for m in result.attack.modifiers] == [
        ("Combat value vs infantry", 2, "HoN core p.25"),
        ("Action card: assault bonus", 1, "HoN core p.17"),
    ]
    assert result.attack.total == 9
    assert result.defence.dice == (3, 2) and result.defence.kept == 3
    assert [(m.label, m.value, m.page) for m in result.defence.modifiers] == [
        ("Combat value vs infantry", 2, "HoN core p.25"),
        ("Defensive bonus", 2, "HoN core p.18"),
    ]
    assert result.defence.total == 7
    assert result.outcome is AssaultOutcome.WIN
    # The infantry defender takes a hit and falls back; the attacker takes its square (p.26).
    assert result.defender_effect is Effect.FLIPPED and result.defender is not None
    assert result.defender.side_index == 1
    assert result.defender_moves is DefenderMove.RETREATS and result.attacker_moves is AttackerMove.ADVANCES
    assert result.attacker == american and result.attacker_effect is Effect.NONE
    assert dice.left == 0
    event = AssaultEvent.of(result, 2, Phase.ACTIVATION, "us")
    assert [(r.kind, r.total) for r in event.rolls] == [("assault-attack", 9), ("assault-defence", 7)]
    assert event.outcome is AssaultOutcome.WIN


@pytest.mark.rule("assault")
def test_only_units_with_assault_may_attack() -> None:
    with pytest.raises(IllegalAttack) as problem:
        engage(Assault(piece(infantry()), piece(infantry())))
    assert problem.value.code is Code.NO_ABILITY
    assert problem.value.page == "HoN core p.25"
    # A card granting Assault +2 (The Fury of the Führer) lets it attack, with the bonus.
    plan = engage(Assault(piece(infantry()), piece(infantry()), granted_assault=2))
    assert Modifier("Assault +2", 2, "HoN core p.25") in plan.attack


@pytest.mark.rule("assault")
def test_assault_n_adds_to_the_attack_only() -> None:
    veteran = piece(infantry(combat=2, abilities=[{"assault": 1}]))
    plan = engage(Assault(veteran, piece(infantry(combat=2, abilities=[{"assault": 1}]))))
    assert sum(m.value for m in plan.attack) == 3 and sum(m.value for m in plan.defence) == 2
    assert plan.defender_dice == 2


@pytest.mark.rule("assault")
def test_a_defender_without_assault_rolls_one_die() -> None:
    assert engage(Assault(piece(trooper()), piece(infantry()))).defender_dice == 1


def test_an_x_against_the_defender_forbids_the_assault() -> None:
    with pytest.raises(IllegalAttack) as caught:
        engage(Assault(piece(infantry(combat=2, heavy=None, abilities=["assault"])), piece(tank())))
    assert caught.value.code is Code.COMBAT_VALUE_X


@pytest.mark.rule("assault-results")
def test_a_defender_with_x_against_the_attacker_is_destroyed_without_dice() -> None:
    attacker = piece(trooper())
    helpless = piece(infantry(combat=None))  # X against infantry
    dice = LoadedDice([])
    result = resolve_assault(Assault(attacker, helpless), dice)
    assert result.engagement.automatic and result.attack is None
    assert result.outcome is AssaultOutcome.WIN
    assert result.defender is None and result.defender_effect is Effect.DESTROYED
    assert result.defender_moves is DefenderMove.REMOVED and result.attacker_moves is AttackerMove.ADVANCES
    told = AssaultEvent.of(result, 1, Phase.ACTIVATION)
    assert told.attack is None and told.defence is None  # it cannot fight back


@pytest.mark.rule("assault-results")
def test_a_heavy_vehicle_without_a_secondary_weapon_takes_one_automatic_damage() -> None:
    lone_gun = piece(tank(secondary=None, lone_role="primary"))
    result = resolve_assault(Assault(piece(trooper(heavy=3)), lone_gun), LoadedDice([3]))
    assert result.engagement.automatic
    assert result.damage[0].location is DamageLocation.HULL and result.defender_effect is Effect.DAMAGED
    assert result.defender is not None and result.defender.suppressed == 2
    assert result.defender_moves is DefenderMove.STAYS and result.attacker_moves is AttackerMove.FALLS_BACK


@pytest.mark.rule("assault-results")
def test_a_heavy_vehicle_defends_with_its_secondary_weapon() -> None:
    plan = engage(Assault(piece(trooper(heavy=3)), piece(tank(secondary=(4, 2, None)))))
    assert plan.defence[0] == Modifier("Combat value vs infantry", 4, "HoN core p.25")
    # A single weapon is both primary and secondary: it defends with it.
    single = engage(Assault(piece(trooper(heavy=3)), piece(tank(primary=(1, 5, 4), secondary=None))))
    assert not single.automatic and single.defence[0].value == 1


def test_a_heavy_vehicle_that_loses_takes_damage_and_the_attacker_falls_back() -> None:
    result = resolve_assault(Assault(piece(trooper(heavy=3)), piece(tank())), LoadedDice([6, 6, 1, 2]))
    assert result.outcome is AssaultOutcome.WIN
    assert result.damage[0].location is DamageLocation.TRACKS
    assert result.defender_moves is DefenderMove.STAYS and result.attacker_moves is AttackerMove.FALLS_BACK


@pytest.mark.rule("assault-results")
def test_a_light_vehicle_that_loses_is_wrecked_and_never_retreats() -> None:
    jeep = piece(light_vehicle(combat=1))
    result = resolve_assault(Assault(piece(trooper(light=2)), jeep), LoadedDice([6, 5, 1]))
    assert result.defender_effect is Effect.WRECKED and result.defender is not None and result.defender.is_wreck
    assert result.attacker_moves is AttackerMove.FALLS_BACK and result.wreck_destruction_points == 0


def test_a_heavy_vehicle_beating_a_light_vehicle_takes_the_square_and_damages_the_wreck() -> None:
    rammer = piece(tank(abilities=["assault"]))
    result = resolve_assault(Assault(rammer, piece(light_vehicle(combat=1))), LoadedDice([6, 5, 1]))
    assert result.attacker_moves is AttackerMove.ADVANCES and result.wreck_destruction_points == 1


@pytest.mark.rule("assault-results")
def test_the_defender_wins_the_attacker_takes_a_hit_and_falls_back() -> None:
    result = resolve_assault(Assault(piece(trooper()), piece(infantry(combat=3))), LoadedDice([2, 1, 5]))
    assert result.outcome is AssaultOutcome.LOSS
    assert result.attacker_effect is Effect.FLIPPED and result.attacker is not None
    assert result.attacker_moves is AttackerMove.FALLS_BACK and result.defender_moves is DefenderMove.STAYS


def test_an_attacking_heavy_vehicle_that_loses_takes_one_damage() -> None:
    rammer = piece(tank(abilities=["assault"]))
    result = resolve_assault(Assault(rammer, piece(infantry(combat=2, light=2, heavy=5))), LoadedDice([1, 1, 6, 5]))
    assert result.outcome is AssaultOutcome.LOSS
    assert result.damage[0].location is DamageLocation.PRIMARY and result.attacker_effect is Effect.DAMAGED
    # A vehicle beaten by infantry still takes its square; the infantry is pushed aside.
    assert result.attacker_moves is AttackerMove.ADVANCES and result.defender_moves is DefenderMove.PUSHED_ASIDE


@pytest.mark.rule("assault-results")
def test_a_tie_infantry_attacker_falls_back_and_nobody_is_hit() -> None:
    result = resolve_assault(Assault(piece(trooper()), piece(infantry(combat=2))), LoadedDice([3, 1, 3]))
    assert result.outcome is AssaultOutcome.TIE
    assert result.attacker_effect is Effect.NONE and result.defender_effect is Effect.NONE
    assert result.attacker_moves is AttackerMove.FALLS_BACK and result.defender_moves is DefenderMove.STAYS


@pytest.mark.rule("assault-push-aside", "assault-overrun", "assault-pushed-back")
def test_a_tie_vehicle_against_infantry_overruns_in_hon_but_not_in_son() -> None:
    jeep = piece(light_vehicle(combat=2, abilities=["assault"]))
    assault = Assault(jeep, piece(infantry(combat=0, light=2)))
    hon = resolve_assault(assault, LoadedDice([3, 1, 3]), HON)
    assert hon.outcome is AssaultOutcome.TIE
    assert hon.attacker_moves is AttackerMove.ADVANCES and hon.defender_moves is DefenderMove.PUSHED_ASIDE
    son = resolve_assault(assault, LoadedDice([3, 1, 3]), SON)
    assert son.attacker_moves is AttackerMove.FALLS_BACK and son.defender_moves is DefenderMove.STAYS


@pytest.mark.rule("assault-pushed-back")
def test_a_vehicle_beaten_by_infantry_takes_its_square_in_hon_but_is_pushed_back_in_son() -> None:
    """HoN core p.26: a beaten vehicle "takes the place of the defender if the defender is an
    Infantry Unit"; SoN p.7: the beaten attacker "is pushed back to the last space it held"."""
    jeep = piece(light_vehicle(combat=2, abilities=["assault"]))
    assault = Assault(jeep, piece(infantry(combat=0, light=2)))
    hon = resolve_assault(assault, LoadedDice([1, 1, 6]), HON)
    assert hon.outcome is AssaultOutcome.LOSS
    assert hon.attacker_moves is AttackerMove.ADVANCES and hon.defender_moves is DefenderMove.PUSHED_ASIDE
    son = resolve_assault(assault, LoadedDice([1, 1, 6]), SON)
    assert son.outcome is AssaultOutcome.LOSS
    assert son.attacker_moves is AttackerMove.FALLS_BACK and son.defender_moves is DefenderMove.STAYS


def test_suppressed_markers_weigh_on_both_sides() -> None:
    plan = engage(Assault(piece(trooper(), suppressed=1), piece(infantry(), suppressed=2)))
    assert plan.attack[-1] == Modifier("Suppressed x1", -2, "HoN core p.16")
    assert plan.defence[-1] == Modifier("Suppressed x2", -4, "HoN core p.16")


@pytest.mark.rule("defensive-positions", "son-defense")
def test_no_terrain_bonus_when_both_are_in_the_same_building_or_position() -> None:
    assert sum(m.value for m in engage(Assault(piece(trooper()), piece(infantry()), terrain=2)).defence) == 4
    assert (
        sum(m.value for m in engage(Assault(piece(trooper()), piece(infantry()), terrain=2, same_cover=True)).defence)
        == 2
    )


@pytest.mark.rule("firing-arc")
def test_assaulted_from_outside_a_limited_firing_arc_the_defender_is_suppressed_first() -> None:
    gun = piece(tank(arc=90))
    plan = engage(Assault(piece(trooper(heavy=2)), gun, outside_arc=True))
    assert plan.defender.suppressed == 1 and plan.defence[-1].value == -2
    with pytest.raises(RulesError) as caught:
        engage(Assault(piece(trooper()), piece(infantry()), outside_arc=True))
    assert caught.value.code is Code.FULL_FIRING_ARC


@pytest.mark.rule("ambush")
def test_a_concealed_defender_is_revealed_a_concealed_attacker_may_not_assault() -> None:
    plan = engage(Assault(piece(trooper()), piece(ambusher())))
    assert not plan.defender.concealed and plan.defender.side.state.value == "inactive"
    with pytest.raises(IllegalAttack) as problem:
        engage(Assault(piece(ambusher()), piece(infantry())))
    assert problem.value.code is Code.CONCEALED
    assert problem.value.page == "HoN core p.21"


@pytest.mark.rule("transport")
def test_an_embarked_unit_or_a_wreck_cannot_be_assaulted() -> None:
    with pytest.raises(IllegalAttack) as caught:
        engage(Assault(piece(trooper()), piece(infantry(), embarked_in="jeep")))
    assert caught.value.code is Code.EMBARKED
    with pytest.raises(IllegalAttack) as caught:
        engage(Assault(piece(trooper()), piece(light_vehicle(), side_index=1)))
    assert caught.value.code is Code.WRECK


def test_a_reduced_defender_that_loses_is_destroyed_and_the_attacker_advances() -> None:
    result = resolve_assault(Assault(piece(trooper()), piece(infantry(), side_index=1)), LoadedDice([6, 6, 1]))
    assert result.defender is None and result.defender_moves is DefenderMove.REMOVED
    assert result.attacker_moves is AttackerMove.ADVANCES


# --- Shadows over Normandie ------------------------------------------------------------------


@pytest.mark.rule("terrifying")
def test_terrifying_two_markers_on_the_loser_one_on_the_winner() -> None:
    horror = piece(creature(combat=3, abilities=["assault", "terrifying"]))
    win = resolve_assault(Assault(horror, piece(infantry())), LoadedDice([6, 6, 1]), SON)
    assert win.defender is not None and win.defender.suppressed == 2 and win.defender_effect is Effect.FLIPPED
    loss = resolve_assault(Assault(horror, piece(infantry(combat=6))), LoadedDice([1, 1, 6]), SON)
    assert loss.outcome is AssaultOutcome.LOSS
    assert loss.defender is not None and loss.defender.suppressed == 1 and loss.defender_effect is Effect.SUPPRESSED


def test_a_large_creature_defender_gets_no_terrain_bonus_in_son() -> None:
    plan = engage(Assault(piece(trooper(light=2)), piece(creature()), terrain=2), SON)
    assert [m.label for m in plan.defence] == ["Combat value vs infantry"]


@pytest.mark.rule("sacrifice")
def test_sacrifice_turns_over_to_give_the_opponent_a_hit() -> None:
    zealot = piece(infantry(combat=2, abilities=["assault", "sacrifice"], reduced_abilities=["assault", "sacrifice"]))
    result = resolve_assault(
        Assault(zealot, piece(infantry(combat=2)), attacker_sacrifices=True), LoadedDice([3, 1, 3]), SON
    )
    assert result.outcome is AssaultOutcome.TIE
    assert result.attacker is not None and result.attacker.side_index == 1
    assert result.defender_effect is Effect.FLIPPED
    with pytest.raises(IllegalAttack) as caught:
        resolve_assault(
            Assault(replace(zealot, side_index=1), piece(infantry(combat=2)), attacker_sacrifices=True),
            LoadedDice([3, 1, 3]),
            SON,
        )
    assert caught.value.code is Code.WOULD_BE_ELIMINATED
    with pytest.raises(IllegalAttack) as caught:
        resolve_assault(
            Assault(zealot, piece(infantry(combat=2)), defender_sacrifices=True), LoadedDice([3, 1, 3]), SON
        )
    assert caught.value.code is Code.NO_ABILITY


def test_the_bundled_catalogue_assault_us_fire_team_on_grenadiers(bundled: Catalogue) -> None:
    team = piece(bundled.units["us-fire-team"], owner="us")
    grenadiers = piece(bundled.units["ge-grenadiers"], (1, 0), owner="german")
    result = resolve_assault(Assault(team, grenadiers, terrain=1), LoadedDice([5, 2, 4, 4]))
    assert result.attack is not None and result.attack.total == 5 + 3
    assert result.outcome in AssaultOutcome


@pytest.mark.rule("charge")
def test_a_unit_with_charge_fires_at_the_defender_before_the_assault() -> None:
    """BfC p.08, Charge: "When this unit launches an Assault, it may take a Firing Action
    before resolving the Assault". The policy always does (a hit only helps); a unit
    without Charge may not."""
    from builder.heroes.ai.greedy import SimplePolicy
    from builder.heroes.rules.actions.kinds import AssaultAction
    from builder.heroes.rules.turn_context import Turn
    from builder.kernel.dice import LoadedDice
    from tests.fixtures.rules.boards import piece as board_piece
    from tests.fixtures.rules.boards import unit
    from tests.fixtures.rules.games import game

    chargers = unit("chargers", abilities=[{"id": "assault", "value": 2}, "charge"])
    attacker, defender = board_piece("a1", (2, 1), kind=chargers), board_piece("b1", (4, 1), "b")
    state = game("\n".join(["........"] * 3), [attacker, defender])
    action = SimplePolicy().activate(state, attacker)
    assert isinstance(action, AssaultAction) and action.charge
    turn = Turn(state, LoadedDice([1, 6, 1, 1, 1, 1]), Phase.ACTIVATION)  # the shot misses, then the assault
    turn.perform("a1", action)
    kinds = [f.event.kind for f in turn.frames]
    assert kinds.index("fire") < kinds.index("move") < kinds.index("assault")  # it fires first, from afar
    fired = next(f.event for f in turn.frames if isinstance(f.event, FireEvent))
    assert isinstance(fired, FireEvent) and (fired.fired_by, fired.by_page) == (FiredBy.CHARGE, "BfC p.08")
    # "If the Firing Action destroys the target, this unit must end its Movement Action in
    # the target's former square": a reduced defender hit is destroyed, no assault is rolled.
    reduced = board_piece("b1", (4, 1), "b", side_index=1)
    state = game("\n".join(["........"] * 3), [board_piece("a1", (2, 1), kind=chargers), reduced])
    action = SimplePolicy().activate(state, state.pieces["a1"])
    assert isinstance(action, AssaultAction) and action.charge
    turn = Turn(state, LoadedDice([6]), Phase.ACTIVATION)
    turn.perform("a1", action)
    assert "b1" not in state.pieces and state.pieces["a1"].squares == ((4, 1),)
    assert "assault" not in [f.event.kind for f in turn.frames]
    plain = board_piece("a2", (2, 1), kind=unit("stormers", abilities=[{"id": "assault", "value": 2}]))
    state = game("\n".join(["........"] * 3), [plain, board_piece("b1", (4, 1), "b")])
    action = SimplePolicy().activate(state, plain)
    assert isinstance(action, AssaultAction) and not action.charge
    with pytest.raises(IllegalAttack):
        Turn(state, LoadedDice([6, 6, 1]), Phase.ACTIVATION).perform("a2", replace(action, charge=True))
