"""Mechanics: firing."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    BOTH,
    PLAYED,
    Rule,
    mechanic,
)

ENTRIES: tuple[Rule, ...] = (
    mechanic(
        "attack-type",
        "Attack type",
        BOTH,
        "HoN core p.13; SoN p.8",
        PLAYED,
        "",
    ),
    mechanic(
        "range",
        "Range and long range",
        BOTH,
        "HoN core p.14; SoN p.8",
        PLAYED,
        "",
    ),
    mechanic(
        "firing-arc",
        "Firing arcs",
        BOTH,
        "HoN core p.14; HoN core p.26; SoN p.7-8",
        PLAYED,
        "a weapon fires only at a target some square of which lies in its arc, from the counter's centre, a line on "
        "a mark counting as inside (shots, previews, policy); assaulted from outside every arc: suppressed first",
    ),
    mechanic(
        "alternate-firing-action",
        "Alternate Firing Actions",
        BOTH,
        "HoN core p.14; SoN p.14",
        PLAYED,
        "one given its values uses none of the counter's abilities; the gear that gives them is listed apart",
    ),
    mechanic(
        "vehicle-weapons",
        "Vehicle weapons",
        BOTH,
        "HoN core p.14; SoN p.8",
        PLAYED,
        "every weapon fires in one Firing Action, each at its own target, declared once the last attack is resolved "
        "(a Machine Gunner split or Suppressive Fire is declared whole)",
    ),
    mechanic(
        "firing-resolution",
        "Resolving a Firing Action",
        BOTH,
        "HoN core p.15; HoN core p.33; SoN p.8",
        PLAYED,
        "",
    ),
    mechanic(
        "effect-of-a-hit",
        "The effect of a hit",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "",
    ),
    mechanic(
        "double-hit",
        "Double hits (kill shots)",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "",
    ),
    mechanic(
        "heavy-vehicle-facing",
        "Heavy vehicle defense by facing",
        BOTH,
        "HoN core p.14; SoN p.8",
        PLAYED,
        "the facing is read from the bearing of the firer to the point aimed at: the centre or any square in sight, "
        "the firer taking the lowest Defense Value (less obscuring); 45 degree sectors are hon's reading of the marks",
    ),
    mechanic(
        "damage-location",
        "Damage location roll",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "",
    ),
    mechanic(
        "damage-crew",
        "Damage: crew",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "one weapon per Firing Action; the policy keeps its best",
    ),
    mechanic(
        "damage-tracks",
        "Damage: tracks",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "no Movement Action, pivot or assault; hit by Opportunity Fire while moving, it stops at once",
    ),
    mechanic(
        "damage-hull",
        "Damage: hull",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "two Suppressed markers; hit by Opportunity Fire while moving, it stops at once",
    ),
    mechanic(
        "damage-primary-weapon",
        "Damage: primary weapon",
        BOTH,
        "HoN core p.15; SoN p.8",
        PLAYED,
        "",
    ),
    mechanic(
        "explosion-templates",
        "Explosion templates and scattering",
        BOTH,
        "HoN core p.23; HoN core p.29; SoN p.16",
        PLAYED,
        "hon reads the shape as the 4 squares around the interspace; each structure under it takes one roll of "
        "the firer's Destruction dice",
    ),
)
