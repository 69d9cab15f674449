"""Campaign links as data: what one outcome of a scenario changes in the next scenario of
its campaign (BfC p.12-19). Battle for Caen prints two kinds: who deploys when ("the German
player will have to deploy his Flak 36 during setup", p.12-13) and where an objective is placed
("place the CW Primary Objective with an orange outline", p.16-17). A campaign of one's own may
also change a side's points, carry victory points over, start the next game with an
objective held, or give a side extra units or take units from it (reinforcements, losses
carried over: the book prints none of these, BfC p.12-19), and the rules core plays each of
them.

    {type: deployment, side: german, units: [ge-flak-36], before: commonwealth}
    -> "12. SS-PzDiv. deploys Flak 36 before 3rd Canadian Inf. Division"
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from builder.heroes.catalogue.base import Id, Name
from builder.heroes.catalogue.terrain import Coordinate
from builder.heroes.scenario.conditions import Tagged


class _Change(Tagged):
    # Where the change is printed ("BfC p.12-13"), or `example` when the book does not say it.
    source: str = "example"


class DeploymentOrder(_Change):
    """The set-up step in which `side` deploys `units` (its steps naming no unit when
    `units` is empty) moves before the first step of side `before`, or after the last step of
    side `after` (BfC p.12-13, p.14-15: the Flak 36 deployed before or after the Canadian player)."""

    type: Literal["deployment"]
    side: Id
    units: list[Id] = Field(default_factory=list)
    before: Id | None = None
    after: Id | None = None

    @model_validator(mode="after")
    def _one_place(self) -> DeploymentOrder:
        if (self.before is None) == (self.after is None):
            raise ValueError("a deployment change says either before which side or after which side")
        if self.side in (self.before, self.after):
            raise ValueError("a side's step moves before or after another side's steps, not its own")
        return self


class PlaceObjective(_Change):
    """The objective is placed elsewhere, on a square or a terrain element, perhaps under
    another name (BfC p.18-19: "as indicated by the marker with an outline in his color")."""

    type: Literal["objective"]
    objective: Id
    name: Name | None = None
    at: tuple[Coordinate, Coordinate] | None = None
    element: Id | None = None

    @model_validator(mode="after")
    def _one_place(self) -> PlaceObjective:
        if (self.at is None) == (self.element is None):
            raise ValueError("an objective is placed either on a square (at) or a terrain element (element)")
        return self


class ChangePoints(_Change):
    """The side's force has `change` more points (fewer when negative)."""

    type: Literal["points"]
    side: Id
    change: int = Field(ge=-10000, le=10000)

    @model_validator(mode="after")
    def _not_zero(self) -> ChangePoints:
        if self.change == 0:
            raise ValueError("a points change of 0 changes nothing")
        return self


class CarryVictoryPoints(_Change):
    """The side starts the next game with victory points: `points`, or when it is left out
    the victory points it scored in this one."""

    type: Literal["victory-points"]
    side: Id
    points: int | None = Field(default=None, ge=0, le=1000)


class HoldObjective(_Change):
    """The side controls the next scenario's objective from the start of the game."""

    type: Literal["hold"]
    side: Id
    objective: Id


class ChangeUnits(_Change):
    """The side fields `add` (catalogue units, one counter each: reinforcements) beside its
    army list in the next scenario, and leaves one counter of each unit in `remove` out of it.
    No campaign of Battle for Caen changes units (BfC p.12-19): a campaign of one's own may."""

    type: Literal["units"]
    side: Id
    add: list[Id] = Field(default_factory=list, max_length=50)
    remove: list[Id] = Field(default_factory=list, max_length=50)

    @model_validator(mode="after")
    def _some(self) -> ChangeUnits:
        if not self.add and not self.remove:
            raise ValueError("a units change adds units (add) or removes them (remove)")
        return self


Change = Annotated[
    DeploymentOrder | PlaceObjective | ChangePoints | CarryVictoryPoints | HoldObjective | ChangeUnits,
    Field(discriminator="type"),
]


def units_named(change: Change) -> dict[str, list[str]]:
    """The catalogue units a change names, by its field ("units", "add", "remove")."""
    if isinstance(change, DeploymentOrder):
        return {"units": change.units}
    if isinstance(change, ChangeUnits):
        return {"add": change.add, "remove": change.remove}
    return {}
