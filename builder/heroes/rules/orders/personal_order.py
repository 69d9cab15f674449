"""Units and tiles that must be given an Order Token every turn.

* Personal Order (HoN core p.26): "Provides one additional Numbered Order Token, but this unit
  must be given an Order Token (numbered, special or bluff) every turn."
* Hardened (BfC p.09): "This Character Trait gives you an additional Order Token. However, each
  turn you must assign an Order Token (Numbered, Special, or Bluff) to one of this Recruitment
  Tile's units."

A placement that leaves such a unit or tile without a token is refused. hon's reading where the
books are silent: only units that may take a token count (on the battlefield or waiting to enter
it, not autonomous, not kept from it by Madness, SoN p.11); a tile with none left owes nothing;
and when a side has fewer tokens than duties (its officers lost), every token it places must
meet one, the rest being excused."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from random import Random

from builder.heroes.army.resolve import ResolvedArmy
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import OrderDuty, OwedToken
from builder.heroes.rules.mythos.madness import may_take_order
from builder.heroes.rules.orders.tokens import Orders, Tokens, needs_no_order
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState
from builder.kernel.decisions import Checked

PERSONAL_ORDER = "personal-order"
HARDENED = "hardened"
PERSONAL_PAGE, HARDENED_PAGE = "HoN core p.26", "BfC p.09"


def hardened_tiles(resolved: ResolvedArmy) -> tuple[str, ...]:
    """The paths of the army's recruitment tiles carrying the Hardened trait (BfC p.09)."""
    return tuple(
        group.path
        for group in resolved.groups
        if any(p.option is not None and p.option.id == HARDENED for p in group.placed)
    )


def of_tile(piece: Piece, tile: str) -> bool:
    """A unit of the tile: its own counters and those of the supports in its slots."""
    return piece.group == tile or piece.group.startswith(f"{tile}.")


@dataclass(frozen=True)
class Duty:
    """Units one of which must take a token this turn: a Personal Order unit alone, or the
    units of a Hardened tile."""

    why: str  # "Personal Order (HoN core p.26)"
    name: str  # the unit or tile, for the refusal
    keys: frozenset[str]
    code: Code  # what the refusal of a placement leaving it unmet says
    owed: OwedToken  # what the event of a placement meeting it says

    def met(self, orders: Orders) -> bool:
        return bool(self.keys & {*orders.numbered, *orders.special, *orders.bluffs})


def may_be_ordered(state: GameState, side: str) -> list[Piece]:
    """The side's units a token may go to this turn."""
    return [
        p
        for p in (*state.units(side), *state.reserve.values())
        if p.owner == side and not needs_no_order(p) and may_take_order(state, p)  # Madness: SoN p.11
    ]


def duties(state: GameState, side: str) -> list[Duty]:
    """What the side owes this turn: each Personal Order unit, then each Hardened tile."""
    units = may_be_ordered(state, side)
    found = [
        Duty(
            f"Personal Order ({PERSONAL_PAGE})",
            state.title(p),
            frozenset({p.key}),
            Code.PERSONAL_ORDER,
            OwedToken(duty=OrderDuty.PERSONAL_ORDER, key=p.key, page=PERSONAL_PAGE),
        )
        for p in sorted(units, key=lambda p: p.key)
        if p.side.has(PERSONAL_ORDER)
    ]
    for tile in state.hardened.get(side, ()):
        keys = frozenset(p.key for p in units if of_tile(p, tile))
        if keys:
            owed = OwedToken(duty=OrderDuty.HARDENED, key=f"{side}/{tile}", page=HARDENED_PAGE)
            found.append(
                Duty(f"Hardened ({HARDENED_PAGE})", state.titles.get(owed.key, tile), keys, Code.HARDENED, owed)
            )
    return found


def unmet(state: GameState, orders: Orders, tokens: Tokens) -> list[Duty]:
    """The duties the placement leaves unmet though a token could have gone to them: all of
    them unless every token it placed already meets one."""
    owed = duties(state, orders.side)
    missed = [d for d in owed if not d.met(orders)]
    placed = (*orders.numbered, *orders.special, *orders.bluffs)
    wasted = any(not any(key in d.keys for d in owed) for key in placed)
    spare = len(placed) < tokens.numbered + tokens.special + tokens.bluff
    return missed if missed and (wasted or spare) else []


def check_duties(state: GameState, orders: Orders, tokens: Tokens) -> None:
    """Refuse a placement leaving a Personal Order unit or a Hardened tile without a token."""
    missed = unmet(state, orders, tokens)
    if missed:
        said = "; ".join(f"{d.name} must be given an Order Token every turn: {d.why}" for d in missed)
        raise RulesError(missed[0].code, f"{orders.side} placed its tokens but {said}")


def owed_first(duties_: Iterable[Duty], ranked: list[str]) -> list[str]:
    """`ranked` with, for each duty no earlier key meets, its best-ranked unit moved to the
    front: the units that must be given a token take one before the others."""
    ranked = list(ranked)
    front: list[str] = []
    for duty in duties_:
        if duty.keys & set(front):
            continue
        first = next((key for key in ranked if key in duty.keys), None)
        if first is not None:
            ranked.remove(first)
            front.append(first)
    return front + ranked


def duties_met(state: GameState, orders: Orders) -> tuple[OwedToken, ...]:
    """The duties the placement meets, for its event."""
    return tuple(d.owed for d in duties(state, orders.side) if d.met(orders))


def placements(state: GameState, side: str, tokens: Tokens) -> Checked[Orders]:
    """Where the side may place its tokens this turn (HoN core p.8): its units that may take
    one, each at most one, no more tokens of a kind than it has, every duty met that a token
    could meet. Listed: its units by key, the owed first, numbered, special, then bluff."""
    eligible = {p.key for p in may_be_ordered(state, side)}

    def allows(choice: object) -> bool:
        if not isinstance(choice, Orders) or choice.side != side:
            return False
        if not {*choice.numbered, *choice.special, *choice.bluffs} <= eligible:
            return False
        try:
            choice.check(tokens)
        except ValueError:
            return False
        return not unmet(state, choice, tokens)

    listed = _placed(side, owed_first(duties(state, side), sorted(eligible)), tokens)

    def draw(rng: Random) -> Orders:
        # Any units, in any order, the owed first; then their tokens shuffled among them,
        # unless that leaves a duty unmet.
        units = sorted(eligible)
        rng.shuffle(units)
        chosen = owed_first(duties(state, side), units)[: tokens.numbered + tokens.special + tokens.bluff]
        mixed = rng.sample(chosen, len(chosen))
        placed = _placed(side, mixed, tokens)
        return placed if allows(placed) else _placed(side, chosen, tokens)

    return Checked((listed,) if allows(listed) else (), allows, draw)


def _placed(side: str, ranked: list[str], tokens: Tokens) -> Orders:
    """The numbered tokens on the first of `ranked`, in order, then the special, then the bluffs."""
    numbered = tuple(ranked[: tokens.numbered])
    special = tuple(ranked[len(numbered) : len(numbered) + tokens.special])
    used = len(numbered) + len(special)
    return Orders(side, numbered, special, tuple(ranked[used : used + tokens.bluff]))
