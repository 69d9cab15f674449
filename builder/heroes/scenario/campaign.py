"""A campaign link at work: each change an outcome makes to the next scenario read as an
English clause, checked against that scenario, and carried into it (BfC p.12-19).

    carried = carry_over(welcome, outcome, scored={"commonwealth": 6}, heading="…")
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence

from builder.heroes.scenario.changes import (
    CarryVictoryPoints,
    Change,
    ChangePoints,
    ChangeUnits,
    DeploymentOrder,
    HoldObjective,
    PlaceObjective,
)
from builder.heroes.scenario.conditions import Namer
from builder.heroes.scenario.models import DRAW, CampaignOutcome, DeploymentStep, Force, Scenario, SpecialRule
from builder.kernel.diagnostics import capitalised, join_and, plural

CAMPAIGN_RULE = "Campaign"  # the title of the special rule telling what was carried over


def describe_change(change: Change, name: Namer) -> str:
    """The change as an English clause, without a final stop."""
    if isinstance(change, DeploymentOrder):
        units = join_and(name("unit", u) for u in change.units) if change.units else "its units"
        if change.before is not None:
            return f"{name('side', change.side)} deploys {units} before {name('side', change.before)}"
        return f"{name('side', change.side)} deploys {units} after {name('side', change.after or '')}"
    if isinstance(change, PlaceObjective):
        square = f" at square [{change.at[0]}, {change.at[1]}]" if change.at else ""
        if change.name:
            return f"{name('objective', change.objective)} is replaced by {change.name}{square}"
        return f"{name('objective', change.objective)} is placed{square or f' on {change.element}'} instead"
    if isinstance(change, ChangePoints):
        more = "more" if change.change > 0 else "fewer"
        return f"{name('side', change.side)} has {plural(abs(change.change), 'point')} {more}"
    if isinstance(change, ChangeUnits):
        return describe_units(change, name)
    if isinstance(change, CarryVictoryPoints):
        scored = (
            plural(change.points, "victory point")
            if change.points is not None
            else "the victory points it scored in this scenario"
        )
        return f"{name('side', change.side)} starts with {scored}"
    return f"{name('side', change.side)} controls {name('objective', change.objective)} from the start"


def describe_units(change: ChangeUnits, name: Namer) -> str:
    """The change as a clause: "<side> fields <units> beside its army list and leaves out <units>"."""
    said = []
    if change.add:
        said.append(f"fields {join_and(name('unit', u) for u in change.add)} beside its army list")
    if change.remove:
        said.append(f"leaves out {join_and(name('unit', u) for u in change.remove)}")
    return f"{name('side', change.side)} {' and '.join(said)}"


def force_changes(scenario: Scenario, name: Namer) -> list[str]:
    """The units the campaign added to or removed from each side of `scenario`, as sentences
    (its forces' `extra` and `removed`)."""
    return [
        capitalised(describe_units(ChangeUnits(type="units", side=f.side, add=f.extra, remove=f.removed), name)) + "."
        for f in scenario.forces
        if f.extra or f.removed
    ]


def describe_outcome(outcome: CampaignOutcome, name: Namer, campaign: str, last: bool) -> str:
    """What the result means, as sentences: the changes to the next scenario, or who wins the
    campaign when this is its last scenario, then any words of the book the data cannot say."""
    who = "Nobody" if outcome.result == DRAW else name("side", outcome.result)
    if last:
        won = f"{capitalised(who)} wins the {campaign} campaign."
        said = [won if outcome.result != DRAW else "The campaign is a draw."]
    elif outcome.changes:
        clauses = [describe_change(change, name) for change in outcome.changes]
        said = [f"In the next scenario, {join_and(clauses)}."]
    else:
        said = ["The next scenario is played as printed."]
    if outcome.effect.strip():
        said.append(outcome.effect.strip())
    return " ".join(said)


def change_problems(changes: Sequence[Change], scenario: Scenario, units: Mapping[str, object]) -> Iterator[str]:
    """What in `changes` the next scenario cannot take: sides, objectives, set-up steps and
    units (`units`: the catalogue's, by id) it does not have. One sentence each."""
    sides = [s.id for s in scenario.sides]
    for change in changes:
        named_sides = [change.side] if not isinstance(change, PlaceObjective) else []
        if isinstance(change, ChangeUnits):
            unknown = [u for u in (*change.add, *change.remove) if u not in units]
            if unknown:
                yield f"the catalogue has no unit {unknown[0]!r}."
            if scenario.side(change.side) is not None and scenario.force(change.side) is None:
                yield f"{scenario.title} gives {change.side} no force to change."
        if isinstance(change, DeploymentOrder):
            named_sides += [s for s in (change.before, change.after) if s is not None]
            unknown = [u for u in change.units if u not in units]
            if unknown:
                yield f"the catalogue has no unit {unknown[0]!r}."
            elif _step(scenario.setup.deployment, change) is None:
                what = join_and(change.units) if change.units else "no unit in particular"
                yield f"{scenario.title} has no set-up step in which {change.side} deploys {what}."
        for side in named_sides:
            if side not in sides:
                yield f"{scenario.title} has no side {side!r}; its sides are {join_and(sides)}."
        if isinstance(change, PlaceObjective | HoldObjective) and scenario.objective(change.objective) is None:
            yield f"{scenario.title} has no objective {change.objective!r}."


def carry_over(
    scenario: Scenario,
    outcome: CampaignOutcome,
    scored: Mapping[str, int],
    heading: str,
    unit_name: Callable[[str], str] | None = None,
) -> Scenario:
    """The next scenario with the outcome's changes made, and a special rule titled
    `heading` telling them. `scored`: the victory points of the game just played, by side;
    `unit_name`: names of units (a catalogue's). Changes the scenario cannot take (see
    change_problems) are left out."""
    name = scenario.namer(unit_name)
    for change in outcome.changes:
        scenario = _apply(scenario, change, scored, name)
    told = describe_outcome(outcome, name, scenario.campaign.name if scenario.campaign else "", last=False)
    rule = SpecialRule(title=f"{CAMPAIGN_RULE}: {heading}", text=told)
    return scenario.model_copy(update={"special_rules": [*scenario.special_rules, rule]})


def _apply(scenario: Scenario, change: Change, scored: Mapping[str, int], name: Namer) -> Scenario:
    if isinstance(change, DeploymentOrder):
        return _reorder(scenario, change, name)
    if isinstance(change, PlaceObjective):
        place = {"at": change.at, "element": change.element} | ({"name": change.name} if change.name else {})
        return _objective(scenario, change.objective, place)
    if isinstance(change, HoldObjective):
        return _objective(scenario, change.objective, {"held": change.side})
    if isinstance(change, ChangePoints):
        return _force(scenario, change.side, lambda f: {"points": max(1, f.points + change.change)})
    if isinstance(change, ChangeUnits):
        return _force(
            scenario, change.side, lambda f: {"extra": [*f.extra, *change.add], "removed": [*f.removed, *change.remove]}
        )
    carried = change.points if change.points is not None else scored.get(change.side, 0)
    points = dict(scenario.setup.victory_points)
    points[change.side] = points.get(change.side, 0) + carried
    return scenario.model_copy(update={"setup": scenario.setup.model_copy(update={"victory_points": points})})


def _force(scenario: Scenario, side: str, update: Callable[[Force], Mapping[str, object]]) -> Scenario:
    forces = [
        force.model_copy(update=dict(update(force))) if force.side == side else force for force in scenario.forces
    ]
    return scenario.model_copy(update={"forces": forces})


def _objective(scenario: Scenario, objective: str, update: Mapping[str, object]) -> Scenario:
    objectives = [o.model_copy(update=dict(update)) if o.id == objective else o for o in scenario.objectives]
    return scenario.model_copy(update={"objectives": objectives})


def _step(steps: Sequence[DeploymentStep], change: DeploymentOrder) -> int | None:
    """The set-up step the change moves: the side's step deploying exactly its units."""
    wanted = set(change.units)
    return next((i for i, s in enumerate(steps) if s.side == change.side and set(s.units) == wanted), None)


def _reorder(scenario: Scenario, change: DeploymentOrder, name: Namer) -> Scenario:
    steps = list(scenario.setup.deployment)
    index = _step(steps, change)
    if index is None:
        return scenario
    moved = steps.pop(index)
    moved = moved.model_copy(update={"note": capitalised(describe_change(change, name)) + " (campaign)."})
    if change.before is not None:
        at = next((i for i, s in enumerate(steps) if s.side == change.before), len(steps))
    else:
        at = max((i + 1 for i, s in enumerate(steps) if s.side == change.after), default=len(steps))
    steps.insert(at, moved)
    return scenario.model_copy(update={"setup": scenario.setup.model_copy(update={"deployment": steps})})
