"""The Tactical Card Game in a balance run (builder.services.balance): a checked scenario
played from one seed, each side by its player (builder.tcg.ai, as builder.services.tcg_game
names them), and read down to a GameResult. Objectives are the scenario's objective markers, held by the side whose Unit
Card stands on the box (TCG p.16); the first move is the scenario's first player (TCG p.6),
passed round the sides seed by seed with `swap_initiative`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from builder.kernel.match import play
from builder.services.balance import (
    Attack,
    BalanceAsk,
    Destroyed,
    GameResult,
    Players,
    Prepared,
    Setting,
    destroyers,
    first_for,
)
from builder.services.balance_handicap import Handicap, HandicapKind, Measure, NoHandicap, around, most
from builder.services.tcg_game import open_cards, players_for, ready
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.conditions import VictoryPoints
from builder.tcg.rules.events import DestroyedEvent, ShotEvent, TcgEvent
from builder.tcg.rules.simulation import RULES, TcgGame, new_game
from builder.tcg.rules.state import Game
from builder.tcg.rules.variants import Variant
from builder.tcg.scenario import MAX_TURNS, MIN_TURNS, Marker, Scenario
from builder.tcg.system import TCG


def prepare(path: Path, ask: BalanceAsk) -> Prepared:
    """A scenario file checked against the bundled cards, ready to be played."""
    checked = ready(path, open_cards())
    variants = frozenset(Variant(name) for name in ask.variants)
    balance = TcgBalance(checked.scenario, checked.cards, ask.players, ask.swap_initiative, variants)
    return Prepared(balance, (path,))


TURNS_REACH = 3  # a turns handicap: up to three turns fewer or more, within the book's 4 to 8
POINTS_REACH = 3  # a vp handicap: a side needs up to three victory points fewer or more


def objective_key(marker: Marker) -> str:
    """An objective by its id, or by its box when it has none."""
    return marker.id or f"box-{marker.box[0]}-{marker.box[1]}"


@dataclass(frozen=True)
class TcgBalance:
    """A Tactical Card Game scenario ready for a balance run."""

    scenario: Scenario
    cards: CardCatalogue
    players: Players = field(default_factory=Players)
    swap_initiative: bool = False
    variants: frozenset[Variant] = frozenset()  # TCG p.21
    labels: Mapping[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.labels:
            object.__setattr__(self, "labels", _labels(self.scenario, self.cards))

    @property
    def setting(self) -> Setting:
        scenario = self.scenario
        variants = tuple(sorted(self.variants))
        return Setting(TCG.id, scenario.id, scenario.title, self.players, None, self.swap_initiative, variants=variants)

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(side.id for side in self.scenario.sides)

    @property
    def objectives(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(objective_key(marker) for marker in self.scenario.objectives()))

    def label(self, key: str) -> str:
        """A side, objective or card; a second copy of a card by its number ("us-decoy#2")."""
        if key in self.labels:
            return self.labels[key]
        card, _, copy = key.partition("#")
        return f"{self.labels.get(card, card)} ({copy})" if copy else key

    def scenario_for(self, seed: int) -> Scenario:
        """The scenario the game of `seed` plays: as written, or with the first player passed
        round the sides."""
        if not self.swap_initiative:
            return self.scenario
        first = first_for(self.sides, self.scenario.first_player, seed)
        return self.scenario.model_copy(update={"first_player": first})

    def play(self, seed: int) -> GameResult:
        scenario = self.scenario_for(seed)
        by_turn: dict[int, dict[str, str | None]] = {}

        def watch(state: TcgGame) -> None:  # the last step of a turn leaves its control
            by_turn[state.game.turn] = self.held(state.game)

        players = self.players.seat(self.sides, lambda policy: players_for(scenario, policy, seed, self.players.budget))
        searching = self.players.searching(self.sides)
        end = play(
            RULES, new_game(scenario, self.cards, seed=seed, variants=self.variants), players, watch, sampled=searching
        )
        record = end.record()
        held = self.held(end.game)
        decisive: tuple[str, ...] = ()
        if record.winner in self.sides:
            found = destroyers(_attacks(record.events), record.winner) | self.holders(end.game, record.winner)
            decisive = tuple(sorted(found))
        return GameResult(
            seed=seed,
            winner=record.winner,
            victory_points=dict(record.victory_points),
            turns=record.turns,
            held=held,
            held_by_turn=tuple(by_turn[turn] for turn in range(1, record.turns + 1)),
            decisive=decisive,
            initiative=scenario.first_player,
        )

    def sweep(self, kind: HandicapKind) -> tuple[Handicap, ...]:
        """Turns: the scenario's, three fewer to three more within TCG p.6's 4 to 8. Vp,
        where a victory condition counts victory points: the points a side needs, three
        fewer to three more (the scenario's own first)."""
        if kind is HandicapKind.TURNS:
            written = self.scenario.turns
            settings = around(written, TURNS_REACH, MIN_TURNS, MAX_TURNS)
            return tuple(Handicap(Measure.TURNS, n, written) for n in settings)
        needed = {c.side: c.points for c in self.scenario.victory if isinstance(c, VictoryPoints)}
        if not needed:
            title = self.scenario.title
            raise NoHandicap(f"{title}'s victory conditions count no victory points: try --handicap turns.")
        first, points = next(iter(needed.items()))
        others = (
            Handicap(Measure.POINTS_NEEDED, n, written, side)
            for side, written in needed.items()
            for n in around(written, POINTS_REACH, 1, most(VictoryPoints, "points"))
            if n != written
        )
        return (Handicap(Measure.POINTS_NEEDED, points, points, first), *others)

    def handicapped(self, handicap: Handicap) -> TcgBalance:
        """The game on the scenario with `handicap`'s turns or victory points needed."""
        if handicap.measure is Measure.TURNS:
            return replace(self, scenario=self.scenario.model_copy(update={"turns": handicap.value}))
        victory = [
            c.model_copy(update={"points": handicap.value})
            if isinstance(c, VictoryPoints) and c.side == handicap.side
            else c
            for c in self.scenario.victory
        ]
        return replace(self, scenario=self.scenario.model_copy(update={"victory": victory}))

    def held(self, game: Game) -> dict[str, str | None]:
        """Who controls each objective now."""
        return {objective_key(marker): game.controller(marker.box) for marker in self.scenario.objectives()}

    def holders(self, game: Game, side: str) -> set[str]:
        """Cards of `side` standing on an objective (so holding it)."""
        standing = (game.at(marker.box) for marker in self.scenario.objectives())
        return {piece.key for piece in standing if piece is not None and piece.side == side and not piece.is_decoy}


def _attacks(events: tuple[TcgEvent, ...]) -> Iterator[Attack | Destroyed]:
    """The shots of a game and the cards destroyed: a decoy turned over or a Fragile card
    back to the reserve is not destroyed (TCG p.12, p.17)."""
    for event in events:
        if isinstance(event, ShotEvent) and event.side is not None:
            yield Attack(event.piece, event.side, event.target)
        elif isinstance(event, DestroyedEvent) and event.side is not None and not (event.decoy or event.fragile):
            yield Destroyed(event.piece, event.side)


def _labels(scenario: Scenario, cards: CardCatalogue) -> dict[str, str]:
    """Sides, objectives and the cards of both forces by key, as a player reads them."""
    labels: dict[str, str] = {}
    for side in scenario.sides:
        for card_id in (*(placed.card for placed in side.force.deployment), *side.force.deck_cards()):
            card = cards.get(card_id)
            labels[card_id] = card.name if card is not None else card_id
    labels.update((side.id, side.name) for side in scenario.sides)
    labels.update((objective_key(m), m.name or m.id or objective_key(m)) for m in scenario.objectives())
    return labels
