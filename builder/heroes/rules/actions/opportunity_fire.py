"""Opportunity Fire: who may take it, and the watchers asked as a unit acts (HoN core p.24)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.heroes.rules.abilities.stilts import underneath
from builder.heroes.rules.actions import firing
from builder.heroes.rules.actions.defensive_positions import gives_opportunity_fire, position_opportunity
from builder.heroes.rules.decisions import OpportunityFire
from builder.heroes.rules.events.combat import Watched
from builder.heroes.rules.events.game import Phase
from builder.heroes.rules.mythos.roll_modifiers import paralyzed
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def may_take_opportunity_fire(piece: Piece) -> bool:
    """A unit with the Opportunity Fire ability, not yet activated (no Activated marker, no
    order token revealed: HoN core 8.2, Keywords), on the battlefield (HoN core p.24)."""
    return (
        not piece.activated
        and not piece.is_wreck
        and piece.embarked_in is None
        and bool(piece.squares)
        and piece.side.has("opportunity-fire")
    )


def may_watch(state: GameState, piece: Piece) -> bool:
    """A unit that may take Opportunity Fire: by its ability, or infantry not yet activated in
    a defensive position that gives it (HoN core p.19, p.24)."""
    return may_take_opportunity_fire(piece) or (not piece.activated and gives_opportunity_fire(state, piece))


def watching(turn: Turn, mover: str) -> bool:
    """Whether any enemy of `mover` may take Opportunity Fire now: only in the Activation
    Phase (HoN core p.24), only units with the ability and not yet activated."""
    if turn.phase is not Phase.ACTIVATION or not turn.asking:
        return False
    return any(may_watch(turn.state, p) for p in turn.state.enemies_of(mover))


def watch(turn: Turn, key: str, moving_into: tuple[Square, ...] | None = None) -> None:
    """Offer Opportunity Fire against unit `key` to each enemy unit that may take it, in
    key order (HoN core p.24): during its Movement Action, as it moves `moving_into`
    squares, or after its Firing Action."""
    target = turn.state.pieces.get(key)
    if target is None or not watching(turn, target.owner):
        return
    if underneath(turn.state.battlefield, target):
        return  # under a stilted structure: no Opportunity Fire (SoN p.13)
    for firer in sorted(turn.state.enemies_of(target.owner), key=lambda p: p.key):
        target = turn.state.pieces.get(key)
        if target is None or target.is_wreck:
            return
        firer_now = turn.state.pieces.get(firer.key)
        if firer_now is None or not may_watch(turn.state, firer_now):
            continue
        if gives_opportunity_fire(turn.state, firer_now) and not position_opportunity(turn.state, firer_now, target):
            continue  # never at a unit inside the same position (HoN core p.19)
        if paralyzed(turn.state, firer_now):
            continue  # a Paralyze marker: it cannot fight (SoN p.15)
        fires = firing.opportunity_fires(turn.state, firer_now, target)
        if not fires:
            continue
        action = turn.ask(OpportunityFire(side=firer.owner, options=(*fires, None), firer=firer_now, target=target))
        if action is not None:
            when = Watched(unit=key, moving_into=moving_into, page=turn.state.ruleset.cite("opportunity-fire"))
            firing.fire(turn, firer_now, action, opportunity=when)
