"""Loading catalogue folders: the bundled one, and a user folder layered over it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import cast

from builder.heroes.catalogue.base import Entry
from builder.heroes.catalogue.index import BUNDLED, LATER, USER, Catalogue, Sections
from builder.heroes.catalogue.kinds import KIND_BY_SECTION, KINDS
from builder.io import cache
from builder.io.errors import HonFileError
from builder.io.paths import CATALOGUE_FOLDERS, DATA_DIR
from builder.io.yamlio import read_text
from builder.kernel.diagnostics import Issue

MANIFEST = "catalogue.yaml"
MAX_CATALOGUE_BYTES = 4 * 1024 * 1024


def bundled_files(data_dir: Path = DATA_DIR) -> list[Path]:
    files: list[Path] = []
    for folder in CATALOGUE_FOLDERS:
        files.extend(sorted((data_dir / folder).rglob("*.yaml")))
    return files


def user_files(folder: Path) -> list[Path]:
    if not folder.is_dir():
        raise HonFileError(folder, "the user catalogue must be a folder of YAML files.")
    # A folder named like a file is walked into, not read. Anything else that is not a
    # regular file (a FIFO, a device, a dangling link) stays in the list, so that reading
    # it refuses it in one sentence rather than the catalogue silently missing entries.
    return sorted(
        p for p in folder.rglob("*.yaml") if p.name != MANIFEST and not p.name.endswith(".bak") and not p.is_dir()
    )


def _read_layer(name: str, root: Path, files: list[Path], digest: hashlib._Hash) -> list[tuple[str, str]]:
    """Each file of a catalogue folder with its label and text, added to `digest`."""
    read: list[tuple[str, str]] = []
    for path in files:
        relative = path.relative_to(root).as_posix()
        label = f"{root.name}/{relative}" if name == BUNDLED else str(path)
        text = read_text(path, MAX_CATALOGUE_BYTES)
        digest.update(f"{name}/{relative}\0{text}".encode())
        read.append((label, text))
    return read


# The text of every file of a catalogue, by layer; the manifest's path and text; the hash
# of all the files.
ReadFolders = tuple[list[tuple[str, list[tuple[str, str]]]], Path, str | None, str]


def _read_folders(user_dir: Path | None, data_dir: Path) -> ReadFolders:
    digest = hashlib.sha256()
    folders = [(BUNDLED, _read_layer(BUNDLED, data_dir, bundled_files(data_dir), digest))]
    if user_dir is not None:
        folders.append((USER, _read_layer(USER, user_dir, user_files(user_dir), digest)))
    manifest = data_dir / MANIFEST
    manifest_text = read_text(manifest) if manifest.exists() else None
    return folders, manifest, manifest_text, digest.hexdigest()


def load_catalogue(user_dir: Path | None = None, data_dir: Path = DATA_DIR) -> tuple[Catalogue, list[Issue]]:
    """The bundled catalogue with `user_dir` layered over it, and the duplicate-id issues
    found while merging. The revision is a hash of every file read, so a list can tell
    whether the catalogue changed since it was saved. A catalogue assembled before from the
    very same files comes from the cache (builder/io/cache.py)."""
    read = _read_folders(user_dir, data_dir)
    key = cache.key_for(f"assembled\0{read[3]}\0{read[2]}")
    cached = _from_cache(key, user_dir, data_dir)
    if cached is not None:
        return cached
    catalogue, issues = _assembled(read)
    later = {section: cache.pickled(catalogue.entries[section]) for section in LATER}
    ready = {section: entries for section, entries in catalogue.entries.items() if section not in LATER}
    if all(body is not None for body in later.values()):
        cache.write_object(key, (replace(catalogue, entries=ready), issues, later))
    return catalogue, issues


def _assembled(read: ReadFolders) -> tuple[Catalogue, list[Issue]]:
    # Only a catalogue not read before needs the files' models (and validators).
    from builder.io.catalogue_yaml import assembled

    folders, manifest, manifest_text, digest = read
    return assembled(folders, digest[:12], manifest, manifest_text)


# The cache holds the catalogue with its LATER sections each pickled apart (index.py), so
# that starting hon unpickles them, and imports their models, only when they are shown.


def _from_cache(key: str, user_dir: Path | None, data_dir: Path) -> tuple[Catalogue, list[Issue]] | None:
    stored = cache.read_object(key)
    if not _is_stored_catalogue(stored):
        return None
    ready, issues, later = cast(tuple[Catalogue, list[Issue], dict[str, bytes]], stored)
    readers = {section: _reader(section, body, user_dir, data_dir) for section, body in later.items()}
    return replace(ready, entries=Sections(ready.entries, readers)), issues


def _reader(section: str, body: bytes, user_dir: Path | None, data_dir: Path) -> Callable[[], dict[str, Entry]]:
    def read() -> dict[str, Entry]:
        found = cache.unpickled(body)
        model = KIND_BY_SECTION[section].model
        if isinstance(found, dict) and all(isinstance(e, model) and e.id == i for i, e in found.items()):
            return found
        # Only a planted file (its checksum right) holds anything else: read the files.
        return _assembled(_read_folders(user_dir, data_dir))[0].entries[section]

    return read


def _is_stored_catalogue(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 3
        and isinstance(value[0], Catalogue)
        and type(value[0].entries) is dict
        and set(value[0].entries) == {kind.section for kind in KINDS} - set(LATER)
        and isinstance(value[1], list)
        and all(isinstance(issue, Issue) for issue in value[1])
        and isinstance(value[2], dict)
        and set(value[2]) == set(LATER)
        and all(isinstance(body, bytes) for body in value[2].values())
    )
