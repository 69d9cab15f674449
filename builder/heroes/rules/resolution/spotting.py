"""Spotting concealed units and turning counters over (HoN core p.21; SoN p.17).

A concealed unit (an Ambush unit Active Side up) is spotted by an enemy unit with a clear line
of sight to it; standing in a Terrain Element (a wreck counts as one, p.19) it is spotted
only from within `Ruleset.spot_in_terrain` squares too (2 in HoN, 1 at night or in fog in
SoN), and in the open at night or in fog within `spot_in_open` (SoN p.11); on a ford nobody
hides (SoN p.13). Heavy vehicles never spot; two concealed units may spot each other. Spotted, it turns
over onto its Inactive Side. The conditions are checked for every square the concealed unit
moves into and at the end of any other unit's Movement Action (the turn engine calls
`spotter` at those moments, `builder.heroes.rules.actions.changes_of_state`)."""

from __future__ import annotations

from dataclasses import replace

from builder.heroes.catalogue.units import SideState, UnitType
from builder.heroes.rules.errors import Code, RulesError
from builder.heroes.rules.geometry.los import line_of_sight
from builder.heroes.rules.geometry.sightmap import Occupancy
from builder.heroes.rules.pieces import CONCEALED_MARKER, Piece, Square
from builder.heroes.rules.state import GameState


def side_index(piece: Piece, state: SideState) -> int | None:
    """The index of the piece's side showing `state`, if it has one."""
    return next((i for i, side in enumerate(piece.unit.sides) if side.state is state), None)


# The changes of state a unit makes of its own will (HoN core p.21, 6.1): Crew is activated by
# boarding a vehicle, which hon does not play.
STATE_ABILITIES = ("tripod", "ambush", "amphibious-ambush", "medic")
AMBUSHES = ("ambush", "amphibious-ambush")  # SoN p.17: Amphibious Ambush works like Ambush


def ambushes(piece: Piece) -> bool:
    return any(piece.side.has(ability) for ability in AMBUSHES)


def may_conceal_here(state: GameState, piece: Piece) -> bool:
    """Amphibious Ambush: "a unit with this ability can only ambush in water spaces" (SoN p.17)."""
    if not piece.side.has("amphibious-ambush") and not turned_over(piece).side.has("amphibious-ambush"):
        return True
    return all(state.battlefield.effects_at(sq).water for sq in piece.squares)


def may_change_state(piece: Piece) -> bool:
    """A counter with an Active and an Inactive Side (HoN core p.4) whose visible side shows
    Tripod or Ambush: "a unit can only use the special abilities on its currently visible
    side", so one printing it on one side only changes once (p.21). Not while embarked."""
    states = {side.state for side in piece.unit.sides}
    if states != {SideState.ACTIVE, SideState.INACTIVE} or piece.embarked_in is not None or not piece.squares:
        return False
    return any(piece.side.has(ability) for ability in STATE_ABILITIES)


def turned_over(piece: Piece) -> Piece:
    """The piece with its other side up (Active <-> Inactive)."""
    wanted = SideState.INACTIVE if piece.side.state is SideState.ACTIVE else SideState.ACTIVE
    index = side_index(piece, wanted)
    if index is None:
        raise RulesError(Code.NO_SUCH_SIDE, f"{piece.key} has no {wanted.value} side")
    return replace(piece, side_index=index)


def inactive(piece: Piece) -> Piece:
    """The piece Inactive Side up: a spotted unit, a Forced Move (HoN core p.9, p.21); a unit
    under a Concealed marker gets its counter back (p.30)."""
    if CONCEALED_MARKER in piece.extra:
        return piece.revealed()
    if piece.side.state is not SideState.ACTIVE:
        return piece
    index = side_index(piece, SideState.INACTIVE)
    return piece if index is None else replace(piece, side_index=index)


def in_terrain(state: GameState, squares: tuple[Square, ...]) -> bool:
    """Whether a counter on `squares` stands in a Terrain Element, a wreck included."""
    at = state.battlefield.element_at
    if any(sq in at for sq in squares):
        return True
    return any(p.is_wreck and not set(p.squares).isdisjoint(squares) for p in state.pieces.values())


def no_hiding(state: GameState, squares: tuple[Square, ...]) -> bool:
    """Whether a counter on `squares` stands where no unit can hide (a ford, SoN p.13)."""
    at = state.battlefield.element_at
    return any(element.effects.no_hiding for sq in squares if (element := at.get(sq)) is not None)


def _gap(a: tuple[Square, ...], b: tuple[Square, ...]) -> int:
    return min(max(abs(x[0] - y[0]), abs(x[1] - y[1])) for x in a for y in b)


def spotter(
    state: GameState, hidden: Piece, occupancy: Occupancy | None = None, among: list[Piece] | None = None
) -> Piece | None:
    """The first enemy unit (by key, or of `among`) that spots the concealed `hidden` where
    it stands, or None: a clear LoS, and within `spot_in_terrain` squares when it is in a
    Terrain Element, within `spot_in_open` out of one at night or in fog (SoN p.11)."""
    if not hidden.concealed or not hidden.squares or hidden.embarked_in is not None:
        return None
    ruleset = state.ruleset
    reach = ruleset.spot_in_terrain if in_terrain(state, hidden.squares) else ruleset.spot_in_open
    if hidden.side.has("amphibious-ambush"):
        reach = 1  # "you must be in an adjacent space" (SoN p.17)
    exposed = no_hiding(state, hidden.squares)  # a ford: no unit hides there (SoN p.13)
    seen = occupancy if occupancy is not None else Occupancy(p for p in state.pieces.values() if p.key != hidden.key)
    for other in sorted(state.units() if among is None else among, key=lambda p: p.key):
        if other.allegiance == hidden.allegiance or not other.squares:  # riders see from their vehicle (p.27)
            continue
        if other.type is UnitType.HEAVY_VEHICLE:  # "Heavy Vehicles cannot spot concealed units"
            continue
        if exposed:
            return other
        if reach is not None and _gap(other.squares, hidden.squares) > reach:
            continue
        if line_of_sight(state.battlefield, seen, other, hidden, state.ruleset).clear:
            return other
    return None


def could_be_spotted(state: GameState, piece: Piece) -> bool:
    """Whether `piece`, turned concealed where it stands, would be spotted at once."""
    hidden = piece if piece.concealed else turned_over(piece)
    return spotter(state, hidden) is not None


def seen_clearly(state: GameState, piece: Piece, occupancy: Occupancy | None = None) -> list[Piece]:
    """The concealed enemy units `piece` has a clear LoS to, by key: those an Ambush Spotter
    activated by an order token may reveal (BfC p.08), with no reach in a Terrain Element
    and whatever its type, unlike spotting (HoN core p.21)."""
    if not piece.squares or piece.embarked_in is not None:
        return []
    seen = occupancy if occupancy is not None else Occupancy(state.pieces.values())
    return [
        enemy
        for enemy in sorted(state.enemies_of(piece.owner), key=lambda p: p.key)
        if enemy.concealed
        and enemy.squares
        and enemy.embarked_in is None
        and line_of_sight(state.battlefield, seen, piece, enemy, state.ruleset).clear
    ]
