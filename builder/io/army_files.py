"""Reading and writing army lists."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.heroes.army.models import ARMY_FORMAT, ARMY_VERSION, ArmyList, CatalogueStamp
from builder.heroes.catalogue.index import Catalogue
from builder.io import cache
from builder.io.dump import to_yaml
from builder.io.migrate import checked_data
from builder.io.save import Fingerprint, atomic_write
from builder.io.yamlio import Document, line_of, parse, read_text, split_path, to_model
from builder.kernel.diagnostics import Issue

ARMY_SCHEMA = "army.schema.json"


@dataclass(frozen=True)
class LoadedArmy:
    army: ArmyList
    text: str  # the file's, to find the line of an issue
    fingerprint: Fingerprint

    def locate(self, issues: list[Issue]) -> list[Issue]:
        """The issues with the line of their path in this file."""
        return [issue.at_line(line_of(self.text, split_path(issue.path))) for issue in issues]


def army_from_document(document: Document) -> ArmyList:
    data = checked_data(document, ARMY_FORMAT, ARMY_VERSION, "army list")
    army: ArmyList = to_model(Document(document.file, document.text, data), ArmyList)
    return army


def load_army(path: Path) -> LoadedArmy:
    """The army list in `path`; a text read before is not parsed again (see `cache.validated`)."""
    text = read_text(path)
    army = cache.validated(text, ArmyList, lambda: army_from_document(parse(text, path, ArmyList)))
    return LoadedArmy(army, text, Fingerprint.of(path))


def parse_army(text: str, label: str = "<army>") -> ArmyList:
    return army_from_document(parse(text, label, ArmyList))


def army_yaml(army: ArmyList, target: Path) -> str:
    return to_yaml(army, ARMY_SCHEMA, target)


def save_army(
    army: ArmyList, path: Path, catalogue: Catalogue | None = None, expected: Fingerprint | None = None
) -> tuple[ArmyList, Fingerprint]:
    """Save atomically, stamped with the catalogue revision it was built on."""
    if catalogue is not None:
        army = army.model_copy(update={"catalogue": CatalogueStamp(revision=catalogue.revision, date=catalogue.date)})
    fingerprint = atomic_write(path, army_yaml(army, path).encode("utf-8"), expected)
    return army, fingerprint
