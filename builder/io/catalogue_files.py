"""Loading catalogue folders: the bundled one, and a user folder layered over it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple, cast

from builder.heroes.catalogue.base import Entry
from builder.heroes.catalogue.index import BUNDLED, LATER, USER, Catalogue, Origin, Sections
from builder.heroes.catalogue.kinds import KIND_BY_SECTION, KINDS
from builder.io import cache
from builder.io.errors import HonFileError
from builder.io.paths import CATALOGUE_FOLDERS, DATA_DIR, MEMOIR_DIR, TCG_DATA
from builder.io.yamlio import read_text
from builder.kernel.diagnostics import Issue

MANIFEST = "catalogue.yaml"
MAX_CATALOGUE_BYTES = 4 * 1024 * 1024


def bundled_files(data_dir: Path = DATA_DIR) -> list[Path]:
    files: list[Path] = []
    for folder in CATALOGUE_FOLDERS:
        files.extend(sorted((data_dir / folder).rglob("*.yaml")))
    return files


def catalogue_inputs(user_dir: Path | None, data_dir: Path = DATA_DIR) -> list[Path]:
    """Every file a catalogue is read from, which no command may write over: the bundled
    catalogue and its manifest, the Tactical Card Game's cards, the hex game's catalogue,
    and the player's own folder."""
    found = [*bundled_files(data_dir), data_dir / MANIFEST]
    for folder in (TCG_DATA, MEMOIR_DIR):
        found += sorted(folder.rglob("*.yaml"))
    if user_dir is not None and user_dir.is_dir():
        found += user_files(user_dir)
    return found


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


class ReadFolders(NamedTuple):
    """What a catalogue is made from, as read: the text of every file, by layer; the
    manifest's path and text; the hash of all the files (the cache's key, the revision)."""

    folders: list[tuple[str, list[tuple[str, str]]]]
    manifest: Path
    manifest_text: str | None
    digest: str

    @property
    def key(self) -> str:
        return cache.key_for(f"assembled\0{self.digest}\0{self.manifest_text}")


def _read_folders(user_dir: Path | None, data_dir: Path) -> ReadFolders:
    digest = hashlib.sha256()
    folders = [(BUNDLED, _read_layer(BUNDLED, data_dir, bundled_files(data_dir), digest))]
    if user_dir is not None:
        folders.append((USER, _read_layer(USER, user_dir, user_files(user_dir), digest)))
    manifest = data_dir / MANIFEST
    manifest_text = read_text(manifest) if manifest.exists() else None
    return ReadFolders(folders, manifest, manifest_text, digest.hexdigest())


def load_catalogue(user_dir: Path | None = None, data_dir: Path = DATA_DIR) -> tuple[Catalogue, list[Issue]]:
    """The bundled catalogue with `user_dir` layered over it, and the duplicate-id issues
    found while merging. The revision is a hash of every file read, so a list can tell
    whether the catalogue changed since it was saved. A catalogue assembled before from the
    very same files comes from the cache (builder/io/cache.py)."""
    read = _read_folders(user_dir, data_dir)
    cached = _from_cache(read)
    return cached if cached is not None else _assembled_and_stored(read)


def _assembled_and_stored(read: ReadFolders) -> tuple[Catalogue, list[Issue]]:
    # Only a catalogue not read before needs the files' models (and validators).
    from builder.io.catalogue_yaml import assembled

    catalogue, issues = assembled(read.folders, read.digest[:12], read.manifest, read.manifest_text)
    later = {section: cache.pickled(catalogue.entries[section]) for section in LATER}
    ready = {section: entries for section, entries in catalogue.entries.items() if section not in LATER}
    if all(body is not None for body in later.values()):
        cache.write_object(read.key, (replace(catalogue, entries=ready), issues, later))
    return catalogue, issues


# The cache holds the catalogue with its LATER sections each pickled apart (index.py), so
# that starting hon unpickles them, and imports their models, only when they are shown.
# The file is checksummed, and its unpickler names only catalogue classes; what it holds is
# checked down to each entry's kind and id, the later sections when they are read.


def _from_cache(read: ReadFolders) -> tuple[Catalogue, list[Issue]] | None:
    stored = cache.read_object(read.key)
    if not _is_stored_catalogue(stored):
        return None
    ready, issues, later = cast(tuple[Catalogue, list[Issue], dict[str, bytes]], stored)
    readers = {section: _reader(section, body, read) for section, body in later.items()}
    return replace(ready, entries=Sections(ready.entries, readers)), issues


def _reader(section: str, body: bytes, read: ReadFolders) -> Callable[[], dict[str, Entry]]:
    def reader() -> dict[str, Entry]:
        found = cache.unpickled(body)
        if _is_section(section, found):
            return cast(dict[str, Entry], found)
        # Only a planted file (its checksum right) holds anything else: the catalogue is
        # made again from the files read at start-up, and stored in its place.
        return _assembled_and_stored(read)[0].entries[section]

    return reader


def _is_section(section: str, value: object) -> bool:
    """Whether `value` is a catalogue section: its kind's entries, each under its id."""
    model = KIND_BY_SECTION[section].model
    return isinstance(value, dict) and all(isinstance(entry, model) and entry.id == key for key, entry in value.items())


def _is_stored_catalogue(value: object) -> bool:
    if not (isinstance(value, tuple) and len(value) == 3):
        return False
    ready, issues, later = value
    return (
        isinstance(ready, Catalogue)
        and type(ready.entries) is dict
        and set(ready.entries) == {kind.section for kind in KINDS} - set(LATER)
        and all(_is_section(section, entries) for section, entries in ready.entries.items())
        and isinstance(ready.origins, dict)
        and all(isinstance(origin, Origin) for origin in ready.origins.values())
        and isinstance(issues, list)
        and all(isinstance(issue, Issue) for issue in issues)
        and isinstance(later, dict)
        and set(later) == set(LATER)
        and all(isinstance(body, bytes) for body in later.values())
    )
