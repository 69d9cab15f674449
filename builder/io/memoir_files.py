"""Reading and writing the hex game's files: its catalogue (data/m44/), its scenarios
(`format: m44-scenario`) and `.m44` files (the JSON of the official editor and of the
open-source Board Game Arena implementation), all through the same hostile-input-safe
readers as every other hon file: one sentence naming file and field, never a traceback."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from builder.io.dump import to_yaml
from builder.io.errors import HonFileError
from builder.io.migrate import checked_data
from builder.io.paths import MEMOIR_DIR
from builder.io.save import atomic_write
from builder.io.yamlio import MAX_DEPTH, Document, load_document, read_text, split_path, to_model
from builder.kernel.diagnostics import Issue
from builder.memoir.catalogue import CATALOGUE_FORMAT, CATALOGUE_VERSION, Catalogue, CatalogueFile
from builder.memoir.m44 import M44Error, from_m44, to_m44
from builder.memoir.scenario import SCENARIO_FORMAT, SCENARIO_VERSION, Scenario

SCENARIO_SCHEMA = "m44-scenario.schema.json"
M44_SUFFIX = ".m44"  # the official editor's JSON
MAX_M44_BYTES = 2 * 1024 * 1024


def load_catalogue(folder: Path = MEMOIR_DIR) -> Catalogue:
    return _load_catalogue(folder.resolve())


@lru_cache(maxsize=4)
def _load_catalogue(folder: Path) -> Catalogue:
    files = []
    for path in sorted(folder.glob("*.yaml")):
        document = load_document(path)
        data = checked_data(document, CATALOGUE_FORMAT, CATALOGUE_VERSION, "hex-game catalogue")
        files.append(to_model(Document(document.file, document.text, data), CatalogueFile))
    return Catalogue.assemble(files)


@dataclass(frozen=True)
class LoadedScenario:
    path: Path
    scenario: Scenario
    document: Document | None  # None for a scenario imported from a .m44 file: no lines to point at

    def locate(self, issues: list[Issue]) -> list[Issue]:
        document = self.document
        if document is None:
            return issues
        return [issue.at_line(document.line_of(split_path(issue.path))) for issue in issues]


def load_scenario(path: Path) -> LoadedScenario:
    document = load_document(path, within=Scenario)
    data = checked_data(document, SCENARIO_FORMAT, SCENARIO_VERSION, "hex-game scenario")
    scenario: Scenario = to_model(Document(document.file, document.text, data), Scenario)
    return LoadedScenario(path, scenario, document)


def load_playable(path: Path, catalogue: Catalogue) -> LoadedScenario:
    """A scenario to check or play: hon's YAML, or a .m44 file imported as `hon scenario
    import` reads it (what it does not play, validation says again)."""
    if path.suffix.lower() != M44_SUFFIX:
        return load_scenario(path)
    scenario, _ = read_m44(path, catalogue)
    return LoadedScenario(path, scenario, None)


def scenario_yaml(scenario: Scenario, target: Path) -> str:
    return to_yaml(scenario, SCENARIO_SCHEMA, target)


def save_scenario(scenario: Scenario, path: Path) -> None:
    atomic_write(path, scenario_yaml(scenario, path).encode("utf-8"))


# --- .m44 files ---------------------------------------------------------------------------


def read_m44(path: Path, catalogue: Catalogue) -> tuple[Scenario, list[Issue]]:
    """A .m44 file as a scenario, with warnings for the names hon keeps without modelling."""
    text = read_text(path, MAX_M44_BYTES)
    data = _parse_json(text, path)
    try:
        return from_m44(data, catalogue, fallback_id=path.stem)
    except M44Error as problem:
        raise HonFileError(path, problem.message, field=problem.field or None) from None


def m44_text(scenario: Scenario, catalogue: Catalogue) -> str:
    return json.dumps(to_m44(scenario, catalogue), indent="\t", ensure_ascii=False) + "\n"


def _parse_json(text: str, path: Path) -> Any:
    depth = _depth_bound(text)
    if depth > MAX_DEPTH:
        raise HonFileError(path, f"the JSON is nested more than {MAX_DEPTH} levels deep; hon reads up to {MAX_DEPTH}.")
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as problem:
        raise HonFileError(path, f"this is not valid .m44 JSON ({problem.msg}).", problem.lineno) from None
    except (ValueError, RecursionError) as problem:
        raise HonFileError(path, f"this is not valid .m44 JSON ({problem}).") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _depth_bound(text: str) -> int:
    """How deep the brackets outside strings nest (json's parser recurses per level)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return deepest
        elif char in "]}":
            depth -= 1
    return deepest
