"""What a side is asked while another unit's action resolves (HoN core p.17, p.24, p.31;
BfC p.08; SoN p.14, p.16, p.18): its card decisions, Opportunity Fire and the markers it
may play."""

from __future__ import annotations

from typing import Protocol

from builder.heroes.rules.actions import Fire
from builder.heroes.rules.assault import Assault
from builder.heroes.rules.cards import CardChoices
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState


class Watcher(Protocol):
    """Who decides, for one side, whether a unit takes Opportunity Fire (HoN core p.24)."""

    def opportunity(self, state: GameState, firer: Piece, target: Piece) -> Fire | None:
        """The Firing Action `firer` takes at `target` now, or None to let it be."""
        ...

    def defend_with_knife(self, state: GameState, defender: Piece, assault: Assault) -> bool:
        """Whether an assaulted unit that may discard a Knife marker does (HoN core p.31)."""
        ...

    def transfer_aid(self, state: GameState, medic: Piece, patient: Piece, hit: Piece, destroyed: bool) -> bool:
        """Whether a Medic moves its Aid marker from `patient` to `hit`, a unit that just took
        a hit (`destroyed`: one that eliminates it): the patient then suffers the damage it
        avoided (SoN p.18)."""
        ...

    def elder_signs(self, state: GameState, piece: Piece, short: int, held: int) -> int:
        """How many of the `held` Elder Signs a unit plays on a throw against a Manifestation
        (a Terror check, a shot, an assault) that a 4 would miss by `short` (SoN p.14)."""
        ...

    def substitute(
        self, state: GameState, weapon: Piece, stand_ins: tuple[Piece, ...], destroyed: bool, double: bool
    ) -> Piece | None:
        """Which Substitute (nearest first) suffers a hit in place of the Heavy Weapon, or None
        (`destroyed`: the hit destroys the weapon; `double`: a double hit) (BfC p.08)."""
        ...

    def amulets(self, state: GameState, side: str, held: int) -> tuple[str, ...]:
        """The enemy units the side forces to a Terror check, an Amulet of Dagon each (SoN p.16)."""
        ...


class Player(CardChoices, Watcher, Protocol):
    """What a side is asked while another unit's action resolves: its card decisions (HoN
    core p.17) and its Opportunity Fire and Knife markers (p.24, p.31)."""
