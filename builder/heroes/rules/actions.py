"""What an activated unit does, and how the game state changes when it does it: a Movement
Action (entering the battlefield included), a Firing Action or an Assault (HoN core p.9-26).

Every change goes through here, so every rule about where a unit may end (one unit per
square, never an impassable square) is kept in one place; each action returns the events
that narrate it, dice and modifiers included."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from builder.heroes.catalogue.cards import ActionCard, BonusKind, CardEffectKind, CardTiming
from builder.heroes.catalogue.terrain import LineKind
from builder.heroes.catalogue.units import CombatValues, DefenseColour, Role, SideState, UnitType, Weapon, WeaponRole
from builder.heroes.rules.assault import (
    Assault,
    AssaultOutcome,
    AssaultResult,
    AttackerMove,
    DefenderMove,
    resolve_assault,
)
from builder.heroes.rules.cards import (
    ASSAULT_BONUSES,
    FIRE_BONUSES,
    MOVE_BONUSES,
    CardChoices,
    CardPlay,
    bonus_cards,
    bonus_modifier,
)
from builder.heroes.rules.combat import (
    Aim,
    Facing,
    FireOutcome,
    FireResult,
    IllegalAttack,
    Shot,
    aim,
    fire,
    machine_gunner_pool,
    name,
    split_machine_gunner,
    take_hit,
)
from builder.heroes.rules.crew import bail_out, crews_in
from builder.heroes.rules.damage import DamageLocation, Effect, destroy
from builder.heroes.rules.events import (
    AdvanceEvent,
    AssaultEvent,
    BreaksEvent,
    CardEvent,
    CardUse,
    ClearEvent,
    ControlEvent,
    CrushEvent,
    DestroyedEvent,
    EmbarkEvent,
    EnterEvent,
    ExitEvent,
    FireEvent,
    FlipEvent,
    HeroesEvent,
    HoldEvent,
    MoveEvent,
    Phase,
    PushWreckEvent,
    RetreatEvent,
    RubbleEvent,
    SniperEvent,
    SpotEvent,
    TemplateEvent,
)
from builder.heroes.rules.grid import Point, compass, edge_of_segment, footprint_squares, neighbours, range_between
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.los import blocked_by_terrain, line_of_sight
from builder.heroes.rules.movement import DIFFICULT, Path, Position, allowance
from builder.heroes.rules.passage import passage_map
from builder.heroes.rules.pieces import STEPS, Piece, Square
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.spotting import inactive, may_change_state, seen_clearly, spotter, turned_over
from builder.heroes.rules.state import Frame, GameState, destroyed_in
from builder.heroes.rules.structures import collapse, structure_of
from builder.heroes.rules.templates import (
    SCATTER_DIRECTIONS,
    TemplateKind,
    check_template,
    covered,
    explosion_squares,
    lay_template,
    scatter,
    snipe,
)
from builder.heroes.rules.zoc import zone_of_control, zones_of_control
from builder.heroes.scenario.battlefield import PlacedElement, PlacedLine
from builder.heroes.scenario.models import ZoneKind
from builder.kernel.dice import Dice
from builder.kernel.events import Modifier, Roll

SPOTTING_MOVERS = frozenset({UnitType.INFANTRY, UnitType.LIGHT_VEHICLE})  # SoN p.17

# --- Looking at the battlefield ---------------------------------------------------------


def cover(state: GameState, piece: Piece, squares: tuple[Square, ...] | None = None) -> int:
    """The terrain's defensive bonus for the piece's colour where it stands, or would stand on
    `squares` (HoN core p.18)."""
    return terrain_bonus(state, cover_table(state, piece.colour), squares or piece.squares)


def terrain_bonus(state: GameState, table: dict[Square, int], squares: tuple[Square, ...]) -> int:
    """The defensive bonus of `table` (a `cover_table`) for a counter on `squares`: "In order to
    receive any bonuses from a Terrain Element, a unit must be completely inside that Terrain
    Element" (HoN core p.18), so a counter of two or four squares has it only when every one
    of its squares is in the same element."""
    if not squares:
        return 0
    first = table.get(squares[0], 0)
    if len(squares) == 1 or not first:
        return first
    at = state.battlefield.element_at
    element = at.get(squares[0])
    return first if all(at.get(sq) is element for sq in squares[1:]) else 0


def cover_table(state: GameState, colour: DefenseColour) -> dict[Square, int]:
    """The defensive bonus of every square for one colour (none for creatures), worked out
    once per battlefield: the policy weighs cover for every square it could move to."""
    bonuses = _BONUSES(state.battlefield)
    table = bonuses.get(colour)
    if table is None:
        field = state.battlefield
        table = bonuses[colour] = (
            {}
            if colour is DefenseColour.CREATURE
            else {sq: bonus for sq in field.squares if (bonus := field.effects_at(sq).defense.get(colour.value, 0))}
        )
    return table


_BONUSES: PerBattlefield[dict[DefenseColour, dict[Square, int]]] = PerBattlefield(lambda _: {})


DEFENDER_PAGE = CHARGE_PAGE = AMBUSH_SPOTTER_PAGE = "BfC p.08"
SUBSTITUTE_REACH = 2  # squares (BfC p.08)


def defender_bonus(state: GameState, target: Piece) -> tuple[Modifier, ...]:
    """Defender (BfC p.08): "This unit grants +1 to the Defense Value of allied Infantry Units
    in its ZoC" - once, however many Defenders cover the target; a Defender does not cover
    itself (its ZoC is the squares around it)."""
    if target.unit.type is not UnitType.INFANTRY:
        return ()
    squares = set(target.squares)
    # "If this unit is Destroyed, this effect persists until the end of the present
    # Activation Phase" (BfC p.08).
    fallen = [p for p in state.fallen_defenders.values() if p.owner == target.owner]
    for piece in (*state.units(target.owner), *fallen):
        if piece.key == target.key or not piece.side.has("defender"):
            continue
        if squares & zone_of_control(state.battlefield, piece, state.ruleset):
            return (Modifier(f"Defender ({name(piece)})", 1, DEFENDER_PAGE),)
    return ()


def line_bonus(state: GameState, firer: Piece, target: Piece, lines: tuple[PlacedLine, ...]) -> int:
    """The defensive bonus the BfC lines a shot crosses give its target (BfC p.04): each line
    (each segment of it, as if separate) adds its bonus for the target's colour, except when
    the firer is adjacent to that line ("A Line affects the Firing Actions of Units not
    adjacent to it") or the line bounds a terrain element (a trench), whose bonus then goes
    only to the units inside the element, through its squares (BfC p.04, point 5)."""
    if not lines or target.colour is DefenseColour.CREATURE:
        return 0
    colour = target.colour.value
    at = state.battlefield.element_at
    firer_squares = set(firer.squares)
    total = 0
    for placed in lines:
        bonus = placed.line.effects.defense.get(colour, 0)
        if not bonus:
            continue
        edges = [edge_of_segment(p, q) for p, q in placed.segments]
        if any(sq in firer_squares for edge in edges for sq in edge):
            continue
        if any(len({at[sq].key if sq in at else None for sq in edge}) > 1 for edge in edges):
            continue
        total += bonus
    return total


def _shared_cover(state: GameState, a: Piece, b: Piece) -> bool:
    """A firer or assaulter inside the same defensive position or building gets no bonus
    against (HoN core p.19-20)."""
    at = state.battlefield.element_at
    target = {at[sq].key for sq in b.squares if sq in at and at[sq].effects.shared_cover}
    return any(sq in at and at[sq].key in target for sq in a.squares)


def struck_facing(target: Piece, firer_squares: tuple[Square, ...]) -> Facing | None:
    """Which Defense Value of a heavy vehicle a shot strikes (HoN core p.14): by the angle
    between the vehicle's facing and the line to the firer, front within 45° either way,
    rear beyond 135°, side between; on a boundary the firer takes the weaker one."""
    defense = target.side.defense
    if defense is None or not defense.has_facings:
        return None
    cx = sum(c for c, _ in target.squares) / len(target.squares)
    cy = sum(r for _, r in target.squares) / len(target.squares)
    fc, fr = min(firer_squares, key=lambda sq: (sq[0] - cx) ** 2 + (sq[1] - cy) ** 2)
    bearing = math.degrees(math.atan2(fc - cx, cy - fr))  # 0 north, 90 east
    off = abs((bearing - target.facing * 45 + 180) % 360 - 180)
    if off < 45:
        return Facing.FRONT
    return Facing.SIDE if off < 135 else Facing.REAR


def one_weapon_only(piece: Piece) -> bool:
    """A heavy vehicle whose crew is hit fires only one of its weapons each turn, not both
    (HoN core p.15: the Crew damage marker)."""
    return DamageLocation.CREW in piece.damage and len(piece.side.weapons) > 1


def in_arc(firer: Piece, target_squares: tuple[Square, ...], weapon: Weapon | None) -> bool:
    """Whether a target lies inside a weapon's firing arc (HoN core p.14): "the line from the
    attacker to the target must extend between the two marks at each end of the firing arc".
    The arc is centred on the counter's front; the line runs from the counter's centre to the
    centre of any square of the target (the shortest line settles a doubt, p.14), and a line
    on a mark counts as inside. Without a limited arc every target is inside (360°)."""
    arc = weapon.arc if weapon is not None else None
    if arc is None or arc >= 360:
        return True
    cx = sum(c for c, _ in firer.squares) / len(firer.squares)
    cy = sum(r for _, r in firer.squares) / len(firer.squares)
    half = arc / 2 + 1e-9
    for tc, tr in target_squares:
        if (tc, tr) in firer.squares:
            continue
        bearing = math.degrees(math.atan2(tc - cx, cy - tr))  # 0 north, 90 east
        if abs((bearing - firer.facing * 45 + 180) % 360 - 180) <= half:
            return True
    return False


def weapons_of(piece: Piece) -> tuple[Weapon | None, ...]:
    """What a unit fires with: its combat values (None), or each of a vehicle's weapons, all
    of which it may use in one Firing Action (HoN core p.14)."""
    if piece.side.combat is not None or not piece.side.weapons:
        return (None,)
    return tuple(piece.side.weapons)


def shot_at(
    state: GameState,
    firer: Piece,
    target: Piece,
    weapon: Weapon | None = None,
    occupancy: Occupancy | None = None,
    charge: bool = False,
) -> Shot | None:
    """The Firing Action `firer` could make at `target` from where both stand, or None when
    the rules forbid it (no line of sight, out of range, X against the colour…). Pass the
    `occupancy` when asking for many shots on one battlefield; `charge`: Charge's Firing
    Action, free of range restrictions (BfC p.08)."""
    return shots_at(state, firer, target, (weapon,), occupancy, charge=charge)[0]


def shots_at(
    state: GameState,
    firer: Piece,
    target: Piece,
    weapons: tuple[Weapon | None, ...],
    occupancy: Occupancy | None = None,
    *,
    charge: bool = False,
    on_the_move: bool = False,
    opportunity: bool = False,
) -> list[Shot | None]:
    """`shot_at` for each of the firer's weapons, tracing the line of sight once; a weapon
    whose firing arc does not hold the target has none (HoN core p.14). `on_the_move`: Fire on
    the Move, only weapons with the ability (p.14, p.23); `opportunity`: Opportunity Fire (p.24)."""
    if (
        target.concealed
        or target.embarked_in is not None
        or _no_fire_aboard(firer)
        or target.is_wreck
        or blocked_by_terrain(state.battlefield, firer, target, state.ruleset)
    ):
        return [None] * len(weapons)
    if firer.embarked_in is not None:  # "Infantry Units do not block LoS for embarked units" (HoN core p.27)
        seen = Occupancy(p for p in state.pieces.values() if not p.is_infantry)
    else:
        seen = occupancy if occupancy is not None else Occupancy(state.pieces.values())
    sight = line_of_sight(state.battlefield, seen, firer, target, state.ruleset)
    if sight.blocked:
        return [None] * len(weapons)
    terrain = 0 if _shared_cover(state, firer, target) else cover(state, target)
    terrain += line_bonus(state, firer, target, sight.lines)
    guarded = defender_bonus(state, target)
    facing = struck_facing(target, firer.squares)
    # A unit inside a structure: a firer with Destruction rolls against it after (HoN core p.22).
    structure = structure_of(state.battlefield, target)
    points = state.structure_points.get(structure.key, 0) if structure is not None else 0
    found: list[Shot | None] = []
    for weapon in weapons:
        if not in_arc(firer, target.squares, weapon):
            found.append(None)  # outside the weapon's firing arc (HoN core p.14)
            continue
        shot = Shot(
            target=target,
            firer=firer,
            weapon=weapon,
            facing=facing,
            terrain=terrain,
            defense_bonuses=guarded,
            range=sight.range,
            penalties=sight.modifiers,
            free_of_range=charge,
            fire_on_the_move=on_the_move,
            opportunity=opportunity,
            structure=structure.effects.structure if structure is not None else None,
            structure_points=points,
        )
        found.append(shot if _aimable(shot, state) else None)
    return found


def _no_fire_aboard(firer: Piece) -> bool:
    """Heavy Weapon units (red outline) cannot fire from a vehicle unless they have Fire on
    the Move (HoN core p.27)."""
    return (
        firer.embarked_in is not None
        and firer.unit.role is Role.HEAVY_WEAPON
        and not firer.side.has("fire-on-the-move")
    )


def _aimable(shot: Shot, state: GameState) -> bool:
    try:
        aim(shot, state.ruleset)
    except IllegalAttack:
        return False
    return True


# --- Actions ----------------------------------------------------------------------------


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


@dataclass(frozen=True)
class AssaultAction:
    path: Path  # the Movement Action up to the square next to the defender
    defender: str
    # Charge (BfC p.08): a Firing Action at the defender before the assault is resolved.
    charge: bool = False
    knife: bool = False  # the attacker discards a Knife marker: +2 to its result (HoN core p.31)


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


class Player(CardChoices, Watcher, Protocol):
    """What a side is asked while another unit's action resolves: its card decisions (HoN
    core p.17) and its Opportunity Fire and Knife markers (p.24, p.31)."""


def knife_bonus(state: GameState) -> Modifier:
    """A Knife marker discarded: +2 to the result of the assault roll (HoN core p.31)."""
    return Modifier("Knife", 2, state.ruleset.cite("knife"))


def may_take_opportunity_fire(piece: Piece) -> bool:
    """A unit with the Opportunity Fire ability, not yet activated, on the battlefield (HoN core p.24)."""
    return (
        not piece.activated
        and not piece.is_wreck
        and piece.embarked_in is None
        and bool(piece.squares)
        and piece.side.has("opportunity-fire")
    )


@dataclass(frozen=True)
class Snipe:
    """A Sniper's Alternate Firing Action (HoN core p.24)."""

    target: str


# --- Templates and snipers (HoN core p.22-24) ------------------------------------------


def template_ability(piece: Piece) -> tuple[TemplateKind, int] | None:
    """The firer's explosion-template ability and, for Indirect Fire, its scattering distance."""
    value = piece.side.ability_value("indirect-fire")
    if piece.side.has("indirect-fire"):
        return TemplateKind.INDIRECT, value or 0
    if piece.side.has("howitzer"):
        return TemplateKind.HOWITZER, 0
    return None


def _building_at(state: GameState, square: Square) -> PlacedElement | None:
    element = state.battlefield.element_at.get(square)
    return element if element is not None and element.effects.building else None


def _building_key(state: GameState, square: Square) -> str | None:
    element = _building_at(state, square)
    return element.key if element is not None else None


@dataclass(frozen=True)
class TemplatePlan:
    """A Howitzer or Indirect Fire shot at an interspace as the rules allow it from where the
    firer stands: direct when the firer sees the interspace, indirect (scattering) otherwise."""

    firer: Piece
    kind: TemplateKind  # HOWITZER: direct fire, no scatter; INDIRECT: it scatters
    at: Point
    combat: CombatValues
    penalties: tuple[Modifier, ...]  # obstacles obscuring a direct shot
    scatter: int  # interspaces, the Artillery Spotter's reduction taken off
    spotter: bool

    def landings(self) -> tuple[tuple[Point, float], ...]:
        """Where the template may land and how likely (HoN core p.23): 5-6 on target, 1-4 each
        direction of the scattering chart."""
        if self.kind is TemplateKind.HOWITZER or self.scatter == 0:
            return ((self.at, 1.0),)
        found = [(self.at, 2 / 6)]
        for direction in SCATTER_DIRECTIONS.values():
            dc, dr = STEPS[direction]
            found.append(((self.at[0] + dc * self.scatter, self.at[1] + dr * self.scatter), 1 / 6))
        return tuple(found)


def template_plan(state: GameState, firer: Piece, at: Point, occupancy: Occupancy | None = None) -> TemplatePlan | None:
    """The template shot `firer` could take at the interspace `at`, or None when the rules
    forbid it: no such ability, X combat values, a template inside a building, Indirect Fire
    from a building, Howitzer without LoS (HoN core p.23)."""
    ability = template_ability(firer)
    combat = firer.side.combat
    if ability is not None and combat is None:  # a vehicle's weapon carrying the ability
        usable = [
            w
            for w in firer.side.weapons
            if not (w.role is not WeaponRole.SECONDARY and DamageLocation.PRIMARY in firer.damage)
        ]
        combat = next((w.combat for w in usable if any(a.id == ability[0].rule for a in w.abilities)), None)
    if ability is None or combat is None or not firer.squares:
        return None
    squares = [sq for sq in sorted(explosion_squares(at)) if sq in state.battlefield.squares]
    if not squares:
        return None
    inside = {_building_key(state, sq) for sq in explosion_squares(at)}
    into_building = len(inside) == 1 and None not in inside
    in_building = any(_building_at(state, sq) is not None for sq in firer.squares)
    seen = occupancy if occupancy is not None else Occupancy(state.pieces.values())
    found = [line_of_sight(state.battlefield, seen, firer, sq, state.ruleset) for sq in squares]
    sight = min(found, key=lambda s: (s.blocked, -s.penalty, s.range))
    kind, distance = ability
    if kind is TemplateKind.INDIRECT and sight.clear:
        kind = TemplateKind.HOWITZER  # with a clear LoS it is fired directly (HoN core p.23)
    try:
        check_template(
            kind,
            state.ruleset,
            firer,
            los=not sight.blocked,
            firer_in_building=in_building,
            into_building=into_building,
        )
    except IllegalAttack:
        return None
    limit = firer.side.ability_value("limited-range")
    if limit and sight.range > limit:
        return None
    if kind is TemplateKind.HOWITZER:
        return TemplatePlan(firer, kind, at, combat, sight.modifiers, 0, False)
    spotter = any(
        p.side.has("artillery-spotter")
        and any(line_of_sight(state.battlefield, seen, p, sq, state.ruleset).clear for sq in squares)
        for p in state.units(firer.owner)
        if p.squares and p.embarked_in is None
    )
    return TemplatePlan(firer, kind, at, combat, (), max(0, distance - (1 if spotter else 0)), spotter)


def template_targets(state: GameState, lands: Point) -> tuple[list[Piece], frozenset[Square]]:
    """The units under an explosion template put on `lands` and the building squares that
    shelter their units from it (HoN core p.23: units inside a building are not affected by a
    template outside it)."""
    area = explosion_squares(lands)
    inside = {_building_key(state, sq) for sq in area}
    within = next(iter(inside)) if len(inside) == 1 else None
    sheltered = frozenset(
        sq
        for element in state.battlefield.elements
        if element.effects.building and element.key != within
        for sq in element.cells
    )
    return covered(area, state.pieces.values(), sheltered), sheltered


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
    near = set(piece.squares) | zone_of_control(state.battlefield, piece, state.ruleset)
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


class Turn:
    """Applies actions to a state and records what happened, for one phase of one turn.
    `players` are the sides asked while an action resolves: their card decisions (Alternate
    Bonuses, re-rolls; without them nobody plays a card but in its own action) and their
    Opportunity Fire and Knife markers (without them nobody takes Opportunity Fire)."""

    def __init__(self, state: GameState, dice: Dice, phase: Phase, players: Mapping[str, Player] | None = None) -> None:
        self.state, self.dice, self.phase = state, dice, phase
        self.choices: Mapping[str, CardChoices] = players or {}
        self.frames: list[Frame] = []
        # Each side's policy, asked for Opportunity Fire during the Activation Phase (HoN core p.24).
        self.watchers: Mapping[str, Watcher] = players or {}

    @property
    def events(self) -> list[HeroesEvent]:
        return [frame.event for frame in self.frames]

    def add(self, event: HeroesEvent) -> None:
        """Record an event with the battlefield as it stands now."""
        self.frames.append(Frame(event, tuple(self.state.pieces.values())))

    def perform(self, key: str, action: Action) -> None:
        piece = self.state.pieces.get(key) or self.state.reserve[key]
        if isinstance(action, Move):
            self._move(piece, action.path, action.cards, shots=action.fire, fire_at=action.fire_at)
        elif isinstance(action, Enter):
            self._enter(piece, action.position)
        elif isinstance(action, Fire):
            self._fire(piece, action)
        elif isinstance(action, AssaultAction):
            self._assault(piece, action)
        elif isinstance(action, TemplateFire):
            self._template(piece, action)
        elif isinstance(action, Snipe):
            self._snipe(piece, action)
        elif isinstance(action, ChangeState):
            self._change_state(piece, action)
        elif isinstance(action, Embark):
            self._embark(piece, action)
        elif isinstance(action, Disembark):
            self._disembark(piece, action)
        elif isinstance(action, PushWreck):
            self._push_wreck(piece, action)
        elif isinstance(action, Clear):
            self._clear(piece, action.line)
        elif isinstance(action, Leave):
            self._leave(piece)
        else:
            self.add(
                HoldEvent(
                    turn=self.state.turn,
                    phase=self.phase,
                    side=piece.owner,
                    text=f"{name(piece)} holds ({action.reason}).",
                    unit=key,
                )
            )
        self.update_control()

    def update_control(self) -> None:
        """A side takes an objective when one of its units stands on it and no enemy unit
        does; it keeps it until the enemy takes it back (BfC p.12: "the German player may
        regain control"). How control is taken is not printed in the books at hand: this
        is the project's reading, stated here."""
        state = self.state
        occupant = state.occupant()
        for objective in state.scenario.objectives:
            on = (occupant.get(sq) for sq in state.objective_areas[objective.id])
            holders = {p.owner for p in on if p is not None and not p.is_wreck}
            if len(holders) != 1:
                continue
            (holder,) = holders
            if state.control.get(objective.id) != holder:
                state.control[objective.id] = holder
                self.add(
                    ControlEvent(
                        turn=state.turn,
                        phase=self.phase,
                        side=holder,
                        text=f"{holder} takes control of {objective.name}.",
                        objective=objective.id,
                    )
                )

    # --- Movement ---------------------------------------------------------------------

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
    ) -> bool:
        """A Movement Action along `path`, square by square (HoN core p.33, the movement
        sequence), with the Alternate Bonus `cards` played on it (p.17). Fire on the Move
        (`shots`) where the action says (p.23); after each square entered the enemy may take
        Opportunity Fire (p.24). A hit does not interrupt the move; a unit destroyed, or a
        vehicle whose tracks or hull are hit, goes no further (p.15). A vehicle may end it on
        infantry, which makes way (p.10); a heavy vehicle crushes the wrecks it drives over
        (p.10); a concealed unit may be spotted on any square it moves into, and at its end
        every other concealed unit may be (p.21); the units a transport carries move with it
        (p.27). `turned`: it turned over at the start, so it is not spotted on the way ("only
        spotted or turned over once per Movement Action", p.21). Not `interruptible`: a Forced
        Move, no Movement Action, so no Opportunity Fire (p.24: "during the Movement Action").
        Returns whether it was spotted."""
        if cards:
            played = bonus_cards(self.state.decks.get(piece.owner), piece.owner, cards, MOVE_BONUSES)
            bonus = sum(c.alternate_bonus.value for c in played if c.alternate_bonus is not None)
            points = allowance(piece)
            if points is None or path.cost > points + bonus:
                raise ValueError(f"{piece.key} cannot move {path.cost} squares, even with +{bonus}")
            for card in played:
                self._play_bonus(piece.owner, card, piece, "Movement Action")
        end = path.destination
        _may_move(piece, path, self.state.ruleset.cite("damage"))
        if end.squares == piece.squares and end.facing == piece.facing and shots is None:
            self.add(
                HoldEvent(
                    turn=self.state.turn,
                    phase=self.phase,
                    side=piece.owner,
                    text=f"{name(piece)} stays where it is.",
                    unit=piece.key,
                )
            )
            return False
        run_over = self._run_over_victims(piece, end.squares)
        if not may_stand(self.state, piece, end.squares, frozenset(v.key for v in run_over)):
            raise ValueError(f"{piece.key} may not end a move on {end.squares}")
        spotted = None if turned else self._spotted_on_the_way(piece, path)
        last = len(path.positions) - 1
        fire_index = (last if fire_at is None else max(0, min(fire_at, last))) if shots is not None else None
        watched = interruptible and self._watching(piece.owner)
        key, damage = piece.key, piece.damage
        reached, stop, seen = 0, "", False
        for index, position in enumerate(path.positions):
            current = self.state.pieces.get(key)
            if current is None or current.is_wreck:
                stop = "destroyed"
                break
            if current.damage != damage:
                # Tracks or Hull damage: "If it was moving, it stops immediately" (HoN core p.15).
                new = [d for d in current.damage if current.damage.count(d) > damage.count(d)]
                if DamageLocation.TRACKS in new or DamageLocation.HULL in new:
                    stop = "tracks" if DamageLocation.TRACKS in new else "hull"
                    break
                damage = current.damage
            if index:
                current = current.moved(position.squares, position.facing)
                if spotted is not None and index == spotted[0]:
                    current, seen = inactive(current), True  # spotted here: no longer a concealed target
                self.state.pieces[key] = current
                self._carry(current)
            reached = index
            if index == fire_index and shots is not None:
                self._fire(current, shots, on_the_move=True)
            elif index and watched:
                self.watch(key, f"as {name(piece)} moves into {_where(position.squares)}")
        else:
            current = self.state.pieces.get(key)
            if current is None or current.is_wreck:
                stop = "destroyed"
        if stop == "destroyed":
            # The Fire and Destroyed events tell where it fell; its Movement Action is over.
            if ends_action:
                self.spot_all(except_key=key)
            return seen
        moved = self.state.pieces[key]
        if not stop:
            moved = replace(moved, suppressed=moved.suppressed + path.suppressed)
            self.state.pieces[key] = moved
            taken = path
        else:
            # Stopped on the way: the path keeps no cost per square, the steps taken stand for it.
            taken = replace(path, positions=path.positions[: reached + 1], cost=min(path.cost, reached))
            run_over = self._run_over_victims(piece, moved.squares)
        cost = taken.cost
        text = f"{name(piece)} moves {cost} square{'s' if cost != 1 else ''} to {_where(moved.squares)}"
        if stop in ("tracks", "hull"):
            hit = "tracks are" if stop == "tracks" else "hull is"
            text += f", where its {hit} hit and it stops at once ({self.state.ruleset.cite('damage')})"
        elif path.stopped == DIFFICULT and path.working_through:
            text += (
                ", working its way through a difficult passage: one square, then its Movement Action ends "
                f"({self.state.ruleset.cite('difficult-passage')})"
            )
        elif path.stopped == DIFFICULT:
            text += f", stopping at a difficult passage ({self.state.ruleset.cite('difficult-passage')})"
        self.add(
            MoveEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=piece.owner,
                text=text + ".",
                unit=key,
                to=moved.squares,
                path=tuple(p.square for p in taken.positions),
                cost=cost,
            )
        )
        if seen and spotted is not None:
            _, by, at = spotted
            self._tell_spotted(moved, by, at)
        for hidden in self._spotting_on_the_way(piece, taken):
            if self.state.pieces[hidden.key].concealed:
                self.state.pieces[hidden.key] = inactive(hidden)
                self._tell_spotted(hidden, moved, hidden.squares)
        for victim in run_over:
            self._run_over(moved, victim)
        if piece.unit.type is UnitType.HEAVY_VEHICLE:
            self._crush(moved, taken)
        if ends_action:
            self.spot_all(except_key=key)
        return seen

    def _moved_on(self, key: str, path: Path) -> Piece | None:
        """The unit after a Movement Action along `path`, or None when Opportunity Fire on the
        way destroyed it or stopped it short (HoN core p.15, p.24): what the move led to (an
        assault, getting in, a push, a change of state at its end) does not happen."""
        moved = self.state.pieces.get(key)
        if moved is None or moved.is_wreck or moved.squares != path.destination.squares:
            return None
        return moved

    # --- Pushing wrecks (HoN core p.11) -------------------------------------------------

    def _push_wreck(self, vehicle: Piece, action: PushWreck) -> None:
        """One square, in the direction of the pushing vehicle's move, the wreck keeping its
        orientation; light vehicles push one-square wrecks only; never off the battlefield,
        into terrain impassable to vehicles save water (a wreck all in water sinks), nor
        when the square the vehicle vacates it into is impassable to it; infantry where the
        wreck lands makes a Forced Move (HoN core p.11)."""
        cite = self.state.ruleset.cite
        if not vehicle.is_vehicle:
            raise ValueError(f"{vehicle.key} is no vehicle: only vehicles push wrecks")
        points = allowance(vehicle)
        cost = action.path.cost if action.path is not None else 0
        if points is None or cost + 1 > points:
            raise ValueError(f"{vehicle.key} has no movement point left to push")
        if action.path is not None and len(action.path.positions) > 1:
            self._move(vehicle, action.path, ends_action=False)
            moved = self._moved_on(vehicle.key, action.path)
            if moved is None:  # Opportunity Fire on the way: no push (HoN core p.15, p.24)
                self.spot_all(except_key=vehicle.key)
                return
            vehicle = moved
        wreck = self.state.pieces.get(action.wreck)
        if wreck is None or not wreck.is_wreck:
            raise ValueError(f"no wreck {action.wreck}")
        problem = push_refusal(self.state, vehicle, wreck, action.direction)
        if problem is not None:
            raise ValueError(f"{vehicle.key} may not push {wreck.key}: {problem}")
        dc, dr = STEPS[action.direction]
        pushed_to = tuple((c + dc, r + dr) for c, r in wreck.squares)
        ahead = tuple((c + dc, r + dr) for c, r in vehicle.squares)
        field = self.state.battlefield
        sinks = all(field.effects_at(sq).water for sq in pushed_to)
        victims = [
            p
            for p in self.state.units()
            if p.is_infantry and p.embarked_in is None and set(p.squares) & set(pushed_to) and p.key != vehicle.key
        ]
        if sinks:
            del self.state.pieces[wreck.key]
        else:
            self.state.pieces[wreck.key] = wreck.moved(pushed_to)
        self.state.pieces[vehicle.key] = vehicle.moved(ahead)
        self._carry(self.state.pieces[vehicle.key])
        self.add(
            PushWreckEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=vehicle.owner,
                text=f"{name(vehicle)} pushes the wreck of {name(wreck)} one square"
                + (", into the water: it sinks" if sinks else f" to {_where(pushed_to)}")
                + f"; this ends its Movement Action ({cite('pushing-wrecks')}).",
                unit=vehicle.key,
                wreck=wreck.key,
                to=None if sinks else pushed_to,
            )
        )
        for victim in sorted(victims, key=lambda p: p.key):
            ranked = sorted(neighbours(victim.square), key=lambda sq: (-cover(self.state, victim, (sq,)), sq))
            if inactive(victim).side.movement == 0:
                ranked = []
            run = f"is in the way of the wreck of {name(wreck)}"
            self._displace(victim, ranked, f"{run} and makes way to", f"{run} and cannot make way", "pushing-wrecks")
        self.spot_all(except_key=vehicle.key)

    # --- Transport (HoN core p.27) -------------------------------------------------------

    def _carry(self, vehicle: Piece) -> None:
        """The units a transport carries stand where it stands: their LoS is drawn from one
        of its squares (HoN core p.27)."""
        for key, other in list(self.state.pieces.items()):
            if other.embarked_in == vehicle.key:
                self.state.pieces[key] = other.moved(vehicle.squares, vehicle.facing)

    def _embark(self, piece: Piece, action: Embark) -> None:
        transport = self.state.pieces.get(action.transport)
        if action.path is not None and len(action.path.positions) > 1:
            self._move(piece, action.path, ends_action=False)
            moved = self._moved_on(piece.key, action.path)
            if moved is None:  # Opportunity Fire on the way: it does not get in (HoN core p.24)
                self.spot_all(except_key=piece.key)
                return
            piece = moved
        if transport is None:
            raise ValueError(f"no transport {action.transport}")
        problem = embark_refusal(self.state, piece, transport)
        if problem is not None:
            raise ValueError(f"{piece.key} may not embark in {transport.key}: {problem}")
        self.state.pieces[piece.key] = replace(
            piece.moved(transport.squares, transport.facing), embarked_in=transport.key
        )
        self.add(
            EmbarkEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=piece.owner,
                text=f"{name(piece)} gets into {name(transport)} ({self.state.ruleset.cite('transport')}).",
                unit=piece.key,
                transport=transport.key,
            )
        )
        self.spot_all(except_key=piece.key)

    def _disembark(self, piece: Piece, action: Disembark) -> None:
        square, path = action.square, action.path
        transport = self.state.pieces.get(piece.embarked_in or "")
        if transport is None:
            raise ValueError(f"{piece.key} is not embarked")
        if square not in neighbours_of(transport.squares):
            raise ValueError(f"{square} is not next to {transport.key}")
        out = replace(piece, embarked_in=None)
        if not may_stand(self.state, out, (square,)):
            raise ValueError(f"{piece.key} may not get off onto {square}")
        points = allowance(out)
        if path is not None and (path.positions[0].squares != (square,) or points is None or path.cost + 1 > points):
            raise ValueError(f"{piece.key} may not go on from {square} along that path")
        self.state.pieces[piece.key] = out.moved((square,))
        self.add(
            EmbarkEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=piece.owner,
                text=f"{name(piece)} gets off {name(transport)} to {_where((square,))} "
                f"({self.state.ruleset.cite('transport')}).",
                unit=piece.key,
                transport=transport.key,
                out=True,
                to=(square,),
            )
        )
        if path is not None and len(path.positions) > 1:
            self._move(self.state.pieces[piece.key], path)
        else:
            self.spot_all(except_key=piece.key)

    def _unload(self, vehicle: Piece) -> None:
        """The transport is destroyed: the units inside take no hit but are redeployed,
        Inactive Side up and each with a Suppressed marker, in unoccupied squares next to
        the wreck, never within an enemy ZoC, as their owner chooses (HoN core p.27). A Forced
        Move: with no such square, or an X Movement Value, a unit is destroyed (p.9)."""
        cite = self.state.ruleset.cite
        zones_cache: dict[str, dict[Square, frozenset[str]]] = {}
        for key in sorted(k for k, p in self.state.pieces.items() if p.embarked_in == vehicle.key):
            rider = replace(self.state.pieces[key], embarked_in=None)
            zones = zones_cache.get(rider.owner)
            if zones is None:
                zones = zones_cache[rider.owner] = forced_move_zones(self.state, rider)
            around = sorted(neighbours_of(vehicle.squares), key=lambda sq: (-cover(self.state, rider, (sq,)), sq))
            free = [
                sq
                for sq in around
                if inactive(rider).side.movement is not None and may_stand(self.state, rider, (sq,)) and sq not in zones
            ]
            if free:
                placed = replace(inactive(rider).moved((free[0],)), suppressed=rider.suppressed + 1)
                self.state.pieces[key] = placed
                self.add(
                    EmbarkEvent(
                        turn=self.state.turn,
                        phase=self.phase,
                        side=rider.owner,
                        text=f"{name(rider)} gets out of the burning {name(vehicle)} to {_where((free[0],))}, "
                        f"with a Suppressed marker ({cite('transport')}).",
                        unit=key,
                        transport=vehicle.key,
                        out=True,
                        to=(free[0],),
                    )
                )
            else:
                self.state.pieces[key] = rider
                self.add(
                    RetreatEvent(
                        turn=self.state.turn,
                        phase=self.phase,
                        side=rider.owner,
                        text=f"{name(rider)} cannot get out of {name(vehicle)}: no unoccupied square next to it "
                        f"outside an enemy Zone of Control ({cite('transport')}); it is destroyed.",
                        unit=key,
                    )
                )
                self.hurt(rider, None, Effect.DESTROYED)

    # --- Running over, wrecks, spotting, changes of state ------------------------------

    def _run_over_victims(self, piece: Piece, squares: tuple[Square, ...]) -> list[Piece]:
        """The infantry units a vehicle ending on `squares` runs over (HoN core p.10)."""
        if not piece.is_vehicle:
            return []
        return sorted(
            (
                p
                for p in self.state.units()
                if p.key != piece.key and p.is_infantry and p.embarked_in is None and set(p.squares) & set(squares)
            ),
            key=lambda p: p.key,
        )

    def _run_over(self, vehicle: Piece, victim: Piece) -> None:
        """The infantry unit makes a Forced Move into an adjacent unoccupied square of its
        owner's choice (the best covered) and gains a Suppressed marker; with none it may
        enter, or no Movement Value (0 or X), it is destroyed (HoN core p.10)."""
        ranked = sorted(neighbours(victim.square), key=lambda sq: (-cover(self.state, victim, (sq,)), sq))
        if inactive(victim).side.movement == 0:  # turned over first, a Forced Move (p.9)
            ranked = []
        run = f"is run over by {name(vehicle)}"
        self._displace(victim, ranked, f"{run} and makes way to", f"{run} and cannot make way", "running-over", 1)

    def _crush(self, vehicle: Piece, path: Path) -> None:
        """1 Destruction Point to each wreck counter driven over, at most 2 for one wreck in
        a Movement Action; at its structure value the wreck is removed (HoN core p.10, p.22)."""
        wrecks = [p for p in self.state.pieces.values() if p.is_wreck and p.key != vehicle.key]
        if not wrecks:
            return
        start = set(path.positions[0].squares)
        entered: dict[str, set[Square]] = {}
        for position in path.positions[1:]:
            for square in position.squares:
                if square in start:
                    continue
                for wreck in wrecks:
                    if square in wreck.squares:
                        entered.setdefault(wreck.key, set()).add(square)
        for key in sorted(entered):
            self._wreck_points(vehicle, key, min(len(entered[key]), 2), "drives over")

    def _wreck_points(self, vehicle: Piece, key: str, points: int, how: str, rule: str = "crushing-wrecks") -> None:
        """Destruction points to a wreck; at its structure value it is removed (HoN core p.22)."""
        cite = self.state.ruleset.cite
        wreck = self.state.pieces[key]
        total = dict(wreck.extra).get("destruction", 0) + points
        removed = total >= self.state.ruleset.wreck_structure
        if removed:
            del self.state.pieces[key]
        else:
            extra = (*((k, v) for k, v in wreck.extra if k != "destruction"), ("destruction", total))
            self.state.pieces[key] = replace(wreck, extra=extra)
        self.add(
            CrushEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=vehicle.owner,
                text=f"{name(vehicle)} {how} the wreck of {name(wreck)}: {points} destruction "
                f"point{'s' if points != 1 else ''} ({cite(rule)})"
                + (", and the wreck is removed." if removed else f", {total} in all."),
                unit=vehicle.key,
                wreck=key,
                points=points,
                removed=removed,
            )
        )

    def _spotted_on_the_way(self, piece: Piece, path: Path) -> tuple[int, Piece, tuple[Square, ...]] | None:
        """The first position of the path a concealed mover is spotted on (its index), by whom
        and where: the conditions are checked on each square it moves into (HoN core p.21). It
        keeps its Active Side's Movement Value to the end (p.21), so the path stands."""
        if not piece.concealed:
            return None
        seen = Occupancy(p for p in self.state.pieces.values() if p.key != piece.key)
        for index, position in enumerate(path.positions[1:], start=1):
            by = spotter(self.state, piece.moved(position.squares, position.facing), seen)
            if by is not None:
                return index, by, position.squares
        return None

    def _spotting_on_the_way(self, piece: Piece, path: Path) -> list[Piece]:
        """SoN p.17: the concealed enemies an infantry unit or light vehicle spots from a
        square it moves through (HoN checks at the end of the move only, `spot_all`)."""
        if not self.state.ruleset.spot_on_every_square or piece.type not in SPOTTING_MOVERS:
            return []
        hidden = [p for p in self.state.units() if p.owner != piece.owner and p.concealed]
        if not hidden:
            return []
        seen = Occupancy(p for p in self.state.pieces.values() if p.key != piece.key)
        found: list[Piece] = []
        for position in path.positions[1:-1]:
            there = piece.moved(position.squares, position.facing)
            for other in hidden:
                if other not in found and spotter(self.state, other, seen, [there]) is not None:
                    found.append(other)
        return found

    def _tell_spotted(self, piece: Piece, by: Piece, at: tuple[Square, ...], how: str = "") -> None:
        """A SpotEvent: `how` says what rule spotted it, when not spotting (HoN core p.21)."""
        rule = how or self.state.ruleset.cite("spotting")
        self.add(
            SpotEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=piece.owner,
                text=f"{name(by)} spots {name(piece)} at {_where(at)}: it turns over onto its Inactive Side ({rule}).",
                unit=piece.key,
                by=by.key,
                at=at,
            )
        )

    def ambush_spot(self, piece: Piece) -> None:
        """Ambush Spotter (BfC p.08): "When this unit is Activated with an Order Token, it may
        reveal one or more concealed units to which it has a clear Line of Sight". The choice is
        the player's; hon reveals every one (a revealed unit can be shot at, HoN core p.21).
        Revealed as a spotted unit is: turned over onto its Inactive Side, told by a SpotEvent."""
        for hidden in seen_clearly(self.state, piece):
            self.state.pieces[hidden.key] = inactive(hidden)
            self._tell_spotted(hidden, piece, hidden.squares, f"Ambush Spotter, {AMBUSH_SPOTTER_PAGE}")

    def spot_all(self, except_key: str | None = None) -> None:
        """At the end of a unit's Movement Action, every other concealed unit an enemy now
        spots turns over (HoN core p.21: a Forced Move)."""
        for key in sorted(self.state.pieces):
            piece = self.state.pieces[key]
            if key == except_key or not piece.concealed:
                continue
            by = spotter(self.state, piece)
            if by is not None:
                self.state.pieces[key] = inactive(piece)
                self._tell_spotted(piece, by, piece.squares)

    def _change_state(self, piece: Piece, action: ChangeState) -> None:
        """Turn the counter over at the start or the end of the Movement Action, once (HoN
        core p.21); a concealed unit turning over this way is not spotted but revealed."""
        if not may_change_state(piece):
            raise ValueError(f"{piece.key} may not change state: no Active and Inactive Sides with Tripod or Ambush up")
        if action.path is not None and action.first:
            piece = self._flip(piece)
            self._move(piece, action.path, turned=True)
            return
        if action.path is not None and len(action.path.positions) > 1:
            if self._move(piece, action.path, ends_action=False):
                self.spot_all(except_key=piece.key)
                return  # spotted on the way: it may not turn over again in this Movement Action
            moved = self._moved_on(piece.key, action.path)
            if moved is None:  # Opportunity Fire on the way: destroyed or stopped short, no turning over
                self.spot_all(except_key=piece.key)
                return
            piece = moved
        self._flip(piece)
        self.spot_all(except_key=piece.key)  # it moved into no square: checked when others move

    def _flip(self, piece: Piece) -> Piece:
        flipped = turned_over(piece)
        self.state.pieces[piece.key] = flipped
        state = flipped.side.state.value
        how = " (concealed)" if flipped.concealed else ""
        self.add(
            FlipEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=piece.owner,
                text=f"{name(piece)} turns over onto its {state.capitalize()} Side{how}, a change of state "
                f"({self.state.ruleset.cite('change-of-state')}).",
                unit=piece.key,
                state=state,
            )
        )
        return flipped

    def _watching(self, mover: str) -> bool:
        """Whether any enemy of `mover` may take Opportunity Fire now: only in the Activation
        Phase (HoN core p.24), only units with the ability and not yet activated."""
        if self.phase is not Phase.ACTIVATION or not self.watchers:
            return False
        return any(may_take_opportunity_fire(p) for p in self.state.enemies_of(mover))

    def watch(self, key: str, when: str) -> None:
        """Offer Opportunity Fire against unit `key` to each enemy unit that may take it, in
        key order (HoN core p.24): during its Movement Action or after its Firing Action."""
        target = self.state.pieces.get(key)
        if target is None or not self._watching(target.owner):
            return
        for firer in sorted(self.state.enemies_of(target.owner), key=lambda p: p.key):
            target = self.state.pieces.get(key)
            if target is None or target.is_wreck:
                return
            firer_now = self.state.pieces.get(firer.key)
            watcher = self.watchers.get(firer.owner)
            if firer_now is None or watcher is None or not may_take_opportunity_fire(firer_now):
                continue
            action = watcher.opportunity(self.state, firer_now, target)
            if action is not None and action.shots:
                self._fire(firer_now, action, opportunity=True, when=when)

    def _enter(self, piece: Piece, position: Position) -> None:
        if not may_stand(self.state, piece, position.squares):
            raise ValueError(f"{piece.key} may not enter on {position.squares}")
        del self.state.reserve[piece.key]
        self.state.pieces[piece.key] = piece.moved(position.squares, position.facing)
        self.add(
            EnterEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=piece.owner,
                text=f"{name(piece)} enters the battlefield at {_where(position.squares)}.",
                unit=piece.key,
                to=position.squares,
            )
        )

    def _leave(self, piece: Piece) -> None:
        """The unit leaves the battlefield; the units a transport carries leave with it (HoN
        core p.27: they stand where it stands) and count as exited too."""
        if (
            not piece.squares
            or piece.embarked_in is not None
            or not set(piece.squares) <= exit_squares(self.state, piece.owner)
        ):
            raise ValueError(f"{piece.key} is not on its side's exit squares")
        del self.state.pieces[piece.key]
        self.state.exited[piece.key] = piece
        riders = sorted(k for k, p in self.state.pieces.items() if p.embarked_in == piece.key)
        for key in riders:
            self.state.exited[key] = self.state.pieces.pop(key)
        carried = f", carrying {', '.join(name(self.state.exited[k]) for k in riders)}" if riders else ""
        self.add(
            ExitEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=piece.owner,
                text=f"{name(piece)} leaves the battlefield from {_where(piece.squares)}{carried}.",
                unit=piece.key,
            )
        )

    def _clear(self, piece: Piece, line: int) -> None:
        if line not in hedgehogs_in_reach(self.state, piece):
            raise ValueError(f"{piece.key} is no Engineer with that barbed hedgehog in its ZoC")
        field = self.state.battlefield
        placed = field.lines[line]
        squares = tuple(sorted({sq for p, q in placed.segments for sq in edge_of_segment(p, q)}))
        # The battlefield's tables are kept per battlefield: a new one is worked out afresh.
        self.state.battlefield = replace(field, lines=field.lines[:line] + field.lines[line + 1 :])
        self.add(
            ClearEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=piece.owner,
                text=f"{name(piece)} (Engineer) removes the barbed hedgehog at {_where(squares)} (BfC p.05, p.08).",
                unit=piece.key,
                squares=squares,
            )
        )

    # --- Fire -------------------------------------------------------------------------

    def _fire(
        self, firer: Piece, action: Fire, on_the_move: bool = False, opportunity: bool = False, when: str = ""
    ) -> None:
        """Each weapon at its target, resolved before the next is declared (HoN core p.14).
        Fire on the Move uses only the weapons with the ability, less its penalty (p.23);
        Opportunity Fire activates the firer (p.24). After a Firing Action (not after an
        Opportunity Fire: hon does not chain them) the enemy may take Opportunity Fire."""
        cite = self.state.ruleset.cite
        weapons: list[Weapon | None] = []
        for weapon, _ in action.shots:
            if weapon not in weapons:
                weapons.append(weapon)
        if one_weapon_only(firer) and len(weapons) > 1:
            raise IllegalAttack(f"the crew of {name(firer)} is hit: it fires one of its weapons only", cite("damage"))
        shares = action.shares or (None,) * len(action.shots)
        if len(shares) != len(action.shots):
            raise ValueError("a Machine Gunner share for each shot, or none at all")
        bonuses = self._ammo(firer, action)
        self._check_split(firer, action, shares, on_the_move, bonuses)
        pool = self.state.gear_for(firer, "ammo") if action.ammo else None
        if pool is not None:
            self.state.spend(pool, action.ammo)  # declared, checked: spent
        fired = False
        for (weapon, target_key), share in zip(action.shots, shares, strict=True):
            target = self.state.pieces.get(target_key)
            shooter = self.state.pieces.get(firer.key)
            if target is None or shooter is None or target.is_wreck:
                continue
            if opportunity:
                shooter = replace(shooter, activated=False)  # one Firing Action, all its weapons
            shot = shots_at(self.state, shooter, target, (weapon,), on_the_move=on_the_move, opportunity=opportunity)[0]
            if shot is None:
                continue
            suppressive = weapon in action.suppressive
            extra = bonuses if target.is_infantry else ()
            shot = replace(shot, suppressive=suppressive, machine_gunner_share=share, bonuses=shot.bonuses + extra)
            notes = _damage_notes(shooter, cite("damage"))
            prefix = ""
            if opportunity:
                prefix = f"Opportunity Fire {when} ({cite('opportunity-fire')}): "
            elif on_the_move:
                prefix = f"Fire on the Move ({cite('fire-on-the-move')}): "
            if suppressive:
                prefix += f"Suppressive Fire ({cite('suppressive-fire')}): "
            if share is not None:
                prefix += f"Machine Gunner, +{share} of its split ({cite('machine-gunner')}): "
            if extra:
                prefix += f"{action.ammo} Ammo marker(s) spent, +{action.ammo} ({cite('gear')}): "
            self._shoot(shooter, shot, before=prefix, after=notes)
            fired = True
        if fired and not opportunity:
            self.watch(firer.key, f"after the Firing Action of {name(firer)}")

    def _shoot(self, shooter: Piece, shot: Shot, before: str = "", after: str = "") -> None:
        """Resolve one shot, with the Alternate Bonuses and re-rolls its side plays on it (HoN
        core p.17), tell it (with `before` and `after` around the sentence) and put its effects
        on the battlefield, a Substitute taking the hit if one may (BfC p.08)."""
        side = shooter.owner
        shot = self._fire_bonus(shooter, shot)
        result = fire(shot, self.dice, self.state.ruleset, reroll=self._second_chance(shooter))
        stand_in = self._substitute_for(result)
        told = result if stand_in is None else replace(result, effect=Effect.NONE, target=shot.target, damage=None)
        event = FireEvent.of(told, self.state.turn, self.phase, side)
        text = before + event.text + (f" {after}" if after else "")
        event = event.model_copy(update={"text": text})
        if stand_in is None:
            self.add(event)
            self._after_fire(result)
        else:
            self._stand_in(event, result, stand_in)

    def _substitute_for(self, result: FireResult) -> Piece | None:
        """Substitute (BfC p.08): "This unit can suffer Hits in place of a Heavy Weapon unit
        (outlined in red) within 2 squares provided it has a LoS (obscured or clear) to that
        other unit". A choice: hon always lets the nearest (then first by key) take the hit."""
        target = result.shot.target
        if result.outcome not in (FireOutcome.HIT, FireOutcome.DOUBLE_HIT) or target.unit.role is not Role.HEAVY_WEAPON:
            return None
        state = self.state
        seen = Occupancy(state.pieces.values())
        found = [
            p
            for p in state.units(target.owner)
            if p.key != target.key
            and p.side.has("substitute")
            and p.embarked_in is None
            and p.squares
            and range_between(p.squares, target.squares) <= SUBSTITUTE_REACH
            and not line_of_sight(state.battlefield, seen, p, target, state.ruleset).blocked
        ]
        return min(found, key=lambda p: (range_between(p.squares, target.squares), p.key)) if found else None

    def _stand_in(self, event: FireEvent, result: FireResult, stand_in: Piece) -> None:
        """The Substitute suffers the hit (a double hit destroys it) and the Heavy Weapon none."""
        if result.outcome is FireOutcome.DOUBLE_HIT:
            effect, after = destroy(stand_in)
        else:
            effect, after, _ = take_hit(stand_in, self.dice, self.state.ruleset)
        said = f" {name(stand_in)} takes the hit in its place (Substitute, BfC p.08) and is {effect.value}."
        self.add(event.model_copy(update={"text": event.text + said}))
        if result.firer is not None:
            self.state.pieces[result.firer.key] = result.firer
        self.hurt(stand_in, after, effect)
        self._destruction(result)

    def _ammo(self, firer: Piece, action: Fire) -> tuple[Modifier, ...]:
        """The Ammo markers the action spends, as a bonus on the combat value against infantry:
        declared before the action, so spent even if no shot uses them (HoN core p.28)."""
        if not action.ammo:
            return ()
        page = self.state.ruleset.cite("gear")
        pool = self.state.gear_for(firer, "ammo")
        if action.ammo < 0 or action.ammo > MAX_AMMO:
            raise IllegalAttack(f"1 to {MAX_AMMO} Ammo markers on one Firing Action", page)
        if pool is None or pool.count < action.ammo:
            raise IllegalAttack(f"{name(firer)} has not {action.ammo} Ammo marker(s) to spend", page)
        label = "Ammo" if action.ammo == 1 else f"Ammo x{action.ammo}"
        return (Modifier(f"{label} ({pool.source})", action.ammo, page),)

    def _check_split(
        self,
        firer: Piece,
        action: Fire,
        shares: tuple[int | None, ...],
        on_the_move: bool,
        bonuses: tuple[Modifier, ...] = (),
    ) -> None:
        """A Machine Gunner's shares: targets of one type, each within 2 squares of another,
        at least +1 each, adding up to its modified combat value (HoN core p.24)."""
        split = [(w, k, n) for (w, k), n in zip(action.shots, shares, strict=True) if n is not None]
        page = self.state.ruleset.cite("machine-gunner")
        for weapon in {id(w): w for w, _, _ in split}.values():
            mine = [(k, n) for w, k, n in split if w is weapon]
            targets = [self.state.pieces[k] for k, _ in mine]
            shot = shots_at(self.state, firer, targets[0], (weapon,), on_the_move=on_the_move)[0]
            if shot is None:
                raise IllegalAttack(f"no shot at {name(targets[0])}", page)
            extra = bonuses if targets[0].is_infantry else ()
            shot = replace(shot, suppressive=weapon in action.suppressive, bonuses=shot.bonuses + extra)
            pool = machine_gunner_pool(shot, self.state.ruleset)
            split_machine_gunner(pool, targets, [n for _, n in mine], self.state.ruleset)

    def _template(self, firer: Piece, action: TemplateFire) -> None:
        """Howitzer or Indirect Fire at an interspace: scatter if indirect, then attack every
        unit under the template, each on its own (HoN core p.23)."""
        state = self.state
        plan = template_plan(state, firer, action.at)
        if plan is None:
            raise IllegalAttack(
                f"{name(firer)} may not fire a template at interspace {list(action.at)}", state.ruleset.cite("howitzer")
            )
        if firer.concealed:  # a concealed unit that takes a Firing Action turns over (HoN core p.21)
            firer = replace(firer, side_index=1 - firer.side_index)
            state.pieces[firer.key] = firer
        scattered = None
        lands = action.at
        if plan.kind is TemplateKind.INDIRECT:
            scattered = scatter(
                action.at, plan.scatter + (1 if plan.spotter else 0), self.dice, state.ruleset, plan.spotter
            )
            lands = scattered.lands
        targets, sheltered = template_targets(state, lands)
        area = explosion_squares(lands)
        said = f"{name(firer)} fires a {plan.kind.value.replace('-', ' ')} template at interspace {list(action.at)}"
        if scattered is not None:
            said += (
                f"; it lands on target (rolled {scattered.roll.kept})"
                if scattered.direction is None
                else f"; it scatters {scattered.distance} {compass(scattered.direction)} (rolled {scattered.roll.kept})"
                f" to {list(lands)}"
            )
        under = ", ".join(name(t) for t in targets) or "nobody"
        self.add(
            TemplateEvent(
                turn=state.turn,
                phase=self.phase,
                side=firer.owner,
                text=f"{said}: under it, {under} ({state.ruleset.cite(plan.kind.rule)}).",
                rolls=(scattered.roll,) if scattered is not None else (),
                firer=firer.key,
                template=plan.kind.value,
                at=action.at,
                lands=lands,
                squares=tuple(sorted(sq for sq in area if sq in state.battlefield.squares)),
            )
        )
        result = lay_template(
            plan.kind,
            plan.combat,
            area,
            targets,
            self.dice,
            state.ruleset,
            firer=firer,
            terrain=lambda p: cover(state, p),
            penalties=plan.penalties,
            sheltered=sheltered,
            scattered=scattered,
        )
        for attack in result.attacks:
            self.add(FireEvent.of(attack, state.turn, self.phase, firer.owner))
            self.hurt(attack.shot.target, attack.target, attack.effect)

    def _snipe(self, firer: Piece, action: Snipe) -> None:
        """The Sniper's table (HoN core p.24) against a target the sniper sees."""
        state = self.state
        target = state.pieces[action.target]
        sight = line_of_sight(state.battlefield, state.pieces.values(), firer, target, state.ruleset)
        if sight.blocked:
            raise IllegalAttack(f"{name(firer)} does not see {name(target)}", state.ruleset.cite("line-of-sight"))
        result = snipe(firer, target, self.dice, state.ruleset, penalties=sight.modifiers)
        text = f"{name(firer)} snipes at {name(target)}: {result.roll.total}, {result.outcome.value}"
        if result.effect not in (Effect.NONE, Effect.SUPPRESSED):
            text += f"; {name(target)} is {result.effect.value}"
        self.add(
            SniperEvent(
                turn=state.turn,
                phase=self.phase,
                side=firer.owner,
                text=f"{text} ({state.ruleset.cite('sniper')}).",
                rolls=result.rolls,
                firer=firer.key,
                target=target.key,
                outcome=result.outcome.value,
                effect=result.effect,
            )
        )
        self.hurt(target, result.target, result.effect)

    def _after_fire(self, result: FireResult) -> None:
        if result.firer is not None:
            self.state.pieces[result.firer.key] = result.firer
        self.hurt(result.shot.target, result.target, result.effect)
        self._destruction(result)

    def _destruction(self, result: FireResult) -> None:
        """The destruction points a shot at a unit inside a structure deals it (HoN core p.22)."""
        if result.destruction is not None:
            where = result.target or result.shot.target
            element = structure_of(self.state.battlefield, where)
            if element is not None:
                self.damage_structure(element, result.destruction.points)

    def damage_structure(self, element: PlacedElement, points: int) -> None:
        """Destruction points on a structure; when they reach its value a building turns over
        to its rubble side: infantry inside are suppressed, vehicles on it destroyed (HoN core
        p.22). The state's battlefield is replaced, so the tables kept per battlefield follow."""
        state = self.state
        total = state.structure_points.get(element.key, 0) + points
        state.structure_points[element.key] = total
        if element.effects.structure is None or total < element.effects.structure:
            return
        fallen = collapse(state.battlefield, element, list(state.pieces.values()), state.rubble)
        state.battlefield = fallen.battlefield
        state.ruined.append(element.key)
        state.structure_points.pop(element.key, None)
        for piece in fallen.suppressed:
            state.pieces[piece.key] = piece
        self.add(
            RubbleEvent(
                turn=state.turn,
                phase=self.phase,
                text=f"{element.name} is destroyed and turns to rubble"
                + (f"; {len(fallen.suppressed)} unit(s) inside are suppressed" if fallen.suppressed else "")
                + f" ({state.ruleset.cite('destruction')}).",
                element=element.key,
                squares=tuple(sorted(element.cells)),
            )
        )
        for vehicle in fallen.destroyed:
            effect, after = destroy(vehicle)
            self.hurt(vehicle, after, effect)

    # --- Assault ----------------------------------------------------------------------

    def _assault(self, attacker: Piece, action: AssaultAction) -> None:
        defender = self.state.pieces[action.defender]
        if DamageLocation.TRACKS in attacker.damage:  # an assault is a Movement Action (HoN core p.25)
            raise IllegalAttack(
                f"the tracks of {name(attacker)} are damaged: it may not assault", self.state.ruleset.cite("damage")
            )
        approach = Path(action.path.positions[:-1], action.path.cost) if len(action.path.positions) > 1 else None
        if action.charge:
            if not attacker.side.has("charge"):
                raise IllegalAttack(f"{name(attacker)} has no Charge ability", CHARGE_PAGE)
            self._charge(attacker, defender)
            charger, found = self.state.pieces.get(attacker.key), self.state.pieces.get(defender.key)
            if charger is None or charger.is_wreck:
                return
            attacker = charger
            if found is None or found.is_wreck:
                # "If the Firing Action destroys the target, this unit must end its Movement
                # Action in the target's former square" (BfC p.08).
                whole = action.path
                if len(whole.positions) > 1 and may_stand(self.state, attacker, whole.destination.squares):
                    self._move(attacker, whole)
                elif approach is not None and approach.destination.squares != attacker.squares:
                    self._move(attacker, approach)
                return
            defender = found
        if approach is not None and approach.destination.squares != attacker.squares:
            # Assaults first, then spotting (the book's summary): the move does not end the action.
            self._move(attacker, approach, ends_action=False)
            moved = self._moved_on(attacker.key, approach)
            if moved is None:
                # Destroyed or stopped by Opportunity Fire on the way (HoN core p.24-25): no assault.
                self.spot_all(except_key=attacker.key)
                return
            attacker = moved
            defender = self.state.pieces[action.defender]
        from_squares = attacker.squares
        terrain = 0 if _shared_cover(self.state, attacker, defender) else cover(self.state, defender)
        # Assaulted from a square outside its limited firing arc(s): a Suppressed marker first (HoN core p.26).
        arcs = defender.side.weapons
        outside = any(w.arc is not None for w in arcs) and not any(in_arc(defender, from_squares, w) for w in arcs)
        granted = self.state.granted_assault
        assault = Assault(
            attacker,
            defender,
            terrain=terrain,
            outside_arc=outside,
            granted_assault=granted.get(attacker.owner),
            defender_granted_assault=granted.get(defender.owner),
        )
        knives: list[str] = []
        if action.knife:
            pool = self.state.gear_for(attacker, "knife")
            if pool is None:
                raise IllegalAttack(f"{name(attacker)} has no Knife marker", self.state.ruleset.cite("knife"))
            self.state.spend(pool)
            assault = replace(assault, attacker_bonuses=(*assault.attacker_bonuses, knife_bonus(self.state)))
            knives.append(name(attacker))
        pool = self.state.gear_for(defender, "knife")
        watcher = self.watchers.get(defender.owner)
        if pool is not None and watcher is not None and watcher.defend_with_knife(self.state, defender, assault):
            self.state.spend(pool)
            assault = replace(assault, defender_bonuses=(*assault.defender_bonuses, knife_bonus(self.state)))
            knives.append(name(defender))
        result = resolve_assault(self._assault_bonuses(assault), self.dice, self.state.ruleset)
        event = AssaultEvent.of(result, self.state.turn, self.phase, attacker.owner)
        if knives:
            spent = f"{' and '.join(knives)} discard{'s' if len(knives) == 1 else ''} a Knife marker, +2"
            event = event.model_copy(update={"text": f"{spent} ({self.state.ruleset.cite('knife')}): {event.text}"})
        self.add(event)
        if result.outcome is AssaultOutcome.WIN:
            self.state.captured_units.add((attacker.owner, defender.unit.id))
        self.hurt(attacker, result.attacker, result.attacker_effect)
        self.hurt(defender, result.defender, result.defender_effect)
        self._assault_moves(result, from_squares, defender.squares)
        self.spot_all(except_key=attacker.key)

    def _charge(self, attacker: Piece, defender: Piece) -> None:
        """Charge (BfC p.08): "When this unit launches an Assault, it may first take a Firing
        Action at its target. If the target survives, resolve the Assault. This free attack
        disregards range restrictions" - from where it stands, before it moves, with every
        weapon that can."""
        weapons = [w for w in weapons_of(attacker) if shot_at(self.state, attacker, defender, w, charge=True)]
        if one_weapon_only(attacker):
            weapons = weapons[:1]
        said = f"Charge ({CHARGE_PAGE}): {name(attacker)} fires before the assault. "
        for weapon in weapons:
            target, shooter = self.state.pieces.get(defender.key), self.state.pieces.get(attacker.key)
            if target is None or shooter is None or target.is_wreck:
                break
            shot = shot_at(self.state, shooter, target, weapon, charge=True)
            if shot is None:
                continue
            self._shoot(shooter, shot, before=said)

    def _assault_moves(
        self, result: AssaultResult, from_squares: tuple[Square, ...], contested: tuple[Square, ...]
    ) -> None:
        """The defender retreats or is pushed aside, then the attacker takes the square if it
        is free (HoN core p.26)."""
        attacker, defender = result.attacker, result.defender
        if defender is not None and not defender.is_wreck:
            if result.defender_moves is DefenderMove.RETREATS:
                self._retreat(defender, from_squares)
            elif result.defender_moves is DefenderMove.PUSHED_ASIDE:
                self._push_aside(defender)
        if attacker is not None and not attacker.is_wreck and result.attacker_moves is AttackerMove.ADVANCES:
            front = contested[0]
            step = (front[0] - attacker.square[0], front[1] - attacker.square[1])
            facing = next(
                (f for f, d in STEPS.items() if d == (max(-1, min(1, step[0])), max(-1, min(1, step[1])))),
                attacker.facing,
            )
            squares = footprint_squares(front, facing, attacker.unit.footprint)
            # A heavy vehicle that wrecks a light vehicle takes its square (HoN core p.26).
            wrecked = result.wreck_destruction_points and defender is not None
            onto = frozenset({defender.key}) if wrecked and defender is not None else frozenset()
            if may_stand(self.state, attacker, squares, onto):
                self.state.pieces[attacker.key] = attacker.moved(squares, facing)
                self._carry(self.state.pieces[attacker.key])
                self.add(
                    AdvanceEvent(
                        turn=self.state.turn,
                        phase=self.phase,
                        side=attacker.owner,
                        text=f"{name(attacker)} takes the ground at {_where(squares)}.",
                        unit=attacker.key,
                        to=squares,
                    )
                )
                if onto and defender is not None and defender.key in self.state.pieces:
                    self._wreck_points(
                        attacker,
                        defender.key,
                        result.wreck_destruction_points,
                        "takes the square of",
                        "assault-results",
                    )

    def _retreat(self, defender: Piece, attacker_squares: tuple[Square, ...]) -> None:
        """To one of the three squares opposite the attacker, the best covered first; it may
        enter an enemy Zone of Control but is destroyed if the retreat would move it within
        one, and with no square left it is destroyed (HoN core p.26). A Forced Move: a unit
        with an X Movement Value is destroyed instead (p.9)."""
        ac, ar = attacker_squares[0]
        dc, dr = defender.square
        away = (max(-1, min(1, dc - ac)), max(-1, min(1, dr - ar)))
        options = [sq for sq in neighbours(defender.square) if (sq[0] - dc) * away[0] + (sq[1] - dr) * away[1] > 0]
        ranked = sorted(options, key=lambda sq: (-cover(self.state, defender, (sq,)), sq))
        self._displace(defender, ranked, "retreats to", "has nowhere to retreat", "assault-results")

    def _push_aside(self, defender: Piece) -> None:
        """To a free square next to it, never within an enemy Zone of Control, or destroyed
        (HoN core p.26, as a unit run over, p.10)."""
        self._displace(
            defender,
            sorted(neighbours(defender.square)),
            "is pushed aside to",
            "cannot be pushed aside",
            "assault-results",
        )

    def _displace(
        self, defender: Piece, options: list[Square], moved: str, stuck: str, rule: str, suppress: int = 0
    ) -> None:
        """Move a one-square unit to the first square of `options` it may enter without moving
        within an enemy Zone of Control, or destroy it. A counter of several squares never
        retreats (vehicles stay, HoN core p.26). A Forced Move: a unit Active Side up turns
        over onto its Inactive Side first (p.9), so the Movement Value read is that side's;
        `suppress` Suppressed markers it gains."""
        cite = self.state.ruleset.cite
        why = ""
        if inactive(defender).side.movement is None:
            options, why = [], f"an X Movement Value: a Forced Move destroys it ({cite('forced-move')})"
        zones = forced_move_zones(self.state, defender)
        here = zones.get(defender.square, frozenset())
        within: list[Square] = []
        for square in options if len(defender.squares) == 1 else []:
            if not may_stand(self.state, defender, (square,)):
                continue
            if here & zones.get(square, frozenset()):
                within.append(square)  # HoN core p.26: "Destroyed if the retreat forces it to move within an enemy ZoC"
                continue
            self.state.pieces[defender.key] = replace(
                inactive(defender).moved((square,)), suppressed=defender.suppressed + suppress
            )
            self.add(
                RetreatEvent(
                    turn=self.state.turn,
                    phase=self.phase,
                    side=defender.owner,
                    text=f"{name(defender)} {moved} {_where((square,))}"
                    + (f", with a Suppressed marker ({cite(rule)})." if suppress else "."),
                    unit=defender.key,
                    to=(square,),
                )
            )
            return
        if within:
            why = f"{_where(tuple(within))} would move it within an enemy Zone of Control ({cite(rule)})"
        elif not why:
            why = f"no square it may enter ({cite(rule)})"
        self.add(
            RetreatEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=defender.owner,
                text=f"{name(defender)} {stuck}: {why}; it is destroyed.",
                unit=defender.key,
            )
        )
        self.hurt(defender, None, Effect.DESTROYED)

    # --- Action cards -----------------------------------------------------------------

    def battle_events(self, side: str, plays: Sequence[CardPlay], moment: CardTiming) -> None:
        """Play cards for their Battle Event at this moment of the turn (HoN core p.17)."""
        state = self.state
        deck = state.decks.get(side)
        for play in plays:
            card = deck.holds(play.card) if deck is not None else None
            if deck is None or card is None:
                raise ValueError(f"{side} plays {play.card!r}, which is not in its hand")
            if card.effect is None or card.timing is not moment:
                raise ValueError(f"the rules core does not play {card.name} {moment.value}")
            wanted = Phase.ORDER if moment is CardTiming.ORDER_START else Phase.ACTIVATION
            if self.phase is not wanted:
                raise ValueError(f"{card.name} is played in the {wanted.value} phase, not the {self.phase.value} phase")
            piece = state.pieces.get(play.unit) if play.unit is not None else None
            kind, value = card.effect.kind, card.effect.value
            needs_unit = kind in (CardEffectKind.FORCED_MOVE, CardEffectKind.REMOVE_SUPPRESSED)
            if needs_unit and (piece is None or piece.owner != side or piece.is_wreck):
                raise ValueError(f"{card.name} is played on a unit of the {side} side on the battlefield")
            deck.discard(card.id)
            page = state.ruleset.cite("action-cards")
            head = f"{side} plays {card.name} ({page})"
            if kind is CardEffectKind.SPECIAL_ORDER:
                state.special_orders[side] = state.special_orders.get(side, 0) + value
                tokens = "a Special Order token" if value == 1 else f"{value} Special Order tokens"
                self._card_event(
                    side,
                    card,
                    CardUse.BATTLE_EVENT,
                    None,
                    f"{head}: {tokens} this turn ({state.ruleset.cite('order-phase')}).",
                )
            elif kind is CardEffectKind.GRANT_ASSAULT:
                state.granted_assault[side] = max(state.granted_assault.get(side, 0), value)
                self._card_event(
                    side,
                    card,
                    CardUse.BATTLE_EVENT,
                    play.unit,
                    f"{head}: every unit of the {side} side has Assault +{value} until the end of the turn.",
                )
            elif kind is CardEffectKind.REMOVE_SUPPRESSED and piece is not None:
                taken = min(value, piece.suppressed)
                state.pieces[piece.key] = replace(piece, suppressed=piece.suppressed - taken)
                markers = "Suppressed marker" if taken == 1 else "Suppressed markers"
                self._card_event(
                    side, card, CardUse.BATTLE_EVENT, piece.key, f"{head}: {taken} {markers} off {name(piece)}."
                )
            elif kind is CardEffectKind.FORCED_MOVE and piece is not None:
                self._forced_move(side, card, piece, play.path, value, head)
            else:
                raise ValueError(f"the rules core does not play {card.name} {moment.value}")

    def _forced_move(self, side: str, card: ActionCard, piece: Piece, path: Path | None, value: int, head: str) -> None:
        """A card's Forced Move: an Active Side turns to its Inactive Side first (HoN core
        p.9-10); a unit whose Movement Value is X may not be moved so (p.9)."""
        if path is None or path.positions[0].squares != piece.squares or path.cost > value:
            raise ValueError(f"{card.name} moves {name(piece)} up to {value} squares from where it stands")
        if piece.side.movement is None:
            raise ValueError(f"{name(piece)} has a Movement Value of X and cannot be moved")
        self._card_event(
            side,
            card,
            CardUse.BATTLE_EVENT,
            piece.key,
            f"{head}: {name(piece)} makes a Forced Move of up to {value} squares.",
        )
        if piece.side.state is SideState.ACTIVE and len(piece.unit.sides) > 1:
            piece = replace(piece, side_index=1 - piece.side_index)
            self.state.pieces[piece.key] = piece
        self._move(piece, path, interruptible=False)  # a Forced Move, no Movement Action (HoN core p.9, p.24)
        self.update_control()

    def _card_event(
        self, side: str, card: ActionCard, use: CardUse, unit: str | None, text: str, rolls: tuple[Roll, ...] = ()
    ) -> None:
        self.add(
            CardEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=side,
                text=text,
                rolls=rolls,
                card=card.id,
                use=use,
                unit=unit,
                page=self.state.ruleset.cite("action-cards"),
                source=card.source or "",
            )
        )

    def _play_bonus(self, side: str, card: ActionCard, piece: Piece, what: str) -> None:
        deck = self.state.decks[side]
        deck.discard(card.id)
        bonus = card.alternate_bonus
        squares = (
            ""
            if bonus is None or bonus.kind is not BonusKind.MOVEMENT
            else " square"
            if bonus.value == 1
            else " squares"
        )
        value = f"+{bonus.value}{squares}" if bonus is not None else ""
        page = self.state.ruleset.cite("action-cards")
        self._card_event(
            side,
            card,
            CardUse.ALTERNATE_BONUS,
            piece.key,
            f"{side} plays {card.name} for its Alternate Bonus ({page}): {value} to {name(piece)}'s {what}.",
        )

    def _fire_bonus(self, firer: Piece, shot: Shot) -> Shot:
        """Cards the firer's side plays on the shot before the dice: fire bonuses go on the
        combat value, "any roll" bonuses on the result (HoN core p.17, p.33)."""
        side = firer.owner
        chooser = self.choices.get(side)
        deck = self.state.decks.get(side)
        if chooser is None or deck is None or not deck.hand:
            return shot
        played = bonus_cards(deck, side, chooser.fire_bonus(self.state, side, shot), FIRE_BONUSES)
        page = self.state.ruleset.cite("action-cards")
        for card in played:
            self._play_bonus(side, card, firer, "firing action")
            # A Machine Gunner's share stands for the whole modified combat value, split before
            # any card is played (HoN core p.24): its fire bonus goes on that shot's result
            # instead (hon's reading; the book does not say).
            split = shot.machine_gunner_share is not None
            if card.alternate_bonus is not None and card.alternate_bonus.kind is BonusKind.FIRE and not split:
                shot = replace(shot, bonuses=(*shot.bonuses, bonus_modifier(card, page)))
            else:
                shot = replace(shot, penalties=(*shot.penalties, bonus_modifier(card, page)))
        return shot

    def _second_chance(self, firer: Piece) -> Callable[[Aim, Roll, FireOutcome], bool] | None:
        side = firer.owner
        chooser = self.choices.get(side)
        deck = self.state.decks.get(side)
        if chooser is None or deck is None or not deck.hand:
            return None

        def reroll(plan: Aim, roll: Roll, outcome: FireOutcome) -> bool:
            card_id = chooser.second_chance(self.state, side, plan, roll, outcome)
            if card_id is None:
                return False
            card = deck.holds(card_id)
            if card is None or card.effect is None or card.effect.kind is not CardEffectKind.REROLL:
                raise ValueError(f"{side} cannot play {card_id!r} to roll again")
            deck.discard(card.id)
            page = self.state.ruleset.cite("action-cards")
            self._card_event(
                side,
                card,
                CardUse.BATTLE_EVENT,
                firer.key,
                f"{side} plays {card.name} ({page}): {name(firer)} rolls its firing action again "
                f"({roll.total} against {plan.defense}, a {outcome.value}).",
                (roll,),
            )
            return True

        return reroll

    def _assault_bonuses(self, assault: Assault) -> Assault:
        """Each side's Alternate Bonuses on its assault roll, declared before the dice: the
        attacker's first, the defender's knowing them; told with the initiative player's
        card first (HoN core p.17)."""
        plays: list[tuple[str, ActionCard, Piece]] = []
        for attacking, piece in ((True, assault.attacker), (False, assault.defender)):
            side = piece.owner
            chooser = self.choices.get(side)
            deck = self.state.decks.get(side)
            if chooser is None or deck is None or not deck.hand:
                continue
            chosen = bonus_cards(
                deck, side, chooser.assault_bonus(self.state, side, assault, attacking), ASSAULT_BONUSES
            )
            page = self.state.ruleset.cite("action-cards")
            mods = tuple(bonus_modifier(card, page) for card in chosen)
            if attacking:
                assault = replace(assault, attacker_bonuses=(*assault.attacker_bonuses, *mods))
            else:
                assault = replace(assault, defender_bonuses=(*assault.defender_bonuses, *mods))
            plays += [(side, card, piece) for card in chosen]
        order = self.state.initiative_order()
        for side, card, piece in sorted(plays, key=lambda p: order.index(p[0])):
            self._play_bonus(side, card, piece, "assault roll")
        return assault

    # --- Losses -----------------------------------------------------------------------

    def hurt(self, before: Piece, after: Piece | None, effect: Effect) -> None:
        """Put a piece's new state on the battlefield; a destroyed one counts towards its
        group's breaking point (HoN core p.15)."""
        state = self.state
        if after is None:
            state.pieces.pop(before.key, None)
        else:
            state.pieces[before.key] = after
        if not effect.destroyed or before.key in state.destroyed:
            return
        state.destroyed[before.key] = before
        if before.side.has("defender") and self.phase == Phase.ACTIVATION:
            state.fallen_defenders[before.key] = before
        if before.is_vehicle:
            self._bail_out(before, after)
        self.add(
            DestroyedEvent(
                turn=state.turn,
                phase=self.phase,
                side=before.owner,
                text=f"{name(before)} ({state.title(before)}) is {effect.value}.",
                unit=before.key,
            )
        )
        if before.is_vehicle and (after is None or after.is_wreck):
            self._unload(before)  # its riders get out (HoN core p.27)
        self._check_breaking(f"{before.owner}/{before.group}")

    def _bail_out(self, vehicle: Piece, wreck: Piece | None) -> None:
        """The Crew units in a destroyed vehicle are put next to the wreck, inactive side up and
        Suppressed, a Forced Move (HoN core p.21); with no square to go to they are destroyed."""
        state = self.state
        for crew in crews_in(vehicle, list(state.pieces.values())):
            around = sorted({sq for w in vehicle.squares for sq in neighbours(w)} - set(vehicle.squares))
            free = [sq for sq in around if may_stand(state, replace(crew, embarked_in=None), (sq,))]
            out = bail_out(crew, wreck or vehicle, free, state.ruleset)
            if out is None:
                self.hurt(crew, None, Effect.DESTROYED)
                continue
            state.pieces[crew.key] = out
            self.add(
                EnterEvent(
                    turn=state.turn,
                    phase=self.phase,
                    side=crew.owner,
                    text=f"{name(crew)} bails out of {name(vehicle)} to {_where(out.squares)}, Suppressed "
                    f"({state.ruleset.cite('crew')}).",
                    unit=crew.key,
                    to=out.squares,
                )
            )

    def _check_breaking(self, group_key: str) -> None:
        state = self.state
        group = state.groups.get(group_key)
        if group is None or group.breaking_point is None or group_key in state.broken:
            return
        lost = destroyed_in(state, group)
        if lost < group.breaking_point:
            return
        state.broken.add(group_key)
        scorers = state.opponents(group.side)
        for side in scorers:
            state.victory_points[side] = state.victory_points.get(side, 0) + group.victory_points
        page = state.ruleset.cite("breaking-point")
        self.add(
            BreaksEvent(
                turn=state.turn,
                phase=self.phase,
                side=group.side,
                text=f"{group.name} reaches its breaking point ({lost} of {group.counters} counters lost, "
                f"breaking point {group.breaking_point}): {group.victory_points} victory points to "
                f"{' and '.join(scorers)} ({page}).",
                group=group_key,
                victory_points=group.victory_points,
            )
        )


def _may_move(piece: Piece, path: Path, page: str) -> None:
    """A heavy vehicle with a Tracks damage marker may no longer execute Movement Actions
    (HoN core p.15)."""
    if DamageLocation.TRACKS in piece.damage and len(path.positions) > 1:
        raise ValueError(f"the tracks of {name(piece)} are damaged: no more Movement Actions ({page})")


def _damage_notes(firer: Piece, page: str) -> str:
    """What a heavy vehicle's damage markers changed about its Firing Action (HoN core p.15)."""
    notes = []
    if DamageLocation.PRIMARY in firer.damage:
        notes.append("its primary weapon is destroyed")
    if one_weapon_only(firer):
        notes.append("its crew is hit, so it fires one of its weapons only")
    return f"{'; '.join(notes).capitalize()} ({page})." if notes else ""


def forced_move_zones(state: GameState, piece: Piece) -> dict[Square, frozenset[str]]:
    """The enemy zones of control a Forced Move of `piece` may not move within: only enemy
    infantry's hinder infantry (HoN core p.11-12; a vehicle's hinders no one, p.12)."""
    if not piece.is_infantry:
        return {}
    enemies = [p for p in state.units() if p.owner != piece.owner and p.is_infantry and p.embarked_in is None]
    return zones_of_control(state.battlefield, enemies, state.ruleset)


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


def load_of(piece: Piece) -> int:
    """What a unit takes of a transport's capacity (HoN core p.27): a Character 1, any other
    unit 2. The book's chart also counts 1 for units printing a symbol its text lost; hon
    counts them 2."""
    return 1 if piece.unit.role.is_character else 2


def embark_refusal(state: GameState, piece: Piece, transport: Piece) -> str | None:
    """Why `piece` may not get into `transport` now, or None (HoN core p.27): infantry only,
    from a square next to it, into a vehicle with the Transport ability and room left, one
    counter of more than one square at most; a Scout transport takes Scouts only."""
    capacity = transport.side.ability_value("transport")
    if not piece.is_infantry or piece.embarked_in is not None:
        return "only an infantry unit on the battlefield gets into a vehicle"
    if capacity is None or transport.is_wreck or transport.owner != piece.owner:
        return "it is not a transport of its side"
    if not set(piece.squares) & set(neighbours_of(transport.squares)):
        return "it is not next to the vehicle"
    aboard = [p for p in state.pieces.values() if p.embarked_in == transport.key]
    if sum(load_of(p) for p in aboard) + load_of(piece) > capacity:
        return f"no room left (Transport {capacity})"
    if piece.unit.footprint > 1 and any(p.unit.footprint > 1 for p in aboard):
        return "one counter larger than one square at most"
    return None


def push_refusal(state: GameState, vehicle: Piece, wreck: Piece, direction: int) -> str | None:
    """Why `vehicle`, one step in `direction`, may not push `wreck` one square, or None
    (HoN core p.11)."""
    if vehicle.type is not UnitType.HEAVY_VEHICLE and len(wreck.squares) > 1:
        return "a light vehicle pushes only wrecks that fit in one square"
    dc, dr = STEPS[direction]
    ahead = tuple((c + dc, r + dr) for c, r in vehicle.squares)
    vacated = set(ahead) - set(vehicle.squares)
    if not vacated & set(wreck.squares):
        return "it does not drive into the wreck"
    passage = passage_map(state.battlefield)
    if any(passage.refusal(sq, vehicle.unit, vehicle.side) for sq in ahead):
        return "the square it vacates is impassable to the pushing vehicle"
    field = state.battlefield
    pushed_to = tuple((c + dc, r + dr) for c, r in wreck.squares)
    occupant = state.occupant()
    for square in pushed_to:
        if square not in field.squares:
            return "a wreck is never pushed off the edge of the battlefield"
        effects = field.effects_at(square)
        barred = UnitType.LIGHT_VEHICLE in effects.impassable or UnitType.HEAVY_VEHICLE in effects.impassable
        if barred and not effects.water:
            return "it would go into terrain impassable to vehicles"
        other = occupant.get(square)
        if other is not None and other.key not in (wreck.key, vehicle.key) and not other.is_infantry:
            return f"{name(other)} is in the way"
    return None
