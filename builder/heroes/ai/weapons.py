"""The simple policy's target for each further weapon of a vehicle (HoN core p.14: "resolve
each attack before you declare the next"): the plan it would make now, the last shot's
result known, for that weapon; none when that weapon has no shot worth taking any more."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.ai import firing
from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy


def next_target(
    policy: SimplePolicy, state: GameState, firer: Piece, weapon: Weapon | None, planned: str
) -> str | None:
    fire, _ = firing.shots(policy, state, firer, Occupancy(state.pieces.values()))
    if fire is None:
        return None
    return next((key for aimed, key in fire.shots if aimed == weapon), None)
