"""Mechanics: movement."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    BOTH,
    HON,
    NOT_PLAYED,
    PLAYED,
    SON,
    Rule,
    mechanic,
)

ENTRIES: tuple[Rule, ...] = (
    mechanic(
        "movement",
        "Movement Action",
        BOTH,
        "HoN core p.9; SoN p.5",
        PLAYED,
        "",
    ),
    mechanic(
        "moving-through-units",
        "Moving through other units",
        BOTH,
        "HoN core p.9-10; SoN p.5",
        PLAYED,
        "",
    ),
    mechanic(
        "vehicle-movement",
        "Moving vehicles",
        BOTH,
        "HoN core p.10; SoN p.5",
        PLAYED,
        "a counter's swept area while pivoting is not checked, only the squares it moves into",
    ),
    mechanic(
        "large-creatures",
        "Large creatures",
        SON,
        "SoN p.5; SoN p.7; SoN p.12",
        PLAYED,
        "hon reads p.11's rough terrain as the difficult passage (All Terrain's cross-reference), which stops them "
        "as any unit; p.12's Difficult Terrain only suppresses",
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
        PLAYED,
        "retreats, push asides, running over, pushed wrecks, lost riders, cards' (Go Go Go, Schnell; none on a "
        "rider, hon's reading of p.27), no Opportunity Fire; an active unit turns over first; Fall Back prints "
        "no unit nor distance",
    ),
    mechanic(
        "running-over-infantry",
        "Running over infantry",
        BOTH,
        "HoN core p.10; SoN p.5",
        PLAYED,
        "the owner chooses the square (the greedy player: the best covered); the greedy player never ends a move "
        "on infantry; "
        "driving through its square, a vehicle has no shot at it (no range, p.14; the books are silent)",
    ),
    mechanic(
        "crushing-wrecks",
        "Crushing wrecks",
        BOTH,
        "HoN core p.10; SoN p.11",
        PLAYED,
        "1 point a wreck square driven over, 2 at most, and 1 from a heavy vehicle wrecking a light one in an "
        "assault; a wreck's value is printed on its counter, not in the text: hon removes it at 2",
    ),
    mechanic(
        "pushing-wrecks",
        "Pushing wrecks",
        HON,
        "HoN core p.11",
        PLAYED,
        "the push is the last step of the Movement Action, as the PushWreck action; the simple policy never pushes",
    ),
    mechanic(
        "zone-of-control",
        "Zone of Control",
        BOTH,
        "HoN core p.11-12; SoN p.5",
        PLAYED,
        "infantry moves into or out of an enemy infantry ZoC, never within one, save an assault's last step; units "
        "on both corners of a diagonal cut it there, as they block the LoS through the interspace (p.14)",
    ),
    mechanic(
        "deployment",
        "Deployment",
        BOTH,
        "BfC p.12; HoN core p.21",
        PLAYED,
        "units deploy in their zones, one per square, first side up unless they may show either (the automatic "
        "deployment always shows the first)",
    ),
    mechanic(
        "entry-squares",
        "Units entering the battlefield",
        BOTH,
        "BfC p.14",
        PLAYED,
        "a unit whose zones are all entry squares waits off the map and enters as its Movement Action",
    ),
)
