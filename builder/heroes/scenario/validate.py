"""`hon scenario check`: is the scenario playable as written? Same Issue type as armies. The
sides, map, zones, objectives and set-up are judged here; the forces and campaign in
`force_issues`, the victory conditions and events in `victory_issues`."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from builder.heroes.army.models import ArmyList
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.scenario.battlefield import Battlefield, assemble
from builder.heroes.scenario.force_issues import campaign_issues, force_issues
from builder.heroes.scenario.models import RANDOM, Objective, Scenario, Zone, ZoneKind
from builder.heroes.scenario.reference_issues import missing, unknown
from builder.heroes.scenario.victory_issues import event_issues, victory_issues
from builder.kernel.diagnostics import Issue, error, plural, the_side, warning

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
        *force_issues(scenario, catalogue, armies or {}),
        *victory_issues(scenario, catalogue),
        *event_issues(scenario, catalogue),
        *campaign_issues(scenario, catalogue, following),
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
            yield unknown(catalogue, "factions", "faction", side.faction, f"sides[{i}].faction")
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
    for i, zone in enumerate(scenario.zones):
        if zone.side not in sides:
            yield missing("side", zone.side, f"zones[{i}].side", sides)
        yield from _zone_squares(zone, f"zones[{i}]", battlefield)
    yield from _sides_without_zone(scenario)
    yield from _shared_deployment(scenario)


def _zone_squares(zone: Zone, path: str, battlefield: Battlefield) -> Iterator[Issue]:
    """A zone has squares, all on the boards and open to some unit; an entry or exit zone
    touches the map's edge, where units arrive or leave."""
    cells = zone.area.cells()
    if not cells:
        yield error("zone.empty", f"{path}.area", f"Zone {zone.id!r} has no squares.", "Draw its squares.")
        return
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


def _sides_without_zone(scenario: Scenario) -> Iterator[Issue]:
    """Every side has a deployment zone or entry squares, or its units never come into play."""
    sides_with_room = {z.side for z in scenario.zones if z.kind is not ZoneKind.EXIT}
    for i, side in enumerate(scenario.sides):
        if side.id not in sides_with_room:
            yield error(
                "side.no-zone",
                f"sides[{i}]",
                f"{the_side(side.name, capital=True)} has no deployment zone and no entry squares: "
                "its units cannot come into play.",
                "Draw a deployment zone or entry squares for this side.",
            )


def _shared_deployment(scenario: Scenario) -> Iterator[Issue]:
    """No square in two sides' deployment zones."""
    deployment: dict[str, set[Square]] = {}
    for zone in scenario.zones:
        if zone.kind is ZoneKind.DEPLOYMENT:
            deployment.setdefault(zone.side, set()).update(zone.area.cells())
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
        for field, side in (("owner", objective.owner), ("held", objective.held)):
            if side is not None and side not in sides:
                yield missing("side", side, f"{path}.{field}", sides)
        if objective.element is not None:
            yield from _objective_element(objective, objective.element, path, battlefield)
        else:
            yield from _objective_square(objective, path, battlefield)
    yield from _markers_off_map(scenario, battlefield)


def _objective_element(objective: Objective, element: str, path: str, battlefield: Battlefield) -> Iterator[Issue]:
    """An objective on a terrain element names one element of the map, once."""
    placed = [e for e in battlefield.elements if e.id == element]
    if not placed:
        known = sorted({e.id for e in battlefield.elements if e.id})
        yield missing("terrain element", element, f"{path}.element", known)
    elif len(placed) > 1:
        yield error(
            "objective.ambiguous",
            f"{path}.element",
            f"Objective {objective.name!r} names the element {element!r}, which is on the map "
            f"{len(placed)} times ({', '.join(e.key for e in placed)}).",
            "Put the objective on a square instead.",
        )


def _objective_square(objective: Objective, path: str, battlefield: Battlefield) -> Iterator[Issue]:
    """An objective on a square is on the boards, where some unit can take it."""
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


def _markers_off_map(scenario: Scenario, battlefield: Battlefield) -> Iterator[Issue]:
    """Tactical bonuses and Search tokens lie on the boards."""
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
        yield missing("side", setup.initiative, "setup.initiative", [*sides, RANDOM])
    for side in setup.action_cards:
        if side not in sides:
            yield missing("side", side, f"setup.action_cards.{side}", sides)
    for side in setup.victory_points:
        if side not in sides:
            yield missing("side", side, f"setup.victory_points.{side}", sides)
    for i, step in enumerate(setup.deployment):
        if step.side not in sides:
            yield missing("side", step.side, f"setup.deployment[{i}].side", sides)
        if step.zone is not None and step.zone not in zones:
            yield missing("zone", step.zone, f"setup.deployment[{i}].zone", zones)
        for unit in step.units:
            if unit not in catalogue.units:
                yield unknown(catalogue, "units", "unit", unit, f"setup.deployment[{i}].units")
