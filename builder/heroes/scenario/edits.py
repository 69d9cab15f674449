"""Edits to a scenario as undoable commands, for the designer: painting terrain, drawing
zones, placing objectives and entry arrows, placing and turning boards. Each turns one
scenario into the next (see builder.kernel.history)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from builder.heroes.catalogue.terrain import Area, Element
from builder.heroes.scenario.conditions import AllOf, AnyOf, Condition
from builder.heroes.scenario.models import (
    BoardPlacement,
    Objective,
    ObjectiveKind,
    Scenario,
    Zone,
    ZoneKind,
)

Square = tuple[int, int]
Edge = Literal["north", "east", "south", "west"]
PAINTED = "painted-"  # overlay ids the designer owns: one per terrain type


def _with(scenario: Scenario, **update: Any) -> Scenario:
    return scenario.model_copy(update=update)


def _without_square(area: Area, square: Square) -> Area:
    return Area.of(area.cells() - {square})


@dataclass(frozen=True)
class PaintTerrain:
    """Lay a terrain type on a square (an overlay covering the board beneath)."""

    square: Square
    terrain: str

    def apply(self, scenario: Scenario) -> Scenario:
        layout = scenario.map
        overlays: list[Element] = []
        target = f"{PAINTED}{self.terrain}"
        found = False
        for overlay in layout.overlays:
            if overlay.id == target:
                found = True
                overlay = overlay.model_copy(update={"area": Area.of(overlay.area.cells() | {self.square})})
            elif overlay.id is not None and overlay.id.startswith(PAINTED) and self.square in overlay.area.cells():
                overlay = overlay.model_copy(update={"area": _without_square(overlay.area, self.square)})
            if overlay.area.cells():
                overlays.append(overlay)
        if not found:
            overlays.append(Element(id=target, terrain=self.terrain, area=Area.of({self.square})))
        return _with(scenario, map=layout.model_copy(update={"overlays": overlays}))

    @property
    def label(self) -> str:
        return f"paint {self.terrain} at {list(self.square)}"


@dataclass(frozen=True)
class EraseTerrain:
    """Take painted terrain off a square: the board's own terrain shows again."""

    square: Square

    def apply(self, scenario: Scenario) -> Scenario:
        layout = scenario.map
        overlays = []
        for overlay in layout.overlays:
            if overlay.id is not None and overlay.id.startswith(PAINTED):
                overlay = overlay.model_copy(update={"area": _without_square(overlay.area, self.square)})
            if overlay.area.cells():
                overlays.append(overlay)
        return _with(scenario, map=layout.model_copy(update={"overlays": overlays}))

    @property
    def label(self) -> str:
        return f"erase painted terrain at {list(self.square)}"


@dataclass(frozen=True)
class ToggleZoneSquare:
    """Add a square to a side's zone of that kind, or take it out (creating the zone)."""

    square: Square
    side: str
    kind: ZoneKind
    edge: Edge | None = None

    @property
    def zone_id(self) -> str:
        return f"{self.side}-{self.kind.value}"

    def apply(self, scenario: Scenario) -> Scenario:
        zones = list(scenario.zones)
        for index, zone in enumerate(zones):
            if zone.side == self.side and zone.kind is self.kind:
                cells = zone.area.cells()
                cells = cells - {self.square} if self.square in cells else cells | {self.square}
                if cells:
                    zones[index] = zone.model_copy(update={"area": Area.of(cells), "edge": zone.edge or self.edge})
                else:
                    del zones[index]
                return _with(scenario, zones=zones)
        zones.append(Zone(id=self.zone_id, side=self.side, kind=self.kind, area=Area.of({self.square}), edge=self.edge))
        return _with(scenario, zones=zones)

    @property
    def label(self) -> str:
        return f"{self.kind.value} square for {self.side} at {list(self.square)}"


@dataclass(frozen=True)
class PlaceObjective:
    """Put an objective on a square, or take off the one already there."""

    square: Square
    kind: ObjectiveKind
    owner: str | None = None

    def apply(self, scenario: Scenario) -> Scenario:
        kept = [o for o in scenario.objectives if o.at != self.square]
        if len(kept) != len(scenario.objectives):
            return _with(scenario, objectives=kept)
        taken = {o.id for o in scenario.objectives}
        number = 1
        while f"{self.kind.value}-{number}" in taken:
            number += 1
        objective = Objective(
            id=f"{self.kind.value}-{number}",
            name=f"{self.kind.value.title()} objective {number}",
            kind=self.kind,
            owner=self.owner,
            at=self.square,
        )
        return _with(scenario, objectives=[*scenario.objectives, objective])

    @property
    def label(self) -> str:
        return f"objective at {list(self.square)}"


@dataclass(frozen=True)
class AddBoard:
    board: str
    at: Square

    def apply(self, scenario: Scenario) -> Scenario:
        boards = [*scenario.map.boards, BoardPlacement(board=self.board, at=self.at)]
        return _with(scenario, map=scenario.map.model_copy(update={"boards": boards}))

    @property
    def label(self) -> str:
        return f"add board {self.board}"


@dataclass(frozen=True)
class ChangeBoard:
    """Move a placed board by an offset, turn it a quarter clockwise, or remove it."""

    index: int
    move: Square = (0, 0)
    turn: bool = False
    remove: bool = False

    def apply(self, scenario: Scenario) -> Scenario:
        boards = list(scenario.map.boards)
        if not 0 <= self.index < len(boards) or (self.remove and len(boards) == 1):
            return scenario  # a map keeps at least one board
        if self.remove:
            del boards[self.index]
        else:
            placed = boards[self.index]
            c, r = placed.at[0] + self.move[0], placed.at[1] + self.move[1]
            if c < 0 or r < 0:
                return scenario
            rotation = (placed.rotation + 90) % 360 if self.turn else placed.rotation
            boards[self.index] = placed.model_copy(update={"at": (c, r), "rotation": rotation})
        return _with(scenario, map=scenario.map.model_copy(update={"boards": boards}))

    @property
    def label(self) -> str:
        if self.remove:
            return f"remove board {self.index + 1}"
        return f"turn board {self.index + 1}" if self.turn else f"move board {self.index + 1}"


@dataclass(frozen=True)
class ReplaceScenario:
    """A form's result: the whole scenario with one part changed."""

    after: Scenario
    what: str

    def apply(self, scenario: Scenario) -> Scenario:
        return self.after

    @property
    def label(self) -> str:
        return f"edit the {self.what}"


@dataclass(frozen=True)
class AddCondition:
    """Join a condition to an outcome's: "all" (both must hold) or "any" (either will do).
    An outcome already joined that way gains one more part rather than a new level."""

    outcome: int  # its index in the victory's outcomes
    condition: Condition
    join: Literal["all", "any"]
    what: str  # the outcome's label, for the undo history

    def apply(self, scenario: Scenario) -> Scenario:
        outcomes = list(scenario.victory.outcomes)
        if not 0 <= self.outcome < len(outcomes):
            return scenario
        present = outcomes[self.outcome].condition
        joined: AllOf | AnyOf
        parts: list[Condition]
        if self.join == "all":
            parts = present.of if isinstance(present, AllOf) else [present]
            joined = AllOf(type="all", of=[*parts, self.condition])
        else:
            parts = present.of if isinstance(present, AnyOf) else [present]
            joined = AnyOf(type="any", of=[*parts, self.condition])
        outcomes[self.outcome] = outcomes[self.outcome].model_copy(update={"condition": joined})
        return _with(scenario, victory=scenario.victory.model_copy(update={"outcomes": outcomes}))

    @property
    def label(self) -> str:
        return f"add a condition to {self.what}"
