"""The simple policy's use of Shadows over Normandie's own markers (SoN p.14-16): Hardboiled
tokens clear the Suppressed markers of a unit about to act; a Heroic token re-activates a unit
that can still attack; a Poisoned Blade marker goes on each assault against infantry (each one
a survivor keeps is a Terror check), and of the Madness drawn the worst for the victim is
applied; the Dragon flies onto the infantry nearest the enemy, assaulters first; the Eldritch
Ichor is spent at its first use, a flip back or a hit prevented; the Totems go on a corner of a
Deep Ones Character's square and give Orders (cards past ten tokens); a unit with Destruction
and nothing to shoot fires at an enemy Totem; an Elder Sign Medallion takes the token of the most
terrifying Manifestation in reach."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.ai.common import by_key, itself
from builder.heroes.army.summary import MAX_NUMBERED
from builder.heroes.rules.abilities.standing_totems import DEEP_ONES, standing
from builder.heroes.rules.abilities.totems import destruction_of, totem_in_sight
from builder.heroes.rules.actions.kinds import AssaultAction, Fire, Snipe, TemplateFire
from builder.heroes.rules.gear.markers import GearFire, GearThrow, GrenadeInto
from builder.heroes.rules.geometry.grid import Point, corners, range_between
from builder.heroes.rules.mythos.state import Boon, FireAtTotem, Madness, Totem, manifestation
from builder.heroes.rules.orders.tokens import tokens_for
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.assault_roll import Assault
from builder.heroes.rules.state import GameState
from builder.kernel.choice import least_of

if TYPE_CHECKING:
    from builder.heroes.ai.greedy import SimplePolicy

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


def hardboiled(state: GameState, piece: Piece, held: int) -> int:
    """A token for each Suppressed marker of the unit about to act (SoN p.16): each one
    takes 2 off its rolls and its movement (SoN p.5, p.19)."""
    return min(held, piece.suppressed)


def heroic(policy: SimplePolicy, state: GameState, piece: Piece) -> bool:
    """A second activation when the unit has an attack to make now (SoN p.16)."""
    return isinstance(policy.activate(state, piece), ATTACKS)


def poisoned_blades(state: GameState, attacker: Piece, assault: Assault, held: int) -> int:
    """One marker on each assault against infantry (SoN p.16): +1, and a Terror check for
    the unit if it survives; the rest kept for the next assaults."""
    return min(1, held)


def poison_madness(state: GameState, victim: Piece, drawn: tuple[Madness, ...]) -> Madness:
    """The worst of the Madness tokens drawn for the poisoned enemy (SoN p.16)."""
    return min(drawn, key=WORST_FIRST.index)


def ichor_heal(state: GameState, character: Piece) -> bool:
    """Flip a damaged Character back as soon as it acts (SoN p.14)."""
    return True


def ichor_shield(state: GameState, character: Piece, hit: Piece) -> bool:
    """Prevent the first hit a unit next to the Character takes (SoN p.14)."""
    return True


def dragon_perch(policy: SimplePolicy, state: GameState, side: str, carrier: str | None) -> str | None:
    """The side's infantry unit nearest an enemy, one with Assault first (Terrifying acts in
    assaults, SoN p.19), of those alike one drawn; None (stay) when the dragon is already on
    one of them (SoN p.16)."""
    enemies = tuple(sq for e in state.enemies_of(side) for sq in e.squares)
    own = [p for p in state.units(side) if p.squares and p.embarked_in is None and p.is_infantry]
    if not enemies or not own:
        return None
    best = least_of(own, lambda p: (not p.side.has("assault"), range_between(p.squares, enemies)))
    return None if any(p.key == carrier for p in best) else policy.drawn(best, by_key).key


def totem_at(policy: SimplePolicy, state: GameState, side: str) -> Point | None:
    """A free corner of the square of one of the side's Deep Ones Characters, so that it is
    a Magician (SoN p.16); of one of its units without one; the corner drawn."""
    own = list(state.units(side))
    chosen = [p for p in own if p.unit.faction == DEEP_ONES and p.unit.is_character] or own
    taken = {t.at for t in state.mythos.totems}
    free = [(p.key, pt) for p in chosen for sq in p.squares for pt in corners(sq) if pt not in taken]
    return policy.drawn(free, itself)[1] if free else None


def totem_boon(state: GameState, totem: Totem) -> Boon:
    """An Order token, unless the side already takes the most it may hold (10): then a card."""
    return Boon.ORDER if tokens_for(state, totem.side).numbered < MAX_NUMBERED else Boon.CARD


def topple(policy: SimplePolicy, state: GameState, piece: Piece) -> FireAtTotem | None:
    """A unit with Destruction and no shot worth taking fires at an enemy Totem in sight
    (of several, one drawn)."""
    if not destruction_of(piece):
        return None
    totems = [t for t in standing(state) if state.team_of(t.side) != state.team_of(piece.owner)]
    seen = [t.at for t in totems if totem_in_sight(state, piece, t)]
    return FireAtTotem(policy.drawn(seen, itself)) if seen else None


def medallion(policy: SimplePolicy, state: GameState, wearer: Piece, tokens: tuple[str, ...]) -> str | None:
    """The token on the most terrifying Manifestation in reach, the closest on a tie (SoN
    p.14), of those alike one drawn."""
    pieces = [state.pieces[k] for k in tokens if k in state.pieces]
    if not pieces:
        return None
    return policy.best_of(
        pieces, lambda p: (-(manifestation(p) or 0), range_between(wearer.squares, p.squares)), by_key
    ).key
