"""What an activated unit does, and how the game state changes when it does it: a Movement
Action (entering the battlefield included), a Firing Action or an Assault (HoN core p.9-26).

Every change goes through here, so every rule about where a unit may end (one unit per
square, never an impassable square) is kept in one place; each action returns the events
that narrate it, dice and modifiers included."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Protocol

from builder.heroes.catalogue.units import DefenseColour, Weapon
from builder.heroes.rules.assault import (
    Assault,
    AssaultOutcome,
    AssaultResult,
    AttackerMove,
    DefenderMove,
    resolve_assault,
)
from builder.heroes.rules.combat import (
    Facing,
    FireResult,
    IllegalAttack,
    Shot,
    aim,
    fire,
    machine_gunner_pool,
    name,
    split_machine_gunner,
)
from builder.heroes.rules.damage import DamageLocation, Effect
from builder.heroes.rules.events import (
    AdvanceEvent,
    AssaultEvent,
    BreaksEvent,
    ControlEvent,
    DestroyedEvent,
    EnterEvent,
    FireEvent,
    HeroesEvent,
    HoldEvent,
    MoveEvent,
    Phase,
    RetreatEvent,
)
from builder.heroes.rules.grid import footprint_squares, neighbours
from builder.heroes.rules.kept import PerBattlefield
from builder.heroes.rules.los import blocked_by_terrain, line_of_sight
from builder.heroes.rules.movement import DIFFICULT, Path, Position
from builder.heroes.rules.passage import passage_map
from builder.heroes.rules.pieces import STEPS, Piece, Square
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.state import Frame, GameState, destroyed_in
from builder.heroes.rules.zoc import zones_of_control
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
    state: GameState, firer: Piece, target: Piece, weapon: Weapon | None = None, occupancy: Occupancy | None = None
) -> Shot | None:
    """The Firing Action `firer` could make at `target` from where both stand, or None when
    the rules forbid it (no line of sight, out of range, X against the colour…). Pass the
    `occupancy` when asking for many shots on one battlefield."""
    return shots_at(state, firer, target, (weapon,), occupancy)[0]


def shots_at(
    state: GameState,
    firer: Piece,
    target: Piece,
    weapons: tuple[Weapon | None, ...],
    occupancy: Occupancy | None = None,
    on_the_move: bool = False,
    opportunity: bool = False,
) -> list[Shot | None]:
    """`shot_at` for each of the firer's weapons, tracing the line of sight once; a weapon
    whose firing arc does not hold the target has none (HoN core p.14). `on_the_move`: Fire on
    the Move, only weapons with the ability (p.14, p.23); `opportunity`: Opportunity Fire (p.24)."""
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
    facing = struck_facing(target, firer.squares)
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
            range=sight.range,
            penalties=sight.modifiers,
            fire_on_the_move=on_the_move,
            opportunity=opportunity,
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
    """A Movement Action along `path`. With `fire`, Fire on the Move: a Firing Action with the
    weapons that have the ability, taken at position `fire_at` of the path (0: before leaving,
    else after entering that square; None: at the end), HoN core p.23, p.33."""

    path: Path
    fire: Fire | None = None
    fire_at: int | None = None


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
    knife: bool = False  # the attacker discards a Knife marker: +2 to its result (HoN core p.31)


@dataclass(frozen=True)
class Hold:
    reason: str


Action = Move | Enter | Fire | AssaultAction | Hold


class Watcher(Protocol):
    """Who decides, for one side, whether a unit takes Opportunity Fire (HoN core p.24)."""

    def opportunity(self, state: GameState, firer: Piece, target: Piece) -> Fire | None:
        """The Firing Action `firer` takes at `target` now, or None to let it be."""
        ...

    def defend_with_knife(self, state: GameState, defender: Piece, assault: Assault) -> bool:
        """Whether an assaulted unit that may discard a Knife marker does (HoN core p.31)."""
        ...


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

    def __init__(
        self, state: GameState, dice: Dice, phase: Phase, watchers: Mapping[str, Watcher] | None = None
    ) -> None:
        self.state, self.dice, self.phase = state, dice, phase
        self.frames: list[Frame] = []
        # Each side's policy, asked for Opportunity Fire during the Activation Phase (HoN core p.24).
        self.watchers: Mapping[str, Watcher] = watchers or {}

    @property
    def events(self) -> list[HeroesEvent]:
        return [frame.event for frame in self.frames]

    def add(self, event: HeroesEvent) -> None:
        """Record an event with the battlefield as it stands now."""
        self.frames.append(Frame(event, tuple(self.state.pieces.values())))

    def perform(self, key: str, action: Action) -> None:
        piece = self.state.pieces.get(key) or self.state.reserve[key]
        if isinstance(action, Move):
            self._move(piece, action.path, action.fire, action.fire_at)
        elif isinstance(action, Enter):
            self._enter(piece, action.position)
        elif isinstance(action, Fire):
            self._fire(piece, action)
        elif isinstance(action, AssaultAction):
            self._assault(piece, action)
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
        shots: Fire | None = None,
        fire_at: int | None = None,
    ) -> None:
        """Square by square (HoN core p.33, the movement sequence): Fire on the Move where the
        action says, and after each square entered the enemy may take Opportunity Fire (p.24).
        A hit does not interrupt the move; a unit destroyed, or a vehicle whose tracks or hull
        are hit, goes no further (p.15)."""
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
            return
        if not may_stand(self.state, piece, end.squares):
            raise ValueError(f"{piece.key} may not end a move on {end.squares}")
        last = len(path.positions) - 1
        fire_index = (last if fire_at is None else max(0, min(fire_at, last))) if shots is not None else None
        watched = self._watching(piece.owner)
        key, damage = piece.key, piece.damage
        reached, stop = 0, ""
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
                self.state.pieces[key] = current.moved(position.squares, position.facing)
            reached = index
            if index == fire_index and shots is not None:
                self._fire(self.state.pieces[key], shots, on_the_move=True)
            elif index and watched:
                self.watch(key, f"as {name(piece)} moves into {_where(position.squares)}")
        else:
            current = self.state.pieces.get(key)
            if current is None or current.is_wreck:
                stop = "destroyed"
        if stop == "destroyed":
            return  # the Fire and Destroyed events tell where it fell
        moved = self.state.pieces[key]
        if not stop:
            moved = replace(moved, suppressed=moved.suppressed + path.suppressed)
            self.state.pieces[key] = moved
        # Stopped on the way: the path keeps no cost per square, the steps taken stand for it.
        cost = path.cost if not stop else min(path.cost, reached)
        where = _where(moved.squares)
        text = f"{name(piece)} moves {cost} square{'s' if cost != 1 else ''} to {where}"
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
                path=tuple(p.square for p in path.positions[: reached + 1]),
                cost=cost,
            )
        )

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
            shot = shots_at(self.state, shooter, target, (weapon,), None, on_the_move, opportunity)[0]
            if shot is None:
                continue
            suppressive = weapon in action.suppressive
            extra = bonuses if target.is_infantry else ()
            shot = replace(shot, suppressive=suppressive, machine_gunner_share=share, bonuses=shot.bonuses + extra)
            result = fire(shot, self.dice, self.state.ruleset)
            event = FireEvent.of(result, self.state.turn, self.phase, firer.owner)
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
            if notes or prefix:
                event = event.model_copy(update={"text": f"{prefix}{event.text}{' ' + notes if notes else ''}"})
            self.add(event)
            self._after_fire(result)
            fired = True
        if fired and not opportunity:
            self.watch(firer.key, f"after the Firing Action of {name(firer)}")

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
            shot = shots_at(self.state, firer, targets[0], (weapon,), None, on_the_move)[0]
            if shot is None:
                raise IllegalAttack(f"no shot at {name(targets[0])}", page)
            extra = bonuses if targets[0].is_infantry else ()
            shot = replace(shot, suppressive=weapon in action.suppressive, bonuses=shot.bonuses + extra)
            pool = machine_gunner_pool(shot, self.state.ruleset)
            split_machine_gunner(pool, targets, [n for _, n in mine], self.state.ruleset)

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
        if approach is not None and approach.destination.squares != attacker.squares:
            self._move(attacker, approach)
            moved = self.state.pieces.get(attacker.key)
            if moved is None or moved.is_wreck or moved.squares != approach.destination.squares:
                return  # destroyed or stopped by Opportunity Fire on the way (HoN core p.24-25)
            attacker = moved
            defender = self.state.pieces[action.defender]
        from_squares = attacker.squares
        terrain = 0 if _shared_cover(self.state, attacker, defender) else cover(self.state, defender)
        # Assaulted from a square outside its limited firing arc(s): a Suppressed marker first (HoN core p.26).
        arcs = defender.side.weapons
        outside = any(w.arc is not None for w in arcs) and not any(in_arc(defender, from_squares, w) for w in arcs)
        assault = Assault(attacker, defender, terrain=terrain, outside_arc=outside)
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
        result = resolve_assault(assault, self.dice, self.state.ruleset)
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
