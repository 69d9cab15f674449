"""The Elder Sign Medallion (SoN p.14), a customization: "This customization gives the Character
the Mythos Hunter 1 Special Ability (see p.18). Additionally, at the end of the Order Phase, the
medallion allows you to discard an Order token assigned to a Mythos Manifestation situated 3 or
fewer spaces from the Character wearing the medallion."

Its Mythos Hunter 1 is put on the Character's counter at set-up (setup/placement.py). The medallion
is kept as a pool of one on its option (state.gear_pools, WORN), which says who wears it. hon's
readings: one token per medallion per Order Phase, any token face down on the Manifestation
(its side's bluff included: the wearer cannot tell), chosen by the wearer's player."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.rules.decisions import MedallionDiscard
from builder.heroes.rules.events.combat import GearUse
from builder.heroes.rules.events.game import GearEvent
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.mythos.state import manifestation
from builder.heroes.rules.orders.tokens import Orders
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import MEDALLION, GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

MEDALLION_PAGE = "SoN p.14"
MEDALLION_REACH = 3  # spaces from the wearer (SoN p.14)


def wearers(state: GameState, side: str) -> list[Piece]:
    """The side's Characters wearing an Elder Sign Medallion."""
    return [
        p
        for p in sorted(state.units(side), key=lambda p: p.key)
        if p.unit.is_character and state.gear_for(p, MEDALLION)
    ]


def without(orders: Orders, key: str) -> Orders:
    """The side's tokens with the one on `key` discarded."""
    return replace(
        orders,
        numbered=tuple(k for k in orders.numbered if k != key),
        special=tuple(k for k in orders.special if k != key),
        bluffs=tuple(k for k in orders.bluffs if k != key),
    )


def medallions(turn: Turn, orders: dict[str, Orders]) -> None:
    """The end of the Order Phase: each medallion may discard an Order token on an enemy
    Mythos Manifestation 3 or fewer spaces from its wearer (SoN p.14)."""
    state = turn.state
    for side in state.initiative_order():
        if not turn.asking:
            continue
        for wearer in wearers(state, side):
            near = tuple(
                key
                for other, placed in sorted(orders.items())
                if state.team_of(other) != state.team_of(side)
                for key in (*placed.numbered, *placed.special, *placed.bluffs)
                if (target := state.pieces.get(key)) is not None
                and manifestation(target) is not None
                and range_between(wearer.squares, target.squares) <= MEDALLION_REACH
            )
            chosen = turn.ask(MedallionDiscard(side=side, options=(*near, None), wearer=wearer)) if near else None
            if chosen is None:
                continue
            target = state.pieces[chosen]
            orders[target.owner] = without(orders[target.owner], chosen)
            turn.add(
                GearEvent(
                    turn=state.turn,
                    phase=turn.phase,
                    side=side,
                    marker=MEDALLION,
                    unit=wearer.key,
                    spent=0,
                    left=1,
                    use=GearUse.MEDALLION,
                    page=MEDALLION_PAGE,
                    target=target.key,
                )
            )
