"""Vehicle weapons (HoN core p.14): "If a Vehicle fires more than one weapon, the attacks are
not resolved simultaneously: resolve each attack before you declare the next." A Firing
Action plans every weapon's target, the first one declared; before each further weapon
fires, its side is asked for that weapon's target now, knowing how the last shot went.

A side that is not asked (no player, or one that does not choose) keeps the target it
planned; a planned target gone or wrecked is skipped, as before. A Machine Gunner's split
or Suppressive Fire is declared with its shares and is never re-aimed (p.24)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.actions.kinds import Fire
from builder.heroes.rules.decisions import NextTarget
from builder.heroes.rules.pieces import Piece

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def declared_one_by_one(action: Fire) -> bool:
    """Whether the action's weapons are aimed one after the other: several weapons, one shot
    each, no Machine Gunner shares nor Suppressive Fire."""
    weapons = [weapon for weapon, _ in action.shots]
    distinct = all(weapons.index(weapon) == i for i, weapon in enumerate(weapons))
    return len(weapons) > 1 and distinct and not action.shares and not action.suppressive


def declare(
    turn: Turn,
    firer: Piece,
    weapon: Weapon | None,
    planned: str,
    later: bool,
    action: Fire,
    shootable: Callable[[Piece], bool],
) -> str | None:
    """The target `weapon` fires at: the planned one for the first weapon, else the one the
    firer's side declares once the previous attack is resolved (HoN core p.14), among the
    enemies it may `shoot` at now, or none."""
    if not later or not declared_one_by_one(action) or not turn.asking:
        return planned
    targets = tuple(p.key for p in sorted(turn.state.enemies_of(firer.owner), key=lambda p: p.key) if shootable(p))
    asked = NextTarget(side=firer.owner, options=(*targets, None), firer=firer, weapon=weapon, planned=planned)
    return turn.ask(asked)
