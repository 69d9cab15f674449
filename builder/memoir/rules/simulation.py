"""A whole game of the hex game as a forward model (builder.kernel.match): the deck shuffled
and the hands dealt with the seeded dice, then turns in alternation from the scenario's
starting side until a side has its medals (or `turns` turns were played), each side's
choices asked of its player. Same seed and same players, same game.

    game = new_game(scenario, catalogue, seed=7)
    record = simulate(game, greedy.for_every_side((Side.AXIS, Side.ALLIES), 7))   # builder.memoir.ai.greedy"""

from __future__ import annotations

from collections.abc import Mapping
from copy import deepcopy
from dataclasses import dataclass, field, replace
from enum import Enum
from random import Random
from typing import Any

from builder.kernel.diagnostics import the_side
from builder.kernel.dice import Dice, SeededDice
from builder.kernel.match import Course, GameOver, Match, Outcome, Table, play
from builder.memoir.catalogue import Catalogue, Side
from builder.memoir.rules import sampling
from builder.memoir.rules.cards import PAGE_DRAW, deck, draw
from builder.memoir.rules.events import DealEvent, MemoirEvent, Phase, VictoryEvent
from builder.memoir.rules.players import MemoirPlayer, MemoirView, view_of
from builder.memoir.rules.state import GameState, start
from builder.memoir.rules.turn import PAGE_MEDALS, Turn, victor
from builder.memoir.scenario import Scenario

MAX_TURNS = 80  # both sides' turns counted: a game the players cannot finish stops here


@dataclass(frozen=True)
class GameRecord:
    scenario: str
    seed: int
    turns: int
    winner: Side | None
    medals: dict[str, int]
    events: tuple[MemoirEvent, ...] = field(repr=False)

    @property
    def outcome(self) -> str:
        if self.winner is None:
            return f"not finished after {self.turns} turns"
        return f"{self.winner.value} wins"

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "seed": self.seed,
            "turns": self.turns,
            "winner": self.winner.value if self.winner else None,
            "outcome": self.outcome,
            "medals": self.medals,
            "events": [event.to_json() for event in self.events],
        }


def set_up(state: GameState, dice: Dice) -> list[MemoirEvent]:
    """The deck shuffled and each side's hand dealt, in the scenario's order of the sides."""
    state.deck = deck(state.catalogue, dice)
    events: list[MemoirEvent] = []
    for setup in state.scenario.sides:
        dealt = [card for _ in range(setup.cards) if (card := draw(state, setup.id, dice)) is not None]
        events.append(
            DealEvent(
                turn=0,
                phase=Phase.SETUP,
                side=setup.id,
                page=PAGE_DRAW,
                text=f"{the_side(setup.name, capital=True)} takes {len(dealt)} command cards: "
                f"{', '.join(c.name for c in dealt)}.",
                cards=tuple(c.id for c in dealt),
            )
        )
    return events


class Stage(Enum):
    """Where a game stands between two steps of play: the next to play."""

    SET_UP = "set-up"
    TURN = "turn"
    OVER = "over"


@dataclass
class MemoirGame:
    """A game of the hex game between two turns, the state a forward model carries: the
    rules' state, the dice, the events told so far, the side to play and the next step."""

    state: GameState
    dice: SeededDice
    turns: int | None  # the most turns to play (both sides' counted); None: MAX_TURNS
    side: Side
    events: list[MemoirEvent] = field(default_factory=list)
    winner: Side | None = None
    stage: Stage = Stage.SET_UP

    def record(self) -> GameRecord:
        state = self.state
        medals = {s.id.value: state.total_medals(s.id) for s in state.scenario.sides}
        return GameRecord(state.scenario.id, self.dice.seed, state.turn, self.winner, medals, tuple(self.events))


class MemoirRules:
    """The hex game for a forward model (builder.kernel.match.Rules): a step is the set-up,
    or one side's whole turn (M44 summary, turn sequence)."""

    def copy(self, game: MemoirGame) -> MemoirGame:
        return replace(game, state=game.state.copy(), dice=deepcopy(game.dice), events=list(game.events))

    def step(self, game: MemoirGame, table: Table[MemoirView]) -> None:
        match game.stage:
            case Stage.SET_UP:
                game.events = set_up(game.state, game.dice)
                game.winner = victor(game.state)
            case Stage.TURN:
                turn = Turn(game.state, game.side, table, game.dice)
                game.events += turn.play()
                game.winner = turn.winner or victor(game.state)
                game.side = game.state.scenario.other(game.side)
            case Stage.OVER:
                raise GameOver("the game is over")
        if game.winner is not None or game.state.turn >= (game.turns or MAX_TURNS):
            game.events.append(_victory(game))
            game.stage = Stage.OVER
        else:
            game.stage = Stage.TURN

    def over(self, game: MemoirGame) -> bool:
        return game.stage is Stage.OVER

    def outcome(self, game: MemoirGame) -> Outcome:
        return Outcome(game.winner.value if game.winner else None, game.record().outcome)

    def view(self, game: MemoirGame, side: str, course: Course[MemoirGame]) -> MemoirView:
        return view_of(game.state, side, course, game.dice.rolled)

    def sample(self, view: MemoirView, rng: Random) -> Match[MemoirGame, MemoirView]:
        """A game `view` could be of (builder.memoir.rules.sampling), for a search agent."""
        return sampling.sample(self, view, rng)


RULES = MemoirRules()


def new_game(scenario: Scenario, catalogue: Catalogue, *, seed: int = 1, turns: int | None = None) -> MemoirGame:
    """The game of `scenario` (validated) and `seed`, before its set-up: the start of a match
    (builder.kernel.match.Match(RULES, game)), or of `simulate`."""
    return MemoirGame(start(scenario, catalogue), SeededDice(seed), turns, scenario.starts)


def simulate(game: MemoirGame, players: Mapping[Side, MemoirPlayer], sampled: bool = False) -> GameRecord:
    """Play `game` to its end, `players` (by side) answering: the game a match answered by
    the same players plays, each step run once; `sampled` for a player that samples games
    from its view (a search agent: builder.kernel.match.play)."""
    unplayed = [s.id.value for s in game.state.scenario.sides if s.id not in players]
    if unplayed:
        raise ValueError(f"no player for {', '.join(unplayed)}")
    return play(RULES, game, {side.value: player for side, player in players.items()}, sampled=sampled).record()


def _victory(game: MemoirGame) -> VictoryEvent:
    scenario, state, winner = game.state.scenario, game.state, game.winner
    medals = {s.id.value: state.total_medals(s.id) for s in scenario.sides}
    told = ", ".join(f"{s.name} {medals[s.id.value]}/{s.medals}" for s in scenario.sides)
    if winner:
        text = f"{the_side(scenario.side(winner).name, capital=True)} wins with its medals ({told})."
    else:
        text = f"No winner yet ({told})."
    return VictoryEvent(
        turn=state.turn, phase=Phase.BATTLE, side=winner, text=text, winner=winner, medals=medals, page=PAGE_MEDALS
    )
