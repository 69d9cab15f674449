"""Catalogue folders layered into one catalogue: the bundled folder, and a user folder
over it whose entries replace those of the same id."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from builder.heroes.catalogue.base import Entry
from builder.heroes.catalogue.document import CatalogueFile
from builder.heroes.catalogue.index import Catalogue, Origin
from builder.heroes.catalogue.kinds import KINDS
from builder.kernel.diagnostics import Issue, error


@dataclass(frozen=True)
class Layer:
    """The files of one catalogue folder, in the order they were read."""

    name: str
    files: Sequence[tuple[str, CatalogueFile]]


def empty_sections() -> dict[str, dict[str, Entry]]:
    return {kind.section: {} for kind in KINDS}


def assemble(layers: Sequence[Layer], revision: str = "unsaved", date: str = "") -> tuple[Catalogue, list[Issue]]:
    """Merge catalogue folders in order: a later layer's entry replaces an earlier one with
    the same id; the same id twice within one layer is an error (the first is kept)."""
    entries = empty_sections()
    origins: dict[tuple[str, str], Origin] = {}
    issues: list[Issue] = []
    for layer in layers:
        seen: dict[tuple[str, str], Origin] = {}
        for label, document in layer.files:
            for kind in KINDS:
                for index, entry in enumerate(document.entries(kind)):
                    key = (kind.section, entry.id)
                    origin = Origin(label, layer.name, kind.section, index)
                    if key in seen:
                        first = seen[key]
                        issues.append(
                            error(
                                "catalogue.duplicate",
                                f"{label}:{origin.path}",
                                f"The {kind.singular} id {entry.id!r} is defined twice in the "
                                f"{layer.name} catalogue: in {first.file} and in {label}.",
                                "Give one of them another id, or delete the copy.",
                            )
                        )
                        continue
                    seen[key] = origin
                    entries[kind.section][entry.id] = entry
                    origins[key] = origin
    return Catalogue(entries, origins, revision, date), issues
