"""Mechanics: line of sight and terrain."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    ASSAULT,
    BOTH,
    COMBAT,
    HON,
    LOS,
    MOVEMENT,
    PARTIAL,
    PLAYED,
    TRENCHES,
    TURN,
    ZOC,
    Coverage,
    mechanic,
)

ENTRIES: tuple[Coverage, ...] = (
    mechanic(
        "line-of-sight",
        "Line of Sight",
        BOTH,
        "HoN core p.13-14; SoN p.8",
        PARTIAL,
        "clear, obscured or blocked, exactly, between square centres; a counter of several squares traces from "
        "and to the centre of each, never from a point between them",
        LOS + "test_clear_in_the_open_and_blocked_by_an_obstacle",
        LOS + "test_the_firers_and_targets_squares_never_count",
        LOS + "test_a_line_through_a_corner_is_blocked_only_with_obstacles_on_both_sides",
        LOS + "test_infantry_blocks_only_between_infantry",
        LOS + "test_son_infantry_screens_a_large_creature_hon_does_not_know_them",
        LOS + "test_a_two_square_vehicle_traces_from_its_best_square",
    ),
    mechanic(
        "buildings",
        "Buildings",
        HON,
        "HoN core p.20",
        PLAYED,
        "",
        MOVEMENT + "test_a_building_is_entered_only_through_its_doors",
        MOVEMENT + "test_vehicles_squeeze_between_buildings_touching_at_a_corner",
        LOS + "test_a_unit_inside_fires_out_only_from_the_square_by_the_opening",
        LOS + "test_units_inside_see_each_other_unless_a_wall_parts_them",
        ZOC + "test_walls_and_windows_stop_it_doors_pass_it_in_hon_only",
    ),
    mechanic(
        "defensive-positions",
        "Defensive positions",
        HON,
        "HoN core p.19",
        PARTIAL,
        "their bonus, lost against a firer or assaulter inside the same position, is played; the opportunity fire "
        "some of them allow is not",
        ASSAULT + "test_no_terrain_bonus_when_both_are_in_the_same_building_or_position",
    ),
    mechanic(
        "wrecks",
        "Wrecks",
        BOTH,
        "HoN core p.15; HoN core p.19; SoN p.8",
        PARTIAL,
        "a destroyed vehicle turns to its wreck, which infantry may stand on, heavy vehicles crush and vehicles "
        "push; its printed terrain symbols (cover, obstacle, structure value) are not read",
        COMBAT + "test_a_6_destroys_the_vehicle_into_a_wreck",
        TURN + "test_infantry_may_stand_on_a_wreck_but_not_where_a_unit_already_stands_on_it",
    ),
    mechanic(
        "tall-grass",
        "Tall grass",
        HON,
        "BfC p.05",
        PLAYED,
        "",
        LOS + "test_yellow_triangle_obscures_only_shots_at_infantry",
    ),
    mechanic(
        "trenches",
        "Trenches",
        HON,
        "BfC p.06",
        PARTIAL,
        "entering or leaving stops a unit except through an access (the element's doors), moving along it does "
        "not; its ZoC stays inside, none enters; passages between two trenches, corners and grenades are not",
        LOS + "test_infantry_in_a_hole_hide_from_the_units_outside_but_not_inside",
        TRENCHES + "test_moving_along_a_trench_does_not_stop_a_unit",
        TRENCHES + "test_entering_or_leaving_a_trench_stops_a_unit_except_through_its_access",
        TRENCHES + "test_a_trench_s_zone_of_control_stays_inside_and_none_enters_it",
    ),
    mechanic(
        "foxholes",
        "Foxholes",
        HON,
        "BfC p.06",
        PLAYED,
        "",
        LOS + "test_infantry_in_a_hole_hide_from_the_units_outside_but_not_inside",
    ),
)
