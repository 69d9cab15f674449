"""The simple policy's use of Shadows over Normandie's own markers (SoN p.14-16): Hardboiled
tokens clear the Suppressed markers of a unit about to act; a Heroic token re-activates a unit
that can still attack; a Poisoned Blade marker goes on each assault against infantry (each one
a survivor keeps is a Terror check), and of the Madness drawn the worst for the victim is
applied; the Dragon flies onto the infantry nearest the enemy, assaulters first; the Eldritch
Ichor is spent at its first use, a flip back or a hit prevented; the Overlord makes a
Suffocating Cloud where it promises more than his shot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.actions import Action, AssaultAction, Fire, Snipe, TemplateFire
from builder.heroes.rules.assault import Assault
from builder.heroes.rules.combat import Shot
from builder.heroes.rules.cover import cover
from builder.heroes.rules.gear import GearFire, GearThrow, GrenadeInto
from builder.heroes.rules.grid import corners, range_between
from builder.heroes.rules.mythos import Madness, MakeCloud
from builder.heroes.rules.odds import expected_hits
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.policy_base import PolicyBase, _worth
from builder.heroes.rules.policy_firing import SUPPRESSION_WORTH
from builder.heroes.rules.policy_magic import SPELL_MARKER_COST
from builder.heroes.rules.state import GameState
from builder.heroes.rules.suffocating_cloud import CLOUD_REACH, HYPNOTIC, PENALTY, TOXIC, TOXIC_COMBAT
from builder.heroes.rules.templates import interspace_range
from builder.heroes.rules.templating import template_targets

ATTACKS = (Fire, AssaultAction, GearFire, GearThrow, GrenadeInto, TemplateFire, Snipe)
HYPNOTIC_WORTH = 0.5  # a unit kept from acting this round, against a hit's worth
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

    def _cloud(self, state: GameState, piece: Piece, worth: float) -> MakeCloud | None:
        """A Suffocating Cloud (SoN p.16) that promises more than `worth` and the firing
        threshold, its penalty counted: a Hypnotic Cloud over enemies yet to act (each stopped
        for the round worth HYPNOTIC_WORTH of it), a Toxic Cloud by expected hits and
        Suppressed markers; its own side's units under it count against it."""
        if piece.suppressed or not piece.unit.is_character or not piece.squares:
            return None
        best: tuple[float, MakeCloud] | None = None
        points = sorted(
            {pt for e in state.enemies_of(piece.owner) for sq in e.squares for pt in corners(sq)}
            if any(state.gear_for(piece, m) is not None for m in (HYPNOTIC, TOXIC))
            else set()
        )
        for marker in (HYPNOTIC, TOXIC):
            if state.gear_for(piece, marker) is None:
                continue
            for at in points:
                if interspace_range(piece.squares, at) > CLOUD_REACH:
                    continue
                under = template_targets(state, at)[0]
                value = sum(self._clouded(state, piece, marker, t) for t in under)
                value -= SPELL_MARKER_COST * PENALTY[marker]
                if value > max(worth, self.fire_threshold) and (best is None or value > best[0]):
                    best = (value, MakeCloud(marker, at))
        return best[1] if best is not None else None

    @staticmethod
    def _clouded(state: GameState, maker: Piece, marker: str, target: Piece) -> float:
        if marker == HYPNOTIC:
            value = 0.0 if target.activated else HYPNOTIC_WORTH * _worth(target)
        else:
            combat = TOXIC_COMBAT.against(target.colour)
            shot = Shot(target=target, firer=maker, combat=combat or 0, terrain=cover(state, target))
            hits = expected_hits(shot, state.ruleset) if combat is not None else 0.0
            value = (hits + SUPPRESSION_WORTH) * _worth(target)
        return -value if target.owner == maker.owner else value

    if TYPE_CHECKING:

        def activate(self, state: GameState, piece: Piece) -> Action: ...
