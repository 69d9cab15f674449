"""Terrain effects of the catalogue: Heroes of Normandie and Battle for Caen."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    DIFFICULT_PASSAGE,
    HON,
    PLAYED,
    Rule,
    mechanic,
)

ENTRIES: tuple[Rule, ...] = (
    mechanic(
        "defensive-bonus",
        "Defensive Bonus",
        HON,
        "HoN core p.18",
        PLAYED,
        "added for the unit's colour, not against a firer in the same position; a counter over several squares "
        "only when completely inside one element",
    ),
    mechanic(
        "water",
        "Water",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
    ),
    mechanic(
        "obscures-los",
        "Obstacle (obscures LoS)",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
    ),
    mechanic(
        "blocks-los",
        "Obstacle (blocks LoS)",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
    ),
    mechanic(
        "difficult-passage",
        "Difficult Passage",
        HON,
        "HoN core p.18",
        PLAYED,
        DIFFICULT_PASSAGE,
    ),
    mechanic(
        "impassable",
        "Impassable",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
    ),
    mechanic(
        "impassable-to",
        "Impassable to some units",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
    ),
    mechanic(
        "no-passage",
        "No Passage",
        HON,
        "HoN core p.18",
        PLAYED,
        "",
    ),
    mechanic(
        "structure",
        "Structure",
        HON,
        "HoN core p.18",
        PLAYED,
        "a building at its points turns to rubble (movement, LoS, cover follow), infantry inside suppressed, vehicles "
        "destroyed; the players' redeployment in the rubble: hon leaves each unit where it stands",
    ),
    mechanic(
        "hole",
        "Hole",
        HON,
        "BfC p.04",
        PLAYED,
        "infantry inside hide from units outside, not from those inside; hon's reading of its corners: a line "
        "between two of its squares is blocked where it leaves the element or meets an interspace at its edge",
    ),
    mechanic(
        "line",
        "Line",
        HON,
        "BfC p.04",
        PLAYED,
        "a line hinders the moves and shots that cross it and each one crossed adds its defensive bonus (a firer "
        "adjacent to it ignores it); a line along a terrain element's edge gives its bonus only inside the element",
    ),
    mechanic(
        "contour-line",
        "Contour Line",
        HON,
        "BfC p.05",
        PLAYED,
        "",
    ),
    mechanic(
        "elevated-line",
        "Elevated Line",
        HON,
        "BfC p.05",
        PLAYED,
        "",
    ),
)
