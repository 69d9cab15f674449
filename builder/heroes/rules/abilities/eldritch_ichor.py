"""Eldritch Ichor (SoN p.14), a customization: "This customization gives you 1 Eldritch Ichor
token. By discarding this token, you can flip the Character over to its unharmed side. The
Character can use the token to prevent a hit on an adjacent unit. You cannot cancel a hit that
would eliminate a Character or unit. Discard the token after use."

hon's readings: the token is the Character's the customization is on (any Character its tile
serves); it flips the Character back as it is activated, before it acts, and shields a unit of
its side next to it from a hit that flips or damages it, never from one that destroys it; the
side's player decides each time (`IchorHeal`, `IchorShield`)."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import SideState
from builder.heroes.rules.abilities.ability import Ability, Source
from builder.heroes.rules.decisions import IchorHeal, IchorShield
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.gear import alternate_fire
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.damage import Effect
from builder.kernel.decisions import YES_NO

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

ICHOR = "son-eldritch-ichor"
ICHOR_PAGE = "SoN p.14"
SHIELDED = (Effect.FLIPPED, Effect.DAMAGED)  # hits that eliminate nothing


class EldritchIchor(Ability):
    id = ICHOR
    name = "Eldritch Ichor"
    page = ICHOR_PAGE
    source = Source.GEAR

    def on_activation(self, turn: Turn, piece: Piece) -> Piece:
        return ichor_heal(turn, piece)

    def takes_hit(self, turn: Turn, before: Piece, after: Piece | None, effect: Effect, assault: bool) -> bool:
        return ichor_shields(turn, before, effect)


def unharmed_index(piece: Piece) -> int | None:
    """The index of the counter's unharmed side when it shows another, else None."""
    if piece.side.state is SideState.UNHARMED:
        return None
    return next((i for i, s in enumerate(piece.unit.sides) if s.state is SideState.UNHARMED), None)


def ichor_heal(turn: Turn, piece: Piece) -> Piece:
    """A damaged Character about to act, flipped to its unharmed side when its side
    discards its Eldritch Ichor (SoN p.14)."""
    index = unharmed_index(piece) if piece.unit.is_character else None
    pool = turn.state.gear_for(piece, ICHOR) if index is not None else None
    if index is None or pool is None or not turn.asking:
        return piece
    if not turn.ask(IchorHeal(side=piece.owner, options=YES_NO, character=piece)):
        return piece
    alternate_fire.spend_marker(turn, piece, ICHOR, ICHOR_PAGE, GearUse.ICHOR_HEALS, target=piece.key)
    healed = replace(piece, side_index=index)
    turn.state.pieces[piece.key] = healed
    return healed


def ichor_shields(turn: Turn, before: Piece, effect: Effect) -> bool:
    """Whether a Character next to `before` discards its Eldritch Ichor to prevent the hit
    it just took (SoN p.14): not one that eliminates it; `before` then stays as it was."""
    if effect not in SHIELDED or before.key not in turn.state.pieces:
        return False
    if not turn.asking:
        return False
    for character in sorted(turn.state.units(before.owner), key=lambda p: p.key):
        if character.key == before.key or not character.unit.is_character or not character.squares:
            continue
        if not before.squares or range_between(character.squares, before.squares) != 1:
            continue
        if turn.state.gear_for(character, ICHOR) is None:
            continue
        if not turn.ask(IchorShield(side=before.owner, options=YES_NO, character=character, hit=before)):
            continue
        alternate_fire.spend_marker(turn, character, ICHOR, ICHOR_PAGE, GearUse.ICHOR_PREVENTS, target=before.key)
        turn.state.pieces[before.key] = before
        return True
    return False
