"""Scenario events (BfC p.14, p.16): told when they happen, and what they do to the game
played - units they bring in enter play through their zone, the END marker moves down,
objectives are discarded and Tactical Bonuses placed, and where the side may fill its
recruitment tiles with options (a player's choice) the policy chooses."""

from __future__ import annotations

from builder.heroes.rules.decisions import Reinforcement
from builder.heroes.rules.events.game import ScenarioEvent
from builder.heroes.rules.setup.reinforcements import reinforcement_choices, take
from builder.heroes.rules.state import Facts
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.conditions import holds
from builder.heroes.scenario.models import Event
from builder.heroes.scenario.models import Phase as ScenarioPhase


def scenario_events(turn: Turn, phase: ScenarioPhase, moment: str) -> None:
    """The scenario's events for this turn, phase and moment, told and played. The
    phase is the scenario's own enum: its events name no set-up, the game's `Phase` does."""
    state = turn.state
    facts = Facts(state)
    for event in state.scenario.events:
        if event.phase is not phase or event.moment != moment:
            continue
        if event.turn is not None and event.turn != state.turn:
            continue
        if event.trigger is not None:
            # "Each time" a trigger comes to hold: once, until it stops holding.
            index = state.scenario.events.index(event)
            if not holds(event.trigger, facts):
                if not event.once:
                    state.triggered.discard(index)
                continue
            if index in state.triggered:
                continue
            state.triggered.add(index)
        who = f" ({event.side})" if event.side else ""
        played = play_event(turn, event)
        said = f" Played: {played}." if played else " The simulation does not play it."
        turn.add(
            ScenarioEvent(
                turn=state.turn,
                phase=turn.phase,
                side=event.side,
                text=f"Scenario event{who}: {event.what.strip()}{said}",
            )
        )


def play_event(turn: Turn, event: Event) -> str:
    """What a scenario event does to the game, done now and said in English ("" for an event
    that only tells the players something). Units it brings are put in reserve to enter
    through its zone as their Movement Action (BfC p.14); the options a side may take are its
    player's choice (BfC p.14, p.16); the END marker moves down (BfC p.16)."""
    state = turn.state
    said: list[str] = []
    if event.units:
        came = sorted(k for k, p in state.arriving.items() if p.unit.id in event.units and p.owner == event.side)
        for key in came:
            state.reserve[key] = state.arriving.pop(key)
            if event.zone is not None:
                state.entries[key] = event.zone
        where = f" through {event.zone}" if event.zone else ""
        names = ", ".join(state.title(state.reserve[k]) for k in came)
        said.append(f"{names} enter play{where}" if came else "no unit is left to enter play")
    if event.options and event.side is not None and turn.asking:
        said.append(_reinforce(turn, event.side, event))
    for objective in event.discard:
        state.discard(objective)
        holder = state.control.get(objective)
        said.append(f"{objective} is discarded" + (f", {holder} keeping it (BfC p.16)" if holder else " (BfC p.16)"))
    placed = {b.id: b.at for b in state.scenario.tactical_bonuses if b.id in event.bonuses}
    if placed:
        state.bonuses.update(placed)
        said.append(f"the Tactical Bonuses {', '.join(placed)} are placed at {', '.join(map(str, placed.values()))}")
    if event.end_marker:
        state.end_moved += event.end_marker
        said.append(
            f"the END marker moves down {event.end_marker} spaces: the game now ends after turn "
            f"{state.scenario.setup.turns.count + state.end_moved}"
        )
    return "; ".join(said)


def _reinforce(turn: Turn, side: str, event: Event) -> str:
    """The side's choice of options for its empty slots (BfC p.14, p.16), taken; said in English."""
    options = reinforcement_choices(turn.state, side)
    if not options.listed[1:]:
        return f"{side} may fill the empty slots of its recruitment tiles with options, but none is empty or freed"
    chosen = turn.ask(Reinforcement(side=side, options=options, event=event))
    if not chosen:
        return f"{side} may fill the empty slots of its recruitment tiles with options, and takes none"
    names = take(turn.state, side, sorted(chosen, key=lambda offer: offer.path), event.zone)
    where = f" through {event.zone}" if event.zone else ""
    return f"{side} fills its empty slots with {', '.join(names)}, whose units enter play{where} (BfC p.14)"
