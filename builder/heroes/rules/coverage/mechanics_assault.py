"""Mechanics: assault."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    ASSAULT,
    BOARD,
    BOTH,
    HON,
    MOVEMENT,
    PLAYED,
    RETREAT,
    SON,
    SURPRISE,
    TURN,
    ZOC,
    Coverage,
    mechanic,
)

ENTRIES: tuple[Coverage, ...] = (
    mechanic(
        "assault-launch",
        "Launching an assault",
        BOTH,
        "HoN core p.25; SoN p.7",
        PLAYED,
        "the move ends stepping into the defender's square, from a free square (or its transport), the last step "
        "ignoring ZoC",
        MOVEMENT + "test_an_assault_ends_in_the_enemy_square",
        "tests/heroes/rules/test_transport.py::test_an_assault_is_launched_from_a_transport_and_the_winner_gets_off_onto_the_ground",
        ZOC + "test_an_assault_ignores_the_zoc_for_its_last_step",
        ZOC + "test_an_assault_starts_from_a_free_square",
    ),
    mechanic(
        "assault-results",
        "Assault results",
        BOTH,
        "HoN core p.25-26; SoN p.7",
        PLAYED,
        "retreats and overruns are listed apart",
        ASSAULT + "test_the_defender_wins_the_attacker_takes_a_hit_and_falls_back",
        BOARD + "test_a_heavy_vehicle_wrecking_a_light_vehicle_in_an_assault_takes_its_square_and_damages_the_wreck",
        ASSAULT + "test_a_tie_infantry_attacker_falls_back_and_nobody_is_hit",
        ASSAULT + "test_a_defender_with_x_against_the_attacker_is_destroyed_without_dice",
        ASSAULT + "test_a_heavy_vehicle_without_a_secondary_weapon_takes_one_automatic_damage",
        ASSAULT + "test_a_heavy_vehicle_defends_with_its_secondary_weapon",
        ASSAULT + "test_a_light_vehicle_that_loses_is_wrecked_and_never_retreats",
    ),
    mechanic(
        "assault-retreat",
        "Retreat after an assault",
        BOTH,
        "HoN core p.26; SoN p.7",
        PLAYED,
        "a beaten infantry defender falls back to the best-covered of the three squares opposite (the owner's "
        "choice), never within an enemy ZoC nor across a wall, out of a building by a door (Surprise: a window), or "
        "is destroyed",
        ASSAULT + "test_an_infantry_defender_with_nowhere_to_retreat_is_destroyed",
        RETREAT + "test_a_retreat_may_enter_an_enemy_zone_of_control",
        SURPRISE + "test_a_retreat_crosses_no_wall_and_leaves_a_building_only_by_a_door",
        RETREAT + "test_a_retreat_that_would_move_within_an_enemy_zone_of_control_destroys_the_unit",
        RETREAT + "test_a_suppressed_or_vehicle_zone_of_control_does_not_stop_a_retreat",
        TURN + "test_the_policy_assaults_when_the_odds_favour_it_and_the_winner_takes_the_ground",
    ),
    mechanic(
        "assault-push-aside",
        "Push aside",
        HON,
        "HoN core p.26",
        PLAYED,
        "the owner's choice of square is the first free one in column then row order",
        ASSAULT + "test_a_tie_vehicle_against_infantry_overruns_in_hon_but_not_in_son",
    ),
    mechanic(
        "assault-overrun",
        "Overrun",
        HON,
        "HoN core p.26",
        PLAYED,
        "a vehicle that loses or ties against infantry takes its square, its wreck too when the assault wrecked it; "
        "the infantry is pushed aside",
        ASSAULT + "test_a_tie_vehicle_against_infantry_overruns_in_hon_but_not_in_son",
        RETREAT + "test_a_vehicle_wrecked_by_the_infantry_it_assaults_still_takes_its_square",
    ),
    mechanic(
        "assault-pushed-back",
        "The attacker pushed back",
        SON,
        "SoN p.7",
        PLAYED,
        "after a loss the attacker is pushed back to the square it assaulted from, after a tie both stay; SoN makes "
        "no exception for a vehicle beaten by infantry, unlike HoN core p.26",
        ASSAULT + "test_a_tie_vehicle_against_infantry_overruns_in_hon_but_not_in_son",
        ASSAULT + "test_a_vehicle_beaten_by_infantry_takes_its_square_in_hon_but_is_pushed_back_in_son",
    ),
)
