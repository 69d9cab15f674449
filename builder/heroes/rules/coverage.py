"""What the rules core plays: every special ability, marker effect and mechanic of the rule
books, with its page and whether builder.heroes.rules plays it (`hon rules`).

Pure data, read from the code and its tests and kept true by
tests/heroes/rules/test_coverage.py: every ability, marker and terrain effect id of the
bundled catalogue is listed for its game(s), every entry played or partly played names the
tests that exercise it, and every page has the book's form.

`played` is one of three words:

* played: the rules core does what the book says wherever it arises in the engine's
  resolution (a shot, an assault, a move, a turn). The note, when there is one, says the
  choice made where the book is silent or leaves the choice to the player (a simulated
  game's simple policy makes it), for example that the policy never declares it;
* partial: some of it is played and the note says what is missing;
* not-played: nothing of it is played; the note says what little is, if anything.

In JSON (`hon rules --json`) `played` is true only for the first; a partial entry is
`played: false, partial: true` with its note.

Catalogue entries (abilities, markers, terrain effects) keep their catalogue id and name;
mechanics the catalogue has no entry for have a kebab id of their own. Terrain effects are
listed as mechanics."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from builder.heroes.catalogue.base import Game
from builder.kernel.coverage import Played as Played


class Kind(StrEnum):
    ABILITY = "ability"  # a special ability of the catalogue
    MARKER = "marker"  # a marker or token of the catalogue
    MECHANIC = "mechanic"  # a rule of the books: a phase, a chapter, a terrain effect


# The books each game's pages come from (see `Coverage.page_for`).
BOOKS: dict[Game, tuple[str, ...]] = {Game.HON: ("HoN core", "BfC"), Game.SON: ("SoN",)}
MAX_NOTE = 240  # one line


@dataclass(frozen=True)
class Coverage:
    """One special ability, marker effect or mechanic and whether the rules core plays it."""

    id: str
    name: str
    kind: Kind
    games: frozenset[Game]  # Game.HON, Game.SON or both
    page: str  # "HoN core p.24", several joined with "; "
    played: Played
    note: str = ""  # one line: what is missing, or the choice made where the book is silent
    tests: tuple[str, ...] = field(default=())  # "tests/heroes/rules/test_combat.py::test_…"

    def __post_init__(self) -> None:
        if self.played is not Played.PLAYED and not self.note:
            raise ValueError(f"{self.id}: a rule not fully played says what is missing")
        if self.played is not Played.NOT_PLAYED and not self.tests:
            raise ValueError(f"{self.id}: a rule played (even partly) names the tests that exercise it")
        if "\n" in self.note or len(self.note) > MAX_NOTE:
            raise ValueError(f"{self.id}: the note is one line of at most {MAX_NOTE} characters")

    @property
    def is_played(self) -> bool:
        return self.played is Played.PLAYED

    @property
    def is_partial(self) -> bool:
        return self.played is Played.PARTIAL

    def page_for(self, game: Game | None = None) -> str:
        """The pages of `game`'s books (all of them when the entry cites none of those)."""
        if game is None or game not in BOOKS:
            return self.page
        parts = [part for part in self.page.split("; ") if part.startswith(BOOKS[game])]
        return "; ".join(parts) or self.page

    def summary(self, game: Game | None = None) -> str:
        """One line: "played (HoN core p.24)", "partly played (…): note", "not played: note"."""
        if self.played is Played.NOT_PLAYED:
            return f"not played: {self.note}"
        said = f"{self.played.label} ({self.page_for(game)})"
        return f"{said}: {self.note}" if self.note else said

    def to_json(self, game: Game | None = None) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind.value,
            "games": sorted(g.value for g in self.games),
            "page": self.page_for(game),
            "played": self.is_played,
            "partial": self.is_partial,
            "note": self.note,
            "tests": list(self.tests),
        }


HON = frozenset({Game.HON})
SON = frozenset({Game.SON})
BOTH = frozenset({Game.HON, Game.SON})
PLAYED, PARTIAL, NOT_PLAYED = Played.PLAYED, Played.PARTIAL, Played.NOT_PLAYED

# Test files, to keep the node ids short.
_R = "tests/heroes/rules/"
ASSAULT = _R + "test_assault.py::"
COMBAT = _R + "test_combat.py::"
DEPLOYMENT = _R + "test_deployment.py::"
LISTED = _R + "test_listed_rules.py::"
LOS = _R + "test_los.py::"
MOVEMENT = _R + "test_movement.py::"
ODDS = _R + "test_odds.py::"
ORDERS = _R + "test_orders.py::"
SIMULATE = _R + "test_simulate.py::"
TURN = _R + "test_turn.py::"
FIRE = _R + "test_fire_in_play.py::"
ZOC = _R + "test_zoc.py::"
CARDS = _R + "test_action_cards.py::"
DAMAGE = _R + "test_damage.py::"
RETREAT = _R + "test_retreat.py::"
COVER = _R + "test_cover.py::"
EVENTS = _R + "test_scenario_events.py::"
TRENCHES = _R + "test_trenches.py::"
TEMPLATES = _R + "test_templates.py::"
STRUCTURES = _R + "test_structures.py::"
CREW = _R + "test_crew.py::"
MINES = _R + "test_mines.py::"
AVIATION = _R + "test_aviation.py::"
WORKS = _R + "test_engineering.py::"
CONCEALED = _R + "test_concealed.py::"
SCOUTING = _R + "test_scouting.py::"
BOARD = _R + "test_board.py::"
GEAR = _R + "test_gear.py::"
GEAR_ROLLS = _R + "test_gear_rolls.py::"
# The firing markers' combat values are printed on their backs only (HoN core p.28-29; BfC p.08).
GEAR_VALUES = "values are examples (printed on the marker's back)"
SUMMARY = "tests/heroes/army/test_summary.py::"
TERROR = _R + "test_terror.py::"
SPELLS = _R + "test_spells.py::"
SEARCH = _R + "test_search.py::"
SON_ABILITIES = _R + "test_son_abilities.py::"
VARIANTS = _R + "test_assault_variants.py::"
NIGHT_FOG = _R + "test_night_fog.py::"
THREE = _R + "test_three_players.py::"


def ability(
    entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str, *tests: str
) -> Coverage:
    return Coverage(entry_id, name, Kind.ABILITY, games, page, played, note, tests)


def marker(
    entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str, *tests: str
) -> Coverage:
    return Coverage(entry_id, name, Kind.MARKER, games, page, played, note, tests)


def mechanic(
    entry_id: str, name: str, games: frozenset[Game], page: str, played: Played, note: str, *tests: str
) -> Coverage:
    return Coverage(entry_id, name, Kind.MECHANIC, games, page, played, note, tests)


NO_MARKERS = "the markers are carried and counted on their option, but no game spends one"
NO_TEMPLATES = "explosion templates are not played"
NO_FLAME_VALUES = "no unit of the catalogue carries the flame template's combat values, so no game uses it"

ABILITIES: tuple[Coverage, ...] = (
    # --- Both games (data/common) --------------------------------------------------------
    ability(
        "ambush",
        "Ambush",
        BOTH,
        "HoN core p.21; SoN p.17",
        PLAYED,
        "cannot be targeted until spotted, ignores explosion templates, blocks no LoS, turns over when it fires, "
        "is assaulted or spotted, and may turn over of its own will",
        COMBAT + "test_a_concealed_unit_cannot_be_targeted_and_is_revealed_when_it_fires",
        TEMPLATES + "test_every_unit_even_partly_under_a_template_is_attacked_but_not_a_concealed_one",
        BOARD + "test_a_concealed_unit_cannot_be_targeted_until_spotted",
        BOARD + "test_a_concealed_unit_moving_is_spotted_on_the_square_it_enters",
        BOARD + "test_the_policy_hides_a_revealed_ambush_unit_only_out_of_sight",
        ASSAULT + "test_a_concealed_defender_is_revealed_a_concealed_attacker_may_not_assault",
        LOS + "test_vehicles_always_block_and_concealed_units_never",
        DEPLOYMENT + "test_only_ambush_tripod_and_scout_units_deploy_either_side_up",
    ),
    ability(
        "tripod",
        "Tripod",
        BOTH,
        "HoN core p.21; SoN p.19",
        PLAYED,
        "the simple policy sets a unit up when only its other side has a shot worth taking, and packs it up when "
        "it cannot move and its other side could advance",
        DEPLOYMENT + "test_only_ambush_tripod_and_scout_units_deploy_either_side_up",
        BOARD + "test_a_unit_turns_over_as_a_zero_move_even_with_an_x_movement_value",
        BOARD + "test_a_unit_may_turn_over_at_the_end_of_its_movement_action",
        BOARD + "test_the_policy_sets_up_a_gun_that_can_only_fire_from_its_other_side",
    ),
    ability(
        "destruction",
        "Destruction",
        BOTH,
        "HoN core p.22; SoN p.17",
        PARTIAL,
        "rolled after every shot at a unit inside a structure; the points add up and a building turns to rubble; "
        "shots at the structure itself, assaults, and wrecks as structures are not played",
        COMBAT + "test_destruction_dice_add_a_point_for_each_4_or_more",
        COMBAT + "test_a_shot_at_a_unit_in_a_structure_rolls_destruction_after",
        STRUCTURES + "test_a_shot_with_destruction_at_a_unit_inside_brings_the_building_down",
        STRUCTURES + "test_destruction_points_add_up_over_shots_before_the_building_falls",
    ),
    ability(
        "dual-weapon",
        "Dual Weapon",
        BOTH,
        "HoN core p.22; SoN p.17",
        PLAYED,
        "",
        COMBAT + "test_dual_weapon_rolls_two_dice_and_keeps_the_best",
    ),
    ability(
        "fire-on-the-move",
        "Fire on the Move",
        BOTH,
        "HoN core p.24; SoN p.17",
        PLAYED,
        "only the weapons with it fire; the policy fires on the move from the square of its path where its plan is "
        "worth most, when it had no shot standing; then the enemy may take Opportunity Fire",
        COMBAT + "test_fire_on_the_move_comes_off_the_combat_value",
        FIRE + "test_the_policy_fires_on_the_move_where_it_sees_its_target",
    ),
    ability(
        "limited-range",
        "Limited Range",
        BOTH,
        "HoN core p.22; SoN p.18",
        PLAYED,
        "night and fog cap it too (SoN p.11)",
        COMBAT + "test_limited_range",
        COMBAT + "test_night_caps_the_range_and_brings_long_range_closer",
    ),
    ability(
        "machine-gunner",
        "Machine Gunner",
        BOTH,
        "HoN core p.24; SoN p.18",
        PLAYED,
        "the policy splits evenly between two or three of its four best targets when the expected hits beat one shot",
        COMBAT + "test_worked_example_the_mg42_splits_4_into_1_1_2",
        COMBAT + "test_the_mg42_cannot_reach_a_target_more_than_2_squares_from_the_others",
        COMBAT + "test_machine_gunner_targets_are_of_one_type_and_get_at_least_1_each",
        COMBAT + "test_machine_gunner_with_suppressive_fire_doubles_then_splits_in_hon_splits_then_doubles_in_son",
        FIRE + "test_the_policy_splits_a_machine_gunners_fire_when_it_promises_more",
    ),
    ability(
        "suppressive-fire",
        "Suppressive Fire",
        BOTH,
        "HoN core p.24; SoN p.19",
        PLAYED,
        "the policy chooses it when its expected markers, a third of a hit each (hon's rate), beat a normal shot",
        COMBAT + "test_suppressive_fire_doubles_the_combat_value_and_bonuses_but_not_penalties",
        FIRE + "test_the_policy_chooses_suppressive_fire_when_it_promises_more",
        COMBAT + "test_suppressive_fire_gives_a_marker_per_multiple_of_the_defense",
        COMBAT + "test_suppressive_fire_on_a_heavy_vehicle_deals_no_damage",
        ODDS + "test_suppressive_fire_doubles_the_combat_value_and_bonuses",
    ),
    ability(
        "assault",
        "Assault",
        BOTH,
        "HoN core p.25; SoN p.17",
        PLAYED,
        "",
        ASSAULT + "test_worked_example_9_against_7_the_attacker_wins",
        ASSAULT + "test_only_units_with_assault_may_attack",
        ASSAULT + "test_assault_n_adds_to_the_attack_only",
        ASSAULT + "test_a_defender_without_assault_rolls_one_die",
    ),
    ability(
        "autonomous",
        "Autonomous",
        BOTH,
        "HoN core p.26; SoN p.17",
        PLAYED,
        "the book lets it act at any time of the Activation Phase; the simulation acts with it after its side's "
        "order tokens",
        ORDERS + "test_reveals_alternate_from_the_initiative_and_the_longer_side_goes_on",
        LISTED + "test_an_autonomous_unit_acts_without_a_token_and_then_stays_put_in_the_supply_phase",
    ),
    ability(
        "order",
        "Order(s)",
        BOTH,
        "HoN core p.26; SoN p.18",
        PLAYED,
        "lost with the unit (HoN core p.8); in SoN a hit unit gives the stars its damaged side prints from the "
        "next Order Phase (p.18)",
        ORDERS + "test_tokens_are_the_stars_less_those_of_destroyed_officers",
        ORDERS + "test_son_a_hit_officer_gives_the_stars_of_its_damaged_side",
        SUMMARY + "test_the_books_order_star_example_gives_five_tokens",
    ),
    ability(
        "personal-order",
        "Personal Order",
        BOTH,
        "HoN core p.26; SoN p.18",
        PARTIAL,
        "its extra token is counted and the policy gives such units a token first, but a placement that leaves "
        "one without a token is not refused",
        ORDERS + "test_tokens_are_the_stars_less_those_of_destroyed_officers",
    ),
    ability(
        "scout",
        "Scout",
        BOTH,
        "HoN core p.26; SoN p.18",
        PARTIAL,
        "the Scout move is made once both sides have deployed (hon's reading), ignoring difficult passages, never "
        "by an objective, and the policy makes it; units waiting off the battlefield make none",
        DEPLOYMENT + "test_scouts_may_stand_outside_but_not_near_an_objective",
        DEPLOYMENT + "test_objective_areas_keep_scouts_out",
        SCOUTING + "test_a_scout_move_disregards_difficult_passages",
        SCOUTING + "test_a_scout_move_never_ends_by_an_objective_and_says_so",
        SCOUTING + "test_the_policy_scouts_towards_the_objective_but_not_beside_it",
    ),
    ability(
        "amphibious",
        "Amphibious",
        BOTH,
        "HoN core p.18; SoN p.18",
        PARTIAL,
        "amphibious units enter water and swamps freely; a red-bordered SoN unit that may only move in water is "
        "not told apart",
        MOVEMENT + "test_terrain_impassable_to_some_types_and_water",
        LISTED + "test_a_swamp_suppresses_infantry_bars_vehicles_and_is_open_ground_to_amphibious_units",
    ),
    ability(
        "urban-fighter",
        "Urban Fighter",
        BOTH,
        "BfC p.09; SoN p.19",
        PARTIAL,
        "it enters and leaves buildings through windows; bunkers are read as buildings, so their openings are "
        "not refused to it",
        MOVEMENT + "test_a_building_is_entered_only_through_its_doors",
    ),
    # --- Heroes of Normandie and Battle for Caen (data/hon) -------------------------------
    ability(
        "crew",
        "Crew",
        HON,
        "HoN core p.21",
        PARTIAL,
        "boarding, leaving and bailing out of a destroyed vehicle are resolved; the simulation deploys crews on "
        "foot and never boards them, and the abilities a crew adds do not reach the vehicle's shots",
        CREW + "test_a_crew_unit_ending_its_move_on_a_vehicle_turns_over_and_rides_in_it",
        CREW + "test_a_crew_unit_inside_cannot_be_targeted_and_leaves_turning_over",
        CREW + "test_when_its_vehicle_is_destroyed_the_crew_bails_out_suppressed_next_to_the_wreck",
    ),
    ability(
        "anti-aircraft",
        "Anti-aircraft",
        HON,
        "HoN core p.22",
        NOT_PLAYED,
        "the core rules say it is not used with the core box: aviation units and their rules are in expansions "
        "hon does not have; Battle for Caen's airplanes (BfC p.10-11) give no rule for it either",
    ),
    ability(
        "artillery-spotter",
        "Artillery Spotter",
        HON,
        "HoN core p.22",
        PLAYED,
        "a spotter of the firer's side sees the interspace when it has a clear LoS to one of the four squares "
        "around it (hon's reading)",
        TEMPLATES + "test_indirect_fire_scatters_on_1_to_4_and_an_artillery_spotter_shortens_it",
        TEMPLATES + "test_indirect_fire_without_a_line_of_sight_scatters_and_a_spotter_shortens_it",
    ),
    ability(
        "flamethrower",
        "Flamethrower",
        HON,
        "HoN core p.22-23",
        PARTIAL,
        "the rules core lays it (3 squares straight, hon's reading), into buildings and defensive positions, and "
        f"suppresses all under it; {NO_FLAME_VALUES}",
        TEMPLATES + "test_the_flames_suppress_every_unit_in_addition_to_any_damage",
        TEMPLATES + "test_the_flame_template_is_blocked_by_a_vehicle_and_fire_on_the_move_costs_1",
        TEMPLATES + "test_flames_fill_a_one_room_building_from_an_opening_and_stay_in_a_defensive_position",
    ),
    ability(
        "frightening-shot",
        "Frightening Shot",
        HON,
        "HoN core p.23",
        PLAYED,
        "used whenever a shot fails, never with Machine Gunner",
        COMBAT + "test_frightening_shot_suppresses_on_a_miss",
    ),
    ability(
        "howitzer",
        "Howitzer",
        HON,
        "HoN core p.23",
        PLAYED,
        "the interspace is seen when one of its four squares is; the policy aims at corners of enemy squares when "
        "the expected hits (its own units counting against) beat its normal shots",
        TEMPLATES + "test_howitzer_needs_a_line_of_sight_and_indirect_fire_not_from_a_building",
        TEMPLATES + "test_a_heavy_vehicle_under_an_explosion_template_uses_its_side_defense",
        TEMPLATES + "test_the_policy_lays_a_template_when_it_promises_more_hits_than_a_shot",
        TEMPLATES + "test_a_unit_without_the_ability_or_a_template_inside_a_building_is_refused",
        TEMPLATES + "test_a_vehicle_fires_a_template_with_the_weapon_that_has_howitzer",
    ),
    ability(
        "indirect-fire",
        "Indirect Fire",
        HON,
        "HoN core p.23",
        PLAYED,
        "fired directly (as Howitzer) with a clear LoS, else it scatters; the chart's 1-4 are read as N, E, S, W; "
        "the simulation's mortars deploy on their Tripod side without it (Tripod flips are not played)",
        TEMPLATES + "test_indirect_fire_scatters_on_1_to_4_and_an_artillery_spotter_shortens_it",
        TEMPLATES + "test_indirect_fire_without_a_line_of_sight_scatters_and_a_spotter_shortens_it",
        TEMPLATES + "test_howitzer_needs_a_line_of_sight_and_indirect_fire_not_from_a_building",
    ),
    ability(
        "piercing",
        "Piercing",
        HON,
        "HoN core p.24",
        PLAYED,
        "",
        COMBAT + "test_piercing_adds_1_to_the_damage_location_roll",
    ),
    ability(
        "sniper",
        "Sniper",
        HON,
        "HoN core p.24",
        PLAYED,
        "the policy snipes when the table's chance of a hit beats its normal shot; a firing table on a "
        "Character's recruitment tile is not in the catalogue",
        TEMPLATES + "test_the_sniper_table",
        TEMPLATES + "test_the_sniper_is_modified_by_suppression_and_obstacles_and_only_targets_infantry",
        TEMPLATES + "test_the_policy_snipes_when_the_table_beats_its_shot",
    ),
    ability(
        "opportunity-fire",
        "Opportunity Fire",
        HON,
        "HoN core p.24",
        PLAYED,
        "offered after each square entered in a Movement Action (not a Forced Move) and after a Firing Action (not "
        "an Opportunity Fire); the policy takes it at the first chance of a hit of 1/2 or more; Overwatch gives it "
        "to its tile's characters",
        COMBAT + "test_opportunity_fire_activates_the_firer",
        FIRE + "test_opportunity_fire_interrupts_the_move_at_the_square_and_the_move_goes_on",
        FIRE + "test_opportunity_fire_that_destroys_the_mover_ends_its_move",
        FIRE + "test_only_a_unit_with_the_ability_not_activated_and_only_in_the_activation_phase",
        FIRE + "test_opportunity_fire_after_an_enemy_firing_action",
        FIRE + "test_the_policy_takes_opportunity_fire_only_on_good_odds",
        FIRE + "test_overwatch_gives_the_character_of_its_tile_opportunity_fire",
        FIRE + "test_a_concealed_mover_draws_opportunity_fire_only_once_spotted",
        FIRE + "test_a_move_with_a_card_bonus_is_still_interrupted_by_opportunity_fire",
        FIRE + "test_a_forced_move_from_a_card_draws_no_opportunity_fire",
    ),
    ability(
        "positive-waves",
        "Positive Waves",
        HON,
        "HoN core p.26",
        PLAYED,
        "hon's reading: the book prints this defence (two damage location dice, the owner chooses) without a name, "
        "where Positive Waves' text would stand",
        COMBAT + "test_positive_waves_rolls_two_dice_and_the_owner_chooses",
        ODDS + "test_positive_waves_odds_are_the_resolution",
    ),
    ability(
        "transport",
        "Transport",
        HON,
        "HoN core p.27",
        PARTIAL,
        "embarking, disembarking, capacity, riding, firing from it (infantry blocking no LoS) and its loss are "
        "played; the chart's lost symbol (all count 2 but Characters), Scout transports and assaults from it are not",
        COMBAT + "test_an_embarked_unit_cannot_be_targeted",
        BOARD + "test_infantry_gets_into_an_adjacent_transport_within_its_capacity",
        BOARD + "test_embarked_units_ride_along_cannot_be_targeted_and_get_off_next_to_it",
        BOARD + "test_a_destroyed_transport_puts_its_riders_out_inactive_side_up_and_suppressed",
        BOARD + "test_riders_with_no_square_out_of_enemy_zoc_are_destroyed",
        BOARD + "test_heavy_weapons_fire_from_a_vehicle_only_with_fire_on_the_move",
        BOARD + "test_a_unit_getting_off_may_go_on_with_the_rest_of_its_move",
        BOARD + "test_infantry_does_not_block_the_line_of_sight_of_embarked_units",
        ASSAULT + "test_an_embarked_unit_or_a_wreck_cannot_be_assaulted",
        ZOC + "test_suppressed_embarked_and_son_vehicles_exert_none",
    ),
    ability(
        "charge",
        "Charge",
        HON,
        "BfC p.08",
        PLAYED,
        "a Firing Action at the target before moving, free of range restrictions; a target destroyed, it ends in "
        "its square, no assault; the policy always takes the Firing Action",
        ASSAULT + "test_a_unit_with_charge_fires_at_the_defender_before_the_assault",
        COVER + "test_a_charge_firing_action_disregards_range_restrictions",
    ),
    ability(
        "defender",
        "Defender",
        HON,
        "BfC p.08",
        PLAYED,
        "+1 to the Defense Value of allied infantry in its ZoC against a Firing Action (an assault reads no Defense "
        "Value), once for several Defenders; a destroyed one's lasts to the end of the Activation Phase",
        COVER + "test_a_defender_gives_plus_1_to_allied_infantry_in_its_zone_of_control",
    ),
    ability(
        "substitute",
        "Substitute",
        HON,
        "BfC p.08",
        PARTIAL,
        "the nearest takes a Firing Action's hit in place of a Heavy Weapon within 2 squares it sees (hon always "
        "lets it, the choice being the player's); hits in an assault are not substituted",
        COVER + "test_a_substitute_suffers_the_hit_in_place_of_a_heavy_weapon_within_2_squares",
    ),
    ability(
        "ambush-spotter",
        "Ambush Spotter",
        HON,
        "BfC p.08",
        PLAYED,
        "activated by an order token, it reveals the concealed units it sees clearly before acting; the book's "
        "'may reveal one or more' is a choice: hon reveals every one",
        TURN + "test_an_ambush_spotter_activated_by_an_order_reveals_the_concealed_units_it_sees_clearly",
    ),
    ability(
        "engineer",
        "Engineer",
        HON,
        "BfC p.08; BfC p.05; BfC p.09",
        PLAYED,
        "every use the books print: removes a barbed hedgehog in its ZoC, discards an adjacent Mine marker, carries a "
        "Military Engineering item; which other gear bears its symbol is lost with the icons",
        MOVEMENT + "test_an_engineer_removes_a_barbed_hedgehog_in_its_zone_of_control",
        MINES + "test_an_engineer_discards_an_adjacent_mine_marker",
        WORKS + "test_an_engineer_in_its_zoc_carries_an_item_and_deploys_it_at_the_end_of_its_move",
    ),
    ability(
        "military-engineering",
        "Military Engineering",
        HON,
        "BfC p.08",
        PLAYED,
        "played; the policy deploys (by the 251/7 or an Engineer in its ZoC) an Advanced Position near the enemy, "
        "else hedgehogs facing an enemy vehicle; a hedgehog's interspaces are empty when no line touches them",
        WORKS + "test_military_engineering_deploys_an_advanced_position_at_the_end_of_its_move",
        WORKS + "test_an_engineer_in_its_zoc_carries_an_item_and_deploys_it_at_the_end_of_its_move",
        WORKS + "test_a_barbed_hedgehog_deployed_beside_its_carrier_bars_vehicles",
        WORKS + "test_the_policy_deploys_hedgehogs_facing_an_enemy_vehicle_and_an_engineer_carries_an_item",
    ),
    ability(
        "bridge",
        "Bridge",
        HON,
        "BfC p.08",
        NOT_PLAYED,
        "no unit or option of the catalogue has it, and the book does not say who deploys it nor when",
    ),
    ability(
        "aviator",
        "Aviator",
        HON,
        "BfC p.10-11",
        PLAYED,
        "played; stepping into the airplane costs a movement point, and out of it one square (hon's readings); the "
        "policy walks each pilot to an empty airplane and never gets out",
        AVIATION + "test_an_aviator_ends_its_movement_in_the_airplane_turned_over",
        AVIATION + "test_an_aviator_leaves_turning_to_its_inactive_side",
        AVIATION + "test_a_wing_over_a_vehicle_destroys_the_airplane_and_the_aviator_bails_out",
        AVIATION + "test_leaving_on_a_jet_plane_an_airplane_takes_off",
    ),
    ability(
        "driver",
        "Driver",
        HON,
        "BfC p.10-11",
        PLAYED,
        "an airplane moves only with as many Aviators in its cockpit as its Driver value",
        AVIATION + "test_an_airplane_without_its_aviator_cannot_move",
        AVIATION + "test_an_aviator_ends_its_movement_in_the_airplane_turned_over",
    ),
    # --- Shadows over Normandie (data/son) ------------------------------------------------
    ability(
        "amphibious-ambush",
        "Amphibious Ambush",
        SON,
        "SoN p.17",
        PLAYED,
        "it turns over to hide only on water and is spotted only from next to it; hon does not reveal it when it "
        "moves out of the water (the book does not say it must)",
        SON_ABILITIES + "test_amphibious_ambush_hides_only_in_water_and_is_spotted_only_from_next_to_it",
    ),
    ability(
        "assault-long-distance",
        "Assault (Long Distance)",
        SON,
        "SoN p.17",
        PLAYED,
        "the policy assaults from where the unit stands; with Brutal Assault, every enemy in reach in turn",
        VARIANTS + "test_long_distance_assault_reaches_2_squares_and_never_takes_the_place",
        VARIANTS + "test_the_policy_uses_brutal_long_distance_and_on_the_move_assaults",
    ),
    ability(
        "assault-brutal",
        "Assault (Brutal)",
        SON,
        "SoN p.17",
        PLAYED,
        "a tie ends the chain and sends it back, as a loss does (hon's reading: the square stays held)",
        VARIANTS + "test_with_brutal_assault_several_assaults_are_made_on_the_move",
        VARIANTS + "test_brutal_assault_beats_every_covered_enemy_in_turn_then_takes_the_ground",
        VARIANTS + "test_brutal_assault_stops_at_the_first_loss_and_goes_back",
        VARIANTS + "test_the_policy_uses_brutal_long_distance_and_on_the_move_assaults",
    ),
    ability(
        "assault-on-the-move",
        "Assault (on the Move)",
        SON,
        "SoN p.17",
        PLAYED,
        "after a win or a tie the unit moves on with its points left towards the goal the action names",
        VARIANTS + "test_assault_on_the_move_takes_its_penalty_and_moves_on_after_winning",
        VARIANTS + "test_assault_on_the_move_stops_when_it_loses",
    ),
    ability(
        "faith",
        "Faith",
        SON,
        "SoN p.17",
        PLAYED,
        "",
        TERROR + "test_who_never_checks_the_unsuppressed_the_faithful_manifestations_and_the_blind",
    ),
    ability(
        "gigantic",
        "Gigantic",
        SON,
        "SoN p.17",
        PLAYED,
        "no Gigantic unit enters a building; being summoned is Summoning's, which is not played",
        MOVEMENT + "test_large_creatures_ignore_forbidden_to_but_not_impassable_or_buildings",
        SON_ABILITIES + "test_a_gigantic_unit_never_enters_a_building",
    ),
    ability(
        "hawkeye",
        "Hawkeye",
        SON,
        "SoN p.17",
        PLAYED,
        "",
        COMBAT + "test_hawkeye_ignores_long_range",
    ),
    ability(
        "jump",
        "Jump",
        SON,
        "SoN p.17",
        PLAYED,
        "searched over the battlefield stripped of its terrain, ending only where it may stand and outside buildings",
        SON_ABILITIES + "test_jump_and_flying_cross_what_bars_others_but_never_stop_on_it",
        SON_ABILITIES + "test_the_policy_jumps_over_the_ridge_towards_its_objective",
    ),
    ability(
        "jury-rigged",
        "Jury-rigged",
        SON,
        "SoN p.17",
        PLAYED,
        "rolled each time the unit fires; broken, it never fires again (no marker of the catalogue has it)",
        SON_ABILITIES + "test_jury_rigged_material_breaks_on_its_value_and_never_fires_again",
    ),
    ability(
        "magician",
        "Magician",
        SON,
        "SoN p.18",
        PLAYED,
        "hon reads a Magician N's aura as helping any caster within N; never more than 1 fewer, Blood Sigils besides",
        SPELLS + "test_the_penalty_less_one_for_a_magician_and_one_per_blood_sigil",
    ),
    ability(
        "medic",
        "Medic",
        SON,
        "SoN p.18",
        PLAYED,
        "the treatment is made in the Supply Phase, the one moment an unactivated Medic acts; the policy moves the "
        "marker to a worse hit (hon's readings, medic.py)",
        SON_ABILITIES + "test_a_ready_medic_ignores_a_hit_with_its_aid_marker_then_treats_the_unit_in_the_supply_phase",
        SON_ABILITIES + "test_an_inactive_medic_turns_over_to_be_ready_and_then_aids",
        SON_ABILITIES + "test_the_aid_takes_an_eliminating_hit_too_and_moves_to_a_worse_hit",
        SON_ABILITIES + "test_a_unit_with_no_square_to_retreat_to_is_not_saved_by_the_aid",
        SON_ABILITIES + "test_a_medic_never_moves_its_aid_to_an_enemy",
    ),
    ability(
        "mythos-manifestation",
        "Mythos Manifestation",
        SON,
        "SoN p.18; SoN p.11",
        PLAYED,
        "checked at the Supply Phase's step (p.10-11), the one moment the book names; only the enemy's terrify (hon's "
        "reading: no side is named); no terrain element of the catalogue has the ability",
        TERROR + "test_a_suppressed_unit_that_sees_a_manifestation_rolls_less_2_per_marker_and_resists_on_its_value",
        TERROR + "test_a_null_manifestation_instils_no_terror_and_the_highest_one_seen_is_faced",
    ),
    ability(
        "mythos-hunter",
        "Mythos Hunter",
        SON,
        "SoN p.18",
        PLAYED,
        "added to shots, assaults (both sides) and Terror checks against a Manifestation, with Enchant Unit's; a "
        "Cursed Statue's unprinted value is read as 1",
        TERROR + "test_mythos_hunter_adds_to_the_terror_check",
        TERROR + "test_mythos_hunter_adds_to_a_shot_at_a_manifestation_only",
    ),
    ability(
        "perforating",
        "Perforating",
        SON,
        "SoN p.18",
        PLAYED,
        "",
        COMBAT + "test_perforating_is_sons_piercing",
    ),
    ability(
        "sacrifice",
        "Sacrifice",
        SON,
        "SoN p.18",
        PLAYED,
        "the simulation's policy never sacrifices",
        ASSAULT + "test_sacrifice_turns_over_to_give_the_opponent_a_hit",
    ),
    ability(
        "search",
        "Search",
        SON,
        "SoN p.18; SoN p.11",
        PLAYED,
        "what is found is drawn from the Search bag (p.11), scenarios naming nothing else",
        SEARCH + "test_the_search_ability_lowers_the_roll_needed",
    ),
    ability(
        "all-terrain",
        "Special Movement (All Terrain)",
        SON,
        "SoN p.18",
        PLAYED,
        "",
        LISTED + "test_all_terrain_crosses_a_difficult_passage_without_stopping",
    ),
    ability(
        "flying",
        "Special Movement (Flying)",
        SON,
        "SoN p.18",
        PLAYED,
        "played as Jump: over every terrain element, ending only where it may stand and outside buildings",
        SON_ABILITIES + "test_jump_and_flying_cross_what_bars_others_but_never_stop_on_it",
    ),
    ability(
        "terrifying",
        "Terrifying",
        SON,
        "SoN p.19",
        PLAYED,
        "",
        ASSAULT + "test_terrifying_two_markers_on_the_loser_one_on_the_winner",
        TERROR + "test_a_terrifying_assault_is_told_with_its_markers_and_page",
    ),
)

MARKERS: tuple[Coverage, ...] = (
    # --- Heroes of Normandie and Battle for Caen ------------------------------------------
    marker(
        "suppressed",
        "Suppressed",
        HON,
        "HoN core p.16",
        PLAYED,
        "",
        COMBAT + "test_suppressed_markers_take_2_each_from_the_final_result",
        COMBAT + "test_suppressed_markers_do_not_touch_the_damage_location_roll",
        MOVEMENT + "test_x_movement_and_suppressed_markers",
        ZOC + "test_vehicles_ignore_infantry_zoc_and_suppressed_units_hinder_nobody",
        TURN + "test_the_supply_phase_moves_units_without_a_real_token_and_never_fires",
    ),
    marker(
        "activated",
        "Activated",
        HON,
        "HoN core p.16",
        PLAYED,
        "",
        COMBAT + "test_opportunity_fire_activates_the_firer",
        LISTED + "test_an_autonomous_unit_acts_without_a_token_and_then_stays_put_in_the_supply_phase",
    ),
    marker(
        "damage",
        "Damage",
        HON,
        "HoN core p.15",
        PLAYED,
        "a Tracks or Hull hit from Opportunity Fire stops a moving vehicle at once",
        COMBAT + "test_damage_location",
        COMBAT + "test_a_second_damage_of_the_same_kind_destroys",
        DAMAGE + "test_a_crew_hit_vehicle_fires_only_one_of_its_weapons",
        DAMAGE + "test_a_tracks_hit_vehicle_executes_no_more_movement_actions",
        DAMAGE + "test_a_destroyed_primary_weapon_cannot_fire",
        FIRE + "test_a_tracks_hit_under_opportunity_fire_stops_the_vehicle_at_once",
    ),
    marker(
        "destruction-point",
        "Destruction Point",
        HON,
        "HoN core p.22",
        PARTIAL,
        "the points are kept per terrain element and bring a building down at its value; wrecks never take any",
        COMBAT + "test_destruction_dice_add_a_point_for_each_4_or_more",
        STRUCTURES + "test_destruction_points_add_up_over_shots_before_the_building_falls",
    ),
    marker(
        "ammo",
        "Ammo",
        HON,
        "HoN core p.28",
        PLAYED,
        "kept on its option for its tile's infantry (any unit's on a command tile), spent from the pool; the policy "
        "spends one at a time while it adds 0.2 expected hits, in ordinary Firing Actions only",
        COMBAT + "test_ammo_only_helps_against_infantry",
        FIRE + "test_ammo_markers_are_spent_for_their_bonus_against_infantry",
        FIRE + "test_gear_markers_go_to_the_units_of_their_tile",
    ),
    marker(
        "passage",
        "Passage",
        HON,
        "HoN core p.28",
        PARTIAL,
        "a heavy vehicle drives into a hedgerow square, one marker each, which stays open to heavy vehicles (a "
        "Difficult Passage still); barbed wire is not on hon's battlefields, so none is cleared",
        GEAR_ROLLS + "test_a_passage_marker_lets_a_heavy_vehicle_through_a_hedgerow_and_stays_there",
        GEAR_ROLLS + "test_passage_markers_are_for_heavy_vehicles_one_a_hedgerow_square",
        GEAR_ROLLS + "test_the_policy_cuts_through_a_hedgerow_between_a_tank_and_its_objective",
    ),
    marker(
        "panzerfaust",
        "Panzerfaust",
        HON,
        "HoN core p.28",
        PLAYED,
        f"an Alternate Firing Action, one marker, 4 squares, Destruction 2; {GEAR_VALUES} (X/4/5); the policy "
        "spends one when it promises 0.5 hit more than its ordinary Firing Action",
        GEAR + "test_a_panzerfaust_is_an_alternate_firing_action_with_the_markers_values",
        GEAR + "test_a_panzerfaust_reaches_4_squares_not_infantry_and_has_destruction_2",
        GEAR + "test_the_policy_fires_a_panzerfaust_at_a_tank_its_own_values_cannot_touch",
    ),
    marker(
        "rifle-grenade",
        "Rifle Grenade",
        HON,
        "HoN core p.29",
        PLAYED,
        "the explosion template thrown 7 interspaces with Indirect Fire: on target when the thrower sees the "
        f"interspace clearly, else it scatters (1 interspace: the value is unprinted); {GEAR_VALUES} (3/1/X)",
        GEAR + "test_a_rifle_grenade_reaches_7_interspaces_and_scatters_without_a_clear_sight",
    ),
    marker(
        "sticky-bomb",
        "Sticky Bomb",
        HON,
        "HoN core p.29",
        PLAYED,
        "put on a unit 1 square away, it explodes on it alone at the end of the Supply Phase (hon's reading: wherever "
        f"it went, on its planter's side, not if it is gone); {GEAR_VALUES} (X/4/4)",
        GEAR + "test_a_sticky_bomb_is_put_at_1_square_and_explodes_at_the_end_of_the_supply_phase",
    ),
    marker(
        "magnetic-mine",
        "Magnetic Mine",
        HON,
        "HoN core p.29",
        PLAYED,
        f"played as the Sticky Bomb; {GEAR_VALUES} (X/4/4)",
        GEAR + "test_a_magnetic_mine_goes_off_in_the_supply_phase_of_the_turn",
    ),
    marker(
        "grenade",
        "Grenade",
        HON,
        "HoN core p.29",
        PLAYED,
        f"thrown at an interspace 2 away, no scatter, buildings shelter from outside; or into a building by its "
        f"opening, or onto a defensive position's square, no Defensive Bonus; {GEAR_VALUES} (3/1/X)",
        GEAR + "test_a_grenade_is_thrown_2_interspaces_every_unit_under_it_attacked",
        GEAR + "test_the_policy_throws_a_grenade_into_a_crowd_not_at_a_lone_target_it_can_shoot",
        GEAR + "test_a_grenade_goes_into_a_building_by_its_opening_and_every_unit_inside_is_attacked",
        GEAR + "test_a_grenade_goes_onto_a_square_of_a_defensive_position_and_stays_inside_it",
        GEAR + "test_the_policy_throws_a_grenade_into_a_house_its_shots_cannot_crack",
        TEMPLATES + "test_a_grenade_reaches_two_interspaces_counting_the_target",
        TEMPLATES + "test_a_grenade_resolves_each_attack_individually_and_never_scatters",
        TEMPLATES + "test_units_inside_a_building_are_not_affected_by_a_template_outside_it",
        TEMPLATES + "test_a_grenade_goes_into_a_building_by_an_opening_and_onto_a_square_of_a_defensive_position",
    ),
    marker(
        "veteran",
        "Veteran",
        HON,
        "HoN core p.30",
        PARTIAL,
        "rerolls a firing roll (a shot's, a template's or a bomb's: the firer's miss, the target's hit) or the "
        "losing side's assault roll, once a roll, on the policy's odds; not damage, scatter, sniper, initiative rolls",
        GEAR_ROLLS + "test_a_veteran_marker_rerolls_a_miss_and_the_new_result_stands",
        GEAR_ROLLS + "test_a_veteran_marker_rerolls_the_opponents_hit",
        GEAR_ROLLS + "test_a_veteran_marker_rerolls_a_lost_assault_roll",
        GEAR_ROLLS + "test_a_veteran_marker_rerolls_a_templates_attack",
    ),
    marker(
        "concealed",
        "Concealed",
        HON,
        "HoN core p.30",
        PLAYED,
        "played (at deployment, played before turn 1's orders, and as each Supply Phase begins); the marker's own "
        "values are not printed: it moves and fires with its unit's; the policy hides units no enemy spots at once",
        CONCEALED + "test_a_concealed_marker_replaces_an_infantry_unit_and_cannot_be_targeted",
        CONCEALED + "test_spotted_its_counter_comes_back_and_the_marker_is_free_again",
        CONCEALED + "test_a_concealed_unit_that_fires_is_revealed",
        CONCEALED + "test_the_policy_conceals_units_no_enemy_would_spot_at_once",
        CONCEALED + "test_spotted_at_the_end_of_an_enemy_move_the_marker_gives_way_to_its_counter",
    ),
    marker(
        "bazooka",
        "Bazooka",
        HON,
        "HoN core p.31",
        PLAYED,
        "a Character's Alternate Firing Action, one marker, with the values of the catalogue's Bazooka Team (0/3/3, "
        "5 squares, Destruction 1: examples)",
        GEAR + "test_a_bazooka_is_for_characters_and_works_like_the_bazooka_team",
    ),
    marker(
        "knife",
        "Knife",
        HON,
        "HoN core p.31; BfC p.08",
        PLAYED,
        "discarded for +2 on the assault result, attacking or defending, when the policy gains 0.1 chance of winning",
        FIRE + "test_a_knife_marker_is_discarded_for_plus_2_in_an_assault",
        FIRE + "test_an_assaulted_unit_discards_its_knife_when_it_helps",
    ),
    marker(
        "piat",
        "PIAT",
        HON,
        "BfC p.08",
        PLAYED,
        f"an Alternate Firing Action, one marker, 5 squares, Destruction (1 die: unprinted); {GEAR_VALUES} (0/3/3)",
        GEAR + "test_a_piat_reaches_5_squares_with_destruction",
        GEAR + "test_each_marker_is_used_once_and_a_unit_without_one_cannot",
    ),
    marker(
        "mine",
        "Mine",
        HON,
        "BfC p.09",
        PLAYED,
        "played; the marker's values are printed only on it: 4/3/2 is hon's example, with no terrain bonus; the "
        "policy lays them holding its ground and stops short of one, never plans a way round",
        MINES + "test_a_unit_places_a_mine_marker_on_a_square_of_its_zoc_spending_one",
        MINES + "test_a_unit_crossing_a_mine_suffers_its_attack_and_the_marker_is_discarded",
        MINES + "test_a_missed_mine_attack_leaves_no_suppressed_marker_and_friends_set_it_off_too",
        MINES + "test_an_engineer_discards_an_adjacent_mine_marker",
        MINES + "test_the_policy_holding_its_ground_lays_a_mine_towards_the_enemy",
        MINES + "test_a_unit_retreating_onto_a_mine_sets_it_off",
        MINES + "test_the_policy_stops_short_of_a_mine_in_its_way",
    ),
    marker(
        "forward-position",
        "Forward Position",
        HON,
        "BfC p.09",
        PLAYED,
        "played; the tile's symbols are lost: hon gives infantry on its square +2 defense (example) over the "
        "terrain there; the policy digs in where it holds its ground near the enemy",
        WORKS + "test_a_forward_position_goes_on_the_units_own_square_and_shelters_it",
        WORKS + "test_no_forward_position_in_a_building_or_water",
        WORKS + "test_the_policy_holding_its_ground_digs_in",
    ),
    marker(
        "recce-ammo",
        "Ammo (Recce Gear)",
        HON,
        "BfC p.09",
        PLAYED,
        "a light vehicle's Firing Action: +2 against light vehicles, +1 against heavy, up to 3; the policy spends "
        "one on a Firing Action at a vehicle",
        GEAR_ROLLS + "test_recce_ammo_gives_2_against_light_vehicles_and_1_against_heavy",
    ),
    marker(
        "additional-shielding",
        "Additional Shielding",
        HON,
        "BfC p.09",
        PLAYED,
        "+2 Defensive Bonus declared before the roll of a Firing Action, a template, a bomb or an assault on the "
        "vehicle; the policy spends one when it takes 0.15 off the chance of a hit (or of losing)",
        GEAR_ROLLS + "test_additional_shielding_adds_2_to_a_vehicles_defense_before_the_roll",
        GEAR_ROLLS + "test_additional_shielding_holds_against_a_grenade_a_bomb_and_an_assault",
    ),
    marker(
        "fuel",
        "Fuel",
        HON,
        "BfC p.09",
        PLAYED,
        "+2 squares each at the start of a vehicle's Movement Action; the policy spends the fewest that bring a "
        "vehicle onto its goal",
        GEAR_ROLLS + "test_fuel_adds_2_squares_to_a_vehicles_movement_per_marker",
        GEAR_ROLLS + "test_the_policy_spends_fuel_to_reach_an_objective_and_a_map_to_cross_a_hedge",
    ),
    marker(
        "life-point",
        "Life Point",
        HON,
        "BfC p.09",
        PLAYED,
        "always discarded to cancel a hit on the Character: a Firing Action's, a template's, the sniper's or an "
        "assault's (the loser still moves); a double hit needs two, a regular hit per missing marker",
        GEAR_ROLLS + "test_a_life_point_cancels_a_hit_on_a_character_and_a_double_needs_two",
        GEAR_ROLLS + "test_a_life_point_cancels_a_grenades_hit_on_a_character",
        GEAR_ROLLS + "test_a_life_point_cancels_the_snipers_hit_and_its_suppressed_marker_stays",
        GEAR_ROLLS + "test_a_life_point_cancels_an_assaults_hit_and_the_character_still_falls_back",
    ),
    marker(
        "tactical-map",
        "Tactical Map",
        HON,
        "BfC p.09",
        PLAYED,
        "a Character's marker, spent at the start of its or a unit's within 3 squares Movement Action to ignore "
        "every Difficult Passage; the policy spends one when it brings the unit 2 squares nearer its goal",
        GEAR_ROLLS + "test_a_tactical_map_lets_a_unit_within_3_squares_of_its_character_ignore_difficult_passages",
        GEAR_ROLLS + "test_the_policy_spends_fuel_to_reach_an_objective_and_a_map_to_cross_a_hedge",
    ),
    marker(
        "barbed-hedgehog",
        "Barbed Hedgehog",
        HON,
        "BfC p.05",
        PLAYED,
        "played: a hedgehog line bars vehicles and stops infantry, an Engineer removes one in its ZoC, Military "
        "Engineering deploys one beside its carrier (its obstacle value 1 is an example)",
        MOVEMENT + "test_hedgehog_lines_bar_vehicles_and_stop_infantry",
        MOVEMENT + "test_an_engineer_removes_a_barbed_hedgehog_in_its_zone_of_control",
        WORKS + "test_a_barbed_hedgehog_deployed_beside_its_carrier_bars_vehicles",
        WORKS + "test_the_policy_deploys_hedgehogs_facing_an_enemy_vehicle_and_an_engineer_carries_an_item",
    ),
    marker(
        "advanced-position",
        "Advanced Position",
        HON,
        "BfC p.08",
        PLAYED,
        "played; the tile's symbols are lost: hon gives infantry on its square +2 defense (example) over the "
        "terrain there; it goes on an empty square of its carrier's ZoC",
        WORKS + "test_military_engineering_deploys_an_advanced_position_at_the_end_of_its_move",
        WORKS + "test_an_engineer_in_its_zoc_carries_an_item_and_deploys_it_at_the_end_of_its_move",
    ),
    marker(
        "speed",
        "Speed",
        HON,
        "BfC p.10-11",
        PLAYED,
        "played; the lost green borders are read as X, 2, 4, 6, each replaced by its neighbours; it takes off "
        "only if it showed 6 as the action began; squares moved are points spent; a wing is the square beside "
        "its front",
        AVIATION + "test_the_speed_marker_changes_one_step_and_sets_how_far_it_moves",
        AVIATION + "test_at_speed_6_it_takes_off_after_6_straight_squares_and_leaves_play",
        AVIATION + "test_a_wing_over_a_vehicle_destroys_the_airplane_and_the_aviator_bails_out",
        AVIATION + "test_leaving_on_a_jet_plane_an_airplane_takes_off",
    ),
    # --- Shadows over Normandie -----------------------------------------------------------
    marker(
        "son-suppressed",
        "Suppressed",
        SON,
        "SoN p.5; SoN p.7; SoN p.19",
        PLAYED,
        "as in HoN (rolls, movement, ZoC, one discarded per Supply Phase), with the spells' penalties on their "
        "caster, Terror checks and Aid markers",
        COMBAT + "test_suppressed_markers_take_2_each_from_the_final_result",
        SPELLS + "test_life_drain_hits_at_once_costs_3_suppressed_and_restores_the_caster",
        MOVEMENT + "test_son_difficult_terrain_gives_a_marker_and_costs_two_more",
        TURN + "test_the_supply_phase_moves_units_without_a_real_token_and_never_fires",
    ),
    marker(
        "son-activated",
        "Activated",
        SON,
        "SoN p.4-5",
        PLAYED,
        "",
        COMBAT + "test_opportunity_fire_activates_the_firer",
        LISTED + "test_an_autonomous_unit_acts_without_a_token_and_then_stays_put_in_the_supply_phase",
    ),
    marker(
        "son-order-token",
        "Order token",
        SON,
        "SoN p.4-5",
        PLAYED,
        "",
        ORDERS + "test_tokens_are_the_stars_less_those_of_destroyed_officers",
        ORDERS + "test_reveals_alternate_from_the_initiative_and_the_longer_side_goes_on",
    ),
    marker(
        "son-bluff-token",
        "Bluff token",
        SON,
        "SoN p.4-5",
        PLAYED,
        "",
        TURN + "test_the_supply_phase_moves_units_without_a_real_token_and_never_fires",
        SUMMARY + "test_tokens_are_capped_and_bluffs_start_at_one",
    ),
    marker(
        "son-special-order-token",
        "Special Order token",
        SON,
        "SoN p.4-5",
        PARTIAL,
        "played as order 0, the initiative player's first, then the opponent's #1 (p.8-9); the book also lets "
        "one come later, before or after any token, which the engine never does",
        ORDERS + "test_a_special_order_token_is_order_0_and_the_opponents_1_follows_it",
        ORDERS + "test_a_revealed_special_token_is_narrated_as_order_0_with_its_page",
    ),
    marker(
        "son-initiative-marker",
        "Initiative marker",
        SON,
        "SoN p.10",
        PLAYED,
        "the initiative passes to the next player every turn, round the table in a three-player game (hon's "
        "reading: the book leaves the turn counter's markers to the scenario)",
        TURN + "test_the_game_ends_after_the_last_turn_with_the_first_outcome_that_holds",
        THREE + "test_the_reed_vigil_plays_one_against_two_from_set_up_to_victory",
    ),
    marker(
        "son-damage",
        "Damage",
        SON,
        "SoN p.8",
        PLAYED,
        "as in HoN: location, destruction, hull markers, crew, tracks and the primary weapon",
        COMBAT + "test_damage_location",
        COMBAT + "test_perforating_is_sons_piercing",
        DAMAGE + "test_a_crew_hit_vehicle_fires_only_one_of_its_weapons",
        DAMAGE + "test_a_tracks_hit_vehicle_executes_no_more_movement_actions",
    ),
    marker(
        "son-destruction",
        "Destruction",
        SON,
        "SoN p.17",
        PARTIAL,
        "as in HoN: points are counted by a destruction roll, but nothing keeps them and nothing falls",
        COMBAT + "test_destruction_dice_add_a_point_for_each_4_or_more",
    ),
    marker(
        "son-aid",
        "Aid",
        SON,
        "SoN p.18",
        PLAYED,
        "",
        SON_ABILITIES + "test_a_ready_medic_ignores_a_hit_with_its_aid_marker_then_treats_the_unit_in_the_supply_phase",
    ),
    marker(
        "son-search-token",
        "Search token",
        SON,
        "SoN p.11",
        PLAYED,
        "scenarios place them (search_tokens); hon uses a token up once it gave something",
        SEARCH + "test_without_the_ability_only_a_6_finds_something",
        SEARCH + "test_no_search_away_from_a_token_or_next_to_an_enemy",
    ),
    marker(
        "son-steady",
        "Steady (Madness)",
        SON,
        "SoN p.11",
        PLAYED,
        "",
        TERROR + "test_a_failed_check_draws_a_madness_token_and_discards_the_suppressed_markers",
    ),
    marker(
        "son-rage",
        "Rage (Madness)",
        SON,
        "SoN p.11",
        PLAYED,
        "hon's Rage move is a 4-point Movement Action; it assaults only with the Assault ability",
        TERROR + "test_rage_keeps_the_order_away_then_charges_the_closest_enemy_with_3_more",
    ),
    marker(
        "son-catatonia",
        "Catatonia (Madness)",
        SON,
        "SoN p.11",
        PLAYED,
        "hon gives it an Activated marker: it still defends itself in an assault",
        TERROR + "test_catatonia_freezes_the_unit_through_the_next_round_then_is_discarded",
    ),
    marker(
        "son-paranoia",
        "Paranoia (Madness)",
        SON,
        "SoN p.11",
        PLAYED,
        "",
        TERROR + "test_paranoia_fires_at_the_closest_unit_an_ally_when_as_close",
    ),
    marker(
        "son-suicide",
        "Suicide (Madness)",
        SON,
        "SoN p.11",
        PLAYED,
        "",
        TERROR + "test_suicide_hits_the_unit_at_once",
    ),
    marker(
        "son-fear",
        "Fear (Madness)",
        SON,
        "SoN p.11",
        PLAYED,
        "hon's 4 spaces: 4 steps each farther from the Manifestation, zones of control ignored",
        TERROR + "test_fear_sends_the_unit_4_spaces_away_from_the_manifestation_and_flips_it",
    ),
    marker(
        "son-hysteria",
        "Hysteria (Madness)",
        SON,
        "SoN p.11",
        PLAYED,
        "",
        TERROR + "test_hysteria_takes_1_from_the_units_shots",
    ),
    marker(
        "son-elder-sign",
        "Elder Sign",
        SON,
        "SoN p.14",
        PLAYED,
        "on Terror checks, shots and assaults with a Manifestation; the policy spends them when a throw of 4 would "
        "fail and enough are left to make it succeed",
        TERROR + "test_elder_signs_add_mythos_hunter_2_each_to_a_terror_check_and_are_spent",
        TERROR + "test_elder_signs_are_played_on_a_shot_at_a_manifestation_when_a_4_would_miss",
    ),
    marker("son-eldritch-ichor", "Eldritch Ichor", SON, "SoN p.14", NOT_PLAYED, NO_MARKERS),
    marker(
        "son-blood-sigil",
        "Blood Sigil",
        SON,
        "SoN p.14",
        PLAYED,
        "the policy spends enough to bring a penalty down to 1",
        SPELLS + "test_the_penalty_less_one_for_a_magician_and_one_per_blood_sigil",
        SPELLS + "test_the_policy_drains_the_life_of_an_enemy_in_reach_and_spends_its_blood_sigils",
    ),
    marker(
        "son-hydra-blessing",
        "Blessing of Hydra",
        SON,
        "SoN p.15",
        PLAYED,
        "",
        SPELLS + "test_blessing_of_hydra_makes_the_unit_autonomous_and_moves_on_a_recast",
        SPELLS + "test_the_policy_blesses_a_friend_that_still_needs_an_order",
    ),
    marker(
        "son-drowning",
        "Drowning",
        SON,
        "SoN p.15",
        PLAYED,
        "hon's attack: a die plus the bonus against the defense value, no terrain bonus",
        SPELLS + "test_drowning_suppresses_and_attacks_at_2_then_again_at_1_in_the_supply_phase",
    ),
    marker(
        "son-enchant-unit",
        "Enchant Unit",
        SON,
        "SoN p.15",
        PLAYED,
        "",
        SPELLS + "test_enchant_unit_gives_mythos_hunter_2_then_1_then_nothing",
    ),
    marker(
        "son-fog-token",
        "Fog",
        SON,
        "SoN p.15",
        PLAYED,
        "a night already stricter stays; the policy never casts it (scenarios decide)",
        SPELLS + "test_fog_brings_the_fog_rules_for_the_rest_of_the_game",
    ),
    marker(
        "son-mythos-barrier",
        "Mythos Barrier",
        SON,
        "SoN p.15",
        PLAYED,
        "a Manifestation's move may not enter its space (hon has no underground movement); the policy never casts it",
        SPELLS + "test_a_mythos_barrier_drives_a_manifestation_off_and_bars_its_way",
    ),
    marker(
        "son-paralyze",
        "Paralyze",
        SON,
        "SoN p.15",
        PLAYED,
        "",
        SPELLS + "test_paralyze_stops_the_unit_and_leaves_it_one_bare_die_in_an_assault",
    ),
    marker(
        "son-rust",
        "Rust",
        SON,
        "SoN p.15",
        PLAYED,
        "how many markers the spell has is not printed: 3, hon's example",
        SPELLS + "test_rust_lowers_a_vehicles_defense_by_one_per_marker",
    ),
    marker(
        "son-amulet-of-dagon",
        "Amulet of Dagon",
        SON,
        "SoN p.16",
        PARTIAL,
        "played at the Supply Phase's Terror step only (the book allows any moment); its unprinted value is 3, hon's "
        "example",
        TERROR + "test_an_amulet_of_dagon_forces_a_suppressed_enemy_to_check",
    ),
    marker(
        "son-ammo",
        "Ammo",
        SON,
        "SoN p.16",
        PARTIAL,
        f"its +1 against infantry is resolved when a shot declares it, explosive weapons not told apart; {NO_MARKERS}",
        COMBAT + "test_ammo_only_helps_against_infantry",
    ),
    marker("son-dragon", "Dragon", SON, "SoN p.16", NOT_PLAYED, "the dragon never moves onto a unit"),
    marker("son-grenade", "Grenade", SON, "SoN p.16", NOT_PLAYED, f"{NO_MARKERS}; {NO_TEMPLATES}"),
    marker("son-offensive-grenade", "Offensive Grenade", SON, "SoN p.16", NOT_PLAYED, f"{NO_MARKERS}; {NO_TEMPLATES}"),
    marker("son-panzerfaust", "Panzerfaust", SON, "SoN p.16", NOT_PLAYED, NO_MARKERS),
    marker("son-life-point", "Life Point", SON, "SoN p.16", NOT_PLAYED, f"no hit is cancelled; {NO_MARKERS}"),
    marker("son-hardboiled", "Hardboiled", SON, "SoN p.16", NOT_PLAYED, NO_MARKERS),
    marker("son-heroic", "Heroic", SON, "SoN p.16", NOT_PLAYED, "no unit is activated twice"),
    marker("son-veteran", "Veteran", SON, "SoN p.16", NOT_PLAYED, f"no roll is ever rerolled; {NO_MARKERS}"),
    marker("son-poisoned-blade", "Poisoned Blade", SON, "SoN p.16", NOT_PLAYED, NO_MARKERS),
    marker(
        "son-hypnotic-cloud",
        "Hypnotic Cloud",
        SON,
        "SoN p.16",
        NOT_PLAYED,
        f"the Overlord never makes a Suffocating Cloud; {NO_TEMPLATES}",
    ),
    marker(
        "son-toxic-cloud",
        "Toxic Cloud",
        SON,
        "SoN p.16",
        NOT_PLAYED,
        f"the Overlord never makes a Suffocating Cloud; {NO_TEMPLATES}",
    ),
    marker(
        "son-totem",
        "Totem",
        SON,
        "SoN p.16",
        NOT_PLAYED,
        "army lists with more than two Totems are refused (markers.too-many); each one's Order token is counted, "
        "but no totem is placed in play, so none is destroyed",
    ),
)

DIFFICULT_PASSAGE = (
    "entering one ends the move; working one's way through (inside, or out of it) advances one square; a counter "
    "of several squares is judged by its leading end"
)

MECHANICS: tuple[Coverage, ...] = (
    # --- The game turn --------------------------------------------------------------------
    mechanic(
        "game-turn",
        "The Game Turn",
        BOTH,
        "HoN core p.8; SoN p.4",
        PLAYED,
        "the effects due at the start or end of a phase come from abilities, cards, options and scenario events, "
        "each listed here",
        SIMULATE + "test_a_whole_game_ends_with_a_result_and_breaking_points_score",
    ),
    mechanic(
        "initiative",
        "Initiative",
        BOTH,
        "HoN core p.8; SoN p.10",
        PLAYED,
        "a scenario that leaves turn 1 to chance: a die each, the highest wins, ties rolled again (the project's "
        "reading)",
        TURN + "test_the_game_ends_after_the_last_turn_with_the_first_outcome_that_holds",
        SIMULATE + "test_hon_simulate_with_given_armies",
    ),
    mechanic(
        "order-phase",
        "Order Phase",
        BOTH,
        "HoN core p.8; SoN p.4",
        PLAYED,
        "the token placements are the simulation's policy: nearest the enemy first",
        ORDERS + "test_placements_are_checked",
        ORDERS + "test_the_policy_gives_tokens_to_units_near_the_enemy_and_a_bluff_to_the_next",
    ),
    mechanic(
        "order-tokens",
        "Numbered Order Tokens",
        HON,
        "HoN core p.8",
        PLAYED,
        "",
        ORDERS + "test_tokens_are_the_stars_less_those_of_destroyed_officers",
        ORDERS + "test_son_a_hit_officer_gives_the_stars_of_its_damaged_side",
        SUMMARY + "test_the_books_order_star_example_gives_five_tokens",
        SUMMARY + "test_tokens_are_capped_and_bluffs_start_at_one",
    ),
    mechanic(
        "bluff-tokens",
        "Bluff Order Tokens",
        HON,
        "HoN core p.8; HoN core p.30",
        PLAYED,
        "",
        TURN + "test_the_supply_phase_moves_units_without_a_real_token_and_never_fires",
        SUMMARY + "test_tokens_are_capped_and_bluffs_start_at_one",
    ),
    mechanic(
        "special-order-tokens",
        "Special Order Tokens",
        HON,
        "HoN core p.8",
        PARTIAL,
        "played as order 0, the initiative player's first, then the opponent's #1 (p.8-9); the book also lets "
        "one come later, before or after any token, which the engine never does",
        ORDERS + "test_a_special_order_token_is_order_0_and_the_opponents_1_follows_it",
        ORDERS + "test_a_revealed_special_token_is_narrated_as_order_0_with_its_page",
    ),
    mechanic(
        "sudden-death",
        "Sudden death",
        BOTH,
        "HoN core p.8; SoN p.4",
        PLAYED,
        "",
        ORDERS + "test_a_side_without_order_tokens_loses_at_once",
    ),
    mechanic(
        "activation-phase",
        "Activation Phase",
        BOTH,
        "HoN core p.9; SoN p.4",
        PLAYED,
        "what an activated unit does is the simulation's policy: assault, fire, or move towards the objectives",
        ORDERS + "test_reveals_alternate_from_the_initiative_and_the_longer_side_goes_on",
        TURN + "test_the_policy_fires_when_it_can_hit_and_the_roll_adds_up",
    ),
    mechanic(
        "supply-phase",
        "Supply Phase",
        BOTH,
        "HoN core p.16; SoN p.10",
        PLAYED,
        "Terror checks (SoN) and drawing action cards are listed apart",
        TURN + "test_the_supply_phase_moves_units_without_a_real_token_and_never_fires",
    ),
    mechanic(
        "three-player-initiative",
        "Three-player initiative",
        SON,
        "SoN p.10",
        PLAYED,
        "a scenario puts sides in a team; teams alternate, team-mates in rotation; allies never fight, score and "
        "win together; the solo player deploys all at once when the set-up's step comes",
        ORDERS + "test_one_player_against_two_activates_two_units_for_their_one_each",
        THREE + "test_team_mates_are_allies_and_the_solo_player_faces_both",
        THREE + "test_a_broken_group_scores_once_for_the_opposing_team",
        THREE + "test_the_solo_player_out_of_orders_loses_to_the_team",
        THREE + "test_the_reed_vigil_plays_one_against_two_from_set_up_to_victory",
    ),
    mechanic(
        "game-end",
        "End of the game and victory",
        BOTH,
        "HoN core p.8; BfC p.18; SoN p.10",
        PLAYED,
        "the first outcome of the scenario that holds wins",
        TURN + "test_the_game_ends_after_the_last_turn_with_the_first_outcome_that_holds",
    ),
    # --- Movement -------------------------------------------------------------------------
    mechanic(
        "movement",
        "Movement Action",
        BOTH,
        "HoN core p.9; SoN p.5",
        PLAYED,
        "",
        MOVEMENT + "test_infantry_moves_its_movement_value_diagonals_included",
        MOVEMENT + "test_x_movement_and_suppressed_markers",
        MOVEMENT + "test_no_move_ever_ends_on_an_occupied_or_forbidden_square",
    ),
    mechanic(
        "moving-through-units",
        "Moving through other units",
        BOTH,
        "HoN core p.9-10; SoN p.5",
        PLAYED,
        "",
        MOVEMENT + "test_infantry_passes_friends_without_stopping_and_never_enemies_or_vehicles",
        MOVEMENT + "test_vehicles_drive_through_infantry_but_end_on_it_only_running_it_over",
    ),
    mechanic(
        "vehicle-movement",
        "Moving vehicles",
        BOTH,
        "HoN core p.10; SoN p.5",
        PLAYED,
        "a counter's swept area while pivoting is not checked, only the squares it moves into",
        MOVEMENT + "test_a_two_square_vehicle_counts_from_its_front_forward_and_its_rear_backward",
        MOVEMENT + "test_a_unit_may_move_diagonally_between_two_impassable_squares",
    ),
    mechanic(
        "large-creatures",
        "Large creatures",
        SON,
        "SoN p.5; SoN p.7; SoN p.12",
        PLAYED,
        "hon reads p.11's rough terrain as the difficult passage (All Terrain's cross-reference), which stops them "
        "as any unit; p.12's Difficult Terrain only suppresses",
        MOVEMENT + "test_a_four_square_creature_moves_as_a_block",
        MOVEMENT + "test_large_creatures_ignore_forbidden_to_but_not_impassable_or_buildings",
        COMBAT + "test_any_combat_value_may_be_used_against_a_large_creature",
        COMBAT + "test_large_creatures_get_no_terrain_bonus_in_son",
    ),
    mechanic(
        "offset-grid",
        "Offset Grid squares",
        HON,
        "HoN core p.9; HoN core p.12",
        NOT_PLAYED,
        "the battlefield has no offset squares",
    ),
    mechanic(
        "forced-move",
        "Forced Moves",
        BOTH,
        "HoN core p.9-10",
        PARTIAL,
        "retreats, push asides, running over, wrecks pushed onto infantry and riders of a lost transport, an "
        "active unit turning over first (its Inactive Side's Movement Value counts); action cards' are not played",
        ASSAULT + "test_an_infantry_defender_with_nowhere_to_retreat_is_destroyed",
        BOARD + "test_a_forced_move_turns_an_active_unit_over_first",
        BOARD + "test_a_set_up_gun_forced_to_move_turns_over_first_and_moves_with_its_inactive_side",
        RETREAT + "test_a_unit_with_an_x_movement_value_that_must_retreat_is_destroyed",
    ),
    mechanic(
        "running-over-infantry",
        "Running over infantry",
        BOTH,
        "HoN core p.10; SoN p.5",
        PLAYED,
        "the owner's choice is the best covered square; the simple policy never ends a move on infantry; "
        "driving through its square, a vehicle has no shot at it (no range, p.14; the books are silent)",
        BOARD + "test_a_vehicle_ending_on_infantry_forces_it_aside_with_a_suppressed_marker",
        BOARD + "test_infantry_run_over_with_nowhere_to_go_or_no_movement_value_is_destroyed",
        MOVEMENT + "test_vehicles_drive_through_infantry_but_end_on_it_only_running_it_over",
        MOVEMENT + "test_a_two_square_vehicle_drives_through_enemy_infantry_never_through_an_enemy_vehicle",
        FIRE + "test_a_vehicle_driving_over_infantry_has_no_shot_at_it_on_the_move",
    ),
    mechanic(
        "crushing-wrecks",
        "Crushing wrecks",
        BOTH,
        "HoN core p.10; SoN p.11",
        PARTIAL,
        "1 point a wreck square driven over, 2 at most, and 1 from a heavy vehicle wrecking a light one in an "
        "assault; a wreck's printed structure value is not in the catalogue: hon removes it at 2",
        BOARD + "test_a_heavy_vehicle_deals_a_wreck_1_destruction_point_when_driving_over_it",
        BOARD + "test_driving_over_both_squares_of_a_wreck_deals_at_most_2",
        BOARD + "test_light_vehicles_and_infantry_do_not_crush_wrecks",
        BOARD + "test_a_heavy_vehicle_wrecking_a_light_vehicle_in_an_assault_takes_its_square_and_damages_the_wreck",
    ),
    mechanic(
        "pushing-wrecks",
        "Pushing wrecks",
        HON,
        "HoN core p.11",
        PLAYED,
        "the push is the last step of the Movement Action, as the PushWreck action; the simple policy never pushes",
        BOARD + "test_a_vehicle_pushes_a_wreck_one_square_in_the_direction_of_its_move_and_stops",
        BOARD + "test_light_vehicles_push_only_one_square_wrecks_heavy_vehicles_any",
        BOARD + "test_a_wreck_is_never_pushed_off_the_edge_nor_into_impassable_terrain_and_sinks_in_water",
        BOARD + "test_infantry_where_the_wreck_is_pushed_makes_way",
    ),
    mechanic(
        "zone-of-control",
        "Zone of Control",
        BOTH,
        "HoN core p.11-12; SoN p.5",
        PARTIAL,
        "infantry moves into or out of an enemy infantry ZoC, never within one, save the last step of an assault; "
        "units on both corners of a diagonal do not cut a ZoC, only terrain does",
        ZOC + "test_a_unit_controls_the_eight_squares_around_it",
        ZOC + "test_impassable_squares_and_blocked_sight_are_not_part_of_it",
        ZOC + "test_walls_and_windows_stop_it_doors_pass_it_in_hon_only",
        ZOC + "test_infantry_moves_into_and_out_of_a_zoc_but_never_within_it",
        ZOC + "test_an_assault_ignores_the_zoc_for_its_last_step",
    ),
    mechanic(
        "deployment",
        "Deployment",
        BOTH,
        "BfC p.12; HoN core p.21",
        PLAYED,
        "units deploy in their zones, one per square, first side up unless they may show either (the automatic "
        "deployment always shows the first)",
        DEPLOYMENT + "test_inside_the_zone_is_legal_outside_is_not",
        DEPLOYMENT + "test_no_two_counters_on_one_square",
        DEPLOYMENT + "test_auto_deploy_places_everyone_legally_and_deterministically",
    ),
    mechanic(
        "entry-squares",
        "Units entering the battlefield",
        BOTH,
        "BfC p.14",
        PLAYED,
        "a unit whose zones are all entry squares waits off the map and enters as its Movement Action",
        SIMULATE + "test_units_entering_through_entry_squares_wait_in_reserve",
        DEPLOYMENT + "test_a_side_entering_later_stands_on_its_entry_squares",
    ),
    # --- Line of sight and terrain ----------------------------------------------------------
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
    # --- Firing -----------------------------------------------------------------------------
    mechanic(
        "attack-type",
        "Attack type",
        BOTH,
        "HoN core p.13; SoN p.8",
        PLAYED,
        "",
        COMBAT + "test_an_x_combat_value_cannot_fire_at_that_colour",
    ),
    mechanic(
        "range",
        "Range and long range",
        BOTH,
        "HoN core p.14; SoN p.8",
        PLAYED,
        "",
        COMBAT + "test_long_range_is_beyond_7_squares",
        COMBAT + "test_range_counts_at_least_the_target_square",
        _R + "test_grid.py::test_range_counts_the_target_not_the_firer_and_uses_diagonals",
    ),
    mechanic(
        "firing-arc",
        "Firing arcs",
        BOTH,
        "HoN core p.14; HoN core p.26; SoN p.7-8",
        PLAYED,
        "a weapon fires only at a target some square of which lies in its arc, from the counter's centre, a line on "
        "a mark counting as inside (shots, previews, policy); assaulted from outside every arc: suppressed first",
        ASSAULT + "test_assaulted_from_outside_a_limited_firing_arc_the_defender_is_suppressed_first",
        FIRE + "test_a_weapon_fires_only_inside_its_firing_arc",
        FIRE + "test_an_assault_from_outside_every_firing_arc_suppresses_the_defender_first",
    ),
    mechanic(
        "alternate-firing-action",
        "Alternate Firing Actions",
        BOTH,
        "HoN core p.14; SoN p.14",
        PLAYED,
        "one given its values uses none of the counter's abilities; the gear that gives them is listed apart",
        COMBAT + "test_an_alternate_firing_action_uses_its_own_value_and_none_of_the_abilities",
    ),
    mechanic(
        "vehicle-weapons",
        "Vehicle weapons",
        BOTH,
        "HoN core p.14; SoN p.8",
        PARTIAL,
        "every weapon fires in one Firing Action, each at its own target, but all targets are chosen before the "
        "first shot, not each after the last is resolved",
        COMBAT + "test_a_vehicle_with_two_weapons_must_say_which_fires",
    ),
    mechanic(
        "firing-resolution",
        "Resolving a Firing Action",
        BOTH,
        "HoN core p.15; HoN core p.33; SoN p.8",
        PLAYED,
        "",
        COMBAT + "test_worked_example_a_firing_action_of_7_against_6_hits",
        COMBAT + "test_the_same_shot_rolling_a_2_misses",
        COMBAT + "test_a_firing_action_yields_an_event_with_dice_modifiers_and_pages",
        ODDS + "test_fire_odds_are_the_resolution_over_every_die_face",
    ),
    mechanic(
        "effect-of-a-hit",
        "The effect of a hit",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "",
        COMBAT + "test_a_light_vehicle_hit_becomes_a_wreck_or_is_removed",
        COMBAT + "test_a_reduced_infantry_unit_hit_is_destroyed",
    ),
    mechanic(
        "double-hit",
        "Double hits (kill shots)",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "",
        COMBAT + "test_a_double_hit_destroys_even_an_unharmed_unit",
        COMBAT + "test_a_double_hit_destroys_a_heavy_vehicle_without_a_damage_roll",
        COMBAT + "test_the_son_kill_shot_is_a_double_hit",
    ),
    mechanic(
        "heavy-vehicle-facing",
        "Heavy vehicle defense by facing",
        BOTH,
        "HoN core p.14; SoN p.8",
        PARTIAL,
        "the facing struck is read from the bearing of the firer to the vehicle's centre; aiming at the other "
        "square to strike a weaker facing is not tried",
        COMBAT + "test_a_heavy_vehicle_defends_by_facing",
        TURN + "test_which_defense_of_a_heavy_vehicle_a_shot_strikes",
    ),
    mechanic(
        "damage-location",
        "Damage location roll",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "",
        COMBAT + "test_damage_location",
        COMBAT + "test_a_6_destroys_the_vehicle_into_a_wreck",
        COMBAT + "test_a_second_damage_of_the_same_kind_destroys",
        ODDS + "test_damage_location_odds",
    ),
    mechanic(
        "damage-crew",
        "Damage: crew",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "one weapon per Firing Action; the policy keeps its best",
        DAMAGE + "test_a_crew_hit_vehicle_fires_only_one_of_its_weapons",
    ),
    mechanic(
        "damage-tracks",
        "Damage: tracks",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "no Movement Action, pivot or assault; hit by Opportunity Fire while moving, it stops at once",
        DAMAGE + "test_a_tracks_hit_vehicle_executes_no_more_movement_actions",
        FIRE + "test_a_tracks_hit_under_opportunity_fire_stops_the_vehicle_at_once",
    ),
    mechanic(
        "damage-hull",
        "Damage: hull",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "two Suppressed markers; hit by Opportunity Fire while moving, it stops at once",
        COMBAT + "test_damage_location",
        FIRE + "test_a_hull_hit_under_opportunity_fire_stops_the_vehicle_at_once",
    ),
    mechanic(
        "damage-primary-weapon",
        "Damage: primary weapon",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "",
        DAMAGE + "test_a_destroyed_primary_weapon_cannot_fire",
    ),
    mechanic(
        "explosion-templates",
        "Explosion templates and scattering",
        BOTH,
        "HoN core p.23; HoN core p.29; SoN p.16",
        PARTIAL,
        "laid, scattered and resolved per unit (hon reads the shape as the 4 squares around the interspace); "
        "structures under it take no destruction points",
        TEMPLATES + "test_an_explosion_template_covers_the_four_squares_around_its_interspace",
        TEMPLATES + "test_every_unit_even_partly_under_a_template_is_attacked_but_not_a_concealed_one",
        TEMPLATES + "test_units_inside_a_building_are_not_affected_by_a_template_outside_it",
        TEMPLATES + "test_indirect_fire_scatters_on_1_to_4_and_an_artillery_spotter_shortens_it",
    ),
    # --- Assault ----------------------------------------------------------------------------
    mechanic(
        "assault-launch",
        "Launching an assault",
        BOTH,
        "HoN core p.25; SoN p.7",
        PARTIAL,
        "the move ends stepping into the defender's square, from a free square, the last step ignoring ZoC; an "
        "assault from a transport is not played",
        MOVEMENT + "test_an_assault_ends_in_the_enemy_square",
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
        "choice), never within an enemy ZoC, or is destroyed",
        ASSAULT + "test_an_infantry_defender_with_nowhere_to_retreat_is_destroyed",
        RETREAT + "test_a_retreat_may_enter_an_enemy_zone_of_control",
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
        PARTIAL,
        "a vehicle that loses or ties against infantry takes its square; one wrecked in the assault stays where it "
        "was, though the book moves its wreck in too",
        ASSAULT + "test_a_tie_vehicle_against_infantry_overruns_in_hon_but_not_in_son",
    ),
    mechanic(
        "assault-pushed-back",
        "The attacker pushed back",
        SON,
        "SoN p.7",
        PARTIAL,
        "after a loss or a tie the attacker stays in the square it assaulted from, but a vehicle beaten by "
        "infantry still takes its square, as in HoN",
        ASSAULT + "test_a_tie_vehicle_against_infantry_overruns_in_hon_but_not_in_son",
    ),
    # --- Markers, cards, changes of state ---------------------------------------------------
    mechanic(
        "action-cards",
        "Action cards",
        BOTH,
        "HoN core p.17; SoN p.10",
        PARTIAL,
        "HoN decks, hands, the draw and Alternate Bonuses are played, and 5 cards' Battle Events; the other "
        "cards' events are not (each card's notes say), nor Second Chance on assaults; no SoN deck",
        CARDS + "test_the_opening_hand_is_the_size_the_scenario_gives",
        CARDS + "test_cards_are_drawn_at_the_end_of_the_supply_phase_only",
        CARDS + "test_an_alternate_bonus_is_in_the_rolls_total",
        CARDS + "test_high_command_gives_a_special_order_token_at_the_start_of_the_order_phase",
        CARDS + "test_a_second_chance_rolls_a_missed_shot_again",
        CARDS + "test_the_initiative_players_card_resolves_first",
    ),
    mechanic(
        "gear-markers",
        "Gear markers",
        BOTH,
        "HoN core p.28; SoN p.14",
        PLAYED,
        "kept on their option for the units of its tile (any unit's on a command tile) and its restriction, each "
        "spent once and told with its page; one marker per Alternate Firing Action; each marker's effect is "
        "listed apart",
        GEAR + "test_each_marker_is_used_once_and_a_unit_without_one_cannot",
        GEAR + "test_a_panzerfaust_is_an_alternate_firing_action_with_the_markers_values",
        FIRE + "test_gear_markers_go_to_the_units_of_their_tile",
    ),
    mechanic(
        "change-of-state",
        "Changes of state",
        BOTH,
        "HoN core p.21; SoN p.17",
        PLAYED,
        "Tripod and Ambush units; the simple policy sets up, packs up, and hides a revealed Ambush unit no enemy "
        "would spot at once (a unit hiding is checked when another unit ends a move)",
        BOARD + "test_a_unit_turns_over_as_a_zero_move_even_with_an_x_movement_value",
        BOARD + "test_a_unit_may_turn_over_at_the_end_of_its_movement_action",
        BOARD + "test_a_unit_without_active_and_inactive_sides_cannot_change_state",
        BOARD + "test_a_unit_printing_the_ability_on_one_side_only_changes_state_once",
        BOARD + "test_the_policy_sets_up_a_gun_that_can_only_fire_from_its_other_side",
        BOARD + "test_the_policy_hides_a_revealed_ambush_unit_only_out_of_sight",
    ),
    mechanic(
        "spotting",
        "Spotting concealed units",
        BOTH,
        "HoN core p.21; SoN p.11; SoN p.17",
        PLAYED,
        "a wreck counts as a Terrain Element; at night or in fog the 2 squares are 1, in the open 2 or 3 (SoN p.11)",
        BOARD + "test_a_concealed_unit_in_the_open_is_spotted_at_the_end_of_an_enemy_move_with_a_clear_los",
        BOARD + "test_in_a_terrain_element_it_is_spotted_only_within_2_squares",
        BOARD + "test_heavy_vehicles_never_spot_and_two_concealed_units_spot_each_other",
        BOARD + "test_a_concealed_unit_moving_is_spotted_on_the_square_it_enters",
        BOARD + "test_in_son_an_enemy_infantry_spots_from_every_square_it_moves_through",
        BOARD + "test_a_concealed_unit_is_spotted_or_turned_over_once_per_movement_action",
    ),
    mechanic(
        "breaking-point",
        "Breaking points",
        BOTH,
        "HoN core p.5-6; HoN core p.15",
        PLAYED,
        "",
        TURN + "test_a_group_at_its_breaking_point_gives_its_victory_points",
        SIMULATE + "test_a_whole_game_ends_with_a_result_and_breaking_points_score",
    ),
    mechanic(
        "victory-points",
        "Victory points",
        BOTH,
        "HoN core p.5-6; HoN core p.15",
        PARTIAL,
        "broken combat groups score their points; objectives held score none (the free battle's 2 each)",
        TURN + "test_a_group_at_its_breaking_point_gives_its_victory_points",
    ),
    mechanic(
        "objectives",
        "Objectives",
        BOTH,
        "BfC p.12",
        PLAYED,
        "the books do not say how control is taken: a side alone on it takes it and keeps it until retaken",
        TURN + "test_an_objective_is_taken_by_a_side_alone_on_it_and_kept_until_retaken",
    ),
    mechanic(
        "campaign-units",
        "Campaign: extra or removed units",
        HON,
        "BfC p.12-19",
        PLAYED,
        "BfC prints no such change; one's own campaign adds counters to a side (a group of their own: no "
        "breaking point, no order tokens) or leaves a unit's last counters out",
        "tests/services/test_campaign_units.py::"
        "test_played_through_by_simulation_the_units_change_is_in_the_next_set_up",
    ),
    mechanic(
        "capture",
        "Capturing a unit",
        HON,
        "BfC p.12",
        PARTIAL,
        "winning an assault captures the defender; the captive does not stay with its captor, nor is it freed "
        "when the captor falls",
        TURN + "test_the_policy_assaults_when_the_odds_favour_it_and_the_winner_takes_the_ground",
    ),
    mechanic(
        "scenario-events",
        "Scenario events and reinforcements",
        BOTH,
        "BfC p.14; BfC p.16",
        PARTIAL,
        "units brought in wait off the map and enter through the event's zone; the END marker moves; the policy "
        "takes no new option (it says so); tactical bonuses placed and objectives discarded are only told",
        EVENTS + "test_units_an_event_brings_wait_off_the_battlefield_then_enter_through_its_zone",
        EVENTS + "test_the_end_marker_moves_down_and_the_game_lasts_longer",
        EVENTS + "test_the_options_a_side_may_take_are_the_policys_choice_and_it_says_so",
    ),
    mechanic(
        "exits",
        "Units leaving the battlefield",
        HON,
        "BfC p.10-11",
        PLAYED,
        "a unit on its side's exit squares (a zone of kind exit) leaves as its Movement Action, and the policy drives "
        "there the units an exited victory names; an airplane taking off leaves play and counts as exited",
        EVENTS + "test_the_policy_drives_the_units_its_victory_wants_off_the_battlefield_by_the_exit",
        AVIATION + "test_at_speed_6_it_takes_off_after_6_straight_squares_and_leaves_play",
        AVIATION + "test_leaving_on_a_jet_plane_an_airplane_takes_off",
    ),
    mechanic(
        "planning",
        "Planning",
        HON,
        "HoN core p.30",
        PLAYED,
        "",
        SUMMARY + "test_the_books_order_star_example_gives_five_tokens",
    ),
    mechanic(
        "hardened",
        "Hardened",
        HON,
        "BfC p.09",
        PARTIAL,
        "its extra order token is counted; giving a token to one of its tile's units every turn is not enforced",
        SUMMARY + "test_the_books_order_star_example_gives_five_tokens",
    ),
    mechanic("ferocious", "Ferocious", HON, "BfC p.09", NOT_PLAYED, "the defender is pushed back only when it loses"),
    # --- Terrain effects of the catalogue: Heroes of Normandie and Battle for Caen -----------
    mechanic(
        "defensive-bonus",
        "Defensive Bonus",
        HON,
        "HoN core p.18",
        PLAYED,
        "added for the unit's colour, not against a firer in the same position; a counter over several squares "
        "only when completely inside one element",
        COMBAT + "test_a_double_hit_counts_the_defensive_bonus",
        COVER + "test_a_two_square_counter_has_the_bonus_only_completely_inside_one_element",
        COVER + "test_a_shot_at_a_counter_half_in_cover_gets_no_defensive_bonus",
        COVER + "test_a_four_square_counter_needs_all_four_squares_in_the_element",
        TURN + "test_moving_on_the_policy_ends_in_cover_among_the_nearest_squares",
    ),
    mechanic(
        "water",
        "Water",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
        MOVEMENT + "test_terrain_impassable_to_some_types_and_water",
    ),
    mechanic(
        "obscures-los",
        "Obstacle (obscures LoS)",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
        LOS + "test_every_obscuring_square_crossed_adds_its_penalty_with_its_page",
        LOS + "test_a_square_crossed_only_partly_still_obscures",
        LOS + "test_yellow_triangle_obscures_only_shots_at_infantry",
        COMBAT + "test_each_obscuring_square_subtracts_from_the_final_result",
    ),
    mechanic(
        "blocks-los",
        "Obstacle (blocks LoS)",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
        LOS + "test_clear_in_the_open_and_blocked_by_an_obstacle",
    ),
    mechanic(
        "difficult-passage",
        "Difficult Passage",
        HON,
        "HoN core p.18",
        PLAYED,
        DIFFICULT_PASSAGE,
        MOVEMENT + "test_entering_a_difficult_passage_ends_the_move",
        MOVEMENT + "test_a_unit_working_its_way_through_a_difficult_passage_advances_one_square",
        MOVEMENT + "test_a_four_square_creature_works_its_way_out_of_a_difficult_passage_one_square",
        MOVEMENT + "test_a_two_square_vehicle_is_free_of_a_difficult_passage_once_its_front_is_out",
    ),
    mechanic(
        "impassable",
        "Impassable",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
        MOVEMENT + "test_a_unit_may_move_diagonally_between_two_impassable_squares",
        ZOC + "test_impassable_squares_and_blocked_sight_are_not_part_of_it",
        DEPLOYMENT + "test_never_on_a_square_the_unit_may_not_enter",
    ),
    mechanic(
        "impassable-to",
        "Impassable to some units",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
        MOVEMENT + "test_terrain_impassable_to_some_types_and_water",
    ),
    mechanic(
        "no-passage",
        "No Passage",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
        MOVEMENT + "test_no_passage_edges_stop_movement_and_straight_lines_of_them_stop_diagonals",
        LOS + "test_no_passage_edges_block_the_line_of_sight",
    ),
    mechanic(
        "structure",
        "Structure",
        HON,
        "HoN core p.18",
        PARTIAL,
        "a building at its points turns to rubble (movement, LoS and cover follow), infantry inside suppressed, "
        "vehicles destroyed, units left where they stand; wrecks as structures are not played",
        COMBAT + "test_a_shot_at_a_unit_in_a_structure_rolls_destruction_after",
        STRUCTURES + "test_a_building_turned_to_rubble_changes_movement_and_line_of_sight",
        STRUCTURES + "test_the_collapse_suppresses_the_infantry_inside_and_destroys_the_vehicles",
    ),
    mechanic(
        "hole",
        "Hole",
        HON,
        "BfC p.04",
        PARTIAL,
        "infantry inside hide from units outside but not from those inside; corners blocking shots within the "
        "element are not played",
        LOS + "test_infantry_in_a_hole_hide_from_the_units_outside_but_not_inside",
    ),
    mechanic(
        "line",
        "Line",
        HON,
        "BfC p.04",
        PLAYED,
        "a line hinders the moves and shots that cross it and each one crossed adds its defensive bonus (a firer "
        "adjacent to it ignores it); a line along a terrain element's edge gives its bonus only inside the element",
        LOS + "test_a_line_obscures_shots_across_it_except_from_a_unit_adjacent_to_it",
        MOVEMENT + "test_hedgehog_lines_bar_vehicles_and_stop_infantry",
        COVER + "test_a_shot_across_a_line_gives_the_target_its_defensive_bonus",
        COVER + "test_a_line_bounding_a_terrain_element_gives_its_bonus_only_inside_it",
    ),
    mechanic(
        "contour-line",
        "Contour Line",
        HON,
        "BfC p.05",
        PLAYED,
        "",
        LOS + "test_fire_across_a_contour_line_needs_an_end_adjacent_to_it",
    ),
    mechanic(
        "elevated-line",
        "Elevated Line",
        HON,
        "BfC p.05",
        PLAYED,
        "",
        LOS + "test_a_firer_by_an_elevated_line_ignores_the_contour_lines",
    ),
    # --- Terrain effects of the catalogue: Shadows over Normandie --------------------------
    mechanic(
        "son-structure",
        "Structure",
        SON,
        "SoN p.11",
        PARTIAL,
        "as in HoN: points add up and a building turns to ruins; wrecks take none, nor do heavy vehicles passing "
        "over them deal any",
        COMBAT + "test_a_shot_at_a_unit_in_a_structure_rolls_destruction_after",
        STRUCTURES + "test_a_building_turned_to_rubble_changes_movement_and_line_of_sight",
    ),
    mechanic(
        "son-defense",
        "Defense",
        SON,
        "SoN p.11",
        PLAYED,
        "",
        COMBAT + "test_a_double_hit_counts_the_defensive_bonus",
        ASSAULT + "test_no_terrain_bonus_when_both_are_in_the_same_building_or_position",
    ),
    mechanic(
        "son-obscures-los",
        "Obstacle (obscures LoS)",
        SON,
        "SoN p.11",
        PARTIAL,
        "squares obscure as in HoN; an obscuring line between two spaces spares only a firer adjacent to it (as "
        "in BfC), not a target",
        LOS + "test_every_obscuring_square_crossed_adds_its_penalty_with_its_page",
        LOS + "test_a_line_obscures_shots_across_it_except_from_a_unit_adjacent_to_it",
    ),
    mechanic(
        "son-blocks-los",
        "Obstacle (blocks LoS)",
        SON,
        "SoN p.11",
        PLAYED,
        "indirect fire, which it also stops, is not played",
        LOS + "test_clear_in_the_open_and_blocked_by_an_obstacle",
    ),
    mechanic(
        "son-difficult-passage",
        "Difficult Passage",
        SON,
        "SoN p.11",
        PLAYED,
        DIFFICULT_PASSAGE,
        MOVEMENT + "test_entering_a_difficult_passage_ends_the_move",
        MOVEMENT + "test_a_four_square_creature_works_its_way_out_of_a_difficult_passage_one_square",
    ),
    mechanic(
        "son-impassable",
        "Impassable",
        SON,
        "SoN p.11; SoN p.12",
        PLAYED,
        "",
        MOVEMENT + "test_large_creatures_ignore_forbidden_to_but_not_impassable_or_buildings",
    ),
    mechanic(
        "son-impassable-to",
        "Impassable to…",
        SON,
        "SoN p.11; SoN p.12",
        PLAYED,
        "",
        MOVEMENT + "test_terrain_impassable_to_some_types_and_water",
        MOVEMENT + "test_large_creatures_ignore_forbidden_to_but_not_impassable_or_buildings",
    ),
    mechanic(
        "son-no-passage",
        "No Passage",
        SON,
        "SoN p.11",
        PLAYED,
        "",
        MOVEMENT + "test_no_passage_edges_stop_movement_and_straight_lines_of_them_stop_diagonals",
        LOS + "test_no_passage_edges_block_the_line_of_sight",
    ),
    mechanic(
        "son-water",
        "Water",
        SON,
        "SoN p.11",
        PLAYED,
        "",
        MOVEMENT + "test_terrain_impassable_to_some_types_and_water",
    ),
    mechanic(
        "son-dark-night",
        "Dark Night",
        SON,
        "SoN p.11",
        PLAYED,
        "shots reach 7, Limited Range too; long range from 5 squares; hidden units seen from next to them in "
        "terrain, from 2 in the open; indirect fire +2 scatter, never direct; no Aviation card is in the catalogue",
        COMBAT + "test_night_caps_the_range_and_brings_long_range_closer",
        NIGHT_FOG + "test_long_range_starts_at_5_at_night_and_6_in_fog",
        NIGHT_FOG + "test_a_unit_hides_in_the_open_unless_an_enemy_sees_it_within_2_at_night_3_in_fog",
        NIGHT_FOG + "test_in_a_terrain_overlay_a_hidden_unit_is_discovered_only_from_an_adjacent_square",
        NIGHT_FOG + "test_indirect_fire_never_fires_directly_and_scatters_2_more_at_night",
        NIGHT_FOG + "test_at_night_the_policy_hides_in_the_open_out_of_reach_of_the_enemy",
    ),
    mechanic(
        "son-fog",
        "Fog",
        SON,
        "SoN p.11",
        PLAYED,
        "shots reach 9, Limited Range too; long range from 6 squares; hidden units seen from next to them in "
        "terrain, from 3 in the open; indirect fire +2 scatter, never direct; no Aviation card is in the catalogue",
        COMBAT + "test_night_caps_the_range_and_brings_long_range_closer",
        NIGHT_FOG + "test_long_range_starts_at_5_at_night_and_6_in_fog",
        NIGHT_FOG + "test_a_unit_hides_in_the_open_unless_an_enemy_sees_it_within_2_at_night_3_in_fog",
        NIGHT_FOG + "test_in_a_terrain_overlay_a_hidden_unit_is_discovered_only_from_an_adjacent_square",
        NIGHT_FOG + "test_indirect_fire_never_fires_directly_and_scatters_2_more_at_night",
        NIGHT_FOG + "test_at_night_the_policy_hides_in_the_open_out_of_reach_of_the_enemy",
    ),
    mechanic(
        "son-difficult-terrain",
        "Difficult Terrain",
        SON,
        "SoN p.12",
        PARTIAL,
        "entering gives a Suppressed marker and its -2 at once and any unit may enter with its last point; large "
        "creatures are not stopped by it",
        MOVEMENT + "test_son_difficult_terrain_gives_a_marker_and_costs_two_more",
    ),
    mechanic(
        "son-swamp",
        "Swamp",
        SON,
        "SoN p.12",
        PLAYED,
        "",
        LISTED + "test_a_swamp_suppresses_infantry_bars_vehicles_and_is_open_ground_to_amphibious_units",
    ),
    mechanic(
        "son-mud",
        "Mud",
        SON,
        "SoN p.12",
        PARTIAL,
        f"played as a difficult passage: {DIFFICULT_PASSAGE}",
        MOVEMENT + "test_entering_a_difficult_passage_ends_the_move",
    ),
    mechanic(
        "son-hedgerow",
        "Hedgerow",
        SON,
        "SoN p.12",
        PARTIAL,
        "it blocks LoS, covers infantry and stops a large creature as soon as part of it enters; within it, "
        "played as a difficult passage (a unit may step out and move on)",
        MOVEMENT + "test_entering_a_difficult_passage_ends_the_move",
        LOS + "test_clear_in_the_open_and_blocked_by_an_obstacle",
    ),
    mechanic(
        "son-thicket",
        "Thicket",
        SON,
        "SoN p.12-13",
        PLAYED,
        "",
        LOS + "test_every_obscuring_square_crossed_adds_its_penalty_with_its_page",
        COMBAT + "test_a_double_hit_counts_the_defensive_bonus",
    ),
    mechanic(
        "son-fords",
        "Fords",
        SON,
        "SoN p.13",
        PLAYED,
        "every unit crosses them; no unit hides there: a concealed unit on one is spotted by any enemy that may spot",
        MOVEMENT + "test_infantry_moves_its_movement_value_diagonals_included",
        NIGHT_FOG + "test_no_unit_hides_in_a_ford",
    ),
    mechanic(
        "son-buildings",
        "Buildings",
        SON,
        "SoN p.12",
        PARTIAL,
        "doors, openings, walls, cover and no large creatures are played, and no ZoC leaves a building; a ZoC "
        "on the squares outside does not stop units entering or leaving",
        MOVEMENT + "test_a_building_is_entered_only_through_its_doors",
        LOS + "test_a_unit_inside_fires_out_only_from_the_square_by_the_opening",
        ZOC + "test_walls_and_windows_stop_it_doors_pass_it_in_hon_only",
    ),
    mechanic(
        "son-underwater-passage",
        "Underwater Passage",
        SON,
        "SoN p.13",
        NOT_PLAYED,
        "no unit moves underneath a terrain element",
    ),
    mechanic(
        "son-stilted-structures",
        "Stilted Structures",
        SON,
        "SoN p.13",
        NOT_PLAYED,
        "no unit moves underneath a terrain element",
    ),
    mechanic(
        "son-cave",
        "Cave",
        SON,
        "SoN p.13; SoN p.11",
        PARTIAL,
        "its walls are played as impassable obstacles that block LoS; its night conditions only when the scenario "
        "says night",
        MOVEMENT + "test_large_creatures_ignore_forbidden_to_but_not_impassable_or_buildings",
        COMBAT + "test_night_caps_the_range_and_brings_long_range_closer",
    ),
    # --- Shadows over Normandie's own mechanics -----------------------------------------
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
)

COVERAGE: tuple[Coverage, ...] = ABILITIES + MARKERS + MECHANICS
_BY_ID = {entry.id: entry for entry in COVERAGE}


def entry(entry_id: str) -> Coverage | None:
    """The listing of one ability, marker or mechanic by its id, or None."""
    return _BY_ID.get(entry_id)


def listed(game: Game | None = None, kinds: Iterable[Kind] = tuple(Kind)) -> list[Coverage]:
    """Every entry of `game` (or of both), abilities, markers then mechanics, in book order."""
    wanted = set(kinds)
    return [e for e in COVERAGE if e.kind in wanted and (game is None or game in e.games)]


def counts(entries: Iterable[Coverage]) -> dict[Kind, dict[Played, int]]:
    """How many entries of each kind are played, partly played and not played."""
    found = {kind: dict.fromkeys(Played, 0) for kind in Kind}
    for e in entries:
        found[e.kind][e.played] += 1
    return found
