"""What the ground of a hex does, layer by layer (terrain, feature, obstacle), one class per
terrain kind whose behaviour is more than its data:

* `Hill`: its protection does not count against an attacker that is itself on a hill, and it
  blocks line of sight unless both ends stand on the same hills (example);
* `Crossing` (a bridge): makes the terrain under it passable.

Every value is `example` (the summary's terrain cards are not included); the one rule the
summary prints is that, where an obstacle stands on a terrain, only the best of the battle
dice reductions counts (M44 summary, "Fixed obstacles")."""

from __future__ import annotations

from dataclasses import dataclass, field

from builder.memoir.catalogue import Catalogue, Layer, TerrainKind, UnitType
from builder.memoir.hexes import Board, Hex
from builder.memoir.scenario import Place, Scenario, Tile

PAGE_TERRAIN = "M44 summary: Terrain"
PAGE_OBSTACLES = "M44 summary: Fixed obstacles"


@dataclass(frozen=True)
class TerrainRule:
    kind: TerrainKind

    def protection(self, attacker: UnitType, attacker_on_hill: bool) -> int:
        if attacker is UnitType.ARTILLERY:
            return 0  # the help cards' soldier and tank icons: infantry and armor only
        return self.kind.protection.get(attacker, 0)

    def impassable(self, unit: UnitType) -> bool:
        return unit in self.kind.impassable


class Hill(TerrainRule):
    def protection(self, attacker: UnitType, attacker_on_hill: bool) -> int:
        return 0 if attacker_on_hill else super().protection(attacker, attacker_on_hill)


class Crossing(TerrainRule):
    pass


def rule_for(kind: TerrainKind) -> TerrainRule:
    if kind.hill:
        return Hill(kind)
    if kind.crossing:
        return Crossing(kind)
    return TerrainRule(kind)


@dataclass(frozen=True)
class Ground:
    """A hex's known layers (an unknown tile plays as open countryside)."""

    layers: tuple[TerrainRule, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(rule.kind.name for rule in self.layers)

    @property
    def is_hill(self) -> bool:
        return any(isinstance(rule, Hill) for rule in self.layers)

    def impassable(self, unit: UnitType, entering: bool = True) -> bool:
        """Whether a unit of that type may not be there: entering it, or (`entering`
        False, a unit deployed there) standing on it, which only the terrain itself forbids
        (a bunker bars armor from entering, not from holding it)."""
        crossed = any(isinstance(rule, Crossing) for rule in self.layers)
        return any(
            rule.impassable(unit)
            and not (crossed and rule.kind.layer is Layer.TERRAIN)
            and (entering or rule.kind.layer is Layer.TERRAIN)
            for rule in self.layers
        )

    def protection(self, attacker: UnitType, attacker_on_hill: bool) -> tuple[int, TerrainRule | None]:
        """The best reduction of the battle dice against a unit here, and the layer giving it."""
        best, source = 0, None
        for rule in self.layers:
            value = rule.protection(attacker, attacker_on_hill)
            if value > best:
                best, source = value, rule
        return best, source

    def handicap(self, unit: UnitType) -> tuple[int, TerrainRule | None]:
        best, source = 0, None
        for rule in self.layers:
            value = rule.kind.handicap.get(unit, 0)
            if value > best:
                best, source = value, rule
        return best, source

    @property
    def stops(self) -> bool:
        return any(rule.kind.stop for rule in self.layers)

    @property
    def no_battle(self) -> bool:
        return any(rule.kind.no_battle for rule in self.layers)

    @property
    def cannot_battle(self) -> bool:
        return any(rule.kind.cannot_battle for rule in self.layers)

    @property
    def adjacent_only(self) -> bool:
        return any(rule.kind.adjacent for rule in self.layers)

    @property
    def blocks_los(self) -> bool:
        return any(rule.kind.blocks_los for rule in self.layers)

    @property
    def ignore_flags(self) -> int:
        return max((rule.kind.ignore_flags for rule in self.layers), default=0)

    @property
    def no_retreat(self) -> bool:
        return any(rule.kind.no_retreat for rule in self.layers)

    @property
    def max_move(self) -> int | None:
        return min((rule.kind.max_move for rule in self.layers if rule.kind.max_move), default=None)


def with_face(scenario: Scenario, catalogue: Catalogue, board: Board) -> list[Place]:
    """The scenario's hexes on the board, each hex without a terrain of its own given the
    terrain its board face prints there (a beach face's beaches and ocean)."""
    kind = catalogue.boards.get(board.type)
    found = {p.hex: p for p in scenario.hexes if p.is_hex and board.contains(p.hex)}
    if kind is None or not kind.faces.get(scenario.board.face):
        return list(found.values())
    for place in board.hexes():
        printed = kind.background(scenario.board.face, place.row)
        entry = found.get(place)
        if printed is not None and (entry is None or entry.terrain is None):
            base = entry or Place(row=place.row, col=place.col)
            found[place] = base.model_copy(update={"terrain": Tile(id=printed)})
    return list(found.values())


def _known(catalogue: Catalogue, tile: Tile | None) -> TerrainRule | None:
    if tile is None:
        return None
    kind = catalogue.terrain.get(tile.id)
    return rule_for(kind) if kind is not None else None


def ground_of(catalogue: Catalogue, place: Place) -> Ground:
    rules = (_known(catalogue, place.terrain), _known(catalogue, place.feature), _known(catalogue, place.obstacle))
    return Ground(tuple(rule for rule in rules if rule is not None))


@dataclass(frozen=True)
class Battlefield:
    """The scenario's board with the ground of every hex and its hill masses."""

    board: Board
    grounds: dict[Hex, Ground]
    hills: dict[Hex, int] = field(default_factory=dict)  # hex -> its connected hill mass

    def ground(self, place: Hex) -> Ground:
        return self.grounds.get(place, Ground())

    def on_board(self, place: Hex) -> bool:
        return self.board.contains(place)


def assemble(scenario: Scenario, catalogue: Catalogue, board: Board) -> Battlefield:
    grounds = {place.hex: ground_of(catalogue, place) for place in with_face(scenario, catalogue, board)}
    hills: dict[Hex, int] = {}
    for start in sorted(h for h, g in grounds.items() if g.is_hill):
        if start in hills:
            continue
        mass, stack = len(hills), [start]
        while stack:
            place = stack.pop()
            if place in hills:
                continue
            hills[place] = mass
            stack.extend(n for n in place.neighbours() if n in grounds and grounds[n].is_hill and n not in hills)
    return Battlefield(board, grounds, hills)
