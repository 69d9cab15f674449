"""The sentences of the set-up, the Game Turn and its phases, the order tokens, action cards
and the victory (HoN core p.8-9, p.15-17; BfC p.14, p.16; SoN p.10)."""

from __future__ import annotations

from builder.heroes.catalogue.cards import BonusKind
from builder.heroes.rules.events.game import (
    BreaksEvent,
    CardEvent,
    ControlEvent,
    DeployEvent,
    DrawEvent,
    InitiativeEvent,
    OrderDuty,
    OrdersEvent,
    OwedToken,
    Phase,
    PlayedFor,
    RallyEvent,
    Reinforced,
    RevealEvent,
    ScenarioEvent,
    SuddenDeathEvent,
    TurnEvent,
    VictoryEvent,
)
from builder.heroes.rules.orders.special_orders import LATER
from builder.heroes.rules.orders.tokens import AUTONOMOUS, SPECIAL
from builder.heroes.scenario.conditions import describe
from builder.heroes.scenario.models import Event
from builder.render.heroes_telling import Told, sentence

# --- The set-up ---------------------------------------------------------------------------


@sentence.register
def _initiative(event: InitiativeEvent, told: Told) -> str:
    if event.roll is None:
        return f"{event.side} has the initiative on turn 1 (the scenario)."
    return f"{event.side} wins the initiative roll ({event.roll})."


@sentence.register
def _deploy(event: DeployEvent, told: Told) -> str:
    said = [f"{event.side} deploys {len(event.units)} units"]
    if event.crews:
        said.append(f"{len(event.crews)} Crew unit(s) ride in their vehicles ({event.crew_page})")
    if event.entering:
        said.append(f"{len(event.entering)} will enter through the entry squares")
    if event.arriving:
        said.append(f"{len(event.arriving)} arrive with a scenario event")
    if event.left:
        why = event.problem.message if event.problem is not None else "no room"
        said.append(f"{len(event.left)} cannot be deployed ({why})")
    return "; ".join(said) + "."


@sentence.register
def _draw(event: DrawEvent, told: Told) -> str:
    side, page = event.side, event.page
    if event.phase is Phase.SETUP and not event.deck:
        return f"{side} has no action card deck in the catalogue and plays without action cards ({page})."
    if event.phase is Phase.SETUP:
        return f"{side} shuffles its {event.deck} action cards and draws a hand of {len(event.drawn)} ({page})."
    said = [f"discards {len(event.discarded)}"] if event.discarded else []
    said += [f"draws {len(event.drawn)}"] if event.drawn else []
    last = len(event.drawn) if event.drawn else len(event.discarded)
    text = f"{side} {' and '.join(said)} action card{'s' if last != 1 else ''}, a hand of {event.hand} ({page})"
    if event.reshuffled:
        text += "; its discard pile is shuffled into a new draw pile (not printed: the project's reading)"
    return text + "."


# --- The Order Phase ----------------------------------------------------------------------


@sentence.register
def _turn(event: TurnEvent, told: Told) -> str:
    teams = ""
    if event.rotations:
        said = "; ".join(f"{' and '.join(r.sides)} take the turns of {r.team} in rotation" for r in event.rotations)
        teams = f"; the teams alternate and {said} ({event.teams_page})"
    return f"Turn {event.turn} begins; {event.side} has the initiative ({event.page}){teams}."


@sentence.register
def _orders(event: OrdersEvent, told: Told) -> str:
    extra = ""
    if event.special:
        extra = f"; {len(event.special)} special"
        if event.unprinted:
            extra += f" (from {', '.join(event.unprinted)}: how many it gives is not printed, hon's example)"
    if event.stars_lost:
        who = ", ".join(f"{told.pieces[key].unit.name} -{stars}" for key, stars in event.stars_lost)
        extra += f"; order stars lost to hits: {who} ({event.stars_page})"
    if event.duties:
        extra += f"; given a token as it must: {', '.join(_duty(owed, told) for owed in event.duties)}"
    tokens = ", ".join(f"{n} {_token_holder(key, told)}" for n, key in enumerate(event.numbered, start=1))
    return (
        f"{event.side} takes order tokens 1 to {event.tokens}{extra} and {len(event.bluffs)} bluff ({event.page}): "
        f"{tokens or 'none'}."
    )


def _duty(owed: OwedToken, told: Told) -> str:
    """`Cpl. Joe Carver (Personal Order (HoN core p.26))`."""
    if owed.duty is OrderDuty.PERSONAL_ORDER:
        return f"{told.title(owed.key)} (Personal Order ({owed.page}))"
    return f"{told.names.titles.get(owed.key, owed.key.partition('/')[2])} (Hardened ({owed.page}))"


def _token_holder(key: str, told: Told) -> str:
    """The unit an order token is on: its group's title in the log; in the narration the
    counter too ("Fire Team 2 of 16th Inf. Reg. A"), with its copy's number when the group
    has several."""
    title = told.title(key)
    if not told.narrated:
        return title
    name = told.pieces[key].unit.name
    group, _, copy = key.rpartition("/")
    if sum(1 for other in told.pieces if other.rpartition("/")[0] == group) > 1:
        name += f" {copy}"
    return name if title == told.pieces[key].unit.name else f"{name} of {title}"


@sentence.register
def _sudden_death(event: SuddenDeathEvent, told: Told) -> str:
    return f"{event.side} has no numbered or special order token and loses at once ({event.page})."


# --- The Activation and Supply Phases -----------------------------------------------------


@sentence.register
def _reveal(event: RevealEvent, told: Told) -> str:
    label = {
        AUTONOMOUS: "an autonomous unit",
        SPECIAL: f"a special order token, played as order 0 ({event.special_page})",
        LATER: f"a special order token, played between two activations ({event.special_page})",
    }.get(event.token, f"order {event.token}")
    if event.idle:
        return f"{event.side} reveals {label}: the unit is gone or activated, nothing happens ({event.page})."
    return f"{event.side} reveals {label}: {told.title(event.unit)}."


@sentence.register
def _rally(event: RallyEvent, told: Told) -> str:
    units = f"{event.units} unit{'s' if event.units != 1 else ''}"
    return f"{event.side} takes one Suppressed marker off {units} ({event.page})."


@sentence.register
def _breaks(event: BreaksEvent, told: Told) -> str:
    group = told.names.groups[event.group]
    return (
        f"{group.name} reaches its breaking point ({event.lost} of {group.counters} counters lost, breaking point "
        f"{group.breaking_point}): {event.victory_points} victory points to {' and '.join(event.scorers)} "
        f"({event.page})."
    )


@sentence.register
def _control(event: ControlEvent, told: Told) -> str:
    objective = told.names.scenario.objective(event.objective)
    name = objective.name if objective is not None else event.objective
    if event.scored is None:
        return f"{event.side} takes control of {name}."
    return (
        f"{event.side} holds {name} at the end of the game and scores {event.scored} victory points "
        f"({event.page}; the scenario's value)."
    )


# --- Action cards (HoN core p.17) ---------------------------------------------------------

_BONUS_ON = {
    PlayedFor.MOVEMENT_BONUS: "Movement Action",
    PlayedFor.FIRE_BONUS: "firing action",
    PlayedFor.ASSAULT_BONUS: "assault roll",
}
_WINDOW = {
    PlayedFor.WINDOW: "goes through a building's window on its Movement Action",
    PlayedFor.WINDOW_ASSAULT: "goes through a building's window on its assault",
    PlayedFor.WINDOW_EXIT: "beaten in the assault, leaves its building through a window on its Forced Move",
}


@sentence.register
def _card(event: CardEvent, told: Told) -> str:
    card = told.names.cards.get(event.card, event.card)
    played_for = event.played_for
    if played_for in _BONUS_ON:
        return f"{event.side} plays {card} for its Alternate Bonus ({event.page}): {_bonus(event, told)}."
    head = f"{event.side} plays {card} ({event.page})"
    if played_for is None:
        return head + "."
    if played_for in _WINDOW:
        comma = "," if played_for is PlayedFor.WINDOW_EXIT else ""
        return f"{head}: {told.name(_unit(event))}{comma} {_WINDOW[played_for]}."
    if played_for is PlayedFor.DESERTION:
        return (
            f"{head} as {told.name(_unit(event))} takes another Suppressed marker: it deserts and is removed from "
            "the game as Destroyed."
        )
    if played_for is PlayedFor.PASS_ORDER:
        fallen = event.fallen or ""
        return f"{head} as {told.name(fallen)} is removed: its order token goes to {told.name(_unit(event))}."
    return f"{head}: {_battle_event(event, told)}."


def _battle_event(event: CardEvent, told: Told) -> str:
    """What a Battle Event did, after "us plays Initiative (HoN core p.17): "."""
    value, unit = event.value, event.unit or ""
    match event.played_for:
        case PlayedFor.SPECIAL_ORDERS:
            tokens = "a Special Order token" if value == 1 else f"{value} Special Order tokens"
            return f"{tokens} this turn ({event.rule_page})"
        case PlayedFor.GRANT_ASSAULT:
            return f"every unit of the {event.side} side has Assault +{value} until the end of the turn"
        case PlayedFor.REMOVE_SUPPRESSED:
            return f"{value} Suppressed marker{'' if value == 1 else 's'} off {told.name(unit)}"
        case PlayedFor.BURST:
            return (
                f"{told.name(unit)} moved and now takes a Firing Action, every weapon, with no Fire on the Move penalty"
            )
        case PlayedFor.TAKE_INITIATIVE:
            return f"{event.side} has the initiative this turn, though not on a Special Order ({event.rule_page})"
        case PlayedFor.FORCED_MOVE:
            return f"{told.name(unit)} makes a Forced Move of up to {value} squares"
        case PlayedFor.THROW_BACK:
            return f"the grenade is thrown back at {told.name(unit)}, onto interspace {list(event.at or ())}"
        case PlayedFor.ASSAULT_REROLL:
            again = f"({_rerolled(event)} against {event.against})"
            return f"{told.name(unit)} rolls its assault roll again {again}, the new roll stands"
    outcome = event.outcome.value if event.outcome is not None else ""
    return f"{told.name(unit)} rolls its firing action again ({_rerolled(event)} against {event.against}, a {outcome})"


def _rerolled(event: CardEvent) -> int:
    """The total of the roll a card had rolled again."""
    return event.rolls[0].total if event.rolls else 0


def _unit(event: CardEvent) -> str:
    return event.unit or ""


def _bonus(event: CardEvent, told: Told) -> str:
    """`+2 squares to Fire Team's Movement Action`."""
    value = ""
    if event.bonus is not None:
        squares = " square" if event.value == 1 else " squares"
        value = f"+{event.value}{squares if event.bonus is BonusKind.MOVEMENT else ''}"
    assert event.played_for is not None
    return f"{value} to {told.name(_unit(event))}'s {_BONUS_ON[event.played_for]}"


# --- The end of the game and the scenario's events ----------------------------------------


@sentence.register
def _victory(event: VictoryEvent, told: Told) -> str:
    victory = told.names.scenario.victory
    name = told.names.scenario.namer()
    why = "the last turn is over"
    if event.ended_early is not None:
        why = f"{describe(victory.end.early[event.ended_early], name)}, the game ends early"
    if event.outcome is not None:
        found = victory.outcomes[event.outcome]
        how = f"{describe(found.condition, name)}: {found.label}"
    else:
        how = f"no outcome holds: {victory.otherwise}"
    return f"End of turn {event.turn}: {why}. {how[0].upper()}{how[1:]}."


@sentence.register
def _scenario_event(event: ScenarioEvent, told: Told) -> str:
    if event.index is None:
        return "Scenario event."
    played = told.names.scenario.events[event.index]
    who = f" ({played.side})" if played.side else ""
    said = "; ".join(_played(event, played, told))
    return f"Scenario event{who}: {played.what.strip()}" + (
        f" Played: {said}." if said else " The simulation does not play it."
    )


def _played(event: ScenarioEvent, played: Event, told: Told) -> list[str]:
    """What the engine played of a scenario event, clause by clause."""
    where = f" through {played.zone}" if played.zone else ""
    said = []
    if played.units:
        names = ", ".join(told.title(key) for key in event.entered)
        said.append(f"{names} enter play{where}" if event.entered else "no unit is left to enter play")
    if event.reinforced is not None:
        said.append(_reinforced(event, played, told))
    for discarded in event.discarded:
        kept = f", {discarded.holder} keeping it" if discarded.holder else ""
        said.append(f"{discarded.objective} is discarded{kept} ({discarded.page})")
    if event.bonuses:
        placed = {b.id: b.at for b in told.names.scenario.tactical_bonuses if b.id in event.bonuses}
        said.append(f"the Tactical Bonuses {', '.join(placed)} are placed at {', '.join(map(str, placed.values()))}")
    if event.ends_after is not None:
        said.append(
            f"the END marker moves down {played.end_marker} spaces: the game now ends after turn {event.ends_after}"
        )
    return said


def _reinforced(event: ScenarioEvent, played: Event, told: Told) -> str:
    may = f"{played.side} may fill the empty slots of its recruitment tiles with options"
    if event.reinforced is Reinforced.NO_SLOT:
        return f"{may}, but none is empty or freed"
    if event.reinforced is Reinforced.DECLINED:
        return f"{may}, and takes none"
    names = ", ".join(told.names.options.get(option, option) for option in event.taken)
    where = f" through {played.zone}" if played.zone else ""
    return f"{played.side} fills its empty slots with {names}, whose units enter play{where} ({event.page})"
