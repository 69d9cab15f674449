"""The Heroes System in a balance run (builder.services.balance): a prepared game played
from one seed, each side by its player (the simple policy with seeded variety,
builder.heroes.ai.varied; the random player; the search agent), and read down to a
GameResult.

Initiative: a scenario that rolls for it ("random") already gives it to either side, seed by
seed. One that names a side can be played with `swap_initiative`: then the seeds take turns
giving it to each side in the scenario's order (seed S to the scenario's side, S + 1 to the
next…), a variant of the scenario that tells how much the initiative weighs."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

from builder.heroes.ai.greedy import own_dice
from builder.heroes.ai.varied import VariedPolicy
from builder.heroes.army.resolve import resolve
from builder.heroes.rules.events.game import (
    AssaultEvent,
    ControlEvent,
    DestroyedEvent,
    FireEvent,
    HeroesEvent,
    InitiativeEvent,
    SniperEvent,
    TemplateEvent,
)
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.players import HeroesPlayer
from builder.heroes.rules.setup.placement import campaign_changed, field_army
from builder.heroes.rules.simulation import GameRecord, simulate
from builder.heroes.rules.state import objective_squares
from builder.heroes.scenario.conditions import AllOf, AnyOf, Condition, Not, VictoryPoints
from builder.heroes.scenario.models import RANDOM, Scenario, Turns
from builder.heroes.system import HEROES
from builder.io.catalogue_files import catalogue_inputs, load_catalogue
from builder.io.paths import existing_user_catalogue
from builder.kernel.choice import Stream
from builder.kernel.decisions import Policy
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
from builder.services.game import PreparedGame, players_for, prepare_game

DEFAULT_TEMPERATURE = 0.5  # the greedy player's variety when none is asked for
TURNS_REACH = 3  # a turns handicap: up to three turns fewer or more
BONUS_REACH = 5  # a vp handicap: up to five victory points more for a side at the start


def prepare(path: Path, ask: BalanceAsk) -> Prepared:
    """A Heroes System scenario with the army lists asked for (those it names otherwise),
    on the bundled catalogue with the player's over it."""
    folder = existing_user_catalogue(ask.catalogue)
    catalogue, _ = load_catalogue(folder)
    game = prepare_game(path, catalogue, ask.armies)
    temperature = DEFAULT_TEMPERATURE if ask.temperature is None else ask.temperature
    balance = HeroesBalance(game, temperature, ask.swap_initiative, ask.players)
    inputs = (*game.loaded.files(), *ask.armies.values(), *catalogue_inputs(folder))
    return Prepared(balance, inputs, tuple(issue.message for issue in game.army_warnings))


def policy_stream(seed: int, side: str) -> Stream:
    """The draws of the varied policy of `side` in the game of `seed`: a stream of its own,
    so the seed still decides the whole game."""
    return random.Random(f"hon-balance-policy/{seed}/{side}")


@dataclass(frozen=True)
class HeroesBalance:
    """A Heroes System scenario ready for a balance run."""

    game: PreparedGame
    temperature: float = 0.0
    swap_initiative: bool = False
    players: Players = field(default_factory=Players)  # greedy: the varied policy at `temperature`
    labels: Mapping[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if self.temperature < 0:
            raise ValueError(f"a temperature is 0 or more, not {self.temperature}")
        if not self.labels:
            object.__setattr__(self, "labels", _labels(self.game))

    @property
    def setting(self) -> Setting:
        scenario = self.game.scenario
        greedy = any(self.players.of(seat) is Policy.GREEDY for seat in self.seats)
        swapped = self.swap_initiative and self.swappable
        temperature = self.temperature if greedy else None
        return Setting(HEROES.id, scenario.id, scenario.title, self.players, temperature, swapped, seats=self.seats)

    @property
    def sides(self) -> tuple[str, ...]:
        """Who can win: the sides, a team of players as one (SoN p.10)."""
        scenario = self.game.scenario
        return tuple(dict.fromkeys(scenario.team_of(side.id) for side in scenario.sides))

    @property
    def seats(self) -> tuple[str, ...]:
        """Who plays: the scenario's sides, each by one player (a team's players each)."""
        return tuple(side.id for side in self.game.scenario.sides)

    @property
    def objectives(self) -> tuple[str, ...]:
        return tuple(objective.id for objective in self.game.scenario.objectives)

    @property
    def swappable(self) -> bool:
        """Whether the scenario names the side with the initiative (else it is rolled)."""
        return self.game.scenario.setup.initiative != RANDOM

    def label(self, key: str) -> str:
        return self.labels.get(key, key)

    def scenario_for(self, seed: int) -> Scenario:
        """The scenario the game of `seed` plays: as written, or with the initiative passed
        round the sides (module docs)."""
        scenario = self.game.scenario
        if not (self.swap_initiative and self.swappable):
            return scenario
        players = [side.id for side in scenario.sides]  # the players take the initiative in turn
        first = first_for(players, scenario.setup.initiative, seed)
        return scenario.model_copy(update={"setup": scenario.setup.model_copy(update={"initiative": first})})

    def play(self, seed: int) -> GameResult:
        game = self.game
        scenario = self.scenario_for(seed)
        players = self.seated(scenario, seed)
        searching = self.players.searching(self.seats)
        record = simulate(
            scenario, game.battlefield, game.armies, game.catalogue, seed=seed, policies=players, sampled=searching
        )
        return self.result(record)

    def seated(self, scenario: Scenario, seed: int) -> dict[str, HeroesPlayer]:
        """Who plays each side in the game of `seed`: the greedy player with seeded variety
        (each on dice and draws of its own), or the system's own."""

        def make(policy: Policy) -> dict[str, HeroesPlayer]:
            if policy is not Policy.GREEDY:
                return players_for(scenario, policy, seed, self.players.budget)
            return {
                seat: VariedPolicy(
                    temperature=self.temperature,
                    stream=policy_stream(seed, seat) if self.temperature > 0 else None,
                    dice=own_dice(seed, seat),
                )
                for seat in self.seats
            }

        return self.players.seat(self.seats, make)

    def result(self, record: GameRecord) -> GameResult:
        """What a played game tells the tally."""
        events = record.events
        control: dict[str, str | None] = dict.fromkeys(self.objectives)
        by_turn: list[dict[str, str | None]] = []
        for event in events:
            while event.turn > len(by_turn) + 1:
                by_turn.append(dict(control))
            if isinstance(event, ControlEvent):
                control[event.objective] = event.side
        while len(by_turn) < record.turns:
            by_turn.append(dict(control))
        initiative = next((e.side for e in events if isinstance(e, InitiativeEvent)), None)
        winner = record.winner
        decisive: tuple[str, ...] = ()
        if winner in self.sides:
            last = record.frames[-1].pieces if record.frames else ()
            players = [s.id for s in self.game.scenario.sides if self.game.scenario.team_of(s.id) == winner]
            found = set().union(*(destroyers(_attacks(events), player) for player in players))
            decisive = tuple(sorted(found | self._holders(last, winner, control)))
        return GameResult(
            seed=record.seed,
            winner=winner,
            victory_points=dict(record.victory_points),
            turns=record.turns,
            held=control,
            held_by_turn=tuple(by_turn),
            decisive=decisive,
            initiative=initiative,
        )

    def sweep(self, kind: HandicapKind) -> tuple[Handicap, ...]:
        """Turns: the scenario's count, three fewer to three more. Vp, where its victory
        conditions count victory points: a side starts with up to five more (the first
        player of each team, SoN p.10)."""
        scenario = self.game.scenario
        if kind is HandicapKind.TURNS:
            written = scenario.setup.turns.count
            settings = around(written, TURNS_REACH, 1, most(Turns, "count"))
            return tuple(Handicap(Measure.TURNS, n, written) for n in settings)
        conditions = [o.condition for o in scenario.victory.outcomes] + list(scenario.victory.end.early)
        if not any(_counts_points(condition) for condition in conditions):
            raise NoHandicap(f"{scenario.title}'s victory conditions count no victory points: try --handicap turns.")
        start = scenario.setup.victory_points
        firsts = [next(s.id for s in scenario.sides if scenario.team_of(s.id) == team) for team in self.sides]
        own = Handicap(Measure.STARTING_POINTS, start.get(firsts[0], 0), start.get(firsts[0], 0), firsts[0])
        more = (
            Handicap(Measure.STARTING_POINTS, start.get(side, 0) + bonus, start.get(side, 0), side)
            for side in firsts
            for bonus in range(1, BONUS_REACH + 1)
        )
        return (own, *more)

    def handicapped(self, handicap: Handicap) -> HeroesBalance:
        """The game on the scenario with `handicap`'s turns or starting victory points."""
        setup = self.game.scenario.setup
        if handicap.measure is Measure.TURNS:
            setup = setup.model_copy(update={"turns": setup.turns.model_copy(update={"count": handicap.value})})
        elif handicap.side is not None:
            points = {**setup.victory_points, handicap.side: handicap.value}
            setup = setup.model_copy(update={"victory_points": points})
        scenario = self.game.scenario.model_copy(update={"setup": setup})
        return replace(self, game=replace(self.game, loaded=replace(self.game.loaded, scenario=scenario)))

    def _holders(self, pieces: tuple[Piece, ...], side: str, control: Mapping[str, str | None]) -> set[str]:
        """Units of `side` standing on an objective it holds."""
        held = [
            objective_squares(o, self.game.battlefield)
            for o in self.game.scenario.objectives
            if control.get(o.id) == side
        ]
        return {
            p.key
            for p in pieces
            if p.allegiance == side and not p.is_wreck and any(sq in area for area in held for sq in p.squares)
        }


def _counts_points(condition: Condition) -> bool:
    """Whether a victory condition counts victory points anywhere in it."""
    if isinstance(condition, VictoryPoints):
        return True
    if isinstance(condition, (AllOf, AnyOf)):
        return any(_counts_points(part) for part in condition.of)
    return isinstance(condition, Not) and _counts_points(condition.condition)


def _attacks(events: tuple[HeroesEvent, ...]) -> Iterator[Attack | Destroyed]:
    """The attacks of a game (fire, a template, a sniper, an assault either way) and the
    units destroyed; a unit's key starts with its side ("german/…")."""
    template: str | None = None
    for event in events:
        if isinstance(event, TemplateEvent):
            template = event.firer
        elif isinstance(event, FireEvent):
            firer = event.firer or template
            if firer is not None:
                yield _attack(firer, event.target)
        elif isinstance(event, SniperEvent):
            yield _attack(event.firer, event.target)
        elif isinstance(event, AssaultEvent):
            yield _attack(event.attacker, event.defender)
            yield _attack(event.defender, event.attacker)
        elif isinstance(event, DestroyedEvent) and event.side is not None:
            yield Destroyed(event.unit, event.side)


def _attack(attacker: str, target: str) -> Attack:
    return Attack(attacker, attacker.partition("/")[0], target)


def _labels(game: PreparedGame) -> dict[str, str]:
    """Sides, objectives and units by key, as a player reads them."""
    scenario = game.scenario
    labels = {side.id: side.name for side in scenario.sides}
    for team in scenario.teams:  # a team of players (SoN p.10), by its players
        labels[team] = " and ".join(side.name for side in scenario.sides if side.team == team)
    labels.update((o.id, o.name) for o in scenario.objectives)
    for side, army in game.armies.items():
        force = campaign_changed(field_army(resolve(army, game.catalogue), side), scenario, game.catalogue.units)
        for piece in force.pieces:
            title = force.title(piece)
            labels[piece.key] = piece.unit.name if title == piece.unit.name else f"{piece.unit.name} ({title})"
    return labels
