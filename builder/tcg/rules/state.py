"""A game in progress: the cards on the battlefield with their markers, each player's hand,
reserve, discard pile and DIRECTIVE markers, the turn, and the events told so far."""

from __future__ import annotations

from collections import Counter
from copy import deepcopy
from dataclasses import dataclass, field, replace

from builder.kernel.dice import Dice
from builder.tcg.base import Box
from builder.tcg.cards import (
    HIDDEN_ACTIVATION,
    AbilityKind,
    Card,
    DecoyCard,
    HeroCard,
    Shooting,
    UnitCard,
    UnitType,
)
from builder.tcg.rules.board import distance
from builder.tcg.rules.events import Phase, TcgEvent
from builder.tcg.rules.variants import Variant
from builder.tcg.scenario import MAX_DIRECTIVES, Marker, MarkerKind, Scenario, Side
from builder.tcg.terrain import Terrain


@dataclass(frozen=True)
class CardBack:
    """The back every Unit Card and decoy shares (TCG p.4, p.16): all a side's view shows of
    the other side's hidden card. The rules never hold one: they know every card's face."""

    name: str = "a hidden card"
    id: str = "hidden"


@dataclass
class Piece:
    """A Unit Card or decoy on the battlefield, with its markers."""

    key: str  # unique in the game: "us-m10", "us-decoy#2"
    card: UnitCard | DecoyCard | CardBack
    side: str
    box: Box
    hidden: bool = False
    hits: int = 0
    suppressed: int = 0
    activated: bool = False
    go: bool = False  # a GO! marker waiting for its activation roll (TCG p.11)
    hero: HeroCard | None = None
    panzerfaust: bool = False  # a Panzerfaust marker: the Armour-Piercing shooting effect (TCG p.16)
    extra_hit_points: int = 0  # Hit point markers, one extra hit point each (TCG p.16)
    # The order it came onto the battlefield in, from 1: seen by both sides, unlike its card.
    arrival: int = 0

    @property
    def name(self) -> str:
        return "a hidden card" if self.hidden else self.card.name

    @property
    def face(self) -> UnitCard | DecoyCard:
        """The card itself, which goes to a discard pile or back to the reserve."""
        if isinstance(self.card, CardBack):
            raise ValueError(f"{self.key} is seen from its back: only the rules' own game knows its face")
        return self.card

    @property
    def unit(self) -> UnitCard | None:
        return self.card if isinstance(self.card, UnitCard) else None

    @property
    def is_decoy(self) -> bool:
        return isinstance(self.card, DecoyCard)

    def is_a(self, unit_type: UnitType) -> bool:
        return isinstance(self.card, UnitCard) and self.card.is_a(unit_type)

    def ability(self, kind: AbilityKind) -> bool:
        return self.unit is not None and (
            self.unit.has(kind) is not None
            or (self.hero is not None and self.hero.ability is not None and self.hero.ability.kind is kind)
        )

    @property
    def armoured(self) -> bool:
        return self.unit is not None and self.unit.armoured

    @property
    def shooting(self) -> list[Shooting]:
        return list(self.unit.shooting) if self.unit is not None else []

    @property
    def automatic(self) -> bool:
        """Activates without a roll when given a GO! marker: an A or an HQ (TCG p.11, p.13);
        never while hidden, when it activates on 4 like every face-down card (TCG p.16)."""
        return not self.hidden and self.unit is not None and self.unit.automatic

    @property
    def activation_value(self) -> int:
        if self.hidden or self.unit is None or isinstance(self.unit.activation, str):
            return HIDDEN_ACTIVATION
        return self.unit.activation


@dataclass(frozen=True)
class PieceView:
    """A card on the battlefield as it stood after an event, for a viewer to draw."""

    key: str
    name: str
    side: str
    box: Box
    hidden: bool
    decoy: bool
    hits: int
    suppressed: int
    activated: bool


@dataclass(frozen=True)
class Frame:
    """An event and the battlefield just after it."""

    event: TcgEvent
    pieces: tuple[PieceView, ...]
    directives: tuple[tuple[str, int], ...]


@dataclass
class Player:
    """One side's command board: hand, reserve (the deck), discard pile, DIRECTIVE markers."""

    side: Side
    reserve: list[Card]
    hand: list[Card] = field(default_factory=list)
    discard: list[Card] = field(default_factory=list)
    directives: int = 0
    victory_points: int = 0
    destroyed: int = 0  # enemy Unit Cards this side destroyed
    used_events: set[str] = field(default_factory=set)  # historical events turned to "used"
    played: set[tuple[int, str | None, str]] = field(default_factory=set)  # (turn, phase's side, "event"|"hero")

    def gain_directives(self, count: int) -> int:
        """Take up to `count` DIRECTIVE markers, never more than six in play; how many came."""
        taken = max(0, min(count, MAX_DIRECTIVES - self.directives))
        self.directives += taken
        return taken


@dataclass
class Game:
    scenario: Scenario
    dice: Dice
    pieces: dict[str, Piece]
    players: dict[str, Player]
    turn: int = 0
    phase_side: str | None = None
    events: list[TcgEvent] = field(default_factory=list)
    winner: str | None = None
    outcome: str = ""
    keys: Counter[str] = field(default_factory=Counter)  # piece keys given, by card id
    frames: list[Frame] | None = None  # kept only when a viewer asks for them
    removed: set[int] = field(default_factory=set)  # markers removed by Engineers, by index
    variants: frozenset[Variant] = frozenset()  # the variant rules played (TCG p.21)

    def markers(self) -> list[Marker]:
        """The scenario's markers still on the battlefield."""
        return [m for i, m in enumerate(self.scenario.markers) if i not in self.removed]

    @property
    def phase(self) -> Phase:
        """The phase being played: the set-up, a player's phase, or the end of a turn."""
        if self.phase_side is None:
            return Phase.SETUP if self.turn == 0 else Phase.END
        return Phase.FIRST if self.phase_side == self.scenario.first_player else Phase.SECOND

    def tell(self, event: TcgEvent) -> None:
        self.events.append(event)
        if self.frames is not None:
            self.frames.append(self.frame(event))

    def frame(self, event: TcgEvent) -> Frame:
        pieces = tuple(
            PieceView(p.key, p.card.name, p.side, p.box, p.hidden, p.is_decoy, p.hits, p.suppressed, p.activated)
            for p in self.pieces.values()
        )
        return Frame(event, pieces, tuple((side, player.directives) for side, player in self.players.items()))

    def at(self, box: Box) -> Piece | None:
        return next((piece for piece in self.pieces.values() if piece.box == box), None)

    def terrain(self, box: Box) -> Terrain:
        """The box's terrain; a ford turns a Water box into a flooded one (TCG p.16); open
        ground everywhere without terrain effects (a variant, TCG p.21)."""
        if Variant.NO_TERRAIN in self.variants:
            return Terrain.OPEN
        terrain = self.scenario.terrain_at(box)
        if terrain is Terrain.WATER and self.marker(box, MarkerKind.FORD) is not None:
            return Terrain.FLOODED
        return terrain

    def marker(self, box: Box, kind: MarkerKind) -> int | None:
        """The value of a marker of `kind` on `box` (0 for one without a value), or None."""
        found = next((m for m in self.markers() if m.box == box and m.kind is kind), None)
        return None if found is None else (found.value or 0)

    def of(self, side: str) -> list[Piece]:
        return [piece for piece in self.pieces.values() if piece.side == side]

    def enemies(self, side: str) -> list[Piece]:
        return [piece for piece in self.pieces.values() if piece.side != side]

    def opponent(self, side: str) -> str:
        return next(s.id for s in self.scenario.sides if s.id != side)

    def enemy_adjacent(self, side: str, box: Box) -> bool:
        return any(distance(piece.box, box) == 1 for piece in self.enemies(side))

    def controller(self, box: Box) -> str | None:
        """Who controls a box: the side of the Unit Card on it; a decoy controls nothing."""
        piece = self.at(box)
        return piece.side if piece is not None and not piece.is_decoy else None

    def can_use_directive(self, piece: Piece) -> bool:
        """A card may spend a DIRECTIVE marker: its player has one, and it is not SUPPRESSED
        (TCG p.6), not in a flooded box (TCG p.17), not Disorientated (TCG p.12)."""
        return (
            self.players[piece.side].directives > 0
            and piece.suppressed == 0
            and not self.flooded(piece)
            and not piece.ability(AbilityKind.DISORIENTATED)
        )

    def flooded(self, piece: Piece) -> bool:
        """The card stands in a flooded box (TCG p.17). Water counts as flooded for the card
        in it: Amphibious says so (TCG p.12), and no other card enters Water; one left in it
        when Engineers blow a ford (the book is silent) is read the same way."""
        terrain = self.terrain(piece.box)
        return terrain.no_directives or terrain is Terrain.WATER

    def spend_directive(self, piece: Piece) -> None:
        """One DIRECTIVE marker goes back above the command board (TCG p.13)."""
        self.players[piece.side].directives -= 1


def copy_game(game: Game) -> Game:
    """A game that goes on independently of `game`: its cards, markers, hands and dice
    copied; the scenario and the cards' data, which nothing changes, shared."""
    return replace(
        game,
        dice=deepcopy(game.dice),
        pieces={key: replace(piece) for key, piece in game.pieces.items()},
        players={side: copy_player(player) for side, player in game.players.items()},
        events=list(game.events),
        keys=Counter(game.keys),
        frames=None if game.frames is None else list(game.frames),
        removed=set(game.removed),
    )


def copy_player(player: Player) -> Player:
    return replace(
        player,
        reserve=list(player.reserve),
        hand=list(player.hand),
        discard=list(player.discard),
        used_events=set(player.used_events),
        played=set(player.played),
    )
