"""Special abilities of both games (data/common)."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    BOTH,
    PLAYED,
    Rule,
    ability,
)

ENTRIES: tuple[Rule, ...] = (
    ability(
        "ambush",
        "Ambush",
        BOTH,
        "HoN core p.21; SoN p.17",
        PLAYED,
        "cannot be targeted until spotted, ignores explosion templates, blocks no LoS, turns over when it fires, "
        "is assaulted or spotted, and may turn over of its own will",
    ),
    ability(
        "tripod",
        "Tripod",
        BOTH,
        "HoN core p.21; SoN p.19",
        PLAYED,
        "the simple policy sets a unit up when only its other side has a shot worth taking, and packs it up when "
        "it cannot move and its other side could advance",
    ),
    ability(
        "destruction",
        "Destruction",
        BOTH,
        "HoN core p.22; SoN p.17",
        PLAYED,
        "hon's readings: one sees a structure when a line is blocked first by it; an assault rolls after its moves "
        "(counter's value, else its best weapon's; not in SoN, p.17); one roll for each structure under a template",
    ),
    ability(
        "dual-weapon",
        "Dual Weapon",
        BOTH,
        "HoN core p.22; SoN p.17",
        PLAYED,
        "",
    ),
    ability(
        "fire-on-the-move",
        "Fire on the Move",
        BOTH,
        "HoN core p.24; SoN p.17",
        PLAYED,
        "only the weapons with it fire; the policy fires on the move from the square of its path where its plan is "
        "worth most, when it had no shot standing; then the enemy may take Opportunity Fire",
    ),
    ability(
        "limited-range",
        "Limited Range",
        BOTH,
        "HoN core p.22; SoN p.18",
        PLAYED,
        "night and fog cap it too (SoN p.11)",
    ),
    ability(
        "machine-gunner",
        "Machine Gunner",
        BOTH,
        "HoN core p.24; SoN p.18",
        PLAYED,
        "the policy splits evenly between two or three of its four best targets when the expected hits beat one shot",
    ),
    ability(
        "suppressive-fire",
        "Suppressive Fire",
        BOTH,
        "HoN core p.24; SoN p.19",
        PLAYED,
        "the policy chooses it when its expected markers, a third of a hit each (hon's rate), beat a normal shot",
    ),
    ability(
        "assault",
        "Assault",
        BOTH,
        "HoN core p.25; SoN p.17",
        PLAYED,
        "",
    ),
    ability(
        "autonomous",
        "Autonomous",
        BOTH,
        "HoN core p.26; SoN p.17",
        PLAYED,
        "the book lets it act at any time of the Activation Phase; the simulation acts with it after its side's "
        "order tokens",
    ),
    ability(
        "order",
        "Order(s)",
        BOTH,
        "HoN core p.26; SoN p.18",
        PLAYED,
        "lost with the unit (HoN core p.8); in SoN a hit unit gives the stars its damaged side prints from the "
        "next Order Phase (p.18)",
    ),
    ability(
        "personal-order",
        "Personal Order",
        BOTH,
        "HoN core p.26; SoN p.18",
        PLAYED,
        "its extra token is counted; a placement leaving it without a token (a bluff will do) is refused, and the "
        "policy gives it one first; hon's choice: a side with fewer tokens than duties owes only what it can give",
    ),
    ability(
        "scout",
        "Scout",
        BOTH,
        "HoN core p.26; SoN p.18",
        PLAYED,
        "made once both sides have deployed (hon's reading), ignoring difficult passages, never by an objective, "
        "by the policy; a Scout transport scouts with Scouts aboard; hon: units entering later are not deployed: none",
    ),
    ability(
        "amphibious",
        "Amphibious",
        BOTH,
        "HoN core p.18; SoN p.18",
        PLAYED,
        "amphibious units enter water and swamps freely; a red-bordered SoN unit (amphibious-only) moves only in water",
    ),
    ability(
        "urban-fighter",
        "Urban Fighter",
        BOTH,
        "BfC p.09; SoN p.19",
        PLAYED,
        "it enters and leaves buildings through windows, never a bunker's (the catalogue's bunker terrain); SoN's "
        "dominant positions are in no bundled terrain, so none is entered",
    ),
)
