"""Markers of Heroes of Normandie and Battle for Caen."""

from __future__ import annotations

from builder.heroes.rules.coverage.base import (
    GEAR_VALUES,
    HON,
    PLAYED,
    Rule,
    marker,
)

ENTRIES: tuple[Rule, ...] = (
    marker(
        "suppressed",
        "Suppressed",
        HON,
        "HoN core p.16",
        PLAYED,
        "",
    ),
    marker(
        "activated",
        "Activated",
        HON,
        "HoN core p.16",
        PLAYED,
        "a unit whose numbered or special token is revealed is activated too (HoN core 8.2, Keywords), for the "
        "rest of the turn, a Heroic second action and a token passed on by Dynamic included",
    ),
    marker(
        "damage",
        "Damage",
        HON,
        "HoN core p.15",
        PLAYED,
        "a Tracks or Hull hit from Opportunity Fire stops a moving vehicle at once",
    ),
    marker(
        "destruction-point",
        "Destruction Point",
        HON,
        "HoN core p.22",
        PLAYED,
        "kept per terrain element and per wreck; a wreck's printed value is on its counter, not in the text: hon "
        "removes it at 2",
    ),
    marker(
        "ammo",
        "Ammo",
        HON,
        "HoN core p.28",
        PLAYED,
        "kept on its option for its tile's infantry (any unit's on a command tile), spent from the pool; the policy "
        "spends one at a time while it adds 0.2 expected hits, in ordinary Firing Actions only",
    ),
    marker(
        "passage",
        "Passage",
        HON,
        "HoN core p.28",
        PLAYED,
        "one marker a hedgerow square, left open to heavy vehicles (a Difficult Passage still); the books describe no "
        "barbed wire token: hon reads BfC's Barbed Hedgehogs (p.05) as them, one marker discards all crossed",
    ),
    marker(
        "panzerfaust",
        "Panzerfaust",
        HON,
        "HoN core p.28",
        PLAYED,
        f"an Alternate Firing Action, one marker, 4 squares, Destruction 2; {GEAR_VALUES} (X/4/5); the policy "
        "spends one when it promises 0.5 hit more than its ordinary Firing Action",
    ),
    marker(
        "rifle-grenade",
        "Rifle Grenade",
        HON,
        "HoN core p.29",
        PLAYED,
        "the explosion template thrown 7 interspaces with Indirect Fire: on target when the thrower sees the "
        f"interspace clearly, else it scatters (1 interspace: the value is unprinted); {GEAR_VALUES} (3/1/X)",
    ),
    marker(
        "sticky-bomb",
        "Sticky Bomb",
        HON,
        "HoN core p.29",
        PLAYED,
        "put on a unit 1 square away, it explodes on it alone at the end of the Supply Phase (hon's reading: wherever "
        f"it went, on its planter's side, not if it is gone); {GEAR_VALUES} (X/4/4)",
    ),
    marker(
        "magnetic-mine",
        "Magnetic Mine",
        HON,
        "HoN core p.29",
        PLAYED,
        f"played as the Sticky Bomb; {GEAR_VALUES} (X/4/4)",
    ),
    marker(
        "grenade",
        "Grenade",
        HON,
        "HoN core p.29",
        PLAYED,
        f"thrown at an interspace 2 away, no scatter, buildings shelter from outside; or into a building by its "
        f"opening, or onto a defensive position's square, no Defensive Bonus; {GEAR_VALUES} (3/1/X)",
    ),
    marker(
        "veteran",
        "Veteran",
        HON,
        "HoN core p.30",
        PLAYED,
        "either side rerolls any roll (firing, assault, damage, destruction, scatter, sniper, mine, initiative), a "
        "reroll again, on the policy's odds; at the set-up any marker of the side's options serves (hon's reading)",
    ),
    marker(
        "concealed",
        "Concealed",
        HON,
        "HoN core p.30",
        PLAYED,
        "played (at deployment, played before turn 1's orders, and as each Supply Phase begins); the marker's own "
        "values are not printed: it moves and fires with its unit's; the policy hides units no enemy spots at once",
    ),
    marker(
        "bazooka",
        "Bazooka",
        HON,
        "HoN core p.31",
        PLAYED,
        "a Character's Alternate Firing Action, one marker, with the values of the catalogue's Bazooka Team (0/3/3, "
        "5 squares, Destruction 1: examples)",
    ),
    marker(
        "knife",
        "Knife",
        HON,
        "HoN core p.31; BfC p.08",
        PLAYED,
        "discarded for +2 on the assault result, attacking or defending, when the policy gains 0.1 chance of winning",
    ),
    marker(
        "piat",
        "PIAT",
        HON,
        "BfC p.08",
        PLAYED,
        f"an Alternate Firing Action, one marker, 5 squares, Destruction (1 die: unprinted); {GEAR_VALUES} (0/3/3)",
    ),
    marker(
        "mine",
        "Mine",
        HON,
        "BfC p.09",
        PLAYED,
        "played; the marker's values are printed only on it: 4/3/2 is hon's example, with no terrain bonus; the "
        "policy lays them holding its ground and stops short of one, never plans a way round",
    ),
    marker(
        "forward-position",
        "Forward Position",
        HON,
        "BfC p.09",
        PLAYED,
        "played; the tile's symbols are lost: hon gives infantry on its square +2 defense (example) over the "
        "terrain there; the policy digs in where it holds its ground near the enemy",
    ),
    marker(
        "recce-ammo",
        "Ammo (Recce Gear)",
        HON,
        "BfC p.09",
        PLAYED,
        "a light vehicle's Firing Action: +2 against light vehicles, +1 against heavy, up to 3; the policy spends "
        "one on a Firing Action at a vehicle",
    ),
    marker(
        "additional-shielding",
        "Additional Shielding",
        HON,
        "BfC p.09",
        PLAYED,
        "+2 Defensive Bonus declared before the roll of a Firing Action, a template, a bomb or an assault on the "
        "vehicle; the policy spends one when it takes 0.15 off the chance of a hit (or of losing)",
    ),
    marker(
        "fuel",
        "Fuel",
        HON,
        "BfC p.09",
        PLAYED,
        "+2 squares each at the start of a vehicle's Movement Action; the policy spends the fewest that bring a "
        "vehicle onto its goal",
    ),
    marker(
        "life-point",
        "Life Point",
        HON,
        "BfC p.09",
        PLAYED,
        "always discarded to cancel a hit on the Character: a Firing Action's, a template's, the sniper's or an "
        "assault's (the loser still moves); a double hit needs two, a regular hit per missing marker",
    ),
    marker(
        "tactical-map",
        "Tactical Map",
        HON,
        "BfC p.09",
        PLAYED,
        "a Character's marker, spent at the start of its or a unit's within 3 squares Movement Action to ignore "
        "every Difficult Passage; the policy spends one when it brings the unit 2 squares nearer its goal",
    ),
    marker(
        "barbed-hedgehog",
        "Barbed Hedgehog",
        HON,
        "BfC p.05",
        PLAYED,
        "played: a hedgehog line bars vehicles and stops infantry (a Difficult Passage: not a move that ignores them), "
        "an Engineer removes one in its ZoC, Military Engineering deploys one beside its carrier (its obstacle value "
        "1 is an example)",
    ),
    marker(
        "advanced-position",
        "Advanced Position",
        HON,
        "BfC p.08",
        PLAYED,
        "played; the tile's symbols are lost: hon gives infantry on its square +2 defense (example) over the "
        "terrain there; it goes on an empty square of its carrier's ZoC",
    ),
    marker(
        "speed",
        "Speed",
        HON,
        "BfC p.10-11",
        PLAYED,
        "played; the lost green borders are read as X, 2, 4, 6, each replaced by its neighbours; it takes off "
        "only if it showed 6 as the action began; squares moved are points spent; a wing is the square beside "
        "its front",
    ),
)
