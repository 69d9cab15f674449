"""Every legality rule with a legal and an illegal case, on the hand-made catalogue."""

from __future__ import annotations

from typing import Any

import pytest

from builder.heroes.army.slots import unmatched_stripes
from builder.heroes.army.validate import validate
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.recruitment import Slot
from builder.kernel.diagnostics import Issue, is_legal
from tests.conftest import army, codes, errors

COMMAND = {"tile": "command", "slots": {"left": "planning"}}


def left_of_platoon(mini: Catalogue) -> Slot:
    return next(slot for slot in mini.tiles["platoon"].slots if slot.id == "left")


def issue(issues: list[Issue], code: str) -> Issue:
    found = [i for i in issues if i.code == code]
    assert found, f"no {code} in {codes(issues)}"
    return found[0]


def check(mini: Catalogue, *tiles: Any, **fields: Any) -> list[Issue]:
    return validate(army(list(tiles), **fields), mini)


def test_a_full_legal_list_has_no_error(mini: Catalogue) -> None:
    issues = check(
        mini,
        COMMAND,
        {"tile": "platoon", "slots": {"left": "ammo", "right": "veteran", "bottom": "mg-squad"}},
    )
    assert is_legal(issues), issues


class TestUnknownIds:
    def test_unknown_tile_suggests_a_close_id_and_the_rest_is_still_checked(self, mini: Catalogue) -> None:
        issues = check(mini, COMMAND, {"tile": "platon"}, {"tile": "platoon", "slots": {"left": "red-gear"}})
        unknown = issue(issues, "tile.unknown")
        assert unknown.path == "tiles[1]"
        assert "'platon'" in unknown.message
        assert unknown.hint is not None and "'platoon'" in unknown.hint
        # The tile after the vanished one is still checked.
        assert issue(issues, "slot.stripes").path == "tiles[2].slots.left"

    def test_a_vanished_option_is_reported_on_its_own(self, mini: Catalogue) -> None:
        issues = check(mini, COMMAND, {"tile": "platoon", "slots": {"left": "ammo-v2", "right": "veteran"}})
        assert errors(issues) == ["option.unknown"]
        assert issue(issues, "option.unknown").path == "tiles[1].slots.left"

    def test_known_ids_raise_nothing(self, mini: Catalogue) -> None:
        assert "tile.unknown" not in codes(check(mini, COMMAND, {"tile": "platoon"}))

    def test_unknown_faction(self, mini: Catalogue) -> None:
        assert "faction.unknown" in errors(check(mini, COMMAND, faction="gamma"))

    def test_game_must_match_the_faction(self, mini: Catalogue) -> None:
        assert "army.game" in errors(check(mini, COMMAND, game="son"))
        assert "army.game" not in codes(check(mini, COMMAND))


class TestFactions:
    def test_tile_of_another_faction(self, mini: Catalogue) -> None:
        found = issue(check(mini, COMMAND, {"tile": "beta-platoon"}), "tile.faction")
        assert found.message == "Beta Platoon is a Beta recruitment tile; this army is Alpha."

    def test_option_of_another_faction(self, mini: Catalogue) -> None:
        issues = check(mini, COMMAND, {"tile": "platoon", "slots": {"right": "beta-gear"}})
        assert "option.faction" in errors(issues)

    def test_common_options_are_open_to_every_faction(self, mini: Catalogue) -> None:
        assert is_legal(check(mini, COMMAND, {"tile": "platoon", "slots": {"left": "ammo"}}))


class TestSlots:
    def test_slot_that_does_not_exist(self, mini: Catalogue) -> None:
        found = issue(check(mini, COMMAND, {"tile": "platoon", "slots": {"lefft": "ammo"}}), "slot.unknown")
        assert "its slots are left, right or bottom" in found.message
        assert found.hint == "Did you mean 'left'?"

    def test_option_too_large_for_the_slot(self, mini: Catalogue) -> None:
        found = issue(check(mini, COMMAND, {"tile": "platoon", "slots": {"left": "mg-squad"}}), "slot.size")
        assert "2x1" in found.message and "1x1" in found.message

    def test_option_of_the_wrong_shape(self, mini: Catalogue) -> None:
        issues = check(mini, COMMAND, {"tile": "platoon", "slots": {"bottom": "tall-support"}})
        assert "slot.shape" in errors(issues)

    def test_option_of_the_slots_shape_fits(self, mini: Catalogue) -> None:
        issues = check(mini, COMMAND, {"tile": "platoon", "slots": {"bottom": "mg-squad"}})
        assert not {"slot.size", "slot.shape"} & set(codes(issues))

    def test_stripes_must_match_the_slot_and_the_message_names_both(self, mini: Catalogue) -> None:
        found = issue(check(mini, COMMAND, {"tile": "platoon", "slots": {"left": "red-gear"}}), "slot.stripes")
        assert found.path == "tiles[1].slots.left"
        assert unmatched_stripes(mini.options["red-gear"], left_of_platoon(mini)) == ("red",)
        assert all(mini.name_of("stripes", s) in found.message for s in ("red", "blue", "common"))

    def test_the_refusal_names_the_side_that_does_not_match_not_the_one_that_does(self, mini: Catalogue) -> None:
        """Mixed Gear: a Blue side, which the slot's Blue frame takes, and a Red one. The
        refusal names Red, and Blue only among the slot's colours (issue 30, point 7)."""
        found = issue(check(mini, COMMAND, {"tile": "platoon", "slots": {"left": "mixed-gear"}}), "slot.stripes")
        assert unmatched_stripes(mini.options["mixed-gear"], left_of_platoon(mini)) == ("red",)
        blue, red = mini.name_of("stripes", "blue"), mini.name_of("stripes", "red")
        assert found.message.count(red) == 1 and found.message.count(blue) == 1
        assert found.message.index(blue) > found.message.index(red)  # Blue is the slot's, after the option's Red

    def test_matching_stripes_are_legal(self, mini: Catalogue) -> None:
        issues = check(mini, COMMAND, {"tile": "platoon", "slots": {"left": "veteran", "right": "cutter"}})
        assert "slot.stripes" not in codes(issues)

    def test_orders_only_on_command_tiles(self, mini: Catalogue) -> None:
        issues = check(mini, COMMAND, {"tile": "platoon", "slots": {"right": "bluff"}})
        found = issue(issues, "slot.command")
        assert "Platoon is not one" in found.message
        # The one sentence that matters: no second complaint about its stripes.
        assert "slot.stripes" not in codes(issues)

    def test_orders_on_a_command_tile_are_legal(self, mini: Catalogue) -> None:
        issues = check(mini, {"tile": "command", "slots": {"left": "planning", "right": "bluff"}}, {"tile": "platoon"})
        assert "slot.command" not in codes(issues)

    def test_an_empty_slot_that_would_unlock_a_star_is_noted(self, mini: Catalogue) -> None:
        found = issue(check(mini, COMMAND, {"tile": "platoon"}), "slot.empty-unlock")
        assert found.severity == "info"
        assert "1 order star" in found.message
        filled = check(mini, COMMAND, {"tile": "platoon", "slots": {"left": "ammo"}})
        assert "slot.empty-unlock" not in codes(filled)


class TestWhoCanUseIt:
    def test_heavy_vehicle_gear_on_an_infantry_tile_warns(self, mini: Catalogue) -> None:
        issues = check(mini, COMMAND, {"tile": "platoon", "slots": {"right": "cutter"}})
        found = issue(issues, "option.unusable")
        assert found.severity == "warning"
        assert "heavy vehicles" in found.message
        assert is_legal(issues)

    def test_heavy_vehicle_gear_on_a_tank_tile_is_fine(self, mini: Catalogue) -> None:
        issues = check(mini, COMMAND, {"tile": "armour", "slots": {"left": "ammo"}}, {"tile": "platoon"})
        assert "option.unusable" in codes(issues)  # ammo serves infantry; the tank can't use it
        issues = check(mini, {"tile": "armour", "slots": {"left": "cutter"}}, COMMAND)
        assert "option.unusable" not in codes(issues)

    def test_customization_on_a_tile_without_a_character_warns(self, mini: Catalogue) -> None:
        assert "option.unusable" in codes(check(mini, COMMAND, {"tile": "squad", "slots": {"left": "knife"}}))

    def test_customization_on_a_tile_with_an_officer_is_fine(self, mini: Catalogue) -> None:
        assert "option.unusable" not in codes(check(mini, COMMAND, {"tile": "platoon", "slots": {"left": "knife"}}))

    def test_on_a_command_tile_the_whole_army_benefits(self, mini: Catalogue) -> None:
        issues = check(mini, {"tile": "command", "slots": {"left": "planning", "right": "ammo"}}, {"tile": "squad"})
        assert "option.unusable" not in codes(issues)


class TestChoices:
    def gear(self, mini: Catalogue, choice: list[str] | None) -> list[Issue]:
        pick: Any = {"option": "gear-choice", "choice": choice} if choice is not None else "gear-choice"
        return check(mini, COMMAND, {"tile": "platoon", "slots": {"left": pick}})

    def test_the_choice_is_recorded_and_legal(self, mini: Catalogue) -> None:
        assert is_legal(self.gear(mini, ["grenade", "grenade", "knife"]))

    def test_a_missing_choice(self, mini: Catalogue) -> None:
        found = issue(self.gear(mini, None), "choice.missing")
        assert "pick 3 among Grenade, Knife or Ammo" in found.message

    def test_a_pick_the_option_does_not_offer(self, mini: Catalogue) -> None:
        assert "choice.invalid" in errors(self.gear(mini, ["grenade", "bazooka", "knife"]))

    def test_the_wrong_number_of_picks(self, mini: Catalogue) -> None:
        found = issue(self.gear(mini, ["grenade", "knife"]), "choice.count")
        assert "takes 3 picks; the list records 2" in found.message

    def test_repeats_are_refused_unless_allowed(self, mini: Catalogue) -> None:
        spirit = {"option": "ss-spirit", "choice": ["3-cards", "3-cards"]}
        issues = check(mini, {"tile": "command", "slots": {"left": spirit}}, {"tile": "ss-squad"})
        assert {"choice.repeat", "choice.count"} <= set(errors(issues))

    def test_a_choice_for_an_option_that_asks_none(self, mini: Catalogue) -> None:
        pick = {"option": "ammo", "choice": ["grenade"]}
        assert "choice.unexpected" in errors(check(mini, COMMAND, {"tile": "platoon", "slots": {"left": pick}}))


class TestSubFaction:
    def spirit(self, mini: Catalogue, *others: Any) -> list[Issue]:
        command = {"tile": "command", "slots": {"left": {"option": "ss-spirit", "choice": ["6-cards"]}}}
        return check(mini, command, *others)

    def test_restricted_option_without_the_sub_faction(self, mini: Catalogue) -> None:
        found = issue(self.spirit(mini, {"tile": "platoon"}), "option.restricted")
        assert "restricted to SS" in found.message

    def test_restricted_option_with_the_sub_faction(self, mini: Catalogue) -> None:
        assert is_legal(self.spirit(mini, {"tile": "ss-squad"}))


class TestUniqueness:
    def test_a_named_character_twice(self, mini: Catalogue) -> None:
        found = issue(check(mini, COMMAND, {"tile": "platoon"}, {"tile": "platoon"}), "unique.duplicate")
        assert found.message.startswith("Lt. Test is unique and may be fielded once per army")
        assert found.path == "tiles[2]"

    def test_a_unique_option_twice(self, mini: Catalogue) -> None:
        tiles = [{"tile": "platoon", "slots": {"left": "champion"}}, {"tile": "squad", "slots": {"left": "champion"}}]
        assert "unique.duplicate" in errors(check(mini, COMMAND, *tiles))

    def test_once_is_fine(self, mini: Catalogue) -> None:
        assert "unique.duplicate" not in codes(check(mini, COMMAND, {"tile": "platoon"}, {"tile": "squad"}))


class TestHeroes:
    def test_a_hero_needs_its_tile(self, mini: Catalogue) -> None:
        found = issue(check(mini, COMMAND, heroes=["hero"]), "hero.requires")
        assert "beside Platoon" in found.message

    def test_a_hero_with_its_tile(self, mini: Catalogue) -> None:
        assert is_legal(
            check(mini, COMMAND, {"tile": "platoon"}, heroes=[{"hero": "hero", "slots": {"left": "veteran"}}])
        )

    def test_an_unknown_hero(self, mini: Catalogue) -> None:
        assert "hero.unknown" in errors(check(mini, COMMAND, heroes=["zero"]))

    def test_a_hero_of_another_faction(self, mini: Catalogue) -> None:
        issues = check(mini, {"tile": "beta-platoon"}, faction="beta", heroes=["hero"])
        assert "hero.faction" in errors(issues)


class TestPoints:
    def test_over_the_limit_says_by_how_much(self, mini: Catalogue) -> None:
        found = issue(check(mini, COMMAND, {"tile": "platoon"}, points_limit=100), "points.over")
        assert found.message == "The army costs 145 points, 45 over its 100-point limit."

    def test_at_the_limit_is_legal(self, mini: Catalogue) -> None:
        assert is_legal(check(mini, COMMAND, {"tile": "platoon"}, points_limit=145))

    def test_no_limit_no_complaint(self, mini: Catalogue) -> None:
        assert "points.over" not in codes(check(mini, COMMAND, points_limit=None))


class TestOrderTokens:
    def test_an_army_without_order_stars_loses_at_once(self, mini: Catalogue) -> None:
        found = issue(check(mini, {"tile": "squad"}), "orders.none")
        assert "sudden death" in found.message

    def test_one_star_is_enough(self, mini: Catalogue) -> None:
        assert "orders.none" not in codes(check(mini, {"tile": "squad"}, free_options=["totem"]))

    def test_more_than_ten_stars_are_wasted(self, mini: Catalogue) -> None:
        issues = check(mini, COMMAND, free_options=["totem"] * 9)
        found = issue(issues, "orders.wasted")
        assert "11 order stars" in found.message and "1 are wasted" in found.message
        assert is_legal(issues)

    def test_ten_stars_waste_nothing(self, mini: Catalogue) -> None:
        assert "orders.wasted" not in codes(check(mini, COMMAND, free_options=["totem"] * 8))

    def test_more_than_two_bluffs_are_wasted(self, mini: Catalogue) -> None:
        issues = check(mini, {"tile": "command", "slots": {"left": "bluff", "right": "bluff"}})
        assert "bluffs.wasted" in codes(issues)
        assert "bluffs.wasted" not in codes(check(mini, {"tile": "command", "slots": {"left": "bluff"}}))


class TestFreeOptions:
    def test_a_slotted_option_cannot_be_fielded_free(self, mini: Catalogue) -> None:
        found = issue(check(mini, COMMAND, free_options=["ammo"]), "option.not-free")
        assert found.path == "free_options[0]"

    def test_a_free_option_needs_no_slot(self, mini: Catalogue) -> None:
        assert is_legal(check(mini, COMMAND, free_options=["totem"]))


def test_a_list_saved_against_another_revision_is_noted(mini: Catalogue) -> None:
    stamped = check(mini, COMMAND, catalogue={"revision": "0123456789ab"})
    assert issue(stamped, "catalogue.revision").severity == "info"
    current = check(mini, COMMAND, catalogue={"revision": mini.revision})
    assert "catalogue.revision" not in codes(current)


@pytest.mark.parametrize("extra", [[], [{"tile": "squad"}]])
def test_every_message_is_one_sentence(mini: Catalogue, extra: list[Any]) -> None:
    issues = check(
        mini, {"tile": "platon"}, {"tile": "platoon", "slots": {"left": "red-gear"}}, *extra, points_limit=10
    )
    for found in issues:
        assert found.message.endswith("."), found.message
        assert "\n" not in found.message
