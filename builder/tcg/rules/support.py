"""The active abilities other than Field Command (TCG p.11-12): Elan, Reinforcements, the
Encouragement that removes a SUPPRESSED marker (here "rally"), Medics & Mechanics."""

from __future__ import annotations

from builder.kernel.events import Roll
from builder.tcg.base import page
from builder.tcg.cards import Ability, AbilityKind
from builder.tcg.rules.board import distance
from builder.tcg.rules.events import MarkersEvent
from builder.tcg.rules.hand import draw, gain
from builder.tcg.rules.state import Game, Piece

PLAYED = frozenset({AbilityKind.ELAN, AbilityKind.REINFORCEMENTS, AbilityKind.RALLY, AbilityKind.MEDICS})


def reaches(user: Piece, ability: Ability, target: Piece) -> bool:
    """The card itself or an adjacent card, or within the range icon (TCG p.10)."""
    if ability.unlimited_range:
        return True
    return distance(user.box, target.box) <= (1 if ability.range is None else ability.range)


def use_ability(game: Game, user: Piece, ability: Ability, target: Piece | None) -> None:
    icons = ability.count or 1
    if ability.kind is AbilityKind.ELAN:
        gain(game, user.side, icons, f"Elan of {user.card.name}", page(11))
    elif ability.kind is AbilityKind.REINFORCEMENTS:
        draw(game, user.side, icons, page(12))
    elif ability.kind is AbilityKind.RALLY and target is not None and target.suppressed:
        target.suppressed -= 1
        _told(game, user, ability, target, "removes a SUPPRESSED marker from", 0, -1, ())
    elif ability.kind is AbilityKind.MEDICS and target is not None and target.hits and ability.value:
        die = game.dice.roll(1)[0]
        roll = Roll("medics", (die,), die, (), die, page(12))
        healed = die >= ability.value
        target.hits -= 1 if healed else 0
        verb = "heals a HIT marker of" if healed else "fails to heal"
        _told(game, user, ability, target, verb, -1 if healed else 0, 0, (roll,))
    else:
        raise ValueError(f"{ability.kind.value} is not played by the rules core, or has no target")


def _told(
    game: Game,
    user: Piece,
    ability: Ability,
    target: Piece,
    verb: str,
    hits: int,
    suppressed: int,
    rolls: tuple[Roll, ...],
) -> None:
    """The markers an ability added or removed, told with the ability's code."""
    game.tell(
        MarkersEvent(
            turn=game.turn,
            phase=game.phase,
            side=user.side,
            text=f"{user.card.name} {verb} {target.name}.",
            rolls=rolls,
            page=page(12),
            piece=target.key,
            hits=hits,
            suppressed=suppressed,
            ability=ability.kind.value,
        )
    )
