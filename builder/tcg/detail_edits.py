"""Edits to a Tactical Card Game scenario's details and victory conditions as undoable
commands, for the designer's details screen (see builder.kernel.history): the scenario's and
each side's details (turns and first player, TCG p.6; COMMAND and DIRECTIVE markers, p.5;
victory points per card destroyed, p.16) and its victory conditions (p.6, p.16). An edit of
the details validates what it sets against the file's bounds (builder.tcg.scenario): its
`apply` raises pydantic's ValidationError on a value the file cannot hold, so a caller tries
it before recording it."""

from __future__ import annotations

from dataclasses import dataclass

from builder.tcg.conditions import Control, Destroy, VictoryPoints
from builder.tcg.scenario import Scenario, Side
from builder.tcg.updated import updated, validated

__all__ = [
    "AddVictoryCondition",
    "RemoveVictoryCondition",
    "ReplaceVictoryCondition",
    "SetScenarioDetails",
    "SetSideDetails",
    "VictoryCondition",
]


@dataclass(frozen=True)
class SetScenarioDetails:
    """The scenario's title, description, number of turns (four to eight, TCG p.6: the check
    says so; the file holds 1-20), first player (p.6: "each scenario will let you know who
    the first player will be") and who wins when nobody fulfils a condition (a side or
    draw). Raises ValidationError on a value the file cannot hold."""

    title: str
    description: str
    turns: int
    first_player: str
    otherwise: str

    def apply(self, scenario: Scenario) -> Scenario:
        return validated(
            scenario,
            title=self.title,
            description=self.description,
            turns=self.turns,
            first_player=self.first_player,
            otherwise=self.otherwise,
        )

    @property
    def label(self) -> str:
        return "the scenario's details"


@dataclass(frozen=True)
class SetSideDetails:
    """A side's name, COMMAND markers each turn (1-6, TCG p.5), DIRECTIVE markers at the
    start (at most six in play, p.5: the check refuses more) and the victory points it earns
    for each enemy card destroyed (p.16). Raises ValidationError on a value the file cannot
    hold."""

    side: str
    name: str
    command: int
    directives: int
    destroyed_victory_points: int

    def apply(self, scenario: Scenario) -> Scenario:
        update = {
            "name": self.name,
            "command": self.command,
            "directives": self.directives,
            "destroyed_victory_points": self.destroyed_victory_points,
        }
        sides = [Side.model_validate({**dict(s), **update}) if s.id == self.side else s for s in scenario.sides]
        return updated(scenario, sides=sides)

    @property
    def label(self) -> str:
        return f"{self.side} details"


VictoryCondition = Control | Destroy | VictoryPoints


@dataclass(frozen=True)
class AddVictoryCondition:
    """A victory condition more (TCG p.6: the player who fulfils their scenario objectives
    first wins), last in the list."""

    condition: VictoryCondition

    def apply(self, scenario: Scenario) -> Scenario:
        return updated(scenario, victory=[*scenario.victory, self.condition])

    @property
    def label(self) -> str:
        return f"{self.condition.kind} victory condition for {self.condition.side}"


@dataclass(frozen=True)
class ReplaceVictoryCondition:
    """The victory condition at `index` changed into `condition`, in its place."""

    index: int
    condition: VictoryCondition

    def apply(self, scenario: Scenario) -> Scenario:
        victory = [self.condition if i == self.index else c for i, c in enumerate(scenario.victory)]
        return updated(scenario, victory=victory)

    @property
    def label(self) -> str:
        return f"victory condition {self.index + 1} changed"


@dataclass(frozen=True)
class RemoveVictoryCondition:
    index: int

    def apply(self, scenario: Scenario) -> Scenario:
        return updated(scenario, victory=[c for i, c in enumerate(scenario.victory) if i != self.index])

    @property
    def label(self) -> str:
        return f"victory condition {self.index + 1} removed"
