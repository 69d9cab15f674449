"""`Turn.perform` hands each action to its kind's resolver: the table must know every kind
of the `Action` union, or an action would fail at run time instead of being resolved."""

from typing import get_args

from builder.heroes.rules.actions.activation import RESOLVERS
from builder.heroes.rules.actions.kinds import Action


def test_every_kind_of_action_has_its_resolver() -> None:
    kinds = set(get_args(Action))
    assert len(kinds) == 29
    assert set(RESOLVERS) == kinds
