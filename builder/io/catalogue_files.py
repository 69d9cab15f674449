"""Loading catalogue folders: the bundled one, and a user folder layered over it."""

from __future__ import annotations

import hashlib
from pathlib import Path

from builder.heroes.catalogue.index import BUNDLED, USER, Catalogue
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


def load_catalogue(user_dir: Path | None = None, data_dir: Path = DATA_DIR) -> tuple[Catalogue, list[Issue]]:
    """The bundled catalogue with `user_dir` layered over it, and the duplicate-id issues
    found while merging. The revision is a hash of every file read, so a list can tell
    whether the catalogue changed since it was saved. A catalogue assembled before from the
    very same files comes from the cache (builder/io/cache.py)."""
    digest = hashlib.sha256()
    folders = [(BUNDLED, _read_layer(BUNDLED, data_dir, bundled_files(data_dir), digest))]
    if user_dir is not None:
        folders.append((USER, _read_layer(USER, user_dir, user_files(user_dir), digest)))
    manifest = data_dir / MANIFEST
    manifest_text = read_text(manifest) if manifest.exists() else None
    key = cache.key_for(f"assembled\0{digest.hexdigest()}\0{manifest_text}")
    cached = cache.read_object(key)
    if _is_loaded_catalogue(cached):
        return cached  # type: ignore[return-value]
    # Only a catalogue not read before needs the files' models (and validators).
    from builder.io.catalogue_yaml import assembled

    loaded = assembled(folders, digest.hexdigest()[:12], manifest, manifest_text)
    cache.write_object(key, loaded)
    return loaded


def _is_loaded_catalogue(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and isinstance(value[0], Catalogue)
        and isinstance(value[1], list)
        and all(isinstance(issue, Issue) for issue in value[1])
    )
