"""The simple policy's target for each further weapon of a vehicle (HoN core p.14: "resolve
each attack before you declare the next"): the plan it would make now, the last shot's
result known, for that weapon; none when that weapon has no shot worth taking any more."""

from __future__ import annotations

from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.policy_firing import FiringChoices
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.state import GameState


class WeaponChoices(FiringChoices):
    def next_target(self, state: GameState, firer: Piece, weapon: Weapon | None, planned: str) -> str | None:
        fire, _ = self._shots(state, firer, Occupancy(state.pieces.values()))
        if fire is None:
            return None
        return next((key for aimed, key in fire.shots if aimed == weapon), None)
