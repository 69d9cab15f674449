"""A game of the Tactical Card Game as a forward model (DESIGN.md 7; builder.kernel.match):
set up as the scenario says, then whole turns played by a player for each side until a side
wins or the last turn ends. The seed decides every die and every shuffle, so the same seed
and the same choices replay the same game.

    match = Match(RULES, new_game(scenario, cards, seed=7))      # one decision at a time
    record = simulate(scenario, cards, seed=7, players=players)  # played to its end

(`builder.tcg.ai`: the greedy and the random player.)"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import Enum
from random import Random
from typing import Any

from builder.kernel.dice import SeededDice
from builder.kernel.match import Course, GameOver, Match, Outcome, Table, play
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules import sampling
from builder.tcg.rules.events import TcgEvent
from builder.tcg.rules.players import TcgPlayer, TcgView, seen_by
from builder.tcg.rules.setup import new_game as set_up
from builder.tcg.rules.state import Frame, Game, copy_game
from builder.tcg.rules.tactics import take_tactic
from builder.tcg.rules.turn import begin_turn, close_phase, end_turn, open_phase
from builder.tcg.rules.variants import Variant
from builder.tcg.scenario import Scenario


@dataclass(frozen=True)
class TcgRecord:
    scenario: str
    seed: int
    turns: int
    winner: str | None  # a side id, "draw", or None when stopped before the end
    outcome: str
    victory_points: dict[str, int]
    events: tuple[TcgEvent, ...]
    frames: tuple[Frame, ...] = field(default=(), repr=False)  # with simulate(frames=True)
    variants: tuple[Variant, ...] = ()  # the variant rules played (TCG p.21)

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "seed": self.seed,
            "variants": [v.value for v in self.variants],
            "turns": self.turns,
            "winner": self.winner,
            "outcome": self.outcome,
            "victory_points": self.victory_points,
            "events": [event.to_json() for event in self.events],
        }


class Stage(Enum):
    """Where a game stands between two steps of play: the next to play."""

    TURN = "turn"  # the Turn counter advances
    OPENING = "opening"  # a phase opens: COMMAND markers, scenario events, Event and Hero Cards
    TACTIC = "tactic"  # one COMMAND marker on a tactic, and all it sets off
    CLOSING = "closing"  # the ACTIVATED markers come off
    END_OF_TURN = "end-of-turn"  # the victory check
    OVER = "over"


@dataclass
class TcgGame:
    """A game of the Tactical Card Game between two steps of play, the state a forward model
    carries: the rules' game (dice included), the last turn to play, the next step and the
    COMMAND markers left in the phase under way."""

    game: Game
    last: int
    seed: int
    stage: Stage = Stage.TURN
    left: int = 0

    def record(self) -> TcgRecord:
        game = self.game
        points = {side: player.victory_points for side, player in game.players.items()}
        outcome = game.outcome or f"Stopped after turn {game.turn}."
        kept = tuple(game.frames or ())
        chosen = tuple(sorted(game.variants))
        return TcgRecord(
            game.scenario.id, self.seed, game.turn, game.winner, outcome, points, tuple(game.events), kept, chosen
        )


class TcgRules:
    """The Tactical Card Game for a forward model (builder.kernel.match.Rules): a step is the
    start of a turn, the opening of a phase, one COMMAND marker spent, the close of a phase,
    or the victory check that ends a turn (TCG p.6)."""

    def copy(self, state: TcgGame) -> TcgGame:
        return replace(state, game=copy_game(state.game))

    def step(self, state: TcgGame, table: Table[TcgView]) -> None:
        game = state.game
        match state.stage:
            case Stage.TURN:
                begin_turn(game)
                state.stage = Stage.OPENING
            case Stage.OPENING:
                state.left = open_phase(game, table)
                state.stage = Stage.TACTIC if state.left else Stage.CLOSING
            case Stage.TACTIC:
                assert game.phase_side is not None  # a phase is under way
                take_tactic(game, game.phase_side, state.left, table)
                state.left -= 1
                state.stage = Stage.TACTIC if state.left else Stage.CLOSING
            case Stage.CLOSING:
                close_phase(game)
                state.stage = Stage.OPENING if game.phase_side is not None else Stage.END_OF_TURN
            case Stage.END_OF_TURN:
                end_turn(game)
                state.stage = _after(game, state.last)
            case Stage.OVER:
                raise GameOver("the game is over")

    def over(self, state: TcgGame) -> bool:
        return state.stage is Stage.OVER

    def outcome(self, state: TcgGame) -> Outcome:
        game = state.game
        return Outcome(game.winner, game.outcome or f"Stopped after turn {game.turn}.")

    def view(self, state: TcgGame, side: str, course: Course[TcgGame]) -> TcgView:
        dice = state.game.dice
        return seen_by(state.game, side, course, dice.rolled if isinstance(dice, SeededDice) else None)

    def sample(self, view: TcgView, rng: Random) -> Match[TcgGame, TcgView]:
        """A game `view` could be of (builder.tcg.rules.sampling), for a search agent."""
        return sampling.sample(self, view, rng)


RULES = TcgRules()


def deployed(
    scenario: Scenario, cards: CardCatalogue, seed: int = 1, variants: frozenset[Variant] = frozenset()
) -> Game:
    """The set-up alone: the deployment dry-run."""
    return set_up(scenario, cards, SeededDice(seed), variants)


def new_game(
    scenario: Scenario,
    cards: CardCatalogue,
    *,
    seed: int = 1,
    turns: int | None = None,
    frames: bool = False,
    variants: frozenset[Variant] = frozenset(),
) -> TcgGame:
    """The game of `scenario` and `seed`, set up and before its first turn: the start of a
    match (builder.kernel.match.Match(RULES, game)), or of `simulate`. At most `turns` turns;
    with `frames`, the battlefield kept after every event for a viewer; with `variants`, the
    variant rules of TCG p.21."""
    game = deployed(scenario, cards, seed, variants)
    if frames:
        game.frames = [game.frame(event) for event in game.events]
    last = min(turns, scenario.turns) if turns is not None else scenario.turns
    return TcgGame(game, last, seed, _after(game, last))


def _after(game: Game, last: int) -> Stage:
    """A new turn, or the end: a side has won, or the last turn to play is over."""
    return Stage.OVER if game.winner is not None or game.turn >= last else Stage.TURN


def simulate(
    scenario: Scenario,
    cards: CardCatalogue,
    players: Mapping[str, TcgPlayer],
    *,
    seed: int = 1,
    turns: int | None = None,
    frames: bool = False,
    variants: frozenset[Variant] = frozenset(),
    sampled: bool = False,
) -> TcgRecord:
    """Play the game, `players` (by side id) answering every decision: the game a match
    answered by the same players plays, each step once; `sampled` for a player that samples
    games from its view (a search agent: builder.kernel.match.play)."""
    unplayed = [s.id for s in scenario.sides if s.id not in players]
    if unplayed:
        raise ValueError(f"no player for {', '.join(unplayed)}")
    start = new_game(scenario, cards, seed=seed, turns=turns, frames=frames, variants=variants)
    return play(RULES, start, {side.id: players[side.id] for side in scenario.sides}, sampled=sampled).record()
