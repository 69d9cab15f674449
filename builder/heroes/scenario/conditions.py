"""Victory conditions as structured expressions: the rules core evaluates them against the
state of a game, and every one reads as an English sentence.

    {type: control, side: german, objectives: [sec-1, sec-2, sec-3], count: 2}
    -> "Germany controls 2 of Hill, Farm and Crossroads"
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Annotated, Any, Literal, Protocol, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from builder.heroes.catalogue.base import Id
from builder.kernel.diagnostics import join_and, join_or


class Tagged(BaseModel):
    """A member of a union told apart by its `type` (a condition, a campaign change): the
    tag has no default, so that files written with only non-default values keep the tag a
    union needs to be read back; a file may leave it out where the model is known."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @model_validator(mode="before")
    @classmethod
    def _tagged(cls, data: Any) -> Any:
        if isinstance(data, dict) and "type" not in data:
            return {"type": get_args(cls.model_fields["type"].annotation)[0], **data}
        return data


class Control(Tagged):
    """A side controls `count` of the objectives (all of them when count is None)."""

    type: Literal["control"]
    side: Id
    objectives: list[Id] = Field(min_length=1)
    count: int | None = Field(default=None, ge=1)

    @property
    def needed(self) -> int:
        return len(self.objectives) if self.count is None else self.count


class Capture(Tagged):
    """A side has captured a named enemy unit (by winning an assault against it, BfC p.12)."""

    type: Literal["capture"]
    side: Id
    unit: Id


class Destroy(Tagged):
    """The unit (of whatever side fields it) has been destroyed."""

    type: Literal["destroy"]
    unit: Id


class Exited(Tagged):
    """So many of a side's units (of the listed kinds, or any) have left the map."""

    type: Literal["exited"]
    side: Id
    units: list[Id] = Field(default_factory=list)
    at_least: int = Field(default=1, ge=0)
    at_most: int | None = Field(default=None, ge=0)
    verb: str = "left the battlefield"  # "taken off" for airplanes


class VictoryPoints(Tagged):
    """Victory points from broken enemy combat groups and objectives (free battle)."""

    type: Literal["victory-points"]
    side: Id
    at_least: int | None = Field(default=None, ge=0)
    more_than_opponent: bool = False


class AllOf(Tagged):
    type: Literal["all"]
    of: list[Condition] = Field(min_length=1)


class AnyOf(Tagged):
    type: Literal["any"]
    of: list[Condition] = Field(min_length=1)


class Not(Tagged):
    type: Literal["not"]
    condition: Condition


Condition = Annotated[
    Control | Capture | Destroy | Exited | VictoryPoints | AllOf | AnyOf | Not, Field(discriminator="type")
]
for _model in (AllOf, AnyOf, Not):
    _model.model_rebuild()


class Facts(Protocol):
    """What a game state must answer for conditions to be evaluated (the rules core)."""

    def controls(self, side: str, objective: str) -> bool: ...
    def captured(self, side: str, unit: str) -> bool: ...
    def destroyed(self, unit: str) -> bool: ...
    def exited(self, side: str, units: list[str]) -> int: ...
    def victory_points(self, side: str) -> int: ...
    def opponents(self, side: str) -> list[str]: ...


def holds(condition: Condition, facts: Facts) -> bool:
    if isinstance(condition, Control):
        return sum(facts.controls(condition.side, o) for o in condition.objectives) >= condition.needed
    if isinstance(condition, Capture):
        return facts.captured(condition.side, condition.unit)
    if isinstance(condition, Destroy):
        return facts.destroyed(condition.unit)
    if isinstance(condition, Exited):
        count = facts.exited(condition.side, condition.units)
        return count >= condition.at_least and (condition.at_most is None or count <= condition.at_most)
    if isinstance(condition, VictoryPoints):
        points = facts.victory_points(condition.side)
        if condition.at_least is not None and points < condition.at_least:
            return False
        return not condition.more_than_opponent or all(
            points > facts.victory_points(other) for other in facts.opponents(condition.side)
        )
    if isinstance(condition, AllOf):
        return all(holds(c, facts) for c in condition.of)
    if isinstance(condition, AnyOf):
        return any(holds(c, facts) for c in condition.of)
    return not holds(condition.condition, facts)


Namer = Callable[[str, str], str]  # (kind, id) -> name; kinds: side, objective, unit


def describe(condition: Condition, name: Namer) -> str:
    """The condition as an English clause, without a final stop."""
    if isinstance(condition, Control):
        objectives = [name("objective", o) for o in condition.objectives]
        if condition.count is None or condition.count == len(objectives):
            what = objectives[0] if len(objectives) == 1 else f"all of {join_and(objectives)}"
        else:
            what = f"{condition.count} of {join_and(objectives)}"
        return f"{name('side', condition.side)} controls {what}"
    if isinstance(condition, Capture):
        return f"{name('side', condition.side)} has captured {name('unit', condition.unit)}"
    if isinstance(condition, Destroy):
        return f"{name('unit', condition.unit)} has been destroyed"
    if isinstance(condition, Exited):
        return _describe_exited(condition, name)
    if isinstance(condition, VictoryPoints):
        side = name("side", condition.side)
        parts = []
        if condition.at_least is not None:
            parts.append(f"has at least {condition.at_least} victory points")
        if condition.more_than_opponent:
            parts.append("has more victory points than the opponent")
        return f"{side} {' and '.join(parts) or 'scores victory points'}"
    if isinstance(condition, AllOf):
        return join_and(describe(c, name) for c in condition.of)
    if isinstance(condition, AnyOf):
        return join_or(describe(c, name) for c in condition.of)
    return f"it is not the case that {describe(condition.condition, name)}"


def _describe_exited(condition: Exited, name: Namer) -> str:
    side = name("side", condition.side)
    what = join_or(name("unit", u) for u in condition.units) if condition.units else "unit"
    least, most = condition.at_least, condition.at_most
    if most == 0:
        return f"no {what} of {side} has {condition.verb}"
    if most is not None and most == least:
        count = f"exactly {least}"
    elif most is not None:
        count = f"{least} to {most}"
    else:
        count = f"at least {least}"
    verb = "has" if least <= 1 and (most is None or most <= 1) else "have"
    return f"{count} {what} of {side} {verb} {condition.verb}"


def references(condition: Condition) -> Iterator[tuple[str, str]]:
    """Every (kind, id) a condition names, for the scenario validator."""
    if isinstance(condition, Control):
        yield "side", condition.side
        for objective in condition.objectives:
            yield "objective", objective
    elif isinstance(condition, Capture):
        yield "side", condition.side
        yield "unit", condition.unit
    elif isinstance(condition, Destroy):
        yield "unit", condition.unit
    elif isinstance(condition, Exited):
        yield "side", condition.side
        for unit in condition.units:
            yield "unit", unit
    elif isinstance(condition, VictoryPoints):
        yield "side", condition.side
    elif isinstance(condition, (AllOf, AnyOf)):
        for part in condition.of:
            yield from references(part)
    else:
        yield from references(condition.condition)
