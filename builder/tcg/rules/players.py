"""Who plays a side of the Tactical Card Game (DESIGN.md 7), and what that side may know.

A player is one method, `choose(view, decision)`, answering each decision
(builder.tcg.rules.decisions) with one of its options. Players live apart from the rules
(builder.tcg.ai): the rules ask through a kernel Table and check the answer against the
options they offered.

The view is the table as the side sees it across the board (TCG p.4, p.16-17): its own cards
and hand; the other side's visible cards; of the other side's hidden cards, the back alone
(a hidden card may be a decoy: only its player knows), under a handle that names no card
(`hidden_key`) where the game's own key names its card; no reserve's order, no other hand,
no dice to come, no log (whose keys name the cards). It is a game of its own, so that a
player may ask the rules' questions of it (where a card may move, what it may shoot at) and
never learn more than its side may."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from copy import copy
from dataclasses import dataclass, field, replace
from typing import Any, TypeAlias

from builder.kernel.decisions import Player
from builder.kernel.match import Course
from builder.tcg.rules.decisions import TcgDecision
from builder.tcg.rules.state import CardBack, Game, Piece
from builder.tcg.rules.state import Player as CommandBoard
from builder.tcg.scenario import Scenario

BACK = CardBack()


@dataclass(frozen=True)
class TcgView:
    """What `side` may know of the game as it stands: `game` is the table as it sees it
    (the other side's hidden cards face down, no hand but its own, no reserve, no dice, no
    log), `hands` and `reserves` the number of cards in each side's hand and reserve.

    What the view was made from is kept for a sampler (builder.tcg.rules.sampling), never
    for a player: the step's course (holding the real game at the step's start) and the
    dice the game had rolled (None for a view made with no game around it)."""

    side: str
    game: Game
    hands: Mapping[str, int]
    reserves: Mapping[str, int]
    _course: Course[Any] | None = field(default=None, compare=False, repr=False)
    _rolled: int | None = field(default=None, compare=False, repr=False)


TcgPlayer: TypeAlias = Player[TcgView, TcgDecision]


class NoDice:
    """The dice of a view: what they will show is no side's to know."""

    def roll(self, count: int = 1) -> tuple[int, ...]:
        raise ValueError("a side's view of the game rolls no dice")


NO_DICE = NoDice()


def hidden_key(piece: Piece) -> str:
    """How the other side names a hidden card: its side and the order it came onto the
    battlefield in, which both sides saw ("german-card-07")."""
    return f"{piece.side}-card-{piece.arrival:02d}"


def seen_by(game: Game, side: str, course: Course[Any] | None = None, rolled: int | None = None) -> TcgView:
    """The view of `game` that `side` has, the step in play having gone as `course` says
    and the dice having rolled `rolled` faces (for a sampler). Its own cards and the
    visible ones are the game's own, to read and never to change."""
    scenario = _public(game.scenario, side)
    pieces = {piece.key: piece for piece in (_seen(piece, side) for piece in game.pieces.values())}
    players = {owner: _board(player, owner == side, scenario) for owner, player in game.players.items()}
    table = replace(
        game,
        scenario=scenario,
        dice=NO_DICE,
        pieces=pieces,
        players=players,
        events=[],
        keys=Counter(),
        frames=None,
    )
    hands = {owner: len(player.hand) for owner, player in game.players.items()}
    reserves = {owner: len(player.reserve) for owner, player in game.players.items()}
    return TcgView(side, table, hands, reserves, course, rolled)


def viewer(game: Game) -> Callable[[str, Course[Any]], TcgView]:
    """Each side's view of `game`, as a Table asks for it."""
    return lambda side, course: seen_by(game, side)


def _seen(piece: Piece, side: str) -> Piece:
    """A card as `side` sees it: the other side's hidden card by its back alone."""
    if piece.side == side or not piece.hidden:
        return piece
    back = copy(piece)
    back.key, back.card = hidden_key(piece), BACK
    return back


def _board(player: CommandBoard, own: bool, scenario: Scenario) -> CommandBoard:
    """A command board as seen across the table: the reserve face down, the hand too unless
    it is one's own; the discard pile, the markers and the events used are in sight; its
    side as the scenario reads to the viewer."""
    seen = copy(player)
    seen.reserve, seen.hand = [], list(player.hand) if own else []
    seen.side = next(side for side in scenario.sides if side.id == player.side.id)
    return seen


# The scenarios as each side reads them, for the few scenarios in play (a view is made at
# every decision a player is asked); each kept with its scenario, so that its id is its own.
_PUBLIC: dict[tuple[int, str], tuple[Scenario, Scenario]] = {}
_KEPT = 16


def _public(scenario: Scenario, side: str) -> Scenario:
    """The scenario as `side` reads it: where the other side deploys hidden cards, and
    which, is for that side alone (TCG p.16)."""
    kept = _PUBLIC.get((id(scenario), side))
    if kept is not None and kept[0] is scenario:
        return kept[1]
    if len(_PUBLIC) >= _KEPT:
        _PUBLIC.clear()
    public = _redacted(scenario, side)
    _PUBLIC[(id(scenario), side)] = (scenario, public)
    return public


def _redacted(scenario: Scenario, side: str) -> Scenario:
    sides = [
        s
        if s.id == side
        else s.model_copy(
            update={"force": s.force.model_copy(update={"deployment": [p for p in s.force.deployment if not p.hidden]})}
        )
        for s in scenario.sides
    ]
    return scenario.model_copy(update={"sides": sides})
