"""Opportunity Fire: who may take it, and the watchers asked as a unit acts (HoN core p.24)."""

from __future__ import annotations

from builder.heroes.rules.defensive_positions import gives_opportunity_fire, position_opportunity
from builder.heroes.rules.events import Phase
from builder.heroes.rules.mythos_rolls import paralyzed
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState
from builder.heroes.rules.stilts import underneath
from builder.heroes.rules.turn_base import TurnBase


def may_take_opportunity_fire(piece: Piece) -> bool:
    """A unit with the Opportunity Fire ability, not yet activated, on the battlefield (HoN core p.24)."""
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


class OpportunityFire(TurnBase):
    """Enemy watchers asked for Opportunity Fire as a unit acts (HoN core p.24)."""

    def _watching(self, mover: str) -> bool:
        """Whether any enemy of `mover` may take Opportunity Fire now: only in the Activation
        Phase (HoN core p.24), only units with the ability and not yet activated."""
        if self.phase is not Phase.ACTIVATION or not self.watchers:
            return False
        return any(may_watch(self.state, p) for p in self.state.enemies_of(mover))

    def watch(self, key: str, when: str) -> None:
        """Offer Opportunity Fire against unit `key` to each enemy unit that may take it, in
        key order (HoN core p.24): during its Movement Action or after its Firing Action."""
        target = self.state.pieces.get(key)
        if target is None or not self._watching(target.owner):
            return
        if underneath(self.state.battlefield, target):
            return  # under a stilted structure: no Opportunity Fire (SoN p.13)
        for firer in sorted(self.state.enemies_of(target.owner), key=lambda p: p.key):
            target = self.state.pieces.get(key)
            if target is None or target.is_wreck:
                return
            firer_now = self.state.pieces.get(firer.key)
            watcher = self.watchers.get(firer.owner)
            if firer_now is None or watcher is None or not may_watch(self.state, firer_now):
                continue
            if gives_opportunity_fire(self.state, firer_now) and not position_opportunity(
                self.state, firer_now, target
            ):
                continue  # never at a unit inside the same position (HoN core p.19)
            if paralyzed(self.state, firer_now):
                continue  # a Paralyze marker: it cannot fight (SoN p.15)
            action = watcher.opportunity(self.state, firer_now, target)
            if action is not None and action.shots:
                self._fire(firer_now, action, opportunity=True, when=when)
