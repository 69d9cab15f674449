"""The hex game in a balance run (builder.services.balance): a validated scenario (hon's
YAML or a .m44 file) played from one seed, each side by its player (builder.memoir.ai, as
builder.services.memoir_game names them) and read down to a GameResult. The sides score
medals; the objectives
are the medal hexes, held by the side whose unit stands there when the medal is one it may
win; a turn is one side's (the summary's turn sequence); the first move is the scenario's
`starts`, passed round the sides seed by seed with `swap_initiative`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from builder.kernel.decisions import Policy
from builder.kernel.match import play
from builder.memoir.catalogue import Catalogue, Side
from builder.memoir.rules.events import BattleEvent, EliminatedEvent, MemoirEvent
from builder.memoir.rules.players import MemoirPlayer
from builder.memoir.rules.simulation import RULES, MemoirGame, new_game
from builder.memoir.rules.state import GameState, start
from builder.memoir.scenario import Place, Scenario, SideSetup
from builder.memoir.system import MEMOIR
from builder.services.balance import (
    Attack,
    BalanceAsk,
    Destroyed,
    GameResult,
    Players,
    Prepared,
    Score,
    Setting,
    destroyers,
    first_for,
)
from builder.services.balance_handicap import Handicap, HandicapKind, Measure, NoHandicap, around, most
from builder.services.memoir_game import players_for, prepare_game

MEDALS_REACH = 2  # a vp handicap: a side needs up to two medals fewer or more


def prepare(path: Path, ask: BalanceAsk) -> Prepared:
    """A scenario file (YAML or .m44) validated, ready to be played."""
    checked = prepare_game(path).checked
    return Prepared(MemoirBalance(checked.scenario, checked.catalogue, ask.players, ask.swap_initiative), (path,))


def objective_key(place: Place) -> str:
    return f"hex-{place.row}-{place.col}"


@dataclass(frozen=True)
class MemoirBalance:
    """A hex-game scenario ready for a balance run."""

    scenario: Scenario
    catalogue: Catalogue
    players: Players = field(default_factory=Players)
    swap_initiative: bool = False
    # Read off the game as set up, once: names, each unit's side, the medal hexes.
    labels: Mapping[str, str] = field(init=False, compare=False)
    owners: Mapping[str, str] = field(init=False, compare=False)
    objectives: tuple[str, ...] = field(init=False, compare=False)

    def __post_init__(self) -> None:
        state = start(self.scenario, self.catalogue)
        labels = {side.id.value: side.name for side in self.scenario.sides}
        labels.update((key, piece.label) for key, piece in state.pieces.items())
        places = {objective_key(place): place for place, _ in state.medal_holders()}
        labels.update((key, f"the medal hex at ({place.row}, {place.col})") for key, place in places.items())
        object.__setattr__(self, "labels", labels)
        object.__setattr__(self, "owners", {key: piece.side.value for key, piece in state.pieces.items()})
        object.__setattr__(self, "objectives", tuple(places))

    @property
    def setting(self) -> Setting:
        scenario = self.scenario
        return Setting(MEMOIR.id, scenario.id, scenario.title, self.players, None, self.swap_initiative, Score.MEDALS)

    @property
    def sides(self) -> tuple[str, ...]:
        return tuple(side.id.value for side in self.scenario.sides)

    def label(self, key: str) -> str:
        return self.labels.get(key, key)

    def scenario_for(self, seed: int) -> Scenario:
        """The scenario the game of `seed` plays: as written, or with the first move passed
        round the sides."""
        if not self.swap_initiative:
            return self.scenario
        first = first_for(self.sides, self.scenario.starts.value, seed)
        return self.scenario.model_copy(update={"starts": Side(first)})

    def play(self, seed: int) -> GameResult:
        scenario = self.scenario_for(seed)
        game = new_game(scenario, self.catalogue, seed=seed)
        by_turn: dict[int, dict[str, str | None]] = {}

        def watch(now: MemoirGame) -> None:  # a step is the set-up (turn 0) or one side's turn
            if now.state.turn:
                by_turn[now.state.turn] = self.held(now.state)

        def make(policy: Policy) -> dict[str, MemoirPlayer]:
            return {side.value: player for side, player in players_for(game, policy, self.players.budget).items()}

        players = self.players.seat(self.sides, make)
        end = play(RULES, game, players, watch, sampled=self.players.searching(self.sides))
        record = end.record()
        winner = record.winner.value if record.winner is not None else None
        decisive: tuple[str, ...] = ()
        if winner is not None:
            found = destroyers(self._attacks(record.events), winner) | self.holders(end.state, winner)
            decisive = tuple(sorted(found))
        return GameResult(
            seed=seed,
            winner=winner,
            victory_points=dict(record.medals),
            turns=record.turns,
            held=self.held(end.state),
            held_by_turn=tuple(by_turn[turn] for turn in range(1, record.turns + 1)),
            decisive=decisive,
            initiative=scenario.starts.value,
        )

    def sweep(self, kind: HandicapKind) -> tuple[Handicap, ...]:
        """Vp: the medals a side needs, two fewer to two more (the scenario's own first).
        No turns: a side wins on medals, whatever the turn."""
        if kind is HandicapKind.TURNS:
            raise NoHandicap(f"{self.scenario.title} has no turn limit (a side wins on medals): try --handicap vp.")
        first = self.scenario.sides[0]
        others = (
            Handicap(Measure.MEDALS_NEEDED, n, side.medals, side.id.value)
            for side in self.scenario.sides
            for n in around(side.medals, MEDALS_REACH, 1, most(SideSetup, "medals"))
            if n != side.medals
        )
        return (Handicap(Measure.MEDALS_NEEDED, first.medals, first.medals, first.id.value), *others)

    def handicapped(self, handicap: Handicap) -> MemoirBalance:
        """The game on the scenario with a side needing `handicap`'s medals."""
        sides = tuple(
            side.model_copy(update={"medals": handicap.value}) if side.id.value == handicap.side else side
            for side in self.scenario.sides
        )
        return replace(self, scenario=self.scenario.model_copy(update={"sides": sides}))

    def held(self, state: GameState) -> dict[str, str | None]:
        """Who holds each medal hex now (a hex with two medals: whoever holds either)."""
        held: dict[str, str | None] = {}
        for place, side in state.medal_holders():
            key = objective_key(place)
            held[key] = held.get(key) or (side.value if side is not None else None)
        return held

    def holders(self, state: GameState, side: str) -> set[str]:
        """Units of `side` standing on a medal hex it holds."""
        return {
            unit.key
            for place, holder in state.medal_holders()
            if holder == side and (unit := state.at(place.hex)) is not None
        }

    def _attacks(self, events: tuple[MemoirEvent, ...]) -> Iterator[Attack | Destroyed]:
        """The battles of a game and the units eliminated."""
        for event in events:
            if isinstance(event, BattleEvent):
                yield Attack(event.unit, self.owners[event.unit], event.target)
            elif isinstance(event, EliminatedEvent):
                yield Destroyed(event.unit, self.owners[event.unit])
