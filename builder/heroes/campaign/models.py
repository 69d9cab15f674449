"""The campaign file (`format: hon-campaign`): a campaign played through, one scenario after
another (BfC p.12: "mini-campaigns"). It names the campaign's scenarios in order, the army
list each player fields, the results recorded so far, and the scenario to play next with
what the last result changed in it already made.

```yaml
format: hon-campaign
version: 1
id: operation-windsor
name: Operation Windsor
game: hon
stages:
  - {scenario: carp-jump-in-carpiquet, title: Carp Jump in Carpiquet!, file: ../scenarios/carp-jump-in-carpiquet.yaml}
  - {scenario: welcome-to-caen-carpiquet, title: Welcome to Caen-Carpiquet..., file: ...}
armies: {commonwealth: my-canadians.yaml}
results:
  - {scenario: carp-jump-in-carpiquet, winner: commonwealth, victory_points: {commonwealth: 6}}
current: {format: hon-scenario, ...}   # Welcome to Caen-Carpiquet... with the Flak 36 moved
```
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from builder.heroes.catalogue.base import Game, Id, Name, Text
from builder.heroes.scenario.models import Scenario

CAMPAIGN_FORMAT: Literal["hon-campaign"] = "hon-campaign"
CAMPAIGN_VERSION: Literal[1] = 1
MAX_STAGES = 20


class _Part(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Stage(_Part):
    """One scenario of the campaign, in the order they are played."""

    scenario: Id  # the scenario's id
    title: Name
    file: str  # the scenario file, relative to the campaign file


class Result(_Part):
    """How one game of the campaign ended."""

    scenario: Id
    winner: Id  # a side id, or "draw"
    victory_points: dict[Id, int] = Field(default_factory=dict)
    lost: dict[Id, list[Name]] = Field(default_factory=dict)  # the units each side lost
    notes: Text = ""
    seed: int | None = None  # the dice seed, when the game was played by simulation


class CampaignFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hon-campaign"] = CAMPAIGN_FORMAT
    version: Literal[1] = CAMPAIGN_VERSION
    id: Id
    name: Name
    game: Game
    stages: list[Stage] = Field(min_length=1, max_length=MAX_STAGES)
    # The army list each side fields in every scenario, relative to the campaign file; a side
    # not named fields the list each scenario names.
    armies: dict[Id, str] = Field(default_factory=dict)
    results: list[Result] = Field(default_factory=list, max_length=MAX_STAGES)
    # The scenario to play next, the last result's changes made; none once the campaign is over.
    current: Scenario | None = None
    notes: Text = ""

    @property
    def finished(self) -> bool:
        return len(self.results) >= len(self.stages)

    @property
    def winner(self) -> str | None:
        """The side that won the campaign (the winner of its last scenario, BfC p.14-15 and
        p.18-19), "draw", or None while it goes on."""
        return self.results[-1].winner if self.finished and self.results else None

    @property
    def next_stage(self) -> Stage | None:
        return None if self.finished else self.stages[len(self.results)]

    def stage_after(self, index: int) -> Stage | None:
        return self.stages[index + 1] if index + 1 < len(self.stages) else None


def inconsistencies(campaign: CampaignFile) -> Iterator[tuple[list[str | int], str]]:
    """Where the file contradicts itself, as (field path, sentence): results that are not
    the campaign's scenarios in order, a current scenario that is not the next one."""
    for index, result in enumerate(campaign.results):
        if index >= len(campaign.stages):
            yield ["results", index], f"there are more results than the campaign's {len(campaign.stages)} scenarios."
            return
        expected = campaign.stages[index].scenario
        if result.scenario != expected:
            yield ["results", index, "scenario"], f"result {index + 1} is for {result.scenario!r}, not {expected!r}."
    stage = campaign.next_stage
    if stage is None and campaign.current is not None:
        yield ["current"], "the campaign is over, so it has no current scenario."
    elif stage is not None and campaign.current is None:
        yield [], f"the campaign goes on with {stage.title!r} but the file has no current scenario."
    elif stage is not None and campaign.current is not None and campaign.current.id != stage.scenario:
        yield (
            ["current", "id"],
            f"the current scenario is {campaign.current.id!r}, not the next one, {stage.scenario!r}.",
        )
