"""What an activated unit does, and how the game state changes when it does it: a Movement
Action (entering the battlefield included), a Firing Action or an Assault (HoN core p.9-26).

Every change goes through here, so every rule about where a unit may end (one unit per
square, never an impassable square) is kept in one place; each action returns the events
that narrate it, dice and modifiers included."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, replace

from builder.heroes.catalogue.terrain import LineKind
from builder.heroes.catalogue.units import DefenseColour, Role, UnitType, Weapon
from builder.heroes.rules.assault import (
    Assault,
    AssaultOutcome,
    AssaultResult,
    AttackerMove,
    DefenderMove,
    resolve_assault,
)
from builder.heroes.rules.combat import Facing, FireOutcome, FireResult, IllegalAttack, Shot, aim, fire, name, take_hit
from builder.heroes.rules.damage import DamageLocation, Effect, destroy
from builder.heroes.rules.events import (
    AdvanceEvent,
    AssaultEvent,
    BreaksEvent,
    ClearEvent,
    ControlEvent,
    DestroyedEvent,
    EnterEvent,
    ExitEvent,
    FireEvent,
    HeroesEvent,
    HoldEvent,
    MoveEvent,
    Phase,
    RetreatEvent,
)
from builder.heroes.rules.grid import edge_of_segment, footprint_squares, neighbours, range_between
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.los import blocked_by_terrain, line_of_sight
from builder.heroes.rules.movement import DIFFICULT, Path, Position
from builder.heroes.rules.passage import passage_map
from builder.heroes.rules.pieces import STEPS, Piece, Square
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.state import Frame, GameState, destroyed_in
from builder.heroes.rules.zoc import zone_of_control, zones_of_control
from builder.heroes.scenario.battlefield import PlacedLine
from builder.heroes.scenario.models import ZoneKind
from builder.kernel.dice import Dice
from builder.kernel.events import Modifier

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


DEFENDER_PAGE = CHARGE_PAGE = "BfC p.08"
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
    return shots_at(state, firer, target, (weapon,), occupancy, charge)[0]


def shots_at(
    state: GameState,
    firer: Piece,
    target: Piece,
    weapons: tuple[Weapon | None, ...],
    occupancy: Occupancy | None = None,
    charge: bool = False,
) -> list[Shot | None]:
    """`shot_at` for each of the firer's weapons, tracing the line of sight once."""
    if (
        target.concealed
        or target.embarked_in is not None
        or target.is_wreck
        or blocked_by_terrain(state.battlefield, firer, target, state.ruleset)
    ):
        return [None] * len(weapons)
    seen = occupancy if occupancy is not None else Occupancy(state.pieces.values())
    sight = line_of_sight(state.battlefield, seen, firer, target, state.ruleset)
    if sight.blocked:
        return [None] * len(weapons)
    terrain = 0 if _shared_cover(state, firer, target) else cover(state, target)
    terrain += line_bonus(state, firer, target, sight.lines)
    guarded = defender_bonus(state, target)
    facing = struck_facing(target, firer.squares)
    found: list[Shot | None] = []
    for weapon in weapons:
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
        )
        found.append(shot if _aimable(shot, state) else None)
    return found


def _aimable(shot: Shot, state: GameState) -> bool:
    try:
        aim(shot, state.ruleset)
    except IllegalAttack:
        return False
    return True


# --- Actions ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    path: Path


@dataclass(frozen=True)
class Enter:
    """A unit in reserve enters the battlefield on an entry square (its Movement Action)."""

    position: Position


@dataclass(frozen=True)
class Fire:
    shots: tuple[tuple[Weapon | None, str], ...]  # each weapon and the key of its target


@dataclass(frozen=True)
class AssaultAction:
    path: Path  # the Movement Action up to the square next to the defender
    defender: str
    # Charge (BfC p.08): a Firing Action at the defender before the assault is resolved.
    charge: bool = False


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


Action = Move | Enter | Fire | AssaultAction | Hold | Clear | Leave


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


def may_stand(state: GameState, piece: Piece, squares: tuple[Square, ...]) -> bool:
    """One unit per square, never a square the unit may not enter (HoN core p.9, p.18); an
    infantry unit may stand on a wreck's square (HoN core p.19)."""
    passage = passage_map(state.battlefield)
    occupant = state.occupant()
    for square in squares:
        if square not in state.battlefield.squares or passage.refusal(square, piece.unit, piece.side) is not None:
            return False
        other = occupant.get(square)
        if other is not None and other.key != piece.key and not (other.is_wreck and piece.is_infantry):
            return False
    return True


class Turn:
    """Applies actions to a state and records what happened, for one phase of one turn."""

    def __init__(self, state: GameState, dice: Dice, phase: Phase) -> None:
        self.state, self.dice, self.phase = state, dice, phase
        self.frames: list[Frame] = []

    @property
    def events(self) -> list[HeroesEvent]:
        return [frame.event for frame in self.frames]

    def add(self, event: HeroesEvent) -> None:
        """Record an event with the battlefield as it stands now."""
        self.frames.append(Frame(event, tuple(self.state.pieces.values())))

    def perform(self, key: str, action: Action) -> None:
        piece = self.state.pieces.get(key) or self.state.reserve[key]
        if isinstance(action, Move):
            self._move(piece, action.path)
        elif isinstance(action, Enter):
            self._enter(piece, action.position)
        elif isinstance(action, Fire):
            self._fire(piece, action)
        elif isinstance(action, AssaultAction):
            self._assault(piece, action)
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

    def _move(self, piece: Piece, path: Path) -> None:
        end = path.destination
        _may_move(piece, path, self.state.ruleset.cite("damage"))
        if end.squares == piece.squares and end.facing == piece.facing:
            self.add(
                HoldEvent(
                    turn=self.state.turn,
                    phase=self.phase,
                    side=piece.owner,
                    text=f"{name(piece)} stays where it is.",
                    unit=piece.key,
                )
            )
            return
        if not may_stand(self.state, piece, end.squares):
            raise ValueError(f"{piece.key} may not end a move on {end.squares}")
        moved = replace(piece.moved(end.squares, end.facing), suppressed=piece.suppressed + path.suppressed)
        self.state.pieces[piece.key] = moved
        where = _where(end.squares)
        text = f"{name(piece)} moves {path.cost} square{'s' if path.cost != 1 else ''} to {where}"
        if path.stopped == DIFFICULT and path.working_through:
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
                unit=piece.key,
                to=end.squares,
                path=tuple(p.square for p in path.positions),
                cost=path.cost,
            )
        )

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
        if not piece.squares or not set(piece.squares) <= exit_squares(self.state, piece.owner):
            raise ValueError(f"{piece.key} is not on its side's exit squares")
        del self.state.pieces[piece.key]
        self.state.exited[piece.key] = piece
        self.add(
            ExitEvent(
                turn=self.state.turn,
                phase=self.phase,
                side=piece.owner,
                text=f"{name(piece)} leaves the battlefield from {_where(piece.squares)}.",
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

    def _fire(self, firer: Piece, action: Fire) -> None:
        cite = self.state.ruleset.cite
        weapons: list[Weapon | None] = []
        for weapon, _ in action.shots:
            if weapon not in weapons:
                weapons.append(weapon)
        if one_weapon_only(firer) and len(weapons) > 1:
            raise IllegalAttack(f"the crew of {name(firer)} is hit: it fires one of its weapons only", cite("damage"))
        for weapon, target_key in action.shots:
            target = self.state.pieces.get(target_key)
            shooter = self.state.pieces.get(firer.key)
            if target is None or shooter is None or target.is_wreck:
                continue
            shot = shot_at(self.state, shooter, target, weapon)
            if shot is None:
                continue
            self._shoot(shot, firer.owner, after=_damage_notes(shooter, cite("damage")))

    def _shoot(self, shot: Shot, side: str, before: str = "", after: str = "") -> None:
        """Resolve one shot, tell it (with `before` and `after` around the sentence) and put
        its effects on the battlefield, a Substitute taking the hit if one may (BfC p.08)."""
        result = fire(shot, self.dice, self.state.ruleset)
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

    def _after_fire(self, result: FireResult) -> None:
        if result.firer is not None:
            self.state.pieces[result.firer.key] = result.firer
        self.hurt(result.shot.target, result.target, result.effect)

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
            self._move(attacker, approach)
            attacker = self.state.pieces[attacker.key]
        from_squares = attacker.squares
        terrain = 0 if _shared_cover(self.state, attacker, defender) else cover(self.state, defender)
        result = resolve_assault(Assault(attacker, defender, terrain=terrain), self.dice, self.state.ruleset)
        self.add(AssaultEvent.of(result, self.state.turn, self.phase, attacker.owner))
        if result.outcome is AssaultOutcome.WIN:
            self.state.captured_units.add((attacker.owner, defender.unit.id))
        self.hurt(attacker, result.attacker, result.attacker_effect)
        self.hurt(defender, result.defender, result.defender_effect)
        self._assault_moves(result, from_squares, defender.squares)

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
            self._shoot(shot, attacker.owner, before=said)

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
            if may_stand(self.state, attacker, squares):
                self.state.pieces[attacker.key] = attacker.moved(squares, facing)
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

    def _displace(self, defender: Piece, options: list[Square], moved: str, stuck: str, rule: str) -> None:
        """Move a one-square unit to the first square of `options` it may enter without moving
        within an enemy Zone of Control, or destroy it. A counter of several squares never
        retreats (vehicles stay, HoN core p.26)."""
        cite = self.state.ruleset.cite
        why = ""
        if defender.side.movement is None:
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
            self.state.pieces[defender.key] = defender.moved((square,))
            self.add(
                RetreatEvent(
                    turn=self.state.turn,
                    phase=self.phase,
                    side=defender.owner,
                    text=f"{name(defender)} {moved} {_where((square,))}.",
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
        self.add(
            DestroyedEvent(
                turn=state.turn,
                phase=self.phase,
                side=before.owner,
                text=f"{name(before)} ({state.title(before)}) is {effect.value}.",
                unit=before.key,
            )
        )
        self._check_breaking(f"{before.owner}/{before.group}")

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
