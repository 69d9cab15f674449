"""The simple policy's use of Shadows over Normandie's own markers (SoN p.14-16): Hardboiled
tokens clear the Suppressed markers of a unit about to act; a Heroic token re-activates a unit
that can still attack something worth it; a Poisoned Blade marker goes on each assault against
infantry (each one that survives checks the Terror), and of the Madness drawn the worst for the
victim is applied; the Eldritch Ichor is spent at its first use, a flip back or a hit prevented."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.actions import Action, AssaultAction, Fire, Snipe, TemplateFire
from builder.heroes.rules.assault import Assault
from builder.heroes.rules.gear import GearFire, GearThrow, GrenadeInto
from builder.heroes.rules.mythos import Madness
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.policy_base import PolicyBase
from builder.heroes.rules.state import GameState

ATTACKS = (Fire, AssaultAction, GearFire, GearThrow, GrenadeInto, TemplateFire, Snipe)
# The Madness tokens from the worst for the unit that draws it to the mildest (SoN p.11).
WORST_FIRST = (
    Madness.SUICIDE,
    Madness.FEAR,
    Madness.CATATONIA,
    Madness.PARANOIA,
    Madness.RAGE,
    Madness.HYSTERIA,
    Madness.STEADY,
)


class SonGearChoices(PolicyBase):
    @staticmethod
    def hardboiled(state: GameState, piece: Piece, held: int) -> int:
        """A token for each Suppressed marker of the unit about to act (SoN p.16): each one
        takes 2 off its rolls and its movement (SoN p.5, p.19)."""
        return min(held, piece.suppressed)

    def heroic(self, state: GameState, piece: Piece) -> bool:
        """A second activation when the unit has an attack to make now (SoN p.16)."""
        return isinstance(self.activate(state, piece), ATTACKS)

    @staticmethod
    def poisoned_blades(state: GameState, attacker: Piece, assault: Assault, held: int) -> int:
        """One marker on each assault against infantry (SoN p.16): +1, and a Terror check for
        the unit if it survives; the rest kept for the next assaults."""
        return min(1, held)

    @staticmethod
    def poison_madness(state: GameState, victim: Piece, drawn: tuple[Madness, ...]) -> Madness:
        """The worst of the Madness tokens drawn for the poisoned enemy (SoN p.16)."""
        return min(drawn, key=WORST_FIRST.index)

    @staticmethod
    def ichor_heal(state: GameState, character: Piece) -> bool:
        """Flip a damaged Character back as soon as it acts (SoN p.14)."""
        return True

    @staticmethod
    def ichor_shield(state: GameState, character: Piece, hit: Piece) -> bool:
        """Prevent the first hit a unit next to the Character takes (SoN p.14)."""
        return True

    if TYPE_CHECKING:

        def activate(self, state: GameState, piece: Piece) -> Action: ...
