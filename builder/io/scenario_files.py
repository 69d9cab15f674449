"""Reading and writing scenarios, and the army lists their forces name."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from builder.heroes.army.models import ArmyList
from builder.heroes.scenario.models import SCENARIO_FORMAT, SCENARIO_VERSION, Scenario
from builder.io.army_files import load_army
from builder.io.dump import to_yaml
from builder.io.errors import CONTROL_CHARACTERS, HonFileError
from builder.io.migrate import checked_data
from builder.io.outputs import Kind
from builder.io.save import Fingerprint, atomic_write
from builder.io.yamlio import Document, join_path, load_document, split_path, to_model
from builder.kernel.diagnostics import Issue

SCENARIO_SCHEMA = "scenario.schema.json"
SCENARIO_KIND = Kind.tagged(SCENARIO_FORMAT)


@dataclass(frozen=True)
class LoadedScenario:
    path: Path
    scenario: Scenario
    document: Document
    fingerprint: Fingerprint

    def locate(self, issues: list[Issue]) -> list[Issue]:
        return [issue.at_line(self.document.line_of(split_path(issue.path))) for issue in issues]

    def army_path(self, side: str) -> Path | None:
        force = self.scenario.force(side)
        if force is None or force.army is None:
            return None
        return _resolved(self.path.parent / force.army)

    def files(self) -> list[Path]:
        """The scenario's file and the army lists its forces name: what reading it reads."""
        named = (self.army_path(side.id) for side in self.scenario.sides)
        return [self.path, *(path for path in named if path is not None)]

    def armies(self) -> dict[str, ArmyList]:
        """The army lists the forces name, by side; an unreadable one is a HonFileError."""
        found: dict[str, ArmyList] = {}
        for side in self.scenario.sides:
            path = self.army_path(side.id)
            if path is not None:
                found[side.id] = load_army(path).army
        return found


def scenario_from_document(document: Document) -> Scenario:
    data = checked_data(document, SCENARIO_FORMAT, SCENARIO_VERSION, "scenario")
    document = Document(document.file, document.text, data)
    scenario: Scenario = to_model(document, Scenario)
    for index, force in enumerate(scenario.forces):
        if force.army is not None:
            check_file_name(document, force.army, ["forces", index, "army"], "the army list's file name")
    return scenario


def check_file_name(document: Document, name: str, where: list[str | int], what: str) -> None:
    """Refuse a file name (an army list's, a scenario's) that cannot name a file, here where
    the field and its line are known, rather than as a ValueError wherever it is first used."""
    field = join_path(where)
    # NUL cannot even be passed to the OS; a newline or an escape would break the
    # one-line message or act on the terminal. No file name a player writes has them.
    bad = re.search(CONTROL_CHARACTERS, name)
    if bad is not None:
        raise document.error(
            f"{what} contains a control character ({bad.group()!r}); a file name is plain text.", where, field
        )
    if not name.strip():
        raise document.error(f"{what} is empty.", where, field)


def relative_to(target: Path, folder: Path) -> str:
    """`target` as a path relative to `folder` (absolute when no relative path leads there,
    another drive on Windows), with forward slashes as the files write them."""
    try:
        return Path(os.path.relpath(target, folder)).as_posix()
    except ValueError:
        return target.as_posix()


def moved_armies(scenario: Scenario, source: Path, target: Path) -> Scenario:
    """The scenario read in folder `source` as it must be written in folder `target`: the
    army lists its forces name keep naming the same files."""
    forces = [
        force.model_copy(update={"army": relative_to(_resolved(source / force.army), target)})
        if force.army is not None
        else force
        for force in scenario.forces
    ]
    return scenario.model_copy(update={"forces": forces})


def _resolved(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        # A symlink loop (RuntimeError before Python 3.13) or a name the OS refuses:
        # the path as written, which reading then refuses in one sentence.
        return Path(os.path.abspath(path))


def load_scenario(path: Path) -> LoadedScenario:
    document = load_document(path)
    return LoadedScenario(path, scenario_from_document(document), document, Fingerprint.of(path))


def scenario_beside(loaded: LoadedScenario, scenario_id: str) -> Scenario | None:
    """The scenario with this id among the files in the same folder (a campaign's next
    scenario), or None when none there can be read."""
    for path in sorted(loaded.path.parent.glob("*.yaml")):
        if path.name == loaded.path.name:
            continue
        try:
            other = load_scenario(path).scenario
        except HonFileError:
            continue
        if other.id == scenario_id:
            return other
    return None


def scenario_yaml(scenario: Scenario, target: Path) -> str:
    return to_yaml(scenario, SCENARIO_SCHEMA, target)


def save_scenario(scenario: Scenario, path: Path, expected: Fingerprint | None = None) -> Fingerprint:
    return atomic_write(path, scenario_yaml(scenario, path).encode("utf-8"), expected)
