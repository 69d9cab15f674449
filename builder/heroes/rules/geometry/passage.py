"""Where a unit may stand and which steps it may take: terrain by unit type, water,
buildings and their doors, walls, no-passage edges and BfC lines (HoN core p.9-10, p.18-20;
BfC p.04-05; SoN p.5, p.11-12). Movement and the deployment dry-run both read this."""

from __future__ import annotations

from dataclasses import dataclass

from builder.heroes.catalogue.terrain import LineKind
from builder.heroes.catalogue.units import Side, Unit, UnitType
from builder.heroes.rules.abilities.ability import Swimming
from builder.heroes.rules.abilities.registry import swimming
from builder.heroes.rules.abilities.urban_fighter import windows_to_climb
from builder.heroes.rules.geometry.grid import corner_sides, edge_key, edge_of_segment, is_diagonal, neighbours
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.pieces import Square
from builder.heroes.scenario.battlefield import Battlefield, PlacedElement

ROUGH = "son-difficult-terrain"  # the Difficult Terrain symbol (SoN p.12)

# A one-square step: the square entered, whether the move ends there, markers taken.
Exit = tuple[Square, bool, int]
Exits = dict[Square, tuple[Exit, ...]]
# A step to a neighbour walls and lines allow: the square entered, whether the step itself
# ends the move (a BfC line), whether it keeps along a trench or through its access.
_Crossing = tuple[Square, bool, bool]

_FORBIDDEN_TO_ALL = frozenset({UnitType.INFANTRY, UnitType.LIGHT_VEHICLE, UnitType.HEAVY_VEHICLE})
_NO_PASSAGE = -1


@dataclass(frozen=True)
class Step:
    """Whether a step from one square to a neighbour is allowed, and whether it must be the
    last (a BfC line that is a difficult passage stops a unit crossing it)."""

    allowed: bool
    stop: bool = False
    reason: str = ""


BLOCKED_BY_WALL = Step(False, reason="a wall or no-passage edge")
FREE = Step(True)
STOPPED = Step(True, stop=True)


def _parts(cells: frozenset[Square]) -> list[frozenset[Square]]:
    """The orthogonally connected parts of a set of squares."""
    left, parts = set(cells), []
    while left:
        todo, part = [left.pop()], set()
        while todo:
            c, r = todo.pop()
            part.add((c, r))
            for near in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if near in left:
                    left.remove(near)
                    todo.append(near)
        parts.append(frozenset(part))
    return parts


class PassageMap:
    """One battlefield's movement tables: buildings by square, doors, walls and lines."""

    def __init__(self, battlefield: Battlefield) -> None:
        self.battlefield = battlefield
        # Zones of control by (squares, unit type, through doors), filled by builder.heroes.rules.geometry.zoc.
        self.zones: dict[tuple[object, ...], frozenset[Square]] = {}
        self.zone_maps: dict[tuple[object, ...], dict[Square, frozenset[str]]] = {}
        # The same maps by the identity of the exerting pieces (zoc.zones_of_control).
        self.zone_maps_by_pieces: dict[tuple[object, ...], tuple[object, dict[Square, frozenset[str]]]] = {}
        # Memos for the movement search, which asks the same questions thousands of times.
        self._steps: dict[tuple[Square, Square, UnitType, bool], Step] = {}
        self._crossed: dict[tuple[Square, Square, bool], Step | tuple[int, ...]] = {}
        self._ground: dict[tuple[Square, UnitType, int, bool], tuple[bool, bool, bool]] = {}
        # Gigantic (SoN p.17) is part of every key that asks `ground`: it keeps a unit of any
        # type out of buildings.
        self._exits: dict[tuple[UnitType, int, bool, bool, bool, frozenset[str]], Exits] = {}
        self._entries: dict[tuple[UnitType, int, bool, bool], dict[Square, tuple[Square, ...]]] = {}
        self._crossings: dict[tuple[UnitType, bool], dict[Square, tuple[_Crossing, ...]]] = {}
        self._around: dict[bool, dict[Square, tuple[tuple[Square, Step | tuple[int, ...]], ...]]] = {}
        self.building_of, self.doors, self.windows = _buildings(battlefield)
        # The steps (from, to) into or out of a building through a window, not a door (HoN
        # core p.17, action_cards/surprise.py): asked of every path a unit is offered.
        self.window_steps = frozenset(
            (s, t)
            for edge in self.windows - self.doors
            if len(edge) == 2 and _orthogonal(*edge) and len({self.building_of.get(sq, -1) for sq in edge}) == 2
            for s, t in (tuple(edge), tuple(edge)[::-1])
        )
        # Trenches (BfC p.06) by square, and their accesses (the dashed line with a blue
        # arrow, given as the element's doors): moving along a trench or through an access
        # does not stop a unit, entering or leaving elsewhere does.
        self.trench_of, self.accesses = _trenches(battlefield)
        self.barriers = battlefield.walls | battlefield.no_passage
        # Lines that hinder movement, by index, and the edges they run along (BfC p.05).
        self.line_rules = _hindering_lines(battlefield)
        self.lines_on: dict[frozenset[Square], list[int]] = {}
        for j in self.line_rules:
            for p, q in battlefield.lines[j].segments:
                self.lines_on.setdefault(edge_of_segment(p, q), []).append(j)
        self.groups = _barrier_groups(battlefield, self.lines_on)

    # --- Standing -------------------------------------------------------------------

    def refusal(self, square: Square, unit: Unit, side: Side) -> str | None:
        """Why `unit` may not enter or stand on `square`, or None when it may."""
        field = self.battlefield
        if square not in field.squares:
            return "is off the battlefield"
        effects = field.effects_at(square)
        kind = unit.type
        name = field.element_at[square].name if square in field.element_at else "open ground"
        if effects.building and side.has("gigantic"):
            return f"is inside {name}: a Gigantic unit cannot enter a building"  # SoN p.17
        if kind is UnitType.LARGE_CREATURE:
            # SoN p.11: large creatures are "not confined by 'forbidden to' elements, but are
            # stopped by 'impassable' elements"; they cannot enter buildings (SoN p.12, p.17).
            if kind in effects.impassable or set(effects.impassable) >= _FORBIDDEN_TO_ALL:
                return f"is {name}, impassable to every unit"
            if effects.building:
                return f"is inside {name}: a large creature cannot enter a building"
        elif kind in effects.impassable:
            return f"is {name}, impassable to a {kind.label}"
        # HoN core p.18: only Amphibious units enter water. SoN p.12: a swamp (water that
        # suppresses) also admits infantry and large creatures.
        swamp = effects.suppresses and kind in (UnitType.INFANTRY, UnitType.LARGE_CREATURE)
        swims = swimming(side)
        if effects.water and not swims and not swamp:
            return f"is {name}, water: only an amphibious unit may enter it"
        if swims is Swimming.WATER_ONLY and not effects.water:  # the red border (SoN p.18)
            return f"is {name}, not water: this unit may only move in water"
        return None

    def ground(self, square: Square, unit: Unit, side: Side, amphibious: int) -> tuple[bool, bool, bool]:
        """(may enter, difficult, gives a Suppressed marker) for this unit, remembered: the
        answer depends only on the square, the unit type, whether it is Amphibious and
        whether it is Gigantic (kept out of buildings whatever its type, SoN p.17)."""
        key = (square, unit.type, amphibious, side.has("gigantic"))
        found = self._ground.get(key)
        if found is None:
            effects = self.battlefield.effects_at(square)
            may = self.refusal(square, unit, side) is None
            found = self._ground[key] = (
                may,
                effects.difficult,
                effects.suppresses and not (effects.water and amphibious),
            )
        return found

    def trench_free(self, s: Square, t: Square) -> bool:
        """Whether a step from `s` to `t` keeps a trench's difficult passage from stopping the
        unit (BfC p.06): along the same trench, or into or out of it across an access."""
        trench = self.trench_of
        inside = trench.get(s, -1)
        if inside >= 0 and inside == trench.get(t, -2):
            return True
        return not is_diagonal(s, t) and edge_key(s, t) in self.accesses

    def difficult(self, square: Square) -> bool:
        return self.battlefield.effects_at(square).difficult

    def holds(self, square: Square, free: frozenset[str]) -> bool:
        """Whether a unit in `square` works its way out of a difficult passage, one square at a
        time (HoN core p.18): a difficult passage whose element bears none of the symbols the
        ruleset's unit leaves freely (SoN p.12: Mud and Hedgerow)."""
        element = self.battlefield.element_at.get(square)
        return element is not None and element.effects.difficult and free.isdisjoint(element.terrain.symbols)

    def water(self, square: Square) -> bool:
        return self.battlefield.effects_at(square).water

    def suppresses(self, square: Square) -> bool:
        return self.battlefield.effects_at(square).suppresses

    def rough(self, square: Square) -> bool:
        """Whether the square bears the Difficult Terrain symbol, "rough terrain" that stops a
        large creature (SoN p.12); a swamp gives its marker without the symbol."""
        element = self.battlefield.element_at.get(square)
        return element is not None and ROUGH in element.terrain.symbols

    # --- Stepping -------------------------------------------------------------------

    def step(self, s: Square, t: Square, unit_type: UnitType, urban: bool) -> Step:
        """A step between neighbouring squares (HoN core p.9-10, p.18, p.20). `urban`: the
        unit goes through windows too (Urban Fighter, BfC p.08; a Surprise card, HoN core p.17)."""
        crossing = self._crossing(s, t, urban)
        return crossing if isinstance(crossing, Step) else self._lines(crossing, unit_type)

    def _crossing(self, s: Square, t: Square, urban: bool) -> Step | tuple[int, ...]:
        """What a step between neighbouring squares crosses, whatever the unit: a refusal (a
        wall, a no-passage edge, a building's outline), or the BfC lines it crosses, whose
        effects depend on the unit type (`_lines`)."""
        if is_diagonal(s, t):
            return self._diagonal(s, t)
        edge = edge_key(s, t)
        if edge in self.barriers:
            return BLOCKED_BY_WALL
        if self.building_of.get(s, -1) != self.building_of.get(t, -1):
            # A building is entered and left only through its doors (HoN core p.20); Urban
            # Fighter (BfC p.08) and a Surprise card (HoN core p.17) also use its windows.
            through = edge in self.doors or (edge in self.windows and urban)
            if not through:
                return Step(False, reason="a building is entered only through a door")
        return tuple(self.lines_on.get(edge, ()))

    def exits(
        self, unit: Unit, side: Side, amphibious: int, urban: bool, ignore_difficult: bool, free: frozenset[str]
    ) -> Exits:
        """For every square, the one-square steps out of it that terrain allows, clockwise from
        north: (the square entered, whether the move must end there, Suppressed markers taken).
        The movement search of one-square units reads this instead of asking per step; it
        depends only on the unit type, Amphibious, Urban Fighter, a Scout move and the
        ruleset's passages left freely (`holds`) and Gigantic."""
        key = (unit.type, amphibious, side.has("gigantic"), urban, ignore_difficult, free)
        found = self._exits.get(key)
        if found is None:
            found = self._exits[key] = self._exits_table(unit, side, amphibious, urban, ignore_difficult, free)
        return found

    def _walls(self, unit_type: UnitType, urban: bool) -> dict[Square, tuple[_Crossing, ...]]:
        """For every square, the steps to its neighbours on the battlefield that walls, doors,
        windows and lines allow (`step`), clockwise from north: what the tables of every unit
        of this type share, whatever the ground it enters."""
        key = (unit_type, urban)
        found = self._crossings.get(key)
        if found is None:
            lines = self._lines
            # No trench, no access: no step keeps along one (`trench_free`, BfC p.06).
            trench_free = self.trench_free if self.trench_of or self.accesses else _never
            found = self._crossings[key] = {
                here: tuple(
                    (there, step.stop, trench_free(here, there))
                    for there, crossing in out
                    # `step_for`, from what the step crosses whatever the unit
                    if (step := crossing if isinstance(crossing, Step) else lines(crossing, unit_type)).allowed
                )
                for here, out in self._crossed_around(urban).items()
            }
        return found

    def _crossed_around(self, urban: bool) -> dict[Square, tuple[tuple[Square, Step | tuple[int, ...]], ...]]:
        """For every square, each neighbour on the battlefield (clockwise from north) with what
        the step into it crosses (`_crossing`): worked out once for the tables of every unit
        type (`_walls`)."""
        found = self._around.get(urban)
        if found is None:
            squares, crossed, crossing = self.battlefield.squares, self._crossed, self._crossing
            found = self._around[urban] = {}
            for here in squares:
                out = []
                for there in neighbours(here):
                    if there in squares:
                        met = crossed.get((here, there, urban))
                        if met is None:
                            met = crossed[(here, there, urban)] = crossing(here, there, urban)
                        out.append((there, met))
                found[here] = tuple(out)
        return found

    def _exits_table(
        self, unit: Unit, side: Side, amphibious: int, urban: bool, ignore_difficult: bool, free: frozenset[str]
    ) -> Exits:
        # HoN core p.18: a unit working its way through a difficult passage advances one
        # square, then its Movement Action ends, wherever that square is; SoN p.12: out of
        # mud or a hedgerow it moves freely. BfC p.06: along a trench or through its access
        # the unit goes on. A line that is a Difficult Passage (a Barbed Hedgehog, BfC p.05)
        # stops no move that ignores them (BfC p.09, HoN core p.26); one it bars, it still bars.
        squares = self.battlefield.squares
        ground = {square: self.ground(square, unit, side, amphibious) for square in squares}
        walls = self._walls(unit.type, urban)
        table: Exits = {}
        for here in squares:
            leaving = self.holds(here, free)
            table[here] = tuple(
                (
                    there,
                    not ignore_difficult and (stop or ((leaving or entered[1]) and not trench)),
                    int(entered[2]),
                )
                for there, stop, trench in walls[here]
                if (entered := ground[there])[0]
            )
        return table

    def entries(self, unit: Unit, side: Side, amphibious: int, urban: bool) -> dict[Square, tuple[Square, ...]]:
        """For every square, the neighbours (clockwise from north) the unit may stand on and
        step from into it: the steps a distance field walks backwards from its goals."""
        key = (unit.type, amphibious, side.has("gigantic"), urban)
        found = self._entries.get(key)
        if found is None:
            squares = self.battlefield.squares
            walls = self._walls(unit.type, urban)
            into = {(there, here) for there, out in walls.items() for here, _, _ in out}
            # Where it may stand, asked once a square rather than once a neighbour.
            may = {square for square in squares if self.ground(square, unit, side, amphibious)[0]}
            found = self._entries[key] = {
                here: tuple(there for there in neighbours(here) if (there, here) in into and there in may)
                for here in squares
            }
        return found

    def step_for(self, s: Square, t: Square, unit_type: UnitType, urban: bool) -> Step:
        """`step`, remembered: it depends only on the squares, the unit type and Urban Fighter,
        and on the unit type only through the lines crossed (`_crossing`, remembered too)."""
        key = (s, t, unit_type, urban)
        found = self._steps.get(key)
        if found is None:
            crossing = self._crossed.get((s, t, urban))
            if crossing is None:
                crossing = self._crossed[(s, t, urban)] = self._crossing(s, t, urban)
            found = self._steps[key] = crossing if isinstance(crossing, Step) else self._lines(crossing, unit_type)
        return found

    def _diagonal(self, s: Square, t: Square) -> Step | tuple[int, ...]:
        # A unit may move diagonally even between two impassable squares (HoN core p.10),
        # but not across a wall, a building's outline or a no-passage line running through
        # the interspace: a barrier stops the step when it separates the two squares there.
        if self.building_of.get(s, -1) != self.building_of.get(t, -1):
            return Step(False, reason="a building is entered only through a door, never through a corner")
        b, c = corner_sides(s, t)
        groups = self.groups
        via_b = groups.get(edge_key(s, b), set()) | groups.get(edge_key(b, t), set())
        if not via_b:
            return ()
        via_c = groups.get(edge_key(s, c), set()) | groups.get(edge_key(c, t), set())
        crossed = via_b & via_c
        if any(g >= _NO_PASSAGE for g in crossed):
            return BLOCKED_BY_WALL
        return tuple(-2 - g for g in crossed)

    def _lines(self, lines: list[int] | tuple[int, ...], unit_type: UnitType) -> Step:
        stop = False
        for j in lines:
            barred, stops = self.line_rules[j]
            if unit_type in barred:
                kind = self.battlefield.lines[j].line.kind.value
                return Step(False, reason=f"a {kind} line bars a {unit_type.label}")
            stop = stop or stops
        return STOPPED if stop else FREE

    def whole(self, squares: tuple[Square, ...]) -> bool:
        """Whether no wall or no-passage edge runs between the squares of one counter."""
        return all(
            self.joined(a, b)
            for i, a in enumerate(squares)
            for b in squares[i + 1 :]
            if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 or len(squares) == 2
        )

    def joined(self, a: Square, b: Square) -> bool:
        """Whether the two squares of a counter are not split by a wall or no-passage edge."""
        if is_diagonal(a, b):
            return self.step(a, b, UnitType.INFANTRY, False).allowed
        return edge_key(a, b) not in self.barriers


def _buildings(battlefield: Battlefield) -> tuple[dict[Square, int], set[frozenset[Square]], set[frozenset[Square]]]:
    """Each building's squares (by the index of its element), its doors, and the windows an
    Urban Fighter climbs through (not a bunker's, BfC p.09): a building is entered through a
    door only (HoN core p.20)."""
    building_of: dict[Square, int] = {}
    doors: set[frozenset[Square]] = set()
    windows: set[frozenset[Square]] = set()
    for i, element in enumerate(battlefield.elements):
        if element.effects.building:
            building_of.update(_own_cells(battlefield, element, i))
            doors |= element.doors & element.boundary
            windows |= windows_to_climb(element)
    return building_of, doors, windows


def _trenches(battlefield: Battlefield) -> tuple[dict[Square, int], set[frozenset[Square]]]:
    """Each trench's squares (by the index of its element) and its accesses (BfC p.06)."""
    trench_of: dict[Square, int] = {}
    accesses: set[frozenset[Square]] = set()
    for i, element in enumerate(battlefield.elements):
        if is_trench(element):
            trench_of.update(_own_cells(battlefield, element, i))
            accesses |= element.doors & element.boundary
    return trench_of, accesses


def _own_cells(battlefield: Battlefield, element: PlacedElement, index: int) -> dict[Square, int]:
    """The element's cells that are its own (no element placed over them), to its index."""
    return {cell: index for cell in element.cells if battlefield.element_at.get(cell) is element}


def _hindering_lines(battlefield: Battlefield) -> dict[int, tuple[frozenset[UnitType], bool]]:
    """The BfC lines that hinder movement, by index: the unit types they bar and whether they
    are a difficult passage. A barbed hedgehog is impassable to vehicles and a difficult
    passage whatever its data says (BfC p.05); other lines carry their effects."""
    rules: dict[int, tuple[frozenset[UnitType], bool]] = {}
    for j, placed in enumerate(battlefield.lines):
        effects = placed.line.effects
        stops, barred = effects.difficult, frozenset(effects.impassable)
        if placed.line.kind is LineKind.HEDGEHOG:
            stops, barred = True, barred | {UnitType.LIGHT_VEHICLE, UnitType.HEAVY_VEHICLE}
        if stops or barred:
            rules[j] = (barred, stops)
    return rules


def _barrier_groups(
    battlefield: Battlefield, lines_on: dict[frozenset[Square], list[int]]
) -> dict[frozenset[Square], set[int]]:
    """Barrier groups by edge, for steps through an interspace (HoN core p.10): each building's
    outline and inner walls, every no-passage edge together, and each hindering BfC line.
    Two buildings of one element touching at a corner are two outlines: grouped by the
    element's connected parts."""
    groups: dict[frozenset[Square], set[int]] = {}
    group = 0
    for element in battlefield.elements:
        for part in _parts(element.cells):
            outline = {e for e in element.boundary if e & part} if element.effects.building else set()
            for edge in outline | {e for e in element.walls if e & part}:
                groups.setdefault(edge, set()).add(group)
            group += 1
    for edge in battlefield.no_passage:
        groups.setdefault(edge, set()).add(_NO_PASSAGE)
    for edge, lines in lines_on.items():
        groups.setdefault(edge, set()).update(-2 - j for j in lines)
    return groups


def _orthogonal(s: Square, t: Square) -> bool:
    return abs(s[0] - t[0]) + abs(s[1] - t[1]) == 1


def _never(s: Square, t: Square) -> bool:
    return False


def is_trench(element: PlacedElement) -> bool:
    """A trench (BfC p.06): the catalogue's trench terrain, or any element that is both a hole
    and a difficult passage bounded as one (a player's own trench type)."""
    return element.terrain.id == "trench" or (element.effects.hole and element.effects.difficult)


_KEPT = PerBattlefield(PassageMap)


def passage_map(battlefield: Battlefield) -> PassageMap:
    """The battlefield's movement tables, built once and kept while the battlefield lives."""
    return _KEPT(battlefield)
