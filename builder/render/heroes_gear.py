"""The sentences of gear markers spent and of what SoN's pieces do in their stead (Totems,
the Dragon, the Elder Sign Medallion, Poisoned Blades): HoN core p.28-30; BfC p.08-09;
SoN p.14-17."""

from __future__ import annotations

from collections.abc import Callable

from builder.heroes.rules.events.combat import GearEvent, GearUse
from builder.heroes.rules.gear.markers import GEAR_WEAPONS
from builder.render.heroes_telling import Told, sentence


def _at(event: GearEvent) -> str:
    return ", ".join(str(list(square)) for square in event.at)


def _target(event: GearEvent, told: Told) -> str:
    return told.name(event.target or "")


def _veteran_fire(event: GearEvent, told: Told) -> str:
    whose = "its" if event.target is None else f"{told.name(event.target)}'s"
    outcome = event.outcome.value if event.outcome is not None else ""
    roll = f"{whose} firing roll ({event.value} against {event.against}, a {outcome})"
    return f"{roll} is rolled again, the new result stands"


# What a marker was spent for, after "Fire Team spends 1 Veteran marker(s) of …, 2 left: ".
_SPENT_FOR: dict[GearUse, Callable[[GearEvent, Told], str]] = {
    GearUse.DEFENSIVE_BONUS: lambda e, t: f"+{e.value} Defensive Bonus",
    GearUse.HITS_CANCELLED: lambda e, t: f"{e.value} Hit(s) on {_target(e, t)} cancelled",
    GearUse.SNIPER_HIT_CANCELLED: lambda e, t: f"the sniper's Hit on {_target(e, t)} is cancelled",
    GearUse.ASSAULT_HIT_CANCELLED: lambda e, t: f"the assault's Hit on {_target(e, t)} is cancelled",
    GearUse.RECCE_AMMO: lambda e, t: "+2 against light vehicles, +1 against heavy",
    GearUse.HEDGEROW: lambda e, t: f"it drives through the hedgerow at {_at(e)}",
    GearUse.BARBED_WIRE: lambda e, t: (
        f"it drives through the barbed hedgehogs at {_at(e)}, discarded (hon's reading of the barbed wire tokens)"
    ),
    GearUse.FUEL: lambda e, t: f"+{e.value} squares",
    GearUse.TACTICAL_MAP: lambda e, t: f"{_target(e, t)} ignores every Difficult Passage",
    GearUse.ALTERNATE_FIRE: lambda e, t: f"an Alternate Firing Action at {_target(e, t)}",
    GearUse.AT_STRUCTURE: lambda e, t: f"an Alternate Firing Action at {e.element}",
    GearUse.BOMB: lambda e, t: f"put on {_target(e, t)}, it explodes at the end of the Supply Phase",
    GearUse.FIRED_AT: lambda e, t: f"fired at interspace {list(e.point or ())}",
    GearUse.THROWN_AT: lambda e, t: f"thrown at interspace {list(e.point or ())}",
    GearUse.THROWN_INTO: lambda e, t: f"thrown into {t.names.elements.get(e.element or '', e.element)}",
    GearUse.VETERAN_ROLL: lambda e, t: f"the {e.roll} roll {list(e.faces)} is rolled again, the new result stands",
    GearUse.VETERAN_FIRE: _veteran_fire,
    GearUse.VETERAN_ASSAULT: lambda e, t: (
        f"its assault roll ({e.value} against {e.against}) is rolled again, the new one stands"
    ),
    GearUse.HEROIC: lambda e, t: f"{_target(e, t)} is activated again, without an Order",
    GearUse.HARDBOILED: lambda e, t: f"{e.value} Suppressed marker(s) taken off {_target(e, t)}",
    GearUse.POISONED_BLADE: lambda e, t: f"+{e.value} to its assault",
    GearUse.ICHOR_HEALS: lambda e, t: f"{_target(e, t)} flips back to its unharmed side",
    GearUse.ICHOR_PREVENTS: lambda e, t: f"the hit on {_target(e, t)} is prevented",
}


def _totem(event: GearEvent, told: Told) -> str:
    totem = f"Totem on interspace {list(event.point or ())}"
    match event.use:
        case GearUse.TOTEM_RAISED:
            return f"{event.side} raises a {totem}"
        case GearUse.TOTEM_CARD:
            drawn = "draws 1 Action card" if event.value else "would draw an Action card, but none is left to draw"
            return f"The {totem} {drawn}"
        case GearUse.TOTEM_ORDER:
            return f"The {totem} gives an additional Order token"
    rolled = ", ".join(map(str, event.faces))
    harm = "destroys it: its advantage is lost" if event.destroyed else "does not harm it"
    fires = told.does(event.target or "", "fires")
    return f"{fires} at the {totem} with Destruction {event.value} (rolled {rolled}) and {harm}"


# What SoN's pieces and the set-up's Veteran markers do, told without "spends".
_OWN: dict[GearUse, Callable[[GearEvent, Told], str]] = {
    GearUse.VETERAN_INITIATIVE: lambda e, t: (
        f"{e.side} spends 1 Veteran marker of {e.source}, {e.left} left: the initiative roll of {e.roll}, "
        f"[{e.faces[0]}], is rolled again and gives [{e.faces[-1]}]"
    ),
    GearUse.POISON_KEPT: lambda e, t: (
        f"{t.does(e.target or '', 'survives')} and keeps {e.value} Poisoned Blade marker(s) on the Poisoned side: "
        f"{e.left} Terror check(s) at the start of the Supply Phase"
    ),
    GearUse.MEDALLION: lambda e, t: (
        f"The Elder Sign Medallion of {t.name(e.unit or '')} discards the Order token on {_target(e, t)}"
    ),
    GearUse.DRAGON_PERCH: lambda e, t: (
        f"The Dragon flies onto {_target(e, t)}: Terrifying and Mythos Hunter 1 until it flies on"
    ),
    GearUse.TOTEM_RAISED: _totem,
    GearUse.TOTEM_CARD: _totem,
    GearUse.TOTEM_ORDER: _totem,
    GearUse.TOTEM_FIRED_AT: _totem,
}


@sentence.register
def _gear(event: GearEvent, told: Told) -> str:
    if event.use in _OWN:
        return f"{_OWN[event.use](event, told)} ({event.page})."
    unit = event.unit or ""
    marker = event.marker
    label = (
        GEAR_WEAPONS[marker].name if marker in GEAR_WEAPONS else marker.removeprefix("son-").replace("-", " ").title()
    )
    spends = f"{told.does(unit, 'spends')} {event.spent} {label} marker(s) of {event.source}, {event.left} left"
    if event.use is None:
        return f"{spends} ({event.page})."
    return f"{spends}: {_SPENT_FOR[event.use](event, told)} ({event.page})."
