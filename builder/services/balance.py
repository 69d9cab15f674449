"""Is this scenario fair? A balance run (DESIGN.md 9): play a scenario many times with seeds
S, S+1, … and tally each side's wins with a 95 % Wilson interval, draws, victory points,
game length, objectives held, and the units most often decisive.

Every game system takes part through a small protocol: a `BalanceGame` (balance_heroes,
balance_tcg, balance_memoir; builder.services.balance_systems finds the one of a file) is a
scenario prepared once that plays one seed with the players asked and returns a
`GameResult` (a few numbers, never an event log), so the results travel cheaply between
processes and machines. The seeds are cut into chunks of a fixed size; a backend
(builder.services.balance_local, builder.services.balance_ray) plays the chunks wherever it
likes but hands them back in seed order, and the tally takes them in that order and checks
the stopping rule after each chunk. So the same seeds give the same tallies whatever the
number of workers or the backend. A game that raises is a bug, never a game left out: the
run stops after its chunk, and the tally lists the seed and the error.

The report after Ludii's (`report` in the JSON form, Tally's methods): how many games were
decided (won by a side) and drawn, the first player's advantage (the win rate of the side
that moved first, with its 95 % interval), the length of the games in turns (mean, spread,
shortest, longest) and objective control by turn, read from each game's record as played:
for each turn, the share of the games that played it in which each side held each
objective at its end. A scenario without objectives has `control` null: nothing to hold,
not nobody holding it.

The JSON form (`to_json`, `hon balance --json`; tests/cli/balance_schema.py holds it):
    system, scenario, title: what was played
    policy: the player of every side ("greedy", "random", "search"), null when they differ
    players: {side: {name, player, budget}}: each side's (budget: the search agent's, else null)
    temperature, swap_initiative, score: the Heroes System's variety, the initiative passed
        round, what the sides score ("victory-points" or "medals")
    games, played, first_seed, precision, converged, interrupted, favoured (a side or null)
    sides: {side: {name, wins, rate, interval [low, high], victory_points {score: games},
        decisive [{unit, name, games}], with_initiative {winner: games}}}
    draws, unfinished, failed [{seed, error}], turns {turns: games}
    objectives: {objective: {name, held_at_end {side or "none": games}, held_by_turn [...]}}
    history: [{games, rates {side: [rate, low, high]}}]
    report: {decisive {games, share}, draws {games, share},
        first_player {wins, games, rate, interval}, length {mean, spread, shortest, longest},
        control: [{objective: {side or "none": share}}] by turn, or null without objectives}

`--policy compare` plays the same seeds under the greedy player and under the search agent
(every side each time) and prints {"agreement": "agree" | "one-favours" | "opposed",
"greedy": <the JSON form>, "search": <the JSON form>} (Agreement).

Decisive units (hon's definition): in a game a side wins, a unit of that side is decisive
when it destroyed an enemy unit (the last to attack it before it was destroyed: to fire at
it, assault it or be assaulted by it, shoot at its card, battle it on its hex) or stands at
the end on an objective its side then holds. The tally counts, for each unit, the won games
in which it was decisive."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Protocol, TypeVar

from builder.kernel.decisions import Policy
from builder.kernel.search import BUDGET

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95 % interval
DRAW = "draw"
NONE = "none"  # an objective nobody holds; the winner of a game stopped before its end

P = TypeVar("P")


@dataclass(frozen=True)
class GameResult:
    """What one game tells the tally."""

    seed: int
    winner: str | None  # a side id, "draw", or None for a game that did not finish
    victory_points: Mapping[str, int]
    turns: int
    held: Mapping[str, str | None]  # objective id -> the side holding it at the end
    held_by_turn: tuple[Mapping[str, str | None], ...]  # the same at the end of each turn
    decisive: tuple[str, ...] = ()  # units of the winner that were decisive (module docs)
    initiative: str | None = None  # the side with the initiative on turn 1
    error: str | None = None  # a game the rules core could not finish: what went wrong

    @classmethod
    def failed(cls, seed: int, problem: Exception) -> GameResult:
        return cls(seed, None, {}, 0, {}, (), error=failure(problem))


def failure(problem: Exception) -> str:
    """A game's error as `hon balance` and `hon simulate` tell it: its kind and message."""
    return f"{type(problem).__name__}: {problem}"


class Score(StrEnum):
    """What the sides score, tallied as `victory_points`."""

    VICTORY_POINTS = "victory-points"
    MEDALS = "medals"  # the hex game's


@dataclass(frozen=True)
class Players:
    """Who plays each side of a run (`--policy SIDE=NAME`, `--policy NAME`): `default` every
    side not `chosen` (side id, player), a search agent with `budget` play-outs a decision.
    A player stays with its side whoever has the initiative."""

    default: Policy = Policy.GREEDY
    chosen: tuple[tuple[str, Policy], ...] = ()
    budget: int = BUDGET

    def __post_init__(self) -> None:
        if self.budget < 1:
            raise ValueError(f"a search agent's budget is 1 play-out or more, not {self.budget}")

    def of(self, side: str) -> Policy:
        return dict(self.chosen).get(side, self.default)

    def searching(self, sides: Iterable[str]) -> bool:
        """Whether a search agent plays one of `sides` (its games are played sampled)."""
        return any(self.of(side) is Policy.SEARCH for side in sides)

    def one(self, sides: Iterable[str]) -> Policy | None:
        """The player of every side of `sides` when one plays them all."""
        found = {self.of(side) for side in sides}
        return found.pop() if len(found) == 1 else None

    def seat(self, sides: Sequence[str], make: Callable[[Policy], Mapping[str, P]]) -> dict[str, P]:
        """Each side's player: `make` gives the players of a name for every side (a
        system's own), asked once for each name that plays."""
        made: dict[Policy, Mapping[str, P]] = {}
        for side in sides:
            policy = self.of(side)
            if policy not in made:
                made[policy] = make(policy)
        return {side: made[self.of(side)][side] for side in sides}


@dataclass(frozen=True)
class Setting:
    """What a run plays, as its report names it."""

    system: str  # the game system's id (builder.kernel.system)
    scenario: str  # the scenario's id
    title: str
    players: Players = field(default_factory=Players)
    temperature: float | None = None  # the Heroes System's varied greedy player; None elsewhere
    swap_initiative: bool = False  # the seeds give the first move to each side in turn
    score: Score = Score.VICTORY_POINTS
    seats: tuple[str, ...] = ()  # the sides a player plays, where not the sides that win (SoN teams)
    variants: tuple[str, ...] = ()  # the Tactical Card Game's variant rules played (TCG p.21)


@dataclass(frozen=True)
class BalanceAsk:
    """What a player asks of a balance run besides its seeds (`hon balance`'s options)."""

    players: Players = field(default_factory=Players)
    swap_initiative: bool = False
    # One system's own; the others refuse them (builder.services.balance_systems).
    temperature: float | None = None  # the greedy player's variety; the system's default when None
    armies: Mapping[str, Path] = field(default_factory=dict)  # an army list by side
    catalogue: Path | None = None  # the player's catalogue folder
    # The Tactical Card Game's own: its variant rules by name (TCG p.21), each once.
    variants: tuple[str, ...] = ()

    def given(self) -> list[str]:
        """The one system's options given, by their names on the command line (whose each
        is: builder.services.balance_systems.OWNERS)."""
        given = {
            "--army": bool(self.armies),
            "--temperature": self.temperature is not None,
            "--catalogue": self.catalogue is not None,
            "--variant": bool(self.variants),
        }
        return [option for option, on in given.items() if on]


class BalanceGame(Protocol):
    """A scenario ready to be played over and over: what a game system gives a balance run.
    It must pickle (it is sent once to each worker)."""

    @property
    def setting(self) -> Setting: ...

    @property
    def sides(self) -> tuple[str, ...]: ...

    @property
    def objectives(self) -> tuple[str, ...]: ...

    def label(self, key: str) -> str:
        """A side, objective or unit as a player reads it."""
        ...

    def play(self, seed: int) -> GameResult:
        """One whole game, decided by `seed` alone."""
        ...


@dataclass(frozen=True)
class Prepared:
    """A scenario ready for a balance run, as a system's `prepare` gives it."""

    game: BalanceGame
    inputs: tuple[Path, ...]  # every file read: a report never replaces one
    warnings: tuple[str, ...] = ()  # what the player should know before the games (a list over its points)


def first_for(order: Sequence[str], first: str, seed: int) -> str:
    """Who moves first in the game of `seed` when the seeds pass the first move round the
    sides in `order` (`--swap-initiative`): seed 1 the scenario's `first`, seed 2 the next…"""
    start = order.index(first) if first in order else 0
    return order[(start + seed - 1) % len(order)]


@dataclass(frozen=True)
class Attack:
    """A unit attacked another (a shot, an assault, a battle); `side` is the attacker's."""

    attacker: str
    side: str
    target: str


@dataclass(frozen=True)
class Destroyed:
    """A unit left the game destroyed; `side` is its own."""

    unit: str
    side: str


def destroyers(happenings: Iterable[Attack | Destroyed], side: str) -> set[str]:
    """Units of `side` that destroyed an enemy unit: the last to attack it before it was
    destroyed (module docs)."""
    last: dict[str, Attack] = {}  # unit -> the last attack on it
    found: set[str] = set()
    for happening in happenings:
        if isinstance(happening, Attack):
            last[happening.target] = happening
        elif happening.side != side and (by := last.get(happening.unit)) is not None and by.side == side:
            found.add(by.attacker)
    return found


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) without trials."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class Rate:
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def width(self) -> float:
        low, high = self.interval
        return high - low


@dataclass(frozen=True)
class Length:
    """Game length in turns: the mean, its spread (standard deviation), the shortest and
    the longest."""

    mean: float
    spread: float
    shortest: int
    longest: int


def _shares(counter: Counter[str]) -> dict[str, float]:
    total = counter.total()
    return {key: counter[key] / total for key in sorted(counter)} if total else {}


@dataclass(frozen=True)
class Milestone:
    """The win rates after a chunk: one point of the convergence chart."""

    games: int
    rates: Mapping[str, Rate]


@dataclass
class Tally:
    """What the games played so far add up to."""

    sides: tuple[str, ...]
    objectives: tuple[str, ...]
    games: int = 0
    first_seed: int | None = None
    wins: Counter[str] = field(default_factory=Counter)  # side, "draw" or "none" -> games
    victory_points: dict[str, Counter[int]] = field(default_factory=dict)
    turns: Counter[int] = field(default_factory=Counter)
    held: dict[str, Counter[str]] = field(default_factory=dict)  # objective -> side or "none"
    held_by_turn: list[dict[str, Counter[str]]] = field(default_factory=list)  # [turn - 1]
    decisive: dict[str, Counter[str]] = field(default_factory=dict)  # side -> unit -> games
    initiative: dict[str, Counter[str]] = field(default_factory=dict)  # first side -> winners
    history: list[Milestone] = field(default_factory=list)
    failed: list[tuple[int, str]] = field(default_factory=list)  # seeds whose game raised, with the error

    @property
    def played(self) -> int:
        """Games played, finished or failed: the seeds used."""
        return self.games + len(self.failed)

    def add(self, result: GameResult) -> None:
        if self.first_seed is None:
            self.first_seed = result.seed
        if result.error is not None:
            self.failed.append((result.seed, result.error))
            return
        self.games += 1
        self.wins[result.winner or NONE] += 1
        for side in self.sides:
            self.victory_points.setdefault(side, Counter())[result.victory_points.get(side, 0)] += 1
        self.turns[result.turns] += 1
        for objective in self.objectives:
            self.held.setdefault(objective, Counter())[result.held.get(objective) or NONE] += 1
        for turn, held in enumerate(result.held_by_turn, start=1):
            if len(self.held_by_turn) < turn:
                self.held_by_turn.append({})
            for objective in self.objectives:
                self.held_by_turn[turn - 1].setdefault(objective, Counter())[held.get(objective) or NONE] += 1
        if result.winner in self.sides:
            self.decisive.setdefault(result.winner, Counter()).update(result.decisive)
        if result.initiative is not None:
            self.initiative.setdefault(result.initiative, Counter())[result.winner or NONE] += 1

    def rate(self, side: str) -> Rate:
        return Rate(self.wins[side], self.games)

    def rates(self) -> dict[str, Rate]:
        return {side: self.rate(side) for side in self.sides}

    def mark(self) -> None:
        """Remember the win rates now (after a chunk)."""
        self.history.append(Milestone(self.games, self.rates()))

    def precise(self, precision: float) -> bool:
        """Whether every side's 95 % interval is narrower than `precision`."""
        return self.games > 0 and all(self.rate(side).width < precision for side in self.sides)

    def favoured(self) -> str | None:
        """The side whose 95 % interval lies wholly above every other side's, if one does;
        None when the intervals overlap (no side is shown to be favoured)."""
        for side in self.sides:
            low = self.rate(side).interval[0]
            if self.games and all(low > self.rate(other).interval[1] for other in self.sides if other != side):
                return side
        return None

    def first_player(self) -> Rate:
        """How often the side that moved first won, of the games where one did."""
        won = sum(winners[first] for first, winners in self.initiative.items())
        return Rate(won, sum(winners.total() for winners in self.initiative.values()))

    def length(self) -> Length:
        """The games' length in turns."""
        lengths = [turns for turns, n in self.turns.items() for _ in range(n)]
        if not lengths:
            return Length(0.0, 0.0, 0, 0)
        mean = sum(lengths) / len(lengths)
        spread = math.sqrt(sum((turns - mean) ** 2 for turns in lengths) / len(lengths))
        return Length(mean, spread, min(lengths), max(lengths))

    def control(self) -> list[dict[str, dict[str, float]]]:
        """At the end of each turn, the share of the games that played it in which each side
        (or nobody, "none") held each objective: [turn - 1][objective][side]."""
        return [
            {objective: _shares(held.get(objective, Counter())) for objective in self.objectives}
            for held in self.held_by_turn
        ]

    def most_decisive(self, side: str, count: int = 5) -> list[tuple[str, int]]:
        """The units of `side` decisive in most of its wins, most first (ties by key)."""
        found = self.decisive.get(side, Counter())
        return sorted(found.items(), key=lambda item: (-item[1], item[0]))[:count]


class Agreement(StrEnum):
    """What two runs of the same seeds by different players (`--policy compare`) say of
    the scenario: favoured is a side whose interval lies above every other's."""

    AGREE = "agree"  # the same side favoured by both, or none by either
    ONE_FAVOURS = "one-favours"  # one favours a side, the other none
    OPPOSED = "opposed"  # each favours another side


def agreement(first: Tally, second: Tally) -> Agreement:
    ours, theirs = first.favoured(), second.favoured()
    if ours == theirs:
        return Agreement.AGREE
    return Agreement.ONE_FAVOURS if ours is None or theirs is None else Agreement.OPPOSED


@dataclass(frozen=True)
class BalancePlan:
    """Which games to play: seeds `seed`, `seed` + 1, … up to `games` games, in chunks of
    `chunk`, stopping early once every side's interval is narrower than `precision`."""

    games: int
    seed: int = 1
    precision: float | None = None
    chunk: int = 10

    def __post_init__(self) -> None:
        if self.games < 1 or self.chunk < 1:
            raise ValueError("a balance run plays at least one game, in chunks of at least one")
        if self.precision is not None and not 0 < self.precision <= 1:
            raise ValueError(f"a precision is a width between 0 and 1, not {self.precision}")

    def chunks(self) -> Iterator[range]:
        end = self.seed + self.games
        for start in range(self.seed, end, self.chunk):
            yield range(start, min(start + self.chunk, end))


class Backend(Protocol):
    """Where the games are played."""

    def play(self, game: BalanceGame, chunks: Iterable[range]) -> Iterator[list[GameResult]]:
        """The results of each chunk, in the order of the chunks; closing the iterator stops
        the games not yet played."""
        ...


class Serial:
    """Every game in this process, one after the other."""

    def play(self, game: BalanceGame, chunks: Iterable[range]) -> Iterator[list[GameResult]]:
        for seeds in chunks:
            yield play_chunk(game, seeds)


def play_chunk(game: BalanceGame, seeds: range) -> list[GameResult]:
    """The games of `seeds`. A game the rules core cannot finish (an error in it) is not
    lost with the run: its result says what went wrong, and the tally lists it apart."""
    return [_play_one(game, seed) for seed in seeds]


def _play_one(game: BalanceGame, seed: int) -> GameResult:
    try:
        return game.play(seed)
    except Exception as problem:  # any error of the rules core, reported with its seed
        return GameResult.failed(seed, problem)


@dataclass
class BalanceRun:
    """A finished (or stopped) run: the tally and why it ended."""

    plan: BalancePlan
    tally: Tally
    interrupted: bool = False  # stopped by the player (Ctrl-C, a cancelled worker)

    @property
    def failed(self) -> bool:
        """Whether a game raised: the run stopped there, and its tallies are no verdict."""
        return bool(self.tally.failed)

    @property
    def converged(self) -> bool:
        return self.plan.precision is not None and self.tally.precise(self.plan.precision)


def run_balance(
    game: BalanceGame,
    plan: BalancePlan,
    backend: Backend | None = None,
    progress: Callable[[Tally], None] | None = None,
    stop: Callable[[], bool] | None = None,
) -> BalanceRun:
    """Play `plan` on `backend` (this process by default), calling `progress` after each
    chunk. A game that raised ends the run after its chunk (`run.failed`). Ctrl-C
    (KeyboardInterrupt) or `stop()` returning true ends the run with what was played by then,
    whole chunks only."""
    tally = Tally(game.sides, game.objectives)
    run = BalanceRun(plan, tally)
    results = (backend or Serial()).play(game, plan.chunks())
    try:
        for chunk in results:
            for result in chunk:
                tally.add(result)
            tally.mark()
            if progress is not None:
                progress(tally)
            if run.failed or run.converged:
                break
            if stop is not None and stop():
                run.interrupted = True
                break
    except KeyboardInterrupt:
        run.interrupted = True
    finally:
        close = getattr(results, "close", None)
        if close is not None:
            close()
    return run


def to_json(run: BalanceRun, game: BalanceGame) -> dict[str, Any]:
    """The run as plain data, for --json and the report: what was played, then the tallies."""
    tally = run.tally

    def shares(counter: Counter[str]) -> dict[str, int]:
        return {key: counter[key] for key in sorted(counter)}

    setting = game.setting
    return {
        "system": setting.system,
        "scenario": setting.scenario,
        "title": setting.title,
        **players_json(setting, game),
        "temperature": setting.temperature,
        "swap_initiative": setting.swap_initiative,
        "variants": list(setting.variants),
        "score": setting.score.value,
        "games": tally.games,
        "played": tally.played,
        "first_seed": tally.first_seed,
        "precision": run.plan.precision,
        "converged": run.converged,
        "favoured": tally.favoured(),
        "interrupted": run.interrupted,
        "sides": {
            side: {
                "name": game.label(side),
                "wins": tally.wins[side],
                "rate": tally.rate(side).rate,
                "interval": list(tally.rate(side).interval),
                "victory_points": {str(vp): n for vp, n in sorted(tally.victory_points.get(side, Counter()).items())},
                "decisive": [
                    {"unit": unit, "name": game.label(unit), "games": n} for unit, n in tally.most_decisive(side)
                ],
                "with_initiative": shares(tally.initiative.get(side, Counter())),
            }
            for side in tally.sides
        },
        "draws": tally.wins[DRAW],
        "unfinished": tally.wins[NONE],
        "failed": [{"seed": seed, "error": error} for seed, error in tally.failed],
        "turns": {str(turns): n for turns, n in sorted(tally.turns.items())},
        "objectives": {
            objective: {
                "name": game.label(objective),
                "held_at_end": shares(tally.held.get(objective, Counter())),
                "held_by_turn": [shares(turn.get(objective, Counter())) for turn in tally.held_by_turn],
            }
            for objective in tally.objectives
        },
        "history": [
            {"games": m.games, "rates": {side: [r.rate, *r.interval] for side, r in m.rates.items()}}
            for m in tally.history
        ],
        "report": report_json(tally),
    }


def report_json(tally: Tally) -> dict[str, Any]:
    """The Ludii-style report (module docs): decisiveness, draws, the first player's
    advantage, game length, objective control by turn (None without objectives)."""
    games = tally.games or 1  # shares of no games are 0
    decided = sum(tally.wins[side] for side in tally.sides)
    first = tally.first_player()
    length = tally.length()
    return {
        "decisive": {"games": decided, "share": decided / games},
        "draws": {"games": tally.wins[DRAW], "share": tally.wins[DRAW] / games},
        "first_player": {
            "wins": first.wins,
            "games": first.games,
            "rate": first.rate,
            "interval": list(first.interval),
        },
        "length": asdict(length),
        "control": tally.control() if tally.objectives else None,
    }


def players_json(setting: Setting, game: BalanceGame) -> dict[str, Any]:
    """Who played: `policy` the player of every side (None when they differ), `players`
    each side's, with the search agent's budget."""
    players, seats = setting.players, setting.seats or game.sides
    one = players.one(seats)
    return {
        "policy": one.value if one is not None else None,
        "players": {
            seat: {
                "name": game.label(seat),
                "player": players.of(seat).value,
                "budget": players.budget if players.of(seat) is Policy.SEARCH else None,
            }
            for seat in seats
        },
    }
