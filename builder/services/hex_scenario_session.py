"""A hex-game scenario being designed (`hon design` on a `game: m44` file): its history, its
file, its issues, and the edits the designer's keys make on a hex (the next terrain,
obstacle or unit). Validation is not run at each edit: a scenario as big as a file may hold
takes a third of a second to check, so the screen checks in a worker (`check`) and hands the
issues back (`checked_as`). Screens render these; the rules stay in builder.memoir."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.io.memoir_files import load_catalogue, load_scenario, scenario_yaml
from builder.io.save import Fingerprint
from builder.kernel.diagnostics import Issue
from builder.kernel.history import History
from builder.memoir.catalogue import Catalogue, Layer, Side, UnitType
from builder.memoir.edits import SetTerrain, SetUnit
from builder.memoir.hexes import Board, Hex
from builder.memoir.scenario import Place, Scenario, Unit
from builder.memoir.validate import validate
from builder.services.document import ScenarioDocument
from builder.services.memoir_game import blank_scenario

# What `u` cycles through on a hex: nothing, then each unit type for each side.
UNIT_CYCLE: tuple[tuple[Side, UnitType] | None, ...] = (None, *((s, t) for s in Side for t in UnitType))


@dataclass
class HexScenarioSession(ScenarioDocument[Scenario, Catalogue]):
    checked: Scenario | None = None  # the scenario `issues` were found in; None before the first check

    @classmethod
    def open(cls, path: Path, catalogue: Catalogue | None = None) -> HexScenarioSession:
        scenario = load_scenario(path).scenario
        found = catalogue or load_catalogue()
        return cls(found, History(scenario), path.absolute(), Fingerprint.of(path), scenario)

    @classmethod
    def new(cls, path: Path, catalogue: Catalogue | None = None) -> HexScenarioSession:
        """A blank scenario (services.memoir_game.blank_scenario), to be saved at `path`."""
        return cls(catalogue or load_catalogue(), History(blank_scenario()), path.absolute())

    @property
    def board(self) -> Board:
        kind = self.catalogue.boards.get(self.scenario.board.type) or self.catalogue.boards["standard"]
        return kind.board()

    # --- checking -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Nothing here: the issues are of `checked` until the screen's worker checks the
        present scenario (`check`, then `checked_as`)."""

    @property
    def checking(self) -> bool:
        """Whether the issues are of another scenario than the present one."""
        return self.checked is not self.scenario

    def check(self) -> tuple[Scenario, list[Issue]]:
        """The present scenario and its issues; safe in a worker thread (it reads immutable
        models and writes nothing)."""
        scenario = self.scenario
        return scenario, validate(scenario, self.catalogue)

    def checked_as(self, scenario: Scenario, issues: list[Issue]) -> bool:
        """Keep the issues a worker found, unless the scenario changed meanwhile; whether kept."""
        if scenario is not self.scenario:
            return False
        self.checked, self.issues = scenario, issues
        return True

    def save(self, path: Path | None = None, force: bool = False, overwrite_read_only: bool = False) -> Path:
        """Save (DocumentSession.save), then check what was saved if no worker has yet: the
        app says whether a file was saved with errors."""
        saved = super().save(path, force, overwrite_read_only)
        if self.checking:
            self.checked_as(*self.check())
        return saved

    def dumped(self, document: Scenario, target: Path) -> str:
        return scenario_yaml(document, target)

    def reload(self) -> None:
        if self.path is None:
            return
        scenario = load_scenario(self.path).scenario  # first: a failure must change nothing
        self._reloaded(scenario, Fingerprint.of(self.path))

    # --- a hex ----------------------------------------------------------------------------

    def place_at(self, at: Hex) -> Place | None:
        """The scenario's entry for the hex, when it has one."""
        return next((p for p in self.scenario.hexes if p.is_hex and p.hex == at), None)

    def next_tile(self, at: Hex, layer: Layer) -> SetTerrain:
        """The edit that lays the catalogue's next tile of `layer` on the hex (after the last,
        none; a tile hon does not model is replaced by none)."""
        choices: list[str | None] = [None, *(t.id for t in self.catalogue.terrain.values() if t.layer is layer)]
        tile = getattr(self.place_at(at), layer.value, None)
        current = tile.id if tile is not None else None
        following = choices[(choices.index(current) + 1) % len(choices)] if current in choices else None
        return SetTerrain(at, following, layer.value)

    def next_unit(self, at: Hex) -> SetUnit:
        """The edit that puts the next of UNIT_CYCLE on the hex."""
        place = self.place_at(at)
        unit = place.unit if place is not None else None
        current = (unit.side, UnitType(unit.type)) if unit is not None and unit.type in set(UnitType) else None
        index = UNIT_CYCLE.index(current) if current in UNIT_CYCLE else 0
        chosen = UNIT_CYCLE[(index + 1) % len(UNIT_CYCLE)]
        return SetUnit(at, Unit(type=chosen[1].value, side=chosen[0]) if chosen is not None else None)
