"""The simple policy's reinforcement choices: what it takes when a scenario event lets its
side fill the empty slots of its recruitment tiles with options (BfC p.14, p.16)."""

from __future__ import annotations

from builder.heroes.rules.setup.reinforcements import Offer


def reinforce(offered: tuple[tuple[Offer, ...], ...]) -> tuple[Offer, ...]:
    """For each empty slot, the costliest support option that fits it (the most units for the
    slot), then by id; `offered`: the options listed, each offer alone among them."""
    best: dict[str, Offer] = {}
    for offer in (choice[0] for choice in offered if len(choice) == 1):
        held = best.get(offer.path)
        if held is None or (offer.option.cost, held.option.id) > (held.option.cost, offer.option.id):
            best[offer.path] = offer
    return tuple(best[path] for path in sorted(best))
