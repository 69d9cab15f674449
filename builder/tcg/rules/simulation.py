"""A simulated game of the Tactical Card Game: set up as the scenario says, then whole turns
played by the simple policy for both sides until a side wins or the last turn ends. The
seed decides every die and every shuffle, so it replays the same game.

    record = simulate(scenario, cards, seed=7)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.kernel.dice import SeededDice
from builder.tcg.catalogue import CardCatalogue
from builder.tcg.rules.events import TcgEvent
from builder.tcg.rules.policy import SimplePolicy
from builder.tcg.rules.setup import new_game
from builder.tcg.rules.state import Frame, Game
from builder.tcg.rules.turn import play_turn
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


def deployed(
    scenario: Scenario, cards: CardCatalogue, seed: int = 1, variants: frozenset[Variant] = frozenset()
) -> Game:
    """The set-up alone: the deployment dry-run."""
    return new_game(scenario, cards, SeededDice(seed), variants)


def simulate(
    scenario: Scenario,
    cards: CardCatalogue,
    seed: int = 1,
    turns: int | None = None,
    frames: bool = False,
    variants: frozenset[Variant] = frozenset(),
) -> TcgRecord:
    """Play the game; with `frames`, keep the battlefield after every event for a viewer;
    with `variants`, the variant rules of TCG p.21."""
    game = deployed(scenario, cards, seed, variants)
    if frames:
        game.frames = [game.frame(event) for event in game.events]
    policies = {side.id: SimplePolicy() for side in scenario.sides}
    limit = min(turns, scenario.turns) if turns is not None else scenario.turns
    while game.winner is None and game.turn < limit:
        play_turn(game, policies)
    points = {side: player.victory_points for side, player in game.players.items()}
    outcome = game.outcome or f"Stopped after turn {game.turn}."
    kept = tuple(game.frames or ())
    chosen = tuple(sorted(variants))
    return TcgRecord(scenario.id, seed, game.turn, game.winner, outcome, points, tuple(game.events), kept, chosen)
