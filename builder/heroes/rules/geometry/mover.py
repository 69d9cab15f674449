"""One unit's Movement Action over a battlefield full of other pieces (HoN core p.9-12, p.18-20;
BfC p.04-05, p.08; SoN p.5-7, p.11-13, p.17-18): which pieces it may pass or share a square
with, the zones of control that hinder it, and the moves the terrain allows it, tabled for
the battlefield (`terrain_moves`). `path_search` walks them.

Simplified, and why: Offset Grid squares (HoN core p.11) are not modelled, the battlefield
has no offset squares; trenches' own ZoC rules and access arrows (BfC p.06) are not, the
battlefield has no access arrows; a counter's swept area while pivoting is not checked,
only the square it moves into; wrecks are units that only heavy vehicles drive through and
only infantry stand on (their printed terrain symbols are not in the unit data)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.abilities.registry import climbs_windows, swimming
from builder.heroes.rules.abilities.stilts import under_squares
from builder.heroes.rules.geometry.footprint import TWO_SQUARE_MOVES, Move, Position, moves_from
from builder.heroes.rules.geometry.passage import Exits, PassageMap, passage_map
from builder.heroes.rules.geometry.path_search_memo import Reading
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.geometry.standing import standing
from builder.heroes.rules.geometry.terrain_moves import (
    MOVE_TABLES,
    Allowed,
    Best,
    MoveTable,
    OnwardSteps,
    leaves_difficult,
    trench_free,
)
from builder.heroes.rules.geometry.zoc import cut_by_units
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.scenario.battlefield import Battlefield

__all__ = ["Mover"]

_POSITION = tuple.__new__


class Mover:
    """One unit's Movement Action over a battlefield full of other pieces."""

    def __init__(
        self,
        battlefield: Battlefield,
        pieces: Iterable[Piece],
        piece: Piece,
        ruleset: Ruleset,
        ignore_difficult: bool,
        run_over: bool,
        bonus: int = 0,
        points: int | None = None,
        windows: bool = False,
    ) -> None:
        self.piece, self.ruleset = piece, ruleset
        self.bonus, self.points = bonus, points
        self.passage: PassageMap = passage_map(battlefield)
        self.footprint = len(piece.squares)
        self.ignore_difficult = ignore_difficult or piece.side.has("all-terrain")  # SoN p.18
        self.free = ruleset.leaves_freely  # difficult passages left freely (SoN p.12)
        self.run_over = run_over and piece.is_vehicle
        # Through windows too: Urban Fighter (BfC p.08), or a Surprise card played (HoN core p.17).
        self.urban = climbs_windows(piece.side) or windows
        self.amphibious = swimming(piece.side)  # Amphibious, the red border only in water (SoN p.18)
        # Other pieces, judged by kind, from what stands where kept up to date between
        # searches (`standing`): every piece but the mover, none carried by a transport.
        owner = piece.allegiance  # team-mates are allies (SoN p.10)
        pieces = pieces if isinstance(pieces, Collection) else list(pieces)
        kept = standing(battlefield, ruleset, pieces)
        blocked: list[frozenset[Square]] = []
        taken: list[frozenset[Square]] = []
        enemy: list[frozenset[Square]] = []
        for (wreck, infantry, allegiance), squares in kept.kinds(without=piece.key):
            friendly = allegiance == owner
            if not self._passes(wreck, infantry, friendly):
                blocked.append(squares)
            if not self._may_share(wreck, infantry, friendly):
                taken.append(squares)
            if not wreck and not friendly:
                enemy.append(squares)
        if self.amphibious:
            taken.append(under_squares(battlefield))  # it moves under a stilted structure, never stops (SoN p.13)
        self.blocked, self.taken = frozenset().union(*blocked), frozenset().union(*taken)
        # Enemy units' squares it may not enter: an assault steps into them (SoN p.7), so
        # one search that ends its assault steps there serves both a plain Movement Action
        # (which ignores those ends) and an assault on any of them (see `reach`).
        self.assailable = self.blocked & frozenset().union(*enemy)
        # Only infantry is hindered, and only by enemy infantry (HoN core p.12; SoN p.5).
        self.zoc: Mapping[Square, frozenset[str]] = {}
        if piece.is_infantry:
            # The units standing around cut the zones at their corners (HoN core p.11, geometry/zoc.py).
            zones = kept.zones_against(owner)
            if zones:
                others = Occupancy(p for p in pieces if p.key != piece.key)
                self.zoc = cut_by_units(battlefield, zones, kept.exerting_against(owner), others, ruleset)
        # Searches made, by the squares they step into as assaults (see `reach`).
        self.searched_one: dict[frozenset[Square], Best[Square]] = {}
        self.searched_any: dict[frozenset[Square], Best[int]] = {}
        self.ends_one: dict[tuple[frozenset[Square], bool], dict[Position, tuple[Square, bool]]] = {}
        self.ends_any: dict[tuple[frozenset[Square], bool], dict[Position, tuple[int, bool]]] = {}

    def _passes(self, wreck: bool, infantry: bool, friendly: bool) -> bool:
        """Whether the unit may move through the squares of another piece, a wreck or not,
        infantry or not, friendly or not (HoN core p.9-10; SoN p.5): infantry through friendly
        infantry; vehicles through any infantry (running it over) and heavy vehicles over
        wrecks; nothing through anything else."""
        if self.footprint == 4 or self.piece.unit.type is UnitType.LARGE_CREATURE:
            return False  # SoN p.5: every square it covers must be empty
        if wreck:
            return self.piece.unit.type is UnitType.HEAVY_VEHICLE
        if not infantry:
            return False
        if self.piece.is_vehicle:
            return True
        return self.piece.is_infantry and friendly

    def _may_share(self, wreck: bool, infantry: bool, friendly: bool) -> bool:
        """Whether the unit may end its move on another piece's square: an infantry unit on a
        wreck (HoN core p.19), a vehicle running over infantry (p.10)."""
        if wreck and self.piece.is_infantry and self.footprint == 1:
            return True
        return self.run_over and infantry and not wreck

    def exits(self) -> Exits:
        """The battlefield's one-square steps for this mover (`PassageMap.exits`)."""
        piece = self.piece
        return self.passage.exits(piece.unit, piece.side, self.amphibious, self.urban, self.ignore_difficult, self.free)

    def may_end(self, position: Position) -> bool:
        return self.taken.isdisjoint(position.squares)

    @property
    def table(self) -> MoveTable:
        piece = self.piece
        gigantic = piece.side.has("gigantic")  # kept out of buildings whatever its type (SoN p.17)
        key = (self.footprint, piece.unit.type, self.amphibious, gigantic, self.urban, self.ignore_difficult, self.free)
        return MOVE_TABLES(self.passage.battlefield).setdefault(key, MoveTable())

    def terrain_moves(self, table: MoveTable, index: int) -> tuple[Allowed, ...]:
        """The moves out of a numbered position the terrain allows, remembered for the
        battlefield: walls, doors and lines on every step (HoN core p.9-10, p.20; BfC p.05),
        ground the unit may enter (p.18), difficult passage and Suppressed markers (p.18; SoN
        p.12). Other pieces are the search's part: they move, the terrain does not."""
        found = table.moves[index]
        if found is None:
            position = table.positions[index]
            if self.footprint == 2:
                found = self._two_steps(table, position)
            else:
                moves = moves_from(position, self.footprint)
                if self.footprint == 1:
                    found = self._one_steps(table, moves)
                else:
                    found = tuple(allowed for move in moves if (allowed := self._terrain(table, move)) is not None)
            table.moves[index] = found
        return found

    def _terrain(self, table: MoveTable, move: Move) -> Allowed | None:
        new, pairs, entered = move
        piece = self.piece
        unit, side = piece.unit, piece.side
        stop = False
        for s, t in pairs:
            found = self.passage.step_for(s, t, unit.type, self.urban)
            if not found.allowed:
                return None
            stop = stop or (found.stop and not self.ignore_difficult)  # a Difficult Passage line (BfC p.05, p.09)
        markers = 0
        for square in entered:
            may, difficult, suppresses = self.passage.ground(square, unit, side, self.amphibious)
            if not may:
                return None
            if difficult and not self.ignore_difficult and not trench_free(self.passage, pairs, square):
                # HoN core p.18: entering a difficult passage ends the move. A counter of
                # several squares is judged by its leading squares, the only ones that enter
                # new squares (the front, or the rear going backwards), so it is free of the
                # passage once they are out; a large creature stops as soon as any part of
                # it enters (SoN p.12).
                stop = True
            if suppresses:  # an amphibious unit swims through water that suppresses
                markers += 1  # SoN p.12: a Suppressed marker on entering difficult terrain
                if unit.type is UnitType.LARGE_CREATURE and self.passage.rough(square):
                    stop = True  # "stopped by rough terrain" (SoN p.12)
        if not stop and not self.ignore_difficult and leaves_difficult(self.passage, pairs, entered, self.free):
            stop = True  # HoN core p.18: working its way through, it advances one square
        return table.allowed(new, pairs[0] if pairs else None, entered, stop, markers)

    def _one_steps(self, table: MoveTable, moves: Iterable[Move]) -> tuple[Allowed, ...]:
        """`_terrain` for the moves of a counter of one or two squares, each entering one square
        from one (see geometry/footprint.py): the battlefield's one-square steps, which judge the same
        walls, ground, difficult passage and markers (`PassageMap.exits`). Positions are
        numbered in the order of the moves, as `_terrain` would."""
        steps = self._step_table(table)
        large = self.piece.unit.type is UnitType.LARGE_CREATURE
        found: list[Allowed] = []
        for new, pairs, entered in moves:
            ((s, t),) = pairs
            step = self._step(steps[s], t, large)
            if step is not None:
                found.append(table.allowed(new, pairs[0], entered, *step))
        return tuple(found)

    def _two_steps(self, table: MoveTable, position: Position) -> tuple[Allowed, ...]:
        """`_one_steps` for a two-square counter, its moves made from `TWO_SQUARE_MOVES` (the
        same moves as `moves_from`, in its order): a position is only made for a move the
        terrain allows."""
        steps = self._step_table(table)
        large = self.piece.unit.type is UnitType.LARGE_CREATURE
        front, rear = position.squares
        out_of = (steps[rear], steps[front])  # by whether the move steps from the front
        number, states_of, index = table.number, table.states, table.index
        found: list[Allowed] = []
        # `_step` and `MoveTable.allowed` written out: the tables of two-square counters hold
        # tens of thousands of moves, made while the first games are played.
        for facing, from_front, by_front, dc, dr, leads in TWO_SQUARE_MOVES[position.facing]:
            kept = front if by_front else rear
            t = (kept[0] + dc, kept[1] + dr)
            step = out_of[from_front].get(t)
            if step is None:
                continue
            stop, markers = step
            if markers and large and self.passage.rough(t):
                stop = True  # "stopped by rough terrain" (SoN p.12)
            # A position is made only when new, without the named tuple's own __new__ (a
            # Python call): a plain tuple finds it (it hashes and compares as one).
            squares = (t, kept) if leads else (kept, t)
            at = number.get((squares, facing))
            states = states_of[index(_POSITION(Position, (squares, facing))) if at is None else at]
            first = (front if from_front else rear, t)
            found.append((states[stop], states[True], (t,), first, 1 + 2 * markers, markers))
        return tuple(found)

    def _step(self, out: dict[Square, tuple[bool, int]], t: Square, large: bool) -> tuple[bool, int] | None:
        """The step into `t` of those `out` of a square, if the terrain allows it: whether it
        stops the unit, and its markers. A large creature entering rough ground is stopped
        (SoN p.12)."""
        step = out.get(t)
        if step is None:
            return None
        markers = step[1]
        if markers and large and self.passage.rough(t):
            return True, markers  # "stopped by rough terrain" (SoN p.12)
        return step

    def _step_table(self, table: MoveTable) -> OnwardSteps:
        steps = table.steps
        if steps is None:
            steps = table.steps = OnwardSteps(self.exits())
        return steps

    def looks(self, into: frozenset[Square]) -> Reading:
        """What a search stepping into `into` reads around the squares it looked at (geometry/path_search_memo.py)."""
        return Reading(self.blocked, into, self.taken, self.zoc)
