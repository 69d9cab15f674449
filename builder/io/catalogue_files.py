"""Loading catalogue folders: the bundled one, and a user folder layered over it."""

from __future__ import annotations

import hashlib
from pathlib import Path

from pydantic import ValidationError

from builder.heroes.catalogue.base import Entry, Game
from builder.heroes.catalogue.document import CATALOGUE_FORMAT, CATALOGUE_VERSION, CatalogueFile, Manifest
from builder.heroes.catalogue.index import BUNDLED, USER, Catalogue, Layer, assemble
from builder.io import cache
from builder.io.dump import to_yaml
from builder.io.errors import HonFileError
from builder.io.migrate import checked_data
from builder.io.paths import CATALOGUE_FOLDERS, DATA_DIR
from builder.io.save import atomic_write
from builder.io.yamlio import Document, parse, read_text, to_model
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


def read_catalogue_file(path: Path, label: str) -> tuple[CatalogueFile, str]:
    """One catalogue file, named `label` in messages, with its text. A file read before
    comes from the cache (builder/io/cache.py) without parsing its YAML again."""
    text = read_text(path, MAX_CATALOGUE_BYTES)
    return _catalogue_file(text, label), text


def _catalogue_file(text: str, label: str) -> CatalogueFile:
    """A catalogue file's text validated, from the cache of files when it was read before."""
    key = cache.key_for(text)
    cached = cache.read(key)
    if cached is not None:
        try:
            return CatalogueFile.model_validate_json(cached)
        except ValidationError:
            pass  # written by another version of the model: read the file again
    document = parse_catalogue(parse(text, label))
    cache.write(key, document.model_dump_json())
    return document


def parse_catalogue(document: Document) -> CatalogueFile:
    checked_data(document, CATALOGUE_FORMAT, CATALOGUE_VERSION, "catalogue")
    result: CatalogueFile = to_model(document, CatalogueFile)
    return result


def _read_layer(name: str, root: Path, files: list[Path], digest: hashlib._Hash) -> list[tuple[Path, str, str]]:
    """Each file of a catalogue folder with its label and text, added to `digest`."""
    read: list[tuple[Path, str, str]] = []
    for path in files:
        relative = path.relative_to(root).as_posix()
        label = f"{root.name}/{relative}" if name == BUNDLED else str(path)
        text = read_text(path, MAX_CATALOGUE_BYTES)
        digest.update(f"{name}/{relative}\0{text}".encode())
        read.append((path, label, text))
    return read


def _manifest_date(path: Path, text: str | None) -> str:
    if text is None:
        return ""
    manifest: Manifest = to_model(parse(text, path), Manifest)
    return manifest.date


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
    revision = digest.hexdigest()[:12]
    key = cache.key_for(f"assembled\0{digest.hexdigest()}\0{manifest_text}")
    cached = cache.read_object(key)
    if _is_loaded_catalogue(cached):
        return cached  # type: ignore[return-value]
    layers = [Layer(name, [(label, _catalogue_file(text, label)) for _, label, text in read]) for name, read in folders]
    loaded = assemble(layers, revision=revision, date=_manifest_date(manifest, manifest_text))
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


def save_user_entry(folder: Path, section: str, entry: Entry, game: Game) -> Path:
    """Write an entry into the user catalogue folder (one file per game and kind),
    replacing an entry of the same id there. The bundled files are never touched."""
    path = folder / f"{game.value}-{section}.yaml"
    document = read_catalogue_file(path, str(path))[0] if path.exists() else CatalogueFile(game=game)
    entries: list[Entry] = list(getattr(document, section))
    stored = entry.model_copy(update={"game": None})
    for index, existing in enumerate(entries):
        if existing.id == entry.id:
            entries[index] = stored
            break
    else:
        entries.append(stored)
    document = document.model_copy(update={section: entries})
    atomic_write(path, to_yaml(document, "catalogue.schema.json", path).encode("utf-8"))
    return path
