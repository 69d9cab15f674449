"""Heroic (SoN p.16), a Character trait: "Each token permits you to re-activate the unit you just
activated. For the second action, the unit does not need an additional Order. You cannot
activate the unit a third time. Special Orders cannot be played between these two
activations." The units of the trait's tile use them, the whole army's on an Officer tile
(SoN p.14). hon asks the side's player (`HeroicAgain`) once the unit has acted; the engine
plays no Special Order between two activations, and asks only after a first one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.abilities.ability import Ability, Source
from builder.heroes.rules.decisions import HeroicAgain
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.gear import alternate_fire
from builder.heroes.rules.pieces import Piece
from builder.kernel.decisions import YES_NO

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

HEROIC = "son-heroic"
HEROIC_PAGE = "SoN p.16"


class Heroic(Ability):
    id = HEROIC
    name = "Heroic"
    page = HEROIC_PAGE
    source = Source.GEAR

    def again(self, turn: Turn, piece: Piece) -> Piece | None:
        """The unit that just acted, ready to act a second time when its side discards a
        Heroic token for it (SoN p.16), else None. The second action needs no Order, and the
        unit stays activated through it (its token is revealed): no Opportunity Fire of its
        own after it."""
        if piece.is_wreck or piece.embarked_in is not None:
            return None
        if not turn.asking or not turn.ask(HeroicAgain(side=piece.owner, options=YES_NO, unit=piece)):
            return None
        alternate_fire.spend_marker(turn, piece, HEROIC, HEROIC_PAGE, GearUse.HEROIC, target=piece.key)
        return turn.state.pieces[piece.key]
