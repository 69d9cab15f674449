"""The tests marked with each rule of the listing beside it (`@pytest.mark.rule("ID")`), for
`hon rules --json` and `hon rules ID`. Generated from the tests' marks by `make rules-index`
(tests/fixtures/rule_marks.py): do not edit; the game's coverage test fails while it is stale."""

TESTED: dict[str, tuple[str, ...]] = {
    "set-up": ("tests/tcg/rules/test_simulation.py::test_the_same_seed_plays_the_same_game",),
    "game-turn": (
        "tests/tcg/rules/test_simulation.py::test_shipped_scenarios_reach_the_victory_check_and_use_the_fog_of_war",
    ),
    "recover-directives": ("tests/tcg/rules/test_activation.py::test_recover_never_past_six",),
    "manage-cards": (
        "tests/tcg/rules/test_activation.py::test_reinforcements_hidden_unless_next_to_an_enemy_and_always_in_a_forest",
    ),
    "manoeuvre": (
        "tests/tcg/rules/test_activation.py::test_every_manoeuvre_move_reveals_the_hidden_enemies_next_to_it",
        "tests/tcg/rules/test_activation.py::test_manoeuvre_swaps_shoots_once_and_activates_both",
        "tests/tcg/rules/test_command_abilities.py::test_only_one_of_the_manoeuvring_cards_makes_a_forced_march",
    ),
    "remove-suppressed": ("tests/tcg/rules/test_activation.py::test_remove_suppressed_two_from_one_card",),
    "activate": ("tests/tcg/rules/test_activation.py::test_one_move_each_shooting_value_once",),
    "moving": ("tests/tcg/rules/test_activation.py::test_orthogonal_moves_and_diagonals_only_for_mechanised",),
    "event-cards": (
        "tests/tcg/rules/test_simulation.py::test_shipped_scenarios_reach_the_victory_check_and_use_the_fog_of_war",
    ),
    "hero-cards": ("tests/tcg/test_check.py::test_a_hero_goes_only_where_its_condition_allows",),
    "go-markers": (
        "tests/tcg/rules/test_activation.py::test_a_go_chain_from_hq_to_hq_to_tank",
        "tests/tcg/rules/test_activation.py::test_p18_the_example_of_a_phase_plays_as_printed",
    ),
    "shooting": (
        "tests/tcg/rules/test_shooting.py::test_p18_rifle_company_hits_on_7_plus_1_and_the_save_of_5_plus_1_passes",
    ),
    "shooting-range": ("tests/tcg/rules/test_shooting.py::test_ranges_and_hills",),
    "partial-success": (
        "tests/tcg/rules/test_shooting.py::test_a_failed_double_suppresses_and_double_ones_give_a_directive",
    ),
    "double-ones": (
        "tests/tcg/rules/test_odds.py::test_the_book_table_value_7",
        "tests/tcg/rules/test_shooting.py::test_a_failed_double_suppresses_and_double_ones_give_a_directive",
    ),
    "armour": ("tests/tcg/rules/test_shooting.py::test_armour_turns_a_hit_into_suppressed_unless_armour_piercing",),
    "saves": ("tests/tcg/rules/test_shooting.py::test_the_better_of_card_and_terrain_save_one_roll",),
    "hit-points": ("tests/tcg/rules/test_shooting.py::test_p18_the_m10_fires_twice_and_destroys",),
    "seize": (
        "tests/tcg/rules/test_activation.py::test_seize_their_position_only_straight_after_the_destroying_shot",
        "tests/tcg/rules/test_activation.py::test_seize_their_position_orthogonal_only_and_not_by_artillery",
    ),
    "directive-cap": (
        "tests/tcg/rules/test_activation.py::test_recover_never_past_six",
        "tests/tcg/test_check.py::test_never_more_than_six_directives",
    ),
    "suppressed-no-directive": ("tests/tcg/rules/test_shooting.py::test_a_suppressed_card_cannot_use_directives",),
    "forced-march": ("tests/tcg/rules/test_activation.py::test_p15_the_m10_seizes_moves_fires_and_marches",),
    "forcing-activation": ("tests/tcg/rules/test_activation.py::test_a_failed_go_roll_may_be_forced_with_a_directive",),
    "directive-armour-piercing": (
        "tests/tcg/ai/test_greedy.py::test_a_greedy_shooter_does_not_pierce_the_armour_of_a_tank_still_hidden",
        "tests/tcg/rules/test_reveals.py::test_the_shooter_chooses_armour_piercing_before_the_target_may_turn_over",
        "tests/tcg/rules/test_shooting.py::test_p18_the_m10_fires_twice_and_destroys",
    ),
    "directive-sustained-fire": ("tests/tcg/rules/test_shooting.py::test_p14_sustained_fire_in_play",),
    "saving-bonus": (
        "tests/tcg/rules/test_shooting.py::test_p18_rifle_company_hits_on_7_plus_1_and_the_save_of_5_plus_1_passes",
    ),
    "activation-example": ("tests/tcg/rules/test_activation.py::test_p15_the_m10_seizes_moves_fires_and_marches",),
    "phase-example": ("tests/tcg/rules/test_activation.py::test_p18_the_example_of_a_phase_plays_as_printed",),
    "hidden": (
        "tests/tcg/rules/test_activation.py::test_a_hidden_card_activates_on_4",
        "tests/tcg/rules/test_reveals.py::test_pascals_advice_roll_on_the_hidden_4_then_turn_face_up",
        "tests/tcg/rules/test_reveals.py::test_turned_over_before_its_saving_throw_it_saves_with_its_own_value",
        "tests/tcg/rules/test_shooting.py::test_a_hidden_target_saves_on_6_then_is_turned_face_up",
    ),
    "becoming-visible": (
        "tests/tcg/ai/test_greedy.py::test_a_greedy_shooter_does_not_pierce_the_armour_of_a_tank_still_hidden",
        "tests/tcg/ai/test_greedy.py::test_the_policy_turns_a_hit_card_over_only_for_a_save_better_than_6",
        "tests/tcg/ai/test_greedy.py::test_the_policy_turns_nothing_else_over_by_choice",
        "tests/tcg/rules/test_activation.py::test_every_manoeuvre_move_reveals_the_hidden_enemies_next_to_it",
        "tests/tcg/rules/test_activation.py::test_moving_next_to_a_hidden_card_reveals_it",
        "tests/tcg/rules/test_reveals.py::test_a_face_up_card_is_never_offered_to_turn_over",
        "tests/tcg/rules/test_reveals.py::test_a_hidden_card_makes_itself_visible_during_its_activation",
        "tests/tcg/rules/test_reveals.py::test_a_missed_hidden_target_is_turned_over_by_the_shot_unasked",
        "tests/tcg/rules/test_reveals.py::test_nothing_is_asked_of_a_side_without_hidden_cards",
        "tests/tcg/rules/test_reveals.py::test_pascals_advice_roll_on_the_hidden_4_then_turn_face_up",
        "tests/tcg/rules/test_reveals.py::test_the_shooter_chooses_armour_piercing_before_the_target_may_turn_over",
        "tests/tcg/rules/test_reveals.py::test_turned_over_before_its_saving_throw_it_saves_with_its_own_value",
        "tests/tcg/rules/test_reveals.py::test_whenever_they_want_any_own_hidden_card_before_each_command_marker",
        "tests/tcg/rules/test_view.py::test_a_card_its_player_turns_over_is_seen_only_once_turned",
    ),
    "decoys": (
        "tests/tcg/rules/test_reveals.py::test_a_decoy_revealed_in_its_phase_is_discarded_and_empties_its_box",
        "tests/tcg/rules/test_reveals.py::test_a_decoy_that_turns_itself_over_ends_its_activation_discarded",
        "tests/tcg/rules/test_reveals.py::test_a_decoy_turned_over_before_its_go_roll_is_discarded_unrolled",
        "tests/tcg/rules/test_shooting.py::test_a_shot_at_a_hidden_decoy_discards_it",
    ),
    "victory": (
        "tests/tcg/rules/test_simulation.py::test_shipped_scenarios_reach_the_victory_check_and_use_the_fog_of_war",
        "tests/tcg/test_check.py::test_victory_conditions_read_as_english",
    ),
    "trench": (
        "tests/tcg/rules/test_activation.py::test_seize_their_position_orthogonal_only_and_not_by_artillery",
        "tests/tcg/test_check.py::test_the_seven_terrain_types_and_no_trench",
    ),
    "variant-rules": (
        "tests/tcg/rules/test_reveals.py::test_no_roll_no_reveal_before_it_in_the_novices_variant",
        "tests/tcg/rules/test_variants.py",
    ),
    "field-command": ("tests/tcg/rules/test_activation.py::test_a_go_chain_from_hq_to_hq_to_tank",),
    "elan": ("tests/tcg/rules/test_abilities.py::test_elan_reinforcements_rally_medics",),
    "encouragement": ("tests/tcg/rules/test_abilities.py::test_encouragement_support_resistance_defenders",),
    "fall-back": (
        "tests/tcg/ai/test_greedy.py::test_the_policy_falls_back_a_battered_card",
        "tests/tcg/rules/test_command_abilities.py::test_fall_back_only_toward_the_own_zone_and_never_without_one",
        "tests/tcg/rules/test_simulation.py::test_the_aid_post_on_the_vire_plays_the_rarer_abilities",
    ),
    "fire": (
        "tests/tcg/ai/test_greedy.py::test_the_policy_orders_forward_and_fire_sensibly",
        "tests/tcg/rules/test_command_abilities.py::test_fire_lets_every_card_of_the_type_shoot_once_activated_or_not",
        "tests/tcg/rules/test_command_abilities.py::test_fire_one_icon_orders_one_card_within_range",
    ),
    "forward": (
        "tests/tcg/ai/test_greedy.py::test_the_policy_orders_forward_and_fire_sensibly",
        "tests/tcg/rules/test_command_abilities.py::test_forward_moves_the_icon_type_one_box_toward_the_enemy_zone",
    ),
    "medics": (
        "tests/tcg/rules/test_abilities.py::test_elan_reinforcements_rally_medics",
        "tests/tcg/rules/test_simulation.py::test_the_aid_post_on_the_vire_plays_the_rarer_abilities",
    ),
    "reinforcements": ("tests/tcg/rules/test_abilities.py::test_elan_reinforcements_rally_medics",),
    "support": ("tests/tcg/rules/test_abilities.py::test_encouragement_support_resistance_defenders",),
    "amphibious": (
        "tests/tcg/rules/test_abilities.py::test_an_amphibious_card_in_water_uses_no_directive",
        "tests/tcg/rules/test_abilities.py::test_disorientated_and_amphibious",
    ),
    "engineers": (
        "tests/tcg/rules/test_command_abilities.py::test_a_bombardment_marker_stays_until_engineers_clear_it",
        "tests/tcg/rules/test_command_abilities.py::test_engineers_remove_a_marked_element_in_reach",
        "tests/tcg/rules/test_simulation.py::test_the_aid_post_on_the_vire_plays_the_rarer_abilities",
    ),
    "fragile": (
        "tests/tcg/rules/test_abilities.py::test_fragile_goes_back_to_the_reserve",
        "tests/tcg/rules/test_simulation.py::test_the_aid_post_on_the_vire_plays_the_rarer_abilities",
    ),
    "rally": (
        "tests/tcg/rules/test_abilities.py::test_elan_reinforcements_rally_medics",
        "tests/tcg/rules/test_simulation.py::test_the_aid_post_on_the_vire_plays_the_rarer_abilities",
    ),
    "defenceless-passive": ("tests/tcg/rules/test_abilities.py::test_defenceless_weapon_and_passive_ability",),
    "fire-or-move": (
        "tests/tcg/rules/test_activation.py::test_fire_or_move",
        "tests/tcg/rules/test_activation.py::test_fire_or_move_no_shot_after_a_forced_march_or_a_manoeuvre",
    ),
    "immobile": ("tests/tcg/rules/test_activation.py::test_water_and_immobile",),
    "defenders": ("tests/tcg/rules/test_abilities.py::test_encouragement_support_resistance_defenders",),
    "resistance": ("tests/tcg/rules/test_abilities.py::test_encouragement_support_resistance_defenders",),
    "disorientated": ("tests/tcg/rules/test_abilities.py::test_disorientated_and_amphibious",),
    "armour-piercing": (
        "tests/tcg/rules/test_shooting.py::test_armour_turns_a_hit_into_suppressed_unless_armour_piercing",
    ),
    "suppressive-fire-seven": ("tests/tcg/rules/test_abilities.py::test_the_other_suppressive_fires",),
    "suppressive-fire-infantry": ("tests/tcg/rules/test_abilities.py::test_the_other_suppressive_fires",),
    "suppressive-fire-hit-infantry": ("tests/tcg/rules/test_shooting.py::test_suppressive_fire_on_a_hit_infantry",),
    "suppressive-fire-hit-tank": ("tests/tcg/rules/test_abilities.py::test_the_other_suppressive_fires",),
    "double-hits": ("tests/tcg/rules/test_abilities.py::test_double_hits",),
    "fire-again": (
        "tests/tcg/rules/test_command_abilities.py::test_fire_again_after_a_miss_or_on_another_card_rolls_normally",
        "tests/tcg/rules/test_command_abilities.py::test_fire_again_second_attack_succeeds_on_the_same_target",
    ),
    "relentless-assault": (
        "tests/tcg/rules/test_abilities.py::test_relentless_assault_and_sustained_fire_add_to_the_roll",
    ),
    "defenceless": ("tests/tcg/rules/test_abilities.py::test_defenceless_weapon_and_passive_ability",),
    "lumbering": (
        "tests/tcg/rules/test_abilities.py::test_lumbering_after_a_standing_shot_makes_no_move",
        "tests/tcg/rules/test_abilities.py::test_lumbering_moving_value_after_a_forced_march_or_a_seize",
        "tests/tcg/rules/test_abilities.py::test_lumbering_uses_the_other_value_after_moving",
    ),
    "sustained-fire": (
        "tests/tcg/rules/test_abilities.py::test_relentless_assault_and_sustained_fire_add_to_the_roll",
    ),
    "objective": (
        "tests/tcg/rules/test_simulation.py::test_shipped_scenarios_reach_the_victory_check_and_use_the_fog_of_war",
    ),
    "depot": ("tests/tcg/rules/test_abilities.py::test_markers_depot_bonus_and_defence",),
    "ford": ("tests/tcg/test_check.py::test_a_ford_goes_in_water",),
    "shooting-bonus": ("tests/tcg/rules/test_abilities.py::test_markers_depot_bonus_and_defence",),
    "defence-bonus": ("tests/tcg/rules/test_abilities.py::test_markers_depot_bonus_and_defence",),
    "bombardment": (
        "tests/tcg/rules/test_command_abilities.py::test_a_bombardment_marker_stays_until_engineers_clear_it",
    ),
    "panzerfaust": ("tests/tcg/rules/test_markers.py::test_a_panzerfaust_marker_makes_every_shot_armour_piercing",),
    "hit-point": ("tests/tcg/rules/test_markers.py::test_a_hit_point_marker_is_one_more_hit_point",),
    "open": ("tests/tcg/rules/test_activation.py::test_orthogonal_moves_and_diagonals_only_for_mechanised",),
    "urban": ("tests/tcg/rules/test_shooting.py::test_the_better_of_card_and_terrain_save_one_roll",),
    "flooded": ("tests/tcg/rules/test_shooting.py::test_a_flooded_box_forbids_directives",),
    "hill": ("tests/tcg/rules/test_shooting.py::test_ranges_and_hills",),
    "fortified-position": (
        "tests/tcg/rules/test_activation.py::test_seize_their_position_orthogonal_only_and_not_by_artillery",
    ),
    "forest": ("tests/tcg/rules/test_abilities.py::test_a_card_hides_in_a_forest_after_its_activation",),
    "fortified-hill": ("tests/tcg/test_check.py::test_the_seven_terrain_types_and_no_trench",),
    "water": ("tests/tcg/rules/test_activation.py::test_water_and_immobile",),
}
