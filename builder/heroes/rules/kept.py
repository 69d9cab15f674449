"""Tables compiled from a battlefield once and kept while it lives (movement, line of sight)."""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

from builder.heroes.scenario.battlefield import Battlefield

T = TypeVar("T")


class PerBattlefield(Generic[T]):
    """`build(battlefield)`, remembered by the battlefield's identity (a Battlefield is a
    mutable dataclass, so it cannot be a dict key) and forgotten when it is collected."""

    def __init__(self, build: Callable[[Battlefield], T]) -> None:
        self._build = build
        self._kept: dict[int, tuple[weakref.ref[Battlefield], T]] = {}

    def __call__(self, battlefield: Battlefield) -> T:
        key = id(battlefield)
        cached = self._kept.get(key)
        if cached is not None and cached[0]() is battlefield:
            return cached[1]
        built = self._build(battlefield)
        kept = self._kept  # held by the closure: module globals are gone at interpreter exit

        def forget(_: weakref.ref[Battlefield]) -> None:
            kept.pop(key, None)

        self._kept[key] = (weakref.ref(battlefield, forget), built)
        return built
