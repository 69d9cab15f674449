"""The deployment dry-run: is this placement of one side's army legal on the scenario's map?

A side deploys in the zones its set-up steps name (a step without a zone: its entry squares),
one counter per square (HoN core p.9), on squares it may enter (p.18), a two-square vehicle
fitting with its facing. Scout N units may stand up to N squares outside, never adjacent to an
objective nor in its area (HoN core p.26; SoN p.18). Ambush, Tripod and Scout units may deploy
with either side up (HoN core p.21, p.26); every other unit shows its first side.

Issue codes: deploy.outside, deploy.scout, deploy.stacked, deploy.impassable, deploy.off-map,
deploy.shape, deploy.face, deploy.unplaced, deploy.no-zone, deploy.unknown, deploy.extra,
deploy.no-room (from `auto_deploy`, builder.heroes.rules.setup.deployment)."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from builder.heroes.army.resolve import Fielded, ResolvedArmy
from builder.heroes.catalogue.base import AbilityRef
from builder.heroes.catalogue.units import Unit, UnitType
from builder.heroes.rules.abilities.registry import climbs_windows
from builder.heroes.rules.geometry.grid import footprint_squares, neighbours, shape_fits
from builder.heroes.rules.geometry.passage import PassageMap, passage_map
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.rules.setup.cave import conditions
from builder.heroes.rules.setup.positions import PositionsFile
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.models import Scenario, Zone, ZoneKind
from builder.kernel.diagnostics import Issue, error, plural, warning

EITHER_SIDE_UP = ("ambush", "tripod", "scout")


@dataclass(frozen=True)
class Force:
    """One side's counters, off the battlefield, as the army list fields them."""

    side: str
    pieces: tuple[Piece, ...]
    titles: dict[str, str] = field(default_factory=dict)  # group path -> "Sherman Platoon (1st)"
    sources: dict[str, str] = field(default_factory=dict)  # piece key -> path in the army list

    def title(self, piece: Piece) -> str:
        return self.titles.get(piece.group) or piece.unit.name


def field_army(resolved: ResolvedArmy, side: str) -> Force:
    """One Piece per counter the army fields, keyed `side/path/unit/n` (n from 1). A piece's
    group is the tile, hero or support option that brings it, each with its own breaking
    point (HoN core p.6)."""
    titles = {group.path: group.title for group in resolved.groups}
    for owner, placed in resolved.supports():
        if placed.option is not None:
            titles[placed.path] = f"{placed.option.name} ({owner.title})" if owner is not None else placed.option.name
    pieces: list[Piece] = []
    sources: dict[str, str] = {}
    counts: dict[tuple[str, str], int] = {}
    for fielded in resolved.fielded():
        n = counts[(fielded.path, fielded.unit.id)] = counts.get((fielded.path, fielded.unit.id), 0) + 1
        key = f"{side}/{fielded.path}/{fielded.unit.id}/{n}"
        unit = fielded.unit
        granted = _granted(fielded)
        if granted:
            sides = [
                s.model_copy(update={"abilities": [*s.abilities, *(g for g in granted if not s.has(g.id))]})
                for s in unit.sides
            ]
            unit = unit.model_copy(update={"sides": sides})
        pieces.append(Piece(key=key, unit=unit, owner=side, squares=(), group=fielded.path))
        sources[key] = fielded.path
    return Force(side, tuple(pieces), titles, sources)


CAMPAIGN_GROUP = "campaign"  # the group path of units a campaign adds to a side


def campaign_changed(force: Force, scenario: Scenario, units: Mapping[str, Unit]) -> Force:
    """The force as the campaign's last result left it (the scenario's `extra` and `removed`
    units of the side, changes.ChangeUnits): one counter left out for each unit removed (the
    last fielded), one counter of each unit added, keyed `side/campaign/unit/n`, in a group of
    its own with no breaking point (the book prints no such change, BfC p.12-19: our choice)."""
    changed = scenario.force(force.side)
    if changed is None or not (changed.extra or changed.removed):
        return force
    pieces = list(force.pieces)
    for unit_id in changed.removed:
        at = next((i for i in reversed(range(len(pieces))) if pieces[i].unit.id == unit_id), None)
        if at is not None:
            pieces.pop(at)
    counts: dict[str, int] = {}
    for unit_id in changed.extra:
        unit = units.get(unit_id)
        if unit is None:
            continue  # the scenario check names the unknown unit
        n = counts[unit_id] = counts.get(unit_id, 0) + 1
        key = f"{force.side}/{CAMPAIGN_GROUP}/{unit_id}/{n}"
        pieces.append(Piece(key=key, unit=unit, owner=force.side, squares=(), group=CAMPAIGN_GROUP))
    titles = {**force.titles, CAMPAIGN_GROUP: "Campaign reinforcements"}
    sources = {key: path for key, path in force.sources.items() if any(p.key == key for p in pieces)}
    return Force(force.side, tuple(pieces), titles, sources)


# Abilities an option gives that the rules core plays on the counter itself: Overwatch's
# Opportunity Fire (HoN core p.31). Others (an alternate weapon's Limited Range, Order) stay
# with the option: they belong to an Alternate Firing Action or to the army's token count.
# SoN's customizations give the Character Faith, Magician, Mythos Hunter and Search (SoN p.14).
GRANTED_ON_THE_COUNTER = frozenset({"opportunity-fire", "faith", "magician", "mythos-hunter", "search"})
CARRIED = frozenset({"son-dragon"})  # markers whose option's grants go where the marker is (SoN p.16)


def _granted(fielded: Fielded) -> list[AbilityRef]:
    """What the options on a tile or hero give its own counters, within their restrictions
    ("Restricted to Characters", HoN core p.28): each character of the tile takes it."""
    group = fielded.group
    if group is None or fielded.path != group.path:
        return []
    found: list[AbilityRef] = []
    for placed in group.placed:
        option = placed.option
        if option is None:
            continue
        limits = {r.value for r in option.restricted_to}
        if "characters" in limits and not fielded.unit.is_character:
            continue
        if "infantry" in limits and fielded.unit.type is not UnitType.INFANTRY:
            continue
        if any(m.id in CARRIED for m in option.markers):
            continue  # the Dragon gives its abilities to the unit it is on, not its tile (dragon.py)
        found += [ref for ref in option.grants.abilities if ref.id in GRANTED_ON_THE_COUNTER]
    return found


# --- Where a side may stand ----------------------------------------------------------


def zones_for(scenario: Scenario, side: str, unit_id: str | None = None) -> list[Zone]:
    """The zones a unit of `side` deploys in: those of the set-up steps naming it, else of the
    steps naming no unit; a step with no zone means the side's entry squares. With no step
    for the side, every zone of the side."""
    own = [z for z in scenario.zones if z.side == side and z.kind is not ZoneKind.EXIT]  # exits are not set-up
    steps = [s for s in scenario.setup.deployment if s.side == side]
    if not steps:
        return own
    chosen = [s for s in steps if unit_id is not None and unit_id in s.units] or [s for s in steps if not s.units]
    found: list[Zone] = []
    for step in chosen:
        zones = [z for z in own if z.id == step.zone] if step.zone else [z for z in own if z.kind is ZoneKind.ENTRY]
        found.extend(z for z in zones if z not in found)
    return found


def zone_squares(zones: Iterable[Zone], battlefield: Battlefield) -> frozenset[Square]:
    return frozenset().union(*(zone.area.cells() for zone in zones)) & battlefield.squares


def objective_area(scenario: Scenario, battlefield: Battlefield) -> frozenset[Square]:
    """Objectives' squares and every square adjacent to them, where a Scout may not end
    (HoN core p.26: "not ... adjacent to an objective ... or in the area of the objective")."""
    cells: set[Square] = set()
    for objective in scenario.objectives:
        if objective.at is not None:
            cells.add(objective.at)
        elif objective.element is not None:
            for element in battlefield.elements:
                if element.id == objective.element:
                    cells |= element.cells
    return frozenset(cells | {n for c in cells for n in neighbours(c)})


def scout_reach(passage: PassageMap, piece: Piece, start: frozenset[Square], limit: int) -> dict[Square, int]:
    """Squares within `limit` moves of `start` for this unit, ignoring difficult passages and
    other units (the Scout move is made on an empty battlefield in this dry-run)."""
    found = {sq: 0 for sq in start}
    queue = deque(sorted(start))
    while queue:
        here = queue.popleft()
        if found[here] >= limit:
            continue
        for there in neighbours(here):
            if there in found or passage.refusal(there, piece.unit, piece.side) is not None:
                continue
            if passage.step(here, there, piece.unit.type, climbs_windows(piece.side)).allowed:
                found[there] = found[here] + 1
                queue.append(there)
    return found


def _where(squares: Sequence[Square]) -> str:
    return " and ".join(f"[{c}, {r}]" for c, r in squares)


def may_show(piece: Piece) -> bool:
    """Whether the side it shows is one it may deploy with."""
    if piece.side_index == 0:
        return True
    return not piece.is_wreck and any(piece.unit.sides[i].has(a) for i in (0, 1) for a in EITHER_SIDE_UP)


# --- The check -----------------------------------------------------------------------


def check_placements(
    scenario: Scenario,
    battlefield: Battlefield,
    side: str,
    pieces: Sequence[Piece],
    *,
    paths: Mapping[str, str] | None = None,
    others: Iterable[Piece] = (),
    ruleset: Ruleset | None = None,
) -> list[Issue]:
    """Every reason `pieces` (one side's counters; those without squares stay off the
    battlefield) are not a legal deployment. `others`: counters already on the battlefield.
    `paths`: where each piece is in the positions file, by key."""
    if scenario.side(side) is None:
        known = ", ".join(s.id for s in scenario.sides)
        return [error("deploy.no-zone", "sides", f"The scenario has no side {side!r}; its sides are {known}.")]
    rules = ruleset or conditions(scenario, battlefield)  # night in a cave (SoN p.11)
    passage = passage_map(battlefield)
    taken: dict[Square, str] = {sq: p.unit.name for p in others for sq in p.squares}
    zone_check = _ZoneCheck(battlefield, passage, objective_area(scenario, battlefield), rules)
    issues: list[Issue] = []
    for index, piece in enumerate(pieces):
        path = (paths or {}).get(piece.key, f"positions[{index}]")
        zones = zones_for(scenario, side, piece.unit.id)
        unready = _not_deployed(piece, path, side, zones)
        if unready is not None:
            issues.append(unready)
            continue
        issues += _face_issues(piece, path, rules)
        shape = _shape_issue(piece, path, battlefield)
        if shape is not None:
            issues.append(shape)
            continue
        refused = _ground_issues(piece, path, passage, rules)
        issues += refused + _stacking_issues(piece, path, passage, taken, rules)
        for sq in piece.squares:
            taken.setdefault(sq, piece.unit.name)
        if not refused:
            issues += zone_check.issues(piece, path, zones)
    return issues


def _not_deployed(piece: Piece, path: str, side: str, zones: list[Zone]) -> Issue | None:
    """A counter given no position stays off the battlefield; one its side has no zone for
    cannot deploy at all."""
    name = piece.unit.name
    if not piece.squares:
        return warning(
            "deploy.unplaced",
            path,
            f"{name} ({piece.key}) is not placed: it stays off the battlefield.",
            "Give it a position, or bring it in later through entry squares.",
        )
    if not zones:
        return error(
            "deploy.no-zone",
            path,
            f"The scenario gives {side} no deployment zone or entry squares for {name}.",
            "Add a zone for the side to the scenario.",
        )
    return None


def _face_issues(piece: Piece, path: str, rules: Ruleset) -> list[Issue]:
    """Only Ambush, Tripod and Scout units may deploy with either side up (HoN core p.21, p.26)."""
    if may_show(piece):
        return []
    return [
        error(
            "deploy.face",
            f"{path}.side",
            f"{piece.unit.name} must deploy showing its first side: only "
            "Ambush, Tripod and Scout units may deploy with either side up "
            f"({rules.cite('ambush')}).",
            "Remove `side: 1`.",
        )
    ]


def _shape_issue(piece: Piece, path: str, battlefield: Battlefield) -> Issue | None:
    """A counter covers its footprint, in its shape for its facing, on the battlefield."""
    squares, name = piece.squares, piece.unit.name
    if len(squares) != piece.unit.footprint or not shape_fits(squares, piece.facing):
        return error(
            "deploy.shape",
            path,
            f"{name} covers {plural(piece.unit.footprint, 'square')}; "
            f"{_where(squares)} is not its shape facing {piece.facing}.",
            "Give the front square as `at` and the facing.",
        )
    off = [sq for sq in squares if sq not in battlefield.squares]
    if off:
        return error("deploy.off-map", f"{path}.at", f"{name} would stand off the battlefield at {_where(off)}.")
    return None


def _ground_issues(piece: Piece, path: str, passage: PassageMap, rules: Ruleset) -> list[Issue]:
    """Each square the unit may not enter (HoN core p.18)."""
    return [
        error(
            "deploy.impassable",
            f"{path}.at",
            f"{piece.unit.name} cannot stand on [{sq[0]}, {sq[1]}]: it {why} ({rules.cite('impassable')}).",
            "Choose a square it may enter.",
        )
        for sq in piece.squares
        if (why := passage.refusal(sq, piece.unit, piece.side))
    ]


def _stacking_issues(
    piece: Piece, path: str, passage: PassageMap, taken: Mapping[Square, str], rules: Ruleset
) -> list[Issue]:
    """A counter not split by a wall, on squares no other counter holds: one counter per
    square (HoN core p.9)."""
    squares, name = piece.squares, piece.unit.name
    issues: list[Issue] = []
    if not passage.whole(squares):
        issues.append(
            error("deploy.shape", path, f"{name} would straddle a wall or no-passage edge at {_where(squares)}.")
        )
    issues += [
        error(
            "deploy.stacked",
            f"{path}.at",
            f"{name} and {taken[sq]} cannot share the square [{sq[0]}, {sq[1]}] ({rules.cite('movement')}).",
            "Move one of them.",
        )
        for sq in squares
        if sq in taken
    ]
    return issues


@dataclass
class _ZoneCheck:
    """Whether a counter stands in its deployment zones, or a Scout near enough to them
    (HoN core p.26; SoN p.18); the Scout reaches worked out once per unit, value and area."""

    battlefield: Battlefield
    passage: PassageMap
    forbidden: frozenset[Square]  # objectives' areas and the squares next to them
    rules: Ruleset
    reaches: dict[tuple[str, int, frozenset[Square]], dict[Square, int]] = field(default_factory=dict)

    def issues(self, piece: Piece, path: str, zones: list[Zone]) -> list[Issue]:
        area = zone_squares(zones, self.battlefield)
        outside = [sq for sq in piece.squares if sq not in area]
        if not outside:
            return []
        name, names = piece.unit.name, ", ".join(repr(z.id) for z in zones)
        scout = piece.side.ability_value("scout")
        if not scout:
            return [
                error(
                    "deploy.outside",
                    f"{path}.at",
                    f"{name} is outside its deployment zone ({names}) at {_where(outside)}.",
                    "Place it inside the zone.",
                )
            ]
        key = (piece.unit.id, scout, area)
        if key not in self.reaches:
            self.reaches[key] = scout_reach(self.passage, piece, area, scout)
        far = [sq for sq in outside if sq not in self.reaches[key]]
        near_objective = [sq for sq in outside if sq in self.forbidden]
        cite = self.rules.cite("scout")
        if far:
            return [
                error(
                    "deploy.scout",
                    f"{path}.at",
                    f"{name} (Scout {scout}) is more than {scout} squares outside {names} at {_where(far)} ({cite}).",
                    f"Place it within {scout} squares of the zone.",
                )
            ]
        if near_objective:
            return [
                error(
                    "deploy.scout",
                    f"{path}.at",
                    f"{name} (Scout {scout}) may not end adjacent to an "
                    f"objective or inside its area, at {_where(near_objective)} ({cite}).",
                    "Move it away from the objective.",
                )
            ]
        return []


# --- Positions files -----------------------------------------------------------------


def place(force: Force, positions: PositionsFile) -> tuple[list[Piece], dict[str, str], list[Issue]]:
    """The force with the positions file applied: every counter (placed or not), where each
    placed one is in the file, and the entries that name no counter of the force."""
    by_key = {p.key: p for p in force.pieces}
    placed: dict[str, Piece] = {}
    paths: dict[str, str] = {}
    issues: list[Issue] = []
    for i, entry in enumerate(positions.positions):
        path = f"positions[{i}]"
        if entry.unit in by_key:
            piece: Piece | None = by_key[entry.unit]
        else:
            piece = next((p for p in force.pieces if p.unit.id == entry.unit and p.key not in placed), None)
        if piece is None:
            known = sorted({p.unit.id for p in force.pieces})
            what = (
                "every counter of that unit is already placed"
                if any(p.unit.id == entry.unit for p in force.pieces)
                else "the army fields no such counter"
            )
            issues.append(
                error(
                    "deploy.unknown" if "no such" in what else "deploy.extra",
                    f"{path}.unit",
                    f"{entry.unit!r} cannot be placed: {what}.",
                    f"The army fields: {', '.join(known)}.",
                )
            )
            continue
        if piece.key in placed:
            issues.append(
                error("deploy.extra", f"{path}.unit", f"{piece.key} is placed twice.", "Keep one of the two entries.")
            )
            continue
        try:
            squares = footprint_squares(entry.at, entry.facing, piece.unit.footprint)
        except ValueError as problem:
            issues.append(error("deploy.shape", f"{path}.facing", f"{piece.unit.name}: {problem}."))
            continue
        placed[piece.key] = Piece(
            key=piece.key,
            unit=piece.unit,
            owner=piece.owner,
            squares=squares,
            facing=entry.facing,
            side_index=entry.side,
            group=piece.group,
            team=piece.team,
        )
        paths[piece.key] = path
    pieces = [*placed.values(), *(p for p in force.pieces if p.key not in placed)]
    for p in force.pieces:
        paths.setdefault(p.key, force.sources.get(p.key, p.key))
    return pieces, paths, issues
