"""Mechanics: markers, cards, changes of state."""

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
        "action-cards",
        "Action cards",
        BOTH,
        "HoN core p.17; SoN p.10",
        PARTIAL,
        "HoN: 14 of 15 cards' Battle Events as their notes read, Surprise's three clauses all; not Hitlerjugend: "
        "p.17 prints only its note, not what it puts back into play, where or when (book-silent). SoN prints no "
        "card text (p.10)",
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
    ),
    mechanic(
        "change-of-state",
        "Changes of state",
        BOTH,
        "HoN core p.21; SoN p.17",
        PLAYED,
        "Tripod and Ambush units; the simple policy sets up, packs up, and hides a revealed Ambush unit no enemy "
        "would spot at once (a unit hiding is checked when another unit ends a move)",
    ),
    mechanic(
        "spotting",
        "Spotting concealed units",
        BOTH,
        "HoN core p.21; SoN p.11; SoN p.17",
        PLAYED,
        "a wreck counts as a Terrain Element; at night or in fog the 2 squares are 1, in the open 2 or 3 (SoN p.11)",
    ),
    mechanic(
        "breaking-point",
        "Breaking points",
        BOTH,
        "HoN core p.5-6; HoN core p.15",
        PLAYED,
        "",
    ),
    mechanic(
        "victory-points",
        "Victory points",
        BOTH,
        "HoN core p.5-6; HoN core p.15",
        PLAYED,
        "broken combat groups score their printed points; objectives held at the end score the points the "
        "scenario gives them (the book prints none: the free battle's 2 each is an example value)",
    ),
    mechanic(
        "objectives",
        "Objectives",
        BOTH,
        "BfC p.12",
        PLAYED,
        "the books do not say how control is taken: a side alone on it takes it and keeps it until retaken",
    ),
    mechanic(
        "campaign-units",
        "Campaign: extra or removed units",
        HON,
        "BfC p.12-19",
        PLAYED,
        "BfC prints no such change; one's own campaign adds counters to a side (a group of their own: no "
        "breaking point, no order tokens) or leaves a unit's last counters out",
    ),
    mechanic(
        "capture",
        "Capturing a unit",
        HON,
        "BfC p.12",
        PLAYED,
        "a unit the victory names is captured whole by an assault won (hon: no hit, its order stars lost while held), "
        "stays with its captor, is freed where it fell; the policy takes its captor off by the exit",
    ),
    mechanic(
        "scenario-events",
        "Scenario events and reinforcements",
        BOTH,
        "BfC p.14; BfC p.16",
        PLAYED,
        "units enter by its zone; END marker; objectives discarded; Tactical Bonuses placed (no effect printed); the "
        "policy discards broken supports and fills empty slots with the costliest fitting support (hon: no points)",
    ),
    mechanic(
        "exits",
        "Units leaving the battlefield",
        HON,
        "BfC p.10-11",
        PLAYED,
        "a unit on its side's exit squares (a zone of kind exit) leaves as its Movement Action, and the policy drives "
        "there the units an exited victory names; an airplane taking off leaves play and counts as exited",
    ),
    mechanic(
        "planning",
        "Planning",
        HON,
        "HoN core p.30",
        PLAYED,
        "",
    ),
    mechanic(
        "hardened",
        "Hardened",
        HON,
        "BfC p.09",
        PLAYED,
        "its extra order token is counted; a placement giving none of its tile's units (supports in its slots "
        "included) a token is refused, and the policy gives its nearest unit one first",
    ),
    mechanic(
        "ferocious",
        "Ferocious",
        HON,
        "BfC p.09",
        PLAYED,
        "its tile's units (every unit's on a command tile) push back a defender that wins or ties, as a loser "
        "retreats (hon's reading of pushed back), unless destroyed or assaulting a vehicle",
    ),
)
