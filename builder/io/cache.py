"""A cache of validated files (the catalogue's, army lists), so that starting hon doesn't
parse every YAML file again. An entry is found by a hash of the file's text and of the
code that reads it: a changed file or a changed model misses.

Only files that validated are cached; a bad file is always read, and reported, afresh.
Set HON_CACHE to another folder, or to "off"."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import importlib
import importlib.util
import io
import marshal
import os
import pickle
import re
import sys
import tempfile
from collections.abc import Callable
from enum import Enum
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar, get_args

from pydantic import VERSION as PYDANTIC_VERSION
from pydantic import BaseModel

import builder
import builder.heroes.catalogue
from builder.io import plain_models
from builder.io.yamlio import MAX_DEPTH, MIN_VALUE_BUDGET, VALUES_PER_BYTE

OFF = "off"
MAX_ENTRY_BYTES = 64 * 1024 * 1024  # far above any catalogue or army entry (400 KB today)
KEPT_ENTRIES = 512  # entries kept in the folder, the most recently written


def cache_dir() -> Path | None:
    setting = os.environ.get("HON_CACHE")
    if setting == OFF:
        return None
    if setting:
        return Path(setting).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "hon" / "catalogue"


@lru_cache(maxsize=1)
def _model_fingerprint() -> str:
    """What the cached data depends on besides the file: hon's version and the model code
    (the catalogue's, and the diagnostics that an assembled catalogue carries)."""
    digest = hashlib.sha256(builder.__version__.encode())
    models = sorted(Path(builder.heroes.catalogue.__file__).parent.glob("*.py"))
    for source in [*models, Path(builder.__file__).parent / "kernel" / "diagnostics.py"]:
        stat = source.stat()
        digest.update(f"{source.name}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()


def key_for(text: str) -> str:
    return hashlib.sha256(f"{_model_fingerprint()}\0{text}".encode()).hexdigest()


def read(key: str) -> str | None:
    folder = cache_dir()
    if folder is None:
        return None
    try:
        return (folder / f"{key}.json").read_text(encoding="utf-8")
    except OSError:
        return None


def write(key: str, data: str) -> None:
    """Store quietly: a cache that can't be written is only slower, never wrong."""
    folder = cache_dir()
    if folder is None:
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        temporary = folder / f".{key}.{os.getpid()}.tmp"
        temporary.write_text(data, encoding="utf-8")
        os.replace(temporary, folder / f"{key}.json")
    except OSError:
        return


# --- the assembled catalogue ------------------------------------------------------------
# Starting hon on a catalogue read before unpickles the assembled catalogue instead of
# validating every entry again, so that the catalogue models' validators need not even be
# built (they are deferred: see `defer_build` in builder/heroes/catalogue). The file is
# hon's own, but it is not trusted: a checksum catches a damaged or truncated file, and
# only hon's catalogue classes may be named in it, so a planted file cannot call anything.
# Whatever goes wrong reading it, the catalogue is read from its YAML files instead.

PICKLE_MAGIC = b"hon-catalogue-pickle 1\n"


# The only modules whose classes a stored catalogue names. A module is imported before its
# class can be looked at, and importing some of hon's modules runs code (`builder.cli.__main__`
# runs the command line): only these are ever imported for a pickle.
_CATALOGUE_MODULES = r"builder\.heroes\.catalogue\.[a-z_]+|builder\.kernel\.diagnostics"


class _CatalogueUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        if not re.fullmatch(_CATALOGUE_MODULES, module) or not name.isidentifier() or name.startswith("_"):
            raise pickle.UnpicklingError(f"{module}.{name} is not a catalogue class")
        found = getattr(importlib.import_module(module), name, None)
        if not (isinstance(found, type) and (issubclass(found, BaseModel | Enum) or dataclasses.is_dataclass(found))):
            raise pickle.UnpicklingError(f"{module}.{name} is not a catalogue class")
        return found


def _pickle_path(key: str) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / f"{key}.catalogue.pickle"


def read_object(key: str) -> object | None:
    """What `write_object` stored under `key`, or None if it is missing, damaged or foreign."""
    path = _pickle_path(key)
    if path is None:
        return None
    body = _read_checked(path, PICKLE_MAGIC)
    return None if body is None else unpickled(body)


def write_object(key: str, value: object) -> None:
    """Store `value` under `key` atomically (a reader sees the old file or the whole new
    one), quietly: a cache that can't be written is only slower, never wrong."""
    path = _pickle_path(key)
    body = None if path is None else pickled(value)
    if path is not None and body is not None:
        _write_checked(path, PICKLE_MAGIC, body)


def pickled(value: object) -> bytes | None:
    """`value` pickled, or None when it can't be."""
    try:
        return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return None


def unpickled(body: bytes) -> object | None:
    """What `pickled` gave `body` from, when it names only hon's catalogue classes; None
    when it names anything else or is no pickle at all."""
    try:
        loaded: object = _CatalogueUnpickler(io.BytesIO(body)).load()
        return loaded
    except Exception:  # any failure means: read the catalogue afresh
        return None


def _read_checked(path: Path, magic: bytes) -> bytes | None:
    """The body of a file `_write_checked` wrote, or None if it is missing, damaged, or too
    large to be one (read only after its size is known: a planted file costs no memory)."""
    try:
        with path.open("rb") as stream:
            if os.fstat(stream.fileno()).st_size > MAX_ENTRY_BYTES:
                return None
            data = stream.read(MAX_ENTRY_BYTES + 1)
    except OSError:
        return None
    body = data[len(magic) + 32 :]
    if not data.startswith(magic) or data[len(magic) : len(magic) + 32] != hashlib.sha256(body).digest():
        return None
    return body


def _write_checked(path: Path, magic: bytes, body: bytes) -> None:
    """Store `body` after `magic` and its checksum, atomically (a reader sees the old file
    or the whole new one), quietly: a cache that can't be written is only slower. The
    temporary file is made by `mkstemp` (a name no one can plant a link at beforehand)."""
    if len(body) + len(magic) + 32 > MAX_ENTRY_BYTES:
        return
    temporary: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
        with os.fdopen(handle, "wb") as stream:
            stream.write(magic + hashlib.sha256(body).digest() + body)
        os.replace(temporary, path)
        temporary = None
        _prune(path.parent)
    except OSError:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _prune(folder: Path) -> None:
    """Keep the folder to its KEPT_ENTRIES most recently written entries: each change of a
    file or of hon's code makes new keys, and the old entries are never asked for again."""
    entries = [entry for entry in os.scandir(folder) if entry.is_file() and not entry.name.startswith(".")]
    if len(entries) <= KEPT_ENTRIES:
        return
    entries.sort(key=lambda entry: entry.stat().st_mtime_ns)
    for entry in entries[: len(entries) - KEPT_ENTRIES]:
        with contextlib.suppress(OSError):
            os.unlink(entry.path)


# --- validated files --------------------------------------------------------------------
# A file validated before (an army list: the bundled example at every start) comes back as
# the model it gave, rebuilt from plain data stored with marshal (builder/io/plain_models.py)
# without validating it again: starting hon on it imports no PyYAML and builds no validator.
# The key is the text with the code that reads it (hon's io package, the model's modules,
# PyYAML's install and pydantic's version). An entry is written only when the model rebuilt
# from it equals the validated one; it is checksummed, and must hold only plain data, as
# deep and as many values as a parse allows: anything else means the file is read afresh.

VALIDATED_MAGIC = b"hon-validated 1\n"
_PLAIN = (str, int, float, bool, type(None))
M = TypeVar("M", bound=BaseModel)


def validated(text: str, model: type[M], read: Callable[[], M]) -> M:
    """`read()`, the `model` validated from `text`; or, when this very text was validated
    before, the same model from the cache."""
    folder = cache_dir()
    if folder is None:
        return read()
    key = hashlib.sha256(f"{_reader_fingerprint(model)}\0{text}".encode()).hexdigest()
    path = folder / f"{key}.validated"
    body = _read_checked(path, VALIDATED_MAGIC)
    if body is not None:
        try:
            data = marshal.loads(body)
            if _is_plain(data, _budget(text)):
                return plain_models.from_plain(model, data)
        except (ValueError, EOFError, TypeError):  # damaged or foreign: read the file again
            pass
    result = read()
    try:
        data = plain_models.to_plain(result)
        rebuilt = plain_models.from_plain(model, data)
    except plain_models.Unsupported:
        return result
    if rebuilt == result and repr(rebuilt) == repr(result) and _is_plain(data, _budget(text)):
        _write_checked(path, VALIDATED_MAGIC, marshal.dumps(data))
    return result


@lru_cache(maxsize=8)
def _reader_fingerprint(model: type[BaseModel]) -> str:
    digest = hashlib.sha256(
        f"{builder.__version__}\0{PYDANTIC_VERSION}\0{model.__module__}.{model.__qualname__}".encode()
    )
    sources = sorted(Path(__file__).parent.glob("*.py"))
    sources += sorted({Path(file) for file in _model_files(model)})
    pyyaml = importlib.util.find_spec("yaml")
    if pyyaml is not None and pyyaml.origin is not None:
        sources.append(Path(pyyaml.origin))
    for source in sources:
        stat = source.stat()
        digest.update(f"{source}:{stat.st_size}:{stat.st_mtime_ns}".encode())
    return digest.hexdigest()


def _model_files(annotation: Any, seen: set[Any] | None = None) -> list[str]:
    """The source files of the models and enums `annotation` is made of."""
    seen = set() if seen is None else seen
    if annotation in seen:
        return []
    seen.add(annotation)
    files: list[str] = []
    if isinstance(annotation, type) and issubclass(annotation, BaseModel | Enum):
        module_file = getattr(sys.modules.get(annotation.__module__), "__file__", None)
        if module_file is not None:
            files.append(module_file)
        if issubclass(annotation, BaseModel):
            for field in annotation.model_fields.values():
                files += _model_files(field.annotation, seen)
    for arg in get_args(annotation):
        if not isinstance(arg, str | int | float | bool) and arg is not None:
            files += _model_files(arg, seen)
    return files


def _budget(text: str) -> int:
    """As many values as a parse of `text` may give (see yamlio's alias check), twice over
    for the names of the fields set that a model's data adds."""
    return 2 * max(MIN_VALUE_BUDGET, VALUES_PER_BYTE * len(text))


def _is_plain(value: object, budget: int) -> bool:
    """Whether `value` is data a YAML parse of hon's gives: plain values, and lists and
    mappings keyed by plain values, nested at most MAX_DEPTH deep, in at most `budget`
    values (so that a cycle, which no accepted parse holds, is refused too)."""
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        budget -= 1
        if budget < 0:
            return False
        if type(item) is dict:
            if depth >= MAX_DEPTH or not all(type(key) in _PLAIN for key in item):
                return False
            stack.extend((child, depth + 1) for child in item.values())
        elif type(item) is list:
            if depth >= MAX_DEPTH:
                return False
            stack.extend((child, depth + 1) for child in item)
        elif type(item) not in _PLAIN:
            return False
    return True
