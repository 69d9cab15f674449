"""A Shadows over Normandie game's set-up (SoN p.11, p.14): both bags filled, each army's
spells listed with the tile whose Character casts them, the scenario's Search tokens put on
the battlefield, and the empty slots that may take what a search finds noted."""

from __future__ import annotations

from collections.abc import Mapping

from builder.heroes.army.resolve import ResolvedArmy
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.mythos.bags import SEARCH_BANDS, fill
from builder.heroes.rules.mythos.spells import known_spells
from builder.heroes.rules.state import GameState


def open_slots(resolved: ResolvedArmy) -> list[str]:
    """A tile path per empty slot bordered by a white or green band."""
    found: list[str] = []
    for group in resolved.groups:
        if group.recruit is None:
            continue
        filled = {p.slot_id for p in group.placed}
        found += [
            group.path for slot in group.recruit.slots if slot.id not in filled and set(slot.stripes) & SEARCH_BANDS
        ]
    return found


def prepare(state: GameState, armies: Mapping[str, ResolvedArmy], catalogue: Catalogue) -> None:
    mythos = state.mythos
    fill(mythos, catalogue.markers.values(), catalogue.options.values(), armies)
    for side, resolved in armies.items():
        mythos.spells += known_spells(resolved, side)
        mythos.open_slots[side] = open_slots(resolved)
    mythos.search_tokens = set(state.scenario.search_tokens)
    mythos.summonable = {  # the creatures summoning tiles call (SoN p.15), found ones included
        o.summons: catalogue.units[o.summons]
        for o in catalogue.options.values()
        if o.summons is not None and o.summons in catalogue.units
    }
