"""What the hex game's rules core plays (`hon rules --game m44`): every mechanic of the
Memoir '44-style summary (seed 003, which prints headings but no page numbers: `page` is the
heading), whether it is played, the choice made where the summary is silent, and the tests
that exercise it. tests/memoir/test_coverage.py keeps it true (every test named exists)."""

from __future__ import annotations

from dataclasses import dataclass

from builder.kernel.coverage import Played

PLAYED, PARTIAL, NOT_PLAYED = Played.PLAYED, Played.PARTIAL, Played.NOT_PLAYED
S = "M44 summary: "
MAX_NOTE = 240  # one line, as the Heroes System's listing
_T = "tests/memoir/"
TURN, MOVE, BATTLE, LOS = (
    _T + "test_turn.py::",
    _T + "test_movement.py::",
    _T + "test_battle.py::",
    _T + "test_los.py::",
)
HEXES, CARDS, ODDS, DATA = (
    _T + "test_hexes.py::",
    _T + "test_cards.py::",
    _T + "test_odds.py::",
    _T + "test_catalogue.py::",
)


@dataclass(frozen=True)
class Mechanic:
    id: str
    name: str
    page: str
    played: Played
    note: str = ""
    tests: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.played is not PLAYED and not self.note:
            raise ValueError(f"{self.id}: a rule not fully played says what is missing")
        if self.played is not NOT_PLAYED and not self.tests:
            raise ValueError(f"{self.id}: a rule played names its tests")
        if "\n" in self.note or len(self.note) > MAX_NOTE:
            raise ValueError(f"{self.id}: the note is one line of at most {MAX_NOTE} characters")

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "name": self.name,
            "kind": "mechanic",
            "games": ["m44"],
            "page": self.page,
            "played": self.played is PLAYED,
            "partial": self.played is PARTIAL,
            "note": self.note,
            "tests": list(self.tests),
        }


def _m(entry_id: str, name: str, page: str, played: Played, note: str, *tests: str) -> Mechanic:
    return Mechanic(entry_id, name, S + page, played, note, tests)


ENTRIES: tuple[Mechanic, ...] = (
    _m(
        "turn-sequence",
        "The five-step turn",
        "turn sequence",
        PLAYED,
        "",
        TURN + "test_a_turn_plays_the_five_steps_in_order",
    ),
    _m(
        "section-cards",
        "Section command cards",
        "Play a command card",
        PARTIAL,
        "section cards only (counts example); tactical cards are not described by the summary, not played",
        CARDS + "test_a_card_orders_only_units_in_its_section",
        CARDS + "test_the_deck_is_shuffled_by_the_seed",
    ),
    _m(
        "straddling-hexes",
        "Hexes straddling two sections",
        "Play a command card",
        PLAYED,
        "",
        HEXES + "test_a_straddling_hex_counts_for_both_sections",
        CARDS + "test_a_straddling_unit_may_be_ordered_from_either_section",
    ),
    _m(
        "ordered-only",
        "Only ordered units move and battle",
        "Order",
        PLAYED,
        "",
        TURN + "test_only_ordered_units_move_and_battle",
    ),
    _m(
        "movement",
        "Movement by unit type",
        "Move",
        PLAYED,
        "",
        MOVE + "test_infantry_moves_two_but_battles_only_after_one",
        MOVE + "test_armor_moves_three_and_battles",
        MOVE + "test_artillery_moves_one_or_battles",
        MOVE + "test_special_forces_move_two_and_battle",
    ),
    _m(
        "no-stacking",
        "One unit per hex, no moving through units",
        "Move",
        PLAYED,
        "",
        MOVE + "test_no_unit_moves_onto_or_through_another",
        _T + "test_validate.py::test_two_units_on_one_hex",
    ),
    _m("range-dice", "Battle dice by range", "Range and hit dice rolled", PLAYED, "", BATTLE + "test_dice_by_range"),
    _m(
        "line-of-sight",
        "Line of sight, centre to centre",
        "Line of sight",
        PLAYED,
        "",
        LOS + "test_a_unit_in_between_blocks",
        LOS + "test_along_an_edge_both_sides_must_block",
        LOS + "test_line_of_sight_is_symmetric",
    ),
    _m(
        "artillery-sight",
        "Artillery needs no line of sight",
        "Line of sight",
        PLAYED,
        "",
        BATTLE + "test_artillery_fires_over_obstructions",
    ),
    _m(
        "close-assault",
        "Close assault when adjacent",
        "Battle",
        PLAYED,
        "",
        BATTLE + "test_an_adjacent_enemy_must_be_close_assaulted",
    ),
    _m(
        "dice-faces",
        "Battle dice faces",
        "Resolving battles",
        PLAYED,
        "",
        BATTLE + "test_faces_score_hits_by_target_type",
        ODDS + "test_exact_distribution_of_one_die",
    ),
    _m(
        "casualties",
        "Casualties do not weaken a unit",
        "Battle",
        PLAYED,
        "",
        BATTLE + "test_losses_do_not_change_the_dice",
    ),
    _m(
        "retreat",
        "Retreat on flags",
        "Retreats",
        PLAYED,
        "",
        BATTLE + "test_a_flag_moves_the_target_back_towards_its_side",
        BATTLE + "test_the_retreating_side_chooses_each_hex_back",
    ),
    _m(
        "blocked-retreat",
        "A figure lost per blocked retreat",
        "Retreats",
        PLAYED,
        "",
        BATTLE + "test_a_blocked_retreat_costs_a_figure_each",
    ),
    _m(
        "ignore-flag",
        "Obstacles that ignore the first flag",
        "Retreats",
        PLAYED,
        "sandbags and bunkers (example) let any unit ignore one flag",
        BATTLE + "test_sandbags_ignore_the_first_flag",
    ),
    _m(
        "taking-ground",
        "Taking ground",
        "Taking ground",
        PLAYED,
        "the attacker's choice (the greedy player always takes ground)",
        TURN + "test_infantry_takes_ground_after_a_close_assault",
        TURN + "test_taking_ground_is_the_players_choice",
        TURN + "test_artillery_never_takes_ground",
    ),
    _m(
        "armor-overrun",
        "Armor overrun, once a turn",
        "Taking ground",
        PLAYED,
        "no overrun after taking ground into terrain a unit may not battle on entering (example)",
        TURN + "test_armor_overruns_once",
    ),
    _m(
        "special-forces",
        "Special Forces",
        "Special Forces",
        PLAYED,
        "",
        MOVE + "test_special_forces_move_two_and_battle",
    ),
    _m(
        "french-resistance",
        "French Resistance",
        "Special Forces",
        PLAYED,
        "may retreat up to 3 hexes a flag, as far as its side chooses (the greedy player: next to the fewest enemies)",
        MOVE + "test_french_resistance_battles_on_entering_woods",
        BATTLE + "test_french_resistance_may_retreat_up_to_three_hexes_a_flag",
        BATTLE + "test_french_resistance_still_loses_a_figure_when_it_cannot_retreat",
        DATA + "test_badges_change_figures",
    ),
    _m("elite-armor", "Elite Armor", "Special Forces", PLAYED, "", DATA + "test_badges_change_figures"),
    _m(
        "terrain",
        "Terrain dice reductions, movement and sight",
        "Terrain",
        PLAYED,
        "no terrain cards in the summary: all values example (data/m44/terrain.yaml); a beach face prints "
        "beaches and ocean; nobody battles from the ocean; hills block sight unless both ends are on them",
        BATTLE + "test_terrain_reduces_infantry_and_armor_not_artillery",
        MOVE + "test_woods_stop_a_unit_and_forbid_battle",
    ),
    _m(
        "fords",
        "Fordable streams and fords",
        "Terrain",
        PLAYED,
        "the editor's FORDABLE_STREAM and FORD rivers and ford tiles: entered, they stop a unit; battling from a "
        "ford costs a die (example)",
        MOVE + "test_a_fordable_stream_is_entered_and_stops_a_unit",
        MOVE + "test_a_unit_may_stand_on_a_fordable_stream",
        MOVE + "test_a_ford_crosses_a_river_and_stops_a_unit",
        BATTLE + "test_battling_from_a_ford_costs_a_die",
    ),
    _m(
        "winter-terrain",
        "Winter and desert tiles",
        "Terrain",
        PLAYED,
        "winter and desert tiles of a known kind (wforest, wvillage, whill, dhill, bled, wriver, wmarshes) play as "
        "it; the summary has no frozen-river rule, so winter rivers are rivers",
        MOVE + "test_winter_rivers_and_marshes_are_rivers_and_marshes",
    ),
    _m(
        "lakes",
        "Lakes",
        "Terrain",
        NOT_PLAYED,
        "the summary does not describe lakes: kept from .m44 files, played as open ground, warned about at import",
    ),
    _m(
        "hq-tents",
        "HQ & supply tents",
        "Terrain",
        NOT_PLAYED,
        "the summary does not describe HQ or supply tents: kept, played as open ground, warned about at import",
    ),
    _m(
        "ships",
        "Ships",
        "Terrain",
        NOT_PLAYED,
        "the summary does not describe ships: kept, played as open ground, warned about at import",
    ),
    _m(
        "best-obstacle",
        "Only the best reduction counts",
        "Fixed obstacles",
        PLAYED,
        "",
        BATTLE + "test_only_the_best_reduction_counts",
    ),
    _m(
        "medals",
        "Medals and victory",
        "Resolving battles",
        PLAYED,
        "a medal per unit eliminated; a medal objective tag counts while its side holds the hex (example)",
        TURN + "test_eliminating_a_unit_wins_a_medal_and_the_game",
    ),
    _m(
        "tactical-cards",
        "Tactical command cards (stars)",
        "Resolving battles",
        NOT_PLAYED,
        "the summary mentions tactical cards that use stars but does not describe them: stars are always a miss",
    ),
)
