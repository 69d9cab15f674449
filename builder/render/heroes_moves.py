"""The sentences of moving and holding: Movement Actions, entering and leaving the
battlefield, transports and airplanes, wrecks pushed and crushed, spotting and changes of
state, and the works and markers units lay (HoN core p.9-11, p.21, p.27, p.30; BfC p.05,
p.08-11)."""

from __future__ import annotations

from builder.heroes.rules.actions.kinds import Item
from builder.heroes.rules.events.combat import CrushEvent, Crushing
from builder.heroes.rules.events.game import (
    Boarding,
    ClearEvent,
    ConcealEvent,
    Concealing,
    EmbarkEvent,
    EnterEvent,
    Entering,
    ExitEvent,
    Flight,
    FlightEvent,
    FlipEvent,
    HoldEvent,
    HoldReason,
    MineEvent,
    MoveEvent,
    MoveStop,
    PushWreckEvent,
    SpotEvent,
    WorksEvent,
)
from builder.heroes.rules.gear.field_works import NAMES
from builder.render.heroes_telling import Told, sentence, squares

# Why a unit holds, after "Fire Team holds (…)": its side's choice, or a rule with its page.
_HOLDS = {
    HoldReason.STAYS: "it stays where it is",
    HoldReason.NOTHING_TO_MOVE_TOWARDS: "nothing to move towards",
    HoldReason.NO_BETTER_SQUARE: "no better square in reach",
    HoldReason.HOLDS_OBJECTIVE: "it holds an objective",
    HoldReason.CANNOT_MOVE: "it cannot move",
    HoldReason.ENTRY_TAKEN: "its entry squares are taken",
    HoldReason.RIDES: "it rides in its transport",
    HoldReason.CREWS: "it crews its vehicle",
    HoldReason.MINE_IN_THE_WAY: "a Mine marker lies in its way",
    HoldReason.NO_NEARER_AIRPLANE: "it comes no nearer to its airplane",
    HoldReason.NO_WAY_TO_TAXI: "no clear way to taxi",
    HoldReason.NO_AVIATOR: "no Aviator in its cockpit: an airplane cannot move without one, {page}",
    HoldReason.TRACKS_DAMAGED: "its tracks are damaged: no more Movement Actions, {page}",
    HoldReason.PARALYZED: "a Paralyze marker: it cannot move or fight, {page}",
    HoldReason.MYTHOS_BARRIER: "a Mythos Barrier bars its way, {page}",
    HoldReason.AID_MARKER: "an Aid marker: it cannot budge until treated, {page}",
}


@sentence.register
def _hold(event: HoldEvent, told: Told) -> str:
    if event.why is HoldReason.MOVES_NOWHERE:
        return f"{told.does(event.unit, 'stays')} where it is."
    if event.why in (HoldReason.JURY_RIGGED_HOLDS, HoldReason.JURY_RIGGED_BREAKS):
        said = (
            "it holds"
            if event.why is HoldReason.JURY_RIGGED_HOLDS
            else ("the material no longer works: no shot, now or later")
        )
        face = event.rolls[0].kept if event.rolls else 0
        return f"Jury-rigged {event.value} ({event.page}): {told.name(event.unit)} rolls {face}, {said}."
    if event.why is None:
        return f"{told.does(event.unit, 'holds')}."
    return f"{told.does(event.unit, 'holds')} ({_HOLDS[event.why].format(page=event.page)})."


_STOPS = {
    MoveStop.TRACKS: ", where its tracks are hit and it stops at once ({page})",
    MoveStop.HULL: ", where its hull is hit and it stops at once ({page})",
    MoveStop.WORKING_THROUGH: ", working its way through a difficult passage: one square, then its Movement Action "
    "ends ({page})",
    MoveStop.DIFFICULT_PASSAGE: ", stopping at a difficult passage ({page})",
}


@sentence.register
def _move(event: MoveEvent, told: Told) -> str:
    cost = event.cost
    text = f"{told.does(event.unit, 'moves')} {cost} square{'s' if cost != 1 else ''} to {squares(event.to)}"
    if event.stopped is not None:
        text += _STOPS[event.stopped].format(page=event.page)
    if event.scout_page is not None:
        text += f", its Scout move ({event.scout_page})"
    return text + "."


@sentence.register
def _crush(event: CrushEvent, told: Told) -> str:
    how = "drives over" if event.how is Crushing.DRIVES_OVER else "takes the square of"
    verb, _, rest = how.partition(" ")
    points = f"{event.points} destruction point{'s' if event.points != 1 else ''}"
    after = ", and the wreck is removed." if event.removed else f", {event.total} in all."
    return f"{told.does(event.unit, verb)} {rest} the wreck of {told.name(event.wreck)}: {points} ({event.page}){after}"


@sentence.register
def _enter(event: EnterEvent, told: Told) -> str:
    at, vehicle, page = squares(event.to), event.vehicle or "", event.page
    if event.how is Entering.BAILS_OUT:
        return f"{told.does(event.unit, 'bails')} out of {told.name(vehicle)} to {at}, Suppressed ({page})."
    if event.how is Entering.LIBERATED:
        liberated = f"{told.name(event.unit)} is liberated at {at}"
        return f"{told.does(vehicle, 'is')} destroyed: {liberated} and must be captured again ({page})."
    return f"{told.does(event.unit, 'enters')} the battlefield at {at}."


@sentence.register
def _exit(event: ExitEvent, told: Told) -> str:
    carried = f", carrying {', '.join(told.name(key) for key in event.riders)}" if event.riders else ""
    return f"{told.does(event.unit, 'leaves')} the battlefield from {squares(event.at)}{carried}."


@sentence.register
def _clear(event: ClearEvent, told: Told) -> str:
    removes = told.verb(event.unit, "removes")
    return (
        f"{told.name(event.unit)} (Engineer) {removes} the barbed hedgehog at {squares(event.squares)} ({event.page})."
    )


@sentence.register
def _mine(event: MineEvent, told: Told) -> str:
    at, unit = squares((event.square,)), event.unit
    if event.what == "placed" and event.card is not None:
        card = told.names.cards.get(event.card, event.card)
        return f"{event.side} plays {card} ({event.card_page}): a Mine marker on {at} ({event.page})."
    if event.what == "placed":
        left = f"{event.left} left on {event.source or 'its option'}"
        return f"{told.does(unit, 'places')} a Mine marker on {at} instead of moving or firing ({left}; {event.page})."
    if event.what == "cleared":
        return f"{told.name(unit)} (Engineer) {told.verb(unit, 'discards')} the Mine marker on {at} ({event.page})."
    return f"{told.does(unit, 'sets')} off the Mine marker on {at} ({event.page})."


@sentence.register
def _works(event: WorksEvent, told: Told) -> str:
    item = Item(event.item)
    article = "an" if item is Item.ADVANCED_POSITION else "a"
    return f"{told.does(event.unit, 'deploys')} {article} {NAMES[item]} at {squares(event.squares)} ({event.page})."


@sentence.register
def _flight(event: FlightEvent, told: Told) -> str:
    if event.flight is Flight.WING_STRUCK:
        return (
            f"A wing of {told.name(event.unit)} strikes a building or a vehicle at {squares(event.at)}: it is "
            f"destroyed ({event.page})."
        )
    if event.flight is Flight.TOOK_OFF or event.took_off:
        return (
            f"{told.does(event.unit, 'takes')} off after 6 squares in a straight line and leaves play ({event.page})."
        )
    speed = event.speed
    if event.was != speed:
        changed = f"{told.does(event.unit, 'changes')} its Speed marker from {event.was or 'X'} to {speed}"
    else:
        changed = f"{told.does(event.unit, 'keeps')} its Speed marker on {speed}"
    moves = (
        "it rolls 6 squares in a straight line to take off"
        if event.taking_off
        else (f"it moves {(speed or 1) - 1} or {speed} squares")
    )
    return f"{changed}: {moves} ({event.page})."


_CONCEALING = {Concealing.DEPLOYING: "as it deploys", Concealing.SUPPLY_PHASE: "as the Supply Phase begins"}


@sentence.register
def _conceal(event: ConcealEvent, told: Told) -> str:
    when = f" {_CONCEALING[event.when]}" if event.when is not None else ""
    return f"{event.side} replaces {told.name(event.unit)} with a Concealed marker{when} ({event.page})."


@sentence.register
def _spot(event: SpotEvent, told: Told) -> str:
    if event.marker:
        then = f"its Concealed marker gives way to its counter ({event.page})"
    else:
        then = f"it turns over onto its Inactive Side ({'Ambush Spotter, ' if event.ambush else ''}{event.page})"
    return f"{told.does(event.by, 'spots')} {told.name(event.unit)} at {squares(event.at)}: {then}."


@sentence.register
def _flip(event: FlipEvent, told: Told) -> str:
    how = " (concealed)" if event.concealed else ""
    return (
        f"{told.does(event.unit, 'turns')} over onto its {event.state.capitalize()} Side{how}, a change of state "
        f"({event.page})."
    )


@sentence.register
def _push_wreck(event: PushWreckEvent, told: Told) -> str:
    where = ", into the water: it sinks" if event.to is None else f" to {squares(event.to)}"
    return (
        f"{told.does(event.unit, 'pushes')} the wreck of {told.name(event.wreck)} one square{where}; this ends its "
        f"Movement Action ({event.page})."
    )


@sentence.register
def _embark(event: EmbarkEvent, told: Told) -> str:
    unit, transport, page = event.unit, told.name(event.transport), event.page
    at = squares(event.to or ())
    match event.how:
        case Boarding.GETS_IN:
            return f"{told.does(unit, 'gets')} into {transport} ({page})."
        case Boarding.GETS_OFF:
            return f"{told.does(unit, 'gets')} off {transport} to {at} ({page})."
        case Boarding.BURNING:
            return (
                f"{told.does(unit, 'gets')} out of the burning {transport} to {at}, with a Suppressed marker ({page})."
            )
        case Boarding.TAKES_COCKPIT:
            ends = f"{told.name(unit)} (Aviator) {told.verb(unit, 'ends')} its movement in {transport}"
            return f"{ends}, turns over and takes the cockpit ({page})."
        case Boarding.LEAVES_COCKPIT:
            return f"{told.does(unit, 'turns')} to its inactive side and leaves {transport} to {at} ({page})."
    return f"{told.does(unit, 'gets')} {'off' if event.out else 'into'} {transport}."
