"""Victory conditions (TCG p.6: the player who fulfils their scenario objectives first wins;
p.16: objectives and victory points): structured, evaluated by the engine, said in English."""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import Field

from builder.tcg.base import Id, Part


class When(StrEnum):
    END_OF_TURN = "end-of-turn"  # checked at the end of every turn: the first to fulfil it wins
    END_OF_GAME = "end-of-game"  # checked only at the end of the last turn


class Control(Part):
    """`side` wins when it controls the objectives (all of `objectives`, or `count` of them)."""

    kind: Literal["control"] = "control"
    side: Id
    objectives: list[Id] = Field(default_factory=list)  # objective marker ids; empty: any
    count: int | None = Field(default=None, ge=1, le=30)  # how many; None: all named
    when: When = When.END_OF_TURN


class Destroy(Part):
    """`side` wins when it has destroyed `count` enemy Unit Cards."""

    kind: Literal["destroy"] = "destroy"
    side: Id
    count: int = Field(ge=1, le=60)
    when: When = When.END_OF_TURN


class VictoryPoints(Part):
    """`side` wins with at least `points` victory points."""

    kind: Literal["victory-points"] = "victory-points"
    side: Id
    points: int = Field(ge=1, le=99)
    when: When = When.END_OF_GAME


Condition = Annotated[Control | Destroy | VictoryPoints, Field(discriminator="kind")]
Namer = Callable[[str], str]


def english(condition: Control | Destroy | VictoryPoints, side_name: Namer, objective_name: Namer) -> str:
    """One sentence: "The US side wins when it controls Church and Bridge at the end of a
    turn." """
    who = side_name(condition.side)
    when = "at the end of a turn" if condition.when is When.END_OF_TURN else "at the end of the game"
    if isinstance(condition, Control):
        names = [objective_name(o) for o in condition.objectives]
        if condition.count is None:
            what = _listed(names) if names else "every objective"
        else:
            among = f" of {_listed(names)}" if names else " objectives"
            what = f"{condition.count}{among}"
        return f"{who} wins when it controls {what} {when}."
    if isinstance(condition, Destroy):
        cards = "enemy Unit Card" if condition.count == 1 else "enemy Unit Cards"
        return f"{who} wins when it has destroyed {condition.count} {cards} {when}."
    return f"{who} wins with {condition.points} victory points or more {when}."


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
