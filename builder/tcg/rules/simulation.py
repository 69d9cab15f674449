"""A simulated game of the Tactical Card Game: set up as the scenario says, then whole turns
played by the simple policy for both sides until a side wins or the last turn ends. The
seed decides every die and every shuffle, so it replays the same game.

    record = simulate(scenario, cards, seed=7)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.kernel.dice import SeededDice
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.events import TcgEvent
from builder.tcg.rules.policy import SimplePolicy
from builder.tcg.rules.setup import new_game
from builder.tcg.rules.state import Game
from builder.tcg.rules.turn import play_turn
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

    def to_json(self) -> dict[str, Any]:
        return {
            "scenario": self.scenario,
            "seed": self.seed,
            "turns": self.turns,
            "winner": self.winner,
            "outcome": self.outcome,
            "victory_points": self.victory_points,
            "events": [event.to_json() for event in self.events],
        }


def deployed(scenario: Scenario, cards: CardCatalogue, seed: int = 1) -> Game:
    """The set-up alone: the deployment dry-run."""
    return new_game(scenario, cards, SeededDice(seed))


def simulate(scenario: Scenario, cards: CardCatalogue, seed: int = 1, turns: int | None = None) -> TcgRecord:
    game = deployed(scenario, cards, seed)
    policies = {side.id: SimplePolicy() for side in scenario.sides}
    limit = min(turns, scenario.turns) if turns is not None else scenario.turns
    while game.winner is None and game.turn < limit:
        play_turn(game, policies)
    points = {side: player.victory_points for side, player in game.players.items()}
    outcome = game.outcome or f"Stopped after turn {game.turn}."
    return TcgRecord(scenario.id, seed, game.turn, game.winner, outcome, points, tuple(game.events))
