"""Terrain effects of the catalogue: Shadows over Normandie."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    DIFFICULT_PASSAGE,
    PLAYED,
    SON,
    Rule,
    mechanic,
)

UNDER_READING = "an amphibious unit on its squares is under it (hon's reading): it crosses them but never stops there"

EXIT_NOTE = (
    'hon reads "move within" as space to space: a move out goes on freely (p.12, of large creatures in a hedgerow)'
)
ENTRIES: tuple[Rule, ...] = (
    mechanic(
        "son-structure",
        "Structure",
        SON,
        "SoN p.11",
        PLAYED,
        "as in HoN: points add up, a building turns to ruins, a wreck is removed (hon's value 2, not printed); the "
        "redeployment in the ruins: hon leaves each unit where it stands",
    ),
    mechanic(
        "son-defense",
        "Defense",
        SON,
        "SoN p.11",
        PLAYED,
        "",
    ),
    mechanic(
        "son-obscures-los",
        "Obstacle (obscures LoS)",
        SON,
        "SoN p.11",
        PLAYED,
        "squares obscure as in HoN; an obscuring element between two spaces spares a firer and a target adjacent to it",
    ),
    mechanic(
        "son-blocks-los",
        "Obstacle (blocks LoS)",
        SON,
        "SoN p.11",
        PLAYED,
        "indirect fire, which it also stops, is not played",
    ),
    mechanic(
        "son-difficult-passage",
        "Difficult Passage",
        SON,
        "SoN p.11",
        PLAYED,
        DIFFICULT_PASSAGE,
    ),
    mechanic(
        "son-impassable",
        "Impassable",
        SON,
        "SoN p.11; SoN p.12",
        PLAYED,
        "",
    ),
    mechanic(
        "son-impassable-to",
        "Impassable to…",
        SON,
        "SoN p.11; SoN p.12",
        PLAYED,
        "",
    ),
    mechanic(
        "son-no-passage",
        "No Passage",
        SON,
        "SoN p.11",
        PLAYED,
        "",
    ),
    mechanic(
        "son-water",
        "Water",
        SON,
        "SoN p.11",
        PLAYED,
        "",
    ),
    mechanic(
        "son-dark-night",
        "Dark Night",
        SON,
        "SoN p.11",
        PLAYED,
        "shots reach 7, Limited Range too; long range from 5 squares; hidden units seen from next to them in "
        "terrain, from 2 in the open; indirect fire +2 scatter, never direct; no Aviation card is in the catalogue",
    ),
    mechanic(
        "son-fog",
        "Fog",
        SON,
        "SoN p.11",
        PLAYED,
        "shots reach 9, Limited Range too; long range from 6 squares; hidden units seen from next to them in "
        "terrain, from 3 in the open; indirect fire +2 scatter, never direct; no Aviation card is in the catalogue",
    ),
    mechanic(
        "son-difficult-terrain",
        "Difficult Terrain",
        SON,
        "SoN p.12",
        PLAYED,
        "entering gives a Suppressed marker and its -2 at once and any unit may enter with its last point; a large "
        "creature's move ends on entering it (p.12: stopped by rough terrain)",
    ),
    mechanic(
        "son-swamp",
        "Swamp",
        SON,
        "SoN p.12",
        PLAYED,
        "",
    ),
    mechanic(
        "son-mud",
        "Mud",
        SON,
        "SoN p.12",
        PLAYED,
        f"entering stops a unit (a counter of several squares when any square it newly covers is mud); {EXIT_NOTE}",
    ),
    mechanic(
        "son-hedgerow",
        "Hedgerow",
        SON,
        "SoN p.12",
        PLAYED,
        f"it blocks LoS, covers infantry and stops a unit entering, a large creature as soon as part of it enters; "
        f"{EXIT_NOTE}",
    ),
    mechanic(
        "son-thicket",
        "Thicket",
        SON,
        "SoN p.12-13",
        PLAYED,
        "",
    ),
    mechanic(
        "son-fords",
        "Fords",
        SON,
        "SoN p.13",
        PLAYED,
        "every unit crosses them; no unit hides there: a concealed unit on one is spotted by any enemy that may spot",
    ),
    mechanic(
        "son-buildings",
        "Buildings",
        SON,
        "SoN p.12",
        PLAYED,
        "doors, openings, walls, cover and no large creatures are played, and no ZoC leaves a building; a unit on "
        "a door's outside space bars the doors whose outside spaces it holds, in and out (hon's reading)",
    ),
    mechanic(
        "son-underwater-passage",
        "Underwater Passage",
        SON,
        "SoN p.13",
        PLAYED,
        f"{UNDER_READING}; the blue arrows are not in the catalogue, so every square of the element is a way under",
    ),
    mechanic(
        "son-stilted-structures",
        "Stilted Structures",
        SON,
        "SoN p.13",
        PLAYED,
        f"land units stand on it; {UNDER_READING}, and is no target for Opportunity Fire there",
    ),
    mechanic(
        "son-cave",
        "Cave",
        SON,
        "SoN p.13; SoN p.11",
        PLAYED,
        "its walls are impassable obstacles that block LoS; a battlefield holding a cave element is played under "
        "the night rules (hon's reading of a scenario set in a cave)",
    ),
)
