"""The simple policy's use of Shadows over Normandie's own markers (SoN p.14-16): Hardboiled
tokens clear the Suppressed markers of a unit about to act; a Heroic token re-activates a unit
that can still attack something worth it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.actions import Action, AssaultAction, Fire, Snipe, TemplateFire
from builder.heroes.rules.gear import GearFire, GearThrow, GrenadeInto
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.policy_base import PolicyBase
from builder.heroes.rules.state import GameState

ATTACKS = (Fire, AssaultAction, GearFire, GearThrow, GrenadeInto, TemplateFire, Snipe)


class SonGearChoices(PolicyBase):
    @staticmethod
    def hardboiled(state: GameState, piece: Piece, held: int) -> int:
        """A token for each Suppressed marker of the unit about to act (SoN p.16): each one
        takes 2 off its rolls and its movement (SoN p.5, p.19)."""
        return min(held, piece.suppressed)

    def heroic(self, state: GameState, piece: Piece) -> bool:
        """A second activation when the unit has an attack to make now (SoN p.16)."""
        return isinstance(self.activate(state, piece), ATTACKS)

    if TYPE_CHECKING:

        def activate(self, state: GameState, piece: Piece) -> Action: ...
