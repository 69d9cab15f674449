"""`hon scenario check` on the forces (their points and army lists) and the campaign's links
(what its outcomes add, remove and change in the next scenario)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping

from builder.heroes.army.models import ArmyList
from builder.heroes.army.resolve import resolve
from builder.heroes.army.validate import check as check_army
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.campaign import change_problems
from builder.heroes.scenario.changes import Change, units_named
from builder.heroes.scenario.models import DRAW, Force, Scenario
from builder.heroes.scenario.reference_issues import missing, unknown
from builder.kernel.diagnostics import Issue, Severity, error, info, plural, the_side, warning

__all__ = ["NO_ARMY", "campaign_issues", "force_issues"]

NO_ARMY = "force.no-army"


def force_issues(scenario: Scenario, catalogue: Catalogue, armies: Mapping[str, ArmyList]) -> Iterator[Issue]:
    for side in scenario.sides:
        force = scenario.force(side.id)
        if force is None:
            yield error(
                "forces.missing",
                "forces",
                f"{the_side(side.name, capital=True)} has no force: how many points does it field?",
                "Add a force with its points.",
            )
            continue
        army = armies.get(side.id)
        if army is None:
            if force.army is None:
                yield _no_army(side.name, side.id, scenario.forces.index(force))
            continue
        path = f"forces[{scenario.forces.index(force)}].army"
        if army.faction != side.faction:
            yield error(
                "force.faction",
                path,
                f"The army list for {side.name} is {catalogue.name_of('factions', army.faction)}, "
                f"but the side is {catalogue.name_of('factions', side.faction)}.",
                "Name an army list of the side's faction.",
            )
        army_issues, summary = check_army(army, catalogue)
        if summary.points > force.points:
            yield error(
                "force.points",
                path,
                f"The army list for {side.name} costs {summary.points} points; the scenario gives {force.points}.",
                "Trim the list to the scenario's points.",
            )
        army_errors = [issue for issue in army_issues if issue.severity is Severity.ERROR]
        if army_errors:
            yield error(
                "force.illegal",
                path,
                f"The army list for {side.name} is not legal: {army_errors[0].message}",
                "Run hon validate on the list.",
            )
    for i, force in enumerate(scenario.forces):
        if scenario.side(force.side) is None:
            yield missing("side", force.side, f"forces[{i}].side", [s.id for s in scenario.sides])
        yield from _campaign_units(force, f"forces[{i}]", catalogue, armies.get(force.side))


def _no_army(name: str, side: str, index: int) -> Issue:
    """A force that names no army list: the scenario is whole, but a game of it (hon
    simulate, the app's f8) needs a list for the side, named here or given when it starts."""
    return info(
        NO_ARMY,
        f"forces[{index}]",
        f"The scenario names no army list for {the_side(name)}: a game needs one for every side.",
        f"Name one under the side's force (army: FILE), or give it when the game starts "
        f"(hon simulate --army {side}=FILE).",
    )


def _campaign_units(force: Force, path: str, catalogue: Catalogue, army: ArmyList | None) -> Iterator[Issue]:
    """The units a campaign added to the force must be in the catalogue; those it removed,
    in the army list (a counter it does not field cannot be left out)."""
    for field in ("extra", "removed"):
        for unit in getattr(force, field):
            if unit not in catalogue.units:
                yield unknown(catalogue, "units", "unit", unit, f"{path}.{field}")
    if army is None:
        return
    fielded = Counter(f.unit.id for f in resolve(army, catalogue).fielded())
    for unit, wanted in Counter(u for u in force.removed if u in catalogue.units).items():
        if wanted > fielded[unit]:
            yield warning(
                "force.removed",
                f"{path}.removed",
                f"The campaign leaves out {plural(wanted, catalogue.name_of('units', unit) + ' counter')}, "
                f"but the army list fields {fielded[unit]}.",
                "Field the unit in the army list, or drop it from removed.",
            )


def campaign_issues(scenario: Scenario, catalogue: Catalogue, following: Scenario | None) -> Iterator[Issue]:
    """The campaign's links: what this scenario can judge alone, and with `following` (the
    next scenario) the sides, objectives and set-up steps its changes name there."""
    campaign = scenario.campaign
    if campaign is None:
        return
    sides = [s.id for s in scenario.sides]
    if campaign.part > campaign.of:
        yield error(
            "campaign.part",
            "campaign.part",
            f"The scenario is part {campaign.part} of a campaign of {campaign.of}.",
            "Fix the part or the number of parts.",
        )
    linked = following if following is not None and following.id == campaign.next else None
    seen: set[str] = set()
    for i, outcome in enumerate(campaign.outcomes):
        path = f"campaign.outcomes[{i}]"
        if outcome.result not in (*sides, DRAW):
            yield missing("side", outcome.result, f"{path}.result", [*sides, DRAW])
        if outcome.result in seen:
            yield error(
                "campaign.duplicate",
                f"{path}.result",
                f"Two campaign outcomes are for the result {outcome.result!r}.",
                "Merge their changes into one outcome.",
            )
        seen.add(outcome.result)
        if outcome.changes and campaign.next is None:
            yield warning(
                "campaign.no-next",
                f"{path}.changes",
                "The outcome changes the next scenario, but the campaign names no next scenario.",
                "Name the next scenario, or remove the changes.",
            )
        for j, change in enumerate(outcome.changes):
            yield from _change_issues(change, f"{path}.changes[{j}]", catalogue, linked)


def _change_issues(change: Change, path: str, catalogue: Catalogue, following: Scenario | None) -> Iterator[Issue]:
    """A change names units the catalogue has, and fits the next scenario (`following`,
    when it is the one the campaign names)."""
    named = units_named(change)
    for field, units in named.items():
        for unit in units:
            if unit not in catalogue.units:
                yield unknown(catalogue, "units", "unit", unit, f"{path}.{field}")
    known = all(u in catalogue.units for units in named.values() for u in units)
    if known and following is not None:
        for problem in change_problems([change], following, catalogue.units):
            yield error(
                "campaign.link",
                path,
                f"The next scenario cannot take this change: {problem}",
                "Name what the next scenario has.",
            )
