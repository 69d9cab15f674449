"""Reading and writing scenarios, and the army lists their forces name."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.heroes.army.models import ArmyList
from builder.heroes.scenario.models import SCENARIO_FORMAT, SCENARIO_VERSION, Scenario
from builder.io.army_files import load_army
from builder.io.dump import to_yaml
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
        return (self.path.parent / force.army).resolve()

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
    scenario: Scenario = to_model(Document(document.file, document.text, data), Scenario)
    return scenario


def load_scenario(path: Path) -> LoadedScenario:
    document = load_document(path)
    return LoadedScenario(path, scenario_from_document(document), document, Fingerprint.of(path))


def scenario_yaml(scenario: Scenario, target: Path) -> str:
    return to_yaml(scenario, SCENARIO_SCHEMA, target)


def save_scenario(scenario: Scenario, path: Path, expected: Fingerprint | None = None) -> Fingerprint:
    return atomic_write(path, scenario_yaml(scenario, path).encode("utf-8"), expected)
