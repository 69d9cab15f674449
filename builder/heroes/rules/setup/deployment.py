"""The deployment dry-run: one side's army placed on the scenario's map, checked by hand
(`check_placements`, in builder.heroes.rules.setup.placement with the placement rules) or automatically
(`auto_deploy`): legal, the same for the same seed, and when it cannot fit, saying exactly
why (which units, how many squares short). `dry_run` does either from an army list and a
catalogue.

Counters of several squares are placed first by a bounded depth-first search over their
positions (front-most first, facing the enemy); the one-square counters are then matched to
squares with augmenting paths (Kuhn's algorithm), so whenever the bigger counters leave room
the rest are always found a square. Each candidate is checked with the same rules as
`check_placements` (zone, terrain, shape, stacking).

Positions as far forward and facing as near the enemy are alike, and so are counters with as
much room: their order is drawn from dice of the deployment's own (`deployment_dice`, seeded
by the game's seed and the side), never taken by row, column or the army list's order, so
that no side prefers a flank of the map. (Taken by row, both sides of a field turned half a
turn put their last counters, the headquarters, on the bottom rows: one side's right flank,
the other's left; issue 34.)"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from random import Random

from builder.heroes.army.models import ArmyList
from builder.heroes.army.resolve import resolve
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.rules.abilities.registry import swimming
from builder.heroes.rules.geometry.grid import footprint_squares, turn_cost
from builder.heroes.rules.geometry.passage import PassageMap, passage_map
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import STEPS, Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.rules.setup.cave import conditions
from builder.heroes.rules.setup.placement import (
    Force,
    campaign_changed,
    check_placements,
    field_army,
    objective_area,
    place,
    scout_reach,
    zone_squares,
    zones_for,
)
from builder.heroes.rules.setup.positions import PositionsFile
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.models import Scenario, Zone
from builder.kernel.diagnostics import Issue, error, is_legal, join_and, plural, warning

Candidate = tuple[tuple[Square, ...], int]  # squares (front first) and facing
# Every game of a scenario deploys the same armies on the same map: `candidates` of a kind of
# counter, by (zone squares, unit type, footprint, Amphibious, Gigantic, squares taken), kept
# while the battlefield lives. It reads nothing else of the piece: `passage.refusal` reads the
# unit type, Amphibious and Gigantic; the passage map and `_forward` the battlefield alone.
_CANDIDATES: PerBattlefield[dict[tuple[object, ...], list[list[Candidate]]]] = PerBattlefield(lambda _: {})
BUDGET = 2000  # positions tried for the multi-square counters before giving up


def deployment_dice(seed: int, side: str) -> Random:
    """The draws that order `side`'s positions and counters alike in the game of `seed`: a
    stream of their own, never the game's dice (the rolls that follow stay the seed's)."""
    return Random(f"hon-deploy/{seed}/{side}")


def _forward(area: frozenset[Square], battlefield: Battlefield) -> tuple[float, float]:
    """From the zone towards the middle of the map: where the enemy usually is."""
    zx = sum(c for c, _ in area) / len(area) + 0.5
    zy = sum(r for _, r in area) / len(area) + 0.5
    return battlefield.width / 2 - zx, battlefield.height / 2 - zy


def _facings(forward: tuple[float, float], footprint: int) -> list[tuple[int, int]]:
    """The facings a counter may deploy with, each with how far it turns from the enemy's
    way (eighths), nearest first."""
    fx, fy = forward
    best = max(range(8), key=lambda f: (STEPS[f][0] * fx + STEPS[f][1] * fy) / (2**0.5 if f % 2 else 1))
    allowed = range(0, 8, 2) if footprint == 4 else range(8)
    return sorted((turn_cost(best, f), f) for f in allowed)


def candidates(
    piece: Piece, area: frozenset[Square], taken: frozenset[Square], passage: PassageMap, battlefield: Battlefield
) -> list[list[Candidate]]:
    """Every legal position of `piece` in `area`, in runs of positions alike: the front-most
    squares first, facing the enemy (then the facings nearest it); within a run by square
    and facing, an order of their own for the deployment's dice to shuffle."""
    fx, fy = _forward(area, battlefield)
    facings = _facings((fx, fy), piece.unit.footprint)
    usable = {sq for sq in area if sq not in taken and passage.refusal(sq, piece.unit, piece.side) is None}
    runs: dict[tuple[float, int], list[Candidate]] = {}
    for front in sorted(usable):
        ahead = -round(front[0] * fx + front[1] * fy, 6)  # rounded: squares alike are alike
        for turned, facing in facings if piece.unit.footprint > 1 else facings[:1]:
            squares = footprint_squares(front, facing, piece.unit.footprint)
            if all(sq in usable for sq in squares) and passage.whole(squares):
                runs.setdefault((ahead, turned), []).append((squares, facing))
    return [runs[rank] for rank in sorted(runs)]


def drawn_order(runs: list[list[Candidate]], dice: Random) -> list[Candidate]:
    """The positions of `runs` in order, those alike (a run) shuffled with `dice`."""
    found: list[Candidate] = []
    for run in runs:
        alike = list(run)
        dice.shuffle(alike)
        found += alike
    return found


class _Fit:
    def __init__(self, pieces: Sequence[Piece], options: Mapping[str, list[Candidate]], dice: Random) -> None:
        # The biggest and the most hemmed in first; counters alike in a drawn order.
        drawn = list(pieces)
        dice.shuffle(drawn)
        self.multi = sorted(
            (p for p in drawn if p.unit.footprint > 1), key=lambda p: (-p.unit.footprint, len(options[p.key]))
        )
        self.single = sorted((p for p in drawn if p.unit.footprint == 1), key=lambda p: len(options[p.key]))
        self.options = options
        self.used: set[Square] = set()
        self.chosen: dict[str, Candidate] = {}
        self.budget = BUDGET

    def match(self) -> dict[str, Candidate]:
        """The one-square counters matched to free squares, as many as possible."""
        owner: dict[Square, int] = {}

        def augment(i: int, seen: set[Square]) -> bool:
            for squares, _ in self.options[self.single[i].key]:
                square = squares[0]
                if square in self.used or square in seen:
                    continue
                seen.add(square)
                if square not in owner or augment(owner[square], seen):
                    owner[square] = i
                    return True
            return False

        for i in range(len(self.single)):
            augment(i, set())
        facing_of = {p.key: self.options[p.key][0][1] for p in self.single if self.options[p.key]}
        return {self.single[i].key: ((sq,), facing_of[self.single[i].key]) for sq, i in owner.items()}

    def search(self, i: int = 0) -> bool:
        if i == len(self.multi):
            matched = self.match()
            if len(matched) < len(self.single):
                return False
            self.chosen.update(matched)
            return True
        piece = self.multi[i]
        for option in self.options[piece.key]:
            if any(sq in self.used for sq in option[0]):
                continue
            self.budget -= 1
            if self.budget < 0:
                return False
            self.used.update(option[0])
            self.chosen[piece.key] = option
            if self.search(i + 1):
                return True
            self.used.difference_update(option[0])
            del self.chosen[piece.key]
        return False

    def greedy(self) -> dict[str, Candidate]:
        """The best partial deployment: each big counter at its first free position, then
        as many one-square counters as can be matched."""
        self.used.clear()
        chosen: dict[str, Candidate] = {}
        for piece in self.multi:
            option = next((o for o in self.options[piece.key] if not any(sq in self.used for sq in o[0])), None)
            if option is not None:
                chosen[piece.key] = option
                self.used.update(option[0])
        chosen.update(self.match())
        return chosen


def _disjoint(options: list[Candidate]) -> int:
    used: set[Square] = set()
    count = 0
    for squares, _ in options:
        if not used.intersection(squares):
            used.update(squares)
            count += 1
    return count


def _zone_path(scenario: Scenario, zones: Sequence[Zone]) -> str:
    return f"zones[{scenario.zones.index(zones[0])}]" if zones else "setup.deployment"


def _diagnose(
    scenario: Scenario,
    side: str,
    pieces: Sequence[Piece],
    options: Mapping[str, list[Candidate]],
    missing: Sequence[Piece],
    titles: Mapping[str, str],
) -> list[Issue]:
    """Why the counters left over do not fit, with the numbers."""
    issues: list[Issue] = []
    kinds: dict[tuple[str, ...], list[Piece]] = {}
    for piece in pieces:
        zone_ids = tuple(z.id for z in zones_for(scenario, side, piece.unit.id))
        kind = (*zone_ids, piece.unit.type.value, str(piece.unit.footprint), str(swimming(piece.side)))
        kinds.setdefault(kind, []).append(piece)
    short_somewhere = False
    for group in kinds.values():
        first = group[0]
        zones = zones_for(scenario, side, first.unit.id)
        names = join_and(repr(z.id) for z in zones) or "none"
        room = _disjoint(options[first.key]) if first.unit.footprint > 1 else len(options[first.key])
        if len(group) <= room:
            continue
        short_somewhere = True
        owners = sorted({titles.get(p.group) or p.unit.name for p in group})
        verb = "needs" if len(owners) == 1 else "need"
        label = first.unit.type.label + (" unit" if first.is_infantry else "")
        article = "an" if label[0] in "aeiou" else "a"
        room_text = "none" if room == 0 else str(room)
        short = f" ({len(group) - room} short)" if room else ""
        if first.unit.footprint > 1:
            need = f"{plural(first.unit.footprint, 'square')} {article} {label} can enter side by side"
            if len(group) > 1:
                need = f"{len(group)} places of {need}"
            message = f"The {join_and(owners)} {verb} {need}; zone {names} has room for {room_text}{short}."
        else:
            message = (
                f"The {join_and(owners)} {verb} {plural(len(group), 'square')} {article} {label} can "
                f"stand on; zone {names} has {room_text}{short}."
            )
        issues.append(
            error(
                "deploy.no-room",
                _zone_path(scenario, zones),
                message,
                "Enlarge the zone, or field fewer of these units.",
            )
        )
    if short_somewhere:
        return issues
    needed = sum(p.unit.footprint for p in pieces)
    area = {sq for p in pieces for option in options[p.key] for sq in option[0]}
    zones = zones_for(scenario, side)
    names = join_and(repr(z.id) for z in zones)
    if needed > len(area):
        return [
            error(
                "deploy.no-room",
                _zone_path(scenario, zones),
                f"The army needs {plural(needed, 'square')}; zone {names} has {len(area)} its units can use "
                f"({needed - len(area)} short).",
                "Enlarge the zone, or field fewer units.",
            )
        ]
    left = join_and(sorted({titles.get(p.group) or p.unit.name for p in missing}))
    return [
        error(
            "deploy.no-room",
            _zone_path(scenario, zones),
            f"No arrangement fits the {left} in zone {names}: the two-square counters' shapes leave no room "
            f"(tried {BUDGET} positions).",
            "Place these units by hand in a positions file.",
        )
    ]


def auto_deploy(
    scenario: Scenario,
    battlefield: Battlefield,
    side: str,
    pieces: Sequence[Piece],
    *,
    dice: Random,
    others: Iterable[Piece] = (),
    ruleset: Ruleset | None = None,
    titles: Mapping[str, str] | None = None,
) -> tuple[list[Piece], list[Issue]]:
    """Every counter of `pieces` placed legally (first side up), or as many as fit and the
    issues saying why the rest do not. The same input and `dice` give the same answer."""
    rules = ruleset or conditions(scenario, battlefield)  # night in a cave (SoN p.11)
    passage = passage_map(battlefield)
    taken = frozenset(sq for p in others for sq in p.squares)
    options: dict[str, list[Candidate]] = {}
    issues: list[Issue] = []
    # Counters of one kind in one zone have the same candidates: worked out once per kind
    # (`_CANDIDATES` says what a kind is), and once per battlefield; drawn in order once per
    # kind and deployment.
    kinds = _CANDIDATES(battlefield)
    ordered: dict[tuple[object, ...], list[Candidate]] = {}
    for piece in pieces:
        zones = zones_for(scenario, side, piece.unit.id)
        area = zone_squares(zones, battlefield)
        kind = (area, piece.unit.type, piece.unit.footprint, swimming(piece.side), piece.side.has("gigantic"), taken)
        if kind not in kinds:
            kinds[kind] = candidates(piece, area, taken, passage, battlefield) if area else []
        if kind not in ordered:
            ordered[kind] = drawn_order(kinds[kind], dice)
        options[piece.key] = list(ordered[kind])
        if not zones:
            issues.append(
                error(
                    "deploy.no-zone",
                    "zones",
                    f"The scenario gives {side} no deployment zone or entry squares for {piece.unit.name}.",
                    "Add a zone for the side to the scenario.",
                )
            )
    flat = [p if p.side_index == 0 else replace(p, side_index=0) for p in pieces]
    fit = _Fit(flat, options, dice)
    chosen = dict(fit.chosen) if fit.search() else fit.greedy()
    placed = [p.moved(*chosen[p.key]) if p.key in chosen else p for p in flat]
    missing = [p for p in flat if p.key not in chosen]
    if missing and not issues:
        issues = _diagnose(scenario, side, flat, options, missing, titles or {})
    on_board = [p for p in placed if p.squares]
    issues.extend(check_placements(scenario, battlefield, side, on_board, others=others, ruleset=rules))
    return placed, issues


@dataclass(frozen=True)
class Deployment:
    """A dry-run's answer: every counter of the side (placed or not) and what is wrong."""

    side: str
    force: Force
    pieces: tuple[Piece, ...]
    issues: tuple[Issue, ...]
    automatic: bool

    @property
    def legal(self) -> bool:
        return is_legal(self.issues)

    @property
    def placed(self) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.squares)


def dry_run(
    scenario: Scenario,
    battlefield: Battlefield,
    side: str,
    army: ArmyList,
    catalogue: Catalogue,
    positions: PositionsFile | None = None,
    *,
    others: Iterable[Piece] = (),
    ruleset: Ruleset | None = None,
    seed: int = 1,
) -> Deployment:
    """Field `army` for `side` and check `positions`, or deploy it automatically without, as
    the game of `seed` deploys it (`deployment_dice`)."""
    force = campaign_changed(field_army(resolve(army, catalogue), side), scenario, catalogue.units)
    issues: list[Issue] = []
    own = scenario.side(side)
    if own is not None and own.faction != army.faction:
        issues.append(
            warning(
                "deploy.faction",
                "faction",
                f"The army is {army.faction}; the scenario's side {side} is {own.faction}.",
                "Check that this is the army meant for this side.",
            )
        )
    if positions is None:
        pieces, found = auto_deploy(
            scenario,
            battlefield,
            side,
            force.pieces,
            dice=deployment_dice(seed, side),
            others=others,
            ruleset=ruleset,
            titles=force.titles,
        )
    else:
        pieces, paths, found = place(force, positions)
        found += check_placements(scenario, battlefield, side, pieces, paths=paths, others=others, ruleset=ruleset)
    return Deployment(side, force, tuple(pieces), tuple(issues + found), positions is None)


__all__ = [
    "Deployment",
    "Force",
    "auto_deploy",
    "check_placements",
    "deployment_dice",
    "dry_run",
    "field_army",
    "objective_area",
    "place",
    "scout_reach",
    "zone_squares",
    "zones_for",
]
