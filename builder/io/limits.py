"""How many entries each list and mapping of a file may hold, as its model states them
(`Field(max_length=...)`), so that a file far beyond any real game is refused while its
text is read, before it is parsed, checked or printed (README: Limits).

The models stay the one place the limits are written: this module only walks their types.
`builder.io.yaml_loader.overflow` walks a file's YAML events beside them and stops at the
first list past its limit, so that refusing a 2 MB army list costs the events of its first
hundred tiles, not seconds of parsing the rest."""

from __future__ import annotations

import types
from typing import Annotated, Any, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

_COLLECTIONS = (list, tuple, dict, set, frozenset)


def _unwrapped(annotation: Any) -> tuple[Any, int | None]:
    """The type under `Annotated` and `Optional`, with the most entries its metadata allows."""
    limit: int | None = None
    metadata: list[Any] = []
    if isinstance(annotation, FieldInfo):
        metadata, annotation = list(annotation.metadata), annotation.annotation
    while True:
        origin, args = get_origin(annotation), get_args(annotation)
        if origin is Annotated:
            metadata += args[1:]
            annotation = args[0]
        elif origin is Union or origin is types.UnionType:
            kinds = [arg for arg in args if arg is not type(None)]
            if len(kinds) != 1:
                return None, None  # a union of several models: pydantic's own check holds
            annotation = kinds[0]
        else:
            break
    if get_origin(annotation) in _COLLECTIONS:
        for item in metadata:
            if isinstance(item, FieldInfo):
                metadata += item.metadata
            elif isinstance(item, annotated_types.MaxLen):
                limit = item.max_length if limit is None else min(limit, item.max_length)
    return annotation, limit


def limit_of(annotation: Any) -> int | None:
    """The most entries a list or mapping of this type may hold (None: no limit)."""
    return _unwrapped(annotation)[1]


def child_of(annotation: Any, key: str | None) -> Any:
    """The type of the entry under `key` (a model's field, a mapping's value) or of a list's
    items (`key` None); None when the type says nothing of it."""
    annotation, _ = _unwrapped(annotation)
    origin, args = get_origin(annotation), get_args(annotation)
    if origin in (list, set, frozenset) or (origin is tuple and len(args) == 2 and args[1] is Ellipsis):
        return args[0]
    if origin is dict:
        return args[1]
    if isinstance(annotation, type) and issubclass(annotation, BaseModel) and key is not None:
        return annotation.model_fields.get(key)
    return None


def over_limit(document: BaseModel) -> tuple[list[str | int], int] | None:
    """The path and limit of the first list or mapping of `document` holding more entries
    than its model allows (what an edit must not make: the file would not read back)."""
    for name, field in type(document).model_fields.items():
        found = _over(field, getattr(document, name), [name])
        if found is not None:
            return found
    return None


def _over(annotation: Any, value: Any, path: list[str | int]) -> tuple[list[str | int], int] | None:
    if isinstance(value, BaseModel):
        found = over_limit(value)
        return None if found is None else ([*path, *found[0]], found[1])
    if not isinstance(value, list | tuple | dict):
        return None
    limit = limit_of(annotation)
    if limit is not None and len(value) > limit:
        return path, limit
    if isinstance(value, dict):
        entries = [(key, child_of(annotation, str(key)), item) for key, item in value.items()]
    else:
        entries = [(index, child_of(annotation, None), item) for index, item in enumerate(value)]
    for key, shape, item in entries:
        found = _over(shape, item, [*path, key])
        if found is not None:
            return found
    return None
