"""The simple policy's Destruction (HoN core p.22): a unit with the ability and no unit to
shoot fires at a structure holding enemy units, the one nearest to falling first: a building
brought down suppresses the infantry inside and destroys the vehicles on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.actions.firing import weapons_of
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.destruction import assault_dice, demolition_dice, standing_in
from builder.heroes.rules.resolution.structures import Demolish
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy


def demolish(policy: SimplePolicy, state: GameState, piece: Piece, occupancy: Occupancy) -> Demolish | None:
    """A Firing Action at the structure enemy units stand in with the fewest points left
    to bring it down, by the weapon rolling most Destruction dice (of those alike, one
    drawn); None without one."""
    if not assault_dice(piece):
        return None
    held = {
        element.key: element
        for enemy in state.enemies_of(piece.owner)
        if enemy.squares and enemy.embarked_in is None
        for element in (standing_in(state, enemy),)
        if element is not None
    }
    found: list[tuple[int, tuple[str, int], Demolish]] = []  # points left after, an order, the action
    for key in held:
        left = (held[key].effects.structure or 0) - state.structure_points.get(key, 0)
        for index, weapon in enumerate(weapons_of(piece)):
            dice = demolition_dice(state, piece, key, weapon, occupancy)
            if dice:
                found.append((left - dice, (key, index), Demolish(key, weapon)))
    return policy.best_of(found, lambda f: f[0], lambda f: f[1])[2] if found else None
