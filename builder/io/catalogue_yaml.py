"""Catalogue files read from their YAML: validated (or from the cache of files read
before), layered into a catalogue, and written back. A catalogue whose files were all read
before comes whole from the cache (`catalogue_files.load_catalogue`) without this module."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from builder.heroes.catalogue.base import Entry, Game
from builder.heroes.catalogue.document import CATALOGUE_FORMAT, CATALOGUE_VERSION, CatalogueFile, Manifest
from builder.heroes.catalogue.index import Catalogue
from builder.heroes.catalogue.layers import Layer, assemble
from builder.io import cache
from builder.io.catalogue_files import MAX_CATALOGUE_BYTES
from builder.io.dump import to_yaml
from builder.io.migrate import checked_data
from builder.io.save import atomic_write
from builder.io.yamlio import Document, parse, read_text, to_model
from builder.kernel.diagnostics import Issue


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


def assembled(
    folders: list[tuple[str, list[tuple[str, str]]]], revision: str, manifest: Path, manifest_text: str | None
) -> tuple[Catalogue, list[Issue]]:
    """The catalogue of the layers in `folders` (each a name and its files' labels and
    texts, in order), dated by the manifest."""
    layers = [Layer(name, [(label, _catalogue_file(text, label)) for label, text in read]) for name, read in folders]
    return assemble(layers, revision=revision, date=_manifest_date(manifest, manifest_text))


def _manifest_date(path: Path, text: str | None) -> str:
    if text is None:
        return ""
    manifest: Manifest = to_model(parse(text, path), Manifest)
    return manifest.date


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
