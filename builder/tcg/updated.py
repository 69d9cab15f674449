"""A Tactical Card Game scenario with a change: the copies its edits make (edits.py,
detail_edits.py). A scenario is immutable; an edit returns the next one."""

from __future__ import annotations

from typing import Any

from builder.tcg.scenario import Scenario, Side

__all__ = ["updated", "validated", "with_force", "with_side"]


def updated(scenario: Scenario, **update: Any) -> Scenario:
    """The scenario with `update`, as given."""
    return scenario.model_copy(update=update)


def validated(scenario: Scenario, **update: Any) -> Scenario:
    """The scenario with `update`, validated against the file's bounds (ValidationError)."""
    return Scenario.model_validate({**dict(scenario), **update})


def with_side(scenario: Scenario, side_id: str, **update: Any) -> Scenario:
    """The scenario with the side `side_id` updated."""
    sides = [side.model_copy(update=update) if side.id == side_id else side for side in scenario.sides]
    return updated(scenario, sides=sides)


def with_force(scenario: Scenario, side: Side, **update: Any) -> Scenario:
    """The scenario with the force of `side` updated."""
    return with_side(scenario, side.id, force=side.force.model_copy(update=update))
