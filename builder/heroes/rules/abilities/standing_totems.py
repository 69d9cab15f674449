"""Totems (SoN p.16), a free Deep Ones option: "It gives you 1 or 2 Totems … They must be
placed, during the Supply Phase of the first round, on an interspace anywhere on the game
board. Each Totem gives the Magician Special Ability (see p.18) to all Deep Ones Characters
situated 3 or fewer spaces from the Totem. In addition, in the beginning of the Order Phase,
you must choose, for each Totem, which advantage it will give you: … an Order. Immediately take
an additional Order token. or … immediately draw 1 Action card. Totems have 1 structure point
and can therefore be destroyed. You cannot have more than two Totems at the same time."

The army counts each Totem's Order star (its option `grants: {orders: 1}`); in play a Totem
gives it only while it stands on the board and its side chooses the Order: before it is put
down (the first round's Order Phase), once destroyed, or in a round it gives a card, its star
is withheld (`withheld_orders`). hon's readings: a Totem is a token on its interspace, in no
one's way; its 3 spaces are counted to the interspace as a grenade's are; a unit with the
Destruction ability destroys it by firing at it (totems.py, which plays them)."""

from __future__ import annotations

from builder.heroes.rules.mythos.state import Boon, Totem
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.templates import interspace_range
from builder.heroes.rules.state import GameState

TOTEM = "son-totem"
TOTEM_PAGE = "SoN p.16"
TOTEM_AURA = 3  # spaces within which Deep Ones Characters are Magicians (SoN p.16)
MAX_TOTEMS = 2  # "never more than two Totems at the same time" (SoN p.16)
DEEP_ONES = "son-deep-ones"


def totems_given(state: GameState, side: str) -> int:
    """How many Totems (and their Order stars) the side's options give (SoN p.16)."""
    return sum(g.count for g in state.gear if g.marker == TOTEM and g.side == side)


def standing(state: GameState, side: str | None = None) -> list[Totem]:
    return [t for t in state.mythos.totems if t.standing and (side is None or t.side == side)]


def withheld_orders(state: GameState, side: str) -> int:
    """The Totems' Order stars the side does not take this round: all of them but those of
    standing Totems that give an Order (SoN p.16)."""
    given = totems_given(state, side)
    if not given:
        return 0
    ordering = sum(1 for t in standing(state, side) if t.boon is Boon.ORDER)
    return max(0, given - ordering)


def totem_magician(state: GameState, piece: Piece) -> bool:
    """A Deep Ones Character 3 or fewer spaces from a standing Totem of its side is a
    Magician (SoN p.16, p.18)."""
    if piece.unit.faction != DEEP_ONES or not piece.unit.is_character or not piece.squares:
        return False
    return any(interspace_range(piece.squares, t.at) <= TOTEM_AURA for t in standing(state, piece.owner))
