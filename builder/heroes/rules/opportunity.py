"""Opportunity Fire: who may take it, and the watchers asked as a unit acts (HoN core p.24)."""

from __future__ import annotations

from builder.heroes.rules.actions import TurnBase
from builder.heroes.rules.events import Phase
from builder.heroes.rules.mythos_rolls import paralyzed
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.stilts import underneath


def may_take_opportunity_fire(piece: Piece) -> bool:
    """A unit with the Opportunity Fire ability, not yet activated, on the battlefield (HoN core p.24)."""
    return (
        not piece.activated
        and not piece.is_wreck
        and piece.embarked_in is None
        and bool(piece.squares)
        and piece.side.has("opportunity-fire")
    )


class OpportunityFire(TurnBase):
    """Enemy watchers asked for Opportunity Fire as a unit acts (HoN core p.24)."""

    def _watching(self, mover: str) -> bool:
        """Whether any enemy of `mover` may take Opportunity Fire now: only in the Activation
        Phase (HoN core p.24), only units with the ability and not yet activated."""
        if self.phase is not Phase.ACTIVATION or not self.watchers:
            return False
        return any(may_take_opportunity_fire(p) for p in self.state.enemies_of(mover))

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
            if firer_now is None or watcher is None or not may_take_opportunity_fire(firer_now):
                continue
            if paralyzed(self.state, firer_now):
                continue  # a Paralyze marker: it cannot fight (SoN p.15)
            action = watcher.opportunity(self.state, firer_now, target)
            if action is not None and action.shots:
                self._fire(firer_now, action, opportunity=True, when=when)
