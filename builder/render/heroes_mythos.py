"""The sentences of Shadows over Normandie: Terror checks and Madness, spells and Suffocating
Clouds, Medics' Aid markers, Search checks (SoN p.11, p.14-18), and the Substitute (BfC p.08)."""

from __future__ import annotations

from builder.heroes.rules.events.mythos import (
    AidEvent,
    MadnessAct,
    MadnessEvent,
    SearchEvent,
    SpellAct,
    SpellEvent,
    SubstituteEvent,
    TerrorCause,
    TerrorEvent,
)
from builder.heroes.rules.mythos.clouds import Cloud
from builder.heroes.rules.mythos.state import Madness
from builder.render.heroes_telling import Told, sentence, squares


@sentence.register
def _terror(event: TerrorEvent, told: Told) -> str:
    unit, terror = told.name(event.unit), event.terror
    rolled = f"(rolled {event.rolls[0].total if event.rolls else 0}, needs {terror})"
    drew = Madness(event.madness).label if event.madness is not None else ""
    if event.cause is TerrorCause.POISON:
        said = "resists" if event.madness is None else f"fails and draws {drew}"
        poison = f"the poison of a Poisoned Blade ({event.check} of {event.checks}, {event.cause_page})"
        return f"Terror check ({event.page}): {poison}: {unit} {said} {rolled}."
    what = f"{unit} sees {told.name(event.manifestation)} (Mythos Manifestation {terror}, {event.cause_page})"
    if event.cause is TerrorCause.AMULET:
        what = f"an Amulet of Dagon ({terror}, {event.cause_page}) forces {unit} to check"
    if event.bag_empty:
        said = "and fails, but the Madness bag is empty: it resists the Terror"
    elif event.madness is not None:
        said = f"and fails: it draws {drew} from the Madness bag and discards its Suppressed markers"
    else:
        said = "and resists the Terror"
    return f"Terror check ({event.page}): {what} {said} {rolled}."


# What a Madness token left on its unit will make it do next round (SoN p.11).
_LATER = {
    Madness.RAGE: "it will charge the closest enemy next round, with no Order",
    Madness.CATATONIA: "it will do nothing next round",
    Madness.PARANOIA: "it will fire at the closest unit, friend or foe, next round, with no Order",
    Madness.HYSTERIA: "-1 to all its die throws until the end of next round",
}


def _madness_act(event: MadnessEvent, told: Told) -> str:
    unit, target = told.name(event.unit), told.name(event.target) if event.target is not None else ""
    match event.act:
        case MadnessAct.SUICIDE:
            effect = event.effect.value if event.effect is not None else ""
            return f"{unit} turns its weapons on itself and takes a hit ({effect})"
        case MadnessAct.STEADY:
            return f"{unit} holds steady; the token is discarded"
        case MadnessAct.KEEPS:
            return f"{unit} keeps the token: {_LATER[Madness(event.madness)]}"
        case MadnessAct.CATATONIC:
            return f"{unit} is catatonic and does nothing this round"
        case MadnessAct.RECOVERS:
            return f"{unit} comes back to its senses: the token is discarded"
        case MadnessAct.RAGE_CHARGE:
            return f"{unit} charges {target} in a rage (+3)"
        case MadnessAct.RAGE_RUSH:
            return f"{unit} rushes at {target} in a rage"
        case MadnessAct.RAGE_FIRE:
            return f"{unit} fires in a rage at {target} (+3)"
        case MadnessAct.PANIC_FIRE:
            return f"{unit} fires in panic at the closest unit, {target}"
        case MadnessAct.CANNOT_FLEE:
            return f"{unit} flees in fear but cannot get away: it is eliminated"
    hit = ", turning over to its hit side" if event.flipped else ""
    return f"{unit} flees 4 spaces from {target} to {squares(event.to)}{hit}"


@sentence.register
def _madness(event: MadnessEvent, told: Told) -> str:
    label = Madness(event.madness).label
    if event.act is None:
        return f"{label} ({event.page})."
    return f"{label} ({event.page}): {_madness_act(event, told)}."


# What a spell did after it was cast, after the unit's name (SoN p.15).
_SPELL_DID = {
    SpellAct.LOSES_ORDER: ("loses", "its Order (an Activated marker)"),
    SpellAct.RESTORED: ("returns", "to its undamaged side"),
    SpellAct.BARRIER_ELIMINATED: ("has", "nowhere to go from the Mythos Barrier: eliminated"),
    SpellAct.BARRIER_DRIVEN: ("is", "driven off the Mythos Barrier with a Suppressed marker"),
}


@sentence.register
def _spell(event: SpellEvent, told: Told) -> str:
    unit, page = event.unit, event.page
    if event.act is SpellAct.CLOUD:
        cloud = f"{Cloud(event.spell).label} on interspace {list(event.at or ())}"
        return f"{told.does(unit, 'makes')} a {cloud} and takes {event.penalty} Suppressed marker(s) ({page})."
    if event.act is SpellAct.SUMMONED:
        where = ", ".join(str(list(square)) for square in event.squares)
        return f"{told.does(unit, 'is')} summoned onto {where} ({page})."
    if event.act is SpellAct.VITAL_ENERGY:
        taken = f" ({event.effect.value})" if event.effect is not None else ""
        return f"{told.does(unit, 'loses')} its vital energy: an automatic hit{taken} ({page})."
    if event.act in _SPELL_DID:
        verb, rest = _SPELL_DID[event.act]
        return f"{told.does(unit, verb)} {rest} ({page})."
    spell = told.names.options.get(event.spell, event.spell)
    aimed = f" at {told.name(event.target)}" if event.target is not None else ""
    fewer = f", {event.reduced} fewer (Magician, Blood Sigils: {event.reduced_page})" if event.reduced else ""
    markers = f"{event.penalty} Suppressed marker(s){fewer} ({event.penalty_page})"
    return f"{told.does(unit, 'casts')} {spell}{aimed} ({page}) and takes {markers}."


@sentence.register
def _aid(event: AidEvent, told: Told) -> str:
    medic, unit, page = event.medic, told.name(event.unit), event.page
    if event.removed:
        return (
            f"{told.does(medic, 'treats')} {unit} and takes back its Aid marker, turning to its inactive side ({page})."
        )
    moved = f", moved from {told.name(event.moved_from)}" if event.moved_from is not None else ""
    return (
        f"{told.does(medic, 'puts')} its Aid marker on {unit}{moved}: the hit is ignored, a Suppressed marker "
        f"instead, and it may not move until treated ({page})."
    )


@sentence.register
def _substitute(event: SubstituteEvent, told: Told) -> str:
    effect = f" and is {event.effect.value}" if event.effect is not None else ""
    weapon = told.name(event.weapon)
    return f"{told.does(event.unit, 'takes')} the hit in place of {weapon} (Substitute, {event.page}){effect}."


@sentence.register
def _search(event: SearchEvent, told: Told) -> str:
    options = told.names.options
    ability = f"Search {event.needed}, {event.search_page}" if event.trained else "a 6 needed without Search"
    if event.found is not None:
        group = event.group or ""
        tile = told.names.titles.get(group, group.partition("/")[2])
        cast = ", whose Character may cast it" if event.spell else ""
        said = f"finds {options.get(event.found, event.found)} in the Search bag: it goes to {tile}{cast}"
    elif event.drawn is not None:
        drawn = options.get(event.drawn, event.drawn)
        said = f"finds {drawn}, but no tile has an empty white or green slot: it goes back into the bag"
    else:
        said = "finds nothing"
    at = f"[{event.at[0]}, {event.at[1]}]" if event.at is not None else ""
    total = event.rolls[0].total if event.rolls else 0
    searches = f"{told.does(event.unit, 'searches')} by the Search token at {at} ({ability}, {event.page})"
    return f"{searches}: rolls {total} and {said}."
