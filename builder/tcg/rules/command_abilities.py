"""The command abilities that order other Unit Cards (TCG p.11): Fall Back! and Forward! move
cards of the icon's unit type one box toward a reinforcement zone, Fire! lets one or all (∞)
of them make a single Shooting attack with the shooting value of their choice, activated or
not. The number of cards ordered is the number of icons (TCG p.11, "Number of uses"), every
card for the infinity sign.

Where the book is silent, hon chooses (and `hon rules --game tcg` says so):

* the cards ordered are the user's own, within the ability's range (adjacent without a range
  icon, TCG p.10) and of its unit type (the "!" icon: of that type alone); never the user
  itself, as a Field Command never gives itself a GO! marker;
* "toward" a zone: into a box that shortens the count of orthogonal steps to the zone's
  nearest box; a side without a reinforcement zone gives no direction, so nobody moves;
* the moves follow the ordinary rules of TCG p.7 (an empty box, no Water without Amphibious,
  diagonals for mechanised cards); a hidden card stays hidden while it moves (TCG p.16);
* neither the moves nor Fire!'s shot activate a card: an ACTIVATED card may be ordered, and
  a card ordered may still be activated in the same phase."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from builder.kernel.match import Table
from builder.tcg.base import Box, page
from builder.tcg.cards import Ability, AbilityKind
from builder.tcg.rules.choices import Order, OrderFire, OrderMove
from builder.tcg.rules.decisions import OrderStep
from builder.tcg.rules.events import AbilityEvent, MoveKind, ShotEvent
from builder.tcg.rules.moving import move, moves
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.shooting import in_range, shoot
from builder.tcg.rules.state import Game, Piece
from builder.tcg.rules.support import reaches

COMMAND_PAGE = page(11)
ORDERS = frozenset({AbilityKind.FALL_BACK, AbilityKind.FORWARD, AbilityKind.FIRE})
NAMES = {AbilityKind.FALL_BACK: "Fall Back!", AbilityKind.FORWARD: "Forward!", AbilityKind.FIRE: "Fire!"}


def fits(piece: Piece, ability: Ability) -> bool:
    """The card is of the unit type the icon names (TCG p.10); a hidden decoy passes for
    whatever its player says it is."""
    unit = piece.unit
    if unit is None:
        return piece.hidden
    if not ability.restriction:
        return True
    if ability.exclusive:
        return len(unit.types) == 1 and unit.types[0] in ability.restriction
    return any(unit.is_a(t) for t in ability.restriction)


def steps(a: Box, b: Box) -> int:
    """Orthogonal steps between two boxes: what a move "toward" a zone shortens."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def zone_of(game: Game, ability: Ability, side: str) -> list[Box]:
    """Fall Back!: the side's own reinforcement zone; Forward!: the enemy's."""
    owner = side if ability.kind is AbilityKind.FALL_BACK else game.opponent(side)
    return list(game.players[owner].side.reinforcement_zone)


def toward(game: Game, piece: Piece, zone: list[Box], how: MoveKind) -> list[Box]:
    """The boxes a card may move into that bring it nearer the zone."""
    if not zone:
        return []
    here = min(steps(piece.box, z) for z in zone)
    return [box for box in moves(game, piece, how) if min(steps(box, z) for z in zone) < here]


@dataclass
class Orders:
    """One use of Fall Back!, Forward! or Fire!: the cards still to be ordered, one order
    each."""

    game: Game
    user: Piece
    ability: Ability
    ordered: list[Piece] = field(default_factory=list)

    @property
    def how(self) -> MoveKind:
        return MoveKind.FALL_BACK if self.ability.kind is AbilityKind.FALL_BACK else MoveKind.FORWARD

    def left(self) -> int | None:
        """How many more cards may be ordered; None for the infinity sign."""
        count = self.ability.count
        return None if count is None else count - len(self.ordered)

    def cards(self) -> list[Piece]:
        """Friendly cards in reach and of the icon's type, not ordered yet."""
        if self.left() == 0:
            return []
        return [
            p
            for p in self.game.of(self.user.side)
            if p is not self.user
            and p not in self.ordered
            and reaches(self.user, self.ability, p)
            and fits(p, self.ability)
        ]

    # --- Fall Back! and Forward! -----------------------------------------------------------

    def boxes(self, piece: Piece) -> list[Box]:
        if self.ability.kind is AbilityKind.FIRE or piece not in self.cards():
            return []
        return toward(self.game, piece, zone_of(self.game, self.ability, self.user.side), self.how)

    def move(self, piece: Piece, box: Box) -> None:
        if box not in self.boxes(piece):
            raise ValueError(f"{piece.name} cannot move to {list(box)} with {NAMES[self.ability.kind]}")
        self.ordered.append(piece)
        move(self.game, piece, box, self.how)

    # --- Fire! -------------------------------------------------------------------------------

    def targets(self, piece: Piece, index: int) -> list[Piece]:
        """Enemies the card may shoot at with that shooting value; a decoy has none."""
        if self.ability.kind is not AbilityKind.FIRE or piece not in self.cards() or index >= len(piece.shooting):
            return []
        weapon = piece.shooting[index]
        return [t for t in self.game.enemies(piece.side) if in_range(self.game, piece, weapon, t)]

    def fire(self, piece: Piece, index: int, target: Piece, table: Table[TcgView]) -> ShotEvent:
        """A single Shooting attack with the shooting value of the player's choice."""
        if target not in self.targets(piece, index):
            raise ValueError(f"{piece.name} cannot shoot at {target.name} with Fire!")
        self.ordered.append(piece)
        return shoot(self.game, piece, index, target, table)

    # --- the orders as a player chooses them ------------------------------------------------

    def options(self) -> Iterator[Order]:
        """Every order still to give: each card's moves, or each card's shots."""
        for piece in self.cards():
            if self.ability.kind is AbilityKind.FIRE:
                for index in range(len(piece.shooting)):
                    yield from (OrderFire(piece.box, index, t.box) for t in self.targets(piece, index))
            else:
                yield from (OrderMove(piece.box, box) for box in self.boxes(piece))

    def give(self, order: Order, table: Table[TcgView]) -> None:
        """Carry out one of the orders `options` lists."""
        piece = self.game.at(order.card)
        if piece is None:
            raise ValueError(f"no card in box {list(order.card)} to order")
        match order:
            case OrderMove(to=to):
                self.move(piece, to)
            case OrderFire(weapon=weapon, at=at):
                target = self.game.at(at)
                if target is None:
                    raise ValueError(f"no card in box {list(at)} to shoot at")
                self.fire(piece, weapon, target, table)


def play_orders(orders: Orders, table: Table[TcgView]) -> None:
    """The orders given one card at a time, as the user's player chooses at `table`, until
    it gives no more or none is left to give."""
    while options := tuple(orders.options()):
        chosen = table.ask(
            OrderStep(
                side=orders.user.side,
                options=(*options, None),
                ability=orders.ability.kind,
                user=orders.user.box,
                ordered=len(orders.ordered),
            )
        )
        if chosen is None:
            return
        orders.give(chosen, table)


def give_orders(game: Game, user: Piece, ability: Ability) -> Orders:
    """Use the ability: tell it, and hand back the orders still to give."""
    if ability.kind not in ORDERS:
        raise ValueError(f"{ability.kind.value} gives no orders")
    kinds = ", ".join(t.value for t in ability.restriction) or "any"
    game.tell(
        AbilityEvent(
            turn=game.turn,
            phase=game.phase,
            side=user.side,
            text=f"{user.card.name} uses {NAMES[ability.kind]} ({kinds} cards).",
            page=COMMAND_PAGE,
            piece=user.key,
            ability=ability.kind.value,
        )
    )
    return Orders(game, user, ability)
