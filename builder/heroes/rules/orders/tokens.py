"""Order tokens: how many each side takes, how they are placed, and the order in which
they are revealed in the Activation Phase (HoN core p.8-9; SoN p.4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import zip_longest

from builder.heroes.army.summary import MAX_NUMBERED, MAX_SPECIAL
from builder.heroes.rules.abilities.standing_totems import withheld_orders
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState, lost_stars

SPECIAL, BLUFF, AUTONOMOUS = "special", "bluff", "autonomous"


@dataclass(frozen=True)
class Tokens:
    """What a side may place this turn: numbered tokens 1 to N, special and bluff tokens."""

    numbered: int
    special: int
    bluff: int

    @property
    def any_order(self) -> bool:
        """Sudden death: a side with no numbered nor special token loses (HoN core p.8)."""
        return self.numbered + self.special > 0


def tokens_for(state: GameState, side: str) -> Tokens:
    """The side's stars less those of its destroyed officers, which are lost from the Order
    Phase after their loss (HoN core p.8: "Losing Orders"), at most 10 numbered tokens; the
    Special Order tokens of its army and of its action cards this turn, at most 2 (p.8)."""
    orders = state.orders[side]
    withheld = withheld_orders(state, side)  # the Totems' stars not given this round (SoN p.16)
    numbered = min(max(orders.star_total - lost_stars(state, side) - withheld, 0), MAX_NUMBERED)
    special = min(orders.special + state.special_orders.get(side, 0), MAX_SPECIAL)
    return Tokens(numbered, special, orders.bluff)


def needs_no_order(piece: Piece) -> bool:
    """Autonomous units act without an order token (HoN core p.26)."""
    return piece.side.has("autonomous")


@dataclass(frozen=True)
class Orders:
    """The tokens one side placed: unit keys, the numbered ones from order 1."""

    side: str
    numbered: tuple[str, ...] = ()
    special: tuple[str, ...] = ()
    bluffs: tuple[str, ...] = ()

    def token_of(self, key: str) -> str | None:
        if key in self.numbered:
            return str(self.numbered.index(key) + 1)
        if key in self.special:
            return SPECIAL
        return BLUFF if key in self.bluffs else None

    @property
    def ordered(self) -> frozenset[str]:
        """Units with a real (numbered or special) token: they do not move in the Supply Phase."""
        return frozenset((*self.numbered, *self.special))

    def check(self, tokens: Tokens) -> None:
        """The placement rules (HoN core p.8): no more tokens than the side has, and never
        more than one token on a unit."""
        for kind, placed, allowed in (
            ("numbered", self.numbered, tokens.numbered),
            ("special", self.special, tokens.special),
            ("bluff", self.bluffs, tokens.bluff),
        ):
            if len(placed) > allowed:
                raise RulesError(Code.TOKEN_COUNT, f"{self.side} placed {len(placed)} {kind} tokens but has {allowed}")
        keys = [*self.numbered, *self.special, *self.bluffs]
        if len(keys) != len(set(keys)):
            raise RulesError(
                Code.TWO_TOKENS, f"{self.side} placed two tokens on one unit: a unit never has more than one"
            )


def passed_on_to(state: GameState, key: str) -> str:
    """The unit that holds the numbered token placed on `key`, Dynamic having passed it on
    (HoN core p.17)."""
    while key in state.passed_orders:
        key = state.passed_orders[key]
    return key


@dataclass(frozen=True)
class Reveal:
    """One step of the Activation Phase: a side reveals a token (or acts with an autonomous unit)."""

    side: str
    token: str  # "1", "2", …, "special" or "autonomous"
    key: str


def side_sequence(orders: Orders, autonomous: Sequence[str]) -> list[Reveal]:
    """One side's numbered tokens in order, then its autonomous units (HoN core p.9, p.26);
    its special tokens are played before them all (`activation_sequence`)."""
    found = [Reveal(orders.side, str(n), key) for n, key in enumerate(orders.numbered, start=1)]
    return found + [Reveal(orders.side, AUTONOMOUS, key) for key in autonomous]


def activation_sequence(
    sides: Sequence[str],
    orders: Mapping[str, Orders],
    autonomous: Mapping[str, Sequence[str]],
    teams: Mapping[str, str] | None = None,
    marker: Sequence[str] | None = None,
) -> list[Reveal]:
    """The order of the Activation Phase (HoN core p.8-9), `sides` in initiative order.

    Special tokens are played as order number 0, before every numbered token; when several
    players play one at once, the one with the initiative first, then the next (p.8). Then
    the numbered tokens alternate, each side revealing its next one when the other's
    activation is complete (p.9): the side after the last to play a special token reveals
    its #1 first - the initiative player's when nobody played one. A side with nothing left
    to reveal lets the others go on in order.

    With `teams` (side -> team), the teams alternate and the players of a team take its
    turns in rotation: a solo player against two activates two units for their one each,
    "M1, D1, M2, B1, M3, D2, M4, B2" (SoN p.10). Each side its own team: the sequence above.

    `marker`: the sides in the order the Initiative marker gives, when an Initiative card took
    the initiative from it: Special Order tokens keep that order (HoN core p.17)."""
    specials = [
        [Reveal(side, SPECIAL, key) for key in orders.get(side, Orders(side)).special] for side in (marker or sides)
    ]
    found = [reveal for turn in zip_longest(*specials) for reveal in turn if reveal is not None]
    start = (list(sides).index(found[-1].side) + 1) % len(sides) if found else 0
    order = [*sides[start:], *sides[:start]]
    by_team: dict[str, list[list[Reveal]]] = {}
    for side in order:
        queue = side_sequence(orders.get(side, Orders(side)), autonomous.get(side, ()))
        by_team.setdefault((teams or {}).get(side, side), []).append(queue)
    return found + _alternate([_alternate(queues) for queues in by_team.values()])


def _alternate(queues: Sequence[Sequence[Reveal]]) -> list[Reveal]:
    """One from each queue in turn, skipping those run dry (HoN core p.9)."""
    return [reveal for turn in zip_longest(*queues) for reveal in turn if reveal is not None]
