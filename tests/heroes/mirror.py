"""The half turn about the centre of a map (issue 34): what a point-symmetric field maps onto
itself by, and what it does to a game in play, so that a test can ask a player the same
question on a state and on its image and compare the answers.

A square [c, r] of a W x H map goes to [W - 1 - c, H - 1 - r], an interspace (a square's
top-left corner) [x, y] to [W - x, H - y], a facing f to f + 4 (eighths of a turn). The
image of a game keeps every side and key: each counter stands on the image of its squares,
facing the other way, and each objective's control passes to its image. On a field the half
turn maps onto itself, with the same army on both sides and victory conditions alike, that is
a state of the same game as far as play after the set-up goes (the deployment zones change
hands, but nothing reads them then)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace

from builder.heroes.army.models import ArmyList
from builder.heroes.rules.actions.kinds import (
    Action,
    AssaultAction,
    AssaultOnTheMove,
    ChainAssault,
    ChangeState,
    Disembark,
    Embark,
    Enter,
    Fire,
    Hold,
    Move,
    Snipe,
    TemplateFire,
)
from builder.heroes.rules.gear.markers import GearFire, GearMove, GearThrow, GrenadeInto
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import Point, turn
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos.state import SearchCheck, Treat
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.state import GameState, copy_state, objective_squares
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.models import Scenario


@dataclass(frozen=True)
class HalfTurn:
    """The half turn of a `width` x `height` map about its centre."""

    width: int
    height: int

    @classmethod
    def of(cls, battlefield: Battlefield) -> HalfTurn:
        return cls(battlefield.width, battlefield.height)

    def square(self, square: Square) -> Square:
        return self.width - 1 - square[0], self.height - 1 - square[1]

    def squares(self, squares: Iterable[Square]) -> tuple[Square, ...]:
        return tuple(self.square(sq) for sq in squares)

    def area(self, squares: Iterable[Square]) -> frozenset[Square]:
        return frozenset(self.square(sq) for sq in squares)

    def point(self, point: Point) -> Point:
        return self.width - point[0], self.height - point[1]

    def facing(self, facing: int) -> int:
        return turn(facing, 4)

    def position(self, position: Position) -> Position:
        return Position(self.squares(position.squares), self.facing(position.facing))

    def path(self, path: Path) -> Path:
        return replace(path, positions=tuple(self.position(p) for p in path.positions))

    def piece(self, piece: Piece) -> Piece:
        return replace(piece, squares=self.squares(piece.squares), facing=self.facing(piece.facing))

    def action(self, action: Action) -> Action:
        """The image of an activated unit's action; a kind it cannot map is an error, so that
        a test meeting one is told (the mirror armies use these)."""
        match action:
            case Fire() | Hold() | Snipe() | GearFire() | Treat() | SearchCheck():
                return action  # targets by key, or nothing on the map
            case Move():
                fire = self.action(action.fire) if action.fire is not None else None
                assert fire is None or isinstance(fire, Fire)
                return replace(action, path=self.path(action.path), fire=fire)
            case AssaultAction() | ChainAssault():
                return replace(action, path=self.path(action.path))
            case AssaultOnTheMove():
                goal = self.square(action.goal) if action.goal is not None else None
                return replace(action, path=self.path(action.path), goal=goal)
            case ChangeState() | Embark():
                return replace(action, path=self.path(action.path) if action.path is not None else None)
            case Disembark():
                path = self.path(action.path) if action.path is not None else None
                return replace(action, square=self.square(action.square), path=path)
            case Enter():
                return replace(action, position=self.position(action.position))
            case TemplateFire() | GearThrow():
                return replace(action, at=self.point(action.at))
            case GrenadeInto():
                return replace(action, square=self.square(action.square))
            case GearMove():
                moved = self.action(action.move)
                assert isinstance(moved, Move)
                return replace(action, move=moved)
            case _:
                raise NotImplementedError(f"no half turn for a {type(action).__name__}")

    def objectives(self, scenario: Scenario, battlefield: Battlefield) -> dict[str, str]:
        """Each objective's image: the objective on the image of its squares (none: not mapped)."""
        where = {o.id: objective_squares(o, battlefield) for o in scenario.objectives}
        by_area = {area: oid for oid, area in where.items()}
        return {oid: by_area[self.area(area)] for oid, area in where.items() if self.area(area) in by_area}

    def state(self, state: GameState, objectives: Mapping[str, str]) -> GameState:
        """The game turned half a turn (module docs): a state of its own, `state` untouched.
        What it cannot map yet (mines, positions laid, bonuses, rubble, the Mythos' markers on
        the map) must not be in play: it says so rather than leave them where they were."""
        unmapped = {
            "mines": state.mines,
            "positions": state.positions,
            "structure points": state.structure_points,
            "barriers": state.mythos.barriers,
            "clouds": state.mythos.clouds,
            "totems": state.mythos.totems,
            "search tokens": state.mythos.search_tokens,
        }
        held = [name for name, found in unmapped.items() if found]
        if held or state.bonuses:
            raise NotImplementedError(f"no half turn for a game with {', '.join(held) or 'tactical bonuses'}")
        twin = copy_state(state)
        for key, piece in state.pieces.items():
            twin.pieces[key] = self.piece(piece)
        twin.destroyed = {key: self.piece(piece) for key, piece in state.destroyed.items()}
        twin.control = {objectives[oid]: side for oid, side in state.control.items()}
        return twin


def asymmetries(scenario: Scenario, battlefield: Battlefield, armies: Mapping[str, ArmyList]) -> list[str]:
    """What keeps `scenario` from being point-symmetric with the same army on both sides:
    nothing, for a mirror. Of its two sides, each zone, objective and terrain element must
    have its image, the other side's where it has a side; the forces, hands of cards and
    victory conditions must be the same with the sides and objectives exchanged."""
    half = HalfTurn.of(battlefield)
    first, second = (side.id for side in scenario.sides)
    found = _terrain(battlefield, half)
    zones = {(z.side, z.kind, frozenset(z.area.cells())) for z in scenario.zones}
    other = {first: second, second: first}
    found += [
        f"zone {z.id} has no image"
        for z in scenario.zones
        if (other.get(z.side, z.side), z.kind, half.area(z.area.cells())) not in zones
    ]
    images = half.objectives(scenario, battlefield)
    for objective in scenario.objectives:
        image = scenario.objective(images.get(objective.id, ""))
        if image is None or (image.kind, image.owner, image.held, image.victory_points) != (
            objective.kind,
            other.get(objective.owner or "", objective.owner),
            other.get(objective.held or "", objective.held),
            objective.victory_points,
        ):
            found.append(f"objective {objective.id} has no image")
    if armies.get(first) != armies.get(second):
        found.append("the sides field different armies")
    if scenario.setup.action_cards.get(first) != scenario.setup.action_cards.get(second):
        found.append("the sides hold different hands")
    renamed = {first: second, second: first, **images}
    outcomes = [o.model_dump(exclude={"label"}) for o in scenario.victory.outcomes]
    if {_renamed(o, renamed) for o in outcomes} != {_renamed(o, {}) for o in outcomes}:
        found.append("the victory conditions are not the same for both sides")
    return found


def _terrain(battlefield: Battlefield, half: HalfTurn) -> list[str]:
    """Each square's terrain the same as its image's, each element, wall and edge mapped."""
    found = [f"{sq} has no image" for sq in battlefield.squares if half.square(sq) not in battlefield.squares]
    found += [
        f"{sq} is {battlefield.element_at[sq].terrain.id} and its image not"
        for sq in sorted(battlefield.element_at)
        if (image := battlefield.element_at.get(half.square(sq))) is None
        or (image.terrain.id, image.effects)
        != (battlefield.element_at[sq].terrain.id, battlefield.element_at[sq].effects)
    ]

    def edges(found: Iterable[frozenset[Square]]) -> frozenset[frozenset[Square]]:
        return frozenset(half.area(edge) for edge in found)

    shapes = {(e.terrain.id, e.cells, e.doors, e.windows, e.walls) for e in battlefield.elements}
    found += [
        f"element {e.key} has no image"
        for e in battlefield.elements
        if (e.terrain.id, half.area(e.cells), edges(e.doors), edges(e.windows), edges(e.walls)) not in shapes
    ]
    if edges(battlefield.no_passage) != battlefield.no_passage:
        found.append("the no-passage edges are not their own image")
    lines = {(p.line.kind, tuple(sorted(p.line.points))) for p in battlefield.lines}
    if {(t, tuple(sorted(half.point(pt) for pt in points))) for t, points in lines} != lines:
        found.append("the lines are not their own image")
    return found


def _renamed(value: object, names: Mapping[str, str]) -> str:
    """`value` (a model's dump) with every id of `names` exchanged, as one comparable text."""
    if isinstance(value, dict):
        return repr(sorted((k, _renamed(v, names)) for k, v in value.items()))
    if isinstance(value, list):
        return repr(sorted(_renamed(v, names) for v in value))
    return repr(names.get(value, value) if isinstance(value, str) else value)
