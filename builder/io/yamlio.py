"""Reading YAML safely, with the line of every problem.

Files are parsed with libyaml's C safe loader when it is there. Line numbers are found
lazily: only when something is wrong is the file composed again into nodes to find the
line of a path, so a good file costs one fast parse.

Hostile files get one clear sentence and never a traceback: too large, not UTF-8,
malformed, alias bombs (a few anchors expanding to millions of values), nesting too deep,
duplicate keys, tags that would build Python objects."""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ValidationError

from builder.io.errors import HonFileError

MAX_BYTES = 2 * 1024 * 1024
# Values a document may expand to, per byte of text: aliases let a tiny file expand
# exponentially; an honest file has far fewer values than bytes.
VALUES_PER_BYTE = 4
MIN_VALUE_BUDGET = 10_000

_FastLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_FastLoader):  # type: ignore[misc, valid-type]
    """The safe loader, refusing duplicate keys and keeping dates as text."""


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    loader.flatten_mapping(node)
    mapping: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if not isinstance(key, (str, int, float, bool)) and key is not None:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be plain text or a number", key_node.start_mark
            )
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                None, None, f"the key {key!r} appears twice in the same mapping", key_node.start_mark
            )
        mapping[key] = loader.construct_object(value_node, deep=True)
    return mapping


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:timestamp", yaml.SafeLoader.construct_yaml_str)


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
    """The file's text, refusing what is too large or not UTF-8."""
    try:
        if path.is_dir():
            raise HonFileError(path, "this is a folder, not a YAML file.")
        size = path.stat().st_size
        if size > max_bytes:
            raise HonFileError(
                path, f"the file is {size / 1_048_576:.1f} MB; hon reads files up to {max_bytes // 1_048_576} MB."
            )
        raw = path.read_bytes()
    except FileNotFoundError:
        raise HonFileError(path, "no such file.") from None
    except PermissionError:
        raise HonFileError(path, "permission denied.") from None
    except IsADirectoryError:
        raise HonFileError(path, "this is a folder, not a YAML file.") from None
    except OSError as exc:
        raise HonFileError(path, f"cannot be read ({exc.strerror or exc}).") from None
    return decode(raw, path)


def decode(raw: bytes, file: str | Path) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise HonFileError(
            file, f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x} cannot be read).", line
        ) from None


def parse(text: str, file: str | Path) -> Document:
    """Parse YAML text. Every failure is a HonFileError."""
    try:
        data = yaml.load(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = (exc.problem or exc.context or "malformed YAML").strip()
        raise HonFileError(file, f"this is not valid YAML ({_plain(problem)}).", line) from None
    except yaml.YAMLError as exc:
        raise HonFileError(file, f"this is not valid YAML ({_plain(str(exc))}).") from None
    except RecursionError:
        raise HonFileError(file, "the YAML is nested too deeply to read.") from None
    if "*" in text:
        _check_expansion(data, file, max(MIN_VALUE_BUDGET, VALUES_PER_BYTE * len(text)))
    return Document(str(file), text, data)


def load_document(path: Path, max_bytes: int = MAX_BYTES) -> Document:
    return parse(read_text(path, max_bytes), path)


def _plain(problem: str) -> str:
    return re.sub(r"\s+", " ", problem).strip().rstrip(".")


def _check_expansion(data: Any, file: str | Path, budget: int) -> None:
    """Refuse documents whose aliases expand past `budget` values (billion laughs)."""
    seen = 0
    stack = [data]
    while stack:
        item = stack.pop()
        seen += 1
        if seen > budget:
            raise HonFileError(
                file, f"the YAML expands to more than {budget:,} values through aliases; refusing to read it."
            )
        if isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


# --- Finding lines ------------------------------------------------------------------

_PATH_PART = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def split_path(path: str) -> list[str | int]:
    """'tiles[2].slots.left' -> ['tiles', 2, 'slots', 'left']."""
    return [int(index) if index else key for key, index in _PATH_PART.findall(path)]


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
    try:
        node = yaml.compose(text, Loader=_FastLoader)
    except (yaml.YAMLError, RecursionError):
        return None
    if node is None:
        return None
    line = node.start_mark.line + 1
    for part in path:
        child = _child(node, part)
        if child is None:
            break
        node, line = child
    return line


def _child(node: yaml.Node, part: str | int) -> tuple[yaml.Node, int] | None:
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == str(part):
                # The key's line: a value that is a block collection starts on the next line.
                return value_node, key_node.start_mark.line + 1
    if isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
        item = node.value[part]
        return item, item.start_mark.line + 1
    return None


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
    message = str(error["msg"])
    return message[0].lower() + message[1:] if message else kind


def to_model(document: Document, model: type[BaseModel], offset: Sequence[str | int] = ()) -> Any:
    try:
        return model.model_validate(document.data)
    except ValidationError as exc:
        raise validation_error(document, exc, offset) from None
    except RecursionError:
        raise HonFileError(document.file, "the YAML is nested too deeply to read.") from None
