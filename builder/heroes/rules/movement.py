"""Movement Actions and zones of control (HoN core p.9-12, p.18-20; BfC p.04-05; SoN p.5-6,
p.11-12).

`reachable` answers "where can this unit end its Movement Action, and by which path?" for
counters of one, two or four squares (their one-point moves are in `builder.heroes.rules.footprint`).
It is the simulation's hot loop: what the terrain allows is tabled once per battlefield
(`PassageMap.exits` for one-square units, `_MoveTable` for the rest) and other pieces are
judged once per search, so a search only walks tables.

Simplified, and why: Offset Grid squares (HoN core p.11) are not modelled, the battlefield
has no offset squares; trenches' own ZoC rules and access arrows (BfC p.06) are not, the
battlefield has no access arrows; a counter's swept area while pivoting is not checked,
only the square it moves into; wrecks are units that only heavy vehicles drive through and
only infantry stand on (their printed terrain symbols are not in the unit data)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass
from itertools import pairwise
from typing import Generic, TypeVar

from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.amphibious import swimming
from builder.heroes.rules.damage import DamageLocation
from builder.heroes.rules.footprint import Move, Position, moves_from
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.passage import Exits, PassageMap, passage_map
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.rules.searched import Looked, Searches, Seen, around, seen
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.standing import standing
from builder.heroes.rules.stilts import under_squares
from builder.heroes.rules.zoc import cut_by_units, zone_of_control, zones_of_control
from builder.heroes.scenario.battlefield import Battlefield

__all__ = [
    "ASSAULT",
    "DIFFICULT",
    "Path",
    "Position",
    "Reach",
    "allowance",
    "assault_path",
    "reachable",
    "reachable_squares",
    "zone_of_control",
    "zones_of_control",
]


# Why a path ends before its points run out (`Path.stopped`).
DIFFICULT = "difficult passage"  # HoN core p.18 (or a line that is one, BfC p.05)
ASSAULT = "assault"


@dataclass(frozen=True)
class Path:
    """How a unit gets to a position: every position on the way, start first."""

    positions: tuple[Position, ...]
    cost: int  # movement points spent, with SoN's -2 per Suppressed marker taken on the way
    suppressed: int = 0  # Suppressed markers taken entering difficult terrain (SoN p.12)
    stopped: str | None = None  # why it could go no further: DIFFICULT or ASSAULT
    # Stopped by a difficult passage it started in rather than one it entered: working its
    # way through, it advances one square (HoN core p.18).
    working_through: bool = False

    @property
    def destination(self) -> Position:
        return self.positions[-1]

    def squares_entered(self) -> tuple[Square, ...]:
        """Each square entered, in order: where opportunity fire and spotting are checked."""
        found: list[Square] = []
        for before, after in pairwise(self.positions):
            found.extend(sq for sq in after.squares if sq not in before.squares)
        return tuple(found)


def allowance(piece: Piece) -> int | None:
    """Movement points: the Movement Value less 2 per Suppressed marker (HoN core p.9); None
    when it is X (the unit cannot move, p.9). Zero or less: immobilised, as is a heavy
    vehicle with a Tracks damage marker ("may no longer execute Movement Actions", p.15)."""
    movement = piece.side.movement
    if movement is None:
        return None
    if DamageLocation.TRACKS in piece.damage:
        return 0
    return movement - 2 * piece.suppressed


# A search's states are (node, must stop there): the node is a Position, its number in a
# move table, or for the one-square search its square. state -> (cost, markers, previous
# state, whether it ends in the target's square).
N = TypeVar("N", Position, Square, int)
_Best = dict[tuple[N, bool], tuple[int, int, tuple[N, bool] | None, bool]]
# A move the terrain allows: the new position, its first (from, to) step (where zones of
# control are judged), the squares entered, whether it must be the last, markers taken.
_Allowed = tuple[int, tuple[Square, Square] | None, tuple[Square, ...], bool, int]


class _MoveTable:
    """For one kind of mover on one battlefield: positions numbered as the search meets them
    (a number hashes faster than nested tuples) and the moves the terrain allows out of each."""

    def __init__(self) -> None:
        self.number: dict[Position, int] = {}
        self.positions: list[Position] = []
        self.moves: list[tuple[_Allowed, ...] | None] = []
        # The battlefield's one-square steps (`PassageMap.exits`) by square and square entered.
        self.steps: dict[Square, dict[Square, tuple[bool, int]]] | None = None

    def index(self, position: Position) -> int:
        found = self.number.get(position)
        if found is None:
            found = self.number[position] = len(self.positions)
            self.positions.append(position)
            self.moves.append(None)
        return found


# By (footprint, unit type, Amphibious, Urban Fighter, Scout move, passages left freely).
_MOVE_TABLES: PerBattlefield[dict[tuple[object, ...], _MoveTable]] = PerBattlefield(lambda _: {})


# Searches remembered with what they read: one-square units', then the others'.
_SEARCHES: PerBattlefield[tuple[Searches[_Best[Square]], Searches[_Best[int]]]] = PerBattlefield(
    lambda _: (Searches(), Searches())
)


class _Mover:
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
        self.urban = piece.side.has("urban-fighter") or windows
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
            # The units standing around cut the zones at their corners (HoN core p.11, zoc.py).
            zones = kept.zones_against(owner)
            if zones:
                others = Occupancy(p for p in pieces if p.key != piece.key)
                self.zoc = cut_by_units(battlefield, zones, kept.exerting_against(owner), others, ruleset)
        # Searches made, by the squares they step into as assaults (see `reach`).
        self._searched_one: dict[frozenset[Square], _Best[Square]] = {}
        self._searched_any: dict[frozenset[Square], _Best[int]] = {}
        self._ends_one: dict[tuple[frozenset[Square], bool], dict[Position, tuple[Square, bool]]] = {}

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
    def table(self) -> _MoveTable:
        piece = self.piece
        gigantic = piece.side.has("gigantic")  # kept out of buildings whatever its type (SoN p.17)
        key = (self.footprint, piece.unit.type, self.amphibious, gigantic, self.urban, self.ignore_difficult, self.free)
        return _MOVE_TABLES(self.passage.battlefield).setdefault(key, _MoveTable())

    def terrain_moves(self, table: _MoveTable, index: int) -> tuple[_Allowed, ...]:
        """The moves out of a numbered position the terrain allows, remembered for the
        battlefield: walls, doors and lines on every step (HoN core p.9-10, p.20; BfC p.05),
        ground the unit may enter (p.18), difficult passage and Suppressed markers (p.18; SoN
        p.12). Other pieces are the search's part: they move, the terrain does not."""
        found = table.moves[index]
        if found is None:
            found = table.moves[index] = tuple(
                allowed
                for move in moves_from(table.positions[index], self.footprint)
                if (allowed := self._terrain(table, move)) is not None
            )
        return found

    def _terrain(self, table: _MoveTable, move: Move) -> _Allowed | None:
        new, pairs, entered = move
        if len(pairs) == 1:
            return self._one_step(table, move)
        piece = self.piece
        unit, side = piece.unit, piece.side
        stop = False
        for s, t in pairs:
            found = self.passage.step_for(s, t, unit.type, side, self.urban)
            if not found.allowed:
                return None
            stop = stop or found.stop
        markers = 0
        for square in entered:
            may, difficult, suppresses = self.passage.ground(square, unit, side, self.amphibious)
            if not may:
                return None
            if difficult and not self.ignore_difficult and not _trench_free(self.passage, pairs, square):
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
        if not stop and not self.ignore_difficult and _leaves_difficult(self.passage, pairs, entered, self.free):
            stop = True  # HoN core p.18: working its way through, it advances one square
        return table.index(new), pairs[0] if pairs else None, entered, stop, markers

    def _one_step(self, table: _MoveTable, move: Move) -> _Allowed | None:
        """`_terrain` for a move that enters one square from one (every move of a counter of
        one or two squares, see footprint.py): the battlefield's one-square step, which judges
        the same walls, ground, difficult passage and markers (`PassageMap.exits`)."""
        new, pairs, entered = move
        steps = table.steps
        if steps is None:
            steps = table.steps = {here: {t: (stop, m) for t, stop, m in out} for here, out in self.exits().items()}
        ((s, t),) = pairs
        found = steps[s].get(t) if s in steps else None
        if found is None:
            return None
        stop, markers = found
        if markers and self.piece.unit.type is UnitType.LARGE_CREATURE and self.passage.rough(t):
            stop = True  # "stopped by rough terrain" (SoN p.12)
        return table.index(new), pairs[0], entered, stop, markers

    def reach(
        self, into: frozenset[Square] = frozenset(), assault: bool = False
    ) -> Reach[Position] | Reach[Square] | Reach[int]:
        """Where the Movement Action can end (`assault`: the moves that end stepping into
        `into`, the defender's squares), with the cheapest path to each."""
        start = Position(self.piece.squares, self.piece.facing)
        points = allowance(self.piece)
        if points is not None:
            points = self.points if self.points is not None else points + self.bonus
        if points is None or points <= 0:
            return Reach(self, {(start, False): (0, 0, None, False)}, _same, assault)
        if self.footprint == 1:
            # A step into an enemy's square it may not enter ends there as an assault and
            # goes no further, so searching with every such square as a target changes none
            # of the other states: the one search answers every question of this activation.
            if into <= self.assailable:
                into = self.assailable
            one = self._searched_one.get(into)
            if one is None:
                one = self._searched_one[into] = self._recalled_one(points, into)
            facing = start.facing
            # The ends too are kept: the policy asks again for the same search (an assault
            # weighed, then a move). A Reach only reads them.
            ends = self._ends_one.get((into, assault))
            if ends is None:
                ends = self._ends_one[(into, assault)] = _one_square_ends(one, self.taken, facing, assault)
            return Reach(self, one, lambda sq: Position((sq,), facing), assault, ends)
        table = self.table
        found = self._searched_any.get(into)
        if found is None:
            found = self._searched_any[into] = self._recalled_any(table, start, points, into)
        return Reach(self, found, table.positions.__getitem__, assault)

    def _seen(self, into: frozenset[Square]) -> Callable[[Looked], Seen]:
        return lambda looked: seen(looked, self.blocked, into, self.taken, self.zoc)

    def _recalled_one(self, points: int, into: frozenset[Square]) -> _Best[Square]:
        """`_search_one`, or the same search made before from this square when nothing it read
        changed (searched.py)."""
        piece = self.piece
        exits = self.exits()
        kept, key = _SEARCHES(self.passage.battlefield)[0], (id(exits), piece.squares[0], points)
        best = kept.recall(key, exits, self._seen(into))
        if best is None:
            best = self._search_one(points, into)
            # The squares it moved on from (a state is expanded while it has points left).
            moved_on = [state[0] for state, found in best.items() if not state[1] and found[0] < points]
            squares = around(moved_on)
            # Where it could step into `into`: next to it (more than it reads, never less).
            launching = squares.intersection(moved_on) & around(into) if into & squares else frozenset()
            looked = (squares, launching)
            kept.keep(key, exits, looked, self._seen(into)(looked), best)
        return best

    def _recalled_any(self, table: _MoveTable, start: Position, points: int, into: frozenset[Square]) -> _Best[int]:
        """`_search_any`, or the same search made before (see `_recalled_one`)."""
        kept, key = _SEARCHES(self.passage.battlefield)[1], (id(table), start, points)
        best = kept.recall(key, table, self._seen(into))
        if best is None:
            best = self._search_any(table, start, points, into)
            positions = table.positions
            moved_on = {
                square
                for state, found in best.items()
                if not state[1] and found[0] < points
                for square in positions[state[0]].squares
            }
            squares = around(moved_on)
            launching = squares.intersection(moved_on) if into & squares else frozenset()
            looked = (squares, launching)
            kept.keep(key, table, looked, self._seen(into)(looked), best)
        return best

    def _search_any(self, table: _MoveTable, start: Position, points: int, into: frozenset[Square]) -> _Best[int]:
        """Dijkstra over (numbered position, stopped) states, any footprint, move by move.
        Costs are whole points: a bucket per cost pops states in order."""
        blocked = self.blocked
        zoc, none = self.zoc, frozenset[str]()
        positions, moves = table.positions, table.moves
        first_state = (table.index(start), False)
        best: _Best[int] = {first_state: (0, 0, None, False)}
        buckets: list[list[tuple[int, bool]]] = [[first_state]]
        cost = 0
        while cost < len(buckets) and cost + 1 <= points:
            for state in buckets[cost]:
                found = best[state]
                if cost > found[0]:
                    continue
                found_markers = found[1]
                index = state[0]
                may_launch: bool | None = None
                allowed = moves[index]  # the terrain's moves, tabled on the first visit
                if allowed is None:
                    allowed = self.terrain_moves(table, index)
                for new, first, entered, stop, markers in allowed:
                    assaulting = False
                    for square in entered:
                        if square in into:
                            # SoN p.7: "an assault can only be launched from a free space".
                            if may_launch is None:
                                may_launch = self.may_end(positions[index])
                            if not may_launch:
                                break
                            assaulting = True
                        elif square in blocked:
                            break
                    else:
                        # HoN core p.11: into or out of an enemy infantry ZoC, never within one.
                        if zoc and first and not assaulting and zoc.get(first[0], none) & zoc.get(first[1], none):
                            continue
                        spent = cost + 1 + 2 * markers
                        new_state = (new, stop or assaulting)
                        old = best.get(new_state)
                        if old is None or spent < old[0]:
                            best[new_state] = (spent, found_markers + markers, state, assaulting)
                            if not new_state[1]:
                                while len(buckets) <= spent:
                                    buckets.append([])
                                buckets[spent].append(new_state)
            cost += 1
        return best

    def _search_one(self, points: int, into: frozenset[Square]) -> _Best[Square]:
        """`_search_any` for a one-square unit, the policy's most frequent question: the same
        rules read from the battlefield's step table (`PassageMap.exits`), in the same order,
        so it finds the same paths (tests/rules/test_movement_kernel.py compares them). The
        two loops share their last lines on purpose: a function call per step would double
        the cost of a search."""
        piece = self.piece
        exits = self.exits()
        blocked = self.blocked
        zoc, none = self.zoc, frozenset[str]()
        start = piece.squares[0]
        # Costs are whole points: a bucket per cost pops states in order, as in `_search_any`.
        best: _Best[Square] = {(start, False): (0, 0, None, False)}
        buckets: list[list[tuple[Square, bool]]] = [[(start, False)]]
        cost = 0
        while cost < len(buckets) and cost + 1 <= points:
            for state in buckets[cost]:
                here = state[0]
                found = best[state]
                if cost > found[0]:
                    continue
                found_markers = found[1]
                here_zoc = zoc.get(here, none) if zoc else none
                may_launch: bool | None = None
                for there, stop, markers in exits[here]:
                    assaulting = there in into
                    if assaulting:
                        if may_launch is None:  # SoN p.7: only from a free space
                            may_launch = self.may_end(Position((here,), piece.facing))
                        if not may_launch:
                            continue
                    elif there in blocked:
                        continue
                    elif here_zoc and here_zoc & zoc.get(there, none):
                        continue  # HoN core p.11: never from one enemy ZoC square to another
                    spent = cost + 1 + 2 * markers
                    new_state = (there, stop or assaulting)
                    old = best.get(new_state)
                    if old is None or spent < old[0]:
                        best[new_state] = (spent, found_markers + markers, state, assaulting)
                        if not new_state[1]:
                            while len(buckets) <= spent:
                                buckets.append([])
                            buckets[spent].append(new_state)
            cost += 1
        return best


def _same(position: Position) -> Position:
    return position


def _one_square_ends(
    best: _Best[Square], taken: frozenset[Square], facing: int, assault: bool
) -> dict[Position, tuple[Square, bool]]:
    """`Reach`'s ends for a one-square search, worked out by square (a position per end, not
    per state): the cheapest state of each square where the move may end, in search order."""
    by_square: dict[Square, tuple[Square, bool]] = {}
    for state, (cost, _, _, assaulting) in best.items():
        if assaulting != assault:
            continue
        square = state[0]
        if not assault and square in taken:
            continue
        old = by_square.get(square)
        if old is None or best[old][0] > cost:
            by_square[square] = state
    return {_placed(square, facing): state for square, state in by_square.items()}


_PLACED: dict[tuple[Square, int], Position] = {}


def _placed(square: Square, facing: int) -> Position:
    """A one-square position, made once: a policy weighs every end of every search."""
    found = _PLACED.get((square, facing))
    if found is None:
        found = _PLACED[(square, facing)] = Position((square,), facing)
    return found


def _leaves_difficult(
    passage: PassageMap, pairs: tuple[tuple[Square, Square], ...], entered: tuple[Square, ...], free: frozenset[str]
) -> bool:
    """Whether a move starts with the counter's leading squares in a difficult passage: the
    squares its leading end steps from (the front going forwards, the rear going backwards,
    the swinging end of a pivot). A unit working its way through a difficult passage advances
    one square, then its Movement Action ends (HoN core p.18; SoN p.11); a counter of several
    squares is free of it once its leading end is out. Turning in place enters nothing. Out of
    SoN's Mud and Hedgerow (the ruleset's `free` symbols) it moves freely (SoN p.12)."""
    return any(passage.holds(s, free) and not passage.trench_free(s, t) for s, t in pairs if t in entered)


def _trench_free(passage: PassageMap, pairs: tuple[tuple[Square, Square], ...], square: Square) -> bool:
    """Whether the counter enters `square` along a trench or through its access (BfC p.06)."""
    return any(t == square and passage.trench_free(s, t) for s, t in pairs)


def worked_through(
    passage: PassageMap, footprint: int, before: Position, after: Position, free: frozenset[str]
) -> bool:
    """Whether a Movement Action whose last point went from `before` to `after` ended because
    the counter was working its way out of a difficult passage (HoN core p.18), not because it
    entered one (or crossed a line that is one, BfC p.05)."""
    for new, pairs, entered in moves_from(before, footprint):
        if new == after or (footprint == 1 and new.squares == after.squares):
            return not any(passage.difficult(sq) for sq in entered) and _leaves_difficult(passage, pairs, entered, free)
    return False


class Reach(Mapping[Position, Path], Generic[N]):
    """The positions a Movement Action can end in, each with its cheapest path. A mapping
    built on demand: a policy weighs every end but follows one path, so a path is only
    traced back when asked for."""

    def __init__(
        self,
        mover: _Mover,
        best: _Best[N],
        place: Callable[[N], Position],
        assault: bool,
        ends: dict[Position, tuple[N, bool]] | None = None,
    ) -> None:
        self._mover = mover
        self._best: _Best[N] = best
        self._place: Callable[[N], Position] = place
        if ends is None:
            ends = {}
            for state, (cost, _, _, assaulting) in best.items():
                if assaulting != assault:
                    continue
                position = place(state[0])
                if not assault and not mover.may_end(position):
                    continue
                old = ends.get(position)
                if old is None or best[old][0] > cost:
                    ends[position] = state
        self._ends: dict[Position, tuple[N, bool]] = ends

    def __getitem__(self, position: Position) -> Path:
        state = self._ends[position]
        cost, markers, _, assaulting = self._best[state]
        chain: list[Position] = []
        at: tuple[N, bool] | None = state
        while at is not None:
            chain.append(self._place(at[0]))
            at = self._best[at][2]
        positions = tuple(reversed(chain))
        why = (ASSAULT if assaulting else DIFFICULT) if state[1] else None
        through = why == DIFFICULT and len(positions) > 1 and not self._mover.ignore_difficult
        if through:
            mover = self._mover
            through = worked_through(mover.passage, mover.footprint, positions[-2], positions[-1], mover.free)
        return Path(positions, cost, markers, why, through)

    def __iter__(self) -> Iterator[Position]:
        return iter(self._ends)

    def __len__(self) -> int:
        return len(self._ends)

    def __contains__(self, position: object) -> bool:
        return position in self._ends

    def cost(self, position: Position) -> int:
        """Movement points spent reaching `position`, without tracing its path."""
        return self._best[self._ends[position]][0]

    def keeping(self, keep: Callable[[Position], bool]) -> Reach[N]:
        """The same search with only the ends `keep` accepts (Jump and Flying, leaping.py)."""
        ends = {position: state for position, state in self._ends.items() if keep(position)}
        return Reach(self._mover, self._best, self._place, False, ends)


def reachable(
    battlefield: Battlefield,
    pieces: Iterable[Piece],
    piece: Piece,
    ruleset: Ruleset,
    *,
    ignore_difficult: bool = False,
    run_over: bool = False,
    bonus: int = 0,
    points: int | None = None,
    windows: bool = False,
) -> Reach[Position] | Reach[Square] | Reach[int]:
    """Every position `piece` can end a Movement Action in, with the cheapest path there.

    The start is always there (a 0 move). `pieces` is everyone on the battlefield (the mover
    among them or not). `ignore_difficult`: a Scout move (HoN core p.26). `run_over`: let a
    vehicle end on infantry, which must then make a Forced Move (HoN core p.10). `bonus`:
    squares added to the allowance (an action card's Alternate Bonus, HoN core p.17);
    `points`: the move's own length instead (a card's Forced Move of 2 squares, which
    Suppressed markers do not shorten); `windows`: it may go through a building's windows (a
    Surprise card, p.17). A unit whose Movement Value is X never moves (p.9)."""
    if not piece.squares:
        raise ValueError(f"{piece.key} is not on the battlefield")
    return _mover(battlefield, pieces, piece, ruleset, ignore_difficult, run_over, bonus, points, windows).reach()


# Movers by the very pieces they move among (see `_mover`), per battlefield.
_MOVERS: PerBattlefield[dict[tuple[object, ...], tuple[list[Piece], _Mover]]] = PerBattlefield(lambda _: {})
MOVERS_KEPT = 32


def _mover(
    battlefield: Battlefield,
    pieces: Iterable[Piece],
    piece: Piece,
    ruleset: Ruleset,
    ignore_difficult: bool,
    run_over: bool,
    bonus: int = 0,
    points: int | None = None,
    windows: bool = False,
) -> _Mover:
    """The `_Mover` for these pieces, kept while they stand: within one activation the
    policy asks for assaults, then for a move, of one unit among the same pieces. Pieces
    never change (the game state replaces them), so the same objects mean the same
    battlefield: they are known by identity, and kept with the mover so that no other
    object can take their identity while it is remembered."""
    standing = list(pieces)
    key = (tuple(map(id, standing)), id(piece), id(ruleset), ignore_difficult, run_over, bonus, points, windows)
    kept = _MOVERS(battlefield)
    found = kept.get(key)
    if found is not None:
        return found[1]
    if len(kept) >= MOVERS_KEPT:
        kept.clear()
    mover = _Mover(battlefield, standing, piece, ruleset, ignore_difficult, run_over, bonus, points, windows)
    kept[key] = (standing, mover)
    return mover


def reachable_squares(
    battlefield: Battlefield, pieces: Iterable[Piece], piece: Piece, ruleset: Ruleset, **options: bool
) -> dict[Square, Path]:
    """`reachable` keyed by the front square: the handy form for one-square units."""
    found: dict[Square, Path] = {}
    for position, path in reachable(battlefield, pieces, piece, ruleset, **options).items():
        old = found.get(position.square)
        if old is None or path.cost < old.cost:
            found[position.square] = path
    return found


def assault_path(
    battlefield: Battlefield,
    pieces: Iterable[Piece],
    piece: Piece,
    target: Piece,
    ruleset: Ruleset,
    windows: bool = False,
) -> Path | None:
    """The cheapest Movement Action ending with a step into `target`'s square, or None.

    The last step ignores zones of control (HoN core p.11: "a unit can try to move within an
    enemy ZoC to enter the square occupied by an opponent as part of an Assault") and needs a
    movement point like any other (SoN p.7). `windows`: through buildings' windows too (a
    Surprise card per window, HoN core p.17)."""
    mover = _mover(battlefield, pieces, piece, ruleset, False, False, windows=windows)
    into = frozenset(target.squares)
    found = mover.reach(into, assault=True)  # it may also hold assaults on other enemies
    paths = (found[end] for end in found if not into.isdisjoint(end.squares))
    return min(paths, key=lambda p: (p.cost, len(p.positions)), default=None)
