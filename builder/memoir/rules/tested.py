"""The tests marked with each rule of the listing beside it (`@pytest.mark.rule("ID")`), for
`hon rules --json` and `hon rules ID`. Generated from the tests' marks by `make rules-index`
(tests/fixtures/rule_marks.py): do not edit; the game's coverage test fails while it is stale."""

TESTED: dict[str, tuple[str, ...]] = {
    "turn-sequence": ("tests/memoir/test_turn.py::test_a_turn_plays_the_five_steps_in_order",),
    "section-cards": (
        "tests/memoir/test_cards.py::test_a_card_orders_only_units_in_its_section",
        "tests/memoir/test_cards.py::test_the_deck_is_shuffled_by_the_seed",
    ),
    "straddling-hexes": (
        "tests/memoir/test_cards.py::test_a_straddling_unit_may_be_ordered_from_either_section",
        "tests/memoir/test_hexes.py::test_a_straddling_hex_counts_for_both_sections",
    ),
    "ordered-only": ("tests/memoir/test_turn.py::test_only_ordered_units_move_and_battle",),
    "movement": (
        "tests/memoir/test_movement.py::test_armor_moves_three_and_battles",
        "tests/memoir/test_movement.py::test_artillery_moves_one_or_battles",
        "tests/memoir/test_movement.py::test_infantry_moves_two_but_battles_only_after_one",
        "tests/memoir/test_movement.py::test_special_forces_move_two_and_battle",
    ),
    "no-stacking": (
        "tests/memoir/test_movement.py::test_no_unit_moves_onto_or_through_another",
        "tests/memoir/test_validate.py::test_two_units_on_one_hex",
    ),
    "range-dice": ("tests/memoir/test_battle.py::test_dice_by_range",),
    "line-of-sight": (
        "tests/memoir/test_los.py::test_a_unit_in_between_blocks",
        "tests/memoir/test_los.py::test_along_an_edge_both_sides_must_block",
        "tests/memoir/test_los.py::test_line_of_sight_is_symmetric",
    ),
    "artillery-sight": ("tests/memoir/test_battle.py::test_artillery_fires_over_obstructions",),
    "close-assault": ("tests/memoir/test_battle.py::test_an_adjacent_enemy_must_be_close_assaulted",),
    "dice-faces": (
        "tests/memoir/test_battle.py::test_faces_score_hits_by_target_type",
        "tests/memoir/test_odds.py::test_exact_distribution_of_one_die",
    ),
    "casualties": ("tests/memoir/test_battle.py::test_losses_do_not_change_the_dice",),
    "retreat": (
        "tests/memoir/test_battle.py::test_a_flag_moves_the_target_back_towards_its_side",
        "tests/memoir/test_battle.py::test_the_retreating_side_chooses_each_hex_back",
    ),
    "blocked-retreat": ("tests/memoir/test_battle.py::test_a_blocked_retreat_costs_a_figure_each",),
    "ignore-flag": ("tests/memoir/test_battle.py::test_sandbags_ignore_the_first_flag",),
    "taking-ground": (
        "tests/memoir/test_turn.py::test_artillery_never_takes_ground",
        "tests/memoir/test_turn.py::test_infantry_takes_ground_after_a_close_assault",
        "tests/memoir/test_turn.py::test_taking_ground_is_the_players_choice",
    ),
    "armor-overrun": ("tests/memoir/test_turn.py::test_armor_overruns_once",),
    "special-forces": ("tests/memoir/test_movement.py::test_special_forces_move_two_and_battle",),
    "french-resistance": (
        "tests/memoir/test_battle.py::test_french_resistance_may_retreat_up_to_three_hexes_a_flag",
        "tests/memoir/test_battle.py::test_french_resistance_still_loses_a_figure_when_it_cannot_retreat",
        "tests/memoir/test_catalogue.py::test_badges_change_figures",
        "tests/memoir/test_movement.py::test_french_resistance_battles_on_entering_woods",
    ),
    "elite-armor": ("tests/memoir/test_catalogue.py::test_badges_change_figures",),
    "terrain": (
        "tests/memoir/test_battle.py::test_terrain_reduces_infantry_and_armor_not_artillery",
        "tests/memoir/test_movement.py::test_woods_stop_a_unit_and_forbid_battle",
    ),
    "fords": (
        "tests/memoir/test_battle.py::test_battling_from_a_ford_costs_a_die",
        "tests/memoir/test_movement.py::test_a_ford_crosses_a_river_and_stops_a_unit",
        "tests/memoir/test_movement.py::test_a_fordable_stream_is_entered_and_stops_a_unit",
        "tests/memoir/test_movement.py::test_a_unit_may_stand_on_a_fordable_stream",
    ),
    "winter-terrain": ("tests/memoir/test_movement.py::test_winter_rivers_and_marshes_are_rivers_and_marshes",),
    "best-obstacle": ("tests/memoir/test_battle.py::test_only_the_best_reduction_counts",),
    "medals": ("tests/memoir/test_turn.py::test_eliminating_a_unit_wins_a_medal_and_the_game",),
}
