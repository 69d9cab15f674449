"""The actions an activated unit may take (HoN core p.9-26), what a side is asked while one
resolves, and the state every part of a Turn shares."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from builder.heroes.catalogue.cards import ActionCard
from builder.heroes.catalogue.terrain import LineKind
from builder.heroes.catalogue.units import CombatValues, Weapon
from builder.heroes.rules.assault import Assault, AssaultOutcome, AssaultResult
from builder.heroes.rules.assault_kinds import AssaultOnTheMove, ChainAssault
from builder.heroes.rules.cards import CardChoices
from builder.heroes.rules.combat import (
    Aim,
    FireOutcome,
    FireResult,
    Shot,
    name,
)
from builder.heroes.rules.damage import DamageLocation, Effect, Rerolls
from builder.heroes.rules.events import (
    CardUse,
    HeroesEvent,
    Phase,
)
from builder.heroes.rules.footprint import Position
from builder.heroes.rules.gear import GearFire, GearMove, GearThrow, GrenadeInto
from builder.heroes.rules.grid import Point, edge_of_segment, neighbours
from builder.heroes.rules.mythos import Cast, FireAtTotem, SearchCheck, Treat
from builder.heroes.rules.passage import passage_map
from builder.heroes.rules.path import Path
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.state import Frame, GameState, GearPool
from builder.heroes.rules.structures import Demolish
from builder.heroes.rules.templates import SniperResult
from builder.heroes.rules.urban_fighter import URBAN_FIGHTER
from builder.heroes.rules.works import Board, ClearMine, Deploy, Fly, PlaceMine
from builder.heroes.rules.zoc import zone_among, zones_of_control
from builder.heroes.scenario.battlefield import PlacedElement
from builder.heroes.scenario.models import ZoneKind
from builder.kernel.dice import Dice
from builder.kernel.events import Modifier, Roll


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


class Watcher(Protocol):
    """Who decides, for one side, whether a unit takes Opportunity Fire (HoN core p.24)."""

    def opportunity(self, state: GameState, firer: Piece, target: Piece) -> Fire | None:
        """The Firing Action `firer` takes at `target` now, or None to let it be."""
        ...

    def defend_with_knife(self, state: GameState, defender: Piece, assault: Assault) -> bool:
        """Whether an assaulted unit that may discard a Knife marker does (HoN core p.31)."""
        ...

    def transfer_aid(self, state: GameState, medic: Piece, patient: Piece, hit: Piece, destroyed: bool) -> bool:
        """Whether a Medic moves its Aid marker from `patient` to `hit`, a unit that just took
        a hit (`destroyed`: one that eliminates it): the patient then suffers the damage it
        avoided (SoN p.18)."""
        ...

    def elder_signs(self, state: GameState, piece: Piece, short: int, held: int) -> int:
        """How many of the `held` Elder Signs a unit plays on a throw against a Manifestation
        (a Terror check, a shot, an assault) that a 4 would miss by `short` (SoN p.14)."""
        ...

    def substitute(
        self, state: GameState, weapon: Piece, stand_ins: tuple[Piece, ...], destroyed: bool, double: bool
    ) -> Piece | None:
        """Which Substitute (nearest first) suffers a hit in place of the Heavy Weapon, or None
        (`destroyed`: the hit destroys the weapon; `double`: a double hit) (BfC p.08)."""
        ...

    def amulets(self, state: GameState, side: str, held: int) -> tuple[str, ...]:
        """The enemy units the side forces to a Terror check, an Amulet of Dagon each (SoN p.16)."""
        ...


class Player(CardChoices, Watcher, Protocol):
    """What a side is asked while another unit's action resolves: its card decisions (HoN
    core p.17) and its Opportunity Fire and Knife markers (p.24, p.31)."""


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


def exit_squares(state: GameState, side: str) -> frozenset[Square]:
    """The squares `side`'s units leave the battlefield from (its exit zones)."""
    return frozenset(
        sq
        for zone in state.scenario.zones
        if zone.side == side and zone.kind is ZoneKind.EXIT
        for sq in zone.area.cells()
        if sq in state.battlefield.squares
    )


def hedgehogs_in_reach(state: GameState, piece: Piece) -> list[int]:
    """The barbed hedgehog lines an Engineer may remove: a segment beside its squares or its
    ZoC (BfC p.05: "remove a Barbed Hedgehogs marker present in their ZoC")."""
    if not piece.side.has("engineer") or not piece.squares:
        return []
    near = set(piece.squares) | zone_among(state.battlefield, piece, state.ruleset, state.pieces.values())
    return [
        j
        for j, placed in enumerate(state.battlefield.lines)
        if placed.line.kind is LineKind.HEDGEHOG
        and any(sq in near for p, q in placed.segments for sq in edge_of_segment(p, q))
    ]


def may_stand(
    state: GameState, piece: Piece, squares: tuple[Square, ...], ignoring: frozenset[str] = frozenset()
) -> bool:
    """One unit per square, never a square the unit may not enter (HoN core p.9, p.18); an
    infantry unit may stand on a wreck's square (HoN core p.19). `ignoring`: units about to
    make way (infantry a vehicle runs over, p.10)."""
    passage = passage_map(state.battlefield)
    occupant = state.occupant()
    for square in squares:
        if square not in state.battlefield.squares or passage.refusal(square, piece.unit, piece.side) is not None:
            return False
        other = occupant.get(square)
        if other is not None and other.key in ignoring:
            continue
        if other is not None and other.key != piece.key and not (other.is_wreck and piece.is_infantry):
            return False
    return True


def _may_move(piece: Piece, path: Path, page: str) -> None:
    """A heavy vehicle with a Tracks damage marker may no longer execute Movement Actions
    (HoN core p.15)."""
    if DamageLocation.TRACKS in piece.damage and len(path.positions) > 1:
        raise ValueError(f"the tracks of {name(piece)} are damaged: no more Movement Actions ({page})")


def may_step(state: GameState, piece: Piece, square: Square, windows: bool = False) -> bool:
    """Whether a one-square unit on a Forced Move may step from its square into the neighbouring
    `square`: no wall crossed, and a building left or entered only through a door (HoN core
    p.10, p.20) - or a window, with `windows` (a Surprise card, p.17) or for an Urban Fighter
    (BfC p.08)."""
    urban = windows or piece.side.has(URBAN_FIGHTER)
    return passage_map(state.battlefield).step_for(piece.square, square, piece.unit.type, piece.side, urban).allowed


def forced_move_zones(state: GameState, piece: Piece) -> dict[Square, frozenset[str]]:
    """The enemy zones of control a Forced Move of `piece` may not move within: only enemy
    infantry's hinder infantry (HoN core p.11-12; a vehicle's hinders no one, p.12)."""
    if not piece.is_infantry:
        return {}
    enemies = [p for p in state.units() if p.allegiance != piece.allegiance and p.is_infantry and p.embarked_in is None]
    others = Occupancy(p for p in state.pieces.values() if p.key != piece.key)
    return zones_of_control(state.battlefield, enemies, state.ruleset, others)


def _where(squares: tuple[Square, ...]) -> str:
    return " ".join(f"[{c}, {r}]" for c, r in squares)


def enemies_in_reach(state: GameState, piece: Piece, reach: int) -> Iterator[Piece]:
    """Enemy units within `reach` squares of any of the piece's squares."""
    for other in state.enemies_of(piece.owner):
        if min(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for a in piece.squares for b in other.squares) <= reach:
            yield other


def neighbours_of(squares: tuple[Square, ...]) -> list[Square]:
    """The squares next to a counter on `squares`, sorted."""
    found = {n for sq in squares for n in neighbours(sq)}
    return sorted(found - set(squares))


class TurnBase:
    """What every part of a Turn shares: the state it changes, the dice, the phase, the
    players asked while an action resolves, and the frames it records."""

    def __init__(self, state: GameState, dice: Dice, phase: Phase, players: Mapping[str, Player] | None = None) -> None:
        self.state, self.dice, self.phase = state, dice, phase
        self.choices: Mapping[str, CardChoices] = players or {}
        self.frames: list[Frame] = []
        # Each side's policy, asked for Opportunity Fire during the Activation Phase (HoN core p.24).
        self.watchers: Mapping[str, Watcher] = players or {}
        # The same players as the optional rules ask them (Heroic, Veteran, Battle Events...):
        # each tests the side's player for the protocol it asks, and a side without one has None.
        # Typed `object`: mypy cannot narrow `Watcher | None` to a protocol Watcher does not
        # name (mypy #12802) and would skip the code after such a test as unreachable.
        self.players: Mapping[str, object] = players or {}

    @property
    def events(self) -> list[HeroesEvent]:
        return [frame.event for frame in self.frames]

    def add(self, event: HeroesEvent) -> None:
        """Record an event with the battlefield as it stands now."""
        self.frames.append(Frame(event, tuple(self.state.pieces.values())))

    if TYPE_CHECKING:
        # Parts of a Turn that call one another (builder.heroes.rules.activation assembles them).
        def update_control(self) -> None: ...

        def _move(
            self,
            piece: Piece,
            path: Path,
            cards: tuple[str, ...] = (),
            *,
            ends_action: bool = True,
            turned: bool = False,
            shots: Fire | None = None,
            fire_at: int | None = None,
            interruptible: bool = True,
        ) -> bool: ...

        def _moved_on(self, key: str, path: Path) -> Piece | None: ...

        def _capture(self, attacker: Piece, defender: Piece) -> bool: ...

        def tread(self, key: str, squares: tuple[Square, ...]) -> Piece | None: ...

        def breathe(self, key: str, was: tuple[Square, ...], squares: tuple[Square, ...]) -> Piece | None: ...

        def _carry(self, vehicle: Piece) -> None: ...

        def _wreck_points(
            self, vehicle: Piece, key: str, points: int, how: str, rule: str = "crushing-wrecks"
        ) -> None: ...

        def _spotted_on_the_way(self, piece: Piece, path: Path) -> tuple[int, Piece, tuple[Square, ...]] | None: ...

        def _spotting_on_the_way(self, piece: Piece, path: Path) -> list[Piece]: ...

        def _tell_spotted(self, piece: Piece, by: Piece, at: tuple[Square, ...], how: str = "") -> None: ...

        def spot_all(self, except_key: str | None = None) -> None: ...

        def _watching(self, mover: str) -> bool: ...

        def watch(self, key: str, when: str) -> None: ...

        def _fire(
            self, firer: Piece, action: Fire, on_the_move: bool = False, opportunity: bool = False, when: str = ""
        ) -> None: ...

        def _shoot(self, shooter: Piece, shot: Shot, before: str = "", after: str = "") -> None: ...

        def _after_fire(self, result: FireResult) -> None: ...

        def _destruction(self, result: FireResult) -> None: ...

        def damage_structure(self, element: PlacedElement, points: int) -> None: ...

        def _assault_destruction(self, attacker: Piece, where: PlacedElement | None) -> None: ...

        def _template_destruction(self, firer: Piece, area: Iterable[Square], weapon: Weapon | None = None) -> None: ...

        def _displace(
            self,
            defender: Piece,
            options: list[Square],
            moved: str,
            stuck: str,
            rule: str,
            suppress: int = 0,
            windows: bool = False,
        ) -> None: ...

        def _surprise(
            self, piece: Piece, path: Path, card_ids: tuple[str, ...], action: str = "Movement Action"
        ) -> None: ...

        def _surprise_exit(self, defender: Piece, options: list[Square]) -> bool: ...

        def _play_bonus(self, side: str, card: ActionCard, piece: Piece, what: str) -> None: ...

        def _fire_bonus(self, firer: Piece, shot: Shot) -> Shot: ...

        def _rerolls(self, shooter: Piece, shot: Shot) -> Callable[[Aim, Roll, FireOutcome], bool] | None: ...

        def _veteran_reroll(self, shooter: Piece | None, shot: Shot) -> Callable[[Aim, Roll, FireOutcome], bool]: ...

        def _veteran_rolls(self, *parties: Piece | None) -> Rerolls: ...

        def _shielded(self, shot: Shot) -> Shot: ...

        def _shield_terrain(self, combat: CombatValues, firer: Piece | None) -> Callable[[Piece], int]: ...

        def _shielded_assault(self, assault: Assault) -> Assault: ...

        def _life_point_sniped(self, target: Piece, result: SniperResult) -> SniperResult: ...

        def _life_point_assault(self, result: AssaultResult) -> AssaultResult: ...

        def _assault_rerolls(self, assault: Assault) -> Callable[[AssaultOutcome, Roll, Roll], str | None]: ...

        def _life_points(self, result: FireResult) -> FireResult: ...

        def _recce_ammo(self, firer: Piece, action: Fire) -> int: ...

        def _spend_marker(self, piece: Piece, marker: str, page: str, what: str, count: int = 1) -> GearPool: ...

        def _second_chance(self, firer: Piece) -> Callable[[Aim, Roll, FireOutcome], bool] | None: ...

        def _assault_bonuses(self, assault: Assault) -> Assault: ...

        def _take_initiative(self, side: str, card: ActionCard, head: str) -> None: ...

        def _return_to_sender(self, thrower: Piece, lands: Point) -> Point: ...

        def _burst(self, side: str, card: ActionCard, piece: Piece, head: str) -> None: ...

        def _declare(
            self, firer: Piece, weapon: Weapon | None, planned: str, later: bool, action: Fire
        ) -> str | None: ...

        def _second_chance_assault(
            self, assault: Assault
        ) -> Callable[[AssaultOutcome, Roll, Roll], str | None] | None: ...

        def _card_event(
            self, side: str, card: ActionCard, use: CardUse, unit: str | None, text: str, rolls: tuple[Roll, ...] = ()
        ) -> None: ...

        def still_works(self, piece: Piece) -> bool: ...

        def signed_shot(self, shot: Shot) -> Shot: ...

        def signed_assault(self, assault: Assault) -> Assault: ...

        def poisoned_blades(self, assault: Assault) -> tuple[Assault, int]: ...

        def poison(self, attacker: Piece, defender: Piece, count: int) -> None: ...

        def aided(self, before: Piece, after: Piece | None, effect: Effect) -> bool: ...

        def hurt(
            self, before: Piece, after: Piece | None, effect: Effect, hit: bool = True, assault: bool = False
        ) -> None: ...

        def _stand_in_for(self, weapon: Piece, destroyed: bool, double: bool) -> Piece | None: ...

        def _substituted(self, before: Piece, effect: Effect, assault: bool) -> bool: ...
