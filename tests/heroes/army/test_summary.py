"""Points, order tokens, counters, breaking points and markers, including the book's example."""

from __future__ import annotations

import pytest

from builder.heroes.army.models import ArmyList
from builder.heroes.army.summary import summarize
from builder.heroes.catalogue.index import Catalogue
from tests.conftest import army


def us_army(*tiles: dict[str, object]) -> ArmyList:
    return ArmyList.model_validate({"name": "p.8", "game": "hon", "faction": "us", "tiles": list(tiles)})


@pytest.mark.rule("order", "order-tokens", "planning")
def test_the_books_order_star_example_gives_five_tokens(bundled: Catalogue) -> None:
    """HoN core p.8: 1 star from General Taylor, 1 from his Planning command option, 2 from
    Lt. Blean (Officer) and 1 unlocked by filling the left slot: take tokens 1 to 5."""
    example = us_army(
        {"tile": "us-general-taylor", "slots": {"left": "planning"}},
        {"tile": "us-16th-inf-reg-a", "slots": {"left": "ammo"}},
    )
    orders = summarize(example, bundled).orders
    assert orders.numbered == 5
    assert sorted((star.source, star.stars) for star in orders.stars) == [
        ("General Taylor", 1),
        ("Lt. Blean", 2),
        ("Planning", 1),
        ("left slot of 16th Inf. Reg. A", 1),
    ]


@pytest.mark.rule("personal-order", "hardened")
def test_personal_order_and_hardened_each_add_an_order_star(bundled: Catalogue) -> None:
    """HoN core p.26: a counter with Personal Order prints one more star; BfC p.09, Hardened:
    "One additional Order Token"."""
    plain = summarize(us_army({"tile": "us-16th-inf-reg-a", "slots": {"left": "ammo"}}), bundled).orders
    army = us_army({"tile": "us-16th-inf-reg-a", "slots": {"left": "hardened"}}, {"tile": "us-cpl-carver"})
    both = summarize(army, bundled).orders
    assert both.numbered == plain.numbered + 2
    assert {("Hardened", 1), ("Cpl. Joe Carver", 1)} <= {(star.source, star.stars) for star in both.stars}


def test_the_left_slot_star_needs_an_option_in_it(bundled: Catalogue) -> None:
    example = us_army({"tile": "us-general-taylor", "slots": {"left": "planning"}}, {"tile": "us-16th-inf-reg-a"})
    assert summarize(example, bundled).orders.numbered == 4


def test_points_add_tiles_options_heroes_and_free_options(mini: Catalogue) -> None:
    summary = summarize(
        army(
            [{"tile": "command", "slots": {"left": "planning"}}, {"tile": "platoon", "slots": {"bottom": "mg-squad"}}],
            heroes=["hero"],
            free_options=["totem"],
            points_limit=300,
        ),
        mini,
    )
    assert summary.points == 50 + 15 + 80 + 45 + 45 + 10
    assert summary.points_left == 300 - 245


@pytest.mark.rule("son-bluff-token", "order-tokens", "bluff-tokens")
def test_tokens_are_capped_and_bluffs_start_at_one(mini: Catalogue) -> None:
    summary = summarize(
        army([{"tile": "command", "slots": {"left": "bluff", "right": "battle-plan"}}], free_options=["totem"] * 12),
        mini,
    )
    orders = summary.orders
    assert (orders.star_total, orders.numbered) == (13, 10)
    assert orders.bluff == 2
    assert orders.special == 1


def test_breaking_points_list_tiles_and_support_options(mini: Catalogue) -> None:
    summary = summarize(army([{"tile": "platoon", "slots": {"bottom": "mg-squad"}}, {"tile": "command"}]), mini)
    groups = [(g.name, g.counters, g.breaking_point, g.victory_points) for g in summary.groups]
    assert groups == [("Platoon", 4, 3, 2), ("Command Tile", 1, 1, 3), ("MG Squad", 2, 2, 1)]
    assert summary.victory_points_at_stake == 6


def test_counters_by_type_include_support_and_heroes(mini: Catalogue) -> None:
    summary = summarize(
        army([{"tile": "platoon", "slots": {"bottom": "mg-squad"}}, {"tile": "armour"}], heroes=["hero"]), mini
    )
    assert summary.counters == {"heavy-vehicle": 1, "infantry": 4 + 2 + 1}


def test_markers_count_options_and_recorded_choices(mini: Catalogue) -> None:
    gear = {"option": "gear-choice", "choice": ["grenade", "grenade", "knife"]}
    summary = summarize(army([{"tile": "platoon", "slots": {"left": gear, "right": "ammo"}}]), mini)
    assert summary.markers == {"ammo": 3, "grenade": 2, "knife": 1}
