"""Reading YAML safely, with the line of every problem.

Files are parsed with libyaml's C safe loader when it is there. Line numbers are found
lazily: only when something is wrong is the file composed again into nodes to find the
line of a path, so a good file costs one fast parse.

Hostile files get one clear sentence, in bounded time and memory, and never a traceback:
not a regular file (a FIFO, a device such as /dev/zero, a socket, a folder), too large
(checked while reading, not only from the size the file claims), not UTF-8, malformed,
nested deeper than libyaml survives (checked before it composes), alias bombs (a few
anchors expanding to millions of values), duplicate keys, numbers too long for Python to
convert, tags that would build Python objects or types hon files never hold. Every file
hon reads goes through `read_bytes`, and only a failing path pays for a second parse."""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from builder.io.errors import HonFileError

MAX_BYTES = 2 * 1024 * 1024
# Values a document may expand to, per byte of text: aliases let a tiny file expand
# exponentially; an honest file has far fewer values than bytes.
VALUES_PER_BYTE = 4
MIN_VALUE_BUDGET = 10_000
# How deep collections may nest. hon's own files nest at most 9 levels; libyaml's C
# composer recurses once per level and crashes the process (a segfault, not an exception)
# somewhere past ten thousand, and its scanner slows quadratically with flow depth.
MAX_DEPTH = 64
# The longest number (in characters) a file may hold.
MAX_NUMBER_CHARS = 100


@dataclass(frozen=True)
class Document:
    """A parsed YAML file: its data, and its text for finding lines later."""

    file: str
    text: str
    data: Any

    def line_of(self, path: Sequence[str | int]) -> int | None:
        return line_of(self.text, path)

    def error(self, message: str, path: Sequence[str | int] = (), field: str | None = None) -> HonFileError:
        return HonFileError(self.file, message, self.line_of(path) if path else None, field)


def read_text(path: Path, max_bytes: int = MAX_BYTES) -> str:
    """The file's text, refusing what is not a regular file, too large or not UTF-8."""
    return decode(read_bytes(path, max_bytes), path)


# What an open descriptor that is not a regular file is, for the sentence that refuses it.
_KINDS = (
    (stat.S_ISDIR, "this is a folder, not a YAML file."),
    (stat.S_ISFIFO, "this is a named pipe, not a regular file; hon reads only regular files."),
    (stat.S_ISSOCK, "this is a socket, not a regular file; hon reads only regular files."),
    (stat.S_ISCHR, "this is a device, not a regular file; hon reads only regular files."),
    (stat.S_ISBLK, "this is a device, not a regular file; hon reads only regular files."),
)
_NOT_REGULAR = "this is not a regular file; hon reads only regular files."
_CHUNK = 64 * 1024


def _not_regular(mode: int) -> str:
    return next((sentence for test, sentence in _KINDS if test(mode)), _NOT_REGULAR)


def _too_large(max_bytes: int, size: int | None = None) -> str:
    limit = f"hon reads files up to {max_bytes / 1_048_576:g} MB."
    if size is None:
        return f"the file is larger than {max_bytes / 1_048_576:g} MB; {limit}"
    return f"the file is {size / 1_048_576:.1f} MB; {limit}"


def read_bytes(path: Path, max_bytes: int = MAX_BYTES) -> bytes:
    """At most `max_bytes` of a regular file, or a HonFileError.

    Every file hon reads comes through here, so that a hostile path cannot hang it or eat
    its memory: the file is opened non-blocking (opening a FIFO with no writer would block
    forever), the *open descriptor* is checked to be a regular file (checking the path
    first would race with a swap; /dev/zero or a FIFO behind a symlink is refused, a
    symlink to a regular file is read), and the size limit is enforced while reading,
    because st_size lies for /proc files and for files that grow as they are read."""
    fd = _open(path)
    try:
        return _read_regular(fd, path, max_bytes)
    except BlockingIOError:
        raise HonFileError(path, _NOT_REGULAR) from None
    except IsADirectoryError:
        raise HonFileError(path, "this is a folder, not a YAML file.") from None
    except OSError as exc:
        raise HonFileError(path, f"cannot be read ({exc.strerror or exc}).") from None
    finally:
        os.close(fd)


def _open(path: Path) -> int:
    """The file opened for reading without blocking, or why it cannot be."""
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        return os.open(path, flags)
    except FileNotFoundError:
        raise HonFileError(path, "no such file.") from None
    except PermissionError:
        raise HonFileError(path, "permission denied.") from None
    except IsADirectoryError:
        raise HonFileError(path, "this is a folder, not a YAML file.") from None
    except ValueError:  # a NUL byte in the name; the OS cannot even be asked
        raise HonFileError(path, "the file name contains a NUL character.") from None
    except OSError as exc:
        if exc.errno == errno.ENXIO:  # opening a UNIX socket (or a device with no driver)
            raise HonFileError(path, _not_regular(_mode_of(path))) from None
        raise HonFileError(path, f"cannot be read ({exc.strerror or exc}).") from None


def _read_regular(fd: int, path: Path, max_bytes: int) -> bytes:
    """The open file's bytes if it is a regular file of at most `max_bytes`, counted as
    they are read."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        raise HonFileError(path, _not_regular(info.st_mode))
    if info.st_size > max_bytes:
        raise HonFileError(path, _too_large(max_bytes, info.st_size))
    chunks: list[bytes] = []
    total = 0
    while total <= max_bytes:
        chunk = os.read(fd, min(_CHUNK, max_bytes + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    if total > max_bytes:
        raise HonFileError(path, _too_large(max_bytes))
    return b"".join(chunks)


def _mode_of(path: Path) -> int:
    try:
        return os.stat(path).st_mode
    except (OSError, ValueError):
        return 0


def decode(raw: bytes, file: str | Path) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise HonFileError(
            file, f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} cannot be read).", line
        ) from None


def parse(text: str, file: str | Path, within: type[BaseModel] | None = None) -> Document:
    """Parse YAML text. Every failure is a HonFileError. With `within`, the model the data
    is for, a list or mapping holding more entries than the model allows is refused before
    the text is parsed, or even measured (`yaml_loader.overflow`, which stops at the limit)."""
    from builder.io import yaml_loader  # PyYAML loads on the first parse (see yaml_loader)

    found = yaml_loader.overflow(text, within, MAX_DEPTH) if within is not None else None
    if found is not None:
        path, line, limit = found
        raise HonFileError(file, too_many(limit) + ".", line, join_path(path) or None)
    depth = nesting_depth(text, MAX_DEPTH)
    if depth > MAX_DEPTH:
        raise HonFileError(file, f"the YAML is nested more than {MAX_DEPTH} levels deep; hon reads up to {MAX_DEPTH}.")
    data = yaml_loader.load(text, file)
    if "*" in text:
        _check_expansion(data, file, max(MIN_VALUE_BUDGET, VALUES_PER_BYTE * len(text)))
    return Document(str(file), text, data)


# Where a line starts for libyaml: after \n, \r, NEL, LINE SEPARATOR or PARAGRAPH SEPARATOR.
# What may stand before a block collection on its line: indentation, the indicators of
# compact nested collections ("- - x", "? x", ": x") and a byte order mark, which libyaml
# skips at the start of a line but counts as a column. Compiled when first used (re caches
# it), as every pattern here: a file read from the cache is never parsed.
_LINE_PREFIX = "(?:^|(?<=[\n\r\x85\u2028\u2029]))[ \t?:\ufeff-]+"


# The flow brackets, and what may hide a bracket inside a flow collection: quotes, comments,
# tags. Files with more brackets than SCAN_BRACKETS are not scanned (see `_flow_bound`).
_BRACKETS = "[][{}]"
_HIDERS = "['\"#!]"
SCAN_BRACKETS = 20_000


def nesting_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """A measure of how deeply the collections of `text` nest: never less than the true
    depth, and above `limit` exactly when the true depth is (malformed text counts only
    as far as libyaml can parse it, which is as far as the loader would get).

    This runs before the document is composed, because libyaml's composer recurses in C
    and a deep enough file kills the process. Two steps, both linear in the text:

    1. A bound read off the raw text at C speed: flow levels (`_flow_bound`) plus block
       levels. Every block collection starts either at the first character of a line or
       after the compact indicators ("- ", "? ", ": ") that follow the indentation, and each
       level sits further right than its parent, except a sequence under a mapping key,
       which may share its column (at most every other level): so block depth is at most
       twice the longest run of such leading characters, plus two. Flow collections nest
       inside block ones, never the other way round, so the two bounds add up. Every file
       hon ships stays under the bound, so for them this is the only step.
    2. Otherwise, libyaml's own event stream, which is not recursive: counting collection
       starts and ends, stopping as soon as the depth passes `limit` (so the scanner's
       work per token stays bounded by `limit`, not by the nesting of the whole file).
       Exact, so no quoting, comment or block-scalar subtlety can fool it."""
    longest = max((len(run) for run in re.findall(_LINE_PREFIX, text)), default=0)
    bound = _flow_bound(text) + 2 * longest + 2
    if bound <= limit:
        return bound
    from builder.io import yaml_loader

    return yaml_loader.event_depth(text, limit)


def _flow_bound(text: str) -> int:
    """At least as many levels as the flow collections of `text` nest.

    Every flow collection starts at a `[` or `{`, so there are no more levels than those
    characters; closer still is the deepest count of brackets opened and not yet closed,
    reading `[`/`{` as opening and `]`/`}` as closing. Outside flow collections a bracket may
    be mere text (in a plain, quoted or block scalar, a comment): an opener read there only
    raises the count, and a closer read at a count of 0 is ignored, so the count never falls
    below the true depth. Inside a flow collection
    libyaml ends a plain scalar at any bracket and allows no block scalar, so a bracket that
    does not open or close can only stand in a quoted scalar, a comment or a tag: if a
    quote, `#` or `!` stands anywhere while the count is above 0, or the text has more than
    SCAN_BRACKETS brackets (the scan loops per bracket), the number of openers is the bound."""
    openers = text.count("[") + text.count("{")
    if not openers or openers + text.count("]") + text.count("}") > SCAN_BRACKETS:
        return openers
    count = deepest = after = 0
    hiders = re.compile(_HIDERS)
    for bracket in re.finditer(_BRACKETS, text):
        if count and hiders.search(text, after, bracket.start()):
            return openers
        if bracket.group() in "[{":
            count += 1
            deepest = max(deepest, count)
        else:
            count = max(count - 1, 0)
        after = bracket.end()
    return deepest


def load_document(path: Path, max_bytes: int = MAX_BYTES, within: type[BaseModel] | None = None) -> Document:
    return parse(read_text(path, max_bytes), path, within)


def _check_expansion(data: Any, file: str | Path, budget: int) -> None:
    """Refuse documents whose aliases expand past `budget` values (billion laughs), or
    nest deeper than MAX_DEPTH once expanded (an alias inside an alias inside...: the
    text is shallow, the data is not)."""
    seen = 0
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        item, depth = stack.pop()
        seen += 1
        if seen > budget:
            raise HonFileError(
                file, f"the YAML expands to more than {budget:,} values through aliases; refusing to read it."
            )
        if isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise HonFileError(
                    file,
                    f"the YAML nests more than {MAX_DEPTH} levels deep through aliases; hon reads up to {MAX_DEPTH}.",
                )
            stack.extend((child, depth + 1) for child in (item.values() if isinstance(item, dict) else item))


# --- Finding lines ------------------------------------------------------------------

_PATH_PART = r"([^.\[\]]+)|\[(\d+)\]"


def split_path(path: str) -> list[str | int]:
    """'tiles[2].slots.left' -> ['tiles', 2, 'slots', 'left']."""
    return [int(index) if index else key for key, index in re.findall(_PATH_PART, path)]


def join_path(parts: Sequence[str | int]) -> str:
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def line_of(text: str, path: Sequence[str | int]) -> int | None:
    """The 1-based line of the deepest node along `path`, or None if the text won't compose."""
    from builder.io import yaml_loader

    return yaml_loader.line_in(text, path)


# --- Validating against a model -------------------------------------------------------


def validation_error(document: Document, exc: ValidationError, offset: Sequence[str | int] = ()) -> HonFileError:
    """The first problem pydantic found, as one sentence with its line and field."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = [*offset, *_clean_loc(first["loc"])]
    message = _friendly(first)
    if len(errors) > 1:
        more = len(errors) - 1
        message += f" ({more} more problem{'s' if more > 1 else ''} after this one)"
    return HonFileError(document.file, message + ".", document.line_of(loc), join_path(loc) or None)


def _clean_loc(loc: Sequence[Any]) -> Iterator[str | int]:
    for part in loc:
        # pydantic adds validator and union-member names to locations; they are not keys.
        if isinstance(part, str) and ("[" in part or part.startswith("function-")):
            continue
        yield part


def _friendly(error: Any) -> str:
    kind = error["type"]
    if kind == "extra_forbidden":
        return "this field is not part of the format (a typo?)"
    if kind == "missing":
        return "this required field is missing"
    if error.get("input", ...) is None and kind.endswith("_type"):
        return "this field is empty"
    if kind == "too_long":  # a list or mapping past the models' limits (README: Limits)
        return too_many(int(error.get("ctx", {}).get("max_length", 0)))
    message = str(error["msg"])
    return message[0].lower() + message[1:] if message else kind


def too_many(limit: int) -> str:
    """What a list or mapping past its model's limit is told (README: Limits)."""
    return (
        f"this holds more entries than hon reads here (at most {limit:,}, far beyond any real game; "
        "see Limits in the README)"
    )


def to_model(document: Document, model: type[BaseModel], offset: Sequence[str | int] = ()) -> Any:
    try:
        return model.model_validate(document.data)
    except ValidationError as exc:
        raise validation_error(document, exc, offset) from None
    except RecursionError:
        raise HonFileError(document.file, "the YAML is nested too deeply to read.") from None
