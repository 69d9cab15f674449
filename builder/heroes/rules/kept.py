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
        # The battlefield asked for last, and its tables: a game asks for one battlefield's
        # tables thousands of times in a row.
        self._last: tuple[weakref.ref[Battlefield], T] | None = None

    def __call__(self, battlefield: Battlefield) -> T:
        last = self._last
        if last is not None and last[0]() is battlefield:
            return last[1]
        key = id(battlefield)
        cached = self._kept.get(key)
        if cached is None or cached[0]() is not battlefield:
            built = self._build(battlefield)
            kept = self._kept  # held by the closure: module globals are gone at interpreter exit

            def forget(gone: weakref.ref[Battlefield]) -> None:
                kept.pop(key, None)
                if self._last is not None and self._last[0] is gone:
                    self._last = None

            cached = self._kept[key] = (weakref.ref(battlefield, forget), built)
        self._last = cached
        return cached[1]
