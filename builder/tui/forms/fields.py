"""How a model field is edited in a form: which widget, and how its value is written as text
and read back. Derived from the pydantic annotations, so a new field in a model gets a form
field without a new screen."""

from __future__ import annotations

import re
import types
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from builder.heroes.catalogue.base import AbilityRef, Count
from builder.heroes.catalogue.recruitment import Shape

Kind = Literal[
    "pairs",
    "text",
    "int",
    "rating",
    "bool",
    "choice",
    "flags",
    "ids",
    "counts",
    "abilities",
    "ability",
    "shape",
    "model",
    "models",
    "pair",
]


@dataclass(frozen=True)
class FieldSpec:
    name: str
    kind: Kind
    optional: bool = False
    choices: tuple[str, ...] = ()
    model: type[BaseModel] | None = None
    multiline: bool = False

    @property
    def label(self) -> str:
        return self.name.replace("_", " ")


def _strip_none(annotation: Any) -> tuple[Any, bool]:
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1 and len(args) < len(get_args(annotation)):
            return args[0], True
    return annotation, False


def _is_rating(info: FieldInfo) -> bool:
    return any(getattr(getattr(m, "func", None), "__name__", "") == "_x_to_none" for m in info.metadata)


# Fields written as several lines of prose.
_PROSE = ("notes", "summary", "effect", "story", "text", "what")
# Types with a widget of their own (Shape and AbilityRef before the models they are).
_OWN_WIDGET: tuple[tuple[type, Kind], ...] = ((int, "int"), (Shape, "shape"), (AbilityRef, "ability"))


def spec_of(name: str, info: FieldInfo) -> FieldSpec:
    annotation, optional = _strip_none(info.annotation)
    if _is_rating(info):
        return FieldSpec(name, "rating", True)
    if annotation is bool:
        return FieldSpec(name, "bool")
    if annotation is str:
        return FieldSpec(name, "text", optional, multiline=name in _PROSE)
    return (
        _value_spec(name, annotation, optional)
        or _collection_spec(name, annotation, optional)
        or FieldSpec(name, "text", optional)
    )


def _value_spec(name: str, annotation: Any, optional: bool) -> FieldSpec | None:
    """A number, a shape, an ability, one of a set of values, or a model (a sub-form)."""
    for type_, kind in _OWN_WIDGET:
        if annotation is type_:
            return FieldSpec(name, kind, optional)
    if _is_a(annotation, Enum):
        return FieldSpec(name, "choice", optional, _values(annotation))
    if get_origin(annotation) is Literal:
        return FieldSpec(name, "choice", optional, tuple(str(a) for a in get_args(annotation)))
    if _is_a(annotation, BaseModel):
        return FieldSpec(name, "model", optional, model=annotation)
    return None


def _collection_spec(name: str, annotation: Any, optional: bool) -> FieldSpec | None:
    """Numbers by name, a pair of models, or a list."""
    origin, args = get_origin(annotation), get_args(annotation)
    if origin is dict:
        return FieldSpec(name, "pairs", optional)
    if origin is tuple and args and all(_is_a(a, BaseModel) for a in args):
        return FieldSpec(name, "pair", model=args[0])
    if origin is list and args:
        return _list_spec(name, args[0])
    return None


def _list_spec(name: str, item: Any) -> FieldSpec:
    """A list, by what its items are."""
    if item is AbilityRef:
        return FieldSpec(name, "abilities")
    if item is Count:
        return FieldSpec(name, "counts")
    if _is_a(item, Enum):
        return FieldSpec(name, "flags", choices=_values(item))
    if _is_a(item, BaseModel):
        return FieldSpec(name, "models", model=item)
    return FieldSpec(name, "ids")


def _is_a(annotation: Any, base: type) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, base)


def _values(enum: type[Enum]) -> tuple[str, ...]:
    return tuple(str(m.value) for m in enum)


# --- text forms of values ------------------------------------------------------------

_ABILITY = re.compile(r"^\s*([a-z0-9-]+)\s*([+-]?\d+)?\s*$")
_COUNT = re.compile(r"^\s*([a-z0-9-]+)\s*(?:[x×]\s*(\d+))?\s*$")


def to_text(spec: FieldSpec, value: Any) -> str:
    """The value as the player types it: 'order 2, assault', 'us-fire-team x2', 'X'."""
    if value is None:
        return "X" if spec.kind == "rating" else ""
    if spec.kind == "ids":
        return ", ".join(str(v) for v in value)
    if spec.kind == "pairs":
        return ", ".join(f"{key}={number}" for key, number in value.items())
    if spec.kind == "counts":
        return ", ".join(_count_text(v) for v in value)
    if spec.kind == "abilities":
        return ", ".join(_ability_text(v) for v in value)
    if spec.kind == "ability":
        return _ability_text(value)
    return str(value)


def _ability_text(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        ((key, number),) = value.items()
        return f"{key} {number}"
    return str(value)


def _count_text(value: Any) -> str:
    if isinstance(value, dict):
        ((key, number),) = value.items()
        return f"{key} x{number}"
    return str(value)


def from_text(spec: FieldSpec, text: str) -> Any:
    """Read what the player typed; raise ValueError with a sentence when it can't be read."""
    text = text.strip()
    if spec.kind in ("text", "shape"):
        return None if not text and spec.optional else text
    if spec.kind == "rating" and text.upper() in ("X", ""):
        return "X"  # "cannot": kept as the X the books print, not as a missing value
    if spec.kind in ("int", "rating"):
        if not text:
            if spec.optional:
                return None
            raise ValueError("a number is needed")
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"{text!r} is not a whole number" + (" (or X)" if spec.kind == "rating" else "")) from None
    items = [part for part in (p.strip() for p in text.split(",")) if part]
    if spec.kind == "ids":
        return items
    if spec.kind == "pairs":
        return dict(_pair(item) for item in items)
    if spec.kind == "counts":
        return [_read(_COUNT, item, "an id with an optional count, like us-fire-team x2", count=True) for item in items]
    if spec.kind == "abilities":
        return [_read(_ABILITY, item, "an ability id with an optional value, like order 2") for item in items]
    if spec.kind == "ability":
        return _read(_ABILITY, text, "an ability id with an optional value, like assault 1") if text else None
    return text


def _pair(item: str) -> tuple[str, int]:
    key, _, number = item.partition("=")
    if not key.strip() or not number.strip().lstrip("-").isdigit():
        raise ValueError(f"{item!r} should be name=number, like german=4")
    return key.strip(), int(number)


def _read(pattern: re.Pattern[str], item: str, shape: str, count: bool = False) -> Any:
    match = pattern.match(item)
    if not match:
        raise ValueError(f"{item!r} should be {shape}")
    key, number = match[1], match[2]
    return key if number is None else {key: int(number)}


def default_for(spec: FieldSpec) -> Any:
    """A blank value for a new item of a repeated or optional field."""
    if spec.kind in ("ids", "counts", "abilities", "flags", "models"):
        return []
    if spec.kind == "pairs":
        return {}
    if spec.kind == "bool":
        return False
    if spec.kind in ("model", "pair"):
        return {} if spec.kind == "model" else [{}, {}]
    return None
