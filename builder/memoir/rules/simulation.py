"""A whole game played by a policy for both sides: the deck shuffled and the hands dealt
with the seeded dice, then turns in alternation from the scenario's starting side until a
side has its medals (or `turns` turns were played). Same seed, same game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from builder.kernel.diagnostics import the_side
from builder.kernel.dice import Dice, SeededDice
from builder.memoir.catalogue import Catalogue, Side
from builder.memoir.rules.cards import PAGE_DRAW, deck, draw
from builder.memoir.rules.events import DealEvent, MemoirEvent, Phase, VictoryEvent
from builder.memoir.rules.policy import Policy, SimplePolicy
from builder.memoir.rules.state import GameState, start
from builder.memoir.rules.turn import PAGE_MEDALS, Turn, victor
from builder.memoir.scenario import Scenario

MAX_TURNS = 80  # both sides' turns counted: a game the policy cannot finish stops here


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


def set_up(scenario: Scenario, catalogue: Catalogue, dice: Dice) -> tuple[GameState, list[MemoirEvent]]:
    state = start(scenario, catalogue)
    state.deck = deck(catalogue, dice)
    events: list[MemoirEvent] = []
    for setup in scenario.sides:
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
    return state, events


def simulate(
    scenario: Scenario,
    catalogue: Catalogue,
    *,
    seed: int = 1,
    turns: int | None = None,
    policies: Mapping[Side, Policy] | None = None,
) -> GameRecord:
    dice = SeededDice(seed)
    state, events = set_up(scenario, catalogue, dice)
    chosen = dict(policies or {})
    for setup in scenario.sides:
        chosen.setdefault(setup.id, SimplePolicy(dice))
    side = scenario.starts
    winner = victor(state)
    while winner is None and state.turn < (turns or MAX_TURNS):
        turn = Turn(state, side, chosen[side], dice)
        events.extend(turn.play())
        winner = turn.winner or victor(state)
        side = scenario.other(side)
    medals = {s.id.value: state.total_medals(s.id) for s in scenario.sides}
    told = ", ".join(f"{s.name} {medals[s.id.value]}/{s.medals}" for s in scenario.sides)
    if winner:
        text = f"{the_side(scenario.side(winner).name, capital=True)} wins with its medals ({told})."
    else:
        text = f"No winner yet ({told})."
    events.append(
        VictoryEvent(
            turn=state.turn, phase=Phase.BATTLE, side=winner, text=text, winner=winner, medals=medals, page=PAGE_MEDALS
        )
    )
    return GameRecord(scenario.id, seed, state.turn, winner, medals, tuple(events))
