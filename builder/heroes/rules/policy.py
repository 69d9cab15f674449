"""The simple policy that plays both sides of a simulated game: fire where the expected
damage is best, assault when the odds favour it, otherwise move towards the objectives,
preferring cover. Deterministic: ties are broken by square and key, never at random, so a
seed alone decides a game.

It only chooses; `builder.heroes.rules.actions` applies the choice under the rules."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from builder.heroes.catalogue.units import Weapon
from builder.heroes.rules.actions import (
    Action,
    AssaultAction,
    Enter,
    Fire,
    Hold,
    Move,
    cover,
    cover_table,
    enemies_in_reach,
    one_weapon_only,
    shots_at,
    terrain_bonus,
    weapons_of,
)
from builder.heroes.rules.assault import Assault
from builder.heroes.rules.combat import IllegalAttack
from builder.heroes.rules.damage import DamageLocation
from builder.heroes.rules.deployment import candidates
from builder.heroes.rules.movement import Position, allowance, assault_path, reachable
from builder.heroes.rules.odds import expected_hits, odds_of_assault, odds_of_shot
from builder.heroes.rules.orders import Orders, Tokens, needs_no_order
from builder.heroes.rules.passage import passage_map
from builder.heroes.rules.pieces import Piece, Square
from builder.heroes.rules.placement import zone_squares, zones_for
from builder.heroes.rules.sightmap import Occupancy
from builder.heroes.rules.state import GameState
from builder.heroes.scenario.conditions import AllOf, AnyOf, Condition, Control

FAR = 10_000
FIELDS_KEPT = 64  # distance fields remembered; goals that chase enemies change every move


class Policy(Protocol):
    def assign(self, state: GameState, side: str, tokens: Tokens) -> Orders:
        """Place the side's order tokens (HoN core p.8, step 3)."""
        ...

    def activate(self, state: GameState, piece: Piece) -> Action:
        """What an activated unit does in the Activation Phase."""
        ...

    def supply_move(self, state: GameState, piece: Piece) -> Action:
        """A Supply Phase Movement Action: never a firing action nor an assault (HoN core p.16)."""
        ...

    def opportunity(self, state: GameState, firer: Piece, target: Piece) -> Fire | None:
        """Whether `firer` takes Opportunity Fire at `target` now (HoN core p.24)."""
        ...


@dataclass
class SimplePolicy:
    fire_threshold: float = 0.15  # expected hits a firing action must promise
    assault_edge: float = 0.2  # P(win) - P(loss) an assault must promise
    opportunity_odds: float = 0.5  # the chance of at least a hit an Opportunity Fire must promise
    _fields: dict[tuple[object, ...], dict[Square, int]] = field(default_factory=dict, repr=False)

    # --- Order tokens -------------------------------------------------------------------

    def assign(self, state: GameState, side: str, tokens: Tokens) -> Orders:
        """Tokens to the units nearest the enemy (they have targets), those that must take a
        token (Personal Order, HoN core p.26) first; the bluff on the next in line."""
        enemies = [sq for p in state.enemies_of(side) for sq in p.squares]
        own = [p for p in (*state.units(side), *state.reserve.values()) if p.owner == side and not needs_no_order(p)]

        def urgency(piece: Piece) -> tuple[int, int, str]:
            near = min((_gap(piece.squares, (e,)) for e in enemies), default=FAR) if piece.squares else FAR
            return (0 if piece.side.has("personal-order") else 1, near, piece.key)

        ranked = [p.key for p in sorted(own, key=urgency)]
        numbered = tuple(ranked[: tokens.numbered])
        special = tuple(ranked[len(numbered) : len(numbered) + tokens.special])
        used = len(numbered) + len(special)
        return Orders(side, numbered, special, tuple(ranked[used : used + tokens.bluff]))

    # --- Activation ---------------------------------------------------------------------

    def activate(self, state: GameState, piece: Piece) -> Action:
        if piece.key in state.reserve:
            return self._enter(state, piece)
        occupancy = Occupancy(state.pieces.values())
        assault = self._assault(state, piece)
        if assault is not None:
            return assault
        shots = self._shots(state, piece, occupancy)
        if shots:
            return Fire(tuple(shots))
        return self._advance(state, piece)

    def supply_move(self, state: GameState, piece: Piece) -> Action:
        if piece.key in state.reserve:
            return self._enter(state, piece)
        return self._advance(state, piece)

    def opportunity(self, state: GameState, firer: Piece, target: Piece) -> Fire | None:
        """Take Opportunity Fire when the exact odds of at least a hit reach `opportunity_odds`,
        with every weapon that has them (one only when the crew is hit, HoN core p.15): the
        unit is then activated and loses its order token (p.24), so only a good shot is worth it."""
        if target.concealed:
            return None
        weapons = weapons_of(firer)
        chosen: list[tuple[float, Weapon | None]] = []
        for weapon, shot in zip(weapons, shots_at(state, firer, target, weapons, opportunity=True), strict=True):
            if shot is None:
                continue
            odds = odds_of_shot(shot, state.ruleset).exact()
            hit = float(odds.get("hit", 0) + odds.get("double", 0))
            if hit >= self.opportunity_odds:
                chosen.append((hit, weapon))
        if one_weapon_only(firer) and len(chosen) > 1:
            chosen = [max(chosen, key=lambda c: c[0])]
        return Fire(tuple((weapon, target.key) for _, weapon in chosen)) if chosen else None

    def _shots(self, state: GameState, piece: Piece, occupancy: Occupancy) -> list[tuple[Weapon | None, str]]:
        """For each weapon, the target with the most expected hits, if worth a shot; a vehicle
        whose crew is hit fires only its best weapon (HoN core p.15). A destroyed primary
        weapon has no shot at all (`shots_at` refuses it)."""
        reach = state.ruleset.max_range or FAR
        targets = [t for t in enemies_in_reach(state, piece, reach) if not t.concealed]
        weapons = weapons_of(piece)
        best: list[tuple[float, str] | None] = [None] * len(weapons)
        for target in targets:
            for i, shot in enumerate(shots_at(state, piece, target, weapons, occupancy)):
                if shot is None:
                    continue
                worth = (expected_hits(shot, state.ruleset) * _worth(target), target.key)
                found = best[i]
                if found is None or worth > found:
                    best[i] = worth
        chosen = [
            (found, weapon)
            for weapon, found in zip(weapons, best, strict=True)
            if found is not None and found[0] >= self.fire_threshold
        ]
        if one_weapon_only(piece) and len(chosen) > 1:
            chosen = [max(chosen, key=lambda c: c[0][0])]  # the first best, in weapon order
        return [(weapon, found[1]) for found, weapon in chosen]

    def _assault(self, state: GameState, piece: Piece) -> AssaultAction | None:
        points = allowance(piece)
        if points is None or points <= 0 or not piece.side.has("assault"):
            return None
        options: list[tuple[float, str, Piece]] = []
        for defender in enemies_in_reach(state, piece, points + 1):
            try:
                odds = odds_of_assault(Assault(piece, defender, terrain=cover(state, defender)), state.ruleset)
            except (IllegalAttack, ValueError):
                continue
            edge = odds["win"] - odds["loss"]
            if odds["win"] >= 0.5 and edge >= self.assault_edge:
                options.append((edge * _worth(defender), defender.key, defender))
        for _, _, defender in sorted(options, key=lambda o: (-o[0], o[1])):
            path = assault_path(state.battlefield, state.pieces.values(), piece, defender, state.ruleset)
            if path is not None:
                return AssaultAction(path, defender.key)
        return None

    # --- Movement -----------------------------------------------------------------------

    def _advance(self, state: GameState, piece: Piece) -> Action:
        """Towards the nearest objective the side does not hold (else the enemy), ending in
        the best cover among the squares that bring it nearest; a unit on an objective stays."""
        points = allowance(piece)
        if DamageLocation.TRACKS in piece.damage:
            return Hold(f"its tracks are damaged: no more Movement Actions, {state.ruleset.cite('damage')}")
        if points is None or points <= 0:
            return Hold("it cannot move")
        areas = state.objective_areas
        if any(sq in area for area in areas.values() for sq in piece.squares):
            return Hold("it holds an objective")
        goals = self._goals(state, piece.owner)
        if not goals:
            return Hold("nothing to move towards")
        distances = self._field(state, piece, goals)
        shelter = cover_table(state, piece.colour)
        paths = reachable(state.battlefield, state.pieces.values(), piece, state.ruleset)

        def score(position: Position) -> tuple[int, int, Square, int]:
            squares = position.squares
            near = min(distances.get(sq, FAR) for sq in squares)
            return (
                near * 2 - terrain_bonus(state, shelter, squares),
                -len(position.squares),
                position.square,
                position.facing,
            )

        best = min(paths, key=score)
        start = Position(piece.squares, piece.facing)
        if score(best)[0] >= score(start)[0]:
            return Hold("no better square in reach")
        return Move(paths[best])

    def _enter(self, state: GameState, piece: Piece) -> Action:
        area = zone_squares(zones_for(state.scenario, piece.owner, piece.unit.id), state.battlefield)
        taken = frozenset(state.occupant())
        found = candidates(piece, area, taken, passage_map(state.battlefield), state.battlefield)
        if not found:
            return Hold("its entry squares are taken")
        goals = self._goals(state, piece.owner)
        distances = self._field(state, piece, goals) if goals else {}
        squares, facing = min(found, key=lambda c: (min(distances.get(sq, FAR) for sq in c[0]), c[0], c[1]))
        return Enter(Position(squares, facing))

    @staticmethod
    def _goals(state: GameState, side: str) -> frozenset[Square]:
        """The objectives the side's victory asks it to control and it does not hold yet (all
        objectives when its victory names none); with none left, the enemy units."""
        named = wanted_objectives(state, side) or set(state.objective_areas)
        wanted = [
            area for oid, area in state.objective_areas.items() if oid in named and state.control.get(oid) != side
        ]
        if wanted:
            return frozenset(sq for area in wanted for sq in area)
        return frozenset(sq for p in state.enemies_of(side) for sq in p.squares)

    def _field(self, state: GameState, piece: Piece, goals: frozenset[Square]) -> dict[Square, int]:
        """Steps from every square to the nearest goal for this kind of unit, around walls,
        water and impassable terrain; kept while the goals stay the same."""
        side = piece.side
        # Passage depends on the unit type, Amphibious and Urban Fighter only (PassageMap).
        key = (goals, piece.unit.type, side.has("amphibious"), side.has("urban-fighter"))
        found = self._fields.get(key)
        if found is None:
            if len(self._fields) >= FIELDS_KEPT:
                self._fields.clear()
            found = self._fields[key] = _distance_field(state, piece, goals)
        return found


def wanted_objectives(state: GameState, side: str) -> set[str]:
    """Objectives a Control condition of one of the side's victories names for the side."""
    found: set[str] = set()

    def walk(condition: Condition) -> None:
        if isinstance(condition, Control):
            if condition.side == side:
                found.update(condition.objectives)
        elif isinstance(condition, (AllOf, AnyOf)):
            for part in condition.of:
                walk(part)

    for outcome in state.scenario.victory.outcomes:
        if outcome.winner == side:
            walk(outcome.condition)
    return found


def _distance_field(state: GameState, piece: Piece, goals: Iterable[Square]) -> dict[Square, int]:
    side = piece.side
    entries = passage_map(state.battlefield).entries(
        piece.unit, side, side.has("amphibious"), side.has("urban-fighter")
    )
    found = {sq: 0 for sq in goals}
    queue = deque(sorted(found))
    while queue:
        here = queue.popleft()
        steps = found[here] + 1
        for there in entries.get(here, ()):
            if there not in found:
                found[there] = steps
                queue.append(there)
    return found


def _gap(a: tuple[Square, ...], b: tuple[Square, ...]) -> int:
    return min(max(abs(x[0] - y[0]), abs(x[1] - y[1])) for x in a for y in b)


def _worth(target: Piece) -> float:
    """Officers and heroes are worth more: they bring order tokens (HoN core p.8)."""
    front = target.unit.front
    return 1.5 if front.has("order") or front.has("personal-order") else 1.0
