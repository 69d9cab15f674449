"""Reading and writing positions files (`format: hon-positions`): where one side's counters
stand at the start of a game (builder/heroes/rules/setup/positions.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from builder.heroes.rules.setup.positions import POSITIONS_FORMAT, POSITIONS_VERSION, PositionsFile
from builder.io.dump import model_data
from builder.io.migrate import checked_data
from builder.io.outputs import Kind
from builder.io.save import Fingerprint
from builder.io.yamlio import Document, load_document, parse, split_path, to_model
from builder.kernel.diagnostics import Issue


@dataclass(frozen=True)
class LoadedPositions:
    positions: PositionsFile
    document: Document
    fingerprint: Fingerprint | None = None

    def locate(self, issues: list[Issue]) -> list[Issue]:
        """The issues with the line of their path in this file."""
        return [issue.at_line(self.document.line_of(split_path(issue.path))) for issue in issues]


def positions_from_document(document: Document) -> PositionsFile:
    data = checked_data(document, POSITIONS_FORMAT, POSITIONS_VERSION, "positions")
    positions: PositionsFile = to_model(Document(document.file, document.text, data), PositionsFile)
    return positions


def load_positions(path: Path) -> LoadedPositions:
    document = load_document(path)
    return LoadedPositions(positions_from_document(document), document, Fingerprint.of(path))


def parse_positions(text: str, label: str = "<positions>") -> PositionsFile:
    return positions_from_document(parse(text, label))


def positions_yaml(positions: PositionsFile) -> str:
    """The file's text: format and version first, then only what differs from defaults,
    one position per line."""
    data = model_data(positions)
    entries = data.pop("positions", [])
    head = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    lines = [head.rstrip("\n"), "positions:" if entries else "positions: []"]
    for entry in entries:
        flow = yaml.safe_dump(entry, default_flow_style=True, sort_keys=False, width=1000).strip()
        lines.append(f"  - {flow}")
    return "\n".join(lines) + "\n"


POSITIONS_KIND = Kind.tagged(POSITIONS_FORMAT)
