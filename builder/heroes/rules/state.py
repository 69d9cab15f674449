"""The state of a game in play: who stands where, what broke, who holds which objective, the
victory points, the turn and the initiative. The turn engine (builder.heroes.rules.turn) changes it
in place; pieces themselves stay immutable and are replaced.

It answers the scenario's victory conditions (`builder.heroes.scenario.conditions.Facts`)."""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields, is_dataclass
from enum import Enum
from functools import cached_property
from typing import Any

from builder.heroes.army.resolve import Placed, ResolvedArmy
from builder.heroes.army.summary import OrderTokens, order_tokens, stars_of, summary_of
from builder.heroes.catalogue.cards import ActionCard
from builder.heroes.catalogue.terrain import TerrainEffects
from builder.heroes.catalogue.units import UnitType
from builder.heroes.rules.abilities.traits import Trait, traits_of
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.events.game import HeroesEvent
from builder.heroes.rules.gear.markers import PlantedBomb
from builder.heroes.rules.in_play import Kept, Pieces
from builder.heroes.rules.mythos.state import Mythos
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.resolution.structures import RUBBLE, WRECK_TERRAIN
from builder.heroes.rules.ruleset import Ruleset
from builder.heroes.scenario.battlefield import Battlefield
from builder.heroes.scenario.models import Objective, Scenario


@dataclass(frozen=True)
class Captive:
    """A unit held by the enemy unit that defeated it (BfC p.12, abilities/capture.py):
    `captor` its key, `side` its owner."""

    piece: Piece
    captor: str
    side: str


@dataclass(frozen=True)
class CombatGroup:
    """A recruitment tile, hero or support option: its counters break it at its breaking
    point, and the opponent then scores its victory points (HoN core p.6, p.15)."""

    key: str  # "german/tiles[0]": the owner and the group's path in the army list
    side: str
    name: str
    counters: int
    breaking_point: int | None
    victory_points: int


def objective_squares(objective: Objective, battlefield: Battlefield) -> frozenset[Square]:
    if objective.at is not None:
        return frozenset({objective.at})
    element = battlefield.element_by_id(objective.element or "")
    return element.cells if element is not None else frozenset()


@dataclass
class Deck:
    """One side's action cards (HoN core p.17): the draw pile (top first), the hand, and the
    discard pile. `size` is the hand the scenario gives (`setup.action_cards`)."""

    size: int
    pile: list[ActionCard] = field(default_factory=list)
    hand: list[ActionCard] = field(default_factory=list)
    discards: list[ActionCard] = field(default_factory=list)

    def holds(self, card_id: str) -> ActionCard | None:
        return next((card for card in self.hand if card.id == card_id), None)

    def discard(self, card_id: str) -> ActionCard:
        """Play or discard a card of the hand: it goes to the discard pile."""
        card = self.holds(card_id)
        if card is None:
            raise RulesError(Code.NOT_IN_HAND, f"no {card_id!r} in the hand")
        self.hand.remove(card)
        self.discards.append(card)
        return card


@dataclass(frozen=True)
class Frame:
    """One event and the battlefield right after it: what a viewer steps through."""

    event: HeroesEvent
    pieces: tuple[Piece, ...]


@dataclass
class GearPool:
    """Markers a gear option or customization gives, kept on the option until spent: only the
    units of the tile it is on may use them, any unit of the army when the tile is a command
    tile (`group` None); `restricted_to` the option's "Restricted to" (HoN core p.28, p.31)."""

    side: str
    marker: str  # the marker id: "ammo", "knife"…
    count: int
    group: str | None  # the tile's path: its units and the supports on it use the markers
    restricted_to: tuple[str, ...] = ()  # Restriction values: "infantry", "characters"…
    source: str = ""  # the option's name, for narration

    def serves(self, piece: Piece) -> bool:
        if piece.owner != self.side:
            return False
        if self.group is not None and piece.group != self.group and not piece.group.startswith(f"{self.group}."):
            return False
        if not self.restricted_to:
            return True
        kinds = {
            "infantry": piece.is_infantry,
            "characters": piece.unit.is_character,
            "light-vehicles": piece.type is UnitType.LIGHT_VEHICLE,
            "heavy-vehicles": piece.type is UnitType.HEAVY_VEHICLE,
        }
        return any(kinds.get(r, False) for r in self.restricted_to)


TILE_GEAR = frozenset({"son-life-point"})  # markers a tile gives its own units to spend (SoN p.16)
MEDALLION = "son-elder-sign-medallion"
# Options with no marker that act in play through their wearer: a pool of one says who (SoN p.14).
WORN = frozenset({MEDALLION})


def gear_pools(resolved: ResolvedArmy, side: str) -> list[GearPool]:
    """The markers each gear option or customization of the army gives, chosen ones included;
    a free option's (SoN p.14: "Free recruitment options don't have to be attributed to a
    recruitment tile", such as the Totems) serve the whole army."""
    pools: list[GearPool] = []
    for group in resolved.groups:
        for placed in group.placed:
            pools += _option_pools(placed, side, None if group.is_command else group.path)
        recruit = group.recruit
        if recruit is not None:  # "Certain units have Life Points" printed on their tile (SoN p.16)
            printed = [c for c in recruit.markers if c.id in TILE_GEAR]
            pools += [GearPool(side, c.id, c.count, group.path, (), recruit.name) for c in printed]
    for placed in resolved.free:
        pools += _option_pools(placed, side, None)
    return pools


def _option_pools(placed: Placed, side: str, users: str | None) -> list[GearPool]:
    option = placed.option
    if option is None:
        return []
    counts: dict[str, int] = {}
    for count in option.markers:
        counts[count.id] = counts.get(count.id, 0) + count.count
    if option.id in WORN:
        counts[option.id] = 1
    if option.choice is not None and option.choice.markers:
        for pick in placed.pick.choice:
            if pick in option.choice.among:
                counts[pick] = counts.get(pick, 0) + 1
    limits = tuple(r.value for r in option.restricted_to)
    return [GearPool(side, m, n, users, limits, option.name) for m, n in sorted(counts.items())]


@dataclass
class GameState:
    scenario: Scenario
    battlefield: Battlefield
    ruleset: Ruleset
    sides: tuple[str, ...]
    initiative: str
    pieces: dict[str, Piece]  # on the battlefield, wrecks included
    reserve: dict[str, Piece] = field(default_factory=dict)  # yet to enter through entry squares
    destroyed: dict[str, Piece] = field(default_factory=dict)  # as they were when destroyed
    groups: dict[str, CombatGroup] = field(default_factory=dict)
    broken: set[str] = field(default_factory=set)
    orders: dict[str, OrderTokens] = field(default_factory=dict)
    # By side, its army as it stands: options a scenario event adds go in (setup/reinforcements.py).
    armies: dict[str, ResolvedArmy] = field(default_factory=dict)
    # By side, its Hardened tiles: one of their units takes a token every turn (BfC p.09).
    hardened: dict[str, tuple[str, ...]] = field(default_factory=dict)
    victory_points: dict[str, int] = field(default_factory=dict)
    control: dict[str, str | None] = field(default_factory=dict)  # objective id -> side
    captives: dict[str, Captive] = field(default_factory=dict)  # captive key -> whom it stays with (BfC p.12)
    titles: dict[str, str] = field(default_factory=dict)  # group key -> "Sherman Platoon"
    triggered: set[int] = field(default_factory=set)  # scenario events whose trigger holds
    # Units a scenario event brings in, kept off the battlefield until it happens (BfC p.14).
    arriving: dict[str, Piece] = field(default_factory=dict)
    entries: dict[str, str] = field(default_factory=dict)  # piece key -> the zone it enters through
    exited: dict[str, Piece] = field(default_factory=dict)  # units that left the battlefield
    # Defenders destroyed this Activation Phase: their +1 lasts until its end (BfC p.08).
    fallen_defenders: dict[str, Piece] = field(default_factory=dict)
    end_moved: int = 0  # spaces the END marker moved down: turns added to the game (BfC p.16)
    discarded: set[str] = field(default_factory=set)  # objectives an event discarded (BfC p.16)
    bonuses: dict[str, Square] = field(default_factory=dict)  # Tactical Bonuses on the battlefield (BfC p.14)
    decks: dict[str, Deck] = field(default_factory=dict)  # by side: its action cards
    # What action cards gave for this turn only, by side: Special Order tokens (High
    # Command) and an Assault ability every unit has (The Fury of the Führer).
    special_orders: dict[str, int] = field(default_factory=dict)
    granted_assault: dict[str, int] = field(default_factory=dict)
    # Battle Events of this turn (builder.heroes.rules.action_cards.battle_events): the side the Initiative
    # marker names when a card took the initiative from it; the units given a numbered or
    # special token this turn; the numbered tokens not yet revealed, by unit key; and the
    # tokens a destroyed unit passed on (its key -> the new one).
    initiative_marker: str | None = None
    ordered: set[str] = field(default_factory=set)
    unrevealed: dict[str, str] = field(default_factory=dict)
    passed_orders: dict[str, str] = field(default_factory=dict)
    # Units whose action this turn was a Movement Action without Fire on the Move, which
    # Burst Into Action may let fire (HoN core p.17).
    moved_only: set[str] = field(default_factory=set)
    structure_points: dict[str, int] = field(default_factory=dict)  # element key -> destruction points
    ruined: list[str] = field(default_factory=list)  # element keys turned to rubble, in order
    rubble: TerrainEffects = RUBBLE  # a fallen building's rubble side (the catalogue's ruins)
    # A wreck counter's terrain by the vehicle's type (the catalogue's wreck-light, wreck-heavy).
    wreck_terrain: dict[UnitType, TerrainEffects] = field(default_factory=lambda: dict(WRECK_TERRAIN))
    turn: int = 1
    over: bool = False
    winner: str | None = None  # a side id, "draw", or None while the game goes on
    outcome: str = ""  # "Minor German victory", "sudden death: …"
    gear: list[GearPool] = field(default_factory=list)  # markers the armies' options give
    traits: list[Trait] = field(default_factory=list)  # character traits played from the option (traits.py)
    bombs: list[PlantedBomb] = field(default_factory=list)  # Sticky Bombs and Magnetic Mines to explode
    # Mine markers: square -> the side that laid it (BfC p.09).
    mines: dict[Square, str] = field(default_factory=dict)
    # Airplanes' Speed markers: airplane key -> its value, None for X (BfC p.10-11).
    speeds: dict[str, int | None] = field(default_factory=dict)
    # Forward and Advanced Positions deployed during the game: square -> their defensive bonus
    # for infantry (BfC p.08-09), over the terrain's; kept off the battlefield's tables.
    positions: dict[Square, int] = field(default_factory=dict)
    mythos: Mythos = field(default_factory=Mythos)  # SoN's bags, madness and spells (mythos/state.py)
    # What is worked out from the pieces, kept until they change (in_play.py); and each side's
    # team with the scenario it was read from (`Scenario.team_of` searches the sides each time).
    _kept: Kept = field(default_factory=Kept, init=False, repr=False, compare=False)
    _teams: tuple[Scenario, dict[str, str]] | None = field(default=None, init=False, repr=False, compare=False)

    def gear_for(self, piece: Piece, marker: str) -> GearPool | None:
        """The first pool of `marker` markers left that `piece` may use (HoN core p.28)."""
        return next((g for g in self.gear if g.marker == marker and g.count > 0 and g.serves(piece)), None)

    def spend(self, pool: GearPool, count: int = 1) -> None:
        """Spent markers are removed from the game (HoN core p.28: "their use is limited to the number of markers")."""
        if count > pool.count:
            raise RulesError(Code.NO_MARKER, f"only {pool.count} {pool.marker} marker(s) left")
        pool.count -= count

    # --- Who is where -----------------------------------------------------------------

    def units(self, side: str | None = None) -> Iterator[Piece]:
        """Pieces on the battlefield that are still units (not wrecks), of one side or all."""
        for piece in self.pieces.values():
            if not piece.is_wreck and (side is None or piece.owner == side):
                yield piece

    def enemies_of(self, side: str) -> tuple[Piece, ...]:
        """The units on the battlefield (not wrecks) of the other teams (SoN p.10)."""
        return self._kept.enemies(self.pieces, self.team_of(side))

    def team_of(self, side: str) -> str:
        """The side's team (SoN p.10), the side itself when it plays alone; any other id (a
        team's own) is its own team, as `Scenario.team_of` says."""
        teams = self._teams
        if teams is None or teams[0] is not self.scenario:
            table: dict[str, str] = {}
            for s in self.scenario.sides:  # the first side of an id answers, as Scenario.side finds it
                table.setdefault(s.id, s.team if s.team is not None else s.id)
            teams = self._teams = (self.scenario, table)
        return teams[1].get(side, side)

    def occupant(self) -> Mapping[Square, Piece]:
        """Who stands on each square: a unit rather than the wreck it stands on (HoN core
        p.19), never a unit carried by a transport."""
        return self._kept.occupant(self.pieces)

    def snapshot(self) -> tuple[Piece, ...]:
        """Every piece on the battlefield as it stands now, wrecks included: what a frame keeps."""
        return self._kept.snapshot(self.pieces)

    @cached_property
    def objective_areas(self) -> dict[str, frozenset[Square]]:
        """The objectives still in play (not discarded, BfC p.16) and their squares."""
        objectives = (o for o in self.scenario.objectives if o.id not in self.discarded)
        return {o.id: objective_squares(o, self.battlefield) for o in objectives}

    def holders(self) -> Mapping[str, frozenset[str]]:
        """By objective still in play, the allegiances of the units standing on it (SoN p.10)."""
        return self._kept.holders(self.pieces, self.objective_areas)

    def discard(self, objective: str) -> None:
        """An objective discarded: no unit takes it any more; its controller keeps it (BfC p.16)."""
        self.discarded.add(objective)
        self.__dict__.pop("objective_areas", None)

    def opponents(self, side: str) -> list[str]:
        """The sides playing against `side`: all the others, or those of other teams (SoN p.10)."""
        team = self.team_of(side)
        return [s for s in self.sides if s != side and self.team_of(s) != team]

    def opposing_teams(self, side: str) -> list[str]:
        """The teams playing against `side` (each side its own team in a game of two)."""
        return list(dict.fromkeys(self.team_of(s) for s in self.opponents(side)))

    def next_side(self, side: str) -> str:
        return self.sides[(self.sides.index(side) + 1) % len(self.sides)]

    def initiative_order(self, first: str | None = None) -> list[str]:
        """The sides from the one with the initiative (or `first`), round the table (HoN core p.8)."""
        start = self.sides.index(first or self.initiative)
        return [*self.sides[start:], *self.sides[:start]]

    def title(self, piece: Piece) -> str:
        return self.titles.get(f"{piece.owner}/{piece.group}") or piece.unit.name


class Facts:
    """A GameState seen through `builder.heroes.scenario.conditions.Facts`."""

    def __init__(self, state: GameState) -> None:
        self.state = state

    def controls(self, side: str, objective: str) -> bool:
        """A side or team controls what it or a team-mate holds (SoN p.10)."""
        holder = self.state.control.get(objective)
        return holder is not None and self.state.team_of(holder) == self.state.team_of(side)

    def captured(self, side: str, unit: str) -> bool:
        team = self.state.team_of(side)
        captives = self.state.captives.values()
        return any(c.piece.unit.id == unit and self.state.team_of(c.side) == team for c in captives)

    def destroyed(self, unit: str) -> bool:
        return any(p.unit.id == unit for p in self.state.destroyed.values())

    def exited(self, side: str, units: list[str]) -> int:
        team = self.state.team_of(side)
        return sum(1 for p in self.state.exited.values() if p.allegiance == team and (not units or p.unit.id in units))

    def victory_points(self, side: str) -> int:
        """A team scores together (SoN p.10): its points are kept under its id."""
        return self.state.victory_points.get(self.state.team_of(side), 0)

    def opponents(self, side: str) -> list[str]:
        return self.state.opposing_teams(side)


def combat_groups(resolved: ResolvedArmy, side: str) -> dict[str, CombatGroup]:
    return {
        f"{side}/{g.path}": CombatGroup(
            f"{side}/{g.path}", side, g.name, g.counters, g.breaking_point, g.victory_points
        )
        for g in summary_of(resolved).groups
    }


def destroyed_in(state: GameState, group: CombatGroup) -> int:
    return sum(1 for p in state.destroyed.values() if f"{p.owner}/{p.group}" == group.key)


def lost_stars(state: GameState, side: str) -> int:
    """Order stars of the side's destroyed units: lost from the next Order Phase (HoN core p.8);
    in SoN also those a hit unit's damaged side no longer prints (SoN p.18)."""
    return sum(count for _, count in star_losses(state, side))


def star_losses(state: GameState, side: str) -> list[tuple[Piece, int]]:
    """Each of the side's units that gives fewer order stars than its front side prints, and
    by how many: destroyed or captured ones (HoN core p.8; BfC p.12) and, where the ruleset says so, hit ones
    showing their damaged side (SoN p.18)."""
    # A captive's too, while it is held (hon's reading of "lose a unit", BfC p.12).
    lost = (*state.destroyed.values(), *(c.piece for c in state.captives.values()))
    found = [(p, stars_of(p.unit.front)) for p in lost if p.owner == side]
    if state.ruleset.orders_follow_hits:
        for piece in (*state.pieces.values(), *state.reserve.values()):
            if piece.owner == side and not piece.is_wreck and piece.key not in state.destroyed:
                found.append((piece, stars_of(piece.unit.front) - stars_of(piece.side)))
    return [(piece, count) for piece, count in found if count > 0]


def new_game(
    scenario: Scenario,
    battlefield: Battlefield,
    ruleset: Ruleset,
    initiative: str,
    armies: Mapping[str, ResolvedArmy],
    titles: Mapping[str, str],
) -> GameState:
    """An empty battlefield with the armies' order tokens and combat groups counted."""
    state = GameState(scenario, battlefield, ruleset, tuple(s.id for s in scenario.sides), initiative, Pieces())
    for side, resolved in armies.items():
        state.orders[side] = order_tokens(resolved)
        state.armies[side] = resolved
        state.groups.update(combat_groups(resolved, side))
        # Victory points carried over from a campaign's last game, else none; a team's are
        # kept together under its id (SoN p.10).
        team = state.team_of(side)
        state.victory_points[team] = state.victory_points.get(team, 0) + scenario.setup.victory_points.get(side, 0)
        state.gear += gear_pools(resolved, side)
        state.traits += traits_of(resolved, side)
    state.titles.update(titles)
    # An objective starts neutral (BfC p.12), or held by a side when a campaign says so.
    state.control = {o.id: o.held for o in scenario.objectives}
    # Tactical Bonuses no event places are on the battlefield from the set-up (BfC p.14, p.16).
    later = {bonus for event in scenario.events for bonus in event.bonuses}
    state.bonuses = {b.id: b.at for b in scenario.tactical_bonuses if b.id not in later}
    return state


def copy_state(state: GameState) -> GameState:
    """A state that changes apart from `state`, for a forward model's copies: every container
    and every changeable record copied, what never changes (counters, catalogue data, the
    scenario, the battlefield, frozen records) shared. Caches start afresh."""
    twin = copy.copy(state)
    for name in twin.__dict__.keys() - _FIELDS:
        del twin.__dict__[name]  # cached properties (objective_areas) are worked out again
    for name in _FIELDS - _SHARED:
        setattr(twin, name, _apart(getattr(state, name)))
    twin._kept = Kept()
    return twin


def _apart(value: Any) -> Any:
    """`value`, or a copy of it down to its unchangeable parts."""
    kind = type(value)
    if kind in _UNCHANGEABLE or _unchangeable(kind):
        return value
    if isinstance(value, dict):
        twin = kind(value)
        for key, item in value.items():
            if not _fixed(item):
                twin[key] = _apart(item)
        return twin
    if isinstance(value, list):
        return [item if _fixed(item) else _apart(item) for item in value]
    if isinstance(value, set):
        return set(value)  # of keys and squares
    if isinstance(value, tuple):
        return value if all(_fixed(item) for item in value) else tuple(_apart(item) for item in value)
    if is_dataclass(value):
        record = copy.copy(value)
        for name, item in value.__dict__.items():
            if not _fixed(item):
                object.__setattr__(record, name, _apart(item))
        return record
    raise TypeError(f"a game state holds a {kind.__name__}, which copy_state cannot copy")


def _fixed(value: object) -> bool:
    kind = type(value)
    return kind in _UNCHANGEABLE or _unchangeable(kind)


# What the rules only read, shared by a state and its copies.
_SHARED = frozenset({"scenario", "battlefield", "ruleset", "armies", "_kept"})
_FIELDS = frozenset(item.name for item in fields(GameState))
_UNCHANGEABLE: set[type] = {str, int, float, bool, type(None), frozenset, bytes}
_CHANGEABLE: set[type] = set()


def _unchangeable(kind: type) -> bool:
    """Frozen dataclasses, frozen pydantic models (the catalogue's) and enums; the answer
    remembered by type, either way."""
    if kind in _CHANGEABLE:
        return False
    params = getattr(kind, "__dataclass_params__", None)
    config = getattr(kind, "model_config", None)
    frozen = (
        (params is not None and params.frozen)
        or issubclass(kind, Enum)
        or (isinstance(config, dict) and bool(config.get("frozen")))
    )
    (_UNCHANGEABLE if frozen else _CHANGEABLE).add(kind)
    return frozen
