"""Jury-rigged (SoN p.17): "when using this unit or marker with this Special Ability, throw a
die. If the result is equal to or greater than the value indicated in the symbol, the
material no longer works." hon rolls each time the unit fires (a Firing Action, Fire on the
Move or Opportunity Fire) before the shots; when the material breaks the unit does not fire,
then or ever after. No marker of the catalogue has the ability."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.abilities.ability import Ability, Source
from builder.heroes.rules.events.game import HoldEvent, HoldReason
from builder.heroes.rules.pieces import Piece
from builder.kernel.events import Roll

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

JURY_RIGGED = "jury-rigged"


class JuryRigged(Ability):
    id = JURY_RIGGED
    name = "Jury-rigged"
    page = "SoN p.17"
    source = Source.COUNTER

    def may_fire(self, turn: Turn, firer: Piece) -> bool:
        return still_works(turn, firer)


def still_works(turn: Turn, piece: Piece) -> bool:
    """Roll for a Jury-rigged unit's material: False, and it is broken for good, on its
    value or more."""
    value = piece.side.ability_value(JURY_RIGGED)
    if not value:
        return True
    state, cite = turn.state, turn.state.ruleset.cite
    face = turn.dice.roll(1)[0]
    works = face < value
    if not works:
        state.mythos.jammed.add(piece.key)
    turn.add(
        HoldEvent(
            turn=state.turn,
            phase=turn.phase,
            side=piece.owner,
            rolls=(Roll(f"jury-rigged (breaks on {value}+)", (face,), face, (), face, cite("jury-rigged")),),
            unit=piece.key,
            why=HoldReason.JURY_RIGGED_HOLDS if works else HoldReason.JURY_RIGGED_BREAKS,
            page=cite("jury-rigged"),
            value=value,
        )
    )
    return works
