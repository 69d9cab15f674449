"""Atomic saving (DESIGN.md 6): write a temporary file in the same folder, flush, fsync,
rename over the target, keeping the previous version as `.bak`. A file changed on disk
since it was read is detected before it is overwritten."""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from builder.io.errors import ChangedOnDisk


@dataclass(frozen=True)
class Fingerprint:
    """What a file looked like when it was read."""

    digest: str | None  # None: the file did not exist

    @classmethod
    def of(cls, path: Path) -> Fingerprint:
        try:
            return cls(hashlib.sha256(path.read_bytes()).hexdigest())
        except FileNotFoundError:
            return cls(None)


def atomic_write(path: Path, data: bytes, expected: Fingerprint | None = None, backup: bool = True) -> Fingerprint:
    """Replace `path` with `data` in one step; return the new fingerprint.

    With `expected`, refuse (ChangedOnDisk) when the file no longer matches it."""
    path = path.resolve()
    if expected is not None and Fingerprint.of(path) != expected:
        raise ChangedOnDisk(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if path.exists():
            shutil.copymode(path, temporary)
            if backup:
                shutil.copy2(path, path.with_name(path.name + ".bak"))
        else:
            # mkstemp makes owner-only files; a new file gets the usual permissions.
            umask = os.umask(0)
            os.umask(umask)
            os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)
    return Fingerprint(hashlib.sha256(data).hexdigest())


def _fsync_folder(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
