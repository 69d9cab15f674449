"""What Shadows over Normandie's Mythos rules add to a shot's or an assault's roll, worked
out where the shot or the assault is built (actions.firing.shots_at, actions.assault) so that the dice,
the narration and the policy's odds all see them:

* Mythos Hunter X: +X to every die throw in an interaction with a Mythos Manifestation, a
  shot or an assault, attacking or defending (SoN p.18); an Enchant Unit marker gives 2, then 1
  (p.15);
* Rage: +3 to the enraged unit's assault or shots (SoN p.11);
* Hysteria: -1 to all of the unit's die throws (SoN p.11);
* Rust: -1 to a vehicle's defense value per marker (SoN p.15)."""

from __future__ import annotations

from builder.heroes.rules.mythos.state import Madness, manifestation, mythos_hunter
from builder.heroes.rules.pieces import Piece
from builder.heroes.rules.state import GameState
from builder.kernel.events import Modifier

RAGE_BONUS = 3  # SoN p.11
HYSTERIA_PENALTY = 1  # SoN p.11
RUST = "son-rust"
PARALYZE = "son-paralyze"


def roll_modifiers(state: GameState, roller: Piece, other: Piece) -> tuple[Modifier, ...]:
    """What the Mythos rules add to a die throw `roller` makes against `other`, on the final
    result (a bonus "to all die throws", never doubled by Suppressive Fire)."""
    mythos = state.mythos
    if not mythos.afflicted and not mythos.on_units and not _mythos_around(roller, other):
        return ()
    cite = state.ruleset.cite
    found: tuple[Modifier, ...] = ()
    if manifestation(other) is not None:
        hunter = mythos_hunter(mythos, roller)
        if hunter:
            found += (Modifier(f"Mythos Hunter {hunter}", hunter, cite("mythos-hunter")),)
    token = mythos.afflicted.get(roller.key)
    if token is not None and token.madness is Madness.HYSTERIA:
        found += (Modifier("Hysteria", -HYSTERIA_PENALTY, cite("terror-checks")),)
    if token is not None and token.madness is Madness.RAGE and token.turn < state.turn:
        found += (Modifier("Rage", RAGE_BONUS, cite("terror-checks")),)
    return found


def defense_modifiers(state: GameState, target: Piece) -> tuple[Modifier, ...]:
    """Rust markers on a vehicle: -1 each to its defense value (SoN p.15)."""
    rust = len(state.mythos.markers_on(target.key, RUST))
    if not rust:
        return ()
    return (Modifier(f"Rust x{rust}", -rust, state.ruleset.cite("spells")),)


def paralyzed(state: GameState, piece: Piece) -> bool:
    """A Paralyze marker on the unit: it cannot move or fight (SoN p.15)."""
    return bool(state.mythos.on_units) and bool(state.mythos.markers_on(piece.key, PARALYZE))


def _mythos_around(roller: Piece, other: Piece) -> bool:
    return manifestation(other) is not None and roller.side.has("mythos-hunter")
