"""Medic (SoN p.18): a Medic turned over to its active side during a movement (a zero move
included) may put its Aid marker on a friendly infantry unit that has just taken a hit,
anywhere on the battlefield: the unit ignores the damage, takes a Suppressed marker, cannot
move and keeps that marker while the Aid is on it; another hit is applied. One Aid marker
per Medic. The Medic removes it when adjacent to the unit, active side up and not activated
this round (no Order token, no Activated marker): hon plays that in the Supply Phase, instead
of its move, the one moment an unactivated unit acts; the Medic then turns back to its
inactive side, and the treated unit discards its Suppressed marker from the next Supply Phase.

With its marker out, the Medic may move it to another infantry unit that just took a hit; the
unit that lost it suffers the damage it avoided (a hit). hon's readings: a hit is any damage
from a shot, an assault, a spell or Suicide, one that eliminates included ("ignore the damage
taken"), not a unit destroyed for want of a square to go to; the policy always gives the
marker, and moves it when the new hit is worse (it eliminates) or the unit worth more; a
Medic's marker goes with the Medic, or the unit, when either is eliminated."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.catalogue.units import SideState
from builder.heroes.rules.abilities.ability import Ability, Source
from builder.heroes.rules.decisions import AidTransfer
from builder.heroes.rules.errors import Code, Refusal
from builder.heroes.rules.events.game import AidEvent, Phase
from builder.heroes.rules.geometry.grid import range_between
from builder.heroes.rules.mythos.state import Treat
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution import hits
from builder.heroes.rules.resolution.combat import IllegalAttack, name, refusal, take_hit
from builder.heroes.rules.resolution.damage import Effect
from builder.heroes.rules.resolution.spotting import turned_over
from builder.heroes.rules.state import GameState
from builder.kernel.decisions import YES_NO

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn

MEDIC = "medic"


class Medic(Ability):
    id = MEDIC
    name = "Medic"
    page = "SoN p.18"
    source = Source.COUNTER

    def takes_hit(self, turn: Turn, before: Piece, after: Piece | None, effect: Effect, assault: bool) -> bool:
        return aided(turn, before, after, effect)


def ready_medic(state: GameState, side: str, patient: Piece) -> Piece | None:
    """The first of the side's Medics, active side up, with its Aid marker at hand."""
    for piece in sorted(state.units(side), key=lambda p: p.key):
        if (
            piece.side.has(MEDIC)
            and piece.side.state is SideState.ACTIVE
            and piece.key not in state.mythos.aid
            and piece.key != patient.key
        ):
            return piece
    return None


def patient_of(state: GameState, medic: Piece) -> Piece | None:
    key = state.mythos.aid.get(medic.key)
    return state.pieces.get(key) if key is not None else None


def may_treat(state: GameState, medic: Piece) -> bool:
    patient = patient_of(state, medic)
    return (
        patient is not None
        and medic.side.state is SideState.ACTIVE
        and not medic.activated
        and range_between(medic.squares, patient.squares) == 1
    )


def aided(turn: Turn, before: Piece, after: Piece | None, effect: Effect) -> bool:
    """Whether a Medic's Aid marker takes the hit `before` just took (then it is done):
    a Medic with its marker at hand gives it, else one may move its marker here."""
    state = turn.state
    if effect not in (Effect.FLIPPED, Effect.DESTROYED) or not before.is_infantry:
        return False
    destroyed = effect is Effect.DESTROYED
    medic = ready_medic(state, before.owner, before)
    moved_from: Piece | None = None
    if medic is None:
        medic, moved_from = _transfer(turn, before, destroyed)
        if medic is None:
            return False
    state.mythos.aid[medic.key] = before.key
    state.mythos.avoided[medic.key] = destroyed
    state.pieces[before.key] = replace(before, suppressed=before.suppressed + 1)
    turn.add(
        AidEvent(
            turn=state.turn,
            phase=turn.phase,
            side=before.owner,
            medic=medic.key,
            unit=before.key,
            moved_from=moved_from.key if moved_from is not None else None,
            page=state.ruleset.cite("medic"),
        )
    )
    if moved_from is not None:
        _suffer(turn, moved_from)
    return True


def _transfer(turn: Turn, hit: Piece, destroyed: bool) -> tuple[Piece | None, Piece | None]:
    """A Medic whose marker is out, and its patient, when the side moves the marker to `hit`."""
    state = turn.state
    for medic_key, patient_key in sorted(state.mythos.aid.items()):
        medic, patient = state.pieces.get(medic_key), state.pieces.get(patient_key)
        if medic is None or patient is None or patient.key == hit.key or not turn.asking:
            continue
        if medic.owner != hit.owner or medic.side.state is not SideState.ACTIVE:
            continue  # a Medic aids its own side only
        transfer = AidTransfer(
            side=hit.owner, options=YES_NO, medic=medic, patient=patient, hit=hit, destroyed=destroyed
        )
        if turn.ask(transfer):
            del state.mythos.aid[medic_key]
            return medic, patient
    return None, None


def _suffer(turn: Turn, patient: Piece) -> None:
    """The unit that lost the Aid marker suffers the hit it avoided (SoN p.18)."""
    effect, after, _ = take_hit(patient, turn.dice, turn.state.ruleset)
    hits.hurt(turn, patient, after, effect, hit=False)


def treatments(state: GameState, medic: Piece) -> Iterator[Treat]:
    """A Medic taking back its Aid marker from the unit next to it, when it may (SoN p.18):
    the Supply Phase's, the caller knows the phase."""
    if may_treat(state, medic):
        yield Treat()


def treat_refusal(state: GameState, medic: Piece, action: Treat) -> Refusal | None:
    """Why the Medic may not treat now (`check_treat`), or None."""
    return refusal(lambda: check_treat(state, medic, Phase.SUPPLY))


def check_treat(state: GameState, medic: Piece, phase: Phase) -> None:
    """IllegalAttack when the Medic may not take back its Aid marker: in the Supply Phase,
    as `may_treat` allows."""
    if phase != Phase.SUPPLY or not may_treat(state, medic):
        raise IllegalAttack(
            Code.MAY_NOT_TREAT,
            f"{name(medic)} may not remove its Aid marker: it must be active, adjacent and not activated",
            state.ruleset.cite("medic"),
        )


def treat(turn: Turn, medic: Piece, action: Treat) -> None:
    state = turn.state
    check_treat(state, medic, turn.phase)
    patient_key = state.mythos.aid.pop(medic.key)
    state.mythos.treated.add(patient_key)
    state.pieces[medic.key] = turned_over(medic)
    turn.add(
        AidEvent(
            turn=state.turn,
            phase=turn.phase,
            side=medic.owner,
            medic=medic.key,
            removed=True,
            unit=patient_key,
            page=state.ruleset.cite("medic"),
        )
    )
