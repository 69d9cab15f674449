"""Shadows over Normandie's own mechanics."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    NOT_PLAYED,
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

ENTRIES: tuple[Coverage, ...] = (
    mechanic(
        "spells",
        "Spells",
        SON,
        "SoN p.14-15",
        PARTIAL,
        "Life Drain, Paralyze, Enchant Unit, Drowning, Rust, Fog, Blessing of Hydra and Mythos Barrier are played; "
        "Blessing of the Black Sun (flame template), Summoning, the Suffocating Cloud and spell cards are not",
        SPELLS + "test_who_may_cast_and_when",
        SPELLS + "test_life_drain_hits_at_once_costs_3_suppressed_and_restores_the_caster",
        SPELLS + "test_the_policy_never_casts_with_a_suppressed_caster_nor_a_spell_at_nobody",
    ),
    mechanic("summoning", "Summoning", SON, "SoN p.15", NOT_PLAYED, "no unit is summoned"),
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
