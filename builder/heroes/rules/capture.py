"""Capturing a unit (BfC p.12, "Jump in Carpiquet"): "To capture Willi Herold, the Canadian
player must win an Assault against him. Once captured, Willi Herold remains with the Unit that
defeated him (place him on his counter). If the German player destroys that Unit (by a Firing
Action, an Assault, or any other method), Willi Herold is liberated and the Canadian player must
capture him again. The Canadian player may remove the Unit holding Willi Herold from one of the
squares marked with an arrow to prevent Herold from being liberated."

A unit is captured only where a scenario's victory names it in a `capture` condition for the
assaulting side. hon's readings where the book is silent: the captive is taken whole, instead
of the winner's hit and retreat (a hit might destroy him, and then he could not be captured),
and the captor takes his square; a captive freed is put back on its captor's last square, or
the nearest square it may stand on, as it was when captured."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from builder.heroes.rules.pieces import Piece
from builder.heroes.scenario.conditions import AllOf, AnyOf, Capture, Condition, Not
from builder.heroes.scenario.models import Scenario

CAPTURE_PAGE = "BfC p.12"


@dataclass(frozen=True)
class Captive:
    """A unit held by the enemy unit that defeated it: `captor` its key, `side` its owner."""

    piece: Piece
    captor: str
    side: str


def captures_in(condition: Condition) -> Iterator[Capture]:
    if isinstance(condition, Capture):
        yield condition
    elif isinstance(condition, (AllOf, AnyOf)):
        for part in condition.of:
            yield from captures_in(part)
    elif isinstance(condition, Not):
        yield from captures_in(condition.condition)


def wanted(scenario: Scenario) -> frozenset[tuple[str, str]]:
    """(side, unit id): the units each side's victory asks it to capture."""
    conditions = [*(o.condition for o in scenario.victory.outcomes), *scenario.victory.end.early]
    return frozenset((c.side, c.unit) for condition in conditions for c in captures_in(condition))
