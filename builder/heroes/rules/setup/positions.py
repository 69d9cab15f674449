"""The positions file: where each counter of one side stands at the start of a game.

```yaml
format: hon-positions
version: 1
scenario: duel            # optional: the scenario it was made for
side: alpha               # optional: the side when every entry is the same side's
positions:
  - {unit: alpha/tiles[0]/rifles/1, at: [0, 2]}
  - {unit: tank, at: [1, 3], facing: ne}     # a unit id takes the next counter of that unit
  - {unit: mg-team, at: [0, 3], side: 1}     # deployed with its other side up (Tripod)
```

`facing` is n, ne, e, se, s, sw, w or nw (or 0 to 7, eighths clockwise from north): a
two-square counter's front square is `at` and its rear is behind it."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, WithJsonSchema

from builder.heroes.catalogue.base import Id
from builder.heroes.catalogue.terrain import Coordinate
from builder.heroes.rules.geometry.grid import COMPASS, compass, facing_of

POSITIONS_FORMAT = "hon-positions"
POSITIONS_VERSION = 1


def _facing(value: Any) -> Any:
    if isinstance(value, str):
        return facing_of(value)
    return value


Facing = Annotated[
    int,
    BeforeValidator(_facing),
    Field(ge=0, le=7),
    PlainSerializer(compass, return_type=str),
    WithJsonSchema({"anyOf": [{"enum": list(COMPASS)}, {"type": "integer", "minimum": 0, "maximum": 7}]}),
]


class PositionEntry(BaseModel):
    """One counter on the battlefield."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    unit: str = Field(min_length=1, max_length=200)  # a counter key or a unit id
    at: tuple[Coordinate, Coordinate]
    facing: Facing = 0
    side: Literal[0, 1] = 0  # which side of the counter is up


class PositionsFile(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    format: Literal["hon-positions"] = "hon-positions"
    version: Literal[1] = 1
    scenario: Id | None = None
    side: Id | None = None
    positions: list[PositionEntry] = Field(default_factory=list)
