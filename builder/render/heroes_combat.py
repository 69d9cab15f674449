"""The sentences of fighting: Firing Actions and what frames them, templates, snipers,
assaults and what follows them, destroyed units, rubble and structures (HoN core p.13-15,
p.22-26, p.29; BfC p.08-09; SoN p.15-17, p.19)."""

from __future__ import annotations

from builder.heroes.rules.abilities.registry import registered
from builder.heroes.rules.events.combat import (
    Advance,
    AdvanceEvent,
    AssaultEvent,
    AssaultNote,
    AssaultVariant,
    Demolition,
    DestroyedEvent,
    DestructionEvent,
    Displaced,
    FiredBy,
    FireEvent,
    FireNote,
    Laid,
    RetreatEvent,
    RubbleEvent,
    SniperEvent,
    Stuck,
    TemplateEvent,
)
from builder.heroes.rules.gear.markers import GEAR_WEAPONS
from builder.heroes.rules.geometry.grid import compass
from builder.heroes.rules.mythos.casting import DIRECTIONS
from builder.heroes.rules.mythos.clouds import Cloud
from builder.heroes.rules.resolution.assault_roll import AssaultOutcome
from builder.heroes.rules.resolution.combat import FireOutcome
from builder.heroes.rules.resolution.damage import Effect
from builder.render.heroes_telling import Told, sentence, squares

# --- Firing Actions (HoN core p.13-15, p.23-24) -------------------------------------------

_OUTCOMES = {FireOutcome.MISS: "a miss", FireOutcome.HIT: "a hit", FireOutcome.DOUBLE_HIT: "a double hit"}
# What attacks when no unit fires: the subject of the sentence instead of "… fires at".
_ATTACKS = {FiredBy.MINE: "The Mine marker attacks", FiredBy.CURSED_FLAMES: "The cursed jet of flames attacks"}
_NOTES = {
    FireNote.PRIMARY_DESTROYED: "its primary weapon is destroyed",
    FireNote.ONE_WEAPON: "its crew is hit, so it fires one of its weapons only",
}
_SEEN = (Effect.NONE, Effect.SUPPRESSED)  # effects a sentence does not repeat


def _weapon(marker: str | None) -> str:
    """A firing marker's name ("Panzerfaust")."""
    weapon = GEAR_WEAPONS.get(marker or "")
    return weapon.name if weapon is not None else marker or ""


def _fire_heading(event: FireEvent, told: Told) -> str:
    """What framed the shot, before its sentence: what fired it, or Opportunity Fire or Fire
    on the Move, Suppressive Fire, a Machine Gunner's share, Ammo markers."""
    target, firer = told.name(event.target), told.name(event.firer) if event.firer is not None else ""
    match event.fired_by:
        case FiredBy.DROWNING:
            return f"Drowning, +{event.bonus} ({event.by_page}): "
        case FiredBy.BOMB:
            return f"The {_weapon(event.marker)} on {target} explodes ({event.by_page}): "
        case FiredBy.GEAR:
            return f"{_weapon(event.marker)} ({event.by_page}): "
        case FiredBy.CHARGE:
            return f"Charge ({event.by_page}): {firer} fires before the assault. "
    heading = ""
    if event.opportunity is not None:
        watched = event.opportunity
        unit = told.name(watched.unit)
        when = (
            f"as {unit} moves into {squares(watched.moving_into)}"
            if watched.moving_into
            else (f"after the Firing Action of {unit}")
        )
        heading = f"Opportunity Fire {when} ({watched.page}): "
    elif event.on_the_move_page is not None:
        heading = f"Fire on the Move ({event.on_the_move_page}): "
    if event.suppressive_page is not None:
        heading += f"Suppressive Fire ({event.suppressive_page}): "
    if event.share is not None:
        heading += f"Machine Gunner, +{event.share} of its split ({event.share_page}): "
    if event.ammo:
        heading += f"{event.ammo} Ammo marker(s) spent, +{event.ammo} ({event.ammo_page}): "
    return heading


def _fires_at(event: FireEvent, told: Told, agreed: bool) -> str:
    """`Fire Team fires at`, or what attacks when no unit fires."""
    if event.fired_by is FiredBy.TOXIC_CLOUD:
        return f"The Toxic Cloud ({event.by_page}) attacks"
    if event.fired_by in _ATTACKS:
        return _ATTACKS[event.fired_by]
    if event.firer is None:
        return "An alternate firing action fires at"
    return f"{told.does(event.firer, 'fires') if agreed else told.name(event.firer) + ' fires'} at"


def _fire_after(event: FireEvent, told: Told) -> str:
    """What followed the shot: the firer's damage, a Substitute taking the hit, the target
    surviving a grenade that suppresses."""
    after = ""
    if event.notes:
        after += f" {'; '.join(_NOTES[note] for note in event.notes).capitalize()} ({event.notes_page})."
    if event.substitute is not None:
        effect = event.substitute_effect.value if event.substitute_effect is not None else ""
        after += (
            f" {told.name(event.substitute)} takes the hit in its place (Substitute, {event.substitute_page}) and is "
            f"{effect}."
        )
    if event.survives_page is not None:
        after += (
            f" {told.name(event.target)} survives the {_weapon(event.marker)}: a Suppressed marker "
            f"({event.survives_page})."
        )
    return after


@sentence.register
def _fire(event: FireEvent, told: Told) -> str:
    heading, target = _fire_heading(event, told), told.name(event.target)
    total = event.rolls[0].total if event.rolls else 0
    what = _OUTCOMES.get(event.outcome, f"{event.suppressed} Suppressed marker(s)")
    text = f"{_fires_at(event, told, not heading)} {target}: {total} against {event.defense}, {what}"
    if event.damage is not None:
        text += f", damage to the {event.damage.value}"
    if event.effect not in _SEEN:
        text += f"; {target} is {event.effect.value}"
    if event.destruction is not None:
        text += f"; {event.destruction} destruction point(s) on the structure"
        text += f" ({event.structure_points} of {event.structure})"
    return f"{heading}{text}.{_fire_after(event, told)}"


# --- Templates and the Sniper (HoN core p.23-24, p.29; SoN p.15-16) -----------------------


def _article(thing: str) -> str:
    """ "a Grenade", "an Offensive Grenade"."""
    return f"{'an' if thing[:1] in 'AEIOU' else 'a'} {thing}"


def _scattered(event: TemplateEvent) -> str:
    """Where an indirect template landed: on target, or scattered (and more at night)."""
    if not event.rolls:
        return ""
    rolled = event.rolls[0].kept
    if event.distance is None or event.direction is None:
        return f"; it lands on target (rolled {rolled})"
    said = f"; it scatters {event.distance} {compass(event.direction)} (rolled {rolled}) to {list(event.lands)}"
    if event.night:
        said += f", {event.night} more for night or fog ({event.night_page})"
    return said


def _laid(event: TemplateEvent, told: Told) -> str:
    """`Mortar Team fires an indirect fire template at interspace [3, 4]; it lands on target (rolled 4)`."""
    element = told.names.elements.get(event.element or "", event.element or "")
    match event.laid:
        case Laid.CURSED_FLAMES:
            into = f" into {element}" if event.element is not None else ""
            return f"The cursed jet of flames goes {DIRECTIONS[(event.facing or 0) % 8]}{into}"
        case Laid.INTO_BUILDING:
            thrown = _article(_weapon(event.marker))
            return f"{told.does(event.firer, 'throws')} {thrown} into {element}, no Defensive Bonus against it"
        case Laid.THROWN | Laid.RIFLE_GRENADE:
            verb = "throws" if event.laid is Laid.THROWN else "fires"
            thrown = _article(_weapon(event.marker))
            return f"{told.does(event.firer, verb)} {thrown} at interspace {list(event.at)}{_scattered(event)}"
    template = event.template.replace("-", " ")
    return f"{told.does(event.firer, 'fires')} a {template} template at interspace {list(event.at)}{_scattered(event)}"


@sentence.register
def _template(event: TemplateEvent, told: Told) -> str:
    under = ", ".join(told.name(key) for key in event.under) or "nobody"
    if event.laid is Laid.CLOUD:
        return f"Under the {Cloud(event.template).label}: {under} ({event.page})."
    return f"{_laid(event, told)}: under it, {under} ({event.page})."


@sentence.register
def _sniper(event: SniperEvent, told: Told) -> str:
    total = event.rolls[0].total if event.rolls else 0
    text = f"{told.does(event.firer, 'snipes')} at {told.name(event.target)}: {total}, {event.outcome}"
    if event.effect not in _SEEN:
        text += f"; {told.name(event.target)} is {event.effect.value}"
    return f"{text} ({event.page})."


# --- Assaults (HoN core p.25-26; BfC p.08-09, p.12; SoN p.17, p.19) -----------------------

_WINS = {
    AssaultOutcome.WIN: ", the attacker wins",
    AssaultOutcome.TIE: ", a tie",
    AssaultOutcome.LOSS: ", the defender wins",
}


def _ability(ability: str) -> str:
    """An ability's name, by its catalogue id ("Terrifying")."""
    return next((a.name for a in registered() if a.id == ability), ability)


def _assault_notes(notes: tuple[AssaultNote, ...], told: Told) -> str:
    """` Terrifying (SoN p.19): Deep One puts 2 Suppressed marker(s) on Rangers.`, an ability at a time."""
    said = ""
    for ability in dict.fromkeys(note.ability for note in notes):
        own = [note for note in notes if note.ability == ability]
        puts = "; ".join(
            f"{told.name(n.unit)} puts {n.markers} Suppressed marker(s) on {told.name(n.other)}" for n in own
        )
        said += f" {_ability(ability)} ({own[0].page}): {puts}."
    return said


@sentence.register
def _assault(event: AssaultEvent, told: Told) -> str:
    heading = ""
    if event.variant is not None:
        variant = "Brutal Assault" if event.variant is AssaultVariant.BRUTAL else "Long Distance Assault"
        heading = f"{variant} ({event.variant_page}): "
    if event.knives:
        discards = "discards" if len(event.knives) == 1 else "discard"
        heading += f"{' and '.join(told.name(key) for key in event.knives)} {discards} a Knife marker, +2 "
        heading += f"({event.knife_page}): "
    attacker = told.name(event.attacker) + " assaults" if heading else told.does(event.attacker, "assaults")
    defender = told.name(event.defender)
    if event.attack is None or event.defence is None:
        fight = f"{attacker} {defender}, who cannot fight back"
    else:
        fight = f"{attacker} {defender}: {event.attack} against {event.defence}"
    return f"{heading}{fight}{_WINS[event.outcome]}.{_assault_notes(event.notes, told)}"


@sentence.register
def _advance(event: AdvanceEvent, told: Told) -> str:
    at = squares(event.to)
    if event.how is Advance.WRECK_TAKES_PLACE:
        return f"the wreck of {told.name(event.unit)} takes the defender's place at {at} ({event.page})."
    if event.how is Advance.COVERED:
        return f"{told.does(event.unit, 'takes')} the ground it covered."
    if event.transport is not None:
        return f"{told.does(event.unit, 'gets')} off {told.name(event.transport)} and takes the ground at {at}."
    return f"{told.does(event.unit, 'takes')} the ground at {at}."


def _moves(event: RetreatEvent, told: Told) -> tuple[str, str]:
    """How a displaced unit moves, and how it cannot: `retreats to`, `has nowhere to retreat`."""
    by = told.name(event.by) if event.by is not None else ""
    match event.why:
        case Displaced.PUSHED_ASIDE:
            return "is pushed aside to", "cannot be pushed aside"
        case Displaced.RUN_OVER:
            return f"is run over by {by} and makes way to", f"is run over by {by} and cannot make way"
        case Displaced.WRECK_PUSHED:
            run = f"is in the way of the wreck of {by}"
            return f"{run} and makes way to", f"{run} and cannot make way"
    return "retreats to", "has nowhere to retreat"


_STUCK = {
    Stuck.X_MOVEMENT: "an X Movement Value: a Forced Move destroys it ({page})",
    Stuck.NO_SQUARE: "no square it may enter ({page})",
}


def _displaced(event: RetreatEvent, told: Told) -> str:
    """A unit moved out of its square, or destroyed for want of one (a retreat, a push, a run
    over, a wreck pushed at it)."""
    moved, stuck = _moves(event, told)
    if event.to is not None:
        verb, _, rest = moved.partition(" ")
        marker = f", with a Suppressed marker ({event.page})." if event.suppressed else "."
        return f"{told.does(event.unit, verb)} {rest} {squares(event.to)}{marker}"
    if event.stuck is Stuck.ZONE_OF_CONTROL:
        why = f"{squares(event.within or ())} would move it within an enemy Zone of Control ({event.page})"
    else:
        why = _STUCK[event.stuck or Stuck.NO_SQUARE].format(page=event.page)
    verb, _, rest = stuck.partition(" ")
    return f"{told.does(event.unit, verb)} {rest}: {why}; it is destroyed."


@sentence.register
def _retreat(event: RetreatEvent, told: Told) -> str:
    unit, by, page = event.unit, event.by or "", event.page
    match event.why:
        case Displaced.SHELTERS:
            return f"{told.does(unit, 'retreats')} into {told.name(by)} ({page})."
        case Displaced.PUSHED_BACK:
            pushed = f"{told.name(unit)} is pushed back though it did not lose"
            return f"{told.does(by, 'is')} {_ability(event.ability or '')} ({page}): {pushed}."
        case Displaced.BACK_THROUGH_WINDOW:
            return (
                f"{told.does(unit, 'is')} pushed back through the window to {squares(event.to or ())}, the square "
                f"it launched the assault from, with no second Surprise card ({page})."
            )
        case Displaced.CAPTURED:
            return f"{told.does(by, 'captures')} {told.name(unit)}: the captive stays with it ({page})."
        case Displaced.TRAPPED:
            return (
                f"{told.does(unit, 'cannot')} get out of {told.name(by)}: no unoccupied square next to it outside "
                f"an enemy Zone of Control ({page}); it is destroyed."
            )
        case None:
            return f"{told.does(unit, 'retreats')}." if event.to is not None else f"{told.does(unit, 'is')} destroyed."
    return _displaced(event, told)


# --- Destroyed units and structures (HoN core p.15, p.22) ---------------------------------


@sentence.register
def _destroyed(event: DestroyedEvent, told: Told) -> str:
    effect = event.effect.value if event.effect is not None else Effect.DESTROYED.value
    return f"{told.name(event.unit)} ({told.title(event.unit)}) {told.verb(event.unit, 'is')} {effect}."


@sentence.register
def _rubble(event: RubbleEvent, told: Told) -> str:
    inside = f"; {len(event.suppressed)} unit(s) inside are suppressed" if event.suppressed else ""
    element = told.names.elements.get(event.element, event.element)
    return f"{element} is destroyed and turns to rubble{inside} ({event.page})."


_DEMOLISHES = {Demolition.ASSAULTED_IN: "assaulted in", Demolition.TEMPLATE: "drops its template on"}


@sentence.register
def _destruction(event: DestructionEvent, told: Told) -> str:
    how = _DEMOLISHES.get(event.how or Demolition.FIRES_AT, "fires at")
    if event.how is Demolition.FIRES_AT and event.marker is not None:
        how = f"fires a {_weapon(event.marker)} at"
    verb, _, rest = how.partition(" ")
    what = (
        f"the wreck of {told.name(event.structure)}"
        if event.wreck
        else (told.names.elements.get(event.structure, event.structure))
    )
    points = f"{event.points} destruction point{'s' if event.points != 1 else ''}"
    ending = "it falls" if event.destroyed else f"{event.total} of {event.value}"
    return f"{told.does(event.unit, verb)} {rest} {what}: Destruction {event.dice}, {points} ({ending}; {event.page})."
