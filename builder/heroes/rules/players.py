"""What a side is asked while another unit's action resolves (HoN core p.17, p.24, p.31;
BfC p.08; SoN p.14, p.16, p.18): its card decisions, Opportunity Fire and the markers it
may play."""

from __future__ import annotations

from typing import Protocol

from builder.heroes.catalogue.cards import CardTiming
from builder.heroes.rules.actions import Action, Fire
from builder.heroes.rules.assault import Assault
from builder.heroes.rules.cards import CardChoices, CardPlay
from builder.heroes.rules.orders import Orders, Tokens
from builder.heroes.rules.path import Path
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.models import Event


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


class Policy(CardChoices, Protocol):
    """A side's player: the questions every player is asked (the optional ones are asked of a
    player that has them: Heroic, Veteran, Battle Events...)."""

    def assign(self, state: GameState, side: str, tokens: Tokens) -> Orders:
        """Place the side's order tokens (HoN core p.8, step 3)."""
        ...

    def activate(self, state: GameState, piece: Piece) -> Action:
        """What an activated unit does in the Activation Phase."""
        ...

    def supply_move(self, state: GameState, piece: Piece) -> Action:
        """A Supply Phase Movement Action: never a firing action nor an assault (HoN core p.16)."""
        ...

    def reinforce(self, state: GameState, side: str, event: Event) -> str:
        """A scenario event lets `side` discard its spent option tiles and fill the empty slots
        of its recruitment tiles with options (BfC p.14, p.16): the choice, done, in English."""
        ...

    def opportunity(self, state: GameState, firer: Piece, target: Piece) -> Fire | None:
        """Whether `firer` takes Opportunity Fire at `target` now (HoN core p.24)."""
        ...

    def defend_with_knife(self, state: GameState, defender: Piece, assault: Assault) -> bool:
        """Whether an assaulted unit discards a Knife marker (HoN core p.31)."""
        ...

    def transfer_aid(self, state: GameState, medic: Piece, patient: Piece, hit: Piece, destroyed: bool) -> bool:
        """Whether a Medic moves its Aid marker to a unit that just took a hit (SoN p.18)."""
        ...

    def elder_signs(self, state: GameState, piece: Piece, short: int, held: int) -> int:
        """How many of the `held` Elder Signs a unit plays on a throw against a Manifestation
        (a Terror check, a shot, an assault) that a 4 would miss by `short` (SoN p.14)."""
        ...

    def substitute(
        self, state: GameState, weapon: Piece, stand_ins: tuple[Piece, ...], destroyed: bool, double: bool
    ) -> Piece | None:
        """Which Substitute suffers a hit in place of a Heavy Weapon, or None (BfC p.08)."""
        ...

    def play_special(self, state: GameState, piece: Piece) -> bool:
        """Whether the unit with a special order token plays it now: as order 0 before the first
        token is revealed, else before the next one (HoN core p.8)."""
        ...

    def amulets(self, state: GameState, side: str, held: int) -> tuple[str, ...]:
        """The enemy units the side forces to a Terror check, an Amulet of Dagon each (SoN p.16)."""
        ...

    def order_cards(self, state: GameState, side: str) -> tuple[CardPlay, ...]:
        """Battle Events played at the start of the Order Phase (HoN core p.8, step 1)."""
        ...

    def action_cards(self, state: GameState, piece: Piece, moment: CardTiming) -> tuple[CardPlay, ...]:
        """Battle Events played on a unit as it is activated, or once it has acted."""
        ...

    def discards(self, state: GameState, side: str) -> tuple[str, ...]:
        """Cards discarded before drawing at the end of the Supply Phase (HoN core p.16, step 7)."""
        ...

    def conceal(self, state: GameState, side: str) -> tuple[str, ...]:
        """Units to replace with Concealed markers, at deployment and as a Supply Phase begins (HoN core p.30)."""
        ...

    def scout(self, state: GameState, piece: Piece) -> Path | None:
        """A unit's Scout move once the armies are deployed (HoN core p.26), None to stay."""
        ...
