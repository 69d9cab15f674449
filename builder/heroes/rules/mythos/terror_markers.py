"""Markers of Shadows over Normandie's options that bear on Terror (SoN p.14, p.16):

* Elder Sign: each marker gives Mythos Hunter 2 to a unit of the tile holding the option, or
  adjacent to one of its units, announced before the die is thrown; discarded after use.
  hon plays them on Terror checks, shots at a Manifestation and assaults with one, the side's
  policy choosing how many (`elder_signs`);
* Amulet of Dagon: played at any time, each forces a unit with at least one Suppressed marker
  to make a Terror check against the marker's value; discarded after use. hon offers them
  to every side at the Supply Phase's Terror check step, after the checks the Manifestations
  call for, and in the Activation Phase each time a unit has acted (a unit it just suppressed
  may be forced at once), the side's policy choosing the units (`amulets`). The marker's value is not printed:
  AMULET_TERROR is hon's example. A unit it drives to Fear flees from the closest enemy."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.rules.decisions import AmuletsOfDagon, ElderSigns
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.mythos import terror
from builder.heroes.rules.mythos.state import manifestation
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.assault_roll import Assault, engage
from builder.heroes.rules.resolution.combat import IllegalAttack, Shot, aim
from builder.heroes.rules.state import GameState, GearPool
from builder.kernel.decisions import Selections
from builder.kernel.events import Modifier

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

ELDER_SIGN, AMULET = "son-elder-sign", "son-amulet-of-dagon"
ELDER_SIGN_HUNTER = 2  # Mythos Hunter per Elder Sign (SoN p.14)
AMULET_TERROR = 3  # the Amulet of Dagon marker's value: not printed, hon's example


def sign_pool(state: GameState, piece: Piece) -> GearPool | None:
    """The Elder Signs the unit has access to: its tile's, or a tile of a unit next to it."""
    for pool in state.gear:
        if pool.marker != ELDER_SIGN or pool.count <= 0 or pool.side != piece.owner:
            continue
        if pool.group is None or piece.group == pool.group:
            return pool
        near = [p for p in state.units(piece.owner) if p.group == pool.group]
        if any(range_between(p.squares, piece.squares) == 1 for p in near):
            return pool
    return None


def amulet_pool(state: GameState, side: str) -> GearPool | None:
    return next((g for g in state.gear if g.marker == AMULET and g.count > 0 and g.side == side), None)


def elder_signs(turn: Turn, piece: Piece, terror_value: int) -> tuple[Modifier, ...]:
    """Elder Signs played on a Terror check against `terror_value`."""
    return _signs(turn, piece, terror_value - terror.terror_roll(turn.state, piece, 4, terror_value).total)


def signed_shot(turn: Turn, shot: Shot) -> Shot:
    """Elder Signs played on a shot at a Manifestation (SoN p.14): on the final result."""
    if shot.firer is None or manifestation(shot.target) is None:
        return shot
    plan = aim(shot, turn.state.ruleset)
    signs = _signs(turn, shot.firer, plan.defense - 4 - sum(m.value for m in plan.modifiers))
    return replace(shot, penalties=shot.penalties + signs) if signs else shot


def signed_assault(turn: Turn, assault: Assault) -> Assault:
    """Elder Signs played by either side of an assault with a Manifestation (SoN p.14),
    weighed against the other side's throw of 4."""
    if manifestation(assault.defender) is None and manifestation(assault.attacker) is None:
        return assault
    try:
        plan = engage(assault, turn.state.ruleset)
    except IllegalAttack:
        return assault
    attack, defence = sum(m.value for m in plan.attack), sum(m.value for m in plan.defence)
    if manifestation(assault.defender) is not None:
        signs = _signs(turn, assault.attacker, defence - attack + 1)
        assault = replace(assault, attacker_bonuses=assault.attacker_bonuses + signs)
    if manifestation(assault.attacker) is not None and not plan.automatic:
        signs = _signs(turn, plan.defender, attack - defence)
        assault = replace(assault, defender_bonuses=assault.defender_bonuses + signs)
    return assault


def _signs(turn: Turn, piece: Piece, short: int) -> tuple[Modifier, ...]:
    pool = sign_pool(turn.state, piece)
    if pool is None or not turn.asking or short <= 0:
        return ()
    asked = ElderSigns(side=piece.owner, options=tuple(range(pool.count + 1)), unit=piece, short=short, held=pool.count)
    played = turn.ask(asked)
    if played <= 0:
        return ()
    turn.state.spend(pool, played)
    bonus = ELDER_SIGN_HUNTER * played
    return (Modifier(f"Elder Sign x{played}", bonus, turn.state.ruleset.cite("mythos-hunter")),)


def amulets_of_dagon(turn: Turn) -> None:
    state = turn.state
    for side in state.initiative_order():
        pool = amulet_pool(state, side)
        if pool is None or not turn.asking:
            continue
        # An enemy unit with Suppressed markers may be forced to a check (SoN p.16).
        targets = tuple(sorted(p.key for p in state.enemies_of(side) if p.suppressed))
        for key in turn.ask(AmuletsOfDagon(side=side, options=Selections(targets, pool.count), held=pool.count)):
            target = state.pieces.get(key)
            if target is None or not target.suppressed:
                continue  # destroyed or rallied by the check before
            enemies = sorted(
                state.enemies_of(target.owner), key=lambda p: (range_between(p.squares, target.squares), p.key)
            )
            state.spend(pool)
            terror.terror_check(turn, target, enemies[0] if enemies else target, AMULET_TERROR, amulet=True)
