"""Terror checks (SoN p.11, p.18): in the Supply Phase, after the bluffs are discarded and
before the units move (p.10), every unit with at least one Suppressed marker that sees a
Mythos Manifestation (a clear or obscured line of sight) rolls a die, less 2 per Suppressed
marker, plus its Mythos Hunter bonus; below the Manifestation's value it draws a Madness
token (mythos/madness.py applies it) and discards all its Suppressed markers.

Who checks: not a Mythos Manifestation itself (they "are not affected by Terror"), not a unit
with Faith (p.17), and against the highest Manifestation it sees; a value of 0 instils no
terror. hon's readings, where the book is silent: only the enemy's Manifestations terrify (the
book names no side, but a Black Sun army of Revenants and an Overlord would otherwise go mad
at the sight of itself, and the Deep Ones' Amulet of Dagon and Poisoned Blade exist to force
checks on their enemies); a concealed one is not seen; units carried in a vehicle see
nothing; p.18's "whether it's during the Activation or Supply Phase" is read as the moment
of p.10-11's Supply Phase step, the one time the book says checks are made."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from builder.heroes.rules.events.game import TerrorEvent
from builder.heroes.rules.events.mythos import TerrorCause
from builder.heroes.rules.gear import veteran
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.mythos import madness, terror_markers
from builder.heroes.rules.mythos.bags import draw_madness
from builder.heroes.rules.mythos.roll_modifiers import HYSTERIA_PENALTY
from builder.heroes.rules.mythos.state import Madness, has_faith, manifestation, mythos_hunter
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.resolution.combat import SUPPRESSED_PENALTY
from builder.heroes.rules.resolution.damage import roll_faces
from builder.heroes.rules.state import GameState
from builder.kernel.events import Modifier, Roll

if TYPE_CHECKING:
    from builder.heroes.rules.turn_context import Turn


def must_check(piece: Piece) -> bool:
    """A unit that may have to resist the Terror: Suppressed, not a Manifestation, no Faith."""
    return (
        piece.suppressed > 0
        and not piece.is_wreck
        and piece.embarked_in is None
        and manifestation(piece) is None
        and not has_faith(piece)
    )


def terrifying_sight(state: GameState, piece: Piece, occupancy: Occupancy) -> tuple[Piece, int] | None:
    """The Manifestation with the highest value the unit sees, and that value; None when it
    sees none that instils terror."""
    candidates = sorted(
        (-(manifestation(other) or 0), other.key, other)
        for other in state.enemies_of(piece.owner)
        if manifestation(other) and other.key != piece.key and not other.concealed and other.embarked_in is None
    )
    for value, _, other in candidates:
        if not line_of_sight(state.battlefield, occupancy, piece, other, state.ruleset).blocked:
            return other, -value
    return None


def terror_roll(state: GameState, piece: Piece, face: int, terror: int, extra: tuple[Modifier, ...] = ()) -> Roll:
    """The check: one die, -2 per Suppressed marker, + Mythos Hunter, - Hysteria (SoN p.11, p.18)."""
    cite = state.ruleset.cite
    modifiers: tuple[Modifier, ...] = ()
    if piece.suppressed:
        modifiers += (
            Modifier(f"Suppressed x{piece.suppressed}", -SUPPRESSED_PENALTY * piece.suppressed, cite("terror-checks")),
        )
    hunter = mythos_hunter(state.mythos, piece)
    if hunter:
        modifiers += (Modifier(f"Mythos Hunter {hunter}", hunter, cite("mythos-hunter")),)
    token = state.mythos.afflicted.get(piece.key)
    if token is not None and token.madness is Madness.HYSTERIA:
        modifiers += (Modifier("Hysteria", -HYSTERIA_PENALTY, cite("terror-checks")),)
    modifiers += extra
    total = face + sum(m.value for m in modifiers)
    return Roll(f"terror (needs {terror})", (face,), face, modifiers, total, cite("terror-checks"))


def terror_checks(turn: Turn) -> None:
    state = turn.state
    state.mythos.sweep(set(state.pieces))
    occupancy: Occupancy | None = None
    for side in state.initiative_order():
        for piece in sorted((p for p in state.units(side) if must_check(p)), key=lambda p: p.key):
            current = state.pieces.get(piece.key)
            if current is None or not must_check(current):
                continue
            occupancy = occupancy or Occupancy(state.pieces.values())
            seen = terrifying_sight(state, current, occupancy)
            if seen is not None:
                terror_check(turn, current, *seen)
                occupancy = None  # a unit may have fled or fallen
    terror_markers.amulets_of_dagon(turn)


def terror_check(turn: Turn, piece: Piece, source: Piece, terror: int, amulet: bool = False) -> None:
    """One Terror check against `source`'s value `terror` (an Amulet of Dagon's, `source`
    then the closest enemy), and its Madness if it fails."""
    state, cite = turn.state, turn.state.ruleset.cite

    def resists(faces: tuple[int, ...]) -> float:
        return 1.0 if terror_roll(state, piece, faces[0], terror).total >= terror else 0.0

    # Veteran tokens (SoN p.16): the unit's side on a failure, the source's on a success.
    face = roll_faces(turn.dice, 1, veteran.veteran_rolls(turn, piece, source), "terror", resists, source)[0]
    roll = terror_roll(state, piece, face, terror, terror_markers.elder_signs(turn, piece, terror))
    resisted = roll.total >= terror
    drawn = None if resisted else draw_madness(state.mythos, turn.dice)
    turn.add(
        TerrorEvent(
            turn=state.turn,
            phase=turn.phase,
            side=piece.owner,
            rolls=(roll,),
            unit=piece.key,
            manifestation=source.key,
            terror=terror,
            resisted=resisted or drawn is None,
            madness=drawn.value if drawn is not None else None,
            cause=TerrorCause.AMULET if amulet else TerrorCause.MANIFESTATION,
            page=cite("terror-checks"),
            cause_page=cite("equipment") if amulet else cite("mythos-manifestation"),
            bag_empty=not resisted and drawn is None,
        )
    )
    if drawn is not None:
        state.pieces[piece.key] = replace(piece, suppressed=0)
        madness.go_mad(turn, state.pieces[piece.key], drawn, source)
