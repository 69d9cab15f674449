"""The state of a game: the battlefield, the units on it (occupancy kept up to date as they
move), the medals won, and each side's command cards."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace

from builder.memoir.catalogue import Catalogue, CommandCard, Side, UnitType
from builder.memoir.hexes import Edge, Hex
from builder.memoir.rules.terrain import Battlefield, assemble
from builder.memoir.rules.units import UnitRules, rules_for
from builder.memoir.scenario import Place, Scenario


@dataclass
class Piece:
    """A unit on the board."""

    key: str  # "allies-3": unique in the game
    side: Side
    rules: UnitRules
    figures: int
    place: Hex

    @property
    def type(self) -> UnitType:
        return self.rules.type

    @property
    def label(self) -> str:
        return f"{self.rules.name} {self.key}"

    def copy(self) -> Piece:
        return Piece(self.key, self.side, self.rules, self.figures, self.place)  # what replace() does, faster


@dataclass
class GameState:
    scenario: Scenario
    catalogue: Catalogue
    battlefield: Battlefield
    pieces: dict[str, Piece]
    occupied: dict[Hex, str] = field(default_factory=dict)
    medals: dict[Side, int] = field(default_factory=dict)  # won by eliminating units
    hands: dict[Side, list[CommandCard]] = field(default_factory=dict)
    deck: list[CommandCard] = field(default_factory=list)
    discard: list[CommandCard] = field(default_factory=list)
    turn: int = 0

    def __post_init__(self) -> None:
        self.occupied = {p.place: p.key for p in self.pieces.values()}
        for side in self.scenario.sides:
            self.medals.setdefault(side.id, 0)
            self.hands.setdefault(side.id, [])

    def edge(self, side: Side) -> Edge:
        return self.scenario.side(side).edge

    def at(self, place: Hex) -> Piece | None:
        key = self.occupied.get(place)
        return self.pieces[key] if key is not None else None

    def units(self, side: Side) -> Iterator[Piece]:
        return (p for p in self.pieces.values() if p.side is side)

    def enemies(self, side: Side) -> Iterator[Piece]:
        return (p for p in self.pieces.values() if p.side is not side)

    def move(self, piece: Piece, to: Hex) -> None:
        del self.occupied[piece.place]
        piece.place = to
        self.occupied[to] = piece.key

    def remove(self, piece: Piece) -> None:
        del self.occupied[piece.place]
        del self.pieces[piece.key]

    def medal_holders(self) -> Iterator[tuple[Place, Side | None]]:
        """Each medal objective (a medal tag on a hex; .m44 medal tags) and the side it counts
        for now: the side of the unit on the hex, when the medal is one that side may win."""
        for place in self.scenario.hexes:
            for tag in place.tag_names:
                medal = self.catalogue.medal_tags.get(tag)
                if medal is None or not place.is_hex:
                    continue
                holder = self.at(place.hex)
                yield place, holder.side if holder is not None and medal.side in (None, holder.side) else None

    def objective_medals(self, side: Side) -> int:
        """Medal objectives a unit of `side` holds now (M44 summary: medals)."""
        return sum(1 for _, holder in self.medal_holders() if holder is side)

    def total_medals(self, side: Side) -> int:
        return self.medals[side] + self.objective_medals(side)

    def copy(self) -> GameState:
        """A state that changes independently of this one: its own units, medals, hands and
        deck (the scenario, catalogue and battlefield are never changed, so they are shared)."""
        return self._with(self.hands, self.deck)

    def seen_by(self, side: Side) -> GameState:
        """A copy holding what `side` may know: the board and its own hand; every other hand
        and the deck are left empty (how many cards they hold is public: MemoirView)."""
        return self._with({s: cards if s is side else [] for s, cards in self.hands.items()}, [])

    def _with(self, hands: dict[Side, list[CommandCard]], deck: list[CommandCard]) -> GameState:
        return replace(
            self,
            pieces={key: piece.copy() for key, piece in self.pieces.items()},
            medals=dict(self.medals),
            hands={s: list(cards) for s, cards in hands.items()},
            deck=list(deck),
            discard=list(self.discard),
        )


def start(scenario: Scenario, catalogue: Catalogue) -> GameState:
    """The game as the scenario sets it up. The scenario must have passed validation
    (known board, units and badges)."""
    board = catalogue.boards[scenario.board.type].board()
    pieces: dict[str, Piece] = {}
    counts: dict[Side, int] = {}
    for place in scenario.hexes:
        unit = place.unit
        if unit is None:
            continue
        kind = catalogue.units[UnitType(unit.type)]
        badge = catalogue.badges[unit.badge] if unit.badge is not None else None
        rules = rules_for(kind, badge)
        counts[unit.side] = counts.get(unit.side, 0) + 1
        key = f"{unit.side.value}-{counts[unit.side]}"
        pieces[key] = Piece(key, unit.side, rules, unit.figures or rules.figures, place.hex)
    return GameState(scenario, catalogue, assemble(scenario, catalogue, board), pieces)
