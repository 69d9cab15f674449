"""Shadows over Normandie's own mechanics."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    PARTIAL,
    PLAYED,
    SON,
    Rule,
    mechanic,
)

ENTRIES: tuple[Rule, ...] = (
    mechanic(
        "spells",
        "Spells",
        SON,
        "SoN p.14-15",
        PARTIAL,
        "every p.15 spell is played and cast by the policy (Black Sun: the flamethrower's 3 squares, example values "
        "3/2/1); Black Sun spell cards are not: the book prints no card and the catalogue has no SoN deck",
    ),
    mechanic(
        "summoning",
        "Summoning",
        SON,
        "SoN p.15",
        PLAYED,
        "a tile names its creature and distance (the Byakhee's is an example); all its squares within the distance; "
        "a token comes back when the creature is eliminated; it has no breaking point and arrives without an Order",
    ),
    mechanic(
        "terror-checks",
        "Terror checks and the Madness bag",
        SON,
        "SoN p.11",
        PLAYED,
        "the bag's counts are hon's examples; a discarded token leaves the game and an empty bag means the unit "
        "resists (hon's readings)",
    ),
    mechanic(
        "search-checks",
        "Search checks and the Search bag",
        SON,
        "SoN p.11",
        PLAYED,
        "a tile found goes to the first tile with an empty white or green slot whose Character lives; a "
        "customization gives its abilities, not its markers",
    ),
    mechanic(
        "elder-sign-medallion",
        "Elder Sign Medallion",
        SON,
        "SoN p.14",
        PLAYED,
        "Mythos Hunter 1 on its Character's counter; at the end of the Order Phase one token a medallion on an enemy "
        "Manifestation within 3 spaces (bluffs too: the wearer cannot tell), the policy's the most terrifying",
    ),
)
