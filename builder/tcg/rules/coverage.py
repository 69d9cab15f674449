"""What the Tactical Card Game's rules core plays (`hon rules --game tcg`): every mechanic,
ability, shooting effect, marker and terrain of the rule book with its page, whether it is
played, the choice made where the book is silent or garbled, and the tests behind it. Kept
true by tests/tcg/rules/test_coverage.py."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from builder.tcg.cards import AbilityKind, EffectKind
from builder.tcg.scenario import MarkerKind
from builder.tcg.terrain import Terrain


class Kind(StrEnum):
    MECHANIC = "mechanic"
    ABILITY = "ability"
    EFFECT = "shooting-effect"
    MARKER = "marker"
    TERRAIN = "terrain"


class Played(StrEnum):
    PLAYED = "played"
    PARTIAL = "partial"
    NOT_PLAYED = "not-played"


@dataclass(frozen=True)
class Rule:
    id: str
    name: str
    kind: Kind
    page: str
    played: Played
    note: str = ""
    tests: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.played is not Played.PLAYED and not self.note:
            raise ValueError(f"{self.id}: a rule not fully played says what is missing")
        if self.played is not Played.NOT_PLAYED and not self.tests:
            raise ValueError(f"{self.id}: a rule played names its tests")

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind.value,
            "games": ["tcg"],
            "page": self.page,
            "played": self.played is Played.PLAYED,
            "partial": self.played is Played.PARTIAL,
            "note": self.note,
            "tests": list(self.tests),
        }


_T = "tests/tcg/rules/"
SHOOT = _T + "test_shooting.py::"
ACT = _T + "test_activation.py::"
ABL = _T + "test_abilities.py::"
SIM = _T + "test_simulation.py::"
ODDS = _T + "test_odds.py::"
CMD = _T + "test_command_abilities.py::"
MRK = _T + "test_markers.py::"
VAR = _T + "test_variants.py::"
CHECK = "tests/tcg/test_check.py::"
P, PARTIAL, NOT = Played.PLAYED, Played.PARTIAL, Played.NOT_PLAYED
M, A, E, K, TR = Kind.MECHANIC, Kind.ABILITY, Kind.EFFECT, Kind.MARKER, Kind.TERRAIN

RULES: tuple[Rule, ...] = (
    # --- the turn and the tactics ---------------------------------------------------------
    Rule("set-up", "Setting up", M, "TCG p.5", P, "", (SIM + "test_the_same_seed_plays_the_same_game",)),
    Rule(
        "game-turn",
        "The game turn: two phases",
        M,
        "TCG p.6",
        P,
        "",
        (SIM + "test_shipped_scenarios_reach_the_victory_check_and_use_the_fog_of_war",),
    ),
    Rule(
        "recover-directives",
        "Recover three DIRECTIVE markers",
        M,
        "TCG p.6",
        P,
        "",
        (ACT + "test_recover_never_past_six",),
    ),
    Rule(
        "manage-cards",
        "Manage your cards and reinforcements",
        M,
        "TCG p.6; TCG p.21",
        P,
        "An empty reserve (the book is silent): draw what is left; the discard pile is never shuffled back.",
        (ACT + "test_reinforcements_hidden_unless_next_to_an_enemy_and_always_in_a_forest",),
    ),
    Rule(
        "manoeuvre",
        "Manoeuvre",
        M,
        "TCG p.6",
        P,
        "Either card may make the one forced march; the shooter plays first, then the other card. "
        "Both cards' moves reveal the hidden enemies next to their new boxes. The swap is a move "
        "('any other moves'): a Fire or Move card does not shoot after it, a Lumbering one uses "
        "its moving value.",
        (
            ACT + "test_manoeuvre_swaps_shoots_once_and_activates_both",
            CMD + "test_only_one_of_the_manoeuvring_cards_makes_a_forced_march",
            ACT + "test_every_manoeuvre_move_reveals_the_hidden_enemies_next_to_it",
        ),
    ),
    Rule(
        "remove-suppressed",
        "Remove SUPPRESSED markers",
        M,
        "TCG p.6",
        P,
        "",
        (ACT + "test_remove_suppressed_two_from_one_card",),
    ),
    Rule("activate", "Activate a Unit Card", M, "TCG p.7", P, "", (ACT + "test_one_move_each_shooting_value_once",)),
    Rule(
        "moving",
        "Moving: orthogonal, diagonal for mechanised",
        M,
        "TCG p.7",
        P,
        "",
        (ACT + "test_orthogonal_moves_and_diagonals_only_for_mechanised",),
    ),
    Rule(
        "event-cards",
        "Event Cards, generic and historical",
        M,
        "TCG p.9",
        PARTIAL,
        "Effects are data (directives, draw, rally, bombardment); each player plays its cards "
        "at the start of each phase.",
        (SIM + "test_shipped_scenarios_reach_the_victory_check_and_use_the_fog_of_war",),
    ),
    Rule(
        "hero-cards",
        "Hero Cards and their deployment condition",
        M,
        "TCG p.10",
        P,
        "",
        (CHECK + "test_a_hero_goes_only_where_its_condition_allows",),
    ),
    Rule(
        "go-markers",
        "GO! markers and activation rolls",
        M,
        "TCG p.11",
        P,
        "A Field Command may place its GO! markers one at a time during the activation; after each "
        "activation the player picks which waiting GO! marker rolls next, among all of them (the "
        "order of the p.18 example, not only those the last card gave).",
        (ACT + "test_a_go_chain_from_hq_to_hq_to_tank", ACT + "test_p18_the_example_of_a_phase_plays_as_printed"),
    ),
    # --- shooting ----------------------------------------------------------------------------
    Rule(
        "shooting",
        "Shooting attack: 2d6 against the shooting value",
        M,
        "TCG p.8",
        P,
        "",
        (SHOOT + "test_p18_rifle_company_hits_on_7_plus_1_and_the_save_of_5_plus_1_passes",),
    ),
    Rule("shooting-range", "Shooting ranges, never blocked", M, "TCG p.7", P, "", (SHOOT + "test_ranges_and_hills",)),
    Rule(
        "partial-success",
        "Partial success: a failed double",
        M,
        "TCG p.8",
        P,
        "",
        (SHOOT + "test_a_failed_double_suppresses_and_double_ones_give_a_directive",),
    ),
    Rule(
        "double-ones",
        "Double 1s: a DIRECTIVE marker",
        M,
        "TCG p.8",
        P,
        "",
        (
            SHOOT + "test_a_failed_double_suppresses_and_double_ones_give_a_directive",
            ODDS + "test_the_book_table_value_7",
        ),
    ),
    Rule(
        "armour",
        "Armour and penetration",
        M,
        "TCG p.8; TCG p.21",
        P,
        "A non-piercing success on armour may be saved (FAQ).",
        (SHOOT + "test_armour_turns_a_hit_into_suppressed_unless_armour_piercing",),
    ),
    Rule(
        "saves",
        "Saving throws: the best value, one roll",
        M,
        "TCG p.8",
        P,
        "",
        (SHOOT + "test_the_better_of_card_and_terrain_save_one_roll",),
    ),
    Rule(
        "hit-points",
        "Hit points and destruction",
        M,
        "TCG p.9",
        P,
        "",
        (SHOOT + "test_p18_the_m10_fires_twice_and_destroys",),
    ),
    Rule(
        "seize",
        "Seize their position!",
        M,
        "TCG p.9; TCG p.13",
        P,
        "Artillery never seizes, even combined with another type. 'After a combat' read as the step "
        "straight after the destroying shot (both book examples, p.15 and p.18, seize then): any "
        "other move, shot or ability first forfeits it.",
        (
            ACT + "test_seize_their_position_orthogonal_only_and_not_by_artillery",
            ACT + "test_seize_their_position_only_straight_after_the_destroying_shot",
        ),
    ),
    # --- DIRECTIVE markers -------------------------------------------------------------------
    Rule(
        "directive-cap",
        "Never more than six DIRECTIVE markers",
        M,
        "TCG p.5; TCG p.13",
        P,
        "",
        (CHECK + "test_never_more_than_six_directives", ACT + "test_recover_never_past_six"),
    ),
    Rule(
        "suppressed-no-directive",
        "A SUPPRESSED card cannot use DIRECTIVE markers",
        M,
        "TCG p.6",
        P,
        "",
        (SHOOT + "test_a_suppressed_card_cannot_use_directives",),
    ),
    Rule(
        "forced-march", "Forced march", M, "TCG p.14", P, "", (ACT + "test_p15_the_m10_seizes_moves_fires_and_marches",)
    ),
    Rule(
        "forcing-activation",
        "Forcing an activation",
        M,
        "TCG p.14",
        P,
        "",
        (ACT + "test_a_failed_go_roll_may_be_forced_with_a_directive",),
    ),
    Rule(
        "directive-armour-piercing",
        "Armour-piercing for a DIRECTIVE marker",
        M,
        "TCG p.14",
        P,
        "",
        (SHOOT + "test_p18_the_m10_fires_twice_and_destroys",),
    ),
    Rule(
        "directive-sustained-fire",
        "Sustained fire: +1 after the roll",
        M,
        "TCG p.14",
        P,
        "",
        (SHOOT + "test_p14_sustained_fire_in_play",),
    ),
    Rule(
        "saving-bonus",
        "Saving bonus: +1 after the roll",
        M,
        "TCG p.14",
        P,
        "",
        (SHOOT + "test_p18_rifle_company_hits_on_7_plus_1_and_the_save_of_5_plus_1_passes",),
    ),
    Rule(
        "activation-example",
        "Example of an activation (the M10)",
        M,
        "TCG p.15",
        P,
        "Garbled: a forced march cannot make an enemy retreat; hon reads it as the M10 itself moving out of range.",
        (ACT + "test_p15_the_m10_seizes_moves_fires_and_marches",),
    ),
    Rule(
        "phase-example",
        "Example of a phase (Collins, the Rifle Company, the M10)",
        M,
        "TCG p.18",
        P,
        "",
        (ACT + "test_p18_the_example_of_a_phase_plays_as_printed",),
    ),
    # --- the fog of war ------------------------------------------------------------------------
    Rule(
        "hidden",
        "Hidden cards: activation 4, save 6",
        M,
        "TCG p.16",
        P,
        "",
        (SHOOT + "test_a_hidden_target_saves_on_6_then_is_turned_face_up", ACT + "test_a_hidden_card_activates_on_4"),
    ),
    Rule(
        "becoming-visible",
        "How to become visible",
        M,
        "TCG p.16",
        Played.PARTIAL,
        "A card is turned face up when it shoots or uses an ability, when an enemy moves next to it, when it is "
        "shot at, and by its player before its save; its player is never offered to turn it over at any other "
        'moment ("whenever they want").',
        (
            ACT + "test_moving_next_to_a_hidden_card_reveals_it",
            ACT + "test_every_manoeuvre_move_reveals_the_hidden_enemies_next_to_it",
        ),
    ),
    Rule(
        "decoys",
        "Decoy Unit Cards",
        M,
        "TCG p.17",
        P,
        "A shot at a hidden decoy turns it over and is spent without a roll "
        "(the book does not say the dice are rolled); a decoy that arrives face up, next to an enemy, is "
        "discarded at once. Revealing one's own decoy to empty a box is never offered.",
        (
            SHOOT + "test_a_shot_at_a_hidden_decoy_discards_it",
            ACT + "test_a_decoy_arriving_next_to_an_enemy_is_discarded",
        ),
    ),
    Rule(
        "victory",
        "Victory conditions and victory points",
        M,
        "TCG p.6; TCG p.16",
        P,
        "Silent in the book: a box is held by the side whose Unit Card (not a decoy) is on it; "
        "both sides fulfilling at once is a draw.",
        (
            SIM + "test_shipped_scenarios_reach_the_victory_check_and_use_the_fog_of_war",
            CHECK + "test_victory_conditions_read_as_english",
        ),
    ),
    Rule(
        "trench",
        "Trench",
        M,
        "TCG p.13",
        P,
        "Not a terrain of p.17: read as the fortified position, which only tanks may seize (the same rule).",
        (
            CHECK + "test_the_seven_terrain_types_and_no_trench",
            ACT + "test_seize_their_position_orthogonal_only_and_not_by_artillery",
        ),
    ),
    Rule(
        "variant-rules",
        "Variant rules (novices, more casualties)",
        M,
        "TCG p.21",
        P,
        "Each chosen with hon simulate --variant. Silent in the book: without Event Cards they leave the "
        "reserve (scenario events still happen); without terrain effects every box is open ground, Water "
        "included; with every card visible, decoys go to the discard pile at the set-up; a result above 12 "
        "with bonuses counts as 12.",
        (
            VAR + "test_without_event_cards_the_reserve_holds_none",
            VAR + "test_every_card_visible_and_decoys_discarded",
            VAR + "test_automatic_activation_rolls_no_die",
            VAR + "test_no_terrain_effects",
            VAR + "test_more_casualties_a_twelve_inflicts_two_hits",
            VAR + "test_hon_simulate_with_variants",
        ),
    ),
)


_ORDERS = (
    "Silent in the book: the cards ordered are the user's own within the ability's range (adjacent "
    "without a range icon) and of its unit type, never the user itself; an order does not activate "
    "a card, and an ACTIVATED card may be ordered; "
)
_TOWARD = (
    "'toward' a zone: a box that shortens the orthogonal steps to its nearest box, by the ordinary "
    "move rules (diagonals for mechanised cards); no zone, no move."
)


def _ability(kind: AbilityKind, page: str, played: Played, note: str = "", *tests: str) -> Rule:
    return Rule(kind.value, kind.value.replace("-", " ").capitalize(), A, page, played, note, tests)


def _effect(kind: EffectKind, played: Played, note: str = "", *tests: str) -> Rule:
    return Rule(kind.value, kind.value.replace("-", " ").capitalize(), E, "TCG p.12", played, note, tests)


ABILITIES: tuple[Rule, ...] = (
    _ability(AbilityKind.FIELD_COMMAND, "TCG p.11", P, "", ACT + "test_a_go_chain_from_hq_to_hq_to_tank"),
    _ability(AbilityKind.ELAN, "TCG p.11", P, "", ABL + "test_elan_reinforcements_rally_medics"),
    _ability(
        AbilityKind.ENCOURAGEMENT,
        "TCG p.11",
        P,
        "Several Encouragements give +1 in all.",
        ABL + "test_encouragement_support_resistance_defenders",
    ),
    _ability(
        AbilityKind.FALL_BACK,
        "TCG p.11",
        P,
        _ORDERS + _TOWARD,
        CMD + "test_fall_back_only_toward_the_own_zone_and_never_without_one",
        SIM + "test_the_aid_post_on_the_vire_plays_the_rarer_abilities",
    ),
    _ability(
        AbilityKind.FIRE,
        "TCG p.11",
        P,
        _ORDERS + "one Shooting attack each, with the shooting value the player chooses.",
        CMD + "test_fire_lets_every_card_of_the_type_shoot_once_activated_or_not",
        CMD + "test_fire_one_icon_orders_one_card_within_range",
        CMD + "test_fire_orders_name_the_shooter_its_value_and_its_target",
    ),
    _ability(
        AbilityKind.FORWARD,
        "TCG p.11",
        P,
        _ORDERS + _TOWARD,
        CMD + "test_forward_moves_the_icon_type_one_box_toward_the_enemy_zone",
        CMD + "test_orders_are_offered_card_by_card_and_only_legal_ones",
    ),
    _ability(
        AbilityKind.MEDICS,
        "TCG p.11",
        P,
        "",
        ABL + "test_elan_reinforcements_rally_medics",
        SIM + "test_the_aid_post_on_the_vire_plays_the_rarer_abilities",
    ),
    _ability(AbilityKind.REINFORCEMENTS, "TCG p.12", P, "", ABL + "test_elan_reinforcements_rally_medics"),
    _ability(AbilityKind.SUPPORT, "TCG p.12", P, "", ABL + "test_encouragement_support_resistance_defenders"),
    _ability(
        AbilityKind.AMPHIBIOUS,
        "TCG p.12",
        P,
        "Water counts as flooded: no DIRECTIVE marker in it. A card left in Water when Engineers blow "
        "a ford (the book is silent) counts it as flooded too.",
        ABL + "test_disorientated_and_amphibious",
        ABL + "test_an_amphibious_card_in_water_uses_no_directive",
    ),
    _ability(
        AbilityKind.ENGINEERS,
        "TCG p.12",
        P,
        "The book names no element and no interaction: hon lets a scenario mark a marker with the "
        "Engineers icon (engineers: true); an activated Engineers card on or next to it removes it "
        "(a blown ford is Water again), one per icon; objectives are never removed.",
        CMD + "test_engineers_remove_a_marked_element_in_reach",
        SIM + "test_the_aid_post_on_the_vire_plays_the_rarer_abilities",
    ),
    _ability(
        AbilityKind.FRAGILE,
        "TCG p.12",
        P,
        "",
        ABL + "test_fragile_goes_back_to_the_reserve",
        SIM + "test_the_aid_post_on_the_vire_plays_the_rarer_abilities",
    ),
    _ability(
        AbilityKind.RALLY,
        "TCG p.12",
        P,
        "The book's second Encouragement (remove a SUPPRESSED marker).",
        ABL + "test_elan_reinforcements_rally_medics",
        SIM + "test_the_aid_post_on_the_vire_plays_the_rarer_abilities",
    ),
    _ability(
        AbilityKind.DEFENCELESS,
        "TCG p.12",
        P,
        "'May not make throws' read as saving throws.",
        ABL + "test_defenceless_weapon_and_passive_ability",
    ),
    _ability(
        AbilityKind.FIRE_OR_MOVE,
        "TCG p.12",
        P,
        "Any move counts: the card's move, a forced march, seize their position! and a manoeuvre's "
        "swap; a card that has shot makes none of them after.",
        ACT + "test_fire_or_move",
        ACT + "test_fire_or_move_no_shot_after_a_forced_march_or_a_manoeuvre",
    ),
    _ability(AbilityKind.IMMOBILE, "TCG p.12", P, "", ACT + "test_water_and_immobile"),
    _ability(
        AbilityKind.DEFENDERS,
        "TCG p.12",
        P,
        "'Increases the save value' read as improving it (6+ becomes 5+).",
        ABL + "test_encouragement_support_resistance_defenders",
    ),
    _ability(AbilityKind.RESISTANCE, "TCG p.12", P, "", ABL + "test_encouragement_support_resistance_defenders"),
    _ability(AbilityKind.DISORIENTATED, "TCG p.12", P, "", ABL + "test_disorientated_and_amphibious"),
)

EFFECTS: tuple[Rule, ...] = (
    _effect(
        EffectKind.ARMOUR_PIERCING, P, "", SHOOT + "test_armour_turns_a_hit_into_suppressed_unless_armour_piercing"
    ),
    _effect(EffectKind.SUPPRESSIVE_ON_SEVEN, P, "", ABL + "test_the_other_suppressive_fires"),
    _effect(EffectKind.SUPPRESSIVE_INFANTRY, P, "", ABL + "test_the_other_suppressive_fires"),
    _effect(EffectKind.SUPPRESSIVE_HIT_INFANTRY, P, "", SHOOT + "test_suppressive_fire_on_a_hit_infantry"),
    _effect(EffectKind.SUPPRESSIVE_HIT_TANK, P, "", ABL + "test_the_other_suppressive_fires"),
    _effect(EffectKind.DOUBLE_HITS, P, "", ABL + "test_double_hits"),
    _effect(
        EffectKind.FIRE_AGAIN,
        P,
        "'Successful' read as the roll reaching the shooting value (a saved HIT still counts); the "
        "sure second attack rolls no red dice, so no partial success, double 1s or roll-reading "
        "Suppressive Fire; armour and the save still apply; a manoeuvre's single shot stays single.",
        CMD + "test_fire_again_second_attack_succeeds_on_the_same_target",
        CMD + "test_fire_again_after_a_miss_or_on_another_card_rolls_normally",
    ),
    _effect(EffectKind.RELENTLESS_ASSAULT, P, "", ABL + "test_relentless_assault_and_sustained_fire_add_to_the_roll"),
    _effect(EffectKind.DEFENCELESS, P, "", ABL + "test_defenceless_weapon_and_passive_ability"),
    _effect(
        EffectKind.LUMBERING,
        P,
        "Any move counts, as for Fire or Move: the card's move, a forced march, seize their "
        "position! and a manoeuvre's swap.",
        ABL + "test_lumbering_uses_the_other_value_after_moving",
        ABL + "test_lumbering_moving_value_after_a_forced_march_or_a_seize",
    ),
    _effect(EffectKind.SUSTAINED_FIRE, P, "", ABL + "test_relentless_assault_and_sustained_fire_add_to_the_roll"),
)

MARKERS: tuple[Rule, ...] = (
    Rule(
        MarkerKind.OBJECTIVE.value,
        "Objective",
        K,
        "TCG p.16",
        P,
        "",
        (SIM + "test_shipped_scenarios_reach_the_victory_check_and_use_the_fog_of_war",),
    ),
    Rule(
        MarkerKind.DEPOT.value,
        "Munitions depot",
        K,
        "TCG p.16",
        P,
        "'At the start of their turn' read as the start of their phase.",
        (ABL + "test_markers_depot_bonus_and_defence",),
    ),
    Rule(MarkerKind.FORD.value, "Ford", K, "TCG p.16", P, "", (CHECK + "test_a_ford_goes_in_water",)),
    Rule(
        MarkerKind.SHOOTING_BONUS.value,
        "Shooting Bonus",
        K,
        "TCG p.16",
        P,
        "",
        (ABL + "test_markers_depot_bonus_and_defence",),
    ),
    Rule(
        MarkerKind.DEFENCE_BONUS.value,
        "Defence Bonus",
        K,
        "TCG p.16",
        P,
        "",
        (ABL + "test_markers_depot_bonus_and_defence",),
    ),
    Rule(
        MarkerKind.BOMBARDMENT.value,
        "Bombardment",
        K,
        "TCG p.16",
        PARTIAL,
        "Placed and checked; a bombardment's effect comes from Event Cards only.",
        (CHECK + "test_the_small_scenario_is_playable",),
    ),
    Rule(
        "panzerfaust",
        "Panzerfaust",
        K,
        "TCG p.16",
        P,
        "The book does not say how a card gets one: a scenario places it on a deployed card (panzerfaust: true).",
        (MRK + "test_a_panzerfaust_marker_makes_every_shot_armour_piercing",),
    ),
    Rule(
        "hit-point",
        "Hit point marker",
        K,
        "TCG p.16",
        P,
        "Placed by the scenario on a deployed card (hit_point_markers: N); the book does not say how else.",
        (MRK + "test_a_hit_point_marker_is_one_more_hit_point",),
    ),
)

_TERRAIN_TESTS = {
    Terrain.OPEN: ACT + "test_orthogonal_moves_and_diagonals_only_for_mechanised",
    Terrain.URBAN: SHOOT + "test_the_better_of_card_and_terrain_save_one_roll",
    Terrain.FLOODED: SHOOT + "test_a_flooded_box_forbids_directives",
    Terrain.HILL: SHOOT + "test_ranges_and_hills",
    Terrain.FORTIFIED_POSITION: ACT + "test_seize_their_position_orthogonal_only_and_not_by_artillery",
    Terrain.FOREST: ABL + "test_a_card_hides_in_a_forest_after_its_activation",
    Terrain.FORTIFIED_HILL: CHECK + "test_the_seven_terrain_types_and_no_trench",
    Terrain.WATER: ACT + "test_water_and_immobile",
}
TERRAIN: tuple[Rule, ...] = tuple(
    Rule(t.value, t.label.capitalize(), TR, "TCG p.17" if t is not Terrain.OPEN else "TCG p.4", P, "", (test,))
    for t, test in _TERRAIN_TESTS.items()
)


def listed() -> list[Rule]:
    return [*RULES, *ABILITIES, *EFFECTS, *MARKERS, *TERRAIN]
