"""The actions an activated unit may take (HoN core p.9-26; BfC; SoN), as a side's player
declares them and a Turn resolves them: among them the assaults Shadows over Normandie's
Assault variants allow (SoN p.17; `assault_variants` plays them) and Battle for Caen's field
works and aviation: laying and lifting Mine markers (BfC p.09), deploying Military
Engineering items and Forward Positions (BfC p.08-09), an Aviator getting into its airplane
and the airplane taxiing or taking off (BfC p.10-11), which `gear.mines`, `gear.field_works`
and `aviation` resolve."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.events.game import HoldReason
from builder.heroes.rules.gear.markers import GearFire, GearMove, GearThrow, GrenadeInto
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import Point
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos.state import Cast, FireAtTotem, SearchCheck, Treat
from builder.heroes.rules.pieces import Square
from builder.heroes.rules.resolution.structures import Demolish
from builder.kernel.events import Modifier


@dataclass(frozen=True)
class ChainAssault:
    """Brutal Assault, Long Distance Assault, or both: after the Movement Action `path` the unit
    assaults each of `defenders` in turn, until it loses. `from_afar`: Long Distance, from
    where the move ended, up to its value away, never taking their places; otherwise Brutal,
    on the enemies its counter covers at the end of `path` (the last position of which
    overlaps them)."""

    path: Path
    defenders: tuple[str, ...]
    from_afar: bool = False


@dataclass(frozen=True)
class AssaultOnTheMove:
    """Assault (on the Move): an assault during the Movement Action (`path`, ending with the
    step into the defender's square, as an AssaultAction's), the rest of the move heading for
    `goal` if the unit did not lose."""

    path: Path
    defender: str
    goal: Square | None = None
    # With Brutal Assault: the enemies it assaults next during the same move, in turn (SoN p.17).
    then: tuple[str, ...] = ()


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


@dataclass(frozen=True)
class Move:
    """A Movement Action along `path`. With `fire`, Fire on the Move: a Firing Action with the
    weapons that have the ability, taken at position `fire_at` of the path (0: before leaving,
    else after entering that square; None: at the end), HoN core p.23, p.33. `cards`: action
    cards played for their movement Alternate Bonus (p.17)."""

    path: Path
    fire: Fire | None = None
    fire_at: int | None = None
    cards: tuple[str, ...] = ()  # action cards played for their movement Alternate Bonus (HoN core p.17)
    windows: tuple[str, ...] = ()  # Surprise cards played, one per window it goes through (HoN core p.17)


@dataclass(frozen=True)
class Enter:
    """A unit in reserve enters the battlefield on an entry square (its Movement Action)."""

    position: Position


MAX_AMMO = 3  # "you may use up to 3 identical markers on the same action" (HoN core p.28)


@dataclass(frozen=True)
class Fire:
    """A Firing Action: each weapon and the key of its target. `suppressive`: the weapons
    firing Suppressive Fire (HoN core p.24); `shares`, one per shot when given: a Machine
    Gunner's share of its modified combat value for that target, None for a whole shot (p.24).
    `ammo`: Ammo markers spent on the action, at most MAX_AMMO."""

    shots: tuple[tuple[Weapon | None, str], ...]
    suppressive: tuple[Weapon | None, ...] = ()
    shares: tuple[int | None, ...] = ()
    ammo: int = 0  # Ammo markers spent: +1 each to the combat value against infantry (HoN core p.28)
    recce_ammo: int = 0  # Recce Gear Ammo markers: +2 against light vehicles, +1 against heavy (BfC p.09)


@dataclass(frozen=True)
class AssaultAction:
    path: Path  # the Movement Action up to the square next to the defender
    defender: str
    # Charge (BfC p.08): a Firing Action at the defender before the assault is resolved.
    charge: bool = False
    knife: bool = False  # the attacker discards a Knife marker: +2 to its result (HoN core p.31)
    bonuses: tuple[Modifier, ...] = ()  # Assault on the Move's penalty (SoN p.17)
    windows: tuple[str, ...] = ()  # Surprise cards played, one per window it goes through (HoN core p.17)


@dataclass(frozen=True)
class Hold:
    """The unit does nothing, and why (with the rule's page when a rule holds it)."""

    why: HoldReason
    page: str | None = None


@dataclass(frozen=True)
class Clear:
    """An Engineer removes a barbed hedgehog in its ZoC instead of a Movement or Firing
    Action (BfC p.05): `line` is its index in the battlefield's lines."""

    line: int


@dataclass(frozen=True)
class Leave:
    """A unit standing on its side's exit squares leaves the battlefield (its Movement Action)."""


@dataclass(frozen=True)
class TemplateFire:
    """An Alternate Firing Action at an interspace with Howitzer or Indirect Fire (HoN core p.23)."""

    at: Point


@dataclass(frozen=True)
class Snipe:
    """A Sniper's Alternate Firing Action (HoN core p.24)."""

    target: str


@dataclass(frozen=True)
class ChangeState:
    """Turn the counter over of the unit's own will (HoN core p.21): at the start or the end
    of its Movement Action, once; with no path it is a zero move (allowed even with a 0 or X
    Movement Value). `first`: turn over before moving along `path` (planned with the side it
    turns to), else after."""

    path: Path | None = None
    first: bool = False


@dataclass(frozen=True)
class Embark:
    """An infantry unit moves along `path` (or not at all) and, at the end of its Movement
    Action, gets into the transport next to it (HoN core p.27)."""

    transport: str
    path: Path | None = None


@dataclass(frozen=True)
class Disembark:
    """An embarked unit gets off its transport at the start of its Movement Action into an
    unoccupied square next to it (HoN core p.27), then may go on along `path` (from that
    square): the step out counts as one square of its move (hon's reading)."""

    square: Square
    path: Path | None = None


@dataclass(frozen=True)
class PushWreck:
    """A vehicle announces a push, moves along `path` (or not), then takes one more step in
    `direction` (a facing) into the wreck's square, pushing it one square on; this ends its
    Movement Action (HoN core p.11)."""

    wreck: str
    direction: int
    path: Path | None = None


Action = (
    Move
    | Enter
    | Fire
    | AssaultAction
    | Hold
    | TemplateFire
    | Snipe
    | ChangeState
    | Embark
    | Disembark
    | PushWreck
    | Clear
    | Leave
    | GearFire
    | GearThrow
    | GearMove
    | GrenadeInto
    | PlaceMine
    | ClearMine
    | Deploy
    | Board
    | Fly
    | Cast
    | FireAtTotem
    | SearchCheck
    | Treat
    | ChainAssault
    | AssaultOnTheMove
    | Demolish
)
