"""The simple policy's use of Shadows over Normandie's own markers (SoN p.14-16): Hardboiled
tokens clear the Suppressed markers of a unit about to act; a Heroic token re-activates a unit
that can still attack; a Poisoned Blade marker goes on each assault against infantry (each one
a survivor keeps is a Terror check), and of the Madness drawn the worst for the victim is
applied; the Dragon flies onto the infantry nearest the enemy, assaulters first; the Eldritch
Ichor is spent at its first use, a flip back or a hit prevented."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.actions import Action, AssaultAction, Fire, Snipe, TemplateFire
from builder.heroes.rules.assault import Assault
from builder.heroes.rules.gear import GearFire, GearThrow, GrenadeInto
from builder.heroes.rules.grid import range_between
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

    @staticmethod
    def dragon_perch(state: GameState, side: str, carrier: str | None) -> str | None:
        """The side's infantry unit nearest an enemy, one with Assault first (Terrifying acts in
        assaults, SoN p.19); None (stay) when the dragon is already on it (SoN p.16)."""
        enemies = [sq for e in state.enemies_of(side) for sq in e.squares]
        own = [p for p in state.units(side) if p.squares and p.embarked_in is None and p.is_infantry]
        if not enemies or not own:
            return None
        best = min(own, key=lambda p: (not p.side.has("assault"), range_between(p.squares, tuple(enemies)), p.key))
        return None if best.key == carrier else best.key

    if TYPE_CHECKING:

        def activate(self, state: GameState, piece: Piece) -> Action: ...
