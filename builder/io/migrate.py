"""Format tags and versions: every hon file says what it is and which version of its
format it follows. Older versions are migrated on load; newer ones are refused with a
clear sentence rather than misread."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from builder.io.yamlio import Document

Migration = Callable[[dict[str, Any]], dict[str, Any]]

# (format, version) -> the function that lifts a file of that version to the next one.
# Version 1 is the first of every format, so there is nothing to lift yet.
MIGRATIONS: dict[tuple[str, int], Migration] = {}


def _type_name(value: Any) -> str:
    if value is None:
        return "an empty document"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a line of text"
    return f"a {type(value).__name__}"


def checked_data(document: Document, expected_format: str, current: int, what: str) -> dict[str, Any]:
    """The document's mapping, at the current version of `expected_format`."""
    data = document.data
    kind = f"{'an' if what[0] in 'aeiou' else 'a'} {what} file"  # "an army list file"
    if not isinstance(data, dict):
        raise document.error(f"{kind} is a YAML mapping of keys and values, not {_type_name(data)}.")
    found = data.get("format")
    if found != expected_format:
        said = "has no format tag" if found is None else f"says format {found!r}"
        raise document.error(
            f"this is not {kind}: it {said}, and {kind} says format {expected_format!r}.",
            ["format"] if found is not None else [],
            "format",
        )
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise document.error(f"the format version must be a whole number, not {version!r}.", ["version"], "version")
    if version > current:
        raise document.error(
            f"this {what} file is format version {version}, newer than this hon reads ({current}); update hon.",
            ["version"],
            "version",
        )
    if version < 1:
        raise document.error(f"there is no format version {version}.", ["version"], "version")
    while version < current:
        data = MIGRATIONS[(expected_format, version)](data)
        version += 1
    migrated: dict[str, Any] = data
    return migrated
