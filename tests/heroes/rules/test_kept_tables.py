"""Tables kept per battlefield (`builder.heroes.rules.kept.PerBattlefield`): made once for
each battlefield asked for, the last asked for answered first, and forgotten, the last one
too, once its battlefield is gone."""

from __future__ import annotations

import gc
import weakref

from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.scenario.battlefield import Battlefield


class Table:
    """What a battlefield's tables stand for: an object a weak reference can follow."""


def field(width: int) -> Battlefield:
    return Battlefield(width, 1, frozenset((c, 0) for c in range(width)), (), frozenset(), ())


def test_tables_are_made_once_per_battlefield_and_forgotten_with_it() -> None:
    made: list[Battlefield] = []

    def build(battlefield: Battlefield) -> Table:
        made.append(battlefield)
        return Table()

    kept = PerBattlefield(build)
    first, second = field(3), field(4)
    one = kept(first)
    assert kept(first) is one and kept(second) is not one and kept(first) is one
    assert made == [first, second]
    gone = weakref.ref(one)
    del one, first, made[:]
    gc.collect()
    assert gone() is None  # the last asked for is let go with its battlefield
    assert kept(second) is kept(second) and len(made) == 0
