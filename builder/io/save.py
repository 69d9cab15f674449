"""Atomic saving (DESIGN.md 6): write a temporary file in the same folder, flush, fsync,
rename over the target, keeping the previous version as `.bak`. A file changed on disk
since it was read is detected before it is overwritten.

What a save guarantees, whenever it is interrupted (even by SIGKILL):

* the target is always one complete version: the new one only appears by a rename;
* the `.bak` is always one complete version too: it is staged beside it (a hard link to the
  file being replaced, or a synced copy where links are not allowed) and renamed into place,
  so it is never half copied, and a `.bak` that is a symbolic link is replaced, not followed;
* temporary files a killed save left behind (`.NAME.XXXXXXXX.tmp`, `.NAME.bak.XXXXXXXX.tmp`)
  are removed by the next save of that file;
* a read-only file, a symbolic link (when the caller forbids them) and anything that is not
  a regular file (a FIFO, a device, a folder) are refused, never replaced."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import secrets
import shutil
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from builder.io.errors import ChangedOnDisk, HonFileError

if sys.platform != "win32":  # POSIX: the lock that tells a stale temporary file from one being written now
    import fcntl


class RefusedWrite(HonFileError, PermissionError):
    """hon will not replace this file (a link it must not follow, a FIFO, a device...).

    A HonFileError, so that the command line prints its one sentence and exits 2, and a
    PermissionError, so that code which already reports a failed write (an OSError) reports
    this one too instead of crashing."""

    def __init__(self, path: str | Path, reason: str):
        super().__init__(path, reason)
        # OSError's own fields, as its handlers read them ("could not save: {strerror}").
        self.errno, self.strerror, self.filename = errno.EPERM, reason.rstrip("."), None

    def __str__(self) -> str:
        return self.sentence()


class ReadOnlyFile(RefusedWrite):
    """The file is read-only: a player who protected it did not mean it to be replaced."""

    def __init__(self, path: str | Path):
        super().__init__(path, "the file is read-only; not overwriting it.")
        self.errno = errno.EACCES


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


def same_file(one: Path, other: Path | None) -> bool:
    """Whether two spellings name the same file (`a/../army.yaml`, a relative path, a
    symlinked folder, a hard link): by device and inode when both exist, else by their
    resolved paths."""
    if other is None:
        return False
    try:
        first, second = os.stat(one), os.stat(other)
    except OSError:
        return os.path.realpath(one) == os.path.realpath(other)
    return (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def atomic_write(
    path: Path,
    data: bytes,
    expected: Fingerprint | None = None,
    backup: bool = True,
    *,
    follow_links: bool = True,
    overwrite_read_only: bool = False,
) -> Fingerprint:
    """Replace `path` with `data` in one step; return the new fingerprint.

    With `expected`, refuse (ChangedOnDisk) when the file no longer matches it. A read-only
    file is refused (ReadOnlyFile) unless `overwrite_read_only`; it stays read-only. With
    `follow_links` false, a symbolic link at `path` is refused (RefusedWrite) rather than
    followed; anything at `path` that is not a regular file is always refused."""
    # A document's own link is the player's (a list kept in a synced folder): saving writes
    # the file it points to, as reading it did. Without follow_links only the folder is.
    path = path.resolve() if follow_links else path.parent.resolve() / path.name
    # Before the fingerprint, which reads the file: reading a FIFO would block for ever.
    existing = _inspect(path, follow_links, overwrite_read_only)
    if expected is not None and Fingerprint.of(path) != expected:
        raise ChangedOnDisk(path)
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    with _saving(folder, path.name):
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
        staged: str | None = None
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            if existing is not None:
                os.chmod(temporary, stat.S_IMODE(existing.st_mode))
                if backup:
                    staged = _stage_backup(path)
                    # Replaces a .bak that is a link (even a planted one), never its target.
                    os.replace(staged, path.with_name(path.name + ".bak"))
                    # When the .bak already was this very file (a save killed after making
                    # it), rename does nothing and leaves the staged name: remove it.
                    Path(staged).unlink(missing_ok=True)
                    staged = None
            else:
                # mkstemp makes owner-only files; a new file gets the usual permissions.
                umask = os.umask(0)
                os.umask(umask)
                os.chmod(temporary, 0o666 & ~umask)
            os.replace(temporary, path)
        except BaseException:
            for leftover in (temporary, staged):
                if leftover is not None:
                    Path(leftover).unlink(missing_ok=True)
            raise
        _fsync_folder(folder)
    return Fingerprint(hashlib.sha256(data).hexdigest())


def _inspect(path: Path, follow_links: bool, overwrite_read_only: bool) -> os.stat_result | None:
    """What is at `path` now (None: nothing), refusing what a save must not replace."""
    try:
        found = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISLNK(found.st_mode):
        if follow_links:  # a link that leads nowhere after resolving: its target is created
            return None
        # Refused rather than replaced: whoever made the link meant the file it points to,
        # and following it would let a link planted beside our files overwrite a file
        # anywhere we may write (as root, anything at all).
        raise RefusedWrite(path, "this is a symbolic link; hon does not write through it.")
    if not stat.S_ISREG(found.st_mode):
        raise RefusedWrite(path, f"this is {_kind(found.st_mode)}, not a regular file; hon does not replace it.")
    if not overwrite_read_only and _read_only(path, found):
        raise ReadOnlyFile(path)
    return found


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "a socket" if stat.S_ISSOCK(mode) else "a special file"


def _read_only(path: Path, found: os.stat_result) -> bool:
    """Whether the file's own permissions forbid writing it. The mode bits are read, not
    os.access: root may write anything, but a file made read-only is read-only for root too."""
    mode = found.st_mode
    user = os.geteuid() if hasattr(os, "geteuid") else -1
    if found.st_uid == user:
        return not mode & stat.S_IWUSR
    if user == 0:
        return not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH)
    return not os.access(path, os.W_OK)  # group and other bits, and access lists


def _temporary_names(name: str) -> re.Pattern[str]:
    """Our temporary files for `name`: `.NAME.` then 8 letters, digits or underscores
    (mkstemp's and ours), with `bak.` before them for a staged backup, then `.tmp`."""
    return re.compile(rf"^\.{re.escape(name)}\.(?:bak\.)?[A-Za-z0-9_]{{8}}\.tmp$")


@contextmanager
def _saving(folder: Path, name: str) -> Iterator[None]:
    """Hold a shared lock on `folder` while saving in it; first, when no other hon process
    is saving there, remove the temporary files earlier saves of `name` left behind.

    Every save holds the lock while its temporary files exist, so a temporary file found
    while holding it exclusively belongs to a save that was killed: no clock is needed
    to tell it from one being written. The lock dies with its process, even on SIGKILL."""
    if sys.platform == "win32":  # pragma: no cover - no flock: a temporary file may be in use
        yield
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            pass  # another save is under way: its files may be ours to clean next time
        else:
            _remove_stale(folder, name)
        # Turns the exclusive lock into a shared one, or waits for a cleaner to finish; we
        # have no temporary file yet, so the moment between the two is harmless. Without
        # locks (some filesystems) the save is atomic all the same.
        with suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_SH)
        yield
    finally:
        os.close(fd)


def _remove_stale(folder: Path, name: str) -> None:
    ours = _temporary_names(name)
    try:
        entries = os.listdir(folder)
    except OSError:
        return
    for entry in entries:
        if ours.match(entry):
            with suppress(OSError):  # a folder of that name, or gone already
                os.unlink(folder / entry)


def _stage_backup(path: Path) -> str:
    """A complete copy of `path` under a temporary name beside it, ready to be renamed onto
    the `.bak`: a hard link (the very file being replaced, no copying) where the filesystem
    allows one, else a copy synced to disk."""
    for _ in range(100):
        staged = path.with_name(f".{path.name}.bak.{secrets.token_hex(4)}.tmp")
        try:
            os.link(path, staged, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError:
            break  # no hard links here (FAT, some network shares, protected_hardlinks)
        return str(staged)
    fd, copy = tempfile.mkstemp(prefix=f".{path.name}.bak.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as handle, path.open("rb") as source:
            shutil.copyfileobj(source, handle)
            handle.flush()
            os.fsync(handle.fileno())
        shutil.copystat(path, copy)
    except BaseException:
        Path(copy).unlink(missing_ok=True)
        raise
    return copy


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
