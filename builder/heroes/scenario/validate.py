"""`hon scenario check`: is the scenario playable as written? Same Issue type as armies."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from builder.heroes.army.models import ArmyList
from builder.heroes.army.resolve import resolve
from builder.heroes.army.validate import check as check_army
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.battlefield import Battlefield, assemble
from builder.heroes.scenario.campaign import change_problems
from builder.heroes.scenario.changes import units_named
from builder.heroes.scenario.conditions import Condition, Control, Exited, references
from builder.heroes.scenario.models import DRAW, RANDOM, Force, Scenario, ZoneKind
from builder.kernel.diagnostics import Issue, Severity, error, join_or, plural, warning

Square = tuple[int, int]


@dataclass(frozen=True)
class Checked:
    issues: list[Issue]
    battlefield: Battlefield


def validate_scenario(
    scenario: Scenario,
    catalogue: Catalogue,
    armies: Mapping[str, ArmyList] | None = None,
    following: Scenario | None = None,
) -> Checked:
    """Every problem of the scenario; `armies` are the forces' army lists, by side, when
    the scenario names them, and `following` the campaign's next scenario, when it can be
    found, to judge what the campaign's outcomes change in it (the I/O layer reads them)."""
    battlefield, issues = assemble(scenario.map, catalogue)
    issues = [
        *issues,
        *_side_issues(scenario, catalogue),
        *_overlay_issues(scenario, battlefield),
        *_zone_issues(scenario, battlefield),
        *_objective_issues(scenario, battlefield),
        *_setup_issues(scenario, catalogue),
        *_force_issues(scenario, catalogue, armies or {}),
        *_victory_issues(scenario, catalogue),
        *_event_issues(scenario, catalogue),
        *_campaign_issues(scenario, catalogue, following),
    ]
    return Checked(issues, battlefield)


def _first(cells: set[Square] | frozenset[Square]) -> str:
    c, r = min(cells)
    return f"[{c}, {r}]"


def _side_issues(scenario: Scenario, catalogue: Catalogue) -> Iterator[Issue]:
    seen: set[str] = set()
    for i, side in enumerate(scenario.sides):
        if side.id in seen:
            yield error(
                "side.duplicate", f"sides[{i}].id", f"Two sides are called {side.id!r}.", "Give each side its own id."
            )
        seen.add(side.id)
        faction = catalogue.factions.get(side.faction)
        if faction is None:
            yield _unknown(catalogue, "factions", "faction", side.faction, f"sides[{i}].faction")
        elif faction.game not in (scenario.game, None):
            yield error(
                "side.game",
                f"sides[{i}].faction",
                f"{faction.name} is not a faction of {scenario.game.full_name}.",
                "Choose a faction of the scenario's game.",
            )
        if side.team is not None and side.team != side.id and scenario.side(side.team) is not None:
            yield error(
                "side.team",
                f"sides[{i}].team",
                f"The team {side.team!r} is also the id of another side.",
                "Give the team an id of its own (SoN p.10: teams of players).",
            )
    # Only when a side declares a team: two sides sharing an id are told apart above.
    if scenario.teams and len({scenario.team_of(s.id) for s in scenario.sides}) < 2:
        yield error(
            "side.team",
            "sides",
            "Every side is in the same team: nobody plays against them.",
            "Put the sides in two teams at least (SoN p.10: one player against two).",
        )


def _unknown(catalogue: Catalogue, section: str, what: str, entry_id: str, path: str) -> Issue:
    close = catalogue.did_you_mean(entry_id, section)
    return error(
        "reference.unknown",
        path,
        f"The catalogue has no {what} {entry_id!r}.",
        f"Did you mean {join_or(repr(c) for c in close)}?" if close else "Check the id.",
    )


def _missing(kind: str, name: str, path: str, known: list[str], where: str = "") -> Issue:
    """`where` names what refers to it ('the outcome "Allied victory"'), when the path alone
    would not tell the player which of several places it is."""
    return error(
        "reference.unknown",
        path,
        f"The scenario has no {kind} {name!r}" + (f", named in {where}." if where else "."),
        f"Its {kind}s are {join_or(known)}." if known else f"Add the {kind} first.",
    )


def _overlay_issues(scenario: Scenario, battlefield: Battlefield) -> Iterator[Issue]:
    for i, overlay in enumerate(scenario.map.overlays):
        off = overlay.area.cells() - battlefield.squares
        if off:
            yield error(
                "map.off",
                f"map.overlays[{i}]",
                f"The {overlay.name or overlay.terrain} overlay has {plural(len(off), 'square')} off the boards, "
                f"first at {_first(off)}.",
                "Move it onto the boards.",
            )


def _zone_issues(scenario: Scenario, battlefield: Battlefield) -> Iterator[Issue]:
    sides = [s.id for s in scenario.sides]
    deployment: dict[str, set[Square]] = {}
    for i, zone in enumerate(scenario.zones):
        path = f"zones[{i}]"
        if zone.side not in sides:
            yield _missing("side", zone.side, f"{path}.side", sides)
        cells = zone.area.cells()
        if not cells:
            yield error("zone.empty", f"{path}.area", f"Zone {zone.id!r} has no squares.", "Draw its squares.")
            continue
        off = cells - battlefield.squares
        if off:
            yield error(
                "zone.off-map",
                f"{path}.area",
                f"Zone {zone.id!r} has {plural(len(off), 'square')} off the map, first at {_first(off)}.",
                "Keep zones on the boards.",
            )
        blocked = {c for c in cells & battlefield.squares if battlefield.impassable_to_all(c)}
        if blocked:
            yield error(
                "zone.impassable",
                f"{path}.area",
                f"Zone {zone.id!r} has {plural(len(blocked), 'square')} no unit can enter, first at {_first(blocked)}.",
                "Take impassable squares out of the zone.",
            )
        if zone.kind in (ZoneKind.ENTRY, ZoneKind.EXIT) and not any(_on_edge(c, battlefield) for c in cells):
            where = "arrive" if zone.kind is ZoneKind.ENTRY else "leave"
            yield warning(
                "zone.edge",
                f"{path}.area",
                f"{zone.kind.value.title()} zone {zone.id!r} does not touch the edge of the map, where units {where}.",
                f"Move the {zone.kind.value} squares to the map's edge.",
            )
        if zone.kind is ZoneKind.DEPLOYMENT:
            deployment.setdefault(zone.side, set()).update(cells)
    sides_with_room = {z.side for z in scenario.zones if z.kind is not ZoneKind.EXIT}
    for i, side in enumerate(scenario.sides):
        if side.id not in sides_with_room:
            yield error(
                "side.no-zone",
                f"sides[{i}]",
                f"{side.name} has no deployment zone and no entry squares: its units cannot come into play.",
                "Draw a deployment zone or entry squares for this side.",
            )
    owners = sorted(deployment)
    for n, first in enumerate(owners):
        for second in owners[n + 1 :]:
            shared = deployment[first] & deployment[second]
            if shared:
                yield error(
                    "zone.overlap",
                    "zones",
                    f"The deployment zones of {first} and {second} share {plural(len(shared), 'square')}, "
                    f"first at {_first(shared)}.",
                    "Opposing deployment zones must not overlap.",
                )


def _on_edge(square: Square, battlefield: Battlefield) -> bool:
    c, r = square
    return any(n not in battlefield.squares for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)))


def _objective_issues(scenario: Scenario, battlefield: Battlefield) -> Iterator[Issue]:
    sides = [s.id for s in scenario.sides]
    for i, objective in enumerate(scenario.objectives):
        path = f"objectives[{i}]"
        if objective.owner is not None and objective.owner not in sides:
            yield _missing("side", objective.owner, f"{path}.owner", sides)
        if objective.held is not None and objective.held not in sides:
            yield _missing("side", objective.held, f"{path}.held", sides)
        if objective.element is not None:
            placed = [e for e in battlefield.elements if e.id == objective.element]
            if not placed:
                known = sorted({e.id for e in battlefield.elements if e.id})
                yield _missing("terrain element", objective.element, f"{path}.element", known)
            elif len(placed) > 1:
                yield error(
                    "objective.ambiguous",
                    f"{path}.element",
                    f"Objective {objective.name!r} names the element {objective.element!r}, which is on the map "
                    f"{len(placed)} times ({', '.join(e.key for e in placed)}).",
                    "Put the objective on a square instead.",
                )
            continue
        assert objective.at is not None
        if objective.at not in battlefield.squares:
            yield error(
                "objective.off-map",
                f"{path}.at",
                f"Objective {objective.name!r} is off the map at {list(objective.at)}.",
                "Put it on a square of the boards.",
            )
        elif battlefield.impassable_to_all(objective.at):
            yield error(
                "objective.impassable",
                f"{path}.at",
                f"Objective {objective.name!r} is on a square no unit can enter ({list(objective.at)}), "
                "so nobody can take it.",
                "Move it to a square units can reach.",
            )
    for i, bonus in enumerate(scenario.tactical_bonuses):
        if bonus.at not in battlefield.squares:
            yield error(
                "objective.off-map",
                f"tactical_bonuses[{i}].at",
                f"Tactical bonus {bonus.id!r} is off the map.",
                "Put it on the boards.",
            )
    for i, token in enumerate(scenario.search_tokens):
        if tuple(token) not in battlefield.squares:
            yield error(
                "objective.off-map",
                f"search_tokens[{i}]",
                f"The Search token at {list(token)} is off the map.",
                "Put it on the boards (SoN p.11).",
            )


def _setup_issues(scenario: Scenario, catalogue: Catalogue) -> Iterator[Issue]:
    sides = [s.id for s in scenario.sides]
    zones = [z.id for z in scenario.zones]
    setup = scenario.setup
    if setup.initiative != RANDOM and setup.initiative not in sides:
        yield _missing("side", setup.initiative, "setup.initiative", [*sides, RANDOM])
    for side in setup.action_cards:
        if side not in sides:
            yield _missing("side", side, f"setup.action_cards.{side}", sides)
    for side in setup.victory_points:
        if side not in sides:
            yield _missing("side", side, f"setup.victory_points.{side}", sides)
    for i, step in enumerate(setup.deployment):
        if step.side not in sides:
            yield _missing("side", step.side, f"setup.deployment[{i}].side", sides)
        if step.zone is not None and step.zone not in zones:
            yield _missing("zone", step.zone, f"setup.deployment[{i}].zone", zones)
        for unit in step.units:
            if unit not in catalogue.units:
                yield _unknown(catalogue, "units", "unit", unit, f"setup.deployment[{i}].units")


def _force_issues(scenario: Scenario, catalogue: Catalogue, armies: Mapping[str, ArmyList]) -> Iterator[Issue]:
    for side in scenario.sides:
        force = scenario.force(side.id)
        if force is None:
            yield error(
                "forces.missing",
                "forces",
                f"{side.name} has no force: how many points does it field?",
                "Add a force with its points.",
            )
            continue
        army = armies.get(side.id)
        if army is None:
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
            yield _missing("side", force.side, f"forces[{i}].side", [s.id for s in scenario.sides])
        yield from _campaign_units(force, f"forces[{i}]", catalogue, armies.get(force.side))


def _campaign_units(force: Force, path: str, catalogue: Catalogue, army: ArmyList | None) -> Iterator[Issue]:
    """The units a campaign added to the force must be in the catalogue; those it removed,
    in the army list (a counter it does not field cannot be left out)."""
    for field in ("extra", "removed"):
        for unit in getattr(force, field):
            if unit not in catalogue.units:
                yield _unknown(catalogue, "units", "unit", unit, f"{path}.{field}")
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


def _condition_issues(
    condition: Condition, path: str, where: str, scenario: Scenario, catalogue: Catalogue
) -> Iterator[Issue]:
    """The unknown references of `condition` (at `path`, part of `where`), each once."""
    sides = [s.id for s in scenario.sides] + scenario.teams  # a team may be named (SoN p.10)
    objectives = [o.id for o in scenario.objectives]
    for kind, ref in dict.fromkeys(references(condition)):
        if kind == "side" and ref not in sides:
            yield _missing("side", ref, path, sides, where)
        elif kind == "objective" and ref not in objectives:
            yield _missing("objective", ref, path, objectives, where)
        elif kind == "unit" and ref not in catalogue.units:
            yield _unknown(catalogue, "units", "unit", ref, path)
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


def _victory_issues(scenario: Scenario, catalogue: Catalogue) -> Iterator[Issue]:
    sides = [s.id for s in scenario.sides] + scenario.teams  # a team wins together (SoN p.10)
    victory = scenario.victory
    for i, outcome in enumerate(victory.outcomes):
        path = f"victory.outcomes[{i}]"
        if outcome.winner not in (*sides, DRAW):
            yield _missing("side", outcome.winner, f"{path}.winner", [*sides, DRAW])
        where = f"the outcome {outcome.label!r}"
        yield from _condition_issues(outcome.condition, f"{path}.condition", where, scenario, catalogue)
    if victory.otherwise not in (*sides, DRAW):
        yield _missing("side", victory.otherwise, "victory.otherwise", [*sides, DRAW])
    for i, early in enumerate(victory.end.early):
        where = f"early end {i + 1} of the game"
        yield from _condition_issues(early, f"victory.end.early[{i}]", where, scenario, catalogue)
    winners = {o.winner for o in victory.outcomes} | {victory.otherwise}
    for side in scenario.sides:
        if side.id not in winners and scenario.team_of(side.id) not in winners:
            yield warning(
                "victory.one-sided",
                "victory",
                f"{side.name} cannot win: no outcome names it.",
                "Add an outcome for this side, or make it the default winner.",
            )


def _event_issues(scenario: Scenario, catalogue: Catalogue) -> Iterator[Issue]:
    sides = [s.id for s in scenario.sides]
    zones = [z.id for z in scenario.zones]
    turns = scenario.setup.turns
    for i, event in enumerate(scenario.events):
        path = f"events[{i}]"
        if event.side is not None and event.side not in sides:
            yield _missing("side", event.side, f"{path}.side", sides)
        if event.zone is not None and event.zone not in zones:
            yield _missing("zone", event.zone, f"{path}.zone", zones)
        if event.turn is not None and event.turn > turns.count and not turns.at_least:
            yield warning(
                "event.turn",
                f"{path}.turn",
                f"The event comes on turn {event.turn}, but the game lasts {plural(turns.count, 'turn')}.",
                "Move it to an earlier turn.",
            )
        for unit in event.units:
            if unit not in catalogue.units:
                yield _unknown(catalogue, "units", "unit", unit, f"{path}.units")
        objectives = [o.id for o in scenario.objectives]
        for objective in event.discard:
            if objective not in objectives:
                yield _missing("objective", objective, f"{path}.discard", objectives)
        bonuses = [b.id for b in scenario.tactical_bonuses]
        for bonus in event.bonuses:
            if bonus not in bonuses:
                yield _missing("tactical bonus", bonus, f"{path}.bonuses", bonuses)
        if event.trigger is not None:
            where = f"the trigger of event {i + 1}"
            yield from _condition_issues(event.trigger, f"{path}.trigger", where, scenario, catalogue)
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


def _campaign_issues(scenario: Scenario, catalogue: Catalogue, following: Scenario | None) -> Iterator[Issue]:
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
    seen: set[str] = set()
    for i, outcome in enumerate(campaign.outcomes):
        path = f"campaign.outcomes[{i}]"
        if outcome.result not in (*sides, DRAW):
            yield _missing("side", outcome.result, f"{path}.result", [*sides, DRAW])
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
            named = units_named(change)
            for field, units in named.items():
                for unit in units:
                    if unit not in catalogue.units:
                        yield _unknown(catalogue, "units", "unit", unit, f"{path}.changes[{j}].{field}")
            known = all(u in catalogue.units for units in named.values() for u in units)
            if known and following is not None and following.id == campaign.next:
                for problem in change_problems([change], following, catalogue.units):
                    yield error(
                        "campaign.link",
                        f"{path}.changes[{j}]",
                        f"The next scenario cannot take this change: {problem}",
                        "Name what the next scenario has.",
                    )
