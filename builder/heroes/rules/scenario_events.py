"""Scenario events (BfC p.14, p.16): told when they happen, and what they do to the game
played - units they bring in enter play through their zone, the END marker moves down,
objectives are discarded and Tactical Bonuses placed, and where the side may fill its
recruitment tiles with options (a player's choice) the policy chooses."""

from __future__ import annotations

from builder.heroes.rules.decisions import Reinforcement
from builder.heroes.rules.events.game import Discarded, Reinforced, ScenarioEvent
from builder.heroes.rules.setup.reinforcements import reinforcement_choices, take
from builder.heroes.rules.state import Facts
from builder.heroes.rules.turn_context import Turn
from builder.heroes.scenario.conditions import holds
from builder.heroes.scenario.models import Event
from builder.heroes.scenario.models import Phase as ScenarioPhase

DISCARD_PAGE, REINFORCEMENT_PAGE = "BfC p.16", "BfC p.14"


def scenario_events(turn: Turn, phase: ScenarioPhase, moment: str) -> None:
    """The scenario's events for this turn, phase and moment, told and played. The
    phase is the scenario's own enum: its events name no set-up, the game's `Phase` does."""
    state = turn.state
    facts = Facts(state)
    for index, event in enumerate(state.scenario.events):
        if event.phase is not phase or event.moment != moment:
            continue
        if event.turn is not None and event.turn != state.turn:
            continue
        if event.trigger is not None:
            # "Each time" a trigger comes to hold: once, until it stops holding.
            if not holds(event.trigger, facts):
                if not event.once:
                    state.triggered.discard(index)
                continue
            if index in state.triggered:
                continue
            state.triggered.add(index)
        turn.add(play_event(turn, index))


def play_event(turn: Turn, index: int) -> ScenarioEvent:
    """What a scenario event does to the game, done now, and its event: what it played
    (nothing for an event that only tells the players something). Units it brings are put in
    reserve to enter through its zone as their Movement Action (BfC p.14); the options a side
    may take are its player's choice (BfC p.14, p.16); the END marker moves down (BfC p.16)."""
    state = turn.state
    event = state.scenario.events[index]
    came: list[str] = []
    if event.units:
        came = sorted(k for k, p in state.arriving.items() if p.unit.id in event.units and p.owner == event.side)
        for key in came:
            state.reserve[key] = state.arriving.pop(key)
            if event.zone is not None:
                state.entries[key] = event.zone
    reinforced: Reinforced | None = None
    taken: tuple[str, ...] = ()
    if event.options and event.side is not None and turn.asking:
        reinforced, taken = _reinforce(turn, event.side, event)
    discarded = []
    for objective in event.discard:
        state.discard(objective)
        discarded.append(Discarded(objective=objective, holder=state.control.get(objective), page=DISCARD_PAGE))
    placed = {b.id: b.at for b in state.scenario.tactical_bonuses if b.id in event.bonuses}
    state.bonuses.update(placed)
    state.end_moved += event.end_marker
    return ScenarioEvent(
        turn=state.turn,
        phase=turn.phase,
        side=event.side,
        index=index,
        entered=tuple(came),
        reinforced=reinforced,
        taken=taken,
        page=REINFORCEMENT_PAGE if reinforced is Reinforced.TAKEN else None,
        discarded=tuple(discarded),
        bonuses=tuple(placed),
        ends_after=state.scenario.setup.turns.count + state.end_moved if event.end_marker else None,
    )


def _reinforce(turn: Turn, side: str, event: Event) -> tuple[Reinforced, tuple[str, ...]]:
    """The side's choice of options for its empty slots (BfC p.14, p.16), taken: what it did
    and the ids of the options it took."""
    options = reinforcement_choices(turn.state, side)
    if not options.listed[1:]:
        return Reinforced.NO_SLOT, ()
    chosen = turn.ask(Reinforcement(side=side, options=options, event=event))
    if not chosen:
        return Reinforced.DECLINED, ()
    return Reinforced.TAKEN, tuple(take(turn.state, side, sorted(chosen, key=lambda offer: offer.path), event.zone))
