"""Frozen dataclasses made fast where the rules make thousands of them a game."""

from __future__ import annotations

from typing import TypeVar

T = TypeVar("T")

__all__ = ["made"]


def made(cls: type[T], **fields: object) -> T:
    """What `cls(**fields)` makes when `fields` names every field, without the frozen
    dataclass's `object.__setattr__` for each field in its `__init__`: `fields` must be all
    of them, checked and converted by the caller (tests compare such objects with those
    `__init__` makes, field by field, over played games)."""
    instance = object.__new__(cls)
    instance.__dict__.update(fields)
    return instance
