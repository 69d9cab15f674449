"""The scenario being designed: its history, its file, its assembled map and its issues."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path

from builder.heroes.army.resolve import resolve
from builder.heroes.catalogue.base import Game
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.terrain import Area
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.conditions import VictoryPoints
from builder.heroes.scenario.models import (
    BoardPlacement,
    Force,
    MapLayout,
    Outcome,
    Scenario,
    ScenarioSide,
    Setup,
    Turns,
    Victory,
    Zone,
    ZoneKind,
)
from builder.heroes.scenario.validate import validate_scenario
from builder.io.army_files import load_army
from builder.io.errors import HonFileError
from builder.io.scenario_files import LoadedScenario, load_scenario, scenario_yaml
from builder.kernel.history import History
from builder.services.document import ScenarioDocument


@dataclass(frozen=True)
class ScenarioStart:
    """What a new scenario starts from: its title, its game, the factions of its two sides
    (the game's first two when None) and the points each side fields."""

    title: str = "New scenario"
    game: Game = Game.HON
    factions: tuple[str, str] | None = None
    points: int = 375


def scenario_id(title: str) -> str:
    """`Night at the Mill` → `night-at-the-mill`."""
    cleaned = "".join(c if c.isascii() and c.isalnum() else "-" for c in title.lower())
    return "-".join(part for part in cleaned.split("-") if part) or "new-scenario"


def blank_scenario(catalogue: Catalogue, start: ScenarioStart | None = None) -> Scenario:
    """A new scenario: one board, two opposed sides, each with a deployment zone along its
    edge, six turns, and a victory on victory points."""
    start = start or ScenarioStart()
    game = start.game
    if start.factions is not None:
        factions = [catalogue.factions[f] for f in start.factions if f in catalogue.factions]
        if len(factions) != 2 or factions[0].id == factions[1].id:
            raise ValueError("a scenario opposes two different factions of the catalogue")
    else:
        factions = [f for f in catalogue.factions.values() if f.game is game][:2]
    board = next((b for b in catalogue.boards.values() if b.game is game), None)
    if len(factions) < 2 or board is None:
        raise ValueError(f"the catalogue has no boards or not two factions for {game.full_name}")
    sides = [ScenarioSide(id=f.id, name=f.name, faction=f.id) for f in factions]
    width, height = board.width, board.height
    return Scenario(
        id=scenario_id(start.title),
        title=start.title,
        game=game,
        sides=sides,
        map=MapLayout(boards=[BoardPlacement(board=board.id)]),
        zones=[
            Zone(
                id=f"{sides[0].id}-deployment",
                side=sides[0].id,
                kind=ZoneKind.DEPLOYMENT,
                area=Area(rects=[(0, 0, 1, height - 1)]),
            ),
            Zone(
                id=f"{sides[1].id}-deployment",
                side=sides[1].id,
                kind=ZoneKind.DEPLOYMENT,
                area=Area(rects=[(width - 2, 0, width - 1, height - 1)]),
            ),
        ],
        setup=Setup(initiative=sides[0].id, action_cards={s.id: 4 for s in sides}, turns=Turns(count=6)),
        forces=[Force(side=s.id, points=start.points) for s in sides],
        victory=Victory(
            outcomes=[
                Outcome(
                    winner=s.id,
                    label=f"{s.name} victory",
                    condition=VictoryPoints(type="victory-points", side=s.id, more_than_opponent=True),
                )
                for s in sides
            ]
        ),
    )


@dataclass
class ScenarioSession(ScenarioDocument[Scenario]):
    battlefield: Battlefield | None = None
    loaded: LoadedScenario | None = None

    @classmethod
    def open(cls, path: Path, catalogue: Catalogue) -> ScenarioSession:
        loaded = load_scenario(path)
        return cls(
            catalogue, History(loaded.scenario), path.absolute(), loaded.fingerprint, loaded.scenario, loaded=loaded
        )

    @classmethod
    def new(cls, path: Path | None, catalogue: Catalogue, start: ScenarioStart | None = None) -> ScenarioSession:
        """A blank scenario, to be saved at `path` (asked for on the first save when None)."""
        return cls(
            catalogue, History(blank_scenario(catalogue, start)), path=path.absolute() if path is not None else None
        )

    def unit_choices(self) -> list[tuple[str, str]]:
        """The units a condition of this scenario may name, as (id, name), the likeliest
        first: those its forces' army lists field, those it names itself (set-up, events,
        units a campaign added), then every other unit of its sides' factions."""
        found: dict[str, str] = {}
        name = partial(self.catalogue.name_of, "units")
        for ident in [*self._army_units(), *_named_units(self.scenario)]:
            if ident in self.catalogue.units:
                found.setdefault(ident, name(ident))
        factions = {side.faction for side in self.scenario.sides}
        for unit in self.catalogue.units.values():
            if unit.faction in factions:
                found.setdefault(unit.id, unit.name)
        return list(found.items())

    def _army_units(self) -> list[str]:
        """The units the army lists of the forces field, in list order; none for a list that
        cannot be read (`hon scenario check` says why)."""
        units: list[str] = []
        for force in self.scenario.forces:
            if force.army is None or self.path is None:
                continue
            try:
                army = load_army(self.path.parent / force.army).army
            except HonFileError:
                continue
            units += [fielded.unit.id for fielded in resolve(army, self.catalogue).fielded()]
        return units

    def refresh(self) -> None:
        armies = {}
        if self.loaded is not None:
            try:
                armies = self.loaded.armies()
            except Exception:  # an unreadable army list is reported by `hon scenario check`
                armies = {}
        checked = validate_scenario(self.scenario, self.catalogue, armies)
        self.issues, self.battlefield = checked.issues, checked.battlefield

    def dumped(self, document: Scenario, target: Path) -> str:
        return scenario_yaml(document, target)

    def reload(self) -> None:
        """Read the file again, dropping unsaved changes (undo brings them back). When the
        file cannot be read (HonFileError), the scenario and its history are left as they are."""
        if self.path is None:
            return
        loaded = load_scenario(self.path)  # first: a failure must change nothing
        self.loaded = loaded
        self._reloaded(loaded.scenario, loaded.fingerprint)


def _named_units(scenario: Scenario) -> list[str]:
    return [
        *(u for step in scenario.setup.deployment for u in step.units),
        *(u for event in scenario.events for u in event.units),
        *(u for force in scenario.forces for u in force.extra),
    ]
