"""A validated model as plain data (text, numbers, booleans, None, lists and mappings) and
back, without validating it again: what the cache of validated files stores
(builder/io/cache.py), so that a file read before is rebuilt without building the model's
validator (a quarter of PyYAML's import, plus pydantic's search for plugins).

Each model becomes a mapping of its fields, with the names of the fields that were set
under `SET`; an enum becomes its value. Going back, the model's own field types say what
each value is, so the data never names a class, and each value is held to its field's
limits (lengths, bounds, patterns: what validation would check of it, so that an entry
forged in the cache folder gives no army a file could not). Only the shapes and limits
hon's file models use are known (models, enums, lists, mappings, optional values, literals
and plain values); anything else raises `Unsupported`, and the file is then simply not
cached, or read afresh."""

from __future__ import annotations

import re
import types
from collections.abc import Iterable
from enum import Enum
from functools import lru_cache
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

SET = "\0set"  # no field is named so
_PLAIN = (str, int, float, bool, type(None))

M = TypeVar("M", bound=BaseModel)


class Unsupported(TypeError):
    """A value or a field type this module does not rebuild."""


def to_plain(value: object) -> Any:
    if isinstance(value, BaseModel):
        fields: dict[str, Any] = {name: to_plain(item) for name, item in value.__dict__.items()}
        fields[SET] = sorted(value.model_fields_set)
        return fields
    if isinstance(value, Enum):
        return value.value
    if type(value) is list:
        return [to_plain(item) for item in value]
    if type(value) is dict:
        if not all(type(key) in _PLAIN for key in value):
            raise Unsupported("a mapping keyed by something other than plain values")
        return {key: to_plain(item) for key, item in value.items()}
    if type(value) in _PLAIN:
        return value
    raise Unsupported(f"a {type(value).__name__} value")


def from_plain(model: type[M], data: Any) -> M:
    """The `model` that `to_plain` gave `data` for."""
    if type(data) is not dict or type(data.get(SET)) is not list:
        raise Unsupported(f"not the data of a {model.__name__}")
    fields = model.model_fields
    if set(data) - {SET} != set(fields) or not set(data[SET]) <= set(fields):
        raise Unsupported(f"not the fields of a {model.__name__}")
    values = {name: _held(field.metadata, _typed(field.annotation, data[name])) for name, field in fields.items()}
    return model.model_construct(_fields_set=set(data[SET]), **values)


def _typed(annotation: Any, value: Any) -> Any:
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is Annotated:
        return _held(args[1:], _typed(args[0], value))
    if origin is Union or origin is types.UnionType:
        if value is None and type(None) in args:
            return None
        kinds = [arg for arg in args if arg is not type(None)]
        if len(kinds) != 1:
            raise Unsupported(f"a union of {annotation}")
        return _typed(kinds[0], value)
    if origin is Literal:
        if value not in args:
            raise Unsupported(f"{value!r} is not one of {args}")
        return value
    if origin is list and type(value) is list:
        return [_typed(args[0], item) for item in value]
    if origin is dict and type(value) is dict:
        return {_typed(args[0], key): _typed(args[1], item) for key, item in value.items()}
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return from_plain(annotation, value)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return annotation(value)
    if annotation in (str, int, float, bool) and type(value) is annotation:
        return value
    raise Unsupported(f"{value!r} as {annotation}")


def _held(limits: Iterable[object], value: Any) -> Any:
    """`value`, when it keeps to a field's limits as pydantic states them (`Field(...)`'s
    metadata); a limit of another kind raises `Unsupported` (never let through unread)."""
    if value is None:
        return value  # an optional field's None: the limits are the value's when there is one
    for limit in limits:
        if isinstance(limit, FieldInfo):
            _held(limit.metadata, value)
        elif isinstance(limit, annotated_types.MinLen):
            _require(len(value) >= limit.min_length, limit, value)
        elif isinstance(limit, annotated_types.MaxLen):
            _require(len(value) <= limit.max_length, limit, value)
        elif isinstance(limit, annotated_types.Ge):
            _require(value >= limit.ge, limit, value)
        elif isinstance(limit, annotated_types.Le):
            _require(value <= limit.le, limit, value)
        elif type(limit).__name__ == "_PydanticGeneralMetadata" and set(vars(limit)) == {"pattern"}:
            # pydantic's `pattern` matches anywhere unless anchored, as re.search does.
            _require(_pattern(vars(limit)["pattern"]).search(value) is not None, limit, value)
        else:
            raise Unsupported(f"a limit {limit!r}")
    return value


def _require(kept: bool, limit: object, value: Any) -> None:
    if not kept:
        raise Unsupported(f"{value!r} breaks {limit!r}")


@lru_cache(maxsize=32)
def _pattern(source: str) -> re.Pattern[str]:
    return re.compile(source)
