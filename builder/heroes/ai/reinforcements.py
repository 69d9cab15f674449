"""The simple policy's reinforcement choices: what it takes when a scenario event lets its
side fill the empty slots of its recruitment tiles with options (BfC p.14, p.16)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.reinforcements import Offer, broken_options, offers, take
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.models import Event

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy


def reinforce(policy: SimplePolicy, state: GameState, side: str, event: Event) -> str:
    """Discard the support options at their Breaking Point; for each empty slot, the
    costliest support option that fits it (the most units for the slot), then by id; said
    in English."""
    resolved = state.armies.get(side)
    best: dict[str, Offer] = {}
    for offer in offers(resolved, broken_options(state, side)) if resolved is not None else ():
        held = best.get(offer.path)
        if held is None or (offer.option.cost, held.option.id) > (held.option.cost, offer.option.id):
            best[offer.path] = offer
    if not best:
        return f"{side} may fill the empty slots of its recruitment tiles with options, but none is empty or freed"
    names = take(state, side, [best[path] for path in sorted(best)], event.zone)
    where = f" through {event.zone}" if event.zone else ""
    return f"{side} fills its empty slots with {', '.join(names)}, whose units enter play{where} (BfC p.14)"
