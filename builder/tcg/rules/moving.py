"""Moving a Unit Card (TCG p.7, p.9, p.13-14, p.17): one box orthogonally, diagonally too for
mechanised units, into an empty box; the forced march and "seize their position!" are
orthogonal whatever the card."""

from __future__ import annotations

from builder.tcg.base import Box, page
from builder.tcg.cards import SEIZERS, AbilityKind, UnitType
from builder.tcg.rules.board import neighbours, orthogonally_adjacent
from builder.tcg.rules.events import MoveEvent, MoveKind
from builder.tcg.rules.hidden import reveal_neighbours
from builder.tcg.rules.state import Game, Piece
from builder.tcg.terrain import Terrain

PAGES = {
    MoveKind.NORMAL: page(7),
    MoveKind.FORCED_MARCH: page(14),
    MoveKind.SEIZE: page(9),
    MoveKind.MANOEUVRE: page(6),
    MoveKind.FALL_BACK: page(11),
    MoveKind.FORWARD: page(11),
}
# The moves a mechanised card may make diagonally: all but the forced march and "seize their
# position!" (TCG p.13); Fall Back! and Forward! move "one box" as a card moves.
DIAGONAL_MOVES = frozenset({MoveKind.NORMAL, MoveKind.FALL_BACK, MoveKind.FORWARD})


def can_enter(game: Game, piece: Piece, box: Box) -> bool:
    """Water only with Amphibious, which counts it as flooded (TCG p.12, p.17)."""
    if game.at(box) is not None:
        return False
    return game.terrain(box) is not Terrain.WATER or piece.ability(AbilityKind.AMPHIBIOUS)


def moves(game: Game, piece: Piece, how: MoveKind = MoveKind.NORMAL) -> list[Box]:
    """The boxes a card may move into: diagonals only for a mechanised card's own move."""
    if piece.ability(AbilityKind.IMMOBILE):
        return []
    diagonal = how in DIAGONAL_MOVES and piece.is_a(UnitType.MECHANISED)
    return [box for box in neighbours(game.scenario.board, piece.box, diagonal) if can_enter(game, piece, box)]


def can_seize(game: Game, piece: Piece, box: Box) -> bool:
    """After destroying an enemy, a tank, mechanised or infantry card may take its box, never
    diagonally (TCG p.9); artillery never (TCG p.13, even combined with another type); only a
    tank into a fortified box (TCG p.17, and the "Trench" of p.13)."""
    if piece.unit is None or piece.is_a(UnitType.ARTILLERY) or piece.ability(AbilityKind.IMMOBILE):
        return False
    if not any(piece.is_a(t) for t in SEIZERS) or not orthogonally_adjacent(piece.box, box):
        return False
    if game.terrain(box).tanks_only_seize and not piece.is_a(UnitType.TANK):
        return False
    return can_enter(game, piece, box)


def move(game: Game, piece: Piece, to: Box, how: MoveKind) -> MoveEvent:
    origin = piece.box
    piece.box = to
    event = _tell(game, piece, origin, how)
    reveal_neighbours(game, piece)
    return event


def swap(game: Game, a: Piece, b: Piece) -> None:
    """A manoeuvre's two cards swap places (TCG p.6). Each of them moves into a box, so each
    turns face up the hidden enemies next to the box it enters (TCG p.16), whichever card the
    player names first."""
    a.box, b.box = b.box, a.box
    _tell(game, a, b.box, MoveKind.MANOEUVRE)
    _tell(game, b, a.box, MoveKind.MANOEUVRE)
    reveal_neighbours(game, a)
    reveal_neighbours(game, b)


def _tell(game: Game, piece: Piece, origin: Box, how: MoveKind) -> MoveEvent:
    event = MoveEvent(
        turn=game.turn,
        phase=game.phase,
        side=piece.side,
        text=f"{piece.name} {_verb(how)} from {list(origin)} to {list(piece.box)}.",
        page=PAGES[how],
        piece=piece.key,
        origin=origin,
        to=piece.box,
        how=how,
    )
    game.tell(event)
    return event


def _verb(how: MoveKind) -> str:
    return {
        MoveKind.NORMAL: "moves",
        MoveKind.FORCED_MARCH: "makes a forced march",
        MoveKind.SEIZE: "seizes their position",
        MoveKind.MANOEUVRE: "swaps places",
        MoveKind.FALL_BACK: "falls back",
        MoveKind.FORWARD: "goes forward",
    }[how]
