"""Reading the Tactical Card Game's files: the card catalogue (`data/tcg/`, format
`tcg-cards`), scenarios (`tcg-scenario`) and a side's force (`tcg-force`). Every file goes
through the shared YAML reader, so hostile input is one sentence naming file and field."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from builder.io.errors import CONTROL_CHARACTERS, HonFileError
from builder.io.migrate import checked_data
from builder.io.paths import DATA_DIR
from builder.io.yamlio import Document, load_document, split_path, to_model
from builder.kernel.diagnostics import Issue
from builder.tcg.catalogue import CARDS_FORMAT, CARDS_VERSION, CardCatalogue, CardFile, assemble
from builder.tcg.scenario import FORCE_FORMAT, FORCE_VERSION, SCENARIO_FORMAT, SCENARIO_VERSION, ForceFile, Scenario

TCG_DATA = DATA_DIR / "tcg"


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
        bad = CONTROL_CHARACTERS.search(name)
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
