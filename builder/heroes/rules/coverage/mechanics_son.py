"""Shadows over Normandie's own mechanics."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    PARTIAL,
    PLAYED,
    SEARCH,
    SON,
    SPELLS,
    TERROR,
    Coverage,
    mechanic,
)

MEDALLION = "tests/heroes/rules/test_son_markers.py::"
BLACK_SUN = "tests/heroes/rules/test_son_black_sun.py::"
FOG_BARRIER = "tests/heroes/rules/test_son_fog_barrier.py::"
SUMMONING = "tests/heroes/rules/test_son_summoning.py::"

ENTRIES: tuple[Coverage, ...] = (
    mechanic(
        "spells",
        "Spells",
        SON,
        "SoN p.14-15",
        PARTIAL,
        "every p.15 spell is played and cast by the policy (Black Sun: the flamethrower's 3 squares, example values "
        "3/2/1); Black Sun spell cards are not: the book prints no card and the catalogue has no SoN deck",
        SPELLS + "test_who_may_cast_and_when",
        BLACK_SUN + "test_the_flames_attack_suppress_and_take_the_order_of_every_unit_under_them",
        BLACK_SUN + "test_a_vehicle_stops_the_flames_on_its_square_and_an_obstacle_before_it",
        FOG_BARRIER + "test_the_policy_casts_fog_when_enemies_beyond_its_range_see_its_units",
        FOG_BARRIER + "test_the_policy_bars_an_adjacent_manifestation",
        "tests/heroes/rules/test_son_clouds.py::test_a_hypnotic_cloud_takes_the_orders_of_every_unit_under_it_then_is_discarded",
        SPELLS + "test_life_drain_hits_at_once_costs_3_suppressed_and_restores_the_caster",
        SPELLS + "test_the_policy_never_casts_with_a_suppressed_caster_nor_a_spell_at_nobody",
    ),
    mechanic(
        "summoning",
        "Summoning",
        SON,
        "SoN p.15",
        PLAYED,
        "a tile names its creature and distance (the Byakhee's is an example); all its squares within the distance; "
        "a token comes back when the creature is eliminated; it has no breaking point and arrives without an Order",
        SUMMONING + "test_the_creature_is_put_on_its_spaces_within_the_tiles_distance",
        SUMMONING + "test_the_token_comes_back_when_the_creature_is_eliminated",
        SUMMONING + "test_no_summoning_beyond_the_distance_nor_onto_a_unit",
        SUMMONING + "test_the_policy_summons_its_creature_towards_the_enemy",
    ),
    mechanic(
        "terror-checks",
        "Terror checks and the Madness bag",
        SON,
        "SoN p.11",
        PLAYED,
        "the bag's counts are hon's examples; a discarded token leaves the game and an empty bag means the unit "
        "resists (hon's readings)",
        TERROR + "test_a_failed_check_draws_a_madness_token_and_discards_the_suppressed_markers",
        TERROR + "test_an_eliminated_units_token_goes_back_in_the_bag",
        TERROR + "test_the_bags_hold_the_catalogues_tokens_and_tiles",
        TERROR + "test_the_madness_bag_is_drawn_with_the_seeded_dice",
    ),
    mechanic(
        "search-checks",
        "Search checks and the Search bag",
        SON,
        "SoN p.11",
        PLAYED,
        "a tile found goes to the first tile with an empty white or green slot whose Character lives; a "
        "customization gives its abilities, not its markers",
        SEARCH + "test_without_the_ability_only_a_6_finds_something",
        SEARCH + "test_the_policy_searches_by_a_token_when_nothing_better_is_in_reach",
        TERROR + "test_the_bags_hold_the_catalogues_tokens_and_tiles",
    ),
    mechanic(
        "elder-sign-medallion",
        "Elder Sign Medallion",
        SON,
        "SoN p.14",
        PLAYED,
        "Mythos Hunter 1 on its Character's counter; at the end of the Order Phase one token a medallion on an enemy "
        "Manifestation within 3 spaces (bluffs too: the wearer cannot tell), the policy's the most terrifying",
        MEDALLION + "test_an_elder_sign_medallion_discards_an_order_token_on_a_manifestation_within_3_spaces",
        MEDALLION + "test_the_order_phase_ends_with_the_medallions",
    ),
)
