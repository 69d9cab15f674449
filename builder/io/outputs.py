"""Where a command writes (DESIGN.md 5: an output is never one of the inputs and never
replaces a file of another format). Every command and the app resolve, check and write
their files here, so the rules hold everywhere at once:

* `-o` names a file, or a folder to write the command's own file name into: a folder when
  it exists as one, ends with a slash, or is a new name without an extension (created);
  `-o -` is standard output where the command allows it;
* the target is never one of the command's inputs, compared by device and inode (so a
  relative path, a `..`, a hard link or a link to an input are all caught);
* an existing file holding another format (its `format:` tag for YAML, else its extension;
  an extensionless file is of no known format) is replaced only when the player says so
  (`--force`); an empty file holds nothing to lose;
* the file is written atomically (builder.io.save): a printout never through a link and
  without a `.bak`, a YAML document as a save is, keeping the previous version as `.bak`."""

from __future__ import annotations

import os
import re
import stat
import sys
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from builder.io.save import Fingerprint, RefusedWrite, atomic_write, same_file

DEFAULT_FOLDER = "exports"
SLUG_LIMIT = 60
# `-o -` is standard output, as everywhere. `-o /dev/stdout` says the same and is taken at
# its word: the name is a link (to /proc/self/fd/1), and exports never write through links.
STDOUT = ("-", "/dev/stdout")
YAML = (".yaml", ".yml")
# Enough of a file to find its `format:` line, which every file hon writes has near the top.
HEAD_BYTES = 64 * 1024
# Names Windows refuses for a file whatever its extension.
_RESERVED = {"con", "prn", "aux", "nul"} | {f"{p}{n}" for p in ("com", "lpt") for n in range(1, 10)}


def exports_folder() -> Path:
    """Where printouts go unless told otherwise: `exports/` under the current folder."""
    return Path.cwd() / DEFAULT_FOLDER


def slug(name: str, limit: int = SLUG_LIMIT) -> str:
    """A file name stem from a name: ASCII letters, digits and dashes only, so no dot,
    slash or backslash can lead out of the output folder; "army" when nothing is left."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    stem = re.sub(r"[^A-Za-z0-9]+", "-", ascii_name).strip("-").lower()
    stem = stem[:limit].rstrip("-")
    if not stem:
        return "army"
    return f"army-{stem}" if stem in _RESERVED else stem


def to_stdout(output: str | Path | None) -> bool:
    """Whether `-o output` asks for standard output rather than a file."""
    return output is not None and str(output) in STDOUT


def resolve(output: str | Path | None, name: str, default: Path | None) -> Path | None:
    """The file `-o output` names (None: standard output): `default` without one; `name`
    inside it when it is a folder, ends with a slash, or is a new name with no extension."""
    if output is None:
        return default
    if to_stdout(output):
        return None
    text = str(output)
    path = Path(text)
    if text.endswith(("/", os.sep)) or path.is_dir() or (not path.suffix and not os.path.lexists(path)):
        return path / name
    return path


@dataclass(frozen=True)
class Kind:
    """What a file holds: a YAML document's `format:` tag (`hon-campaign`), or for any
    other file its extension (`html`). Two files of one kind are of the same format."""

    name: str
    document: bool  # a YAML document: replaced as a save is, keeping a .bak

    @classmethod
    def tagged(cls, tag: str) -> Kind:
        return cls(tag, True)

    @classmethod
    def extension(cls, extension: str) -> Kind:
        return cls(extension.lstrip(".").lower(), False)

    def said(self) -> str:
        if self.document:
            return f"a {self.name} file"
        return f"a .{self.name} file" if self.name else "a file with no extension"


def kind_of(path: Path) -> Kind | None:
    """What the regular file at `path` holds; None when it is empty (nothing to lose). A
    file hon may not read is taken for what its extension says."""
    try:
        with path.open("rb") as handle:
            head = handle.read(HEAD_BYTES)
    except OSError:
        head = b"?"
    if not head:
        return None
    if path.suffix.lower() in YAML:
        found = re.search(rb"^format:[ \t]*['\"]?([A-Za-z0-9_.-]+)", head, re.MULTILINE)
        return Kind.tagged(found.group(1).decode("ascii")) if found else Kind.extension("yaml")
    return Kind.extension(path.suffix)


class OutputProblem(StrEnum):
    INPUT = "input"  # the target is one of the files the command reads
    OTHER_FORMAT = "other-format"  # an existing file of another format, without --force
    NO_STDOUT = "no-stdout"  # `-o -` where the command writes only files


class OutputRefused(RefusedWrite):
    """hon will not write its output there: one sentence naming the file and the option
    (exit 2 on the command line); nothing is written."""

    def __init__(self, path: str | Path, problem: OutputProblem, reason: str):
        super().__init__(path, reason)
        self.problem = problem


class WriteFailed(RefusedWrite):
    """The system would not let the file be written (a full disk, no permission, a file
    where its folder should be): one sentence naming the file, exit 2."""

    def __init__(self, path: str | Path, problem: OSError):
        super().__init__(path, f"cannot write it ({problem.strerror or problem}).")
        self.errno = problem.errno


@dataclass(frozen=True)
class Output:
    """Where one command writes one file (None: standard output), checked before any work
    and again just before writing. `option` names it in a refusal (`-o`, `--save`, or in
    the app what the player chose); `force` lets it replace a file of another format (never
    an input)."""

    path: Path | None
    kind: Kind
    option: str = "-o"
    inputs: tuple[Path, ...] = ()
    force: bool = False
    chosen: bool = True  # the player named it; else it is the command's default

    @property
    def file(self) -> Path:
        """The file to write; a ValueError for standard output, which a command that writes
        only files never resolves to (`output(..., stdout=False)`)."""
        if self.path is None:
            raise ValueError("this output is standard output, not a file")
        return self.path

    def check(self) -> None:
        """Refuse (OutputRefused) a target that is an input or a file of another format."""
        path = self.path
        if path is None:
            return
        if any(same_file(path, source) for source in self.inputs):
            named = f"{self.option} names" if self.chosen else "the command writes by default to"
            reason = f"{named} one of the files being read, and an output never replaces an input; "
            raise OutputRefused(path, OutputProblem.INPUT, reason + f"give {self.option} another path.")
        if self.force or not _regular(path):
            return  # nothing there, or something a save refuses by itself (a FIFO, a folder)
        existing = kind_of(path)
        if existing is not None and existing != self.kind:
            writing = f"{self.option} would replace" if self.chosen else "the command would replace by default"
            reason = f"{writing} {existing.said()} with {self.kind.said()}; give {self.option} another path"
            # --force is said where it can be given: on the command line, whose options start with -.
            reason += ", or --force to replace it." if self.option.startswith("-") else "."
            raise OutputRefused(path, OutputProblem.OTHER_FORMAT, reason)

    def write(self, data: bytes, expected: Fingerprint | None = None) -> Path | None:
        """Write `data` there: the path written, or None when it went to standard output."""
        if self.path is None:
            try:
                _write_stdout(data)
            except OSError as problem:
                raise WriteFailed("standard output", problem) from None
            return None
        return self.save(data, expected)

    def save(self, data: bytes, expected: Fingerprint | None = None) -> Path:
        """Write `data` into the file atomically; the path written. With `expected`, a file
        changed on disk since it was read is not replaced (ChangedOnDisk)."""
        path = self.file
        self.check()
        try:
            if self.kind.document:
                atomic_write(path, data, expected)
            else:
                # A planted `exports/army.html -> ~/.bashrc` must not become a way to
                # overwrite the file it points to: a printout never writes through a link.
                atomic_write(path, data, expected, backup=False, follow_links=False)
        except RefusedWrite:
            raise
        except OSError as problem:
            raise WriteFailed(path, problem) from None
        return path.parent.resolve() / path.name


def output(
    given: str | Path | None,
    name: str,
    default: Path | None,
    kind: Kind,
    *,
    option: str = "-o",
    inputs: Iterable[Path] = (),
    force: bool = False,
    stdout: bool = True,
) -> Output:
    """The checked Output for `-o given` (see `resolve`); refused before any work is done
    when it cannot be written there."""
    path = resolve(given, name, default)
    if path is None and not stdout:
        reason = f"this command writes a file, not standard output; give {option} a file or a folder."
        raise OutputRefused(str(given), OutputProblem.NO_STDOUT, reason)
    made = Output(path, kind, option, tuple(inputs), force, chosen=given is not None)
    made.check()
    return made


def printout(
    given: str | Path | None,
    stem: str,
    extension: str,
    *,
    inputs: Iterable[Path] = (),
    force: bool = False,
    stdout: bool = True,
    option: str = "-o",
) -> Output:
    """The checked Output of a printout (a roster, a sheet, a report): `<slug of stem>.<ext>`
    in `exports/` by default, or where `-o given` says."""
    name = slug(stem) + extension
    kind = Kind.extension(extension)
    return output(given, name, exports_folder() / name, kind, option=option, inputs=inputs, force=force, stdout=stdout)


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


def _write_stdout(data: bytes) -> None:
    """The bytes on standard output as they are, so a PDF arrives intact."""
    sys.stdout.flush()
    stream = getattr(sys.stdout, "buffer", None)
    if stream is None:  # a text-only stream put in place of standard output
        sys.stdout.write(data.decode("utf-8", "replace"))
    else:
        stream.write(data)
        stream.flush()
