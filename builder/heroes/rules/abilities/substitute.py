"""Substitute (BfC p.08): "This unit can suffer Hits in place of a Heavy Weapon unit (outlined
in red) within 2 squares provided it has a LoS (obscured or clear) to that other unit. This
Special Ability does not work if the Heavy Weapon was Destroyed during an Assault."

Any hit may be taken in the weapon's place - a Firing Action's, a template's, a mine's, an
assault's that does not destroy it - and whether one is (and by which Substitute) is its owner's
choice, asked of the side's policy. hon's readings where the book is silent: the Substitute
suffers the hit as its own counter says (a double hit destroys it; outside a Firing Action a hit
destroying a weapon at full strength counts as one); with no one to ask, the nearest takes it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import OnHit, Role
from builder.heroes.rules.abilities.ability import Ability, Source
from builder.heroes.rules.decisions import Substitution
from builder.heroes.rules.events.game import SubstituteEvent
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.combat import take_hit
from builder.heroes.rules.resolution.damage import Effect, destroy
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

SUBSTITUTE_PAGE = "BfC p.08"
SUBSTITUTE_REACH = 2  # squares


class Substitute(Ability):
    id = "substitute"
    name = "Substitute"
    page = SUBSTITUTE_PAGE
    source = Source.COUNTER

    def takes_hit(self, turn: Turn, before: Piece, after: Piece | None, effect: Effect, assault: bool) -> bool:
        return before.unit.role is Role.HEAVY_WEAPON and substituted(turn, before, effect, assault)


def stand_ins(state: GameState, weapon: Piece) -> list[Piece]:
    """The Substitutes that may take a hit in place of `weapon`, nearest first (then by key)."""
    if weapon.unit.role is not Role.HEAVY_WEAPON:
        return []
    seen: Occupancy | None = None
    found = []
    for p in state.units(weapon.owner):
        if p.key == weapon.key or not p.side.has("substitute") or p.embarked_in is not None or not p.squares:
            continue
        if range_between(p.squares, weapon.squares) > SUBSTITUTE_REACH:
            continue
        seen = seen or Occupancy(state.pieces.values())
        if not line_of_sight(state.battlefield, seen, p, weapon, state.ruleset).blocked:
            found.append(p)
    return sorted(found, key=lambda p: (range_between(p.squares, weapon.squares), p.key))


def worth_substituting(weapon_destroyed: bool, stand_in: Piece, double: bool) -> bool:
    """The simple policy's choice: to save the weapon from destruction, or when the Substitute
    survives the hit (it turns over); never a Substitute lost to spare a weapon a mere hit."""
    survives = not double and stand_in.side.on_hit is OnHit.FLIP
    return weapon_destroyed or survives


def stand_in_for(turn: Turn, weapon: Piece, destroyed: bool, double: bool) -> Piece | None:
    """The Substitute its side chooses to take the hit, or None."""
    found = stand_ins(turn.state, weapon)
    if not found:
        return None
    if not turn.asking:
        return found[0]
    options = (*found, None)
    return turn.ask(Substitution(side=weapon.owner, options=options, weapon=weapon, destroyed=destroyed, double=double))


def substituted(turn: Turn, before: Piece, effect: Effect, assault: bool) -> bool:
    """A hit outside a Firing Action (those are taken in `FiringActions._shoot`, which
    knows a double hit): taken by a Substitute if its side chooses; never when the weapon
    is destroyed in an assault."""
    if effect not in (Effect.FLIPPED, Effect.DESTROYED) or (assault and effect.destroyed):
        return False
    double = effect.destroyed and before.side.on_hit is OnHit.FLIP
    stand_in = stand_in_for(turn, before, effect.destroyed, double)
    if stand_in is None:
        return False
    _take_in_place(turn, stand_in, before, double)
    return True


def _take_in_place(turn: Turn, stand_in: Piece, weapon: Piece, double: bool) -> None:
    """The Substitute suffers the hit (destroyed by a double hit); the weapon none."""
    if double:
        effect, after = destroy(stand_in)
    else:
        effect, after, _ = take_hit(stand_in, turn.dice, turn.state.ruleset)
    turn.add(
        SubstituteEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=stand_in.owner,
            unit=stand_in.key,
            weapon=weapon.key,
            effect=effect,
            page=SUBSTITUTE_PAGE,
        )
    )
    hits.hurt(turn, stand_in, after, effect)
