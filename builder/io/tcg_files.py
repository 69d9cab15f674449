"""Reading the Tactical Card Game's files: the card catalogue (`data/tcg/`, format
`tcg-cards`), scenarios (`tcg-scenario`) and a side's force (`tcg-force`). Every file goes
through the shared YAML reader, so hostile input is one sentence naming file and field."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from builder.io.dump import model_data, schema_reference
from builder.io.errors import CONTROL_CHARACTERS, HonFileError
from builder.io.migrate import checked_data
from builder.io.paths import TCG_DATA
from builder.io.yamlio import Document, load_document, split_path, to_model
from builder.kernel.diagnostics import Issue
from builder.tcg.catalogue import CARDS_FORMAT, CARDS_VERSION, CardCatalogue, CardFile, assemble
from builder.tcg.scenario import FORCE_FORMAT, FORCE_VERSION, SCENARIO_FORMAT, SCENARIO_VERSION, ForceFile, Scenario

SCENARIO_SCHEMA = "tcg-scenario.schema.json"


@dataclass(frozen=True)
class Located:
    """A file read, able to put the line of a field on an issue."""

    path: Path
    document: Document

    def locate(self, issues: list[Issue]) -> list[Issue]:
        return [issue.at_line(self.document.line_of(split_path(issue.path))) for issue in issues]


@dataclass(frozen=True)
class LoadedTcgScenario(Located):
    scenario: Scenario


@dataclass(frozen=True)
class LoadedForce(Located):
    force: ForceFile

    def scenario_path(self) -> Path:
        """The scenario the force is composed for, beside the force file."""
        name = self.force.scenario
        bad = re.search(CONTROL_CHARACTERS, name)
        if bad is not None or not name.strip():
            raise self.document.error("the scenario's file name is not a plain file name.", ["scenario"], "scenario")
        return Path(os.path.abspath(self.path.parent / name))


def load_cards(folder: Path = TCG_DATA, user: Path | None = None) -> tuple[CardCatalogue, list[Issue]]:
    """The bundled cards, with a player's folder of card files layered over them."""
    files: list[tuple[str, CardFile]] = []
    for root in (folder, user):
        if root is None:
            continue
        if not root.is_dir():
            raise HonFileError(root, "the card catalogue must be a folder of YAML files.")
        for path in sorted(p for p in root.rglob("*.yaml") if not p.is_dir()):
            label = f"tcg/{path.relative_to(root).as_posix()}" if root == folder else str(path)
            files.append((label, card_file_from_document(load_document(path))))
    return assemble(files)


def card_file_from_document(document: Document) -> CardFile:
    data = checked_data(document, CARDS_FORMAT, CARDS_VERSION, "card catalogue")
    cards: CardFile = to_model(Document(document.file, document.text, data), CardFile)
    return cards


def scenario_from_document(document: Document) -> Scenario:
    data = checked_data(document, SCENARIO_FORMAT, SCENARIO_VERSION, "Tactical Card Game scenario")
    scenario: Scenario = to_model(Document(document.file, document.text, data), Scenario)
    return scenario


def load_tcg_scenario(path: Path) -> LoadedTcgScenario:
    document = load_document(path)
    return LoadedTcgScenario(path, document, scenario_from_document(document))


def load_force(path: Path) -> LoadedForce:
    document = load_document(path)
    data = checked_data(document, FORCE_FORMAT, FORCE_VERSION, "Tactical Card Game force")
    force: ForceFile = to_model(Document(document.file, document.text, data), ForceFile)
    return LoadedForce(path, document, force)


class _CardDumper(yaml.SafeDumper):
    """Boxes and small records on one line, as the bundled scenarios are written."""


def _flat(value: Any) -> bool:
    """A number, a word, or a list of them such as a box."""
    return isinstance(value, str | int | float | bool) or (
        isinstance(value, list) and all(isinstance(v, int | str) for v in value)
    )


def _sequence(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.Node:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=bool(data) and all(map(_flat, data)))


def _mapping(dumper: yaml.SafeDumper, data: dict[str, Any]) -> yaml.Node:
    """A card placed, a marker, a board: flat records of a few short values."""
    values = list(data.values())
    small = all(_flat(v) or (isinstance(v, dict) and all(map(_flat, v.values()))) for v in values)
    flow = small and len(data) <= 6 and all(len(str(v)) <= 40 for v in values)
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=flow)


_CardDumper.add_representer(list, _sequence)
_CardDumper.add_representer(dict, _mapping)


def tcg_scenario_yaml(scenario: Scenario, target: Path) -> str:
    """The scenario as the designer writes it: what `load_tcg_scenario` reads back to the
    same scenario. Defaults are left out (builder.io.dump), but not the `kind` that tells
    one victory condition from another."""
    data = model_data(scenario)
    if "victory" in data:
        data["victory"] = [{"kind": c.kind, **d} for c, d in zip(scenario.victory, data["victory"], strict=True)]
    body = yaml.dump(data, Dumper=_CardDumper, sort_keys=False, allow_unicode=True, width=100)
    return f"# yaml-language-server: $schema={schema_reference(SCENARIO_SCHEMA, target)}\n{body}"
