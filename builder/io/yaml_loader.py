"""libyaml's side of reading YAML: the safe loader hon parses with, the event stream the
deepest files are measured with, and the node tree the line of a path is found in.

`builder.io.yamlio` imports this module on the first parse, not when it is imported: PyYAML's
own import compiles a regular expression over the whole of Unicode (a tenth of hon's start
on a small machine), and a start that finds its army among the validated files the cache
keeps (builder/io/cache.py) never needs it."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from builder.io import limits
from builder.io.errors import HonFileError
from builder.io.yamlio import MAX_NUMBER_CHARS

_FastLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_FastLoader):  # type: ignore[misc, valid-type]
    """The safe loader, refusing duplicate keys and keeping dates as text."""


class _Refused(yaml.constructor.ConstructorError):
    """A value hon refuses although it is valid YAML; its problem is the whole sentence."""

    def __init__(self, problem: str, mark: yaml.Mark | None):
        super().__init__(None, None, problem, mark)


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


def _bounded_number(construct: Any) -> Any:
    """A number constructor refusing absurdly long numbers: Python refuses to convert an
    int of more than 4,300 digits (a ValueError deep in the loader), and no count, cost or
    square in a hon file needs more than a few digits."""

    def bounded(loader: yaml.SafeLoader, node: yaml.ScalarNode) -> Any:
        if len(node.value) > MAX_NUMBER_CHARS:
            raise _Refused(
                f"a number of {len(node.value):,} characters is too long; hon reads numbers of up to "
                f"{MAX_NUMBER_CHARS} characters.",
                node.start_mark,
            )
        return construct(loader, node)

    return bounded


def _unused_type(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    # Sets, ordered maps, pairs and binary build types hon files never hold (and that the
    # alias-expansion check and the models do not expect).
    raise _Refused(
        f"hon files hold text, numbers, lists and mappings, not YAML's {node.tag.rsplit(':', 1)[-1]} values.",
        node.start_mark,
    )


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor("tag:yaml.org,2002:timestamp", yaml.SafeLoader.construct_yaml_str)
_Loader.add_constructor("tag:yaml.org,2002:int", _bounded_number(yaml.SafeLoader.construct_yaml_int))
_Loader.add_constructor("tag:yaml.org,2002:float", _bounded_number(yaml.SafeLoader.construct_yaml_float))
for _tag in ("set", "omap", "pairs", "binary"):
    _Loader.add_constructor(f"tag:yaml.org,2002:{_tag}", _unused_type)


def load(text: str, file: str | Path) -> Any:
    """The data of YAML text. Every failure is a HonFileError."""
    try:
        data = yaml.load(text, Loader=_Loader)
    except _Refused as exc:
        mark = exc.problem_mark
        raise HonFileError(file, str(exc.problem), mark.line + 1 if mark is not None else None) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        problem = (exc.problem or exc.context or "malformed YAML").strip()
        raise HonFileError(file, f"this is not valid YAML ({_plain(problem)}).", line) from None
    except yaml.YAMLError as exc:
        raise HonFileError(file, f"this is not valid YAML ({_plain(str(exc))}).") from None
    except RecursionError:
        raise HonFileError(file, "the YAML is nested too deeply to read.") from None
    except (ValueError, OverflowError, TypeError) as exc:
        # A safety net under the constructors: a scalar the safe loader's own conversions
        # reject (they raise plain Python errors, not YAML ones) is still one sentence.
        raise HonFileError(file, f"this is not valid YAML ({_plain(str(exc))}).") from None
    return data


_DEPTH_EVENTS: dict[type[yaml.Event], int] = {
    yaml.SequenceStartEvent: 1,
    yaml.MappingStartEvent: 1,
    yaml.SequenceEndEvent: -1,
    yaml.MappingEndEvent: -1,
}


def event_depth(text: str, limit: int) -> int:
    """How deeply the collections of `text` nest, from libyaml's event stream (which is not
    recursive), stopping as soon as the depth passes `limit`."""
    depth = deepest = 0
    try:
        for event in yaml.parse(text, Loader=_FastLoader):
            depth += _DEPTH_EVENTS.get(type(event), 0)
            if depth > deepest:
                deepest = depth
                if deepest > limit:
                    break
    except yaml.YAMLError as exc:
        # libyaml from 0.2.5 refuses flow collections over its own nesting limit (1,000) while
        # scanning ahead for a simple key, before it emits the events that would pass ours.
        if "nesting depth" in str(getattr(exc, "problem", "")):
            return max(deepest, limit + 1)
        # Otherwise the loader will say what is wrong, at the same point.
    return deepest


@dataclass
class _Frame:
    """A list or mapping being read: its type, where it is, the entries read so far."""

    shape: Any
    path: list[str | int]
    line: int
    mapping: bool
    events: int = 0  # a mapping's keys and values, a list's items
    key: str | None = None
    key_line: int = 0

    def entries(self) -> int:
        return (self.events + 1) // 2 if self.mapping else self.events


def overflow(text: str, model: Any, depth_limit: int) -> tuple[list[str | int], int, int] | None:
    """The path, line and limit of the first list or mapping of `text` holding more entries
    than `model` allows there (`builder.io.limits`), read off libyaml's event stream and
    stopping at once; None when there is none, or when the text is nested past
    `depth_limit` or malformed (the parse says so)."""
    stack: list[_Frame] = []
    try:
        for event in yaml.parse(text, Loader=_FastLoader):
            if isinstance(event, yaml.CollectionEndEvent):
                stack.pop()
            elif isinstance(event, yaml.NodeEvent):
                shape, path, line = _entry(stack[-1], event) if stack else (model, [], _line(event))
                if stack and stack[-1].shape is not None:
                    frame = stack[-1]
                    limit = limits.limit_of(frame.shape)
                    if limit is not None and frame.entries() > limit:
                        return frame.path, frame.line, limit
                if isinstance(event, yaml.CollectionStartEvent):
                    mapping = isinstance(event, yaml.MappingStartEvent)
                    stack.append(_Frame(shape, path, line, mapping))
                    if len(stack) > depth_limit:
                        return None
    except yaml.YAMLError:
        return None
    return None


def _entry(frame: _Frame, event: yaml.NodeEvent) -> tuple[Any, list[str | int], int]:
    """Count `event` as the next entry of `frame`: the type, path and line of what it starts
    (a mapping's value is on its key's line, as `line_in` says)."""
    frame.events += 1
    line = _line(event)
    if frame.mapping and frame.events % 2 == 1:  # a key
        frame.key = event.value if isinstance(event, yaml.ScalarEvent) else None
        frame.key_line = line
        return None, frame.path, line
    if frame.shape is None:
        return None, frame.path, line
    if frame.mapping:
        return limits.child_of(frame.shape, frame.key), [*frame.path, frame.key or "?"], frame.key_line
    return limits.child_of(frame.shape, None), [*frame.path, frame.events - 1], line


def _line(event: yaml.Event) -> int:
    mark = event.start_mark
    return mark.line + 1 if mark is not None else 0


_SIMPLE = object()  # a value that needs the loader (an alias, an explicit tag)


def top_level_text(text: str, keys: tuple[str, ...], limit: int) -> dict[str, str | None] | None:
    """The values of `keys` in the mapping at the top of `text`, as the loader would give
    them when they are text (None for a key the mapping lacks, or whose value is not text),
    read off libyaml's event stream and stopping as soon as every key is found: what a file
    says it is costs a few events instead of a parse of the whole file (seconds for a big
    one). None when the text is not that simple (not a mapping, an alias or a tag where a
    key or its value stands, nested past `limit`, malformed): the caller then parses it."""
    values: dict[str, str | None] = {}
    depth = items = 0
    key: object = None
    try:
        for event in yaml.parse(text, Loader=_FastLoader):
            if isinstance(event, yaml.StreamStartEvent | yaml.DocumentStartEvent):
                continue
            if depth == 0 and not isinstance(event, yaml.MappingStartEvent):
                return None
            if depth == 1:
                if isinstance(event, yaml.MappingEndEvent):
                    break
                said = _scalar_text(event)
                if said is _SIMPLE:
                    return None
                if items % 2 == 0:
                    key = said
                elif isinstance(key, str) and key in keys and key not in values:
                    values[key] = said if isinstance(said, str) else None
                items += 1
            depth += _DEPTH_EVENTS.get(type(event), 0)
            if depth > limit:
                return None
            if len(values) == len(keys):
                break
    except yaml.YAMLError:
        return None
    return {key: values.get(key) for key in keys}


_RESOLVER = yaml.resolver.Resolver()
_TEXT_TAGS = ("tag:yaml.org,2002:str", "tag:yaml.org,2002:timestamp")  # the loader keeps dates as text


def _scalar_text(event: yaml.Event) -> object:
    """The text a key or value event gives (None when it is not text), or _SIMPLE."""
    if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
        return _SIMPLE
    if not isinstance(event, yaml.ScalarEvent):
        return None  # a collection
    if event.tag is not None and not any(event.implicit):
        return _SIMPLE
    tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)  # type: ignore[no-untyped-call]
    return event.value if tag in _TEXT_TAGS else None


def _plain(problem: str) -> str:
    return re.sub(r"\s+", " ", problem).strip().rstrip(".")


def line_in(text: str, path: Sequence[str | int]) -> int | None:
    """The 1-based line of the deepest node along `path`, or None if the text won't compose."""
    node = _composed(text)
    if node is None:
        return None
    line = node.start_mark.line + 1
    for part in path:
        child = _child(node, part)
        if child is None:
            break
        node, line = child
    return line


@lru_cache(maxsize=2)  # the file being checked; a tree can be tens of MB
def _composed(text: str) -> yaml.Node | None:
    """The text's node tree, composed once for all the issues located in it: composing it
    again per issue made locating a thousand issues quadratic (minutes for a big list)."""
    try:
        node: yaml.Node | None = yaml.compose(text, Loader=_FastLoader)
    except (yaml.YAMLError, RecursionError):
        return None
    return node


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
