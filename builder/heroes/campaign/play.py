"""Playing a campaign through: start it on its first scenario, record each result, and carry
what the result changes into the next scenario (BfC p.12-19: "in the following scenario…"),
until the last scenario's winner wins the campaign (BfC p.14-15, p.18-19)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from builder.heroes.campaign.models import CampaignFile, Result, Stage
from builder.heroes.catalogue.base import Game
from builder.heroes.scenario.campaign import carry_over, describe_outcome
from builder.heroes.scenario.conditions import Namer
from builder.heroes.scenario.models import DRAW, CampaignOutcome, Scenario
from builder.kernel.diagnostics import join_or


class ResultRefused(ValueError):
    """A result the campaign cannot take; `str()` is one sentence."""


def begin(
    campaign_id: str, name: str, game: Game, stages: Sequence[Stage], first: Scenario, armies: Mapping[str, str]
) -> CampaignFile:
    """A campaign before its first game: `first` is the first stage's scenario, and
    `armies` the lists each side fields in every scenario instead of the scenario's own."""
    current = fielding(first, armies)
    return CampaignFile(id=campaign_id, name=name, game=game, stages=list(stages), armies=dict(armies), current=current)


def fielding(scenario: Scenario, armies: Mapping[str, str]) -> Scenario:
    """The scenario with the campaign's army list for each side it names."""
    forces = [
        force.model_copy(update={"army": armies[force.side]}) if force.side in armies else force
        for force in scenario.forces
    ]
    return scenario.model_copy(update={"forces": forces})


def outcome_for(scenario: Scenario, winner: str) -> CampaignOutcome:
    """What the result changes, as the scenario's campaign says; a result it does not list
    changes nothing."""
    outcomes = scenario.campaign.outcomes if scenario.campaign else []
    return next((o for o in outcomes if o.result == winner), CampaignOutcome(result=winner))


def results_possible(scenario: Scenario) -> list[str]:
    """The results a game of the scenario can have, as its victory conditions name them:
    the sides of its outcomes and its result when none holds (a draw, or a side)."""
    named = {o.winner for o in scenario.victory.outcomes} | {scenario.victory.otherwise}
    return [result for result in (*(s.id for s in scenario.sides), DRAW) if result in named]


def check_result(scenario: Scenario, result: Result) -> None:
    """Refuse a result that does not fit the scenario played (ResultRefused)."""
    sides = [s.id for s in scenario.sides]
    if result.winner not in (*sides, DRAW):
        raise ResultRefused(f"{result.winner!r} is not a side of {scenario.title}; say {join_or([*sides, DRAW])}.")
    for side in [*result.victory_points, *result.lost]:
        if side not in sides:
            raise ResultRefused(f"{side!r} is not a side of {scenario.title}; its sides are {join_or(sides)}.")


def record(
    campaign: CampaignFile,
    result: Result,
    following: Scenario | None,
    unit_name: Callable[[str], str] | None = None,
) -> CampaignFile:
    """The campaign with `result` recorded for its current scenario, and the next scenario
    (`following`, as printed; None after the last) become current with the result's changes."""
    played = campaign.current
    if played is None or campaign.finished:
        raise ResultRefused(f"the {campaign.name} campaign is over: there is no game left to record.")
    if result.scenario != played.id:
        raise ResultRefused(f"the game to record is {played.title}, not {result.scenario!r}.")
    check_result(played, result)
    current = None
    if following is not None:
        name = played.namer(unit_name)
        who = "a draw" if result.winner == DRAW else f"won by {name('side', result.winner)}"
        heading = f"{played.title}, {who}"
        changed = carry_over(following, outcome_for(played, result.winner), result.victory_points, heading, unit_name)
        current = fielding(changed, campaign.armies)
    return campaign.model_copy(update={"results": [*campaign.results, result], "current": current})


def outlook(campaign: CampaignFile, name: Namer) -> list[tuple[str, str]]:
    """What each result of the current scenario would do, as (result, sentences)."""
    played = campaign.current
    if played is None:
        return []
    last = campaign.stage_after(len(campaign.results)) is None
    return [
        (winner, describe_outcome(outcome_for(played, winner), name, campaign.name, last))
        for winner in results_possible(played)
    ]
