"""What a forward model's tests ask of any system's state: everything a copy could share
with its original and the rules could change."""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from typing import Any


def frozen(record: object) -> bool:
    params: Any = getattr(type(record), "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


def changeable(value: object, found: dict[int, object]) -> None:
    """Every container and unfrozen record reachable from `value`, by id."""
    if isinstance(value, dict):
        found[id(value)] = value
        for item in value.values():
            changeable(item, found)
    elif isinstance(value, list | set | tuple):
        if not isinstance(value, tuple):
            found[id(value)] = value
        for item in value:
            changeable(item, found)
    elif is_dataclass(value) and not isinstance(value, type) and not frozen(value):
        found[id(value)] = value
        for item in fields(value):
            changeable(getattr(value, item.name), found)
