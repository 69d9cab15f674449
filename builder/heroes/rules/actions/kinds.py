"""The actions an activated unit may take (HoN core p.9-26; BfC; SoN): what a side's policy
chooses and a Turn resolves."""

from __future__ import annotations

from dataclasses import dataclass

from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.actions.assault_kinds import AssaultOnTheMove, ChainAssault
from builder.heroes.rules.actions.works import Board, ClearMine, Deploy, Fly, PlaceMine
from builder.heroes.rules.gear.markers import GearFire, GearMove, GearThrow, GrenadeInto
from builder.heroes.rules.geometry.footprint import Position
from builder.heroes.rules.geometry.grid import Point
from builder.heroes.rules.geometry.path import Path
from builder.heroes.rules.mythos.state import Cast, FireAtTotem, SearchCheck, Treat
from builder.heroes.rules.pieces import Square
from builder.heroes.rules.resolution.structures import Demolish
from builder.kernel.events import Modifier


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
    reason: str


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
