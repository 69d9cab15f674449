"""`hon scenario check` on the victory conditions and the events (reinforcements, triggers):
what they name must exist, and what they ask must be possible."""

from __future__ import annotations

from collections.abc import Iterator

from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.conditions import Condition, Control, Exited, references
from builder.heroes.scenario.models import DRAW, Event, Scenario
from builder.heroes.scenario.reference_issues import missing, unknown
from builder.kernel.diagnostics import Issue, error, plural, the_side, warning

__all__ = ["event_issues", "victory_issues"]


def condition_issues(
    condition: Condition, path: str, where: str, scenario: Scenario, catalogue: Catalogue
) -> Iterator[Issue]:
    """The unknown references of `condition` (at `path`, part of `where`), each once."""
    sides = [s.id for s in scenario.sides] + scenario.teams  # a team may be named (SoN p.10)
    objectives = [o.id for o in scenario.objectives]
    for kind, ref in dict.fromkeys(references(condition)):
        if kind == "side" and ref not in sides:
            yield missing("side", ref, path, sides, where)
        elif kind == "objective" and ref not in objectives:
            yield missing("objective", ref, path, objectives, where)
        elif kind == "unit" and ref not in catalogue.units:
            yield unknown(catalogue, "units", "unit", ref, path)
    yield from _impossible(condition, path)


def _impossible(condition: Condition, path: str) -> Iterator[Issue]:
    if isinstance(condition, Control) and condition.count is not None and condition.count > len(condition.objectives):
        yield error(
            "victory.impossible",
            path,
            f"The condition asks for {condition.count} objectives out of only {len(condition.objectives)}.",
            "Lower the count or list more objectives.",
        )
    if isinstance(condition, Exited) and condition.at_most is not None and condition.at_most < condition.at_least:
        yield error(
            "victory.impossible",
            path,
            f"The condition asks for at least {condition.at_least} and at most {condition.at_most} units.",
            "Fix the range.",
        )
    for part in getattr(condition, "of", []):
        yield from _impossible(part, path)
    inner = getattr(condition, "condition", None)
    if inner is not None:
        yield from _impossible(inner, path)


def victory_issues(scenario: Scenario, catalogue: Catalogue) -> Iterator[Issue]:
    sides = [s.id for s in scenario.sides] + scenario.teams  # a team wins together (SoN p.10)
    victory = scenario.victory
    for i, outcome in enumerate(victory.outcomes):
        path = f"victory.outcomes[{i}]"
        if outcome.winner not in (*sides, DRAW):
            yield missing("side", outcome.winner, f"{path}.winner", [*sides, DRAW])
        where = f"the outcome {outcome.label!r}"
        yield from condition_issues(outcome.condition, f"{path}.condition", where, scenario, catalogue)
    if victory.otherwise not in (*sides, DRAW):
        yield missing("side", victory.otherwise, "victory.otherwise", [*sides, DRAW])
    for i, early in enumerate(victory.end.early):
        where = f"early end {i + 1} of the game"
        yield from condition_issues(early, f"victory.end.early[{i}]", where, scenario, catalogue)
    winners = {o.winner for o in victory.outcomes} | {victory.otherwise}
    for side in scenario.sides:
        if side.id not in winners and scenario.team_of(side.id) not in winners:
            yield warning(
                "victory.one-sided",
                "victory",
                f"{the_side(side.name, capital=True)} cannot win: no outcome names it.",
                "Add an outcome for this side, or make it the default winner.",
            )


def event_issues(scenario: Scenario, catalogue: Catalogue) -> Iterator[Issue]:
    for i, event in enumerate(scenario.events):
        path = f"events[{i}]"
        yield from _event_setting(event, path, scenario)
        yield from _event_references(event, i, path, scenario, catalogue)
        yield from _event_omissions(event, path)


def _event_setting(event: Event, path: str, scenario: Scenario) -> Iterator[Issue]:
    """Whose, where and when: a side and a zone of the scenario, a turn the game reaches."""
    sides = [s.id for s in scenario.sides]
    zones = [z.id for z in scenario.zones]
    turns = scenario.setup.turns
    if event.side is not None and event.side not in sides:
        yield missing("side", event.side, f"{path}.side", sides)
    if event.zone is not None and event.zone not in zones:
        yield missing("zone", event.zone, f"{path}.zone", zones)
    if event.turn is not None and event.turn > turns.count and not turns.at_least:
        yield warning(
            "event.turn",
            f"{path}.turn",
            f"The event comes on turn {event.turn}, but the game lasts {plural(turns.count, 'turn')}.",
            "Move it to an earlier turn.",
        )


def _event_references(event: Event, i: int, path: str, scenario: Scenario, catalogue: Catalogue) -> Iterator[Issue]:
    """The units it brings, the objectives it discards, the tactical bonuses it places and
    what its trigger names all exist."""
    for unit in event.units:
        if unit not in catalogue.units:
            yield unknown(catalogue, "units", "unit", unit, f"{path}.units")
    objectives = [o.id for o in scenario.objectives]
    for objective in event.discard:
        if objective not in objectives:
            yield missing("objective", objective, f"{path}.discard", objectives)
    bonuses = [b.id for b in scenario.tactical_bonuses]
    for bonus in event.bonuses:
        if bonus not in bonuses:
            yield missing("tactical bonus", bonus, f"{path}.bonuses", bonuses)
    if event.trigger is not None:
        where = f"the trigger of event {i + 1}"
        yield from condition_issues(event.trigger, f"{path}.trigger", where, scenario, catalogue)


def _event_omissions(event: Event, path: str) -> Iterator[Issue]:
    """What the event leaves out that what it does needs: a side and a zone for the units it
    brings, a trigger for `once`."""
    if (event.units or event.options) and event.side is None:
        yield warning(
            "event.no-side",
            f"{path}.side",
            "The event brings units in but names no side: nobody's units enter.",
            "Name the side whose units it brings.",
        )
    if event.units and event.zone is None:
        yield warning(
            "event.no-zone",
            f"{path}.zone",
            "The event brings units in but names no zone: they enter through their set-up zones.",
            "Name the entry squares they come in by.",
        )
    if event.once and event.trigger is None:
        yield warning(
            "event.once",
            f"{path}.once",
            "Once only means something for an event with a trigger; one on a turn happens once anyway.",
            "Remove once, or give the event a trigger.",
        )
