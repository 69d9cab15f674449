"""Mechanics: line of sight and terrain."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    BOTH,
    HON,
    PARTIAL,
    PLAYED,
    Rule,
    mechanic,
)

ENTRIES: tuple[Rule, ...] = (
    mechanic(
        "line-of-sight",
        "Line of Sight",
        BOTH,
        "HoN core p.13-14; SoN p.8",
        PLAYED,
        "a vehicle of several squares traces from and is aimed at each centre and the midpoint between two of its "
        "centres (HoN p.13; SoN p.8: centres only), test_a_two_square_vehicle_*_a_point_between_its_centres",
    ),
    mechanic(
        "buildings",
        "Buildings",
        HON,
        "HoN core p.20",
        PLAYED,
        "",
    ),
    mechanic(
        "defensive-positions",
        "Defensive positions",
        HON,
        "HoN core p.19",
        PLAYED,
        "their bonus, lost against a firer or assaulter inside the same position; infantry inside one whose tile "
        "allows it (the firing-position terrain) takes Opportunity Fire, never at a unit inside the same position",
    ),
    mechanic(
        "wrecks",
        "Wrecks",
        BOTH,
        "HoN core p.15; HoN core p.19; SoN p.8",
        PARTIAL,
        "stood on, crushed, pushed, fired at; its printed symbols are not in the text: infantry on it takes the "
        "example wreck terrain's bonus (1 light, 2 heavy), it blocks LoS as a vehicle would, structure 2 (hon's)",
    ),
    mechanic(
        "tall-grass",
        "Tall grass",
        HON,
        "BfC p.05",
        PLAYED,
        "",
    ),
    mechanic(
        "trenches",
        "Trenches",
        HON,
        "BfC p.06",
        PARTIAL,
        "access, moving along, ZoC, corners for LoS and ZoC, grenades (hon's readings) are played; the passages "
        "(●) linking two trenches and corners constraining moves are pictures the text lost, not in hon's format",
    ),
    mechanic(
        "foxholes",
        "Foxholes",
        HON,
        "BfC p.06",
        PLAYED,
        "",
    ),
)
