"""Battle (M44 summary, "Battle", "Range and hit dice rolled", "Line of sight", "Resolving
battles", "Retreats", "Terrain", "Fixed obstacles").

A unit battles an enemy within its range, seen along a clear line of sight unless it is
artillery. Next to an enemy it must close assault one of them rather than fire farther.
Its dice are its type's at that range, less the best reduction of the target's ground
(only the best of a terrain and an obstacle counts) and of its own ground's handicap. Each
matching symbol is a hit and removes a figure; then each flag moves the target one hex back
towards its own side (French Resistance up to three), and each retreat move it cannot make
costs a figure."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from builder.kernel.dice import Dice
from builder.kernel.events import Modifier
from builder.memoir.hexes import Hex
from builder.memoir.rules import los
from builder.memoir.rules.battle_dice import PAGE as PAGE_DICE
from builder.memoir.rules.battle_dice import Result, roll
from builder.memoir.rules.state import GameState, Piece
from builder.memoir.rules.terrain import PAGE_OBSTACLES, PAGE_TERRAIN

PAGE_BATTLE = "M44 summary: Battle"
PAGE_RANGE = "M44 summary: Range and hit dice rolled"
PAGE_RETREAT = "M44 summary: Retreats"


def sees(state: GameState, start: Hex, end: Hex) -> Hex | None:
    """The hex blocking the line of sight from `start` to `end`, or None when it is clear.
    Units block it; so does ground that blocks it; a hill blocks it unless both ends stand
    on that same hill mass (example)."""
    hills = state.battlefield.hills

    def obstructed(place: Hex) -> bool:
        if place in state.occupied:
            return True
        ground = state.battlefield.ground(place)
        if ground.blocks_los:
            return True
        mass = hills.get(place)
        return mass is not None and not (hills.get(start) == mass == hills.get(end))

    return los.blocker(state.battlefield.board, start, end, obstructed)


@dataclass(frozen=True)
class BattleDice:
    """The battle dice of one attack: the unit's dice at that range, then every reduction,
    each with where it comes from."""

    modifiers: tuple[Modifier, ...]

    @property
    def count(self) -> int:
        return max(0, sum(m.value for m in self.modifiers))


def battle_dice(state: GameState, attacker: Piece, target: Piece) -> BattleDice:
    distance = attacker.place.distance(target.place)
    base = attacker.rules.kind.dice_at(distance)
    kind = attacker.rules.kind.name
    modifiers = [Modifier(f"{kind} at {distance} hex{'es' if distance > 1 else ''}", base, PAGE_RANGE)]
    mine = state.battlefield.ground(attacker.place)
    theirs = state.battlefield.ground(target.place)
    reduction, source = theirs.protection(attacker.type, mine.is_hill)
    if source is not None and reduction:
        page = PAGE_OBSTACLES if len(theirs.layers) > 1 else PAGE_TERRAIN
        modifiers.append(Modifier(f"target in {source.kind.name}", -reduction, page))
    handicap, own = mine.handicap(attacker.type)
    if own is not None and handicap:
        modifiers.append(Modifier(f"battling from {own.kind.name}", -handicap, PAGE_TERRAIN))
    return BattleDice(tuple(modifiers))


def targets(state: GameState, attacker: Piece) -> list[Piece]:
    """The enemies the unit may battle from where it stands: in range and, unless it is
    artillery, in sight; only adjacent ones when an enemy is adjacent (close assault)."""
    enemies = list(state.enemies(attacker.side))
    adjacent = [e for e in enemies if attacker.place.distance(e.place) == 1]
    if adjacent:
        return sorted(adjacent, key=lambda e: e.key)
    found = []
    for enemy in enemies:
        distance = attacker.place.distance(enemy.place)
        if distance > attacker.rules.kind.reach:
            continue
        if attacker.rules.needs_line_of_sight and sees(state, attacker.place, enemy.place) is not None:
            continue
        found.append(enemy)
    return sorted(found, key=lambda e: e.key)


@dataclass(frozen=True)
class Retreat:
    """Where a retreat ends, the flags ignored and the moves that could not be made."""

    end: Hex
    ignored: int
    blocked: int


def retreat(state: GameState, target: Piece, flags: int, choose: Callable[[tuple[Hex, ...], int], Hex]) -> Retreat:
    """Move the target back one hex per flag, each to the hex its side `choose`s among those
    it may retreat to (given with the flags still to play); French Resistance "may also
    retreat up to 3 hexes instead of the standard 1 on any retreat flag rolled" (M44 summary,
    Special Forces). Ground such as sandbags lets it ignore its first flag. Terrain does not
    slow a retreat, but impassable ground, the ocean, the board's edge and every other unit
    block it: each move not made costs a figure (M44 summary, "Retreats")."""
    ignored = min(flags, state.battlefield.ground(target.place).ignore_flags)
    blocked = 0
    for left in range(flags - ignored, 0, -1):
        options = fallbacks(state, target)
        if not options:
            blocked += 1
            continue
        state.move(target, choose(options, left))
    return Retreat(target.place, ignored, blocked)


def fallbacks(state: GameState, piece: Piece) -> tuple[Hex, ...]:
    """The hexes one retreat flag may move the piece to: one step back, then (up to its
    retreat hexes) further steps back, each onto a hex it may retreat to; nearest first."""
    found: list[Hex] = []
    frontier = [piece.place]
    for _ in range(piece.rules.retreat):
        edge = state.edge(piece.side)
        frontier = sorted(
            {h for at in frontier for h in state.battlefield.board.back(at, edge) if _free(state, piece, h)}
        )
        found.extend(frontier)
    return tuple(found)


def _free(state: GameState, piece: Piece, place: Hex) -> bool:
    if not state.battlefield.on_board(place) or place in state.occupied:
        return False
    ground = state.battlefield.ground(place)
    return not ground.impassable(piece.type) and not ground.no_retreat


def resolve(dice: Dice, count: int, target: Piece) -> Result:
    return roll(dice, count, target.type)


def pages(distance: int) -> str:
    return f"{PAGE_RANGE}; {PAGE_DICE}" if distance > 1 else f"{PAGE_BATTLE}; {PAGE_DICE}"
