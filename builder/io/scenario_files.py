"""Reading and writing scenarios, and the army lists their forces name."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from builder.heroes.army.models import ArmyList
from builder.heroes.scenario.models import SCENARIO_FORMAT, SCENARIO_VERSION, Scenario
from builder.io.army_files import load_army
from builder.io.dump import to_yaml
from builder.io.errors import CONTROL_CHARACTERS
from builder.io.migrate import checked_data
from builder.io.save import Fingerprint, atomic_write
from builder.io.yamlio import Document, load_document, split_path, to_model
from builder.kernel.diagnostics import Issue

SCENARIO_SCHEMA = "scenario.schema.json"


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
        path = self.path.parent / force.army
        try:
            return path.resolve()
        except (OSError, RuntimeError):
            # A symlink loop (RuntimeError before Python 3.13) or a name the OS refuses:
            # the path as written, which reading then refuses in one sentence.
            return Path(os.path.abspath(path))

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
    _check_army_files(document, scenario)
    return scenario


def _check_army_files(document: Document, scenario: Scenario) -> None:
    """Refuse army file names that cannot name a file, here where the field and its line
    are known, rather than as a ValueError wherever the path is first used."""
    for index, force in enumerate(scenario.forces):
        if force.army is None:
            continue
        where: list[str | int] = ["forces", index, "army"]
        # NUL cannot even be passed to the OS; a newline or an escape would break the
        # one-line message or act on the terminal. No file name a player writes has them.
        bad = CONTROL_CHARACTERS.search(force.army)
        if bad is not None:
            raise document.error(
                f"the army list's file name contains a control character ({bad.group()!r}); a file name is plain text.",
                where,
                f"forces[{index}].army",
            )
        if not force.army.strip():
            raise document.error("the army list's file name is empty.", where, f"forces[{index}].army")


def load_scenario(path: Path) -> LoadedScenario:
    document = load_document(path)
    return LoadedScenario(path, scenario_from_document(document), document, Fingerprint.of(path))


def scenario_yaml(scenario: Scenario, target: Path) -> str:
    return to_yaml(scenario, SCENARIO_SCHEMA, target)


def save_scenario(scenario: Scenario, path: Path, expected: Fingerprint | None = None) -> Fingerprint:
    return atomic_write(path, scenario_yaml(scenario, path).encode("utf-8"), expected)
