"""The actions of Battle for Caen's field works and aviation, as a policy declares them: laying
and lifting Mine markers (BfC p.09), deploying Military Engineering items and Forward Positions
(BfC p.08-09), an Aviator getting into its airplane and the airplane taxiing or taking off
(BfC p.10-11). `builder.heroes.rules.gear.mines`, `field_works` and `aviation` resolve them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from builder.heroes.rules.geometry.grid import Point
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.pieces import Square


@dataclass(frozen=True)
class PlaceMine:
    """Instead of a Firing or Movement Action, an activated infantry unit places a Mine marker
    of its Minen option on a square of its Zone of Control (BfC p.09)."""

    square: Square


@dataclass(frozen=True)
class ClearMine:
    """An Engineer discards an adjacent Mine marker instead of a Firing or Movement Action
    (BfC p.09)."""

    square: Square


class Item(StrEnum):
    """What a unit deploys on the battlefield, by the id of the marker its option gives:
    Military Engineering's two items (BfC p.08) and the Position option's Forward Position
    (BfC p.09)."""

    ADVANCED_POSITION = "advanced-position"
    BARBED_HEDGEHOG = "barbed-hedgehog"
    FORWARD_POSITION = "forward-position"


@dataclass(frozen=True)
class Deploy:
    """A unit deploys an item: a position on `square`, a barbed hedgehog along `segment` (two
    neighbouring interspaces). By Military Engineering at the beginning (`first`) or the end of
    its Movement Action along `path` (BfC p.08); a Forward Position on its own square instead of
    a Firing or Movement Action (BfC p.09, no path)."""

    item: Item
    square: Square | None = None
    segment: tuple[Point, Point] | None = None
    path: Path | None = None
    first: bool = False


@dataclass(frozen=True)
class Board:
    """An Aviator moves along `path` to a square next to its airplane, then ends its movement
    in it: it turns over and rides in the cockpit (BfC p.10-11)."""

    airplane: str
    path: Path | None = None


@dataclass(frozen=True)
class Fly:
    """An airplane's Movement Action (BfC p.10-11): its Speed marker changed to `speed` at the
    beginning, then `path`, at least the new Movement Value less one square long. With
    `take_off`, the Speed marker showed 6 as the action began and `path` runs 6 squares in a
    straight line: the airplane is then removed from play, having taken off."""

    speed: int
    path: Path
    take_off: bool = False
