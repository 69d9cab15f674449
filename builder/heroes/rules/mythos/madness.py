"""The Madness tokens (SoN p.11), applied when a unit draws one after a failed Terror check:

* Steady: the unit resists; the token is discarded;
* Suicide: the unit takes a hit at once (a heavy vehicle rolls its damage location);
* Fear: it retreats 4 spaces away from the Manifestation, flipping over if its hit side was
  up; unable to, or driven off the board, it is eliminated;
* Rage, Catatonia, Paranoia: left on the unit, which may receive no Order the next round; at
  the start of that round's Activation Phase an enraged unit moves up to 4 spaces towards
  the closest enemy and assaults it with +3 if it can (a vehicle, or a unit that cannot move,
  fires all its weapons at it with +3), a paranoid one fires at the closest unit, friend or
  foe (the friend when as close), and both then take an Activated marker; a catatonic unit
  does nothing until the end of that round's Supply Phase (hon gives it an Activated marker:
  it still defends itself in an assault, as any activated unit does);
* Hysteria: left on the unit: -1 to all its die throws until the end of the next round's
  Supply Phase (mythos/roll_modifiers.py).

hon's readings: Fear's 4 spaces are 4 steps each taking the unit farther from the
Manifestation, through free squares it may stand on, enemy zones of control ignored (it is not
a movement action, like an assault retreat); Rage's move is a Movement Action of 4 points."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from builder.heroes.catalogue.units import OnHit
from builder.heroes.rules.abilities.leaping import movement_reach
from builder.heroes.rules.actions import assault, firing, movement
from builder.heroes.rules.actions.kinds import AssaultAction, Fire
from builder.heroes.rules.events.game import MadnessEvent
from builder.heroes.rules.events.mythos import MadnessAct
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.geometry.path import allowance
from builder.heroes.rules.geometry.reach import assault_path
from builder.heroes.rules.geometry.squares import may_stand
from builder.heroes.rules.mythos.state import NO_ORDER, Afflicted, Madness
from builder.heroes.rules.pieces import STEPS, Piece, Square
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.combat import take_hit
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.state import GameState

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

FEAR_RETREAT = 4  # spaces (SoN p.11)
RAGE_MOVE = 4  # spaces (SoN p.11)


def may_take_order(state: GameState, piece: Piece) -> bool:
    """False for a unit whose Rage, Catatonia or Paranoia keeps it from receiving an Order
    token this round (drawn last round, SoN p.11)."""
    token = state.mythos.afflicted.get(piece.key)
    return token is None or token.madness not in NO_ORDER or token.turn >= state.turn


def closest(state: GameState, piece: Piece, candidates: Sequence[Piece]) -> list[Piece]:
    """The candidates nearest `piece`, by squares."""
    if not candidates:
        return []
    gaps = {c.key: range_between(piece.squares, c.squares) for c in candidates}
    near = min(gaps.values())
    return sorted((c for c in candidates if gaps[c.key] == near), key=lambda c: c.key)


def go_mad(turn: Turn, piece: Piece, madness: Madness, source: Piece) -> None:
    state = turn.state
    if madness is Madness.SUICIDE:
        effect, after, _ = take_hit(piece, turn.dice, state.ruleset)
        _tell(turn, piece, madness, MadnessAct.SUICIDE, effect=effect)
        hits.hurt(turn, piece, after, effect)
    elif madness is Madness.FEAR:
        _flee(turn, piece, source)
    elif madness is Madness.STEADY:
        _tell(turn, piece, madness, MadnessAct.STEADY)
    else:
        state.mythos.afflicted[piece.key] = Afflicted(madness, state.turn)
        _tell(turn, piece, madness, MadnessAct.KEEPS)


def madness_acts(turn: Turn) -> None:
    """The start of the Activation Phase: enraged and paranoid units act, catatonic ones
    freeze (SoN p.11), each with an Activated marker."""
    state = turn.state
    state.mythos.sweep(set(state.pieces))
    for key, token in sorted(state.mythos.afflicted.items()):
        piece = state.pieces.get(key)
        if piece is None or token.turn >= state.turn or token.madness not in NO_ORDER:
            continue
        if token.madness is Madness.RAGE:
            _rage(turn, piece)
        elif token.madness is Madness.PARANOIA:
            _paranoia(turn, piece)
        else:
            _tell(turn, piece, token.madness, MadnessAct.CATATONIC)
        after = state.pieces.get(key)
        if after is not None:
            state.pieces[key] = replace(after, activated=True)
        if token.madness is not Madness.CATATONIA:
            state.mythos.afflicted.pop(key, None)


def madness_passes(turn: Turn) -> None:
    """The end of the Supply Phase: Catatonia and Hysteria drawn last round are discarded."""
    state = turn.state
    for key, token in sorted(state.mythos.afflicted.items()):
        if token.turn < state.turn and token.madness in (Madness.CATATONIA, Madness.HYSTERIA):
            del state.mythos.afflicted[key]
            piece = state.pieces.get(key)
            if piece is not None:
                _tell(turn, piece, token.madness, MadnessAct.RECOVERS)


def _rage(turn: Turn, piece: Piece) -> None:
    state = turn.state
    enemies = closest(state, piece, state.enemies_of(piece.owner))
    if not enemies:
        return
    target = enemies[0]
    points = allowance(piece)
    if piece.side.has("assault") and points:
        path = assault_path(state.battlefield, state.pieces.values(), piece, target, state.ruleset)
        if path is not None and path.cost <= RAGE_MOVE:
            _tell(turn, piece, Madness.RAGE, MadnessAct.RAGE_CHARGE, target=target.key)
            assault.assault(turn, piece, AssaultAction(path, target.key))
            return
    if not piece.is_vehicle and points:
        paths = movement_reach(state, piece, points=RAGE_MOVE)
        best = min(
            paths,
            key=lambda p: (range_between(p.squares, target.squares), paths.cost(p), p.squares),
            default=None,
        )
        if best is not None and range_between(best.squares, target.squares) < range_between(
            piece.squares, target.squares
        ):
            _tell(turn, piece, Madness.RAGE, MadnessAct.RAGE_RUSH, target=target.key)
            movement.move(turn, piece, paths[best])
            return
    _tell(turn, piece, Madness.RAGE, MadnessAct.RAGE_FIRE, target=target.key)
    _fire_at(turn, piece, target)


def _paranoia(turn: Turn, piece: Piece) -> None:
    state = turn.state
    others = [p for p in state.units() if p.key != piece.key and p.embarked_in is None]
    near = closest(state, piece, others)
    near.sort(key=lambda p: (p.owner != piece.owner, p.key))  # an ally first when as close
    if not near:
        return
    target = near[0]
    _tell(turn, piece, Madness.PARANOIA, MadnessAct.PANIC_FIRE, target=target.key)
    _fire_at(turn, piece, target)


def _fire_at(turn: Turn, piece: Piece, target: Piece) -> None:
    """All the unit's weapons that may fire at `target`."""
    shots = firing.shots_at(turn.state, piece, target, firing.weapons_of(piece))
    weapons = tuple(
        (w, target.key) for w, shot in zip(firing.weapons_of(piece), shots, strict=True) if shot is not None
    )
    if weapons:
        firing.fire(turn, piece, Fire(weapons))


def _flee(turn: Turn, piece: Piece, source: Piece) -> None:
    state = turn.state
    squares: tuple[Square, ...] = piece.squares
    for _ in range(FEAR_RETREAT):
        gap = range_between(squares, source.squares)
        steps = []
        for dx, dy in STEPS.values():
            moved = tuple((c + dx, r + dy) for c, r in squares)
            farther = range_between(moved, source.squares)
            if farther > gap and may_stand(state, piece, moved, frozenset({piece.key})):
                steps.append((-farther, moved))
        if not steps:
            break
        squares = min(steps)[1]
    if range_between(squares, source.squares) - range_between(piece.squares, source.squares) < FEAR_RETREAT:
        _tell(turn, piece, Madness.FEAR, MadnessAct.CANNOT_FLEE)
        hits.hurt(turn, piece, None, Effect.DESTROYED, hit=False)
        return
    fled = piece.moved(squares)
    flipped = piece.side.on_hit is OnHit.FLIP
    if flipped:
        fled = replace(fled, side_index=1 - piece.side_index)
    turn.state.pieces[piece.key] = fled
    _tell(turn, piece, Madness.FEAR, MadnessAct.FLEES, target=source.key, to=squares, flipped=flipped)


def _tell(turn: Turn, piece: Piece, madness: Madness, act: MadnessAct, **facts: Any) -> None:
    """The event of what `madness` made `piece` do, and its facts (MadnessEvent's fields)."""
    turn.add(
        MadnessEvent(
            turn=turn.state.turn,
            phase=turn.phase,
            side=piece.owner,
            unit=piece.key,
            madness=madness.value,
            act=act,
            page=turn.state.ruleset.cite("terror-checks"),
            **facts,
        )
    )
