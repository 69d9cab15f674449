"""The five tactics of the command board (TCG p.6-7), each played with a COMMAND marker: its
player chooses one among those the rules offer (`tactics`), then what it asks for."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from itertools import combinations

from builder.kernel.decisions import Offered
from builder.kernel.match import Table
from builder.tcg.base import Box, page
from builder.tcg.cards import AbilityKind, DecoyCard, UnitCard, UnitType
from builder.tcg.rules.activation import Activation, activate, end
from builder.tcg.rules.board import neighbours, orthogonally_adjacent
from builder.tcg.rules.choices import Command, Manage, Manoeuvre, Place, Recover, RemoveSuppressed
from builder.tcg.rules.choices import Tactic as TacticOption
from builder.tcg.rules.decisions import Reinforcement, TacticChoice
from builder.tcg.rules.events import ActivationEvent, MarkersEvent, ReinforcementEvent, Tactic, TacticEvent
from builder.tcg.rules.hand import draw, gain
from builder.tcg.rules.hidden import discard_decoy, reveal_at_will
from builder.tcg.rules.moving import swap
from builder.tcg.rules.players import TcgView
from builder.tcg.rules.setup import arrived, piece_key
from builder.tcg.rules.state import Game, Piece
from builder.tcg.rules.variants import Variant
from builder.tcg.scenario import MAX_HQS
from builder.tcg.terrain import Terrain

CARDS_DRAWN = 3
REINFORCEMENTS = 3
RECOVERED = 3


def tell_tactic(game: Game, side: str, tactic: Tactic, text: str, pieces: tuple[str, ...] = ()) -> None:
    game.tell(
        TacticEvent(
            turn=game.turn,
            phase=game.phase,
            side=side,
            text=text,
            page=page(6) if tactic is not Tactic.ACTIVATE else page(7),
            tactic=tactic,
            pieces=pieces,
        )
    )


def recover(game: Game, side: str) -> None:
    """Take three DIRECTIVE markers (never more than six)."""
    tell_tactic(game, side, Tactic.RECOVER, "COMMAND marker on: recover three DIRECTIVE markers.")
    gain(game, side, RECOVERED, "recover three DIRECTIVE markers", page(6))


@dataclass(frozen=True)
class Arrival:
    """Where reinforcements may arrive: the reinforcement zone, or beside an HQ."""

    source: str  # "zone" or the HQ's piece key
    boxes: tuple[Box, ...]
    hq: Box | None = None  # the HQ's box


def arrivals(game: Game, side: str) -> list[Arrival]:
    """One card in the reinforcement zone, and one beside each of at most two HQs already on
    the battlefield (FAQ p.21: not one arriving in the same action), on empty boxes."""
    player = game.players[side]
    zone = tuple(b for b in player.side.reinforcement_zone if game.at(b) is None)
    found = [Arrival("zone", zone)] if zone else []
    hqs = [p for p in game.of(side) if p.is_a(UnitType.HEADQUARTERS)][:MAX_HQS]
    for hq in hqs:
        boxes = tuple(b for b in neighbours(game.scenario.board, hq.box) if game.at(b) is None)
        if boxes:
            found.append(Arrival(hq.key, boxes, hq.box))
    return found


@dataclass
class Reinforcements:
    """The arrivals still open in one "manage your cards" tactic: one card each."""

    game: Game
    side: str
    open: list[Arrival]

    def place(self, card: UnitCard | DecoyCard, box: Box, arrival: Arrival | None = None) -> Piece | None:
        """The card on `box`, by `arrival` (by default the first open point that reaches the
        box); the piece, or None for a decoy that arrived face up and was discarded."""
        arrival = arrival or next((a for a in self.open if box in a.boxes), None)
        if arrival is None or arrival not in self.open or box not in arrival.boxes:
            raise ValueError(f"no reinforcement point left reaches box {list(box)}")
        self.open.remove(arrival)
        return reinforce(self.game, self.side, card, box)

    def options(self, arrival: Arrival) -> tuple[Place, ...]:
        """Each Unit Card (or decoy) of the hand on each empty box of the point."""
        player = self.game.players[self.side]
        ids = dict.fromkeys(c.id for c in player.hand if isinstance(c, UnitCard | DecoyCard))
        free = [b for b in arrival.boxes if self.game.at(b) is None]
        return tuple(Place(card, box) for card in ids for box in free)

    def ask(self, table: Table[TcgView]) -> None:
        """Each point in turn, the player puts a card on it or none (TCG p.6)."""
        player = self.game.players[self.side]
        for arrival in list(self.open):
            options = self.options(arrival)
            if not options:
                continue
            decision = Reinforcement(side=self.side, options=(*options, None), hq=arrival.hq, boxes=arrival.boxes)
            chosen = table.ask(decision)
            if chosen is not None:
                card = next(c for c in player.hand if isinstance(c, UnitCard | DecoyCard) and c.id == chosen.card)
                self.place(card, chosen.box, arrival)


def manage(game: Game, side: str) -> Reinforcements:
    """Draw three cards; the player may then put up to three Unit Cards from the hand on the
    battlefield, one per reinforcement point (TCG p.6): the points are those of the HQs
    already there (FAQ p.21)."""
    tell_tactic(game, side, Tactic.MANAGE, "COMMAND marker on: manage your cards and reinforcements.")
    draw(game, side, CARDS_DRAWN, page(6))
    return Reinforcements(game, side, arrivals(game, side))


def reinforce(game: Game, side: str, card: UnitCard | DecoyCard, box: Box) -> Piece | None:  # via Reinforcements.place
    """A Unit Card from the hand onto an empty box: hidden unless adjacent to an enemy card,
    always hidden in a forest (TCG p.6, p.16-17). It is not activated (FAQ p.21). A decoy
    that arrives face up is discarded at once (TCG p.17: "Once it has been made visible, it
    is discarded"): the piece, or None for it."""
    player = game.players[side]
    if game.at(box) is not None:
        raise ValueError(f"box {list(box)} is occupied")
    player.hand.remove(card)
    key = piece_key(card.id, game.keys)
    hidden = (
        game.terrain(box).hides or not game.enemy_adjacent(side, box)
    ) and Variant.ALL_VISIBLE not in game.variants
    piece = Piece(key, card, side, box, hidden=hidden, arrival=arrived(game.keys))
    game.pieces[key] = piece
    how = "hidden" if hidden else "face up"
    game.tell(
        ReinforcementEvent(
            turn=game.turn,
            phase=game.phase,
            side=side,
            text=f"{card.name if not hidden else 'A card'} arrives {how} at {list(box)}.",
            page=page(6),
            piece=key,
            to=box,
            hidden=hidden,
        )
    )
    if piece.is_decoy and not hidden:
        discard_decoy(game, piece)
        return None
    return piece


def can_manoeuvre(game: Game, a: Piece, b: Piece) -> bool:
    return (
        a.side == b.side
        and a is not b
        and not a.activated
        and not b.activated
        and orthogonally_adjacent(a.box, b.box)
        and all(
            game.terrain(p.box) is not Terrain.WATER or q.ability(AbilityKind.AMPHIBIOUS) for p, q in ((a, b), (b, a))
        )
    )


def manoeuvre(game: Game, a: Piece, b: Piece, shooter: Piece, table: Table[TcgView]) -> None:
    """Two orthogonally adjacent cards swap places; one of them makes one Shooting attack;
    one of the two may spend a DIRECTIVE marker on a forced march; both are ACTIVATED; no
    ability (TCG p.6). The shooter plays first, then the other card, which may only march."""
    if not can_manoeuvre(game, a, b) or shooter not in (a, b):
        raise ValueError("those cards cannot manoeuvre")
    tell_tactic(game, a.side, Tactic.MANOEUVRE, f"COMMAND marker on: manoeuvre {a.name} and {b.name}.", (a.key, b.key))
    swap(game, a, b)
    other = b if shooter is a else a
    shooting = Activation(game, shooter, manoeuvre=True)
    swapping = Activation(game, other, manoeuvre=True, shoots=False, partner=shooting)
    shooting.partner = swapping
    shooting.run(table)
    if other.key in game.pieces:
        swapping.run(table)
    for piece in (a, b):
        if piece.key in game.pieces:
            end(game, piece, table)


def remove_suppressed(game: Game, side: str, pieces: list[Piece]) -> None:
    """Two SUPPRESSED markers from one card, or one each from two cards (TCG p.6)."""
    tell_tactic(game, side, Tactic.REMOVE_SUPPRESSED, "COMMAND marker on: remove SUPPRESSED markers.")
    removals = [pieces[0], pieces[0]] if len(pieces) == 1 else pieces[:2]
    for piece in removals:
        if piece.suppressed:
            piece.suppressed -= 1
            game.tell(
                MarkersEvent(
                    turn=game.turn,
                    phase=game.phase,
                    side=side,
                    text=f"{piece.name} loses a SUPPRESSED marker.",
                    page=page(6),
                    piece=piece.key,
                    suppressed=-1,
                )
            )


def command(game: Game, piece: Piece, table: Table[TcgView]) -> None:
    """Activate a Unit Card with a COMMAND marker: no roll, it obeys (TCG p.7)."""
    if piece.activated:
        raise ValueError(f"{piece.name} is already ACTIVATED this phase")
    tell_tactic(game, piece.side, Tactic.ACTIVATE, f"COMMAND marker on {piece.name}.", (piece.key,))
    game.tell(
        ActivationEvent(
            turn=game.turn,
            phase=game.phase,
            side=piece.side,
            text=f"{piece.name} is activated by a COMMAND marker.",
            page=page(7),
            piece=piece.key,
            by_go=False,
            success=True,
        )
    )
    activate(game, piece, table)


def tactics(game: Game, side: str) -> Iterator[TacticOption]:
    """Every tactic the side may put its COMMAND marker on now: recover, manage, each pair of
    cards that may manoeuvre (with either shooting), each card or pair of cards with SUPPRESSED
    markers to remove, each card not ACTIVATED to activate."""
    yield Recover()
    yield Manage()
    mine = game.of(side)
    for a, b in combinations(mine, 2):
        if can_manoeuvre(game, a, b):
            yield Manoeuvre(a.box, b.box, a.box)
            yield Manoeuvre(a.box, b.box, b.box)
    burdened = [p for p in mine if p.suppressed]
    yield from (RemoveSuppressed((p.box,)) for p in burdened)
    yield from (RemoveSuppressed((a.box, b.box)) for a, b in combinations(burdened, 2))
    yield from (Command(p.box) for p in mine if not p.activated)


def allows(game: Game, side: str, choice: object) -> bool:
    """Whether `choice` is one of the tactics `tactics` offers, in either order of a pair."""
    match choice:
        case Recover() | Manage():
            return True
        case Manoeuvre(first=first, second=second, shooter=shooter):
            a, b = _own(game, side, first), _own(game, side, second)
            return a is not None and b is not None and can_manoeuvre(game, a, b) and shooter in (first, second)
        case RemoveSuppressed(cards=boxes):
            found = [_own(game, side, box) for box in boxes]
            return 1 <= len(boxes) <= 2 and len(set(boxes)) == len(boxes) and all(p and p.suppressed for p in found)
        case Command(card=box):
            piece = _own(game, side, box)
            return piece is not None and not piece.activated
    return False


def _own(game: Game, side: str, box: Box) -> Piece | None:
    piece = game.at(box)
    return piece if piece is not None and piece.side == side else None


def take_tactic(game: Game, side: str, left: int, table: Table[TcgView]) -> None:
    """Spend one COMMAND marker (`left`: those still to spend, this one included) on the
    tactic its player chooses at `table`, and play it; first, the side may turn hidden cards
    face up (TCG p.16-17)."""
    reveal_at_will(game, side, table)
    options = Offered(lambda: tactics(game, side), lambda choice: allows(game, side, choice))
    chosen = table.ask(TacticChoice(side=side, options=options, left=left))
    match chosen:
        case Recover():
            recover(game, side)
        case Manage():
            manage(game, side).ask(table)
        case Manoeuvre(first=first, second=second, shooter=shooter):
            a, b, by = (_card(game, box) for box in (first, second, shooter))
            manoeuvre(game, a, b, by, table)
        case RemoveSuppressed(cards=boxes):
            remove_suppressed(game, side, [_card(game, box) for box in boxes])
        case Command(card=box):
            command(game, _card(game, box), table)


def _card(game: Game, box: Box) -> Piece:
    piece = game.at(box)
    if piece is None:
        raise ValueError(f"no card in box {list(box)}")
    return piece
