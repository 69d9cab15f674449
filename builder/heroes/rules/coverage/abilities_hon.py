"""Special abilities of Heroes of Normandie and Battle for Caen (data/hon)."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    HON,
    NO_FLAME_VALUES,
    NOT_PLAYED,
    PARTIAL,
    PLAYED,
    Rule,
    ability,
)

ENTRIES: tuple[Rule, ...] = (
    ability(
        "crew",
        "Crew",
        HON,
        "HoN core p.21",
        PLAYED,
        "boarding, leaving and bailing out are resolved; a crew deploys in a vehicle of its group, adding its "
        "abilities (not Order stars, counted with the tokens) to the vehicle's; the policy keeps it aboard",
    ),
    ability(
        "anti-aircraft",
        "Anti-aircraft",
        HON,
        "HoN core p.22",
        NOT_PLAYED,
        "HoN core p.22: not used with the core box, its rules are in aviation expansions hon does not have; BfC "
        "p.10-11's airplanes only taxi and take off, shot at as vehicles: no rule gives it a use against them",
    ),
    ability(
        "artillery-spotter",
        "Artillery Spotter",
        HON,
        "HoN core p.22",
        PLAYED,
        "a spotter of the firer's side sees the interspace when it has a clear LoS to one of the four squares "
        "around it (hon's reading)",
    ),
    ability(
        "flamethrower",
        "Flamethrower",
        HON,
        "HoN core p.22-23",
        PARTIAL,
        "the rules core lays it (3 squares straight, hon's reading), into buildings and defensive positions, and "
        f"suppresses all under it; {NO_FLAME_VALUES}",
    ),
    ability(
        "frightening-shot",
        "Frightening Shot",
        HON,
        "HoN core p.23",
        PLAYED,
        "used whenever a shot fails, never with Machine Gunner",
    ),
    ability(
        "howitzer",
        "Howitzer",
        HON,
        "HoN core p.23",
        PLAYED,
        "the interspace is seen when one of its four squares is; the policy aims at corners of enemy squares when "
        "the expected hits (its own units counting against) beat its normal shots",
    ),
    ability(
        "indirect-fire",
        "Indirect Fire",
        HON,
        "HoN core p.23",
        PLAYED,
        "fired directly (as Howitzer) with a clear LoS, else it scatters; the chart's 1-4 are read as N, E, S, W; "
        "the simulation's mortars deploy on their Tripod side without it (Tripod flips are not played)",
    ),
    ability(
        "piercing",
        "Piercing",
        HON,
        "HoN core p.24",
        PLAYED,
        "",
    ),
    ability(
        "sniper",
        "Sniper",
        HON,
        "HoN core p.24",
        PLAYED,
        "the policy snipes when the table's chance of a hit beats its normal shot; a firing table on a "
        "Character's recruitment tile is not in the catalogue",
    ),
    ability(
        "opportunity-fire",
        "Opportunity Fire",
        HON,
        "HoN core p.24",
        PLAYED,
        "offered after each square entered in a Movement Action (not a Forced Move) and after a Firing Action (not "
        "an Opportunity Fire); the policy takes it at the first chance of a hit of 1/2 or more; Overwatch gives it "
        "to its tile's characters",
    ),
    ability(
        "positive-waves",
        "Positive Waves",
        HON,
        "HoN core p.26",
        PLAYED,
        "hon's reading: the book prints this defence (two damage location dice, the owner chooses) without a name, "
        "where Positive Waves' text would stand",
    ),
    ability(
        "transport",
        "Transport",
        HON,
        "HoN core p.27",
        PLAYED,
        "embarking, capacity, riding, firing, assault from it, retreat into it, riders out (through no wall), Scout "
        "transports; the chart's symbol is lost from the text: hon counts Characters 1, every other unit 2",
    ),
    ability(
        "charge",
        "Charge",
        HON,
        "BfC p.08",
        PLAYED,
        "a Firing Action at the target before moving, free of range restrictions; a target destroyed, it ends in "
        "its square, no assault; the policy always takes the Firing Action",
    ),
    ability(
        "defender",
        "Defender",
        HON,
        "BfC p.08",
        PLAYED,
        "+1 to the Defense Value of allied infantry in its ZoC against a Firing Action (an assault reads no Defense "
        "Value), once for several Defenders; a destroyed one's lasts to the end of the Activation Phase",
    ),
    ability(
        "substitute",
        "Substitute",
        HON,
        "BfC p.08",
        PLAYED,
        "any hit on a Heavy Weapon within 2 squares it sees, not one destroying it in an assault; the owner's "
        "choice (the policy: to save the weapon, or when it survives); hon: a hit destroying a fresh weapon is double",
    ),
    ability(
        "ambush-spotter",
        "Ambush Spotter",
        HON,
        "BfC p.08",
        PLAYED,
        "activated by an order token, it reveals the concealed units it sees clearly before acting; the book's "
        "'may reveal one or more' is a choice: hon reveals every one",
    ),
    ability(
        "engineer",
        "Engineer",
        HON,
        "BfC p.08; BfC p.05; BfC p.09",
        PLAYED,
        "every use the books print: removes a barbed hedgehog in its ZoC, discards an adjacent Mine marker, carries a "
        "Military Engineering item; which other gear bears its symbol is lost with the icons",
    ),
    ability(
        "military-engineering",
        "Military Engineering",
        HON,
        "BfC p.08",
        PLAYED,
        "played; the policy deploys (by the 251/7 or an Engineer in its ZoC) an Advanced Position near the enemy, "
        "else hedgehogs facing an enemy vehicle; a hedgehog's interspaces are empty when no line touches them",
    ),
    ability(
        "bridge",
        "Bridge",
        HON,
        "BfC p.08",
        NOT_PLAYED,
        "BfC p.08 says what it crosses and where it goes (an empty square in its unit's ZoC), not when it is laid "
        "nor how its blue arrow is set; no unit or option of the catalogue has it, so no game could use it",
    ),
    ability(
        "aviator",
        "Aviator",
        HON,
        "BfC p.10-11",
        PLAYED,
        "played; stepping into the airplane costs a movement point, and out of it one square (hon's readings); the "
        "policy walks each pilot to an empty airplane and never gets out",
    ),
    ability(
        "driver",
        "Driver",
        HON,
        "BfC p.10-11",
        PLAYED,
        "an airplane moves only with as many Aviators in its cockpit as its Driver value",
    ),
)
