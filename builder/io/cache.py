"""A cache of validated catalogue files, so that starting hon doesn't parse every YAML file
again. An entry is the file's validated data as JSON, found by a hash of the file's text
and of the catalogue model's own source: a changed file or a changed model misses.

Only files that validated are cached; a bad file is always read, and reported, afresh.
Set HON_CACHE to another folder, or to "off"."""

from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

import builder
import builder.heroes.catalogue

OFF = "off"


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
    """What the cached data depends on besides the file: hon's version and the model code."""
    digest = hashlib.sha256(builder.__version__.encode())
    for source in sorted(Path(builder.heroes.catalogue.__file__).parent.glob("*.py")):
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
